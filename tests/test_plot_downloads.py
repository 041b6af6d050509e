"""The embedding's plots as downloaded: labelled figures (title, axes, colour bar), not the page's bare pixels."""

from __future__ import annotations

import io

from conftest import synchronous
from PIL import Image

from playground.page import handlers
from playground.page.plot_downloads import plot_png, tick_labels

GLITCH_IDS = (13924, 6557, 306, 11, 7852, 10855, 42, 11, 383)  # GPT-2: "Portály, CLIIIK, The"
INIT = "GPT-2: N(0, 0.02)"


def figure_of(monkeypatch, draw):
    """Call draw() and catch the matplotlib Figure it saves."""
    from matplotlib.figure import Figure

    saved, original = [], Figure.savefig
    monkeypatch.setattr(Figure, "savefig", lambda self, *a, **k: (saved.append(self), original(self, *a, **k))[1])
    png = draw()
    [figure] = saved
    return png, figure


def test_the_heatmap_downloads_as_a_labelled_figure(monkeypatch):
    labels = ("Port", "á", "ly", ",", "·CL", "III", "K", ",", "·The")
    png, fig = figure_of(monkeypatch, lambda: plot_png("embedding", GLITCH_IDS, labels, INIT))
    assert Image.open(io.BytesIO(png)).size == (1200, 430)  # was 768 x 9 pixels, one per value
    ax, bar = fig.axes
    assert ax.get_title() == "TokenEmbedding output for 9 GPT-2 tokens (GPT-2: N(0, 0.02), untrained)"
    assert [t.get_text() for t in ax.get_yticklabels()] == list(labels)
    assert (ax.get_xlabel(), ax.get_ylabel(), bar.get_ylabel()) == ("embedding dimension (0 to 767)", "token", "value")


def test_the_similarity_downloads_as_a_labelled_figure(monkeypatch):
    labels = ("Port", "á", "ly", ",", "·CL", "III", "K", ",", "·The")
    png, fig = figure_of(monkeypatch, lambda: plot_png("similarity", GLITCH_IDS, labels, INIT))
    assert Image.open(io.BytesIO(png)).size == (900, 800)  # was 9 x 9 pixels
    ax, bar = fig.axes
    assert ax.get_title() == "Cosine similarity of the rows of 9 GPT-2 tokens (GPT-2: N(0, 0.02), untrained)"
    assert [t.get_text() for t in ax.get_xticklabels()] == [t.get_text() for t in ax.get_yticklabels()] == list(labels)
    assert bar.get_ylabel() == "cosine similarity" and bar.get_ylim() == (-1.0, 1.0)


def test_tick_labels_keep_dollars_and_thin_out_past_forty():
    assert tick_labels(("·$", "Post", "$x$")) == ([0, 1, 2], [r"·\$", "Post", r"\$x\$"])
    positions, names = tick_labels(tuple(str(i) for i in range(64)))
    assert positions == list(range(0, 64, 2)) and names[:3] == ["0", "2", "4"]


def test_the_page_asks_for_the_figure_of_the_tokens_it_draws():
    url = synchronous(handlers.plot_download)("similarity", "Hello world", INIT)
    assert url.startswith("data:image/png;base64,")
    import base64
    assert Image.open(io.BytesIO(base64.b64decode(url.split(",", 1)[1]))).size == (900, 800)
    assert synchronous(handlers.plot_download)("embedding", "", INIT) == ""
