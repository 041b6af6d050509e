"""Where the work runs: a text over BIG_INPUT_CHARS in a separate process, one text at a time (BigInputWorker,
run_sized), so a handful of huge pastes cannot starve the small edits of everyone else; each kind of event in
its Lane, where, while it waits, a long text holds no slot a small edit needs. The worker exits when the server
does, however it ends.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import multiprocessing.connection
import os
import signal
import threading
import time
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import TypeVar

import anyio

from playground.tokenizers.from_file import register_all
from playground.tokenizers.registry import registrations

T = TypeVar("T")
# Texts longer than this are worked on in the big-input worker, one at a time: the server's own threads take
# only the texts work.CACHED_INPUT_CHARS caches. At 10,000, a key in a 9,000-character text cost
# 29 ms of the server's CPU and a whole 794 KB answer, and 32 typists took a small edit to 2.4 s (bench/mid_texts.py).
BIG_INPUT_CHARS = 5_000
WORKER_IDLE_SECONDS = 120  # the worker exits after this long without a long text


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
