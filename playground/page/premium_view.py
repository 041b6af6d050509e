"""The Languages section: the token premium of twelve languages as a table and a chart."""

from __future__ import annotations

from html import escape

from playground.lesson.premium import BASELINE, LANGUAGES, loss_words
from playground.page.plots import png_html


def premium_cell(result: dict, code: str, name: str) -> str:
    """A premium, with what its tokenizer lost of the language beside it when its count is not comparable; on
    English's row (the baseline, 1 by definition) only what it lost, if anything."""
    lost = loss_words(result, code, name)
    said = ("" if result["comparable"][code][name] and not (code == BASELINE and lost)
            else f" <span class='loss'>baseline; {escape(lost)}</span>" if code == BASELINE
            else f" <span class='loss'>not comparable: {escape(lost)}</span>")
    return f"<td class='num'>{result['premium'][code][name]:.2f}{said}</td>"


def premium_html(result: dict, png: bytes, labels: dict[str, str]) -> str:
    """A table of premiums (English = 1) with BERT's [UNK] share (when BERT is among them: a static folder may ship
    other tokenizers only), and the chart; labels: name -> label."""
    names = result["tokenizers"]
    bert = "bert" in names
    head = ("<th>language</th>" + "".join(f"<th>{escape(labels[n])}</th>" for n in names)
            + ("<th>BERT [UNK]</th>" if bert else ""))
    rows = "".join(
        f"<tr><td>{escape(LANGUAGES[code])}</td>"
        + "".join(premium_cell(result, code, n) for n in names)
        + (f"<td class='num'>{result['unk'][code]['bert'] / result['tokens'][code]['bert']:.0%}</td>" if bert else "")
        + "</tr>"
        for code in result["languages"])
    return (
        "<p class='note'>Tokens for the same 200 FLORES-200 sentences, over English's (each sentence on its own, "
        "no special tokens). A low figure can hide lost text: BERT maps most words it cannot spell to "
        "[UNK], one token each (the last column says how much of its output that is), and drops accents and "
        "vowel signs; a figure whose tokenizer lost part of the text says so, and is hatched in the chart: "
        "it is not comparable.</p>"
        f"<table class='examples premium'><thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table>"
        + png_html(png, "token premium of twelve languages", "token-premium.png")
        + "<p class='note'>FLORES-200 (NLLB Team, 2022), as redistributed by Petrov et al. (2023), CC BY-SA 4.0. "
          "Built with Meta Llama 3.</p>")


