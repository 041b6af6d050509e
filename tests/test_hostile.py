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

from conftest import panels_html, synchronous
from playground import compare
from playground.lesson.display import segments
from playground.page import handlers
from playground.page.render import MAX_DRAWN_TOKENS

compare_api, update_embedding = synchronous(handlers.compare_api), synchronous(handlers.update_embedding)

toggles = st.tuples(st.booleans(), st.sampled_from(["text", "ids"]), st.booleans())


def check_partition(text: str, tokens: list[dict]) -> None:
    """Tokens and the gaps between them cover text exactly once, in order."""
    pos = 0
    for seg in segments(text, tokens):
        assert seg.start == pos and seg.end >= seg.start
        pos = seg.end
    assert pos == len(text)


@settings(deadline=None)  # examples: the profile (conftest.py)
@given(text=any_text, flags=toggles)
def test_panels_on_anything(text, flags):
    mark_whitespace, view, special = flags
    panels = panels_html(text, mark_whitespace, view, special)
    result = compare(text, special)
    for panel, tok in zip(panels, result["tokenizers"]):
        drawn = [int(a["data-id"]) for a in TokElements(panel).toks]
        assert drawn == tok["ids"][:MAX_DRAWN_TOKENS]
        assert tok["count"] == len(tok["ids"]) == len(tok["tokens"])
        assert f"<b>{tok['count']:,}</b> {'token' if tok['count'] == 1 else 'tokens'}<" in panel
        assert "<script" not in panel.lower()
        check_partition(result["text"], tok["tokens"])


@settings(max_examples=40, deadline=None)
@given(text=any_text)
def test_embedding_panel_on_anything(text):
    head, memory, heatmap = update_embedding(text, GPT2_INIT)
    n = len(compare(text)["tokenizers"][0]["ids"])
    assert f'<b class="shape">(1, {min(n, 1024)}, 768)</b>' in head


@pytest.mark.parametrize("text", [ch * 10_000 for ch in ("a", " ", "\n", "\t", "é", "😀", "\x00", "\ud800", "्")]
                         + [" ".join(SPECIAL_STRINGS) * 50])
def test_ten_thousand_copies_and_every_special_string(text):
    panels = panels_html(text, True, "text", True)
    result = compare(text, special=True)
    for tok in result["tokenizers"]:
        check_partition(result["text"], [t for t in tok["tokens"] if not t["special"]])
    update_embedding(text, GPT2_INIT)


@pytest.mark.parametrize("bad", [None, 3, b"bytes", ["list"]])
def test_the_api_refuses_non_text_with_a_value_error(bad):
    with pytest.raises(gr.Error, match="text must be a string, got"):
        compare_api(bad)
