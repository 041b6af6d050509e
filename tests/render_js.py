"""The page's panels renderer (playground/page/render.js) and the lesson's JavaScript twins (display.js, loss.js,
lecture.js) called from Python tests: one Node process for the test session (tests/render_js.mjs), a JSON line
each way. panel_html() is what a panel's HTML is on the page; it skips the test without Node, as the other
Node tests do (CI fails instead)."""

from __future__ import annotations

import json
import re
import subprocess
from functools import cache

from browser import require_node
from conftest import ROOT

from playground.page.panel_data import panel_data

_sent_data: list[dict] = []  # the panel data the process holds, compared with panel_data() before each panel


@cache
def _node() -> subprocess.Popen:
    return subprocess.Popen(["node", str(ROOT / "tests/render_js.mjs")], cwd=ROOT, stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, text=True, encoding="utf-8", bufsize=1)


def stop() -> None:
    """End the Node process, if one was started (conftest's session teardown calls this)."""
    if _node.cache_info().currsize:
        process = _node()
        process.stdin.close()
        process.wait(timeout=10)
        _node.cache_clear()
        _sent_data.clear()


def _ask(job: dict):
    require_node(installed=False)  # render.js needs no npm package
    process = _node()
    process.stdin.write(json.dumps(job) + "\n")  # ASCII: a lone surrogate goes as its \\u escape
    answer = json.loads(process.stdout.readline())
    if "error" in answer:
        raise RuntimeError(f"render.js: {answer['error']}")
    return answer["value"]


def _send_panel_data() -> None:
    data = panel_data()
    if _sent_data != [data]:
        _ask({"data": data})
        _sent_data[:] = [data]


def call(name: str, *args):
    """A function by its name in tests/render_js.mjs's CALLS: batch_view.js's batchHtml, batch.js's batchOf,
    render.js's tokenTip, chatPanelHtml and chatAnswerHtml (through chat_panel_html, chat_answer_html), the twins showWhitespace, invisibleMark, rightToLeft, tokenLabel,
    indentationTokenCount, segments (as [start, end, its token count]), textLoss (the Loss's fields and words, or
    None), nfd, lower (each character of a string lowercased alone); each(name, [args, ...]) for a batch,
    perChar(name, text) for each character of text alone."""
    return _ask({"call": name, "args": list(args)})


def panel_parts(result: dict, text: str, show_ids: bool = False, mark_whitespace: bool = True) -> tuple[str, list[str], str]:
    """render.js's panelParts(result, text, {showIds, markWhitespace}) as (before, tokens, after), drawn with the
    panel data of this process's tokenizers (panel_data(): a test may register one)."""
    _send_panel_data()
    before, tokens, after = call("panel", result, text, show_ids, mark_whitespace)
    return before, tokens, after


def panel_html(result: dict, text: str, show_ids: bool = False, mark_whitespace: bool = True) -> str:
    """One tokenizer's panel as the page draws it."""
    before, tokens, after = panel_parts(result, text, show_ids, mark_whitespace)
    return before + "".join(tokens) + after


def stats_html(result: dict, text: str) -> str:
    """The counts under a panel's title: its <div class="stats">, which holds no other div."""
    return re.search(r'<div class="stats">.*?</div>', panel_parts(result, text)[0], re.S).group()


def token_tip(tokenizer: str, token: dict, label: str | None = None) -> str:
    """A token's hover card (its block's data-tip, unescaped), its label as the panel draws it."""
    _send_panel_data()
    return call("tokenTip", tokenizer, token, label)


def batch_html(ids: list[int], b, t, seed) -> str:
    """The lesson's batch section as the page draws it (batch_view.js) from a text's GPT-2 ids."""
    _send_panel_data()
    return call("batchHtml", ids, b, t, seed)


def chat_panel_html(entry: dict) -> str:
    """One Chat panel as the page draws it (render.js's chatPanelHtml) from /playground/chat's entry for a tokenizer:
    playground.chat()'s result, or {"tokenizer", "label", "refusal"}."""
    _send_panel_data()
    return call("chatPanelHtml", entry)


def chat_answer_html(entries: list[dict]) -> str:
    """The Chat example's answer as the page draws it (render.js's chatAnswerHtml)."""
    _send_panel_data()
    return call("chatAnswerHtml", entries)
