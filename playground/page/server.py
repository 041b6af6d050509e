"""The classroom server's guard rails: what any client, page or script, may reach, send and leave behind.

Everyone with the link reaches every route Gradio serves, not only the page. So:
- Routes: only what the page and the documented API need. Deep-link state files, uploads,
  run history, file serving and the direct /run and /api routes (which skip the queue's
  limits) answer 404; /call/<name> serves the public endpoints only.
- Requests: bodies over MAX_BODY_BYTES are refused with 413 before Gradio reads them; a call
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
  text is left in a disk cache.
- Work: a text over BIG_INPUT_CHARS is worked on in a separate process, one text at a time
  (run_sized, Lane.run_sized), so a handful of huge pastes cannot starve the small edits of
  everyone else; while it waits, a long text holds no slot a small edit needs (Lane). The worker
  exits when the server does, however it ends.
"""

from __future__ import annotations

import asyncio
import ctypes
import multiprocessing
import multiprocessing.connection
import os
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
from typing import TypeVar
from urllib.parse import parse_qsl, quote, urlencode

import anyio
import orjson

from playground.tokenizers.from_file import register_all
from playground.tokenizers.registry import registrations

T = TypeVar("T")

# /call/<name> serves these, and only these
PUBLIC_APIS = frozenset({"compare", "embed", "premium", "replay", "panels", "embedding", "chat"})
MAX_BODY_BYTES = 4_000_000  # a 1 MB paste as JSON (escapes included) fits; the server tokenises 100,000 chars of it
QUEUE_MAX_SIZE = 128  # events waiting at once: a class of 50 has at most two each (always_last); scripts share the rest
SESSION_CAPACITY = 64  # sessions Gradio keeps; the page keeps no state in them, so an evicted one loses nothing
BIG_INPUT_CHARS = 10_000  # texts longer than this are worked on in the big-input worker, one at a time
WORKER_IDLE_SECONDS = 120  # the worker exits after this long without a long text
MAX_QUERY_BYTES = 60_000  # a longer query string is cut to this (Gradio fails on URLs over 65,536 characters)
MAX_LINK_BYTES = 2 * 1024 * 1024  # the longest link a request line may carry: Chromium's own URL limit
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
CACHED_PREFIXES = ("/assets/", "/static/", "/favicon.ico")  # Gradio's own files: no user text, may be cached
NOT_STORED = ((b"cache-control", b"no-store"),)  # on every other answer: it may carry what a user typed
# On every answer: the page is cross-origin isolated, so that it may share memory with the worker that
# sends its edits (playground.js: the panels painted in the key's own frame). All it loads is its own
# origin's, which require-corp lets through; embedded in another site's page (a Hugging Face Space), it
# is not isolated, and its edits are painted from the worker's messages as before.
ISOLATED = ((b"cross-origin-opener-policy", b"same-origin"), (b"cross-origin-embedder-policy", b"require-corp"))


class Guard:
    """ASGI middleware in front of Gradio: refuses what the page does not need, oversized bodies,
    calls Gradio would answer with a traceback or a null error, and keeps answers out of caches."""

    def __init__(self, app) -> None:
        self.app = app
        self._sweeper: asyncio.Task | None = None

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        path, method = scope["path"], scope["method"]
        send = _answered_with(send, ISOLATED + (() if path.startswith(CACHED_PREFIXES) else NOT_STORED))
        if path.startswith(REFUSED_PREFIXES):
            return await _answer(send, 404, "Not found: this classroom server does not offer that route.")
        if len(scope["query_string"]) > MAX_QUERY_BYTES:
            scope = {**scope, "query_string": cut_query(scope["query_string"])}
        declared = dict(scope["headers"]).get(b"content-length")
        if declared is not None and not declared.isdigit():
            return await _answer(send, 400, "Content-Length must be a number of bytes.")
        if declared is not None and int(declared) > MAX_BODY_BYTES:
            return await _answer(send, 413, f"Request too large: at most {MAX_BODY_BYTES:,} bytes.")
        queue = scope["app"].get_blocks()._queue
        if self._sweeper is None:  # on the server's event loop, which Gradio's queue runs on
            self._sweeper = asyncio.create_task(_sweep_unread_results(queue))
        if path.startswith("/gradio_api/call/") and method == "POST" or path == "/gradio_api/queue/join":
            body = await _read_body(receive)
            if body is None:
                return await _answer(send, 413, f"Request too large: at most {MAX_BODY_BYTES:,} bytes.")
            refused = _check_call(path, body, scope["app"].get_blocks())
            if refused:
                return await _answer(send, *refused)
            receive = _replayed(body, receive)
        elif method == "GET" and not _known_reader(path, scope["query_string"], queue):
            return await _answer(send, 404, f"No such event waiting to be read: a result is kept until it is "
                                            f"read, for at most {UNREAD_SECONDS} s. Send the request again.")
        return await self.app(scope, _limited(receive), send)


def cut_query(query: bytes) -> bytes:
    """A query string cut to MAX_QUERY_BYTES: every parameter is kept, the longest value is cut
    (at a whole character) to what fits, like ?text= past the input limit."""
    pairs = parse_qsl(query.decode("utf-8", "replace"), keep_blank_values=True)
    if not pairs:
        return b""
    longest = max(range(len(pairs)), key=lambda k: len(pairs[k][1]))
    others = urlencode([pair for k, pair in enumerate(pairs) if k != longest])
    room = MAX_QUERY_BYTES - len(others) - len(quote(pairs[longest][0], safe="")) - 2  # "&" and "="
    kept, used = [], 0
    for ch in pairs[longest][1]:
        used += len(quote(ch, safe=""))
        if used > room:
            break
        kept.append(ch)
    pairs[longest] = (pairs[longest][0], "".join(kept))
    return urlencode(pairs).encode("ascii")


async def _read_body(receive) -> bytes | None:
    """The whole request body, or None past MAX_BODY_BYTES."""
    parts, size, more = [], 0, True
    while more:
        message = await receive()
        if message["type"] != "http.request":
            return b"".join(parts)
        parts.append(message.get("body", b""))
        size += len(parts[-1])
        if size > MAX_BODY_BYTES:
            return None
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
        request = orjson.loads(body)
    except orjson.JSONDecodeError:
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
            return None if name in PUBLIC_APIS else (404, _no_such_endpoint(name))
        if name not in PUBLIC_APIS:
            return 404, _no_such_endpoint(name)
        fn = next(f for f in blocks.fns.values() if f.api_name == name)
        what = f"/{name}"
    data = request.get("data")
    if not isinstance(data, list) or len(data) != len(fn.inputs):
        got = f"{len(data):,} values" if isinstance(data, list) else f"{type(data).__name__}"
        return 422, f"{what} takes a list of {len(fn.inputs)} values in data, got {got} (see the page's API link)."
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


def _limited(receive):
    """receive(), but fails a body that grows past MAX_BODY_BYTES without declaring its length."""
    seen = 0

    async def wrapped():
        nonlocal seen
        message = await receive()
        if message["type"] == "http.request":
            seen += len(message.get("body", b""))
            if seen > MAX_BODY_BYTES:
                raise ValueError(f"request body over {MAX_BODY_BYTES:,} bytes")
        return message

    return wrapped


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

    def expire(self, before: float) -> None:
        """Replace each result that arrived before `before` with a short error."""
        from gradio.server_messages import ProcessCompletedMessage

        for k, (arrived, size) in enumerate(self._arrived):
            if arrived >= before:
                break
            if size:
                self._queue[k] = ProcessCompletedMessage(
                    event_id=self._queue[k].event_id, success=False,
                    output={"error": f"the result was not read in time ({UNREAD_SECONDS} s at most, and the server "
                                     f"keeps {UNREAD_BYTES // 1_000_000} MB of unread results); send the request again"})
                self._arrived[k] = (arrived, 0)
                self.bytes -= size


def _drop_oldest_results() -> None:
    """The oldest sessions' unread results expire until all sessions hold at most UNREAD_BYTES."""
    held = sum(q.bytes for q in UnreadResults.live)
    for messages in sorted(UnreadResults.live, key=UnreadResults.oldest):
        if held <= UNREAD_BYTES:
            return
        held -= messages.bytes
        messages.expire(float("inf"))


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


def accept_long_links() -> None:
    """Let the HTTP server read a request line as long as any link a browser opens (MAX_LINK_BYTES), so
    Guard can cut its query string to fit Gradio; uvicorn's parser (h11) otherwise drops the connection
    of a link over about 100,000 characters without an answer."""
    import uvicorn.config

    init = uvicorn.config.Config.__init__

    def with_long_links(self, *args, **kwargs) -> None:
        kwargs.setdefault("h11_max_incomplete_event_size", MAX_LINK_BYTES)
        init(self, *args, **kwargs)

    uvicorn.config.Config.__init__ = with_long_links


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
