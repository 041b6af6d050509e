"""Text clean-up and exact character spans for byte-level tokenizers.

GPT-2 and Llama work on UTF-8 bytes, so one of their tokens may hold only part of
a character (Hindi and emoji often do). We map each token's byte range back to the
characters it touches; a token whose byte range starts or ends inside a character
is "partial", and then several tokens share that character's span.
"""

from __future__ import annotations

import numpy as np


def replace_lone_surrogates(text: str) -> tuple[str, int]:
    """Return (text with every lone surrogate replaced by U+FFFD, how many were replaced).

    A Python str can hold surrogate code points (a clipboard, a JSON string with
    escapes), which UTF-8 cannot encode. A valid high+low pair is joined into the
    character it spells; an unpaired one becomes U+FFFD, for all three tokenizers alike.
    """
    if text.isascii():  # the common case, and surrogates are not ASCII
        return text, 0
    cleaned = text.encode("utf-16-le", "surrogatepass").decode("utf-16-le", "replace")
    replaced = cleaned.count("\ufffd") - text.count("\ufffd")
    return cleaned, replaced


def char_byte_starts(text: str) -> np.ndarray:
    """Byte offset in text's UTF-8 where each character starts, plus the total at the end.

    Shape (len(text) + 1,). Vectorised with numpy: a Python loop per character
    would dominate the time on a 1 MB paste.
    """
    code_points = np.frombuffer(text.encode("utf-32-le"), dtype=np.uint32)
    utf8_lengths = 1 + (code_points >= 0x80) + (code_points >= 0x800) + (code_points >= 0x10000)
    starts = np.zeros(len(code_points) + 1, dtype=np.int64)
    np.cumsum(utf8_lengths, out=starts[1:])
    return starts


def spans_from_byte_lengths(
    text: str, token_byte_lengths: list[int], skip_bytes: int = 0
) -> tuple[list[int], list[int], list[bool]]:
    """Character spans of tokens that, in order, cover text's UTF-8 bytes exactly.

    token_byte_lengths[k] is how many bytes token k stands for. The first
    skip_bytes bytes the tokens cover are not in text (Llama's dummy-prefix space):
    a token lying wholly in them gets the empty span [0, 0).

    Returns (starts, ends, partial): token k covers text[starts[k]:ends[k]];
    partial[k] is True when its bytes begin or end inside a character.
    """
    byte_starts = char_byte_starts(text)  # (n_chars + 1,)
    lengths = np.asarray(token_byte_lengths, dtype=np.int64)  # (T,)
    ends_b = np.cumsum(lengths) - skip_bytes
    starts_b = np.maximum(ends_b - lengths, 0)
    ends_b = np.maximum(ends_b, 0)
    # The character holding a token's first byte, and one past the character holding its last.
    start_chars = np.searchsorted(byte_starts, starts_b, side="right") - 1
    end_chars = np.searchsorted(byte_starts, ends_b, side="left")
    end_chars = np.maximum(end_chars, start_chars)  # empty tokens: [s, s)
    start_chars = np.minimum(start_chars, len(text))
    partial = (byte_starts[start_chars] != starts_b) | (byte_starts[end_chars] != ends_b)
    return start_chars.tolist(), end_chars.tolist(), partial.tolist()
