"""What the page's events and the API accept, checked before any work is done.

A wrong type or value is a gr.Error that says what was expected, quoting at most a short
prefix of what arrived; it is not printed to the server's log (print_exception=False), so
no user value reaches it.
"""

from __future__ import annotations

from collections.abc import Collection

import gradio as gr

QUOTED_CHARS = 40  # how much of a bad value an error message repeats


def quote(value: object) -> str:
    """A short, safe rendering of a bad value for an error message."""
    text = repr(value)
    return text if len(text) <= QUOTED_CHARS else text[:QUOTED_CHARS] + "…"


def refuse(message: str) -> gr.Error:
    return gr.Error(message, print_exception=False)


def expect_text(value: object, name: str = "text") -> str:
    if not isinstance(value, str):
        raise refuse(f"{name} must be a string, got {type(value).__name__} {quote(value)}")
    return value


def expect_flag(value: object, name: str) -> bool:
    # bool only: 1 and "true" are refused rather than read one way here and another elsewhere.
    if not isinstance(value, bool):
        raise refuse(f"{name} must be true or false, got {type(value).__name__} {quote(value)}")
    return value


def expect_choice(value: object, choices: Collection[str], name: str) -> str:
    if not isinstance(value, str) or value not in choices:
        raise refuse(f"{name} must be one of {', '.join(repr(c) for c in choices)}; got {quote(value)}")
    return value
