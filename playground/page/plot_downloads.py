"""The embedding's two plots as figures to download: title, labelled axes and colour bar, drawn by matplotlib
when Download PNG is pressed. The page draws them as pixels with labels in HTML (embedding_view.plots_html),
which a saved image would lose: a bare 768 x 64 strip of colours says nothing on a slide."""

from __future__ import annotations

import io

from playground.lesson.embedding import COLOUR_MAP, cosine_similarity, embed
from playground.lesson.heavy_imports import HEAVY_IMPORTS

PLOTS = ("embedding", "similarity")  # what Download PNG asks for: the heatmap, the cosine similarities
# The tokens' labels in the page's scripts: matplotlib falls back through these, glyph by glyph.
FONTS = ["DejaVu Sans", "Noto Sans Devanagari", "Noto Sans CJK SC", "Noto Naskh Arabic"]
LABELLED_ROWS = 40  # at most this many tick labels down an axis (every k-th token past it): each one legible


def tick_labels(labels: tuple[str, ...]) -> tuple[list[int], list[str]]:
    """(positions, labels) for an axis of tokens, every k-th one past LABELLED_ROWS, each "$" kept a dollar
    (matplotlib would read text between two as mathematics)."""
    step = -(-len(labels) // LABELLED_ROWS)
    shown = range(0, len(labels), step)
    return list(shown), [labels[i].replace("$", r"\$") for i in shown]


def plot_png(plot: str, ids: tuple[int, ...], labels: tuple[str, ...], init: str) -> bytes:
    """The PNG of one plot (PLOTS) of these GPT-2 ids' rows under init, labelled by their tokens."""
    import numpy as np

    with HEAVY_IMPORTS:
        from matplotlib.backends.backend_agg import FigureCanvasAgg
        from matplotlib.figure import Figure

    vectors = embed(list(ids), init)[0].numpy()  # (rows, n_embd)
    n, n_embd = vectors.shape
    positions, names = tick_labels(labels)
    if plot == "embedding":
        limit = float(np.abs(vectors).max()) or 1.0
        values, title = vectors, f"TokenEmbedding output for {n} GPT-2 token{'s' * (n != 1)} ({init}, untrained)"
        fig = Figure(figsize=(12, 2.5 + 0.2 * len(positions)), dpi=100, layout="constrained")
    else:
        limit = 1.0
        values, title = cosine_similarity(vectors), f"Cosine similarity of the rows of {n} GPT-2 token{'s' * (n != 1)} ({init}, untrained)"
        fig = Figure(figsize=(9, 8), dpi=100, layout="constrained")
    FigureCanvasAgg(fig)  # drawn to PNG by Agg, imported above (savefig would import it unlocked)
    ax = fig.add_subplot()
    image = ax.imshow(values, cmap=COLOUR_MAP, vmin=-limit, vmax=limit, aspect="auto", interpolation="nearest")
    ax.set_yticks(positions, names, fontfamily=FONTS, fontsize=10)
    ax.set_ylabel("token", fontsize=12)
    if plot == "embedding":
        ax.set_xlabel(f"embedding dimension (0 to {n_embd - 1})", fontsize=12)
    else:
        ax.set_xticks(positions, names, fontfamily=FONTS, fontsize=10, rotation=90)
        ax.set_xlabel("token", fontsize=12)
    ax.set_title(title, fontsize=14)
    fig.colorbar(image, ax=ax, label="cosine similarity" if plot == "similarity" else "value")
    buffer = io.BytesIO()
    fig.savefig(buffer, format="png")
    return buffer.getvalue()
