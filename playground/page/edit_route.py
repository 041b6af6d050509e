"""The page's per-keystroke path: one JSON POST per edit, answered by a plain route of this server.

Through Gradio's queue an edit cost the server two queued events (/panels and /embedding), and the
queue's machinery (join, event stream, session bookkeeping) cost more than the work itself. This
route awaits the same handlers as /panels and /embedding (handlers.update_panel_parts and
handlers.update_embedding_parts: they check every value, work on a short text in their lanes' threads and
send a long one to the big-input worker), and nothing else:

    POST /playground/edit  {"text", "mark_whitespace", "view", "special", "tokenizers": [3 names],
                            "example", "init", optional "shown_text", optional "shown_figure"}
    200 {"note", "panels": [3 x [before, [token, ...], after, kept]], "prompt", "answer",
         "embedding": [shape, memory, caption, figure or null], "figure_key"}

Each panel comes in parts (render.PanelParts), one string per token. With "shown_text", the text of
the panels the page shows, drawn with the same values but the text, a panel sends only the parts
after the `kept` first ones it shares with the panel shown: a key typed at the end of a 1 KB text
sends, parses and lays out a block or two of each panel, not 400 (2 KB, not 330). Likewise the
embedding's figure (its two plots, 80 KB, which draw only the first 64 tokens) is null when its
figure_key equals the "shown_figure" the page sends. The page sends back what it shows, so the
server still keeps nothing between requests. The answer is one JSON object sent in two parts: its
first line ends after the panels, which the page paints on reading it, before the embedding's part
(3 to 4 ms more of server work) arrives.

It keeps nothing between requests (no session, no cache of its own), so replicas behind any HTTP
load balancer serve it. Its guard rails are the classroom server's: server.Guard caps the body
before it is read; at most SMALL_EDITS short texts and LONG_EDITS long ones are under way at once
(working in the handlers' lanes, or waiting for a slot or for the worker; at most half the long ones from
one client address, and a body declared too long for a short text is refused unread when those are
taken), and past that the answer is 503 with Retry-After (the page waits and says so), so long texts
never take the places of small edits; a bad value gets a 400 that says what was expected; no value is printed; every
answer carries Cache-Control: no-store (Guard's); the body must be sent as application/json (a page of
another site may send it only after a preflight, which Guard refuses).
"""

from __future__ import annotations

import hashlib
from collections import Counter

import gradio as gr
import orjson
from starlette.requests import Request
from starlette.responses import Response, StreamingResponse
from starlette.routing import Route

from playground.lesson.embedding import INITS
from playground.page import server
from playground.page.handlers import update_embedding_parts, update_panel_parts
from playground.page.inputs import expect_choice, expect_text, quote, refuse

EDIT_PATH = "/playground/edit"
FIELDS = ("text", "mark_whitespace", "view", "special", "tokenizers", "example", "init")
OPTIONAL_FIELDS = ("shown_text", "shown_figure")
SMALL_EDITS = server.QUEUE_MAX_SIZE  # short texts under way at once (about 1.5 s of work); past this, 503
LONG_EDITS = 16  # long texts under way at once: they wait for the worker, one text at a time; past this, 503
LONG_EDITS_PER_CLIENT = LONG_EDITS // 2  # of them from one address: one client cannot take the whole long lane
# The longest body a short text's edit can have: it and shown_text, each of BIG_INPUT_CHARS characters
# written as JSON escapes of 12 bytes ("\\ud83d\\ude00"), and the other fields. A body declared longer
# holds a long text: refused unread when the long lane is full for its client.
SHORT_EDIT_BYTES = 2 * 12 * server.BIG_INPUT_CHARS + 4_096
BUSY = "The server is busy: too many edits at once. Try again in a second."
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


SMALL, LONG = Admission(SMALL_EDITS), Admission(LONG_EDITS, LONG_EDITS_PER_CLIENT)


def edit_values(body: bytes) -> dict:
    """The request's fields, or a gr.Error saying what the body must be."""
    try:
        values = server.read_json(body)
    except ValueError:
        raise refuse(f"the body must be JSON, an object with {', '.join(FIELDS)}") from None
    if not isinstance(values, dict):
        raise refuse(f"the body must be a JSON object with {', '.join(FIELDS)}; got {type(values).__name__}")
    missing = [f for f in FIELDS if f not in values]
    unknown = [quote(k) for k in values if k not in FIELDS + OPTIONAL_FIELDS]
    if missing or unknown:
        raise refuse(f"the body must have exactly the fields {', '.join(FIELDS)} (and maybe shown_text, shown_figure); "
                       f"missing: {', '.join(missing) or 'none'}; unknown: {', '.join(unknown[:3]) or 'none'}")
    if "shown_figure" in values:
        expect_text(values["shown_figure"], "shown_figure")
    if not isinstance(values["tokenizers"], list) or len(values["tokenizers"]) != 3:
        raise refuse(f"tokenizers must be a list of three names; got {quote(values['tokenizers'])}")
    return values


async def panels_answer(values: dict) -> dict:
    """The first part of an edit's answer: the panels' event (the note, three panels, question, answer)."""
    note, *panels, prompt, answer = await update_panel_parts(
        values["text"], values["mark_whitespace"], values["view"], values["special"], *values["tokenizers"],
        values["example"], values.get("shown_text"))
    return {"note": note, "panels": [list(panel) for panel in panels], "prompt": prompt, "answer": answer}


async def embedding_answer(values: dict) -> dict:
    """The second part: the embedding's event, its figure left out when it is the one the page shows."""
    shape, memory, caption, figure = await update_embedding_parts(values["text"], values["init"])
    figure_key = hashlib.blake2b(figure.encode(), digest_size=12).hexdigest()  # 96 bits: no two figures share one
    return {"embedding": [shape, memory, caption, None if values.get("shown_figure") == figure_key else figure],
            "figure_key": figure_key}


def _json(status: int, content: dict, headers: dict | None = None) -> Response:
    return Response(orjson.dumps(content), status, headers, media_type="application/json")


def _error(err: Exception) -> tuple[int, dict]:
    if isinstance(err, gr.Error):  # a bad value: the message says what was expected, quoting at most 40 characters
        return 400, {"detail": err.message}
    # its message may quote the text: only its type is said, and nothing is printed
    return 500, {"detail": f"The server could not work on this edit ({type(err).__name__}); try again."}


async def edit(request: Request) -> Response:
    """One JSON object, sent in two parts: the panels as soon as they are ready, then the embedding's.

    The first part ends with a line break (whitespace between two members, so the whole is one JSON
    document for any client): the page paints the panels when it reads that far, before the embedding
    is worked out. An error found before the first part is its status (400, 500); one after it, the
    answer's last member, "detail"."""
    if request.headers.get("content-type", "").partition(";")[0].strip().lower() != "application/json":
        # A page of another site may send a form or text/plain without asking first; application/json it
        # may send only after a preflight, which server.Guard refuses.
        return _json(415, {"detail": "The body must be sent as Content-Type: application/json."})
    client = request.client.host if request.client else ""
    declared = request.headers.get("content-length", "")
    if declared.isdigit() and int(declared) > SHORT_EDIT_BYTES and LONG.full(client):
        return _json(503, {"detail": BUSY}, {"Retry-After": str(RETRY_AFTER_SECONDS)})  # before it is read
    try:
        body = await request.body()
    except ValueError:  # server.Guard: a body that grew past the cap without declaring its length
        return _json(413, {"detail": f"Request too large: at most {server.MAX_BODY_BYTES:,} bytes."})
    try:
        values = edit_values(body)
        expect_choice(values["init"], INITS, "init")  # checked now: the embedding is worked on after the 200
        text = values["text"]
        lane = LONG if isinstance(text, str) and len(text) > server.BIG_INPUT_CHARS else SMALL
        if lane.full(client):
            return _json(503, {"detail": BUSY}, {"Retry-After": str(RETRY_AFTER_SECONDS)})
        first = await lane.run(client, panels_answer, values)
    except Exception as err:
        return _json(*_error(err))

    async def parts():
        yield orjson.dumps(first)[:-1] + b",\n"  # the object left open, a line break to read up to
        try:  # under way in the lane again (a client gone before this point costs no more work)
            rest = await lane.run(client, embedding_answer, values)
        except Exception as err:
            rest = _error(err)[1]
        yield orjson.dumps(rest)[1:]

    return StreamingResponse(parts(), media_type="application/json")


ROUTES = [Route(EDIT_PATH, edit, methods=["POST"])]
