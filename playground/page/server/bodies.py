"""Request bodies, read once, by one reader for every route (Guard's and the page's own, ask_route and chat_route):
bodies over MAX_BODY_BYTES are refused with 413 before Gradio reads them, bodies whose JSON nests deeper than
MAX_JSON_DEPTH with 400 before any JSON parser sees them (json.loads, pydantic and repr() recurse once a level,
and fail with a RecursionError and a traceback past about 1,000), and bodies not whole within BODY_SECONDS
with 408 (checked_body).
"""

from __future__ import annotations

import asyncio
import json

import numpy as np
import orjson

MAX_BODY_BYTES = 4_000_000  # a 1 MB paste as JSON (escapes included) fits; the server tokenises 100,000 chars of it
MAX_JSON_DEPTH = 64  # levels of [ and { in a body: the page's and Gradio's deepest is 4
# A request's whole body must arrive within this many seconds of its head: MAX_BODY_BYTES at 1.6 Mbit/s, the page's
# longest ask (100,000 characters, at most 400 KB of UTF-8) at 160 kbit/s. Past it, 408 (a body sent a byte at a
# time held its connection and its handler for as long as the client liked).
BODY_SECONDS = 20
BODY_METHODS = ("POST", "PUT", "PATCH", "DELETE")


class BodyRefused(ValueError):
    """A request body the server reads no further; status and detail are its answer."""

    def __init__(self, status: int, detail: str) -> None:
        super().__init__(detail)
        self.status, self.detail = status, detail


def refused_length(declared: bytes | None) -> tuple[int, str] | None:
    """(status, why) for a Content-Length that is not a number or is over MAX_BODY_BYTES: refused before a
    byte of the body is read. None when it may be read (or declares nothing: checked_body counts it)."""
    if declared is None:
        return None
    if not declared.isdigit():
        return 400, "Content-Length must be a number of bytes."
    if int(declared) > MAX_BODY_BYTES:
        return 413, f"Request too large: at most {MAX_BODY_BYTES:,} bytes."
    return None


def checked_body(receive):
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


async def read_body(receive) -> bytes:
    """The whole request body, through checked_body's receive (which raises BodyRefused)."""
    parts, more = [], True
    while more:
        message = await receive()
        parts.append(message.get("body", b""))
        more = message.get("more_body", False)
    return b"".join(parts)


def replayed(body: bytes, receive):
    """receive() that first gives back the body already read."""
    pending = [{"type": "http.request", "body": body, "more_body": False}]

    async def wrapped():
        return pending.pop() if pending else await receive()

    return wrapped


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
