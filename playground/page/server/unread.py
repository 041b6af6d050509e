"""Results nobody reads: Gradio keeps each session's results until a client reads them, and a POST to
/call/<name> never followed by its GET is never read. Here each session's queue is an UnreadResults (put in
place of Gradio's by patches.keep_no_user_values): results unread for UNREAD_SECONDS expire, all sessions
together hold at most UNREAD_BYTES, and a session left idle is forgotten (sweep_unread_results, started by
Guard on the server's event loop).
"""

from __future__ import annotations

import asyncio
import time
import weakref
from collections import deque

import orjson

UNREAD_SECONDS = 60  # a result nobody has read for this long is dropped
UNREAD_BYTES = 16_000_000  # JSON of results waiting to be read, all sessions together (Python holds up to ~4x)
SWEEP_SECONDS = 5  # how often unread results are checked for age


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


async def sweep_unread_results(queue) -> None:
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
