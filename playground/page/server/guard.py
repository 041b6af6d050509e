"""The request guard: Guard, the ASGI middleware in front of Gradio that judges every HTTP request first.

Everyone with the link reaches every route Gradio serves, not only the page. So:
- Routes: only what the page and the documented API need. Deep-link state files, uploads, run history, file
  serving and the direct /run and /api routes (which skip the queue's limits) answer 404; /call/<name> serves
  the public endpoints only. Every rule judges the path the app routes by (route_path): the same under
  GRADIO_ROOT_PATH and behind any proxy's prefix.
- Calls: one to an event that does not exist or gets the wrong number of values is
  refused with a message saying so, and so is a GET for results Gradio does not hold (Gradio would answer
  either with a traceback in the log); a query string over MAX_QUERY_BYTES is cut to fit.
- Bodies: read through bodies.checked_body, one reader for every route (its size, nesting and time).
- Browsers: every answer but the page's hashed assets says Cache-Control: no-store, so no typed text is left in a
  disk cache; every answer carries the page's Content-Security-Policy (content_policy), nosniff and no-referrer
  (PAGE_HEADERS). No answer lets another origin's page read it, and what another site's page sends is refused
  (_from_another_site, patches.same_origin_only).
"""

from __future__ import annotations

import asyncio
import inspect
import re
from urllib.parse import parse_qsl, quote, urlencode

import orjson
from starlette._utils import get_route_path  # private, but it is the router's own: the Guard must agree with it

from playground.page.content_policy import APP_POLICY
from playground.page.server.bodies import (BODY_METHODS, BodyRefused, checked_body, read_body, read_json,
                                           refused_length, replayed)
from playground.page.server.unread import UNREAD_SECONDS, sweep_unread_results

# /call/<name> serves these, and only these
PUBLIC_APIS = frozenset({"compare", "embed", "premium", "replay", "embedding", "chat", "batch"})
MAX_QUERY_BYTES = 60_000  # a longer query string is cut to this (Gradio fails on URLs over 65,536 characters)
MAX_QUERY_PARAMS = 64  # distinct parameters a link keeps: the page reads six, Gradio a few more
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
# checked_body, and catch BodyRefused: an ask may be refused before its body is read (a full long lane).
OWN_ROUTES = "/playground/"
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
        refused = refused_length(dict(scope["headers"]).get(b"content-length"))
        if refused:
            return await _answer(send, *refused)
        queue = scope["app"].get_blocks()._queue
        if self._sweeper is None:  # on the server's event loop, which Gradio's queue runs on
            self._sweeper = asyncio.create_task(sweep_unread_results(queue))
        if method in BODY_METHODS:
            receive = checked_body(receive)
            if not path.startswith(OWN_ROUTES):  # Gradio's routes: the body read and checked here, first
                try:
                    body = await read_body(receive)
                except BodyRefused as refused:
                    return await _answer(send, refused.status, refused.detail)
                refused = _check_call(path, body, scope["app"].get_blocks()) if _is_call(path, method) else None
                if refused:
                    return await _answer(send, *refused)
                receive = replayed(body, receive)
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


async def _answer(send, status: int, detail: str) -> None:
    body = orjson.dumps({"detail": detail})
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})
