"""Token colours: a pure function of (tokenizer, id), many distinct, always legible."""

from __future__ import annotations

import os
import subprocess
import sys

import pytest
from coloraide import Color
from conftest import ROOT

from playground.page.colors import PALETTE_SIZE, THEMES, palette, palette_index, text_color, token_color

VOCAB_SIZES = {"gpt2": 50257, "bert": 30522, "llama": 32000}


def test_pinned_colours_do_not_drift():
    """The same id has the same colour after restarts and on other machines: pinned values."""
    assert token_color("gpt2", 995) == "#ccba7f"
    assert token_color("gpt2", 15496) == "#d7f7c1"
    assert token_color("bert", 7592) == "#ece8ff"
    assert token_color("llama", 29871, "dark") == "#00616c"


def test_same_in_another_process_with_another_hash_seed():
    code = "from playground.page.colors import token_color; print([token_color(n, i) for n in ('gpt2','bert','llama') for i in range(0, 30000, 997)])"
    runs = {
        subprocess.run([sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True,
                       env={**os.environ, "PYTHONHASHSEED": seed}).stdout
        for seed in ("1", "2")
    }
    assert len(runs) == 1
    assert runs.pop().strip() == str([token_color(n, i) for n in ("gpt2", "bert", "llama") for i in range(0, 30000, 997)])


@pytest.mark.parametrize("theme", sorted(THEMES))
@pytest.mark.parametrize("name", sorted(VOCAB_SIZES))
def test_at_least_a_thousand_distinct_colours(name, theme):
    assert len({token_color(name, i, theme) for i in range(VOCAB_SIZES[name])}) >= 1000


@pytest.mark.parametrize("name", sorted(VOCAB_SIZES))
def test_neighbouring_ids_look_different(name):
    colours = [token_color(name, i) for i in range(VOCAB_SIZES[name])]
    assert all(a != b for a, b in zip(colours, colours[1:]))
    # Not just different hex codes: clearly different to the eye (CIEDE2000 > 10) for a sample.
    for i in range(0, VOCAB_SIZES[name] - 1, 97):
        assert Color(colours[i]).delta_e(colours[i + 1], method="2000") > 10, (i, colours[i], colours[i + 1])


def test_palette_index_in_range_and_each_tokenizer_its_own_wheel():
    assert all(0 <= palette_index(n, i) < PALETTE_SIZE for n, size in VOCAB_SIZES.items() for i in range(size))
    assert token_color("gpt2", 995) != token_color("bert", 995)


@pytest.mark.parametrize("theme", sorted(THEMES))
def test_every_colour_keeps_wcag_aa_contrast_with_its_text(theme):
    worst = min(Color(c).contrast(text_color(theme), method="wcag21") for c in palette(theme))
    assert worst >= 4.5
