"""The page's per-keystroke route, POST /playground/edit, behind the classroom server's Guard.

In process (Starlette's TestClient): what it answers, and each guarantee of the README's "What a
classroom server guarantees" for it. Over the wire and in Chromium: test_server.py, test_browser.py.
"""

from __future__ import annotations

import asyncio
import json
import threading

import pytest
from bs4 import BeautifulSoup
from starlette.testclient import TestClient

from playground import compare
from playground.page import edit_route, server
from playground.page.handlers import update_embedding, update_panels

INIT = "GPT-2: N(0, 0.02)"
JSON_TYPE = {"Content-Type": "application/json"}  # what the page sends; the route refuses any other body


def body(text: str = "Hello world", **changes) -> dict:
    return {"text": text, "mark_whitespace": True, "view": "text", "special": False,
            "tokenizers": ["gpt2", "bert", "llama"], "example": "", "init": INIT, **changes}


def joined(panel: list) -> str:
    """A whole panel of the route's answer, [before, [token, ...], after, 0 parts kept], as one piece of HTML."""
    before, tokens, after, kept = panel
    assert kept == 0
    return before + "".join(tokens) + after


def panel_ids(panel: list) -> list[int]:
    return [int(t["data-id"]) for t in BeautifulSoup(joined(panel), "html5lib").select(".tok")]


@pytest.mark.parametrize("path", ["/config", "/playground/edit", "/gradio_api/info", "/monitoring"])
def test_every_answer_makes_the_page_cross_origin_isolated(client, path):
    """The page shares memory with its edit worker only when its document is sent with COOP same-origin and
    COEP require-corp (the HTML spec's crossOriginIsolated; the page itself: test_browser.py); every answer
    has them, the page's config, the route, the API and Guard's refusals."""
    response = client.post(path, json=body()) if path == "/playground/edit" else client.get(path)
    assert response.status_code == (404 if path == "/monitoring" else 200)  # Guard's own refusal too
    assert response.headers["cross-origin-opener-policy"] == "same-origin"
    assert response.headers["cross-origin-embedder-policy"] == "require-corp"


def test_an_edit_answers_the_panels_and_the_embedding_of_its_text(client):
    text = "The cat sat on the mat. नमस्ते 👍"
    response = client.post("/playground/edit", json=body(text, example="magikarp"))
    assert response.status_code == 200 and response.headers["cache-control"] == "no-store"
    answer = response.json()
    expected = compare(text)["tokenizers"]
    assert [panel_ids(html) for html in answer["panels"]] == [t["ids"] for t in expected]
    assert [BeautifulSoup(joined(panel), "html5lib").select_one("[data-tokenizer]")["data-tokenizer"]
            for panel in answer["panels"]] == ["gpt2", "bert", "llama"]
    assert f"shape <b class=\"shape\">(1, {len(expected[0]['ids'])}, 768)</b>" in answer["embedding"][0]
    assert "SolidGoldMagikarp" in answer["prompt"]  # the example's question comes with the edit
    assert answer["note"] == ""


def test_the_route_answers_what_the_queued_endpoints_answer(client):
    """The same handlers: /panels' six outputs and /embedding's three, for the same values."""
    values = body("def f(x):\n    return x  # ids", view="ids", special=True, example="code",
                  tokenizers=["gpt4o", "llama3", "gemma"])
    answer = client.post("/playground/edit", json=values).json()
    note, *panels, prompt, answer_html = asyncio.run(update_panels(values["text"], True, "ids", True, "gpt4o",
                                                                   "llama3", "gemma", "code"))
    assert (answer["note"], [joined(p) for p in answer["panels"]], answer["prompt"], answer["answer"]) == (
        note, panels, prompt, answer_html)
    shape, memory, caption, figure = answer["embedding"]
    assert [shape, memory, caption + figure] == list(asyncio.run(update_embedding(values["text"], INIT)))
    assert caption.startswith('<p class="note">Heatmap') and figure.startswith('<div class="plots">')


def test_the_figure_the_page_shows_is_not_sent_again(client):
    """Past 64 tokens, the plots draw the same first 64 rows: the figure comes as null when the page says it
    shows the figure of that key; its caption, which counts every token, comes each time."""
    text = "the cat" + " the cat" * 39  # 80 GPT-2 tokens: the, ·cat, ·the, ·cat, ...
    first = client.post("/playground/edit", json=body(text)).json()
    again = client.post("/playground/edit", json=body(text + " sat", shown_figure=first["figure_key"])).json()
    assert again["embedding"][3] is None and again["figure_key"] == first["figure_key"]
    assert "(the first 64 of 80 rows)" in first["embedding"][2] and "(the first 64 of 81 rows)" in again["embedding"][2]
    changed = client.post("/playground/edit", json=body("dog " + text, shown_figure=first["figure_key"])).json()
    assert changed["figure_key"] != first["figure_key"] and changed["embedding"][3].startswith('<div class="plots">')
    stale = client.post("/playground/edit", json=body(text, shown_figure="not-the-key")).json()
    assert stale["embedding"][3] == first["embedding"][3]


@pytest.mark.parametrize("text", ["Hello world", "a\n\nb\r\nc\rd\n", "typed <br> and &lt;br&gt;", "日本語 😀 नमस्ते",
                                  "def f(x):\n    return x", "Café \x00 \u200b", ""])
def test_each_token_part_is_one_block_with_the_breaks_of_its_newlines(client, text):
    """The page swaps token parts in and out by their top-level nodes, counted as one block plus the
    part's "<br>"s (paint.js): a part must be exactly that, whatever is typed; and before + after
    must be the panel with an empty token box."""
    panels = client.post("/playground/edit", json=body(text)).json()["panels"]
    for before, tokens, after, _ in panels:
        for part in tokens:
            nodes = BeautifulSoup(part, "html.parser").contents
            blocks = [node for node in nodes if node.name != "br"]
            assert len(blocks) == 1 and blocks[0].name == "span", part
            assert len(nodes) == part.count("<br>") + 1, part
        frame = BeautifulSoup(before + after, "html.parser")
        assert frame.select_one(".panel-body > .toks").contents == []


EDITS = [  # (the text the page shows, the text after an edit)
    ("The cat sat", "The cat sat on the mat"), ("Hello world", "Hello, world"), ("a b c", "a b"), ("", "x"), ("x", ""),
    ("def f(x):\n    return x", "def f(x):\n    return x + 1"), ("नमस्ते दुनिया", "नमस्ते दुनिया 😀"),
    ("日本語", "日本語の"), ("Hello  world\r\n", "Hello   world\r\nok"), ("👍👍", "👍👍👍"),
    ("a b", "a\tb"),  # BERT: the same tokens over the same spans, but the gap between them is another character
]


@pytest.mark.parametrize("view", ["text", "ids"])
@pytest.mark.parametrize("shown, text", EDITS)
def test_a_panel_sent_after_the_parts_the_page_shows_rebuilds_the_whole_panel(client, shown, text, view):
    """With shown_text, each panel keeps the first `kept` parts of the panel the page shows and sends the rest:
    together they must be the whole panel for the new text, part for part."""
    def panels(**extra) -> list:
        return client.post("/playground/edit", json=body(view=view, **extra)).json()["panels"]

    for old, diff, whole in zip(panels(text=shown), panels(text=text, shown_text=shown), panels(text=text)):
        before, tokens, after, kept = diff
        assert 0 <= kept <= len(old[1])
        assert [before, old[1][:kept] + tokens, after] == whole[:3]


def test_typing_at_the_end_sends_only_the_new_blocks(client):
    """GPT-2 draws "The cat sat" as The, ·cat, ·sat: all three stay when " on the mat" is typed after them."""
    answer = client.post("/playground/edit", json=body("The cat sat on the mat", shown_text="The cat sat")).json()
    gpt2 = answer["panels"][0]
    assert gpt2[3] == 3 and [int(t["data-id"]) for t in BeautifulSoup("".join(gpt2[1]), "html5lib").select(".tok")] == [
        319, 262, 2603]  # " on", " the", " mat"


def test_a_long_text_comes_whole_whatever_the_page_shows(client):
    text = "word " * 1_001  # over the 5,000 characters whose results are cached
    answer = client.post("/playground/edit", json=body(text + "x", shown_text=text)).json()
    assert [panel[3] for panel in answer["panels"]] == [0, 0, 0]
    assert panel_ids(answer["panels"][0]) == compare(text + "x")["tokenizers"][0]["ids"][:1_000]  # drawn: 1,000


@pytest.mark.parametrize("raw, message", [
    (b"not json", "the body must be JSON"),
    (b"[1, 2]", "the body must be a JSON object"),
    (b'{"text": "x"}', "missing: mark_whitespace, view, special, tokenizers, example, init"),
    (None, "unknown: 'textt'"),  # a misspelt field
    (None, "view must be one of 'text', 'ids'; got 'MARKER"),
    (None, "shown_text must be a string, got int"),
    (None, "shown_figure must be a string, got list"),
    (None, "tokenizers must be a list of three names"),
    (None, "unknown tokenizer 'gpt5'; choose from gpt2, bert, llama"),
    (None, "text must be a string, got int 7"),
    (None, "special must be true or false, got int 1"),
])
def test_bad_input_gets_a_400_that_says_what_was_expected(client, raw, message):
    bad = {"unknown: 'textt'": {**body(), "textt": "x"},
           "view must be one of 'text', 'ids'; got 'MARKER": body(view="MARKER" * 100),
           "tokenizers must be a list of three names": body(tokenizers=["gpt2"]),
           "unknown tokenizer 'gpt5'; choose from gpt2, bert, llama": body(tokenizers=["gpt2", "bert", "gpt5"]),
           "text must be a string, got int 7": body(text=7),
           "special must be true or false, got int 1": body(special=1),
           "shown_text must be a string, got int": body(shown_text=7),
           "shown_figure must be a string, got list": body(shown_figure=[1])}
    response = (client.post("/playground/edit", content=raw, headers=JSON_TYPE) if raw is not None
                else client.post("/playground/edit", json=bad[message]))
    assert response.status_code == 400 and response.headers["cache-control"] == "no-store"
    detail = response.json()["detail"]
    assert message in detail
    assert detail.count("MARKER") <= 40 // len("MARKER")  # at most 40 characters of a value are quoted


def test_a_body_over_the_cap_is_refused(client, monkeypatch):
    monkeypatch.setattr(server, "MAX_BODY_BYTES", 1_000)
    declared = client.post("/playground/edit", json=body("x" * 2_000))
    assert declared.status_code == 413 and "at most 1,000 bytes" in declared.json()["detail"]

    def chunks():  # no Content-Length: the body is counted as it arrives
        yield b'{"text": "'
        for _ in range(20):
            yield b"y" * 100

    undeclared = client.post("/playground/edit", content=chunks(), headers=JSON_TYPE)
    assert undeclared.status_code == 413 and "at most 1,000 bytes" in undeclared.json()["detail"]


def test_a_full_route_answers_503_with_retry_after_and_long_texts_have_their_own(client, monkeypatch):
    """One small edit is under way and no other may be: the next small edit is refused at once,
    saying when to try again, while a long text is still admitted in its own count."""
    monkeypatch.setattr(edit_route, "SMALL", edit_route.Admission(1))
    release, holding = threading.Event(), threading.Event()

    async def answer(values: dict) -> dict:
        if len(values["text"]) <= server.BIG_INPUT_CHARS:
            holding.set()
            await asyncio.to_thread(release.wait, 10)
        return {"text_chars": len(values["text"])}

    async def embedding(values: dict) -> dict:
        return {"embedded": True}

    monkeypatch.setattr(edit_route, "panels_answer", answer)
    monkeypatch.setattr(edit_route, "embedding_answer", embedding)
    first: list = []
    thread = threading.Thread(target=lambda: first.append(client.post("/playground/edit", json=body("first"))))
    thread.start()
    assert holding.wait(10)
    refused = client.post("/playground/edit", json=body("second"))
    assert refused.status_code == 503 and refused.headers["retry-after"] == "1"
    assert refused.headers["cache-control"] == "no-store" and "busy" in refused.json()["detail"]
    long = client.post("/playground/edit", json=body("z" * (server.BIG_INPUT_CHARS + 1)))
    assert long.status_code == 200 and long.json() == {"text_chars": server.BIG_INPUT_CHARS + 1, "embedded": True}
    release.set()
    thread.join(10)
    assert first[0].status_code == 200 and first[0].json() == {"text_chars": 5, "embedded": True}
    after = client.post("/playground/edit", json=body("third"))  # the place is given back
    assert after.status_code == 200 and after.json() == {"text_chars": 5, "embedded": True}
    assert (edit_route.SMALL.admitted, edit_route.LONG.admitted) == (0, 0)


def test_long_texts_are_worked_on_in_the_big_input_worker(client, monkeypatch):
    sent: list[str] = []

    async def worker_run(fn, *args):  # stands in for the worker process: records what would go there
        sent.append(fn.__name__)
        return fn(*args)

    monkeypatch.setattr(server._worker, "run_async", worker_run)
    text = "word " * (server.BIG_INPUT_CHARS // 5 + 1)
    assert client.post("/playground/edit", json=body("short")).status_code == 200
    assert sent == []
    answer = client.post("/playground/edit", json=body(text)).json()
    assert sent == ["panels", "gpt2_head"]
    assert len(panel_ids(answer["panels"][0])) == 1_000  # drawn: the first 1,000 of GPT-2's tokens


def test_an_error_inside_says_only_its_type(client, monkeypatch):
    async def fail(values: dict) -> dict:
        raise RuntimeError(f"failed on {values['text']}")

    monkeypatch.setattr(edit_route, "panels_answer", fail)
    response = client.post("/playground/edit", json=body("MARKER-secret"))
    assert response.status_code == 500 and "RuntimeError" in response.json()["detail"]
    assert "MARKER" not in response.text


def test_the_panels_come_first_and_an_error_after_them_ends_the_answer(client, monkeypatch):
    """The answer is one JSON object whose first line holds the panels: the page paints them on reading it.
    Once that line is sent the status is 200, so an error in the embedding's part is the last member."""
    response = client.post("/playground/edit", json=body("Hello world"))
    first_line = response.text.split("\n")[0]
    assert first_line.endswith(",") and "\n" not in response.text.split("\n", 1)[1]
    assert json.loads(first_line[:-1] + "}").keys() == {"note", "panels", "prompt", "answer"}
    assert response.json().keys() == {"note", "panels", "prompt", "answer", "embedding", "figure_key"}

    async def fail(values: dict) -> dict:
        raise RuntimeError(f"failed on {values['text']}")

    monkeypatch.setattr(edit_route, "embedding_answer", fail)
    response = client.post("/playground/edit", json=body("MARKER-secret"))
    answer = response.json()
    assert response.status_code == 200 and "RuntimeError" in answer["detail"] and "embedding" not in answer
    assert "MARKER" not in response.text and answer["panels"][0][0].startswith('<div class="panel-body"')


def test_the_route_keeps_no_per_user_state(client):
    """No cookie, no session: any replica answers any edit, the same whatever came before."""
    first = client.post("/playground/edit", json=body("Hello world"))
    client.post("/playground/edit", json=body("something else entirely", example="hindi"))
    again = TestClient(client.app).post("/playground/edit", json=body("Hello world"))
    assert "set-cookie" not in first.headers and "set-cookie" not in again.headers
    assert first.json() == again.json()
