"""What the page asks the server for: plain JSON routes beside Gradio's, off its queue.

The page tokenizes and paints its panels itself (static/update.js, with the browser tokenizers and
render.js); it asks the server only for what only Python does:

    POST /playground/tokens     {"text", "special", "tokenizer"}
    200 {"tokenizer": compare()'s entry for that tokenizer, its tokens cut at 1,000}
        per keystroke, only for a panel whose tokenizer has no browser twin (one added at launch)
    POST /playground/embedding  {"text", "init", optional "shown_figure"}
    200 {"embedding": [shape, memory, caption, figure or null], "figure_key"}
        after a pause in typing: the lesson's TokenEmbedding (torch) and its plots, the figure null when
        its figure_key equals the "shown_figure" the page sends (it draws the first 64 tokens only)
    POST /playground/answer     {"text", "example", "tokenizers": [3 names]}
    200 {"answer"}
        after a pause, or at Reveal: the example's answer (lecture.answer_html) for the text on screen
    POST /playground/one_hot    {"text", "init"}             200 {"html"}: one_hot(ids) @ E, at its button
    POST /playground/plot       {"plot", "text", "init"}     200 {"png"}: a plot's labelled figure, downloaded
    POST /playground/slide      {"tokenizers", "all"}        200 {"html"}: the examples' slide, when opened

Each awaits a handler (playground.page.handlers), which checks every value and works on a short text in
its lane's threads and sends a long one to the big-input worker. Nothing is kept between requests (no
session, no cache of its own), so replicas behind any HTTP load balancer serve them. Their guard rails
are the classroom server's: server.Guard caps the body before it is read, and refuses one whose JSON nests too
deeply or that is not whole in time; at most SMALL_ASKS short texts
and LONG_ASKS long ones are under way at once (at most half the long ones from one client address, and a
body declared too long for a short text is refused unread when those are taken), and past that the
answer is 503 with Retry-After, so long texts never take the places of small ones; a bad value gets a
400 that says what was expected; no value is printed; every answer carries Cache-Control: no-store
(Guard's); the body must be sent as application/json (a page of another site may send it only after a
preflight, which Guard refuses).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Awaitable, Callable

import gradio as gr
import orjson
from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from playground.page import handlers, server
from playground.page.inputs import quote, refuse

SMALL_ASKS = server.QUEUE_MAX_SIZE  # short texts under way at once (about 1.5 s of work); past this, 503
LONG_ASKS = 16  # long texts under way at once: they wait for the worker, one text at a time; past this, 503
LONG_ASKS_PER_CLIENT = LONG_ASKS // 2  # of them from one address: one client cannot take the whole long lane
# The longest body a short text's ask can have: BIG_INPUT_CHARS characters written as JSON escapes of 12
# bytes ("\\ud83d\\ude00"), and the other fields. A body declared longer holds a long text: refused unread
# when the long lane is full for its client.
SHORT_ASK_BYTES = 12 * server.BIG_INPUT_CHARS + 4_096
BUSY = "The server is busy: too many requests at once. Try again in a second."
RETRY_AFTER_SECONDS = 1


class Admission:
    """At most `capacity` calls under way at once, and at most `per_client` of them from one client address;
    the rest are refused at once, not queued."""

    def __init__(self, capacity: int, per_client: int | None = None) -> None:
        self.capacity, self.per_client = capacity, per_client
        self.admitted = 0  # calls under way (only touched on the event loop)
        self.by_client: Counter[str] = Counter()

    def full(self, client: str) -> bool:
        return self.admitted >= self.capacity or (self.per_client is not None and self.by_client[client] >= self.per_client)

    async def run(self, client: str, fn, *args):
        self.admitted += 1
        self.by_client[client] += 1
        try:
            return await fn(*args)
        finally:
            self.admitted -= 1
            self.by_client[client] -= 1
            if not self.by_client[client]:
                del self.by_client[client]


SMALL, LONG = Admission(SMALL_ASKS), Admission(LONG_ASKS, LONG_ASKS_PER_CLIENT)


def read_values(body: bytes, fields: tuple[str, ...], optional: tuple[str, ...] = ()) -> dict:
    """The request's fields, exactly `fields` and maybe `optional`, or a gr.Error saying what the body must be."""
    try:
        values = server.read_json(body)
    except ValueError:
        raise refuse(f"the body must be JSON, an object with {', '.join(fields)}") from None
    if not isinstance(values, dict):
        raise refuse(f"the body must be a JSON object with {', '.join(fields)}; got {type(values).__name__}")
    missing = [f for f in fields if f not in values]
    unknown = [quote(k) for k in values if k not in fields + optional]
    if missing or unknown:
        maybe = f" (and maybe {', '.join(optional)})" if optional else ""
        raise refuse(f"the body must have exactly the fields {', '.join(fields)}{maybe}; "
                     f"missing: {', '.join(missing) or 'none'}; unknown: {', '.join(unknown[:3]) or 'none'}")
    return values


async def tokens_answer(values: dict) -> dict:
    return {"tokenizer": await handlers.tokens_entry(values["text"], values["special"], values["tokenizer"])}


async def embedding_answer(values: dict) -> dict:
    shape, memory, caption, figure, key = await handlers.embedding_for_page(values["text"], values["init"],
                                                                            values.get("shown_figure"))
    return {"embedding": [shape, memory, caption, figure], "figure_key": key}


async def answer_answer(values: dict) -> dict:
    tokenizers = values["tokenizers"]
    if not isinstance(tokenizers, list) or len(tokenizers) != 3:
        raise refuse(f"tokenizers must be a list of three names; got {quote(tokenizers)}")
    return {"answer": await handlers.example_answer(values["text"], values["example"], *tokenizers)}


async def one_hot_answer(values: dict) -> dict:
    return {"html": await handlers.update_one_hot(values["text"], values["init"])}


async def plot_answer(values: dict) -> dict:
    return {"png": await handlers.plot_download(values["plot"], values["text"], values["init"])}


async def slide_answer(values: dict) -> dict:
    tokenizers = values["tokenizers"]
    if not isinstance(tokenizers, list) or len(tokenizers) != 3:
        raise refuse(f"tokenizers must be a list of three names; got {quote(tokenizers)}")
    return {"html": await run_in_threadpool(handlers.examples_slide, *tokenizers, values["all"])}


def _json(status: int, content: dict, headers: dict | None = None) -> Response:
    return Response(orjson.dumps(content), status, headers, media_type="application/json")


def _error(err: Exception) -> Response:
    if isinstance(err, gr.Error):  # a bad value: the message says what was expected, quoting at most 40 characters
        return _json(400, {"detail": err.message})
    # its message may quote the text: only its type is said, and nothing is printed
    return _json(500, {"detail": f"The server could not work on this ({type(err).__name__}); try again."})


def route(fields: tuple[str, ...], answer: Callable[[dict], Awaitable[dict]], optional: tuple[str, ...] = ()):
    """A POST route that reads exactly `fields` (and maybe `optional`) and answers what `answer` makes of them,
    behind the admission lanes."""

    async def ask(request: Request) -> Response:
        if request.headers.get("content-type", "").partition(";")[0].strip().lower() != "application/json":
            # A page of another site may send a form or text/plain without asking first; application/json it
            # may send only after a preflight, which server.Guard refuses.
            return _json(415, {"detail": "The body must be sent as Content-Type: application/json."})
        client = request.client.host if request.client else ""
        declared = request.headers.get("content-length", "")
        if declared.isdigit() and int(declared) > SHORT_ASK_BYTES and LONG.full(client):
            return _json(503, {"detail": BUSY}, {"Retry-After": str(RETRY_AFTER_SECONDS)})  # before it is read
        try:
            body = await request.body()
        except server.BodyRefused as refused:  # server.Guard's: too large, nested too deeply, too slow, or left
            return _json(refused.status, {"detail": refused.detail})
        try:
            values = read_values(body, fields, optional)
            text = values.get("text")
            lane = LONG if isinstance(text, str) and len(text) > server.BIG_INPUT_CHARS else SMALL
            if lane.full(client):
                return _json(503, {"detail": BUSY}, {"Retry-After": str(RETRY_AFTER_SECONDS)})
            return _json(200, await lane.run(client, answer, values))
        except Exception as err:
            return _error(err)

    return ask


TOKENS_PATH, EMBEDDING_PATH, ANSWER_PATH = "/playground/tokens", "/playground/embedding", "/playground/answer"
ROUTES = [
    Route(TOKENS_PATH, route(("text", "special", "tokenizer"), tokens_answer), methods=["POST"]),
    Route(EMBEDDING_PATH, route(("text", "init"), embedding_answer, ("shown_figure",)), methods=["POST"]),
    Route(ANSWER_PATH, route(("text", "example", "tokenizers"), answer_answer), methods=["POST"]),
    Route("/playground/one_hot", route(("text", "init"), one_hot_answer), methods=["POST"]),
    Route("/playground/plot", route(("plot", "text", "init"), plot_answer), methods=["POST"]),
    Route("/playground/slide", route(("tokenizers", "all"), slide_answer), methods=["POST"]),
]
