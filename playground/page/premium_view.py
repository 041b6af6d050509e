"""The Languages section: the token premium of the FLORES-200 languages as a table and a chart."""

from __future__ import annotations

from html import escape

from playground.lesson.display import in_words
from playground.lesson.premium import BASELINE, LANGUAGES, loss_words
from playground.page.plots import png_html

LOST = "*"  # beside a figure whose tokenizer lost part of the language: what it lost is said once, under the table


def premium_cell(result: dict, code: str, name: str) -> str:
    """A premium, marked when its tokenizer lost part of the language (English's row, the baseline, is 1 by
    definition and comparable, but is marked too when its tokenizer lost something of it): a number and a mark,
    so that twelve rows of eight tokenizers fit a projector's screen; the words are the footnote's."""
    lost = loss_words(result, code, name)
    mark = f"<span class='loss' title='{escape(lost)}'>{LOST}</span>" if lost else ""
    return f"<td class='num'>{result['premium'][code][name]:.2f}{mark}</td>"


def loss_footnote(result: dict, labels: dict[str, str]) -> str:
    """What each tokenizer lost of each language, said once under the table: the languages that lost the same
    grouped ("English (the baseline), Spanish: drops the accents"); "" when no tokenizer lost anything."""
    notes = []
    for name in result["tokenizers"]:
        grouped: dict[str, list[str]] = {}
        for code in result["languages"]:
            if lost := loss_words(result, code, name):
                language = LANGUAGES[code] + (" (the baseline)" if code == BASELINE else "")
                grouped.setdefault(lost, []).append(language)
        if grouped:
            said = ". ".join(f"{', '.join(languages)}: {lost}" for lost, languages in grouped.items())
            notes.append(f"<p class='note loss-notes'><span class='loss'>{LOST}</span> What {escape(labels[name])} "
                         "lost of each language (its figure is then not comparable, and hatched in the chart; "
                         f"English's, the baseline, is 1 all the same). {escape(said)}.</p>")
    return "".join(notes)


def premium_html(result: dict, png: bytes, labels: dict[str, str]) -> str:
    """A table of premiums (English = 1) with BERT's [UNK] share (when BERT is among them: a static folder may ship
    other tokenizers only), what each tokenizer lost under it, and the chart; labels: name -> label."""
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
        f"vowel signs; a figure whose tokenizer lost part of the text is marked {LOST}, and is hatched in the chart: "
        "it is not comparable.</p>"
        f"<table class='examples premium'><thead><tr>{head}</tr></thead><tbody>{rows}</tbody></table>"
        + loss_footnote(result, labels)
        + png_html(png, f"token premium of {in_words(len(LANGUAGES))} languages", "token-premium.png")
        + "<p class='note'>FLORES-200 (NLLB Team, 2022), as redistributed by Petrov et al. (2023), CC BY-SA 4.0. "
          "Built with Meta Llama 3.</p>")
