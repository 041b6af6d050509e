"""The embedding panel's arguments, proved on real numbers: the parameter count, one-hot x E = E[ids],
cosine similarities, and /embed. Expected values are the lesson's figures or worked out here."""

from __future__ import annotations

import base64
import io
import random
import re

import numpy as np
import pytest
import torch
from bs4 import BeautifulSoup
from matplotlib import colormaps
from matplotlib.colors import Normalize
from PIL import Image

from conftest import run_fresh, synchronous
from playground import compare
from playground.lesson.embedding import (
    INITS,
    cosine_similarity,
    embed,
    embedding_table,
    model_param_terms,
    model_params,
    one_hot_check,
)
from playground.lesson.examples import EXAMPLES
from playground.page.embedding_view import plot_label
from playground.page import handlers

embed_api, update_embedding = synchronous(handlers.embed_api), synchronous(handlers.update_embedding)
update_one_hot = synchronous(handlers.update_one_hot)

GPT2_INIT, TORCH_INIT = list(INITS)


def test_gpt2_small_parameters_match_the_lesson():
    assert [t.count for t in model_param_terms()] == [38_597_376, 786_432, 85_054_464, 1_536]
    totals = model_params()
    assert totals["tied"] == 124_439_808  # "GPT-2 small (124M)"
    assert totals["untied"] == 163_037_184
    assert round(totals["embedding_share"], 3) == 0.310  # "about 31% of the entire model"


def test_one_block_counted_by_hand():
    """One block: 2 LayerNorms (768 weights, 768 biases each), qkv 768x2304+2304, proj 768x768+768,
    MLP 768x3072+3072 and 3072x768+768: 7,087,872."""
    assert model_param_terms()[2].count == 12 * (2 * 1536 + 1_771_776 + 590_592 + 2_362_368 + 2_360_064)


RANDOM_IDS = [[random.Random(seed).randrange(50257) for _ in range(64)] for seed in (1, 2)]


@pytest.mark.parametrize("ids", [[15496, 995], *RANDOM_IDS, [50256, 0, 50256]])
@pytest.mark.parametrize("init", list(INITS))
def test_one_hot_times_the_table_equals_the_lookup(ids, init):
    check = one_hot_check(ids, init)
    assert check.equals_lookup and check.n_tokens == len(ids)
    assert check.one_hot_bytes == len(ids) * 50257 * 4 and check.lookup_bytes == len(ids) * 768 * 4
    table = embedding_table(init).weight.weight  # and against indexing the table directly
    assert torch.equal(embed(ids, init)[0], table[torch.tensor(ids)])


def test_a_built_table_is_read_while_another_is_being_built():
    """Building a table takes seconds under the lock; a request for a table already built must not wait
    for it (the lock is held here, as a build in progress holds it)."""
    import threading

    from playground.lesson import embedding

    built = embedding_table(GPT2_INIT)
    answers = []
    with embedding._tables_lock:
        reader = threading.Thread(target=lambda: answers.append(embedding_table(GPT2_INIT)), daemon=True)
        reader.start()
        reader.join(timeout=10)  # a reader waiting on the lock would wait for as long as it is held
        assert not reader.is_alive(), "reading a built table waited for the lock"
    assert answers == [built]


@pytest.mark.parametrize("example", EXAMPLES, ids=[e.key for e in EXAMPLES])
def test_one_hot_equals_lookup_for_every_example(example):
    ids = compare(example.text)["tokenizers"][0]["ids"]
    assert one_hot_check(ids, GPT2_INIT).equals_lookup


def test_the_one_hot_tensor_is_capped():
    check = one_hot_check(list(range(300)), GPT2_INIT)
    assert check.n_tokens == 64 and check.one_hot_bytes == 12_865_792  # (1, 64, 50257) float32
    html = update_one_hot(" the" * 300, GPT2_INIT)  # the button under the panel, for the current text
    assert "the first 64 of 300 tokens" in BeautifulSoup(html, "html5lib").get_text()
    assert "equals E[ids]: yes" in BeautifulSoup(update_one_hot("Hello world", TORCH_INIT), "html5lib").get_text()
    assert "no ids to multiply" in update_one_hot("", GPT2_INIT)


def test_cosine_similarity_of_rows():
    ids = [262, 3290, 290, 262, 3797, 290, 262, 6512]  # "the dog and the cat and the bird"
    sim = cosine_similarity(embed(ids, GPT2_INIT)[0].numpy())
    assert sim.shape == (8, 8)
    assert np.allclose(sim, sim.T) and np.allclose(np.diag(sim), 1.0)
    for i in range(8):
        for j in range(8):
            if ids[i] == ids[j]:
                assert sim[i, j] == pytest.approx(1.0)
            else:
                assert abs(sim[i, j]) < 0.2  # random rows in 768 dimensions: about 0.036 typically
    v = np.array([[3.0, 4.0], [-4.0, 3.0], [6.0, 8.0]])  # by hand: orthogonal, and parallel
    assert np.allclose(cosine_similarity(v), [[1, 0, 1], [0, 1, 0], [1, 0, 1]])


def test_the_panel_says_what_the_plots_prove():
    _, memory, plots = update_embedding("the dog and the cat and the bird", GPT2_INIT)
    text = BeautifulSoup(plots, "html5lib").get_text()
    assert "exactly 0 for every pair of different tokens" in text and "1/√768 ≈ 0.036" in text
    assert "The 2 repeated tokens give exactly 1.0 off the diagonal" in text  # " the" and " and" again ("the" differs)
    assert "we ship no trained weights" in text
    assert len(BeautifulSoup(plots, "html5lib").select("img.plot")) == 2
    table = BeautifulSoup(memory, "html5lib").get_text()
    assert "124,439,808" in table and "163,037,184" in table and "31.0%" in table


def figure_pixels(plots: str, figure_id: str) -> tuple[dict, np.ndarray]:
    """A plot's <figure> attributes and its image as an (rows, cols, 3) RGB array, decoded by Pillow."""
    figure = BeautifulSoup(plots, "html5lib").find("figure", id=figure_id)
    src = figure.find("img")["src"]
    assert src.startswith("data:image/png;base64,")
    image = Image.open(io.BytesIO(base64.b64decode(src.split(",", 1)[1])))
    assert image.format == "PNG"
    return figure.attrs, np.asarray(image.convert("RGB"))


def test_the_heatmap_is_each_row_e_id_in_matplotlibs_colours():
    text = "the dog and the cat and the bird"
    ids = [1169, 3290, 290, 262, 3797, 290, 262, 6512]  # "the", " dog", " and", " the", ...
    _, _, plots = update_embedding(text, GPT2_INIT)
    attrs, pixels = figure_pixels(plots, "heatmap-figure")
    assert pixels.shape == (8, 768, 3)  # one pixel per value: a row per token, a column per dimension
    assert (attrs["data-rows"], attrs["data-height"], attrs["data-width"], attrs["data-row-px"]) == ("8", "8", "768", "1")
    rows = embedding_table(GPT2_INIT).weight.weight[torch.tensor(ids)].numpy()  # E[ids], read off the table
    limit = np.abs(rows).max()
    expected = colormaps["RdBu_r"](Normalize(-limit, limit)(rows), bytes=True)[..., :3]  # imshow's colours
    assert np.array_equal(pixels, expected)
    assert np.array_equal(pixels[3], pixels[6]) and not np.array_equal(pixels[0], pixels[3])  # " the" twice; "the"


def test_the_similarity_plot_is_the_cosine_matrix_from_minus_one_to_one():
    text = "the dog and the cat"
    _, _, plots = update_embedding(text, GPT2_INIT)
    _, pixels = figure_pixels(plots, "similarity-figure")
    rows = embed(compare(text)["tokenizers"][0]["ids"], GPT2_INIT)[0].numpy()
    unit = rows / np.linalg.norm(rows, axis=1, keepdims=True)
    expected = colormaps["RdBu_r"](Normalize(-1, 1)(unit @ unit.T), bytes=True)[..., :3]
    assert pixels.shape == (5, 5, 3) and np.array_equal(pixels, expected)
    assert tuple(pixels[0, 0]) == tuple(colormaps["RdBu_r"](255, bytes=True)[:3])  # cos = 1: the reddest


def test_the_colour_bar_runs_from_the_maps_first_colour_to_its_last():
    _, _, plots = update_embedding("the dog", GPT2_INIT)
    bar = BeautifulSoup(plots, "html5lib").select_one("#similarity-figure .colour-bar .bar")["style"]
    stops = [((int(r), int(g), int(b)), float(at))
             for r, g, b, at in re.findall(r"rgb\((\d+),(\d+),(\d+)\) ([\d.]+)%", bar)]
    ends = [tuple(int(c) for c in colormaps["RdBu_r"](x, bytes=True)[:3]) for x in (0.0, 1.0)]
    assert [stops[0], stops[-1]] == [(ends[0], 0.0), (ends[1], 100.0)]


def test_plot_labels_are_cut_to_fit():
    assert plot_label({"text": " SolidGoldMagikarp", "partial": False, "special": False, "piece": ""}) == "·SolidGoldMag…"
    assert plot_label({"text": " the", "partial": False, "special": False, "piece": ""}) == "·the"
    assert plot_label({"text": " SolidGoldMagi", "partial": False, "special": False, "piece": ""}) == "·SolidGoldMagi"  # 14: fits
    assert plot_label({"text": "\n", "partial": False, "special": False, "piece": ""}) == "↵"  # no line break


def test_embed_api():
    answer = embed_api("the dog and the cat", TORCH_INIT)
    assert answer["shape"] == [1, 5, 768] and answer["dtype"] == "float32"
    assert answer["ids"] == [1169, 3290, 290, 262, 3797] and answer["pieces"] == ["the", "Ġdog", "Ġand", "Ġthe", "Ġcat"]
    assert answer["n_params"] == 38_597_376
    assert answer["model_params"]["tied"] == 124_439_808 and answer["model_params"]["untied"] == 163_037_184
    assert answer["one_hot"] == {"shape": [1, 5, 50257], "bytes": 5 * 50257 * 4, "equals_lookup": True,
                                 "checked_tokens": 5}
    sim = np.array(answer["similarity"])
    assert sim.shape == (5, 5) and np.allclose(np.diag(sim), 1.0, atol=1e-6)
    assert embed_api("x" * 10)["init"] == GPT2_INIT  # the default



FIRST_PLOTS_AT_ONCE = """
import json, threading
import numpy as np
from playground.lesson.embedding import colour_table, values_png
from playground.page.slide_view import example_chart_png

DRAW = [colour_table, lambda: values_png(np.zeros((2, 3), dtype=np.float32), 1.0), example_chart_png]
failures, pngs = [], []
def draw(kind):  # started one after another, as requests come: half of such runs failed without the lock
    try:
        drawn = DRAW[kind]()
        if kind:
            pngs.append(drawn)
    except Exception as err:
        failures.append(repr(err))
threads = [threading.Thread(target=draw, args=(i % 3,)) for i in range(8)]
[t.start() for t in threads]
[t.join() for t in threads]
print(json.dumps({"failures": failures, "png_signatures": sorted({p[:8].hex() for p in pngs}), "drawn": len(pngs)}))
"""

HEAVY_IMPORTS_LOCKED = """
import builtins, json, sys
import numpy as np
from playground.lesson.embedding import colour_table, embed, values_png
from playground.lesson.heavy_imports import HEAVY_IMPORTS
from playground.lesson.premium import premium_chart_png
from playground.page.slide_view import example_chart_png

unlocked = set()
real_import = builtins.__import__
def watching_import(name, *args, **kwargs):
    if name.split(".")[0] in ("matplotlib", "torch", "PIL") and name not in sys.modules and not HEAVY_IMPORTS.locked():
        unlocked.add(name)
    return real_import(name, *args, **kwargs)
builtins.__import__ = watching_import
colour_table(), values_png(np.zeros((2, 3), dtype=np.float32), 1.0), embed([1, 2], "GPT-2: N(0, 0.02)")
example_chart_png()
premium_chart_png({"languages": ["eng_Latn"], "tokenizers": ["gpt2"], "premium": {"eng_Latn": {"gpt2": 1.0}}, "comparable": {"eng_Latn": {"gpt2": True}}})
print(json.dumps(sorted(unlocked)))
"""


@pytest.mark.slow
@pytest.mark.parametrize("process", range(3))
def test_a_fresh_servers_first_plots_drawn_at_once_all_succeed(process):
    """A fresh server's first requests run in threads beside its warm-up: threads importing matplotlib for
    the first time at once saw its half-made modules ("cannot import name 'Colormap' from partially
    initialized module"), and students saw "This plot could not be drawn"."""
    import json

    assert json.loads(run_fresh(FIRST_PLOTS_AT_ONCE)) == {"failures": [], "png_signatures": ["89504e470d0a1a0a"],
                                                          "drawn": 5}


@pytest.mark.slow
def test_every_first_import_of_torch_matplotlib_and_pil_is_made_under_the_lock():
    """The race above shows in about half the runs; this catches a lazy import left outside the lock every time."""
    import json

    assert json.loads(run_fresh(HEAVY_IMPORTS_LOCKED)) == []
