"""The page's per-keystroke path: one JSON POST per edit, answered by a plain route of this server.

Through Gradio's queue an edit cost the server two queued events (/panels and /embedding), and the
queue's machinery (join, event stream, session bookkeeping) cost more than the work itself. This
route awaits the same handlers (web.update_panels and web.update_embedding: they check every
value, work on a short text in their lanes' threads and send a long one to the big-input worker),
and nothing else:

    POST /playground/edit  {"text", "mark_whitespace", "view", "special", "tokenizers": [3 names],
                            "example", "init"}
    200 {"note", "panels": [3 HTML], "prompt", "answer", "embedding": [shape, memory, plots]}

It keeps nothing between requests (no session, no cache of its own), so replicas behind any HTTP
load balancer serve it. Its guard rails are the classroom server's: server.Guard caps the body
before it is read; at most SMALL_EDITS short texts and LONG_EDITS long ones are under way at once
(working in the handlers' lanes, or waiting for a slot or for the worker), and past that the
answer is 503 with Retry-After (the page waits and says so), so long texts never take the places
of small edits; a bad value gets a 400 that says what was expected; no value is printed; every
answer carries Cache-Control: no-store (Guard's).
"""

from __future__ import annotations

import gradio as gr
import orjson
from starlette.requests import Request
from starlette.responses import Response
from starlette.routing import Route

from playground.page import server
from playground.page.inputs import quote, refuse
from playground.page.web import update_embedding, update_panels

EDIT_PATH = "/playground/edit"
FIELDS = ("text", "mark_whitespace", "view", "special", "tokenizers", "example", "init")
SMALL_EDITS = server.QUEUE_MAX_SIZE  # short texts under way at once (about 1.5 s of work); past this, 503
LONG_EDITS = 16  # long texts under way at once: they wait for the worker, one text at a time; past this, 503
RETRY_AFTER_SECONDS = 1


class Admission:
    """At most `capacity` calls under way at once; the rest are refused at once, not queued."""

    def __init__(self, capacity: int) -> None:
        self.capacity = capacity
        self.admitted = 0  # calls under way (only touched on the event loop)

    def full(self) -> bool:
        return self.admitted >= self.capacity

    async def run(self, fn, *args):
        self.admitted += 1
        try:
            return await fn(*args)
        finally:
            self.admitted -= 1


SMALL, LONG = Admission(SMALL_EDITS), Admission(LONG_EDITS)


def edit_values(body: bytes) -> dict:
    """The request's fields, or a gr.Error saying what the body must be."""
    try:
        values = orjson.loads(body)
    except orjson.JSONDecodeError:
        raise refuse(f"the body must be JSON, an object with {', '.join(FIELDS)}") from None
    if not isinstance(values, dict):
        raise refuse(f"the body must be a JSON object with {', '.join(FIELDS)}; got {type(values).__name__}")
    missing = [f for f in FIELDS if f not in values]
    unknown = [quote(k) for k in values if k not in FIELDS]
    if missing or unknown:
        raise refuse(f"the body must have exactly the fields {', '.join(FIELDS)}; "
                       f"missing: {', '.join(missing) or 'none'}; unknown: {', '.join(unknown[:3]) or 'none'}")
    if not isinstance(values["tokenizers"], list) or len(values["tokenizers"]) != 3:
        raise refuse(f"tokenizers must be a list of three names; got {quote(values['tokenizers'])}")
    return values


async def edit_answer(values: dict) -> dict:
    """What the page shows for an edit: the panels' event and the embedding's, in one answer."""
    note, *panels, prompt, answer = await update_panels(values["text"], values["mark_whitespace"], values["view"],
                                                        values["special"], *values["tokenizers"], values["example"])
    embedding = await update_embedding(values["text"], values["init"])
    return {"note": note, "panels": panels, "prompt": prompt, "answer": answer, "embedding": list(embedding)}


def _json(status: int, content: dict, headers: dict | None = None) -> Response:
    return Response(orjson.dumps(content), status, headers, media_type="application/json")


async def edit(request: Request) -> Response:
    try:
        body = await request.body()
    except ValueError:  # server.Guard: a body that grew past the cap without declaring its length
        return _json(413, {"detail": f"Request too large: at most {server.MAX_BODY_BYTES:,} bytes."})
    try:
        values = edit_values(body)
        text = values["text"]
        lane = LONG if isinstance(text, str) and len(text) > server.BIG_INPUT_CHARS else SMALL
        if lane.full():
            return _json(503, {"detail": "The server is busy: too many edits at once. Try again in a second."},
                         {"Retry-After": str(RETRY_AFTER_SECONDS)})
        return _json(200, await lane.run(edit_answer, values))
    except gr.Error as err:  # a bad value: the message says what was expected and quotes at most 40 characters
        return _json(400, {"detail": err.message})
    except Exception as err:  # its message may quote the text: only its type is said, and nothing is printed
        return _json(500, {"detail": f"The server could not work on this edit ({type(err).__name__}); try again."})


ROUTES = [Route(EDIT_PATH, edit, methods=["POST"])]
