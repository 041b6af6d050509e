"""What a tokenizer lost of a text, said beside its figures: exact sentences, each decode taken from the
official library built a second way (tokenizers' own BertWordPieceTokenizer, conftest.official_bert), the
[UNK]s counted in its ids, and the dropped characters named by their Unicode names, worked out here.

Bugs caught: a loss written per example (an edited text that loses nothing still said to lose), [UNK]s counted
from the wrong tokens, vowel signs called accents, lowercasing called not comparable, a lossless tokenizer
flagged, a figure of a lossy tokenizer in the answers or the panels without its words.
"""

from __future__ import annotations

import unicodedata

import pytest
from bs4 import BeautifulSoup
from render_js import stats_html

from playground import compare
from playground.lesson.examples import EXAMPLES, EXAMPLES_BY_KEY
from playground.lesson.lecture import answer_html
from playground.lesson.loss import text_loss
from playground.tokenizers.registry import TOKENIZER_NAMES

HINDI, MANDARIN = EXAMPLES_BY_KEY["hindi"].text, EXAMPLES_BY_KEY["mandarin"].text
BERT_UNK = 100  # [UNK] in bert-base-uncased's vocab.txt (line 101)


def bert(text: str) -> dict:
    return compare(text, tokenizers=["bert"])["tokenizers"][0]


def test_marks_and_other_characters_dropped_are_said_in_one_list_with_one_and():
    text = "नमस्ते\x00 हैं\x07"  # BERT drops the vowel signs, the virama, the anusvara and the two control characters
    loss = text_loss(text, bert(text))
    assert loss.dropped == ("the vowel signs and other marks", "2 other characters")
    assert loss.what() == "drops the vowel signs, other marks and 2 more characters"
    assert loss.short() == "not comparable: drops vowel signs and other marks"


def official_decode(official_bert, text: str) -> tuple[str, list[int]]:
    ids = official_bert.encode(text, add_special_tokens=False).ids
    return official_bert.decode(ids, skip_special_tokens=False), ids


def test_bert_on_hindi_drops_the_vowel_signs(official_bert):
    decoded, _ = official_decode(official_bert, HINDI)
    gone = sorted(set(HINDI) - set(decoded))  # what the uncased normaliser took away
    names = [unicodedata.name(c) for c in gone]
    assert names == ["DEVANAGARI SIGN CANDRABINDU", "DEVANAGARI SIGN ANUSVARA", "DEVANAGARI VOWEL SIGN UU",
                     "DEVANAGARI VOWEL SIGN E", "DEVANAGARI VOWEL SIGN AI", "DEVANAGARI SIGN VIRAMA"]
    loss = text_loss(HINDI, bert(HINDI))
    assert not loss.comparable and loss.unknown == 0
    assert loss.short() == "not comparable: drops vowel signs and other marks"  # vowel signs and three signs
    assert loss.sentence() == ("Drops the vowel signs and other marks: decodes to “नमसत, आप कस ह? म हिदी म…”; "
                               "its count is not comparable.")
    assert decoded == "नमसत, आप कस ह? म हिदी म लिख रहा ह ।"


def test_bert_on_mandarin_is_mostly_unk(official_bert):
    decoded, ids = official_decode(official_bert, MANDARIN)
    assert (ids.count(BERT_UNK), len(ids)) == (14, 24)
    loss = text_loss(MANDARIN, bert(MANDARIN))
    assert (loss.unknown, loss.count, loss.dropped, loss.comparable) == (14, 24, (), False)
    assert loss.sentence() == ("14 of 24 tokens are [UNK], the text under them gone: decodes to “[UNK] [UNK] ， 世 [UNK] ！…”; "
                               "its count is not comparable.")
    assert decoded.startswith("[UNK] [UNK] ， 世 [UNK] ！ [UNK] 天 天 [UNK]")


@pytest.mark.parametrize("text, sentence", [
    ("Café", "Drops the accents: decodes to “cafe”; its count is not comparable."),
    ("def f():\n    return 1\n", "Drops the line breaks and the indentation: decodes to “def f ( ) : return 1”; "
                                 "its count is not comparable."),
    ("a\tb", "Drops the tabs: decodes to “a b”; its count is not comparable."),
    ("a   b", "Drops the runs of spaces: decodes to “a b”; its count is not comparable."),
    ("你 ok", "1 of 2 tokens is [UNK], the text under it gone: decodes to “[UNK] ok”; its count is not comparable."),
    # Lowercasing and the spaces around punctuation change no character the count depends on: said, still comparable.
    ("Hello world", "Lowercases: decodes to “hello world”."),
    ("3.14", "Changes the spacing: decodes to “3. 14”."),
])
def test_each_kind_of_loss_in_words(official_bert, text, sentence):
    decoded, _ = official_decode(official_bert, text)
    assert f"decodes to “{decoded}”" in sentence  # the decode quoted is the official library's
    loss = text_loss(text, bert(text))
    assert loss.sentence() == sentence
    assert loss.comparable == sentence.endswith(f"“{decoded}”.")


@pytest.mark.parametrize("text", ["hello, world!", "नमसत, आप", "", "x"])
def test_a_text_bert_keeps_whole_loses_nothing(text):
    """Edited so that nothing is lost (already lowercase, no vowel sign, [UNK] typed as text is a word of its
    own): no words at all, though it is the same tokenizer and the same kind of text."""
    tok = bert(text)
    assert tok["decoded"] == text and tok["unk_count"] == 0
    assert text_loss(text, tok) is None


def test_the_byte_level_and_sentencepiece_tokenizers_lose_nothing_of_any_example():
    for example in EXAMPLES:
        for tok in compare(example.text, tokenizers=TOKENIZER_NAMES)["tokenizers"]:
            if tok["name"] != "bert":
                assert text_loss(example.text, tok) is None, (example.key, tok["name"])


@pytest.mark.parametrize("key, lead", [
    ("hindi", "BERT WordPiece: Drops the vowel signs and other marks: decodes to “नमसत,"),
    ("mandarin", "BERT WordPiece: 14 of 24 tokens are [UNK], the text under them gone: decodes to “[UNK] [UNK] ，"),
])
def test_the_language_answers_lead_with_bert_s_loss(key, lead):
    example = EXAMPLES_BY_KEY[key]
    soup = BeautifulSoup(answer_html(key, compare(example.text)), "html5lib")
    bert_item = soup.select_one('li[data-tokenizer="bert"]')
    assert bert_item.get_text(" ", strip=True).startswith(lead)
    assert "its count is not comparable." in bert_item.select_one(".loss.lost").get_text()
    # before any figure of BERT's: the loss is the first thing said after its name
    assert [c.name for c in bert_item.children if c.name][:2] == ["span", "span"]
    for other in ("gpt2", "llama"):
        assert soup.select_one(f'li[data-tokenizer="{other}"] .loss') is None


def test_an_edited_language_text_that_loses_nothing_says_nothing():
    """The Hindi question on a text BERT keeps whole: no loss words anywhere in the answer."""
    html = answer_html("hindi", compare("hello, how are you?"))
    assert "loss" not in html and "comparable" not in html


@pytest.mark.node
def test_the_panel_count_line_says_it_beside_the_count():
    soup = BeautifulSoup(stats_html(bert(HINDI), HINDI), "html5lib")
    stats = [s.get_text(" ", strip=True) for s in soup.select(".stat")]
    assert stats[:2] == ["25 tokens", "not comparable: drops vowel signs and other marks"]
    assert "lossless" not in " ".join(stats)  # the loss in words, in place of "no lossless"
    assert "<b>yes</b> lossless" in stats_html(bert("hello"), "hello")
    assert "stat loss" not in stats_html(bert("hello"), "hello")


def test_the_slide_says_which_counts_are_not_comparable(monkeypatch):
    from bs4 import BeautifulSoup as Soup
    from matplotlib.figure import Figure

    from playground.page.slide_view import example_chart_png, examples_slide_html

    soup = Soup(examples_slide_html(("gpt2", "bert")), "html5lib")
    rows = {tr.td.get_text(): [td.get_text() for td in tr.select("td")[2:]] for tr in soup.select("tbody tr")}
    bert = {e.title: len(compare(e.text, tokenizers=["bert"])["tokenizers"][0]["ids"]) for e in EXAMPLES}
    assert rows["Hindi"] == [rows["Hindi"][0], f"{bert['Hindi']} not comparable: drops vowel signs and other marks"]
    assert rows["Mandarin"][1] == f"{bert['Mandarin']} not comparable: 14 of 24 tokens are [UNK]"
    assert rows["Numbers"][1] == str(bert["Numbers"])  # only the spacing: comparable, nothing in the cell
    assert all("not comparable" not in gpt2 for gpt2, _ in rows.values())
    saved = []
    monkeypatch.setattr(Figure, "savefig", lambda self, *args, **kwargs: saved.append(self))  # nothing drawn
    example_chart_png.__wrapped__(("gpt2", "bert"))  # drawn anew (not from its cache), its Figure caught
    [ax] = saved[0].axes
    hatched = [[bool(bar.get_hatch()) for bar in container] for container in ax.containers]
    titles = [e.title for e in EXAMPLES]
    assert hatched == [[False] * 6, [t in ("Indented code", "Hindi", "Mandarin", "Glitch tokens") for t in titles]]
    [legend] = saved[0].legends  # above the axes, off the bars
    assert legend.get_texts()[-1].get_text() == "hatched: lost part of the text, count not comparable"


@pytest.mark.parametrize("sentence, what", [
    ("x y ", "changes the spacing"),  # nothing lost but BERT's spacing, however long
    ("नमस्ते, आप कैसे हैं? ", "drops the vowel signs and other marks"),  # as the Hindi example: the marks
    ("Hello World. ", "lowercases; changes the spacing"),
])
def test_a_long_paste_is_judged_as_its_sentence_is(sentence, what):
    """Past a few thousand differing characters the losses are counted, not aligned (an alignment of a
    100,000-character paste took minutes): the words said are the sentence's own, the counts 25,000 times them."""
    short, long = text_loss(sentence, bert(sentence)), text_loss(sentence * 25_000, bert(sentence * 25_000))
    assert short.what() == long.what() == what
    assert (short.lowercases, short.respaces, short.unknown * 25_000) == (long.lowercases, long.respaces, long.unknown)
