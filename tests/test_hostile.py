"""Hostile input: arbitrary unicode through compare(), the page's handlers and the /compare endpoint.

Nothing may raise except the documented gr.Error (text that is not a str); spans must
partition what was tokenised; counts must agree with the ids.
"""

from __future__ import annotations

import gradio as gr
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_properties import SPECIAL_STRINGS, any_text
from test_web import GPT2_INIT, TokElements

from browser import drawn_ids
from conftest import panels_html, synchronous
from playground import compare
from playground.lesson.display import segments
from playground.page import handlers

compare_api, update_embedding = synchronous(handlers.compare_api), synchronous(handlers.update_embedding)

toggles = st.tuples(st.booleans(), st.sampled_from(["text", "ids"]), st.booleans())


def check_partition(text: str, tokens: list[dict]) -> None:
    """Tokens and the gaps between them cover text exactly once, in order."""
    pos = 0
    for seg in segments(text, tokens):
        assert seg.start == pos and seg.end >= seg.start
        pos = seg.end
    assert pos == len(text)


def check_panels(panels: list[str], result: dict) -> None:
    """Each panel draws its tokenizer's first ids (at most 1,000, within the first 5,000 characters: drawn_ids) and
    says its whole count; no script in it."""
    assert len(panels) == len(result["tokenizers"])
    for panel, tok in zip(panels, result["tokenizers"]):
        assert [int(a["data-id"]) for a in TokElements(panel).toks] == drawn_ids(tok)
        assert tok["count"] == len(tok["ids"]) == len(tok["tokens"])
        assert f"<b>{tok['count']:,}</b> {'token' if tok['count'] == 1 else 'tokens'}<" in panel
        assert "<script" not in panel.lower()


def check_embedding(text: str) -> None:
    """The embedding panel's shape is GPT-2's ids (at most its 1,024 positions) by 768, and its heatmap is drawn."""
    head, memory, heatmap = update_embedding(text, GPT2_INIT)
    n = len(compare(text)["tokenizers"][0]["ids"])
    assert f'<b class="shape">(1, {min(n, 1024)}, 768)</b>' in head
    assert "could not be drawn" not in memory + heatmap
    assert ("<img" in heatmap) == (n > 0), heatmap  # no ids: the note "Type something to see its vectors."


@pytest.mark.node
@settings(deadline=None)  # examples: the profile (conftest.py)
@given(text=any_text, flags=toggles)
def test_panels_on_anything(text, flags):
    mark_whitespace, view, special = flags
    panels = panels_html(text, mark_whitespace, view, special)
    result = compare(text, special)
    check_panels(panels, result)
    for tok in result["tokenizers"]:
        check_partition(result["text"], tok["tokens"])


@settings(max_examples=40, deadline=None)
@given(text=any_text)
def test_embedding_panel_on_anything(text):
    check_embedding(text)


@pytest.mark.node
@pytest.mark.parametrize("text", [ch * 10_000 for ch in ("a", " ", "\n", "\t", "é", "😀", "\x00", "\ud800", "्")]
                         + [" ".join(SPECIAL_STRINGS) * 50])
def test_ten_thousand_copies_and_every_special_string(text):
    result = compare(text, special=True)
    check_panels(panels_html(text, True, "text", True), result)
    for tok in result["tokenizers"]:
        check_partition(result["text"], [t for t in tok["tokens"] if not t["special"]])
    check_embedding(text)


@pytest.mark.parametrize("bad", [None, 3, b"bytes", ["list"]])
def test_the_api_refuses_non_text_with_a_value_error(bad):
    with pytest.raises(gr.Error, match="text must be a string, got"):
        compare_api(bad)
