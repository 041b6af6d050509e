"""Connections bounded in time, number and head bytes: uvicorn serves HTTP with BoundedH11Protocol
(bound_connections), so a slow or endless request head, a flood of connections or a head too long to be a
browser's is closed or refused before it holds the server's files or memory.
"""

from __future__ import annotations

import asyncio
import re
import time

import h11
from uvicorn.protocols.http.h11_impl import STATUS_PHRASES, H11Protocol

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
