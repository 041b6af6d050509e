"""The Languages section: the token premium of twelve languages as a table and a chart."""

from __future__ import annotations

from html import escape

from playground.lesson.premium import LANGUAGES
from playground.page.plots import png_html


def premium_html(result: dict, png: bytes, labels: dict[str, str]) -> str:
    """A table of premiums (English = 1) with BERT's [UNK] share, and the chart; labels: name -> label."""
    names = result["tokenizers"]
    head = "<th>language</th>" + "".join(f"<th>{escape(labels[n])}</th>" for n in names) + "<th>BERT [UNK]</th>"
    rows = "".join(
        f"<tr><td>{escape(LANGUAGES[code])}</td>"
        + "".join(f"<td class='num'>{result['premium'][code][n]:.2f}</td>" for n in names)
        + f"<td class='num'>{result['unk'][code]['bert'] / result['tokens'][code]['bert']:.0%}</td></tr>"
        for code in result["languages"])
    return (
        "<p class='note'>Tokens for the same 200 FLORES-200 sentences, over English's (each sentence on its own, "
        "no special tokens). A low BERT figure can hide lost text: BERT maps most words it cannot spell to "
        "[UNK], one token each, and the last column says how much of its output that is.</p>"
        f"<table class='examples premium'><thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table>"
        + png_html(png, "token premium of twelve languages", "token-premium.png")
        + "<p class='note'>FLORES-200 (NLLB Team, 2022), as redistributed by Petrov et al. (2023), CC BY-SA 4.0. "
          "Built with Meta Llama 3.</p>")


