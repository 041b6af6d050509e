"""The Chat view's HTML: each panel a conversation in its model's chat format (playground.chat), the format's
structure tokens drawn apart from the messages' content, and the example's answer read off the tokens."""

from __future__ import annotations

from html import escape

from playground.lesson.display import token_label
from playground.page.colors import token_colors
from playground.tokenizers.chat import chat

MAX_DRAWN_TOKENS = 2_000  # a panel draws at most this many tokens; the counts are for all of them


def source_line(result: dict) -> str:
    """Where the format comes from (template file, sha256 and renderer, or library), said when its line under the
    panel's title is opened."""
    src = result["source"]
    if src["kind"] == "template":
        return f"template {src['file']} (sha256 {src['sha256'][:12]}…), rendered by {src['renderer']}"
    if src["kind"] == "library":
        return src["library"]
    return f"{src['kind']}: {src.get('note', '')}".rstrip(": ")


def token_span(result: dict, token: dict) -> str:
    label = token_label(token)
    breaks = "<br>" * label.count("\n") if label.endswith("\n") else ""
    label = label.replace("\n", "")
    tip = f"id {token['id']}\npiece {token['piece']}\n" + (
        "structure: the format's own token" if token["structure"] else f"content of message {token['message'] + 1}")
    if token["structure"]:
        return (f'<span class="ctok structure" data-id="{token["id"]}" data-tip="{escape(tip)}">'
                f"{escape(label)}</span>{breaks}")
    light, dark = token_colors(result["tokenizer"], token["id"])
    width = max(1, token["end"] - token["start"])
    return (f'<span class="ctok content" data-id="{token["id"]}" data-message="{token["message"]}" '
            f'data-cstart="{token["content_start"]}" data-cend="{token["content_start"] + width}" '
            f'data-tip="{escape(tip)}" style="background-color:{light};--tok-dark:{dark}">{escape(label)}</span>{breaks}')


def panel_html(result: dict | None, name: str, refusal: str | None = None) -> str:
    """One Chat panel: the format and its source, the split counts, the tokens, what the format did."""
    head = f'<div class="chat-panel" data-tokenizer="{escape(name)}">'
    if refusal is not None or result["no_chat_format"]:
        why = refusal if refusal is not None else result["no_chat_format"]
        label = result["label"] if result else name
        return f'{head}<h3>{escape(label)}</h3><p class="chat-none">{escape(why)}</p></div>'
    tokens = "".join(token_span(result, t) for t in result["tokens"][:MAX_DRAWN_TOKENS])
    notes = "".join(f'<p class="note">{escape(n)}</p>' for n in result["notes"])
    cut = (f'<p class="note">Drawing the first {MAX_DRAWN_TOKENS:,} of {result["count"]:,} tokens.</p>'
           if result["count"] > MAX_DRAWN_TOKENS else "")
    # The format's name is one line, its source folded under it: the room needs the tokens on the screen.
    return (f'{head}<h3>{escape(result["label"])}</h3>'
            f'<details class="sub"><summary>{escape(result["format"])}</summary>{escape(source_line(result))}</details>'
            f'<p class="chat-counts"><b>{result["count"]:,} tokens</b>: {result["structure_count"]:,} structure, '
            f'{result["content_count"]:,} content</p>'
            f'<div class="chat-toks" tabindex="0">{tokens}</div>{cut}{notes}</div>')


def answer_html(results: list[tuple[str, dict | None]]) -> str:
    """The example's answer, from the tokens: how many each format spends before the first content token."""
    rows = []
    for name, result in results:
        if result is None or result["no_chat_format"]:
            continue
        first = result["before_first_content"]
        shown = " ".join(token_label(t).replace("\n", "") for t in result["tokens"][:first])
        rows.append(f"<li><b>{escape(result['label'])}</b>: {first} tokens before your first word "
                    f"(<code>{escape(shown)}</code>); {result['structure_count']} of its {result['count']} "
                    "are structure in all.</li>")
    return ("<ul>" + "".join(rows) + "</ul><p>Every one of them is a row of the same embedding table as your "
            "words: the model pays for the format in tokens.</p>") if rows else ""


def chat_panels(messages: list, names: tuple[str, ...], add_generation_prompt: bool = True) -> dict:
    """The three panels and the answer; a conversation a format refuses is said in its panel, not raised."""
    results, panels = [], []
    for name in names:
        try:
            result = chat(messages, name, add_generation_prompt)
        except ValueError as err:
            if "refuses" not in str(err):
                raise  # a bad conversation (not a format's refusal) is the caller's to say
            results.append((name, None))
            panels.append(panel_html(None, name, str(err)))
            continue
        results.append((name, result))
        panels.append(panel_html(result, name))
    return {"panels": panels, "answer": answer_html(results), "results": [r for _, r in results]}
