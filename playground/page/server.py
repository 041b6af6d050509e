"""The classroom server's guard rails: what any client, page or script, may reach, send and leave behind.

Everyone with the link reaches every route Gradio serves, not only the page. So:
- Routes: only what the page and the documented API need. Deep-link state files, uploads,
  run history, file serving and the direct /run and /api routes (which skip the queue's
  limits) answer 404; /call/<name> serves the public endpoints only.
- Requests: bodies over MAX_BODY_BYTES are refused with 413 before Gradio reads them.
- Sessions: Gradio copies every input and output into the session's config (for deep links,
  which are refused here). Nothing is kept there, and at most SESSION_CAPACITY sessions are.
- Logs: Gradio prints a traceback when an event fails, and the exception's message may quote
  what the user sent. Its tracebacks here keep the frames and withhold the message.
- Work: a text over BIG_INPUT_CHARS is worked on in a separate process, one text at a time
  (run_sized), so a handful of huge pastes cannot starve the small edits of everyone else.
"""

from __future__ import annotations

import ctypes
import multiprocessing
import multiprocessing.connection
import os
import sys
import threading
import time
import traceback
from collections.abc import Callable
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import TypeVar

from playground.tokenizers.from_file import register_all
from playground.tokenizers.registry import registrations

T = TypeVar("T")

# /call/<name> serves these, and only these
PUBLIC_APIS = frozenset({"compare", "embed", "premium", "replay", "panels", "embedding"})
MAX_BODY_BYTES = 4_000_000  # a 1 MB paste as JSON (escapes included) fits; the server tokenises 100,000 chars of it
QUEUE_MAX_SIZE = 128  # events waiting at once: a class of 50 has at most two each (always_last); scripts share the rest
SESSION_CAPACITY = 64  # sessions Gradio keeps; the page keeps no state in them, so an evicted one loses nothing
BIG_INPUT_CHARS = 10_000  # texts longer than this are worked on in the big-input worker, one at a time
WORKER_IDLE_SECONDS = 120  # the worker exits after this long without a long text
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
)


class Guard:
    """ASGI middleware in front of Gradio: refuses what the page does not need, and oversized bodies."""

    def __init__(self, app) -> None:
        self.app = app

    async def __call__(self, scope, receive, send) -> None:
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        path = scope["path"]
        if path.startswith(REFUSED_PREFIXES):
            return await _answer(send, 404, "Not found: this classroom server does not offer that route.")
        if path.startswith("/gradio_api/call/") and scope["method"] == "POST":
            name = path.removeprefix("/gradio_api/call/").removeprefix("v2/").strip("/")
            if name not in PUBLIC_APIS:
                return await _answer(send, 404, f"No public endpoint /{name[:40]}; the endpoints are "
                                                f"{', '.join('/' + n for n in sorted(PUBLIC_APIS))}.")
        declared = dict(scope["headers"]).get(b"content-length")
        if declared is not None and not declared.isdigit():
            return await _answer(send, 400, "Content-Length must be a number of bytes.")
        if declared is not None and int(declared) > MAX_BODY_BYTES:
            return await _answer(send, 413, f"Request too large: at most {MAX_BODY_BYTES:,} bytes.")
        return await self.app(scope, _limited(receive), send)


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
    import orjson

    body = orjson.dumps({"detail": detail})
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]})
    await send({"type": "http.response.body", "body": body})


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
    """Make this process's Gradio keep no user value in its sessions and print none in its logs.

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


class BigInputWorker:
    """One worker process for long texts: their work runs there, one text at a time, so the
    server's own interpreter (its event loop and every small edit) is never held up by it.

    Started on the first long text; it exits once WORKER_IDLE_SECONDS pass without one, giving
    its memory back. A worker that dies (out of memory, killed) is replaced on the next call.
    """

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._pool: ProcessPoolExecutor | None = None
        self._busy = 0  # calls under way
        self._last_used = 0.0  # time.monotonic() when the last call ended
        self._watch: threading.Timer | None = None
        self._registered: list[tuple[str, str, str]] = []  # the registrations the worker was started with

    def run(self, fn: Callable[..., T], *args) -> T:
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
            return pool.submit(fn, *args).result()
        except BrokenProcessPool:
            with self._lock:
                if self._pool is pool:
                    self._pool = None
            raise RuntimeError("the big-input worker stopped while working on a long text") from None
        finally:
            with self._lock:
                self._busy -= 1
                self._last_used = time.monotonic()
                if self._watch is None:
                    self._watch_idle(WORKER_IDLE_SECONDS)

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
    (A server stopped by a signal runs no clean-up, and its worker would otherwise live on, idle.)"""
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
    """fn(*args) here for a short text; in the big-input worker, one at a time, for a long one."""
    if len(text) <= BIG_INPUT_CHARS:
        return fn(*args)
    return _worker.run(fn, *args)
