"""The embedding panel's HTML: pure functions from the GPT-2 tokens of the text to markup.

What it proves on the student's own text: the shape (1, T, 768); that one-hot x E equals the
lookup E[ids] and what each costs; how many parameters the table is of GPT-2 small, tied and
untied; and, in two plots, that a repeated token gets the very same row (cosine 1) while the
untrained rows of different tokens are nearly orthogonal.
"""

from __future__ import annotations

import math
import threading
from html import escape

import numpy as np
from cachetools import LRUCache, cached

from config import GPTConfig
from playground.lesson.display import token_label
from playground.lesson.embedding import (
    HEATMAP_ROWS,
    INITS,
    colour_table,
    cosine_similarity,
    embed,
    format_bytes,
    memory_rows,
    model_param_terms,
    model_params,
    one_hot_check,
    values_png,
)
from playground.page.plots import plot_or_error, png_html
from playground.tokenizers.undertrained import PAPER

PLOTS_CACHE_BYTES = 2_000_000  # drawn plots (about 60 KB each, 3 ms to redraw): the examples a class opens
LABEL_CHARS = 14  # a plot's row label is cut to this, with an ellipsis: the margin holds no more


def plot_label(token: dict) -> str:
    label = token_label(token).replace("\n", "")
    return label if len(label) <= LABEL_CHARS else label[:LABEL_CHARS - 1] + "…"


def shape_html(n_all: int, tokens: list[dict], init: str, config: GPTConfig) -> str:
    """The lesson's call and what comes out: shape, dtype, parameters; notes on the cap and the weights."""
    out = embed([t["id"] for t in tokens], init)  # (1, T, n_embd)
    shape = f"({', '.join(str(d) for d in out.shape)})"
    n_params = model_param_terms(config)[0].count
    notes = [f"The weights are untrained: random draws from N(0, {INITS[init]:g}) with a fixed seed. "
             "We ship no trained weights, so the rows mean nothing yet, except that a repeated token "
             "gets an identical row."]
    if n_all > config.block_size:
        notes.insert(0, f"This text has {n_all:,} GPT-2 tokens; the model reads at most block_size = "
                        f"{config.block_size:,}, so only the first {config.block_size:,} are embedded.")
    return (f'<div class="shape-line"><span class="code">TokenEmbedding(GPTConfig())(torch.tensor([ids]))</span><br>'
            f'→ shape <b class="shape">{shape}</b> · dtype <b>{out.dtype}</b> · <b>{n_params:,}</b> parameters</div>'
            + "".join(f'<p class="note">{n}</p>' for n in notes) + undertrained_note(tokens))


def undertrained_note(tokens: list[dict]) -> str:
    """The link from glitch tokens to E, said when a GPT-2 token on the paper's under-trained list is in the text;
    the token named as its block in the panel shows it ("·TheNitrome", not the vocabulary's "ĠTheNitrome")."""
    marked = next((t for t in tokens if t["undertrained"]), None)
    if marked is None:
        return ""
    return (f'<p class="note undertrained-note">An under-trained token, like the marked '
            f'<span class="code">{escape(token_label(marked))}</span> here, is a row of E that training barely moved '
            f"from where it started, which is how {escape(PAPER)} find them; our table is untrained, so every "
            "row here is like that.</p>")


def format_ms(seconds: float) -> str:
    """0.0421 -> "42.1 ms"; 0.00003 -> "0.03 ms": a lookup takes microseconds, and says so."""
    ms = seconds * 1e3
    return f"{ms:.1f} ms" if ms >= 1 else f"{ms:.2f} ms"


def one_hot_html(tokens: list[dict], init: str, config: GPTConfig = GPTConfig()) -> str:
    """One-hot x E against E[ids], run now on this text's ids, with what each path costs."""
    if not tokens:
        return '<p class="note">Type something first: there are no ids to multiply.</p>'
    check = one_hot_check([t["id"] for t in tokens], init)
    capped = (f" (the first {check.n_tokens} of {len(tokens):,} tokens: a one-hot tensor is "
              f"{format_bytes(check.one_hot_bytes)} already)" if check.n_tokens < len(tokens) else "")
    return (
        f'<div class="one-hot"><p><span class="code">one_hot(ids, {config.vocab_size}) @ E</span> equals '
        f'<span class="code">E[ids]</span>: <b class="equal">{"yes" if check.equals_lookup else "NO"}</b> '
        f"(torch.equal, run now{capped}).</p>"
        "<table class='memory'><thead><tr><th>path</th><th>tensor built</th><th>time</th></tr></thead><tbody>"
        f"<tr><td>one-hot x E</td><td class='num'>(1, {check.n_tokens}, {config.vocab_size}): "
        f"{format_bytes(check.one_hot_bytes)}</td><td class='num'>{format_ms(check.one_hot_seconds)}</td></tr>"
        f"<tr><td>lookup E[ids]</td><td class='num'>(1, {check.n_tokens}, {config.n_embd}): "
        f"{format_bytes(check.lookup_bytes)}</td><td class='num'>{format_ms(check.lookup_seconds)}</td></tr>"
        "</tbody></table>"
        "<p class='note'>Same numbers, but the one-hot path builds a row of 50,257 floats per token and "
        "multiplies by the whole table; the lookup copies one row. For the lesson's batch (32, 1024) that is "
        "6.59 GB against 100.7 MB (the table beside).</p></div>"
    )


def memory_html(n_tokens: int, config: GPTConfig) -> str:
    rows = "".join(f"<tr><td>{escape(r.what)}</td><td class='num'>{escape(str(r.shape))}</td>"
                   f"<td class='num'>{format_bytes(r.n_bytes)}</td></tr>" for r in memory_rows(n_tokens, config))
    return ("<table class='memory'><thead><tr><th>float32 tensor</th><th>shape</th><th>memory</th></tr></thead>"
            f"<tbody>{rows}</tbody></table>")


def params_html(config: GPTConfig) -> str:
    """GPT-2 small's parameter count, term by term, tied and untied."""
    totals = model_params(config)
    terms = "".join(f"<tr><td>{escape(t.what)}</td><td class='num'>{escape(t.formula)}</td>"
                    f"<td class='num'>{t.count:,}</td></tr>" for t in model_param_terms(config))
    table = model_param_terms(config)[0].count
    return (
        "<table class='memory params'><thead><tr><th>GPT-2 small, from GPTConfig</th><th>formula</th>"
        f"<th>parameters</th></tr></thead><tbody>{terms}"
        f"<tr class='total'><td>total, output layer tied to the token table</td><td></td>"
        f"<td class='num'><b>{totals['tied']:,}</b></td></tr>"
        f"<tr><td>total with a separate output layer ({config.n_embd} x {config.vocab_size:,})</td><td></td>"
        f"<td class='num'>{totals['untied']:,}</td></tr></tbody></table>"
        f"<p class='note'>The token table is <b>{totals['embedding_share']:.1%}</b> of the tied model. "
        f"Tying the output layer to it saves {table:,} parameters: the table is paid for once.</p>"
    )


def colour_bar_html(limit: float) -> str:
    """The plots' colour scale, as a CSS gradient through the same colour table, with its ends and zero."""
    table = colour_table()
    last = len(table) - 1
    stops = ", ".join(f"rgb({r},{g},{b}) {100 * i / last:.1f}%"  # 9 stops, both ends included
                      for i in (round(k * last / 8) for k in range(9)) for r, g, b in [table[i]])
    return (f'<div class="colour-bar"><span class="bar" style="background: linear-gradient(to top, {stops})"></span>'
            f'<span class="tick top">{limit:+.3g}</span><span class="tick mid">0</span>'
            f'<span class="tick bottom">{-limit:+.3g}</span></div>')


def axis_labels_html(labels: tuple[str, ...], px: int, edge: str = "top") -> str:
    """Labels for rows (edge="top") or columns ("left") px CSS pixels apart, each centred on its own
    row or column, as many as have 18 px of room. The text is the student's: escaped."""
    step = -(-18 // px)
    return "".join(f'<span style="{edge}: {(i + 0.5) * px:g}px">{escape(label)}</span>'
                   for i, label in enumerate(labels) if i % step == 0)


@cached(LRUCache(PLOTS_CACHE_BYTES, getsizeof=len), lock=threading.Lock())
def plots_html(ids: tuple[int, ...], labels: tuple[str, ...], init: str) -> str:
    """The heatmap of these ids' rows and their cosine similarities: one pixel per value, labels in HTML.

    Cached: the pictures depend only on the ids drawn and the init, so typing past the rows
    they show, toggling back, or a class opening the same example costs nothing. A failure
    raises, and is not cached.
    """
    vectors = embed(list(ids), init)[0].numpy()  # (rows, n_embd)
    n, n_embd = vectors.shape
    limit = float(abs(vectors).max()) or 1.0
    row_px = min(max(480 // n, 7), 28)  # each token's row, stretched to this many CSS pixels
    # data-*: where token k's row is in the image's own pixels; the page frames a pinned token's row from them.
    heatmap = png_html(
        values_png(vectors, limit), f"heatmap of the embeddings of {n} token{'s' * (n != 1)}", "embedding.png",
        f' id="heatmap-figure" data-rows="{n}" data-height="{n}" data-top="0" data-row-px="1" data-left="0"'
        f' data-width="{n_embd}"',
        before=f'<div class="row-labels" style="height: {n * row_px}px">{axis_labels_html(labels, row_px)}</div>',
        after=colour_bar_html(limit) + f'<figcaption>embedding dimension (0 to {n_embd - 1})</figcaption>',
        img_style=f"width: {n_embd}px; height: {n * row_px}px",
    )
    similarity = cosine_similarity(vectors)  # (n, n)
    distinct = similarity[np.not_equal.outer(ids, ids)]  # the pairs of different tokens
    repeated = n - len(set(ids))
    rms = math.sqrt(np.mean(distinct ** 2)) if distinct.size else None
    caption = ("Cosine similarity of the rows. One-hot vectors would give exactly 0 for every pair of different "
               "tokens; these untrained rows are nearly orthogonal too"
               + (f" (here |cos| is {rms:.3f} on average, root mean square; random vectors in 768 dimensions "
                  f"give about 1/√768 ≈ {1 / math.sqrt(768):.3f})" if rms is not None else "")
               + (f". The {repeated} repeated token{'s' * (repeated != 1)} give{'s' * (repeated == 1)} exactly 1.0 "
                  "off the diagonal: the same token, the same row, wherever it stands." if repeated else ".")
               + " Training would move tokens used alike closer together; we ship no trained weights, so you "
                 "see none of that here.")
    cell = min(max(320 // n, 5), 32)  # each pair's square, in CSS pixels
    plot = png_html(
        values_png(similarity, 1.0), f"cosine similarity of {n} token row{'s' * (n != 1)}", "similarity.png",
        ' id="similarity-figure"',
        before=f'<div class="row-labels" style="height: {n * cell}px">{axis_labels_html(labels, cell)}</div>',
        after=colour_bar_html(1.0)
        + f'<div class="column-labels" style="width: {n * cell}px">{axis_labels_html(labels, cell, "left")}</div>',
        img_style=f"width: {n * cell}px; height: {n * cell}px",
    )
    return (f'<div class="plots"><div class="plot-cell"><div id="row-strip"></div>{heatmap}</div>'
            f'<div class="plot-cell"><p class="note">{escape(caption)}</p>{plot}</div></div>')


def plots_section(tokens: list[dict], init: str) -> str:
    """Captions, both plots, and the place the pinned token's row appears."""
    return "".join(plots_parts(tokens, init))


def plots_parts(tokens: list[dict], init: str) -> tuple[str, str]:
    """plots_section as (the heatmap's caption, which counts the tokens, the figure below it, which draws only
    the first HEATMAP_ROWS): typing at the end of a text changes the first and, past 64 tokens, not the second."""
    if not tokens:
        return '<p class="note">Type something to see its vectors.</p>', ""
    drawn = tokens[:HEATMAP_ROWS]
    caption = ("Heatmap of the output, one row per token"
               + (f" (the first {HEATMAP_ROWS} of {len(tokens):,} rows)" if len(tokens) > HEATMAP_ROWS else "")
               + ": blue below zero, red above. A repeated token gives an identical row. "
                 "Pin a GPT-2 token (click it) to see its row E[id] on its own.")
    labels = tuple(plot_label(t) for t in drawn)
    return f'<p class="note">{caption}</p>', plot_or_error(plots_html, tuple(t["id"] for t in drawn), labels, init)


def embedding_panel(n_all: int, tokens: list[dict], init: str) -> tuple[str, str, str]:
    """(shape, memory and parameters, plots) for the first block_size GPT-2 tokens of a text."""
    shape, memory, caption, figure = embedding_parts(n_all, tokens, init)
    return shape, memory, caption + figure


def embedding_parts(n_all: int, tokens: list[dict], init: str) -> tuple[str, str, str, str]:
    """embedding_panel with its plots in their plots_parts: (shape, memory and parameters, caption, figure).

    The one-hot product is not in it: it reads the whole 154 MB table (tens of ms) and runs on
    the button's click (one_hot_html), not on every keystroke of a class.
    """
    config = GPTConfig()
    return (shape_html(n_all, tokens, init, config), memory_html(len(tokens), config) + params_html(config),
            *plots_parts(tokens, init))
