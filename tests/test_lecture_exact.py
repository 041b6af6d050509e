"""The lecture's answers word for word, on small results written out here by hand, and the indentation
count on its edge cases.

Bugs caught: "1 tokens", a token over the edge of the glitch word or the number counted as part of it,
a space before the glitch word taken when it is not there, the "edited" note on the example's own text,
an empty token counted as indentation.
"""

from __future__ import annotations

import pytest
from bs4 import BeautifulSoup

from playground import compare
from playground.lesson.examples import EXAMPLES_BY_KEY
from playground.lesson.lecture import (
    answer_html,
    glitch_answer,
    indentation_token_count,
    language_answer,
    language_notes,
    number_answer,
    overlapping,
    prompt_html,
    undertrained_answer,
    whitespace_answer,
)


def tok(start: int, end: int, piece: str = "p", token_id: int = 7, text: str | None = None) -> dict:
    """A token whose text is its piece unless given (the answers draw a token's text, as the panels do)."""
    return {"id": token_id, "piece": piece, "text": piece if text is None else text, "start": start, "end": end,
            "bytes_hex": "70", "partial": False, "special": False, "undertrained": None}


def result(text: str, *tokenizers: dict) -> dict:
    return {"text": text, "tokenizers": list(tokenizers)}


def tokenizer(name: str, tokens: list[dict], **extra) -> dict:
    return {"name": name, "label": name.upper(), "tokens": tokens, "starts": [t["start"] for t in tokens],
            "ends": [t["end"] for t in tokens], "count": len(tokens), "undertrained_count": None, **extra}


@pytest.mark.parametrize("text, spans, expected", [
    ("  x", [(0, 1), (1, 3)], 1),  # " " is indentation; " x" reaches past it
    ("  x", [(0, 2), (2, 3)], 1),
    ("\t\tx\n  y", [(0, 1), (1, 2), (2, 3), (3, 4), (4, 6), (6, 7)], 3),  # tabs too, and every line
    ("  x", [(0, 0), (0, 2), (2, 3)], 1),  # an empty token (Llama's dummy prefix) covers nothing
    ("x  y", [(0, 1), (1, 3), (3, 4)], 0),  # spaces inside a line are not indentation
    ("a\n  ", [(0, 1), (1, 2), (2, 4)], 1),  # a last line of spaces alone
    ("", [], 0),
])
def test_indentation_token_count(text, spans, expected):
    starts, ends = [s for s, _ in spans], [e for _, e in spans]
    assert indentation_token_count(text, starts, ends) == expected


def test_whitespace_answer_counts_in_words():
    text = "  x"
    answer = whitespace_answer(result(text, tokenizer("a", [tok(0, 1), tok(1, 3)]), tokenizer("b", [tok(2, 3)]),
                                      tokenizer("c", [tok(0, 1), tok(1, 2), tok(2, 3)])), None)
    assert answer == ["<b>1</b> token on indentation", "<b>0</b> tokens on indentation",
                      "<b>2</b> tokens on indentation"]


def test_glitch_answer_takes_the_space_before_the_word_only_when_there_is_one():
    word = "SolidGoldMagikarp"
    spaced = " " + word
    one = tokenizer("a", [tok(0, 18, "ĠSolidGoldMagikarp", 43453, spaced)])
    split = tokenizer("b", [tok(0, 1, "▁", text=" "), tok(1, 10, "Solid<"), tok(10, 18, "GoldMagikarp"), tok(18, 19, "!")])
    assert glitch_answer(result(spaced + "!", one, split), None) == [  # a space drawn ·, the vocabulary's spelling said
        '<b>one</b> token, id <b>43453</b> (<code title="vocabulary: ĠSolidGoldMagikarp">·SolidGoldMagikarp</code>)',
        '<b>3</b> pieces: <code title="vocabulary: ▁">·</code> <code>Solid&lt;</code> <code>GoldMagikarp</code>']
    glued = "x" + word  # no space before it: the "x" token is not part of the answer
    assert glitch_answer(result(glued, tokenizer("a", [tok(0, 1, "x"), tok(1, 18, word, 5)])), None) == [
        "<b>one</b> token, id <b>5</b> (<code>SolidGoldMagikarp</code>)"]
    assert glitch_answer(result(word, tokenizer("a", [tok(0, 17, word, 9)])), None) == [
        "<b>one</b> token, id <b>9</b> (<code>SolidGoldMagikarp</code>)"]
    assert glitch_answer(result("no glitch", tokenizer("a", [])), None) == (
        "This text has no SolidGoldMagikarp to look at.")


def test_undertrained_answer_names_each_listed_token_once_and_goes_past_a_model_without_a_list():
    red = {"verdict": "red", "max_prob": 1.5e-07}
    glitch = tok(0, 17, "ĠRandomRedditor", 36173, " RandomRedditor") | {"undertrained": red}
    listed = tokenizer("a", [glitch, tok(17, 18), glitch | {"start": 18, "end": 35}], undertrained_count=2)
    none = tokenizer("b", [tok(0, 35)], undertrained_count=0)
    unpublished = tokenizer("c", [tok(0, 35)])  # undertrained_count None: no list for this model
    assert undertrained_answer(result("x" * 35, unpublished, listed, none), None) == [
        "no under-trained list is published for this model",
        "<b>2</b> under-trained (paper): "
        '<code title="vocabulary: ĠRandomRedditor">·RandomRedditor</code> (red, max_prob <span class="number">1.5e-07</span>)',
        "<b>0</b> under-trained (paper)"]
    one = tokenizer("d", [glitch], undertrained_count=1)
    assert undertrained_answer(result("x" * 17, one), None) == [
        "<b>1</b> under-trained (paper): "
        '<code title="vocabulary: ĠRandomRedditor">·RandomRedditor</code> (red, max_prob <span class="number">1.5e-07</span>)']


def test_number_answer_counts_pieces_in_words():
    text = "a 1234567890 b"
    one = tokenizer("a", [tok(0, 1), tok(1, 12, "Ġ1234567890"), tok(12, 14)])
    three = tokenizer("b", [tok(0, 2), tok(2, 5, "123"), tok(5, 12, "4567890"), tok(12, 13, " ")])
    assert number_answer(result(text, one, three), None) == [
        "<b>1</b> piece: <code>Ġ1234567890</code>", "<b>2</b> pieces: <code>123</code> <code>4567890</code>"]
    assert number_answer(result("123456789", one), None) == "This text has no 1234567890 to look at."
    twice = tokenizer("a", [tok(0, 10, "1234567890"), tok(10, 11, " "), tok(11, 16, "12345"), tok(16, 21, "67890")])
    assert number_answer(result("1234567890 1234567890", twice), None) == [  # the first one
        "<b>1</b> piece: <code>1234567890</code>"]


def test_overlapping_takes_only_tokens_that_share_a_character():
    tokens = tokenizer("a", [tok(0, 2), tok(2, 4), tok(3, 3), tok(4, 6)])
    assert [(t["start"], t["end"]) for t in overlapping(tokens, 2, 4)] == [(2, 4), (3, 3)]
    assert overlapping(tokens, 6, 8) == []


def test_language_answer_word_for_word(official_gpt2):
    example = EXAMPLES_BY_KEY["hindi"]
    assert len(official_gpt2.encode_ordinary(example.english)) == 12  # "Hello, how are you? I am writing in Hindi."
    tokens = [{**tok(0, 1), "partial": True}, {**tok(0, 1), "partial": True}, tok(1, 3), tok(3, 3)]
    answer = language_answer(result("abc", tokenizer("gpt2", tokens, chars=3)), example)
    assert answer == ["<b>4</b> tokens for 3 characters (code points): <b>1.33</b> per character; <b>2</b> byte "
                      "fragments; <b>0.3x</b> the 12 tokens of the English sentence"]
    empty = language_answer(result("", tokenizer("gpt2", [], chars=0)), example)
    assert empty == ["<b>0</b> tokens for 0 characters (code points): <b>0.00</b> per character; <b>0</b> byte "
                     "fragments; <b>0.0x</b> the 12 tokens of the English sentence"]
    # "ने" is one letter as written, two code points (na, vowel sign e); "x" one of each: 3 code points, 2 letters.
    written = language_answer(result("नेx", tokenizer("gpt2", tokens[:3], chars=3)), example)
    assert written == ["<b>3</b> tokens for 3 code points (2 letters): <b>1.00</b> per code point; "
                       "<b>2</b> byte fragments; <b>0.2x</b> the 12 tokens of the English sentence"]


def test_language_notes_word_for_word():
    example = EXAMPLES_BY_KEY["hindi"]
    english = "<b>The English sentence:</b> “Hello, how are you? I am writing in Hindi.”"
    assert language_notes(result("ab"), example) == [english]
    lead = (english + " <b>Code points</b> are Unicode's characters; a letter as written (a grapheme cluster) can be "
            "several: ")
    # The longest letter is spelled out: "क्ष" (ka, virama, ssa), not the first, "के" (ka, vowel sign e); the
    # script named once.
    assert language_notes(result("के क्ष"), example) == [
        lead + "क्ष is 3, devanagari letter ka, sign virama and letter ssa."]
    # Names of two scripts each said whole; escaped for HTML, the English sentence too.
    assert language_notes(result("<e\u0301>"), EXAMPLES_BY_KEY["mandarin"]) == [
        "<b>The English sentence:</b> “Hello, world! The weather is very nice today, let&#x27;s go for a walk in "
        "the park together.” <b>Code points</b> are Unicode's characters; a letter as written (a grapheme cluster) "
        "can be several: e\u0301 is 2, latin small letter e and combining acute accent."]
    # A code point without a name (a control character) is said as U+XXXX: CR LF is one grapheme cluster.
    assert language_notes(result("a\r\nb"), example) == [lead + "\r\n is 2, U+000D and U+000A."]


def test_answer_html_around_the_answer():
    code = EXAMPLES_BY_KEY["code"]
    html = answer_html("code", compare(code.text))
    assert html.startswith("<ul><li data-tokenizer=\"gpt2\"><span class=\"who\">GPT-2 byte-level BPE:</span> <b>")
    assert html.endswith("</li></ul>")
    soup = BeautifulSoup(html, "html5lib")
    assert [li["data-tokenizer"] for li in soup.select("li")] == ["gpt2", "bert", "llama"]
    assert [child.name for child in soup.ul.children] == ["li", "li", "li"]  # nothing between the items
    assert soup.select("p") == []  # the example's own text: no "edited" note, no glitch explanation
    edited = answer_html("magikarp", compare("say SolidGoldMagikarp"))
    assert edited.startswith('<p class="edited">Computed on your edited text.</p><ul>')
    assert "</ul><p><b>The lesson:</b> an artifact of GPT-2's vocabulary" in edited
    assert edited.endswith("and its verdict is green: GPT-2 small could repeat it.</p>")
    assert answer_html("numbers", compare("none")) == (
        '<p class="edited">Computed on your edited text.</p><p>This text has no 1234567890 to look at.</p>')
    assert answer_html("mine", compare("x")) == ""


def test_prompt_html():
    # data-hides: the panels' figures that answer the question, hidden until Reveal; the pieces are the tokens.
    assert prompt_html("numbers") == ('<p data-example="numbers"><b>Numbers:</b> Into which pieces does each model '
                                      "cut 1234567890?</p>")
    assert prompt_html("hindi") == ('<p data-example="hindi" data-hides="ratio"><b>Hindi:</b> How many tokens per '
                                    "character, and how many times the English sentence&#x27;s count?</p>")
    assert 'data-hides="indentation"' in prompt_html("code") and 'data-hides="undertrained"' in prompt_html("glitch")
    assert prompt_html("") == ""


def test_glitch_answer_looks_at_the_first_glitch_word():
    word = "SolidGoldMagikarp"
    twice = tokenizer("a", [tok(0, 17, word, 1), tok(17, 35, "Ġ" + word, 2)])
    assert glitch_answer(result(word + " " + word, twice), None) == [
        f"<b>one</b> token, id <b>1</b> (<code>{word}</code>)"]


def test_glitch_answer_names_the_pieces_on_the_under_trained_list():
    word = "SolidGoldMagikarp"
    red, orange = {"verdict": "red", "max_prob": 1.5e-07}, {"verdict": "orange", "max_prob": 0.002}
    both = tokenizer("a", [tok(0, 5, "Solid", 1) | {"undertrained": red}, tok(5, 17, "GoldMagikarp", 2)
                           | {"undertrained": orange}], undertrained_count=2)
    neither = tokenizer("b", [tok(0, 17, word, 3)], undertrained_count=0)
    assert glitch_answer(result(word, both, neither), None) == [
        "<b>2</b> pieces: <code>Solid</code> <code>GoldMagikarp</code>; on the paper's under-trained list: "
        "<code>Solid</code> (red, max_prob <span class=\"number\">1.5e-07</span>), <code>GoldMagikarp</code> (orange, max_prob <span class=\"number\">0.002</span>)",
        f"<b>one</b> token, id <b>3</b> (<code>{word}</code>)"]  # not GPT-2, no piece listed: no list said


def test_undertrained_answer_lists_each_listed_token_in_the_order_of_the_text():
    red, orange = {"verdict": "red", "max_prob": 1.5e-07}, {"verdict": "orange", "max_prob": 0.002}
    two = tokenizer("a", [tok(0, 3, "abc", 9) | {"undertrained": orange}, tok(3, 6, "def", 4) | {"undertrained": red}],
                    undertrained_count=2)
    assert undertrained_answer(result("abcdef", two), None) == [
        "<b>2</b> under-trained (paper): <code>abc</code> (orange, max_prob <span class=\"number\">0.002</span>), "
        "<code>def</code> (red, max_prob <span class=\"number\">1.5e-07</span>)"]


def test_gpt2s_row_says_whether_the_word_is_a_glitch_token_of_gpt2():
    """The question is GPT-2's: its row says the verdict for its one id 43453 (looked up in tiktoken's own GPT-2:
    not on the paper's list of 26, which the README says the report drew green), "none" for other pieces; a
    listed piece is named with its verdict in any row, and the other rows say nothing of a list they have."""
    word = "SolidGoldMagikarp"
    spaced = " " + word
    one = tokenizer("gpt2", [tok(0, 18, "ĠSolidGoldMagikarp", 43453, spaced)], undertrained_count=0)
    assert glitch_answer(result(spaced, one), None) == [
        '<b>one</b> token, id <b>43453</b> (<code title="vocabulary: ĠSolidGoldMagikarp">·SolidGoldMagikarp</code>). '
        "A glitch token of GPT-3-era models, <b>not</b> of GPT-2 small: the paper measured it green"]
    glued = tokenizer("gpt2", [tok(0, 5, "Solid", 1), tok(5, 17, "GoldMagikarp", 2)], undertrained_count=0)
    other = tokenizer("llama3", [tok(0, 17, word, 3)], undertrained_count=0)
    assert glitch_answer(result(word, glued, other), None) == [
        "<b>2</b> pieces: <code>Solid</code> <code>GoldMagikarp</code>; on the paper's under-trained list: <b>none</b>",
        f"<b>one</b> token, id <b>3</b> (<code>{word}</code>)"]


def test_the_glitch_key_is_a_row_of_the_answer_before_the_notes():
    """Red and green said under the rows, in a paragraph of its own (drawn as large as they are), then the note."""
    soup = BeautifulSoup(answer_html("glitch", compare(EXAMPLES_BY_KEY["glitch"].text, tokenizers=("gpt2", "llama",
                                                                                                      "llama3"))),
                         "html5lib")
    paragraphs = soup.select("ul ~ p")
    assert [p.get("class") for p in paragraphs] == [["key"], None]
    assert paragraphs[0].get_text() == ("Red: max_prob under 0.001, the model barely learned the token; green: 0.1 or "
                                        "more, it could repeat it after all.")
    assert "max_prob is the most probability it gave the token." in paragraphs[1].get_text()
    assert 'class="key"' not in answer_html("magikarp", compare(EXAMPLES_BY_KEY["magikarp"].text))  # its verdict is a row
