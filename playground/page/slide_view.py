"""The examples slide: the examples' token counts under chosen tokenizers, a table and a bar chart."""

from __future__ import annotations

import io
from functools import cache
from html import escape

from playground.lesson.display import in_words
from playground.lesson.examples import EXAMPLES, example_counts, example_losses
from playground.lesson.heavy_imports import HEAVY_IMPORTS
from playground.lesson.premium import NOT_COMPARABLE, NOT_COMPARABLE_LEGEND, hatch_not_comparable, legend_above
from playground.page.plots import png_html
from playground.tokenizers.registry import DEFAULT_TOKENIZERS


def example_table(names: tuple[str, ...] = DEFAULT_TOKENIZERS) -> tuple[list[str], list[list]]:
    """(headers, rows) for the counts table: example, characters, then a count per tokenizer."""
    labels, counts = example_counts(names)
    rows = [[e.title, len(e.text), *row] for e, row in zip(EXAMPLES, counts)]
    return ["example", "characters", *labels], rows


@cache
def example_chart_png(names: tuple[str, ...] = DEFAULT_TOKENIZERS) -> bytes:
    """Grouped bars: token counts of the examples under each tokenizer; PNG bytes."""
    buffer = io.BytesIO()
    example_chart_figure(names).savefig(buffer, format="png")
    return buffer.getvalue()


def example_chart_figure(names: tuple[str, ...]):
    """example_chart_png's matplotlib Figure, drawn by Agg. The legend sits above the axes, never on the bars;
    with more than four tokenizers (the eight, and any added) each bar's count stands upright on it."""
    import numpy as np

    with HEAVY_IMPORTS:
        from matplotlib.backends.backend_agg import FigureCanvasAgg
        from matplotlib.figure import Figure
        from matplotlib.patches import Patch

    labels, counts = example_counts(names)
    values = np.array(counts)  # (examples, tokenizers)
    many = len(labels) > 4
    fig = Figure(figsize=(11, 5.2 if many else 4.2), dpi=100, layout="constrained")
    FigureCanvasAgg(fig)  # drawn to PNG by Agg, imported above (savefig would import it unlocked)
    ax = fig.add_subplot()
    width = 0.8 / len(labels)
    x = np.arange(len(EXAMPLES))
    losses = example_losses(names)
    handles = []  # the legend's: each tokenizer's colour plain (its first bar may be hatched), then the hatching
    for k, label in enumerate(labels):
        bars = ax.bar(x + (k - (len(labels) - 1) / 2) * width, values[:, k], width, label=label)
        ax.bar_label(bars, fontsize=9 if many else 12, rotation=90 if many else 0, padding=2)
        for bar, row in zip(bars, losses):
            if row[k] is not None and not row[k].comparable:
                hatch_not_comparable(bar)
        handles.append(Patch(facecolor=bars[0].get_facecolor(), label=label))
    if any(loss and not loss.comparable for row in losses for loss in row):
        handles.append(Patch(**NOT_COMPARABLE, label=NOT_COMPARABLE_LEGEND))
    ax.margins(y=0.12 if many else 0.05)  # room above the tallest bar for its upright count
    ax.set_xticks(x, [e.title for e in EXAMPLES], fontsize=12)  # six titles side by side, none touching
    ax.set_ylabel("tokens", fontsize=14)
    legend_above(fig, handles, 11 if many else 13, 3 if many else 4)
    ax.spines[["top", "right"]].set_visible(False)
    return fig


def count_cell(value, loss) -> str:
    """A count's cell, with what its tokenizer lost beside it when that makes the count not comparable."""
    said = f' <span class="loss">{escape(loss.short())}</span>' if loss is not None and not loss.comparable else ""
    return f"<td class=num>{escape(str(value))}{said}</td>"


def examples_slide_html(names: tuple[str, ...]) -> str:
    """The examples' token counts under the tokenizers `names`: a table and a bar chart, a count of a
    tokenizer that lost part of the text said to be not comparable in both."""
    headers, rows = example_table(names)
    losses = example_losses(names)
    head = "".join(f"<th>{escape(h)}</th>" for h in headers)
    body = "".join(
        f"<tr><td>{escape(r[0])}</td><td class=num>{r[1]}</td>"
        + "".join(count_cell(v, loss) for v, loss in zip(r[2:], row_losses)) + "</tr>"
        for r, row_losses in zip(rows, losses)
    )
    return (f"<table class='examples'><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"
            + png_html(example_chart_png(names), f"token counts of the {in_words(len(EXAMPLES))} examples",
                       "token-counts.png"))
