"""The token premium, the examples slide and the inline plots, against the official libraries' counts on
the bundled FLORES-200 files and against what matplotlib was asked to draw (read back from its Figure).

Bugs caught: a premium over the wrong baseline, [UNK]s counted for a tokenizer that has none, a bar
under the wrong language or tokenizer, a chart without its English = 1 line, a table cell off by a column.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from bs4 import BeautifulSoup
from matplotlib.figure import Figure

from playground.lesson.display import in_words
from playground.lesson.examples import EXAMPLES
from playground.lesson.premium import premium_chart_png, premium_png_for, token_premium
from playground.page.plots import plot_or_error, png_html
from playground.page.premium_view import premium_html
from playground.page.slide_view import example_table, examples_slide_html

ROOT = Path(__file__).resolve().parent.parent
FLORES = ROOT / "assets" / "flores200-dev-200"
NAMES = ("gpt2", "bert")
LANGUAGE_NAMES = ["English", "Spanish", "German", "Russian", "Swahili", "Arabic", "Hindi", "Tamil", "Burmese",
                  "Mandarin", "Japanese", "Korean"]


@pytest.fixture(scope="module")
def premium() -> dict:
    return token_premium(NAMES)


def lines(code: str) -> list[str]:
    return (FLORES / f"{code}.txt").read_text(encoding="utf-8").splitlines()


def test_token_counts_unknowns_and_premiums_are_the_official_libraries(premium, official_gpt2, official_bert):
    assert premium["tokenizers"] == ["gpt2", "bert"]
    assert len(premium["languages"]) == 12 and premium["languages"][0] == "eng_Latn"
    for code in premium["languages"]:
        sentences = lines(code)
        assert len(sentences) == 200
        gpt2 = sum(len(official_gpt2.encode_ordinary(s)) for s in sentences)
        bert = [i for s in sentences for i in official_bert.encode(s, add_special_tokens=False).ids]
        assert premium["tokens"][code] == {"gpt2": gpt2, "bert": len(bert)}
        assert premium["unk"][code] == {"gpt2": 0, "bert": bert.count(100)}
    english = premium["tokens"]["eng_Latn"]
    for code in premium["languages"]:
        for name in NAMES:
            assert premium["premium"][code][name] == premium["tokens"][code][name] / english[name]
    assert premium["premium"]["eng_Latn"] == {"gpt2": 1.0, "bert": 1.0}


def drawn_figure(monkeypatch, draw) -> Figure:
    """Call draw() and catch the matplotlib Figure it saves."""
    saved = []
    original = Figure.savefig

    def savefig(self, *args, **kwargs):
        saved.append(self)
        return original(self, *args, **kwargs)

    monkeypatch.setattr(Figure, "savefig", savefig)
    png = draw()
    assert png.startswith(b"\x89PNG\r\n\x1a\n")
    [figure] = saved
    return figure


def test_the_premium_chart_draws_each_premium_as_a_bar(premium, monkeypatch):
    figure = drawn_figure(monkeypatch, lambda: premium_chart_png(premium))
    assert tuple(figure.get_size_inches()) == (14.0, 5.2) and figure.dpi == 100
    [ax] = figure.axes
    bars = ax.containers
    assert len(bars) == 2
    width = 0.84 / 2
    for k, (container, name) in enumerate(zip(bars, NAMES)):
        assert [b.get_height() for b in container] == [premium["premium"][c][name] for c in premium["languages"]]
        centres = [b.get_x() + b.get_width() / 2 for b in container]
        assert np.allclose(centres, np.arange(12) + (k - 0.5) * width)
        assert np.allclose([b.get_width() for b in container], width)
    assert [t.get_text() for t in ax.get_xticklabels()] == LANGUAGE_NAMES
    assert all(t.get_fontsize() == 13 for t in ax.get_xticklabels())
    assert ax.get_ylabel() == "tokens / English tokens" and ax.yaxis.label.get_fontsize() == 13
    [line] = ax.get_lines()
    assert list(line.get_ydata()) == [1.0, 1.0] and line.get_color() == "#444444" and line.get_linewidth() == 1
    [legend] = figure.legends
    assert [t.get_text() for t in legend.get_texts()] == ["GPT-2 byte-level BPE", "BERT WordPiece",
                                                          "hatched: lost part of the text, count not comparable"]
    # A language where BERT spends [UNK]s (counted by the official library, above) has its bar hatched; GPT-2's never.
    hatched = {name: [c for c, b in zip(premium["languages"], container) if b.get_hatch()]
               for container, name in zip(bars, NAMES)}
    assert hatched["gpt2"] == []
    assert {"zho_Hans", "kor_Hang", "tam_Taml", "mya_Mymr", "hin_Deva"} <= set(hatched["bert"])
    assert "swh_Latn" not in hatched["bert"]  # Swahili: BERT only lowercases it
    assert legend.get_texts()[0].get_fontsize() == 11 and not legend.get_frame_on()
    assert legend.get_window_extent().y0 >= ax.get_window_extent().y1  # above the bars, never on them
    assert len({round(t.get_window_extent().y0) for t in legend.get_texts()}) == 1  # one row (4 columns)
    assert not ax.spines["top"].get_visible() and not ax.spines["right"].get_visible()
    assert ax.spines["left"].get_visible()


def test_the_english_row_is_the_baseline_and_hindi_names_what_bert_drops_in_one_list():
    soup = BeautifulSoup(premium_html(token_premium(("gpt2", "bert")), b"PNG", {"gpt2": "GPT-2", "bert": "BERT"}),
                         "html5lib")
    rows = {tr.td.get_text(): [td.get_text() for td in tr.select("td")[1:]] for tr in soup.select("tbody tr")}
    assert rows["English"] == ["1.00", "1.00*", "0%"]  # the unit, marked for what BERT drops of it
    assert rows["Hindi"][1] == "2.77*"  # a figure and a mark: the words once, under the table
    assert soup.select_one("tbody tr:nth-child(7) .loss")["title"] == (
        "drops the vowel signs, other marks and more characters; 4% of its tokens are [UNK]")
    footnote = soup.select_one("p.loss-notes").get_text()
    assert footnote.startswith("* What BERT lost of each language (its figure is then not comparable, and hatched in "
                               "the chart; English's, the baseline, is 1 all the same). English (the baseline), "
                               "Spanish: drops the accents. German, Russian: drops the accents and the runs of "
                               "spaces. ")
    assert ("Hindi: drops the vowel signs, other marks and more characters; 4% of its tokens are [UNK]. "
            in footnote)
    assert footnote.endswith("Mandarin: 61% of its tokens are [UNK]. Japanese: drops the marks; 21% of its tokens are "
                             "[UNK]. Korean: 4% of its tokens are [UNK].")
    assert "Swahili" not in footnote  # only lowercased
    assert token_premium(("bert",))["comparable"]["eng_Latn"] == {"bert": True}  # its bar is not hatched


def test_the_worker_sends_the_premium_and_its_chart(premium):
    result, png = premium_png_for(("gpt2",))
    assert result["tokens"]["eng_Latn"] == {"gpt2": premium["tokens"]["eng_Latn"]["gpt2"]}
    assert png.startswith(b"\x89PNG")


def test_the_premium_table_row_by_row(premium):
    labels = {"gpt2": "GPT-2 <byte>", "bert": "BERT WordPiece"}
    html = premium_html(premium, b"PNG", labels)
    assert ("<thead><tr><th>language</th><th>GPT-2 &lt;byte&gt;</th><th>BERT WordPiece</th><th>BERT [UNK]</th>"
            "</tr></thead>") in html  # as written: a browser would move stray text out of a table
    soup = BeautifulSoup(html, "html5lib")
    table = soup.select_one("table")
    assert table["class"] == ["examples", "premium"]
    assert [th.get_text() for th in table.select("thead th")] == ["language", "GPT-2 <byte>", "BERT WordPiece",
                                                                  "BERT [UNK]"]
    rows = [[td.get_text() for td in tr.select("td")] for tr in table.select("tbody tr")]
    assert [r[0] for r in rows] == LANGUAGE_NAMES
    for code, row in zip(premium["languages"][1:], rows[1:]):  # English, the baseline: its own test below
        tokens, unk = premium["tokens"][code], premium["unk"][code]
        bert = f"{tokens['bert'] / premium['tokens']['eng_Latn']['bert']:.2f}"
        assert row[1:] == [f"{tokens['gpt2'] / premium['tokens']['eng_Latn']['gpt2']:.2f}",  # lossless: nothing said
                           bert + "*" if premium["dropped"][code]["bert"] or unk["bert"] else bert,
                           f"{round(100 * unk['bert'] / tokens['bert'])}%"]
    by_language = dict(zip(LANGUAGE_NAMES, rows))
    assert by_language["Hindi"][2] == f"{premium['premium']['hin_Deva']['bert']:.2f}*"
    assert by_language["Swahili"][2] == f"{premium['premium']['swh_Latn']['bert']:.2f}"  # only lowercased
    assert all(td["class"] == ["num"] for td in table.select("tbody td")[1:4])
    notes = [p.get_text() for p in soup.select("p.note")]
    assert notes == [
        "Tokens for the same 200 FLORES-200 sentences, over English's (each sentence on its own, no special "
        "tokens). A low figure can hide lost text: BERT maps most words it cannot spell to [UNK], one token each "
        "(the last column says how much of its output that is), and drops accents and vowel signs; a figure whose "
        "tokenizer lost part of the text is marked *, and is hatched in the chart: it is not comparable.",
        notes[1],  # what BERT lost, once (its own test above)
        "FLORES-200 (NLLB Team, 2022), as redistributed by Petrov et al. (2023), CC BY-SA 4.0. Built with Meta "
        "Llama 3."]
    cell_text = "".join(c.get_text() for c in table.select("th, td"))
    assert soup.body.get_text() == notes[0] + cell_text + notes[1] + "Download PNG" + notes[2]  # nothing stray
    figure = soup.select_one("figure")
    assert figure.select_one("img")["alt"] == "token premium of twelve languages"
    assert figure.select_one("a.download")["data-download"] == "token-premium.png"


def test_the_examples_table(official_gpt2):
    headers, rows = example_table(("gpt2",))
    assert headers == ["example", "characters", "GPT-2 byte-level BPE"]
    assert rows == [[e.title, len(e.text), len(official_gpt2.encode_ordinary(e.text))] for e in EXAMPLES]
    soup = BeautifulSoup(examples_slide_html(("gpt2",)), "html5lib")
    assert [th.get_text() for th in soup.select("table.examples thead th")] == headers
    cells = [[(td.get_text(), td.get("class", [])) for td in tr.select("td")] for tr in soup.select("tbody tr")]
    assert cells == [[(title, []), (str(chars), ["num"]), (str(n), ["num"])] for title, chars, n in rows]
    cell_text = "".join(c.get_text() for c in soup.select("th, td"))
    assert soup.body.get_text() == cell_text + "Download PNG"  # nothing stray between the rows
    assert soup.select_one("figure img")["alt"] == "token counts of the six examples"
    assert soup.select_one("figure a.download")["data-download"] == "token-counts.png"


def test_the_slides_count_of_examples_is_the_datas(monkeypatch):
    """The chart's words count the examples there are, not a number written into the sentence: with five, five."""
    from playground.page import slide_view

    monkeypatch.setattr(slide_view, "EXAMPLES", EXAMPLES[:5])  # the table's rows (the counts of all six, cut by zip)
    monkeypatch.setattr(slide_view, "example_chart_png", lambda names: b"\x89PNG")  # the chart is not what is tested
    soup = BeautifulSoup(examples_slide_html(("gpt2",)), "html5lib")
    assert len(soup.select("tbody tr")) == 5
    assert soup.select_one("figure img")["alt"] == "token counts of the five examples"


def test_counts_in_words():
    assert [in_words(n) for n in (0, 1, 6, 8, 12, 13, 1234)] == ["no", "one", "six", "eight", "twelve", "13", "1,234"]


def test_an_inline_png_and_its_download_link():
    assert png_html(b"\x89PNG", "a <plot>", "x.png") == (
        '<figure class="plot"><img class="plot" alt="a &lt;plot&gt;" src="data:image/png;base64,iVBORw==">'
        '<a class="download" href="#" data-download="x.png">Download PNG</a></figure>')
    assert png_html(b"\x89PNG", "alt", "y.png", ' id="f"', "<i>before</i>", "<i>after</i>", "width: 5px") == (
        '<figure class="plot pixels" id="f"><i>before</i><img class="plot" alt="alt" style="width: 5px" '
        'src="data:image/png;base64,iVBORw=="><i>after</i>'
        '<a class="download" href="#" data-download="y.png" data-plot="y">Download PNG</a></figure>')  # labelled on demand


def test_a_plot_that_fails_says_so_in_its_place():
    def broken(x):
        raise KeyError(x)

    assert plot_or_error(broken, "k") == '<p class="plot-error">This plot could not be drawn (KeyError).</p>'
    assert plot_or_error(lambda a, b: a + b, "x", "y") == "xy"


def test_the_sentences_are_read_as_utf8_whatever_the_locale():
    """A lecturer's laptop may not run in a UTF-8 locale: here Python's is ASCII, and Hindi still reads."""
    env = {**os.environ, "LC_ALL": "C", "PYTHONCOERCECLOCALE": "0", "PYTHONUTF8": "0", "PYTHONIOENCODING": "utf-8"}
    code = ("import locale; from playground.lesson.premium import sentences; "
            "print(locale.getpreferredencoding(False), len(sentences('hin_Deva')), sentences('hin_Deva')[0][:4])")
    run = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True,
                         encoding="utf-8")
    assert run.returncode == 0, run.stderr
    assert run.stdout.split() == ["ANSI_X3.4-1968", "200", lines("hin_Deva")[0][:4]]


def test_the_sentences_are_read_as_utf8_in_this_process_too(ascii_locale):
    """The same, in this process (mutmut sees no test in another)."""
    from playground.lesson.premium import sentences

    hindi = sentences("hin_Deva")
    assert len(hindi) == 200 and hindi[0][:4] == lines("hin_Deva")[0][:4]
