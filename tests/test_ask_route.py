"""What the page asks the server for, POST /playground/tokens, /playground/embedding and /playground/answer,
behind the classroom server's Guard.

In process (Starlette's TestClient): what they answer, and each guarantee of the README's "What a classroom
server guarantees" for them. Over the wire and in Chromium: test_server.py, test_page_flow_browser.py.
"""

from __future__ import annotations

import asyncio
import json
import threading

import pytest
from bs4 import BeautifulSoup
from starlette.testclient import TestClient

from conftest import synchronous
from playground import compare
from playground.lesson.examples import EXAMPLES_BY_KEY
from playground.page import ask_route, server
from playground.page.handlers import update_embedding

INIT = "GPT-2: N(0, 0.02)"
JSON_TYPE = {"Content-Type": "application/json"}  # what the page sends; the routes refuse any other body
PATHS = ("/playground/tokens", "/playground/embedding", "/playground/answer")


def body(path: str, text: str = "Hello world", **changes) -> dict:
    """A body as the page sends it to `path`."""
    fields = {"/playground/tokens": {"special": False, "tokenizer": "gpt2"},
              "/playground/embedding": {"init": INIT},
              "/playground/answer": {"example": "code", "tokenizers": ["gpt2", "bert", "llama"]}}[path]
    return {"text": text, **fields, **changes}


@pytest.mark.parametrize("path", ["/config", *PATHS, "/gradio_api/info", "/monitoring"])
def test_every_answer_isolates_the_page_and_is_not_stored(client, path):
    """COOP same-origin and COEP require-corp on every answer (no other site's window keeps a handle on the page;
    the page itself: test_browser.py), the page's config, the routes, the API and Guard's refusals."""
    response = client.post(path, json=body(path)) if path in PATHS else client.get(path)
    assert response.status_code == (404 if path == "/monitoring" else 200)  # Guard's own refusal too
    assert response.headers["cross-origin-opener-policy"] == "same-origin"
    assert response.headers["cross-origin-embedder-policy"] == "require-corp"
    if path in PATHS:
        assert response.headers["cache-control"] == "no-store"


@pytest.mark.parametrize("special", [False, True])
def test_tokens_answers_one_tokenizers_compare_entry_cut_at_the_tokens_a_panel_draws(client, special):
    text = "word " * 1_200 + "नमस्ते 👍 \ud800"
    sent = json.dumps(body("/playground/tokens", text, special=special, tokenizer="llama"))  # "\\ud800" escaped
    answer = client.post("/playground/tokens", content=sent, headers=JSON_TYPE).json()
    [expected] = compare(text, special, tokenizers=("llama",))["tokenizers"]
    entry = answer["tokenizer"]
    assert entry["name"] == "llama" and entry["count"] == expected["count"] > 1_000
    assert entry["ids"] == expected["ids"] and len(entry["tokens"]) == 1_000  # every id; 1,000 tokens drawn
    assert entry["tokens"] == expected["tokens"][:1_000]


def test_embedding_answers_what_the_queued_endpoint_answers(client):
    text = "def f(x):\n    return x  # ids"
    answer = client.post("/playground/embedding", json=body("/playground/embedding", text)).json()
    shape, memory, caption, figure = answer["embedding"]
    assert [shape, memory, caption + figure] == list(synchronous(update_embedding)(text, INIT))
    assert caption.startswith('<p class="note">Heatmap') and figure.startswith('<div class="plots">')
    expected = len(compare(text)["tokenizers"][0]["ids"])
    assert f"shape <b class=\"shape\">(1, {expected}, 768)</b>" in shape


def test_the_figure_the_page_shows_is_not_sent_again(client):
    """Past 64 tokens, the plots draw the same first 64 rows: the figure comes as null when the page says it
    shows the figure of that key; its caption, which counts every token, comes each time."""
    def ask(text: str, **extra) -> dict:
        return client.post("/playground/embedding", json=body("/playground/embedding", text, **extra)).json()

    text = "the cat" + " the cat" * 39  # 80 GPT-2 tokens: the, ·cat, ·the, ·cat, ...
    first = ask(text)
    again = ask(text + " sat", shown_figure=first["figure_key"])
    assert again["embedding"][3] is None and again["figure_key"] == first["figure_key"]
    assert "(the first 64 of 80 rows)" in first["embedding"][2] and "(the first 64 of 81 rows)" in again["embedding"][2]
    changed = ask("dog " + text, shown_figure=first["figure_key"])
    assert changed["figure_key"] != first["figure_key"] and changed["embedding"][3].startswith('<div class="plots">')
    assert ask(text, shown_figure="not-the-key")["embedding"][3] == first["embedding"][3]


def test_answer_answers_the_examples_answer_for_the_text_and_tokenizers_sent(client):
    code = EXAMPLES_BY_KEY["code"].text
    answer = client.post("/playground/answer", json=body("/playground/answer", code)).json()["answer"]
    items = BeautifulSoup(answer, "html5lib").select("li[data-tokenizer]")
    # GPT-2 spends one token per space but the last (3 + 7 + 3); Llama one run per line; BERT none.
    assert [(li["data-tokenizer"], li.select("b")[-1].get_text()) for li in items] == [("gpt2", "13"), ("bert", "0"),
                                                                                      ("llama", "3")]
    other = client.post("/playground/answer", json=body("/playground/answer", code, tokenizers=["gpt4o", "bert", "gpt2"]))
    assert [li["data-tokenizer"] for li in BeautifulSoup(other.json()["answer"], "html5lib").select("li[data-tokenizer]")] == [
        "gpt4o", "bert", "gpt2"]


@pytest.mark.parametrize("path, raw, message", [
    ("/playground/tokens", b"not json", "the body must be JSON"),
    ("/playground/answer", b"[1, 2]", "the body must be a JSON object"),
    ("/playground/tokens", b'{"text": "x"}', "missing: special, tokenizer"),
    ("/playground/embedding", b'{"text": "x"}', "missing: init"),
    ("/playground/tokens", None, "unknown: 'textt'"),  # a misspelt field
    ("/playground/tokens", None, "unknown tokenizer 'MARKER"),
    ("/playground/tokens", None, "text must be a string, got int 7"),
    ("/playground/tokens", None, "special must be true or false, got int 1"),
    ("/playground/embedding", None, "shown_figure must be a string, got list"),
    ("/playground/embedding", None, "init must be one of 'GPT-2: N(0, 0.02)'"),
    ("/playground/answer", None, "tokenizers must be a list of three names"),
    ("/playground/answer", None, "example must be one of 'code', "),
])
def test_bad_input_gets_a_400_that_says_what_was_expected(client, path, raw, message):
    bad = {"unknown: 'textt'": {**body(path), "textt": "x"},
           "unknown tokenizer 'MARKER": body(path, tokenizer="MARKER" * 100),
           "text must be a string, got int 7": body(path, text=7),
           "special must be true or false, got int 1": body(path, special=1),
           "shown_figure must be a string, got list": body(path, shown_figure=[1]),
           "init must be one of 'GPT-2: N(0, 0.02)'": body(path, init="N(0, 5)"),
           "tokenizers must be a list of three names": body(path, tokenizers=["gpt2"]),
           "example must be one of 'code', ": body(path, example="MARKER" * 100)}
    response = (client.post(path, content=raw, headers=JSON_TYPE) if raw is not None
                else client.post(path, json=bad[message]))
    assert response.status_code == 400 and response.headers["cache-control"] == "no-store"
    detail = response.json()["detail"]
    assert message in detail
    assert detail.count("MARKER") <= 40 // len("MARKER")  # at most 40 characters of a value are quoted


@pytest.mark.parametrize("path", PATHS)
def test_only_a_json_body_is_read(client, path):
    """A page of another site may post a form or text/plain without a preflight: refused unread."""
    response = client.post(path, content=b'{"text": "x"}', headers={"Content-Type": "text/plain"})
    assert response.status_code == 415 and "application/json" in response.json()["detail"]


def test_a_body_over_the_cap_is_refused(client, monkeypatch):
    monkeypatch.setattr(server.bodies, "MAX_BODY_BYTES", 1_000)
    declared = client.post("/playground/embedding", json=body("/playground/embedding", "x" * 2_000))
    assert declared.status_code == 413 and "at most 1,000 bytes" in declared.json()["detail"]

    def chunks():  # no Content-Length: the body is counted as it arrives
        yield b'{"text": "'
        for _ in range(20):
            yield b"y" * 100

    undeclared = client.post("/playground/embedding", content=chunks(), headers=JSON_TYPE)
    assert undeclared.status_code == 413 and "at most 1,000 bytes" in undeclared.json()["detail"]


def test_a_full_route_answers_503_with_retry_after_and_long_texts_have_their_own(client, monkeypatch):
    """One small ask is under way and no other may be: the next small one is refused at once, saying when to
    try again, while a long text is still admitted in its own count."""
    monkeypatch.setattr(ask_route, "SMALL", ask_route.Admission(1))
    release, holding = threading.Event(), threading.Event()

    async def held(text: str, *_) -> str:
        if len(text) <= server.BIG_INPUT_CHARS:
            holding.set()
            await asyncio.to_thread(release.wait, 10)
        return f"{len(text)} characters"

    monkeypatch.setattr(ask_route.handlers, "example_answer", held)
    path = "/playground/answer"
    first: list = []
    thread = threading.Thread(target=lambda: first.append(client.post(path, json=body(path, "first"))))
    thread.start()
    assert holding.wait(10)
    refused = client.post(path, json=body(path, "second"))
    assert refused.status_code == 503 and refused.headers["retry-after"] == "1"
    assert refused.headers["cache-control"] == "no-store" and "busy" in refused.json()["detail"]
    long = client.post(path, json=body(path, "z" * (server.BIG_INPUT_CHARS + 1)))
    assert long.status_code == 200 and long.json() == {"answer": f"{server.BIG_INPUT_CHARS + 1} characters"}
    release.set()
    thread.join(10)
    assert first[0].status_code == 200 and first[0].json() == {"answer": "5 characters"}
    after = client.post(path, json=body(path, "third"))  # the place is given back
    assert after.status_code == 200 and after.json() == {"answer": "5 characters"}
    assert (ask_route.SMALL.admitted, ask_route.LONG.admitted) == (0, 0)


def test_long_texts_are_worked_on_in_the_big_input_worker(client, monkeypatch):
    sent: list[str] = []

    async def worker_run(fn, *args):  # stands in for the worker process: records what would go there
        sent.append(fn.__name__)
        return fn(*args)

    monkeypatch.setattr(server.worker._worker, "run_async", worker_run)
    text = "word " * (server.BIG_INPUT_CHARS // 5 + 1)
    for path in PATHS:
        assert client.post(path, json=body(path, "short")).status_code == 200
    assert sent == []
    answers = [client.post(path, json=body(path, text)).json() for path in PATHS]
    assert sent == ["tokens_entry", "gpt2_head", "example_answer"]
    assert len(answers[0]["tokenizer"]["tokens"]) == 1_000  # drawn: the first 1,000 of GPT-2's tokens


def test_an_error_inside_says_only_its_type(client, monkeypatch):
    async def fail(text: str, *_) -> str:
        raise RuntimeError(f"failed on {text}")

    monkeypatch.setattr(ask_route.handlers, "tokens_entry", fail)
    response = client.post("/playground/tokens", json=body("/playground/tokens", "MARKER-secret"))
    assert response.status_code == 500 and "RuntimeError" in response.json()["detail"]
    assert "MARKER" not in response.text


def test_the_routes_keep_no_per_user_state(client):
    """No cookie, no session: any replica answers any ask, the same whatever came before."""
    for path in PATHS:
        first = client.post(path, json=body(path, "Hello world"))
        client.post(path, json=body(path, "something else entirely"))
        again = TestClient(client.app).post(path, json=body(path, "Hello world"))
        assert "set-cookie" not in first.headers and "set-cookie" not in again.headers
        assert first.json() == again.json()
