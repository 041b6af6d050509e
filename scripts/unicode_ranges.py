"""What the scripts that write Unicode tables for the page's JavaScript share (bert_unicode_tables.py,
lesson_unicode_tables.py): every code point, and a set of them written as hexadecimal ranges, the form the page's
range parser reads (playground/tokenizers/unicode_ranges.js)."""

from __future__ import annotations

import textwrap
from collections.abc import Iterator


def code_points() -> Iterator[int]:
    return (cp for cp in range(0x110000) if not 0xD800 <= cp < 0xE000)  # a lone surrogate is no text


def ranges(cps: list[int]) -> str:
    """[0, 1, 2, 5] -> "0-2 5"."""
    spans: list[list[int]] = []
    for cp in cps:
        if spans and spans[-1][1] == cp - 1:
            spans[-1][1] = cp
        else:
            spans.append([cp, cp])
    return " ".join(f"{a:x}" if a == b else f"{a:x}-{b:x}" for a, b in spans)


def wrap(text: str) -> str:
    """A table's ranges in lines of at most 110 characters, never broken inside a range."""
    return textwrap.fill(text, 110, break_on_hyphens=False)
