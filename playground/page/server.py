"""The classroom server's guard rails: what any client, page or script, may reach, send and leave behind.

Everyone with the link reaches every route Gradio serves, not only the page. So:
- Routes: only what the page and the documented API need. Deep-link state files, uploads,
  run history, file serving and the direct /run and /api routes (which skip the queue's
  limits) answer 404; /call/<name> serves the public endpoints only. Every rule judges the path the
  app routes by (route_path): the same under GRADIO_ROOT_PATH and behind any proxy's prefix.
- Requests: bodies over MAX_BODY_BYTES are refused with 413 before Gradio reads them, bodies whose JSON
  nests deeper than MAX_JSON_DEPTH with 400 before any JSON parser sees them (json.loads, pydantic and
  repr() recurse once a level, and fail with a RecursionError and a traceback past about 1,000), and bodies
  not whole within BODY_SECONDS with 408 (_checked_body: one reader for every route); a call
  to an event that does not exist, runs in the browser only, or gets the wrong number of values
  is refused with a message saying so; a query string over MAX_QUERY_BYTES is cut to fit.
- Sessions: Gradio copies every input and output into the session's config (for deep links,
  which are refused here). Nothing is kept there, and at most SESSION_CAPACITY sessions are.
  Results nobody reads expire after UNREAD_SECONDS, and all of them together hold at most
  UNREAD_BYTES (UnreadResults).
- Logs: Gradio prints a traceback when an event fails, and the exception's message may quote
  what the user sent. Its tracebacks here keep the frames and withhold the message. Routes that
  would print what a client sent (custom components) or a traceback (unknown event ids) are
  answered here first.
- Browsers: every answer but the page's hashed assets says Cache-Control: no-store, so no typed
  text is left in a disk cache; every answer carries the page's Content-Security-Policy (content_policy),
  nosniff and no-referrer (PAGE_HEADERS). No answer lets another origin's page read it, and what another
  site's page sends is refused (_from_another_site, same_origin_only).
- Connections: bounded in time, number and head bytes (BoundedH11Protocol, bound_connections).
- Work: a text over BIG_INPUT_CHARS is worked on in a separate process, one text at a time
  (run_sized, Lane.run_sized), so a handful of huge pastes cannot starve the small edits of
  everyone else; while it waits, a long text holds no slot a small edit needs (Lane). The worker
  exits when the server does, however it ends.

What of Gradio, uvicorn, starlette, h11 and asyncio this replaces, wraps, extends or reads is listed in PATCHES,
and tests/test_server_patches.py fails when an upgrade changes any of it.
"""

from __future__ import annotations

import asyncio
import ctypes
import inspect
import json
import multiprocessing
import multiprocessing.connection
import os
import re
import signal
import sys
import threading
import time
import traceback
import weakref
from collections import deque
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import NamedTuple, TypeVar
from urllib.parse import parse_qsl, quote, urlencode

import anyio
import h11
import numpy as np
import orjson
from starlette._utils import get_route_path  # private, but it is the router's own: the Guard must agree with it
from uvicorn.protocols.http.h11_impl import STATUS_PHRASES, H11Protocol

from playground.page.content_policy import APP_POLICY
from playground.tokenizers.from_file import register_all
from playground.tokenizers.registry import registrations

T = TypeVar("T")


class Patch(NamedTuple):
    """One thing of another package's internals that this server depends on, and how."""

    target: str  # the dotted name of the internal, as it is imported
    change: str  # "replaced", "wrapped", "subclassed" or "read"
    by: str  # what here does it
    why: str


PATCHES = (
    Patch("gradio.route_utils.CustomCORSMiddleware.parent_configures_cors", "replaced", "same_origin_only",
          "answers True: Gradio's CORS middleware passes every request on, and Guard refuses what another site sends "
          "(Gradio would let any origin's page read the answers when the server is reached by a LAN address)"),
    Patch("gradio.state_holder.SessionState._update_value_in_config", "replaced", "keep_no_user_values",
          "does nothing: Gradio copies every event's inputs and outputs (the user's text) into the session, "
          "for deep links, which Guard refuses"),
    *(Patch(f"{module}.traceback", "replaced", "keep_no_user_values (_TracebackWithoutMessages)",
            "print_exc() prints a failure's frames and type, never its message, which may quote what a user sent")
      for module in ("gradio.queueing", "gradio.routes", "gradio.route_utils", "gradio.utils")),
    Patch("gradio.queueing.AsyncQueue", "replaced", "keep_no_user_values (UnreadResults)",
          "each session's queue of messages: results nobody reads expire, and all together hold at most UNREAD_BYTES"),
    Patch("gradio.queueing.error_payload", "wrapped", "keep_no_user_values (_error_said)",
          "an error that is not a gr.Error is named by its type, never sent as {\"error\": null}"),
    Patch("gradio.networking.url_ok", "replaced", "skip_own_page_check",
          "answers True: Gradio HEADs its own page after launch with a 3 s timeout and exits when a busy machine "
          "is slower than that"),
    Patch("uvicorn.config.Config.__init__", "wrapped", "bound_connections",
          "serves with BoundedH11Protocol, KEEP_ALIVE_SECONDS, ACCEPT_BACKLOG and a head size that lets a long link "
          "reach Guard"),
    Patch("uvicorn.protocols.http.h11_impl.H11Protocol", "subclassed", "BoundedH11Protocol",
          "its connection_made, connection_lost, on_response_complete and handle_events, extended to bound "
          "connections in time, number and head bytes, and to close one answered before its body was whole; "
          "it reads conn, connections, transport, loop and cycle"),
    Patch("uvicorn.protocols.http.h11_impl.STATUS_PHRASES", "read", "BoundedH11Protocol._refuse",
          "the reason phrase of a status answered without h11"),
    Patch("h11.Connection.trailing_data", "read", "BoundedH11Protocol._refused_head",
          "the bytes of a request head h11 has not parsed yet: measured before h11 buffers more of them"),
    Patch("h11.SEND_BODY", "read", "BoundedH11Protocol.on_response_complete",
          "with h11.IDLE, the states of Connection.their_state: whether a request's body is still coming"),
    Patch("asyncio.Queue._put", "subclassed", "UnreadResults",
          "with _init and _get (and _queue, the messages): each message's size and arrival are noted as it is put "
          "and got, so the sweep can replace old ones"),
    Patch("gradio.server_messages.ProcessCompletedMessage", "read", "UnreadResults.expire",
          "the message an expired result becomes: event_id, success, output"),
    Patch("gradio.queueing.Queue.pending_messages_per_session", "read", "Guard, _sweep_unread_results",
          "with event_ids_to_events and pending_event_ids_session: which events and sessions have results to read, "
          "and the sessions the sweep forgets"),
    Patch("gradio.blocks.Blocks.fns", "read", "Guard (_check_call)",
          "with _queue, reached as scope['app'].get_blocks(): the page's events by fn_index (BlockFunction: fn, "
          "inputs, api_name), to refuse a call Gradio would answer with a traceback"),
    Patch("starlette._utils.get_route_path", "read", "route_path",
          "the path the router matches routes by, without the root path: the Guard judges the same path"),
)

# /call/<name> serves these, and only these
PUBLIC_APIS = frozenset({"compare", "embed", "premium", "replay", "embedding", "chat", "batch"})
MAX_BODY_BYTES = 4_000_000  # a 1 MB paste as JSON (escapes included) fits; the server tokenises 100,000 chars of it
MAX_JSON_DEPTH = 64  # levels of [ and { in a body: the page's and Gradio's deepest is 4
# A request's whole body must arrive within this many seconds of its head: MAX_BODY_BYTES at 1.6 Mbit/s, the page's
# longest ask (100,000 characters, at most 400 KB of UTF-8) at 160 kbit/s. Past it, 408 (a body sent a byte at a
# time held its connection and its handler for as long as the client liked).
BODY_SECONDS = 20
QUEUE_MAX_SIZE = 128  # events waiting at once: a class of 50 has at most two each (always_last); scripts share the rest
SESSION_CAPACITY = 64  # sessions Gradio keeps; the page keeps no state in them, so an evicted one loses nothing
# Texts longer than this are worked on in the big-input worker, one at a time: the server's own threads take
# only the texts work.CACHED_INPUT_CHARS caches. At 10,000, a key in a 9,000-character text cost
# 29 ms of the server's CPU and a whole 794 KB answer, and 32 typists took a small edit to 2.4 s (bench/mid_texts.py).
BIG_INPUT_CHARS = 5_000
WORKER_IDLE_SECONDS = 120  # the worker exits after this long without a long text
MAX_QUERY_BYTES = 60_000  # a longer query string is cut to this (Gradio fails on URLs over 65,536 characters)
MAX_QUERY_PARAMS = 64  # distinct parameters a link keeps: the page reads six, Gradio a few more
MAX_LINK_BYTES = 2 * 1024 * 1024  # the longest link a request line may carry: Chromium's own URL limit
MAX_HEADER_BYTES = 64 * 1024  # a request's headers (a browser sends 1 to 8 KB); more is a 431
MAX_HEADERS = 100  # header lines of a request (a browser sends about 20)
HEADS_BYTES = 64 * 1024 * 1024  # unfinished request heads of all connections together: 32 of the longest links
HEAD_SECONDS = 5  # a connection that has not sent a whole request head by then is closed (idle ones too)
KEEP_ALIVE_SECONDS = 5  # uvicorn's own close of a kept-alive connection with nothing sent (its default)
LINGER_SECONDS = 5  # a connection answered before its request's body was whole is closed this long after
MAX_CONNECTIONS = 2048  # open at once: a class of 200 pages holds 2 to 4 each (the heartbeat, its edits)
ACCEPT_BACKLOG = 64  # connections the kernel holds for accept(); asyncio accepts up to this many in one go
# Files left under the process's file limit: the server's own (a dozen; 128 kept) and four goes of accepts,
# since a connection accepted past the ceiling is closed only some loop turns later (its transport is made
# in a task, connection_made is called soon after, and abort() lets the file go a turn after that), while
# each turn may accept another go: with one go kept (256), 1,300 connections under a 1,024 limit still
# reached "Too many open files" now and then.
FD_RESERVE = 128 + 4 * ACCEPT_BACKLOG
UNREAD_SECONDS = 60  # a result nobody has read for this long is dropped
UNREAD_BYTES = 16_000_000  # JSON of results waiting to be read, all sessions together (Python holds up to ~4x)
SWEEP_SECONDS = 5  # how often unread results are checked for age
M_ARENA_MAX = -8  # glibc's mallopt() parameter numbers (malloc.h): the arena limit,
M_MMAP_THRESHOLD = -3  # and the size from which a block comes from mmap
MMAP_THRESHOLD_BYTES = 1 << 20  # 1 MiB: one-hot tensors and plots above it go straight back to the system
TRIM_EVERY_SECONDS = 15  # how often the heap's free pages are handed back (malloc_trim): a few ms each time

REFUSED_PREFIXES = (  # 404 for every method
    "/gradio_api/deep_link",  # writes the session's values (the user's text) to a file
    "/gradio_api/upload",  # stores any file, of any size, across restarts; also /upload_progress
    "/gradio_api/process_recording",
    "/gradio_api/run/", "/gradio_api/api/",  # direct calls that skip the queue and its limits
    "/gradio_api/runs", "/gradio_api/run-history",  # run history (off at launch, refused here too)
    "/gradio_api/file=", "/gradio_api/file/", "/gradio_api/proxy=",  # the page serves no files
    "/gradio_api/stream/", "/gradio_api/component_server", "/gradio_api/dev/",
    "/gradio_api/vibe", "/gradio_api/undo-vibe", "/monitoring",
    "/gradio_api/custom_component/",  # prints the id it is sent to the log; the page uses no custom component
)
# The page's own routes (ask_route, chat_route, twin_route) read their bodies themselves, through
# _checked_body, and catch BodyRefused: an ask may be refused before its body is read (a full long lane).
OWN_ROUTES = "/playground/"
BODY_METHODS = ("POST", "PUT", "PATCH", "DELETE")
CONTROL_CHARACTER = re.compile(r"[\x00-\x1f\x7f]")  # in no path of the page's
# Gradio's own files, the page's and the browser tokenizers' (page_route, twin_route: content-hashed names): no user
# text, may be cached; and the page and its service worker, which say themselves how (revalidated: page_route)
CACHED_PREFIXES = ("/assets/", "/static/", "/favicon.ico", "/page/", "/playground/twin/")
OWN_CACHING = ("/", "/sw.js")
NOT_STORED = ((b"cache-control", b"no-store"),)  # on every other answer: it may carry what a user typed
# On every answer: the page is cross-origin isolated, so no other site's window keeps a handle on it and no
# other site's resource shares its process. All it loads is its own origin's, which require-corp lets
# through; embedded in another site's page (a Hugging Face Space), it is not isolated, and works the same.
ISOLATED = ((b"cross-origin-opener-policy", b"same-origin"), (b"cross-origin-embedder-policy", b"require-corp"))
# On every answer too: what the page may load and run (content_policy.APP_POLICY: its own origin only); no answer is
# read as another type than it says (a text/plain answer quoting what a client sent is never run as a script); and
# no request the page makes says where from: its URL may hold the text (a share link's ?text=), and nothing of its
# server reads a Referer, so no-referrer rather than same-origin.
PAGE_HEADERS = ((b"content-security-policy", APP_POLICY.encode("ascii")), (b"x-content-type-options", b"nosniff"),
                (b"referrer-policy", b"no-referrer"))


class Guard:
    """ASGI middleware in front of Gradio: refuses what the page does not need, oversized bodies,
    calls Gradio would answer with a traceback or a null error, and keeps answers out of caches."""

    def __init__(self, app) -> None:
        self.app = app
        self._sweeper: asyncio.Task | None = None

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        path, method = route_path(scope), scope["method"]
        cached = path.startswith(CACHED_PREFIXES) or path in OWN_CACHING
        send = _answered_with(send, ISOLATED + PAGE_HEADERS + (() if cached else NOT_STORED))
        refused = _from_another_site(scope) or _unprintable_path(scope["path"])
        if refused:
            return await _answer(send, *refused)
        if path.startswith(REFUSED_PREFIXES):
            return await _answer(send, 404, "Not found: this classroom server does not offer that route.")
        if _long_query(scope["query_string"]):
            scope = {**scope, "query_string": cut_query(scope["query_string"])}
        declared = dict(scope["headers"]).get(b"content-length")
        if declared is not None and not declared.isdigit():
            return await _answer(send, 400, "Content-Length must be a number of bytes.")
        if declared is not None and int(declared) > MAX_BODY_BYTES:
            return await _answer(send, 413, f"Request too large: at most {MAX_BODY_BYTES:,} bytes.")
        queue = scope["app"].get_blocks()._queue
        if self._sweeper is None:  # on the server's event loop, which Gradio's queue runs on
            self._sweeper = asyncio.create_task(_sweep_unread_results(queue))
        if method in BODY_METHODS:
            receive = _checked_body(receive)
            if not path.startswith(OWN_ROUTES):  # Gradio's routes: the body read and checked here, first
                try:
                    body = await _read_body(receive)
                except BodyRefused as refused:
                    return await _answer(send, refused.status, refused.detail)
                refused = _check_call(path, body, scope["app"].get_blocks()) if _is_call(path, method) else None
                if refused:
                    return await _answer(send, *refused)
                receive = _replayed(body, receive)
        elif method == "GET" and not _known_reader(path, scope["query_string"], queue):
            return await _answer(send, 404, f"No such event waiting to be read: a result is kept until it is "
                                            f"read, for at most {UNREAD_SECONDS} s. Send the request again.")
        return await self.app(scope, receive, send)


def route_path(scope) -> str:
    """The path the app routes this request by: scope["path"] without the root path (GRADIO_ROOT_PATH,
    or a proxy's prefix), computed by Starlette's own function, the one its router and FastAPI's match
    routes with. Judged on scope["path"], /tok/gradio_api/upload under GRADIO_ROOT_PATH=/tok passed every
    refusal and reached the upload route. The server has already decoded it (%2F is a "/"), and
    like the router, it keeps dot segments and doubled slashes, which match no route."""
    return get_route_path(scope)


def _from_another_site(scope) -> tuple[int, str] | None:
    """(403, why) for a request another site's page made a browser send; else None.

    Gradio's CORS middleware hands every request on (same_origin_only), so no answer carries an
    Access-Control-Allow-Origin: another origin's page may not read one. Preflights are refused, and
    so is what a browser marks as sent for another site's page (Sec-Fetch-Site, sent by every current
    browser), but for opening the page itself: a link, or an iframe (a Hugging Face Space), may."""
    if scope["method"] == "OPTIONS":  # a preflight: another origin asking what it may send
        return 403, "This server answers its own page only: no other origin may call it from a browser."
    headers = dict(scope["headers"])
    if headers.get(b"sec-fetch-site", b"same-origin") in (b"same-origin", b"none"):
        return None
    if scope["method"] in ("GET", "HEAD") and headers.get(b"sec-fetch-mode") == b"navigate":
        return None  # a link to the page, or the page in another site's iframe
    return 403, "This server answers its own page only: a page of another site may not call it."


def _unprintable_path(path: str) -> tuple[int, str] | None:
    """(404, why) for a path with a control character in it (a %0A, say): no route of the page has one, and
    Gradio's heartbeat fails on one when its connection closes, with a traceback in the log."""
    if CONTROL_CHARACTER.search(path):
        return 404, "Not found: no path of this server has a control character in it."
    return None


def same_origin_only() -> None:
    """Gradio's CORS middleware gives any origin's page the answers when the server is reached by a name
    other than localhost (a lecture hall's LAN address): here it passes every request on, untouched, and
    Guard refuses what another site sends (_from_another_site). Scripts (gradio_client, curl) send no
    Origin and work as before."""
    import gradio.route_utils

    gradio.route_utils.CustomCORSMiddleware.parent_configures_cors = lambda self: True


def _long_query(query: bytes) -> bool:
    return len(query) > MAX_QUERY_BYTES or query.count(b"&") >= MAX_QUERY_PARAMS


def cut_query(query: bytes) -> bytes:
    """A query string cut to fit Gradio: each parameter once (a repeated one keeps its last value, the one
    the page reads), at most MAX_QUERY_PARAMS of them, and at most MAX_QUERY_BYTES: the longest value is
    cut (at a whole character) to what fits, like ?text= past the input limit; the other parameters
    keep at most half of it (the last dropped first), and a key too long to be one of ours is dropped."""
    pairs = list(dict(parse_qsl(query.decode("utf-8", "replace"), keep_blank_values=True)).items())[:MAX_QUERY_PARAMS]
    pairs = [(key, value) for key, value in pairs if len(quote(key, safe="")) <= MAX_QUERY_BYTES // 4]
    if not pairs:
        return b""
    longest = max(range(len(pairs)), key=lambda k: len(pairs[k][1]))
    key, value = pairs.pop(longest)
    while pairs and len(urlencode(pairs)) > MAX_QUERY_BYTES // 2:
        pairs.pop()
    room = MAX_QUERY_BYTES - len(urlencode(pairs)) - len(quote(key, safe="")) - 2  # "&" and "="
    kept, used = [], 0
    for ch in value:
        used += len(quote(ch, safe=""))
        if used > room:
            break
        kept.append(ch)
    return urlencode([*pairs[:longest], (key, "".join(kept)), *pairs[longest:]]).encode("ascii")


def _is_call(path: str, method: str) -> bool:
    """Whether this request asks Gradio's queue to run an event: _check_call judges it first."""
    return path.startswith("/gradio_api/call/") and method == "POST" or path == "/gradio_api/queue/join"


async def _read_body(receive) -> bytes:
    """The whole request body, through _checked_body's receive (which raises BodyRefused)."""
    parts, more = [], True
    while more:
        message = await receive()
        parts.append(message.get("body", b""))
        more = message.get("more_body", False)
    return b"".join(parts)


def _replayed(body: bytes, receive):
    """receive() that first gives back the body already read."""
    pending = [{"type": "http.request", "body": body, "more_body": False}]

    async def wrapped():
        return pending.pop() if pending else await receive()

    return wrapped


def _check_call(path: str, body: bytes, blocks) -> tuple[int, str] | None:
    """(status, message) if this call would fail inside Gradio without saying why; else None."""
    try:
        request = read_json(body)
    except ValueError:
        return 400, 'The body must be JSON: {"data": [value, ...]}.'
    if not isinstance(request, dict):
        return 400, 'The body must be a JSON object: {"data": [value, ...]}.'
    if path == "/gradio_api/queue/join":
        fn = blocks.fns.get(request.get("fn_index")) if type(request.get("fn_index")) is int else None
        if fn is None:
            return 404, f"No event {str(request.get('fn_index'))[:40]}: this page has events 0 to {max(blocks.fns)}."
        if fn.fn is None:
            return 404, f"Event {request['fn_index']} runs in the browser only: there is nothing to call on the server."
        what = f"event {request['fn_index']}"
    else:
        name = path.removeprefix("/gradio_api/call/").strip("/")
        if name.startswith("v2/"):  # named values: Gradio fills in the defaults
            name = name.removeprefix("v2/")
            return _check_named_values(name, request, blocks) if name in PUBLIC_APIS else (404, _no_such_endpoint(name))
        if name not in PUBLIC_APIS:
            return 404, _no_such_endpoint(name)
        fn = next(f for f in blocks.fns.values() if f.api_name == name)
        what = f"/{name}"
    data = request.get("data")
    if not isinstance(data, list) or len(data) != len(fn.inputs):
        got = f"{len(data):,} values" if isinstance(data, list) else f"{type(data).__name__}"
        return 422, f"{what} takes a list of {len(fn.inputs)} values in data, got {got} (see the page's API link)."
    return None


def _check_named_values(name: str, request: dict, blocks) -> tuple[int, str] | None:
    """(422, what is wrong) for named values /call/v2/<name> does not take or lacks (Gradio answers
    those with a traceback in the log, quoting the name it was sent); else None."""
    from playground.page.inputs import quote

    fn = next(f for f in blocks.fns.values() if f.api_name == name)
    parameters = inspect.signature(fn.fn).parameters
    unknown = [key for key in request if key not in parameters]
    missing = [key for key, p in parameters.items() if p.default is inspect.Parameter.empty and key not in request]
    if unknown or missing:
        return 422, (f"/{name} takes the named values {', '.join(parameters) or 'none'}; unknown: "
                     f"{', '.join(quote(key) for key in unknown[:3]) or 'none'}; missing: {', '.join(missing) or 'none'}")
    return None


def read_json(body: bytes):
    """The JSON of a body, or ValueError. An escaped lone surrogate ("\\ud800", as JavaScript's
    JSON.stringify writes one) is read as it is, for the handlers to replace with U+FFFD (orjson
    refuses it, and the stdlib's parser, slower, reads it)."""
    try:
        return orjson.loads(body)
    except orjson.JSONDecodeError:
        return json.loads(body, parse_constant=_not_json)  # its JSONDecodeError is a ValueError


def _not_json(constant: str):
    raise ValueError(f"{constant} is not JSON")  # NaN, Infinity: the stdlib reads them, orjson does not


def _no_such_endpoint(name: str) -> str:
    return f"No public endpoint /{name[:40]}; the endpoints are {', '.join('/' + n for n in sorted(PUBLIC_APIS))}."


def _known_reader(path: str, query: bytes, queue) -> bool:
    """False for a GET that would read the results of an event or session Gradio does not hold:
    it would answer with a traceback in the log."""
    if path.startswith("/gradio_api/call/") and path.count("/") >= 4:
        event_id = path.rstrip("/").rsplit("/", 1)[1]
        return event_id in queue.event_ids_to_events or any(
            event_id in ids for ids in queue.pending_event_ids_session.values())
    if path == "/gradio_api/queue/data":
        session = dict(parse_qsl(query.decode("latin-1"))).get("session_hash")
        return session in queue.pending_messages_per_session
    return True


def _answered_with(send, headers: tuple[tuple[bytes, bytes], ...]):
    """send(), with these headers on the answer, in place of any of the same names."""
    names = {name for name, _ in headers}

    async def wrapped(message):
        if message["type"] == "http.response.start":
            kept = [(k, v) for k, v in message.get("headers", []) if k.lower() not in names]
            message = {**message, "headers": [*kept, *headers]}
        await send(message)

    return wrapped


class BodyRefused(ValueError):
    """A request body the server reads no further; status and detail are its answer."""

    def __init__(self, status: int, detail: str) -> None:
        super().__init__(detail)
        self.status, self.detail = status, detail


def _checked_body(receive):
    """receive(), but the body is refused (BodyRefused) past MAX_BODY_BYTES (a body that did not declare its
    length), if it is not whole BODY_SECONDS after its head, if the client leaves before it is whole (Starlette
    would raise ClientDisconnect, with a traceback in the log), and, once whole, if its JSON nests deeper than
    MAX_JSON_DEPTH. Past the body, receive() is Gradio's again: its event streams wait on it for the client to
    leave, without a bound."""
    deadline = asyncio.get_running_loop().time() + BODY_SECONDS
    parts, size, whole = [], 0, False

    async def wrapped():
        nonlocal size, whole
        if whole:
            return await receive()
        try:
            async with asyncio.timeout_at(deadline):
                message = await receive()
        except TimeoutError:
            raise BodyRefused(408, f"The request's body must arrive within {BODY_SECONDS} s; send it again.") from None
        if message["type"] != "http.request":
            raise BodyRefused(400, "The client left before its request's body arrived.")  # an answer nobody reads
        parts.append(message.get("body", b""))
        size += len(parts[-1])
        if size > MAX_BODY_BYTES:
            raise BodyRefused(413, f"Request too large: at most {MAX_BODY_BYTES:,} bytes.")
        if not message.get("more_body", False):
            whole = True
            if nests_too_deeply(b"".join(parts)):
                raise BodyRefused(400, f"The body's JSON is nested too deeply: at most {MAX_JSON_DEPTH} levels "
                                       "of [ and {.")
            parts.clear()
        return message

    return wrapped


QUOTE, BACKSLASH = ord('"'), ord("\\")
BRACKET_STEPS = np.zeros(256, np.int8)  # each byte's step in depth: +1 opens an array or object, -1 closes one
BRACKET_STEPS[list(b"[{")], BRACKET_STEPS[list(b"]}")] = 1, -1


def nests_too_deeply(body: bytes) -> bool:
    """Whether the JSON in body nests arrays and objects deeper than MAX_JSON_DEPTH: the brackets outside strings,
    counted over the bytes at once (numpy), so that no parser recurses and no Python loop runs per byte (4 MB of
    brackets or of one-character strings: tens of ms, where a regular expression over its strings took a second)."""
    if body.count(b"[") + body.count(b"{") <= MAX_JSON_DEPTH:
        return False
    data = np.frombuffer(body, np.uint8)
    steps = BRACKET_STEPS[data]
    steps[np.bitwise_xor.accumulate(_string_quotes(data).view(np.uint8)).view(bool)] = 0  # within a string
    return int(np.cumsum(steps, dtype=np.int32).max()) > MAX_JSON_DEPTH


def _string_quotes(data: np.ndarray) -> np.ndarray:
    """Where a string opens or closes: each quote but those escaped, after an odd run of backslashes."""
    quotes = data == QUOTE
    after_backslash = np.flatnonzero(quotes[1:] & (data[:-1] == BACKSLASH)) + 1
    if after_backslash.size:
        backslashes = np.flatnonzero(data == BACKSLASH)
        run_starts = backslashes[np.r_[True, np.diff(backslashes) != 1]]
        starts = run_starts[np.searchsorted(run_starts, after_backslash - 1, side="right") - 1]
        quotes[after_backslash[(after_backslash - starts) % 2 == 1]] = False
    return quotes


async def _answer(send, status: int, detail: str) -> None:
    body = orjson.dumps({"detail": detail})
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})


# --- results nobody reads --------------------------------------------------------------------


class UnreadResults(asyncio.Queue):
    """One session's messages waiting to be read: Gradio's queue keeps one per session (up to 2,000)
    until a client reads it, and a POST to /call/<name> never followed by its GET is never read.

    Each result's size (its JSON) and arrival are noted, so the sweep can drop results left unread
    for UNREAD_SECONDS, and all sessions together hold at most UNREAD_BYTES: past it, the oldest
    are dropped. A dropped result becomes a short error, so its reader, if one comes, learns why.
    """

    live: "weakref.WeakSet[UnreadResults]" = weakref.WeakSet()

    def _init(self, maxsize: int) -> None:
        super()._init(maxsize)
        self._arrived: deque[tuple[float, int]] = deque()  # (time.monotonic(), bytes) per message, in order
        self.bytes = 0
        self.last_put = time.monotonic()
        UnreadResults.live.add(self)

    def _put(self, item) -> None:
        size = len(orjson.dumps(item.output, default=str, option=orjson.OPT_SERIALIZE_NUMPY)) \
            if getattr(item, "output", None) else 0
        super()._put(item)
        self.last_put = time.monotonic()
        self._arrived.append((self.last_put, size))
        self.bytes += size
        if size and sum(q.bytes for q in UnreadResults.live) > UNREAD_BYTES:
            _drop_oldest_results()

    def _get(self):
        self.bytes -= self._arrived.popleft()[1]
        return super()._get()

    def oldest(self) -> float:
        """When the oldest result still unread arrived (infinity if none)."""
        return next((t for t, size in self._arrived if size), float("inf"))

    def expire(self, before: float, for_room: bool = False) -> None:
        """Replace each result that arrived before `before` with a short error saying which limit it hit:
        its age, or (for_room) the bytes of all unread results."""
        from gradio.server_messages import ProcessCompletedMessage

        for k, (arrived, size) in enumerate(self._arrived):
            if arrived >= before:
                break
            if size:
                self._queue[k] = ProcessCompletedMessage(
                    event_id=self._queue[k].event_id, success=False, output={"error": _dropped_because(size, for_room)})
                self._arrived[k] = (arrived, 0)
                self.bytes -= size


def _dropped_because(size: int, for_room: bool) -> str:
    """What a reader of a dropped result is told: which limit it hit, and what to do."""
    if not for_room:
        return f"the result was not read in time (a result is kept {UNREAD_SECONDS} s at most); send the request again"
    held = f"the server keeps at most {UNREAD_BYTES / 1e6:.0f} MB of results waiting to be read, all clients together"
    if size > UNREAD_BYTES:
        return (f"the result, {size / 1e6:.1f} MB of JSON, is larger than {held}; ask for less "
                "(a shorter text, or fewer tokenizers)")
    return f"the result was dropped unread to make room: {held}, the oldest dropped first; send the request again"


def _drop_oldest_results() -> None:
    """The oldest sessions' unread results expire until all sessions hold at most UNREAD_BYTES."""
    held = sum(q.bytes for q in UnreadResults.live)
    for messages in sorted(UnreadResults.live, key=UnreadResults.oldest):
        if held <= UNREAD_BYTES:
            return
        held -= messages.bytes
        messages.expire(float("inf"), for_room=True)


async def _sweep_unread_results(queue) -> None:
    """Every SWEEP_SECONDS: results unread for UNREAD_SECONDS expire, and a session with nothing
    running and nothing new for that long is forgotten (Gradio would keep up to 2,000)."""
    while True:
        await asyncio.sleep(SWEEP_SECONDS)
        before = time.monotonic() - UNREAD_SECONDS
        running = queue.event_ids_to_events
        for session in list(queue.pending_messages_per_session.keys()):
            messages = queue.pending_messages_per_session.get(session)
            if not isinstance(messages, UnreadResults):
                continue
            messages.expire(before)
            ids = queue.pending_event_ids_session.get(session, ())
            if messages.last_put < before and not any(i in running for i in ids):
                del queue.pending_messages_per_session[session]
                queue.pending_event_ids_session.pop(session, None)
        for session, ids in list(queue.pending_event_ids_session.items()):  # sessions the LRU cache let go
            if session not in queue.pending_messages_per_session and not any(i in running for i in ids):
                del queue.pending_event_ids_session[session]


class _TracebackWithoutMessages:
    """Stands in for the traceback module inside Gradio's modules: print_exc() shows where an
    event failed (the frames: code, not data) and the exception's type, never its message."""

    def __getattr__(self, name: str):
        return getattr(traceback, name)

    @staticmethod
    def print_exc(limit=None, file=None, chain=True) -> None:
        exc = sys.exc_info()[1]
        if exc is None:
            return
        frames = "".join(traceback.StackSummary.extract(traceback.walk_tb(exc.__traceback__), limit=limit).format())
        print(f"Traceback (most recent call last):\n{frames}{type(exc).__qualname__}: "
              "(message withheld: it may quote what a user sent)", file=file or sys.stderr)


def keep_no_user_values() -> None:
    """Make this process's Gradio keep no user value in its sessions, print none in its logs, keep
    unread results only for a while (UnreadResults), and say what failed instead of a null error.

    Gradio 6.31 (pinned) writes every event's inputs and outputs into SessionState.config_values,
    read only by the deep-link route, which Guard refuses; those writes are turned off here.
    """
    import gradio.queueing
    import gradio.route_utils
    import gradio.routes
    import gradio.utils
    from gradio.state_holder import SessionState

    SessionState._update_value_in_config = lambda self, key, value: None
    for module in (gradio.queueing, gradio.routes, gradio.route_utils, gradio.utils):
        module.traceback = _TracebackWithoutMessages()
    gradio.queueing.AsyncQueue = UnreadResults  # the queue Gradio makes for each session's messages
    gradio.queueing.error_payload = _error_said(gradio.queueing.error_payload)


def skip_own_page_check() -> None:
    """Once serving, Gradio HEADs its own page with a 3 s timeout and exits when that times out, as it can on a
    busy 2-core laptop (the warm-up loads torch beside it): the address is the one asked for."""
    import gradio.networking

    gradio.networking.url_ok = lambda url: True


def bound_connections() -> None:
    """Serve HTTP with BoundedH11Protocol: connections bounded in time and number, request heads in bytes.
    A request line may be as long as any link a browser opens (MAX_LINK_BYTES), so Guard can cut its query
    string to fit Gradio (uvicorn's parser, h11, otherwise drops a link over about 100,000 characters
    without an answer); the headers after it may not."""
    import uvicorn.config

    init = uvicorn.config.Config.__init__

    def bounded(self, *args, **kwargs) -> None:
        kwargs.update(http=BoundedH11Protocol, timeout_keep_alive=KEEP_ALIVE_SECONDS, backlog=ACCEPT_BACKLOG,
                      h11_max_incomplete_event_size=MAX_LINK_BYTES + MAX_HEADER_BYTES + 4)
        init(self, *args, **kwargs)

    uvicorn.config.Config.__init__ = bounded


def connection_ceiling() -> int:
    """How many connections may be open at once: MAX_CONNECTIONS, or fewer under the process's file limit,
    with FD_RESERVE left for the files, pipes and worker the server opens itself."""
    import resource

    soft, _ = resource.getrlimit(resource.RLIMIT_NOFILE)
    return max(16, min(MAX_CONNECTIONS, soft - FD_RESERVE))


class BoundedH11Protocol(H11Protocol):
    """uvicorn's HTTP/1.1 connection, bounded:
    - a connection waiting for a request head (a new one, or one kept alive after an answer) is closed
      once HEAD_SECONDS pass without a whole head, however slowly it sends one; one answered before its
      request's body was whole (Guard's 408 for a body not whole in BODY_SECONDS, a 413) LINGER_SECONDS later;
    - a request line longer than MAX_LINK_BYTES is answered 414, headers of more than MAX_HEADER_BYTES
      or MAX_HEADERS lines 431, as soon as that much has arrived, and all the connections together
      buffer at most HEADS_BYTES of unfinished heads (past it a long one is answered 503);
    - past connection_ceiling() open connections, a new one closes the one that has waited longest for
      a head, or, if every one is in a request, is closed itself: no file limit is reached, and nothing
      is logged for it."""

    ceiling: int | None = None
    heads_bytes = 0  # of all connections' unfinished heads

    def connection_made(self, transport) -> None:
        super().connection_made(transport)
        self._waiting_since: float | None = None  # time.monotonic() when it began to wait for a head
        self._head_timer: asyncio.TimerHandle | None = None
        self._head_bytes = 0
        if BoundedH11Protocol.ceiling is None:
            BoundedH11Protocol.ceiling = connection_ceiling()
        if len(self.connections) > BoundedH11Protocol.ceiling:
            waiting = [c for c in self.connections if getattr(c, "_waiting_since", None) is not None
                       and c is not self and not c.transport.is_closing()]  # closing: its file is let go next
            if not waiting:
                transport.abort()
                return
            min(waiting, key=lambda c: c._waiting_since).transport.abort()
        self._wait_for_head()

    def connection_lost(self, exc) -> None:
        self._head_done()
        super().connection_lost(exc)

    def on_response_complete(self) -> None:
        super().on_response_complete()
        if self.transport.is_closing():
            return
        if self.conn.their_state is h11.SEND_BODY:  # answered before its body was whole (408, 413, 503)
            # The rest is not read, and bytes trickling in would keep the connection open: it is closed LINGER_SECONDS
            # later, unless a next request has begun (a close with bytes unread resets the connection at once, and
            # the client, still sending, loses the answer before it reads it).
            cycle = self.cycle
            self.loop.call_later(LINGER_SECONDS, lambda: self.cycle is cycle and self.transport.close())
        elif self.conn.their_state is h11.IDLE:
            self._wait_for_head()  # kept alive: the next head has HEAD_SECONDS too

    def handle_events(self) -> None:
        if self.conn.their_state is h11.IDLE:
            refused = self._refused_head()
            if refused:
                return self._refuse(*refused)
        super().handle_events()
        if self.conn.their_state is not h11.IDLE:  # a whole head arrived
            self._head_done()
        elif not self.transport.is_closing():
            self._wait_for_head()

    def _wait_for_head(self) -> None:
        if self._head_timer is None:
            self._waiting_since = time.monotonic()
            self._head_timer = self.loop.call_later(HEAD_SECONDS, self._too_slow)

    def _head_done(self) -> None:
        if self._head_timer is not None:
            self._head_timer.cancel()
        self._head_timer, self._waiting_since = None, None
        BoundedH11Protocol.heads_bytes -= self._head_bytes
        self._head_bytes = 0

    def _too_slow(self) -> None:
        self._head_timer = None
        self._head_done()
        self.transport.abort()

    def _refused_head(self) -> tuple[int, str] | None:
        """(status, why) for the head buffered so far, if it may go no further; else None."""
        buffered, _ = self.conn.trailing_data  # what h11 has not parsed yet: the head so far
        BoundedH11Protocol.heads_bytes += len(buffered) - self._head_bytes
        self._head_bytes = len(buffered)
        line_end = buffered.find(b"\n")
        if line_end < 0:
            if len(buffered) > MAX_LINK_BYTES:
                return 414, f"A link may be at most {MAX_LINK_BYTES:,} bytes."
            line_end = len(buffered)
        headers = buffered[line_end:line_end + MAX_HEADER_BYTES + 4]  # from the request line's own \n
        blank = re.search(rb"\n\r?\n", headers)
        size = blank.start() if blank else len(headers)
        if size > MAX_HEADER_BYTES or headers.count(b"\n", 0, size) > MAX_HEADERS:
            return 431, f"A request's headers may be at most {MAX_HEADERS} lines and {MAX_HEADER_BYTES:,} bytes."
        if BoundedH11Protocol.heads_bytes > HEADS_BYTES and self._head_bytes > MAX_HEADER_BYTES:
            return 503, "The server is reading many long links at once; try again in a second."
        return None

    def _refuse(self, status: int, why: str) -> None:
        """Answer `status` and close, without h11 (it has no request to answer yet)."""
        body = why.encode()
        self.transport.write(b"HTTP/1.1 %d %s\r\ncontent-type: text/plain; charset=utf-8\r\nconnection: close\r\n"
                             b"content-length: %d\r\n\r\n%s" % (status, STATUS_PHRASES[status], len(body), body))
        self._head_done()
        self.transport.close()


def _error_said(error_payload):
    """Gradio's error_payload, but never {"error": null}: an error that is not a gr.Error is named by its type."""

    def said(error, show_error):
        content = error_payload(error, show_error)
        if content.get("error") is None:
            content["error"] = f"the server failed on this call ({type(error).__name__}); try again"
        return content

    return said


class BigInputWorker:
    """One worker process for long texts: their work runs there, one text at a time, so the
    server's own interpreter (its event loop and every small edit) is never held up by it.

    Started on the first long text; it exits once WORKER_IDLE_SECONDS pass without one, giving
    its memory back, or as soon as the server is gone. A worker that dies (out of memory, killed)
    is replaced on the next call, and the call it was on says so.
    """

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._pool: ProcessPoolExecutor | None = None
        self._busy = 0  # calls under way
        self._last_used = 0.0  # time.monotonic() when the last call ended
        self._watch: threading.Timer | None = None
        self._registered: list[tuple[str, str, str]] = []  # the registrations the worker was started with

    def run(self, fn: Callable[..., T], *args) -> T:
        """fn(*args) in the worker, waiting in this thread."""
        pool, future = self._submit(fn, *args)
        try:
            return future.result()
        except BrokenProcessPool:
            raise self._restarted(pool) from None
        finally:
            self._done()

    async def run_async(self, fn: Callable[..., T], *args) -> T:
        """fn(*args) in the worker, waiting on the event loop: no thread, no slot is held meanwhile."""
        pool, future = self._submit(fn, *args)
        try:
            return await asyncio.wrap_future(future)
        except BrokenProcessPool:
            raise self._restarted(pool) from None
        finally:
            self._done()

    def _submit(self, fn: Callable, *args) -> tuple[ProcessPoolExecutor, Future]:
        with self._lock:
            if self._pool is not None and self._registered != registrations():  # one was added since: start anew
                self._pool.shutdown(wait=False)
                self._pool = None
            if self._pool is None:
                # spawn, not fork: the server has threads, and a forked copy of their locks can hang.
                # A fresh interpreter, so it registers the tokenizers added at launch again, from their files.
                self._registered = registrations()
                self._pool = ProcessPoolExecutor(1, mp_context=multiprocessing.get_context("spawn"),
                                                 initializer=_start_worker, initargs=(self._registered,))
            pool = self._pool
            self._busy += 1
        try:
            return pool, pool.submit(fn, *args)
        except BrokenProcessPool:
            self._done()
            raise self._restarted(pool) from None

    def _restarted(self, pool: ProcessPoolExecutor) -> Exception:
        """The error for a call whose worker died: the next call starts a new one."""
        import gradio as gr

        with self._lock:
            if self._pool is pool:
                self._pool = None
        return gr.Error("the server restarted its worker; try again", print_exception=False)

    def _done(self) -> None:
        with self._lock:
            self._busy -= 1
            self._last_used = time.monotonic()
            if self._watch is None:
                self._watch_idle(WORKER_IDLE_SECONDS)

    def stop(self) -> None:
        """Stop the worker now (it starts again on the next long text) and wait for it to exit."""
        with self._lock:
            pool, self._pool = self._pool, None
        if pool is not None:
            pool.shutdown(wait=True, cancel_futures=True)

    def _watch_idle(self, seconds: float) -> None:
        """Check again in `seconds` (called with the lock held)."""
        self._watch = threading.Timer(seconds, self._stop_if_idle)
        self._watch.daemon = True
        self._watch.start()

    def _stop_if_idle(self) -> None:
        with self._lock:
            self._watch = None
            if self._pool is None:
                return
            idle = time.monotonic() - self._last_used
            if self._busy or idle < WORKER_IDLE_SECONDS:
                self._watch_idle(WORKER_IDLE_SECONDS - idle if not self._busy else WORKER_IDLE_SECONDS)
                return
            pool, self._pool = self._pool, None
        pool.shutdown(wait=False)


def _start_worker(registered: list[tuple[str, str, str]]) -> None:
    """In the worker, first: register the tokenizers added at launch, and exit when the server does.
    (A server stopped by a signal runs no clean-up, and its worker would otherwise live on, idle.)
    Ctrl+C reaches the whole process group: the server decides, and the worker follows it out."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    register_all(registered)
    parent = multiprocessing.parent_process()

    def exit_with_parent() -> None:
        multiprocessing.connection.wait([parent.sentinel])
        os._exit(0)

    if parent is not None:
        threading.Thread(target=exit_with_parent, name="exit-with-server", daemon=True).start()


_worker = BigInputWorker()


def tune_malloc() -> None:
    """Two glibc malloc arenas for the whole server instead of up to eight per core, and large blocks
    always from mmap, so that what a request frees goes back to the system.

    glibc gives each thread that allocates its own arena, and what one frees the others do not
    reuse: Gradio runs handlers on up to 40 threads. And after a large block is freed, glibc raises
    its mmap threshold to that size, so the next multi-MB tensors (a one-hot check, a plot) come
    from the heap, where they fragment and stay. Measured with bench/hardening.py (1,000 sessions).

    And every TRIM_EVERY_SECONDS, the free pages inside the heap go back too (malloc_trim): the
    many small blocks of a class's requests leave holes that glibc otherwise keeps.
    """
    try:
        libc = ctypes.CDLL("libc.so.6")
        libc.mallopt(M_ARENA_MAX, 2)
        libc.mallopt(M_MMAP_THRESHOLD, MMAP_THRESHOLD_BYTES)  # a fixed threshold: no dynamic raising
        trim = libc.malloc_trim
    except (OSError, AttributeError):  # not glibc: nothing to tune
        return

    def trim_now_and_then() -> None:
        while True:
            time.sleep(TRIM_EVERY_SECONDS)
            trim(0)

    threading.Thread(target=trim_now_and_then, name="malloc-trim", daemon=True).start()


def run_in_worker(fn: Callable[..., T], *args) -> T:
    """fn(*args) in the big-input worker: for work that loads what the server itself need not hold."""
    return _worker.run(fn, *args)


def run_sized(text: str, fn: Callable[..., T], *args) -> T:
    """fn(*args) here for a short text; in the big-input worker, one at a time, for a long one.
    For a thread; an async handler uses a Lane, which holds no thread while a long text waits."""
    if len(text) <= BIG_INPUT_CHARS:
        return fn(*args)
    return _worker.run(fn, *args)


def stop_worker() -> None:
    """Stop the big-input worker, if it runs, and wait for it: for a process about to end."""
    _worker.stop()


class Lane:
    """Where one kind of event does its work: up to `slots` short texts at once, each in a thread;
    a long text goes to the big-input worker and waits for it on the event loop, outside the
    slots, so small edits never queue behind long texts (the events themselves have no Gradio
    concurrency limit: this is the limit)."""

    def __init__(self, slots: int) -> None:
        self._slots = anyio.CapacityLimiter(slots)

    async def run_sized(self, text: str, fn: Callable[..., T], *args) -> T:
        """fn(*args) in one of this lane's threads for a short text; in the big-input worker for a long one."""
        if len(text) > BIG_INPUT_CHARS:
            return await _worker.run_async(fn, *args)
        return await self.run(fn, *args)

    async def run(self, fn: Callable[..., T], *args) -> T:
        """fn(*args) in one of this lane's threads: for work whose cost does not grow with the text."""
        return await anyio.to_thread.run_sync(fn, *args, limiter=self._slots)
