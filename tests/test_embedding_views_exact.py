"""The embedding panel's tables and captions, cell by cell, against the lesson's figures and arithmetic
written here; and the lesson module's helpers on their edge cases.

Bugs caught: a wrong row, label or unit in the memory and parameter tables, a caption that says
"tokens" for one, an axis label for every row where there is no room, a units boundary off by one.
"""

from __future__ import annotations

import io
import math
import re

import numpy as np
import pytest
import torch
from bs4 import BeautifulSoup
from matplotlib import colormaps
from matplotlib.colors import Normalize
from PIL import Image

from config import GPTConfig
from playground import compare
from playground.lesson.embedding import (
    INITS,
    colour_table,
    cosine_similarity,
    embed,
    embed_summary,
    embedding_table,
    format_bytes,
    model_param_terms,
    values_png,
)
from playground.page.embedding_view import (
    axis_labels_html,
    colour_bar_html,
    embedding_panel,
    format_ms,
    memory_html,
    one_hot_html,
    params_html,
    plots_html,
    plots_section,
    shape_html,
)

GPT2_INIT, TORCH_INIT = "GPT-2: N(0, 0.02)", "PyTorch default: N(0, 1)"


def soup(html: str) -> BeautifulSoup:
    return BeautifulSoup(html, "html5lib")


def table(html: str) -> list[list[str]]:
    """Every row of the (first) table, header included, as its cells' text."""
    return [[cell.get_text() for cell in row.find_all(["th", "td"])] for row in soup(html).select("table tr")]


def top_level(html: str) -> list[str | None]:
    """The fragment's top-level elements' names, None for text between them: html5lib moves text written
    between a table's rows out in front of the table, so stray text anywhere shows up here."""
    return [child.name if child.name else None for child in soup(html).body.children
            if child.name or child.strip()]


def gpt2_tokens(text: str) -> list[dict]:
    return compare(text, tokenizers=("gpt2",))["tokenizers"][0]["tokens"]


def test_the_memory_table_row_by_row():
    """The lesson: (32, 1024, 50257) float32 is 6.59 GB; a float32 is 4 bytes (torch.finfo)."""
    assert torch.finfo(torch.float32).bits == 32
    assert table(memory_html(2, GPTConfig())) == [
        ["float32 tensor", "shape", "memory"],
        ["one-hot input, this text", "(1, 2, 50257)", "402.06 KB"],  # 2 x 50257 x 4 = 402,056 bytes
        ["dense embeddings, this text", "(1, 2, 768)", "6.14 KB"],  # 2 x 768 x 4 = 6,144
        ["one-hot input, lesson's batch", "(32, 1024, 50257)", "6.59 GB"],
        ["dense embeddings, lesson's batch", "(32, 1024, 768)", "100.7 MB"],
        ["the embedding table (paid once; shared with the output layer when tied)", "(50257, 768)", "154.4 MB"],
    ]
    assert [td.get("class", []) for td in soup(memory_html(2, GPTConfig())).select("tbody tr td")][:3] == [[], ["num"], ["num"]]
    assert top_level(memory_html(2, GPTConfig())) == ["table"]  # nothing stray between the rows
    small = GPTConfig(vocab_size=10, n_embd=8)  # the table follows the config it is given
    assert [row[1:] for row in table(memory_html(3, small))[1:]] == [
        ["(1, 3, 10)", "120 B"], ["(1, 3, 8)", "96 B"], ["(32, 1024, 10)", "1.3 MB"], ["(32, 1024, 8)", "1.0 MB"],
        ["(10, 8)", "320 B"]]  # 3 x 10 x 4, 3 x 8 x 4, 32 x 1024 x 10 x 4 = 1,310,720, 1,048,576, 10 x 8 x 4


def test_the_parameter_table_row_by_row():
    """GPT-2 small: 124,439,808 parameters tied (the lesson's "124M"), the table "about 31%" of them."""
    html = params_html(GPTConfig())
    assert table(html) == [
        ["GPT-2 small, from GPTConfig", "formula", "parameters"],
        ["token embedding table (wte)", "50,257 x 768", "38,597,376"],
        ["position embedding table (wpe)", "1,024 x 768", "786,432"],
        ["12 transformer blocks", "12 x 7,087,872", "85,054,464"],
        ["final LayerNorm", "2 x 768", "1,536"],
        ["total, output layer tied to the token table", "", "124,439,808"],
        ["total with a separate output layer (768 x 50,257)", "", "163,037,184"],
    ]
    assert soup(html).select_one("tr.total b").get_text() == "124,439,808"
    assert soup(html).select_one("table")["class"] == ["memory", "params"]
    assert top_level(html) == ["table", "p"]  # nothing stray between the rows
    assert soup(html).select_one("p.note").get_text() == (
        "The token table is 31.0% of the tied model. Tying the output layer to it saves 38,597,376 parameters: "
        "the table is paid for once.")
    assert [t.formula for t in model_param_terms(GPTConfig(n_layer=2, n_embd=8, vocab_size=10, block_size=4))] == [
        "10 x 8", "4 x 8", f"2 x {2 * 16 + 8 * 24 + 24 + 64 + 8 + 8 * 32 + 32 + 32 * 8 + 8:,}", "2 x 8"]


@pytest.mark.parametrize("init, std", [(GPT2_INIT, "0.02"), (TORCH_INIT, "1")])
def test_the_shape_line_and_its_notes(init, std):
    tokens = gpt2_tokens("Hello world")
    html = shape_html(2, tokens, init, GPTConfig())
    line = soup(html).select_one("div.shape-line")
    assert line.get_text() == ("TokenEmbedding(GPTConfig())(torch.tensor([ids]))→ shape (1, 2, 768) · dtype "
                               "torch.float32 · 38,597,376 parameters")
    assert line.select_one("span.code").get_text() == "TokenEmbedding(GPTConfig())(torch.tensor([ids]))"
    assert line.select_one("b.shape").get_text() == "(1, 2, 768)"
    assert [p.get_text() for p in soup(html).select("p.note")] == [
        f"The weights are untrained: random draws from N(0, {std}) with a fixed seed. We ship no trained weights, "
        "so the rows mean nothing yet, except that a repeated token gets an identical row."]
    capped = [p.get_text() for p in soup(shape_html(1025, tokens, init, GPTConfig())).select("p.note")]
    assert capped[0] == ("This text has 1,025 GPT-2 tokens; the model reads at most block_size = 1,024, so only "
                         "the first 1,024 are embedded.") and len(capped) == 2
    assert top_level(shape_html(1025, tokens, init, GPTConfig())) == ["div", "p", "p"]  # no glitch note, nothing stray


@pytest.mark.parametrize("seconds, shown", [(0.0421, "42.1 ms"), (0.00003, "0.03 ms"), (0.001, "1.0 ms"),
                                            (0.0009, "0.90 ms"), (1.5, "1500.0 ms")])
def test_format_ms(seconds, shown):
    assert format_ms(seconds) == shown


@pytest.mark.parametrize("n, shown", [(6_587_285_504, "6.59 GB"), (1_000_000_000, "1.00 GB"),
                                      (999_999_999, "1000.0 MB"), (1_000_000, "1.0 MB"), (100_663_296, "100.7 MB"),
                                      (999_999, "1000.00 KB"), (1000, "1.00 KB"), (999, "999 B"), (0, "0 B")])
def test_format_bytes_in_decimal_units(n, shown):
    assert format_bytes(n) == shown


def test_the_one_hot_table_and_its_note():
    html = one_hot_html(gpt2_tokens("Hello world"), GPT2_INIT)
    assert soup(html).select_one("div.one-hot p").get_text() == (
        "one_hot(ids, 50257) @ E equals E[ids]: yes (torch.equal, run now).")
    assert soup(html).select_one("b.equal").get_text() == "yes"
    rows = table(html)
    assert rows[0] == ["path", "tensor built", "time"]
    assert [r[:2] for r in rows[1:]] == [["one-hot x E", "(1, 2, 50257): 402.06 KB"],
                                         ["lookup E[ids]", "(1, 2, 768): 6.14 KB"]]
    assert all(re.fullmatch(r"\d+\.\d+ ms", r[2]) for r in rows[1:])
    assert soup(html).select("p.note")[-1].get_text() == (
        "Same numbers, but the one-hot path builds a row of 50,257 floats per token and multiplies by the whole "
        "table; the lookup copies one row. For the lesson's batch (32, 1024) that is 6.59 GB against 100.7 MB "
        "(the table beside).")
    assert soup(one_hot_html([], GPT2_INIT)).get_text() == "Type something first: there are no ids to multiply."
    # a sentence, the table, the note: nothing stray between them (html5lib moves text out of a table)
    assert [child.name for child in soup(html).select_one("div.one-hot").children] == ["p", "table", "p"]


def test_the_one_hot_check_says_no_when_the_paths_differ(monkeypatch):
    """torch.equal is False for any table where rounding differs: the panel must say so, not "yes"."""
    from playground.lesson.embedding import OneHotCheck
    from playground.page import embedding_view

    monkeypatch.setattr(embedding_view, "one_hot_check", lambda ids, init: OneHotCheck(2, 402_056, 6_144, False, 0.5, 0.00003))
    html = one_hot_html(gpt2_tokens("Hello world"), GPT2_INIT)
    assert soup(html).select_one("b.equal").get_text() == "NO"
    assert [r[1:] for r in table(html)[1:]] == [["(1, 2, 50257): 402.06 KB", "500.0 ms"],
                                                ["(1, 2, 768): 6.14 KB", "0.03 ms"]]


def test_the_one_hot_check_times_both_paths():
    import time

    from playground.lesson.embedding import _one_hot_check

    started = time.perf_counter()
    check = _one_hot_check.__wrapped__((15496, 995), TORCH_INIT)  # not the cached answer of an earlier call
    elapsed = time.perf_counter() - started
    # Two durations measured inside the call: each positive, together within it (not a speed figure).
    assert check.one_hot_seconds > 0 and check.lookup_seconds > 0
    assert check.one_hot_seconds + check.lookup_seconds <= elapsed
    assert (check.n_tokens, check.one_hot_bytes, check.lookup_bytes) == (2, 2 * 50257 * 4, 2 * 768 * 4)


def test_axis_labels_leave_room_of_18_pixels():
    labels = tuple("abcdefgh")
    assert axis_labels_html(labels, 28) == "".join(
        f'<span style="top: {(i + 0.5) * 28:g}px">{c}</span>' for i, c in enumerate("abcdefgh"))
    # 7 px a row: one label every ceil(18 / 7) = 3 rows.
    assert axis_labels_html(labels, 7, "left") == ('<span style="left: 3.5px">a</span>'
                                                   '<span style="left: 24.5px">d</span>'
                                                   '<span style="left: 45.5px">g</span>')
    assert axis_labels_html(("<b>",), 18) == '<span style="top: 9px">&lt;b&gt;</span>'
    # 9 px a row: every second one (ceil(18 / 9) = 2); 18 px: every one.
    assert re.findall(r">(\w)<", axis_labels_html(labels, 9)) == ["a", "c", "e", "g"]
    assert re.findall(r">(\w)<", axis_labels_html(labels, 18)) == list("abcdefgh")


def test_the_colour_bar_has_nine_stops_of_matplotlibs_map_and_its_limits():
    cmap = colormaps["RdBu_r"](np.arange(256), bytes=True)[:, :3]
    assert np.array_equal(colour_table(), cmap)
    html = colour_bar_html(0.0634)
    bar = soup(html).select_one(".colour-bar .bar")["style"]
    at = [round(k * 255 / 8) for k in range(9)]  # 0, 32, 64, 96, 128, 159, 191, 223, 255
    stops = ", ".join(f"rgb({r},{g},{b}) {100 * i / 255:.1f}%" for i in at for r, g, b in [cmap[i]])
    assert bar == f"background: linear-gradient(to top, {stops})"
    ticks = {" ".join(t["class"]): t.get_text() for t in soup(html).select(".tick")}
    assert ticks == {"tick top": "+0.0634", "tick mid": "0", "tick bottom": "-0.0634"}


def test_the_plots_their_sizes_and_the_caption_of_repeats():
    text = "the dog and the cat and the bird"
    tokens = gpt2_tokens(text)
    ids = [t["id"] for t in tokens]  # " the" and " and" come twice
    html = plots_section(tokens, GPT2_INIT)
    rows = embed(ids, GPT2_INIT)[0].numpy()
    unit = rows / np.linalg.norm(rows, axis=1, keepdims=True)
    cos = unit @ unit.T
    different = [cos[i, j] for i in range(8) for j in range(8) if ids[i] != ids[j]]
    rms = math.sqrt(sum(c * c for c in different) / len(different))
    notes = [p.get_text() for p in soup(html).select("p.note")]
    assert notes[0] == ("Heatmap of the output, one row per token: blue below zero, red above. A repeated token "
                        "gives an identical row. Pin a GPT-2 token (click it) to see its row E[id] on its own.")
    assert notes[1] == (
        "Cosine similarity of the rows. One-hot vectors would give exactly 0 for every pair of different tokens; "
        f"these untrained rows are nearly orthogonal too (here |cos| is {rms:.3f} on average, root mean square; "
        "random vectors in 768 dimensions give about 1/√768 ≈ 0.036). The 2 repeated tokens give exactly 1.0 off "
        "the diagonal: the same token, the same row, wherever it stands. Training would move tokens used alike "
        "closer together; we ship no trained weights, so you see none of that here.")
    heatmap, similarity = soup(html).select("figure")
    assert heatmap["id"] == "heatmap-figure" and similarity["id"] == "similarity-figure"
    # 8 rows of 480 // 8 = 60 px, capped at 28; similarity cells 320 // 8 = 40 px, capped at 32.
    assert heatmap.select_one("img")["style"] == "width: 768px; height: 224px"
    assert heatmap.select_one(".row-labels")["style"] == "height: 224px"
    assert heatmap.select_one("figcaption").get_text() == "embedding dimension (0 to 767)"
    assert similarity.select_one("img")["style"] == "width: 256px; height: 256px"
    assert similarity.select_one(".column-labels")["style"] == "width: 256px"
    assert [s.get_text() for s in heatmap.select(".row-labels span")] == [
        "the", "·dog", "·and", "·the", "·cat", "·and", "·the", "·bird"]
    assert heatmap.select_one("img")["alt"] == "heatmap of the embeddings of 8 tokens"
    assert similarity.select_one("img")["alt"] == "cosine similarity of 8 token rows"
    assert (heatmap["data-top"], heatmap["data-left"]) == ("0", "0")
    assert soup(html).select_one("div.plots > div.plot-cell > div#row-strip") is not None
    one = soup(plots_section(gpt2_tokens(" the the"), GPT2_INIT)).select("p.note")[1].get_text()
    assert "The 1 repeated token gives exactly 1.0 off the diagonal" in one
    lone = soup(plots_section(gpt2_tokens("dog"), GPT2_INIT)).select("p.note")[1].get_text()
    assert "root mean square" not in lone and "tokens; these untrained rows are nearly orthogonal too. Training" in lone


def test_tall_and_short_plots_keep_their_rows_readable():
    many = gpt2_tokens(" a" * 64)  # 64 rows: 480 // 64 = 7 px each (the floor); cells 320 // 64 = 5 px
    figure = soup(plots_html(tuple(t["id"] for t in many), tuple("x" * 64), GPT2_INIT)).select("figure")
    assert figure[0].select_one("img")["style"] == "width: 768px; height: 448px"
    assert figure[1].select_one("img")["style"] == "width: 320px; height: 320px"
    assert soup(plots_section(gpt2_tokens(" a" * 70), GPT2_INIT)).select("p.note")[0].get_text().startswith(
        "Heatmap of the output, one row per token (the first 64 of 70 rows): ")
    assert soup(plots_section([], GPT2_INIT)).get_text() == "Type something to see its vectors."


def test_the_panel_is_shape_tables_and_plots():
    tokens = gpt2_tokens("Hello world")
    head, tables, plots = embedding_panel(2, tokens, GPT2_INIT)
    assert head == shape_html(2, tokens, GPT2_INIT, GPTConfig())
    assert tables == memory_html(2, GPTConfig()) + params_html(GPTConfig())
    assert plots == plots_section(tokens, GPT2_INIT)


def test_embed_summary_of_a_capped_text():
    tokens = gpt2_tokens(" a" * 70)
    summary = embed_summary(tokens, GPT2_INIT)
    assert summary["shape"] == [1, 70, 768] and summary["dtype"] == "float32" and summary["init"] == GPT2_INIT
    assert summary["pieces"] == ["Ġa"] * 70 and summary["ids"] == [257] * 70
    assert summary["n_params"] == 38_597_376
    assert summary["one_hot"] == {"shape": [1, 70, 50257], "bytes": 70 * 50257 * 4, "equals_lookup": True,
                                  "checked_tokens": 64}
    assert np.array(summary["similarity"]).shape == (64, 64)
    short = embed_summary(gpt2_tokens("the dog and the cat"), GPT2_INIT)["similarity"]  # to 6 decimals, no more
    rows = embed([1169, 3290, 290, 262, 3797], GPT2_INIT)[0].numpy().astype(np.float64)
    unit = rows / np.linalg.norm(rows, axis=1, keepdims=True)
    assert np.allclose(short, unit @ unit.T, atol=6e-7, rtol=0)
    assert all(round(v, 6) == v for row in short for v in row)
    assert any(round(v, 5) != v for row in short for v in row)


def test_unknown_init_is_refused_with_the_choices():
    with pytest.raises(ValueError, match=r"unknown init 'N\(0, 3\)'; choose one of \['GPT-2: N\(0, 0.02\)', "
                                         r"'PyTorch default: N\(0, 1\)'\]"):
        embedding_table("N(0, 3)")
    assert list(INITS) == [GPT2_INIT, TORCH_INIT]


def test_cosine_of_a_zero_row_is_zero_not_nan():
    sim = cosine_similarity([[0.0, 0.0], [1.0, 0.0]])
    assert np.array_equal(sim, [[0.0, 0.0], [0.0, 1.0]])


@pytest.mark.parametrize("limit", [0.06, 1.0, 0.0517])
def test_float32_values_on_the_colour_bins_edges_take_matplotlibs_colours(limit):
    """The table's rows are float32: each value on an edge between two of the 256 colours, and its float32
    neighbours on either side, coloured as imshow(vmin=-limit, vmax=limit) colours them."""
    step = np.float32(2 * limit / 256)
    edges = np.float32(-limit) + np.arange(257, dtype=np.float32) * step
    values = np.concatenate([np.nextafter(edges, -np.inf), edges, np.nextafter(edges, np.inf)])[None, :]
    assert values.dtype == np.float32
    image = Image.open(io.BytesIO(values_png(values, limit))).convert("RGB")
    expected = colormaps["RdBu_r"](Normalize(-limit, limit)(values), bytes=True)[..., :3]
    assert np.array_equal(np.asarray(image), expected)


def test_the_heatmap_png_is_compressed_at_zlibs_fastest_level():
    """Noise compresses little: the PNG spends no time trying. zlib's header says the level it was written at
    (RFC 1950: FLEVEL 0, "compressor used fastest algorithm", is the second byte 0x01 after 0x78)."""
    png = values_png(np.zeros((2, 3)), 1.0)
    at = png.index(b"IDAT") + 4
    assert png[at:at + 2] == b"\x78\x01"


def test_values_beyond_the_limit_take_the_maps_end_colours():
    """As imshow(vmin=-limit, vmax=limit) draws them: below is the first colour, above the last."""
    values = np.array([[-1.5, -1.2, -1.0, 0.0, 0.999, 1.0, 5.0]])  # -1.5 and -1.2 must not wrap round to red
    image = Image.open(io.BytesIO(values_png(values, 1.0))).convert("RGB")
    expected = colormaps["RdBu_r"](Normalize(-1.0, 1.0)(values), bytes=True)[..., :3]
    assert np.array_equal(np.asarray(image), expected)
