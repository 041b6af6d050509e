"""The slide's chart stays legible with ten tokenizers: the legend off the bars, no count over another."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest

from playground import register_tokenizer
from playground.tokenizers import registry

ASSETS = Path(__file__).resolve().parent.parent / "assets"


@pytest.fixture
def ten_tokenizers(monkeypatch):
    """The eight, and two added as a lecturer would (python app.py --tokenizer ...), in a copy of the registry."""
    monkeypatch.setattr(registry, "_registered", dict(registry._registered))
    monkeypatch.setattr(registry, "_loaded", dict(registry._loaded))
    register_tokenizer("llama3-again", ASSETS / "llama-3" / "tokenizer.json")
    register_tokenizer("mistral-again", str(ASSETS / "mistral" / "tokenizer.model"))
    names = (*registry.tokenizer_names()[:8], "llama3-again", "mistral-again")  # other tests may have added more
    assert len(set(names)) == 10
    return names


@pytest.mark.slow
def test_the_slide_chart_with_ten_tokenizers_has_nothing_drawn_over_anything(ten_tokenizers):
    from playground.page.slide_view import example_chart_figure

    fig = example_chart_figure(ten_tokenizers)
    fig.canvas.draw()
    renderer = fig.canvas.get_renderer()
    [ax], [legend] = fig.axes, fig.legends
    plot_box, legend_box = ax.get_window_extent(renderer), legend.get_window_extent(renderer)
    assert legend_box.y0 >= plot_box.y1, "the legend sits above the bars"
    legend_texts = [t.get_text() for t in legend.get_texts()]
    assert len(legend_texts) == 11 and legend_texts[-1].startswith("hatched"), legend_texts  # ten, and BERT's hatching
    assert fig.bbox.x0 <= legend_box.x0 and legend_box.x1 <= fig.bbox.x1 and legend_box.y1 <= fig.bbox.y1, "not cut"
    counts = [t.get_window_extent(renderer) for t in ax.texts]  # bar_label's counts, one a bar
    assert len(counts) == 6 * 10
    assert [(a, b) for a, b in itertools.combinations(counts, 2) if a.overlaps(b)] == []
    figure_box = fig.bbox
    assert all(figure_box.x0 <= c.x0 and c.x1 <= figure_box.x1 and c.y1 <= plot_box.y1 for c in counts)
    ticks = [t.get_window_extent(renderer) for t in ax.get_xticklabels()]
    assert [(a, b) for a, b in itertools.combinations(ticks, 2) if a.overlaps(b)] == []


@pytest.mark.parametrize("names", [("gpt2", "bert", "llama"), ("bert", "mistral", "gpt4o"), ("bert", "mistral", "llama")])
def test_the_slide_chart_legend_is_whole_for_three_tokenizers(names):
    """Three tokenizers and the hatching in four columns ran 100 px past both sides of the 1,100 px chart."""
    from playground.page.slide_view import example_chart_figure

    fig = example_chart_figure(names)
    fig.canvas.draw()
    [legend] = fig.legends
    box = legend.get_window_extent(fig.canvas.get_renderer())
    assert [t.get_text() for t in legend.get_texts()][-1] == "hatched: lost part of the text, count not comparable"
    assert fig.bbox.x0 <= box.x0 and box.x1 <= fig.bbox.x1 and box.y1 <= fig.bbox.y1, (box, fig.bbox)
    assert box.y0 >= fig.axes[0].get_window_extent().y1, "above the bars"
