"""The lecture's questions and answers: each answer's numbers against values worked out here,
from compare()'s tokens by naive loops, never by the code that writes the answer."""

from __future__ import annotations

import pytest
from bs4 import BeautifulSoup

from conftest import synchronous
from playground import compare
from playground.lesson.examples import EXAMPLES, EXAMPLES_BY_KEY
from playground.lesson.lecture import prompt_html
from playground.page import handlers

example_answer = synchronous(handlers.example_answer)


def answer_html(key: str, text: str) -> str:
    """The answer as the page gets it (POST /playground/answer) for that example's key, under the three
    tokenizers the example opens with."""
    return example_answer(text, key, *EXAMPLES_BY_KEY[key].tokenizers)


def answer_items(key: str, text: str) -> dict[str, str]:
    soup = BeautifulSoup(answer_html(key, text), "html5lib")
    return {li["data-tokenizer"]: li.get_text(" ", strip=True) for li in soup.select("li[data-tokenizer]")}


def bold_numbers(key: str, text: str) -> dict[str, list[str]]:
    soup = BeautifulSoup(answer_html(key, text), "html5lib")
    return {li["data-tokenizer"]: [b.get_text() for b in li.select("b")] for li in soup.select("li[data-tokenizer]")}


def leading_whitespace_tokens(text: str, tokens: list[dict]) -> int:
    """Tokens whose characters are all spaces or tabs at the start of a line (a naive scan)."""
    in_indent, at_line_start = [False] * len(text), True
    for i, ch in enumerate(text):
        if ch == "\n":
            at_line_start = True
        elif ch in " \t" and at_line_start:
            in_indent[i] = True
        else:
            at_line_start = False
    return sum(t["end"] > t["start"] and all(in_indent[t["start"]:t["end"]]) for t in tokens)


def test_every_example_asks_its_question():
    for e in EXAMPLES:
        assert e.question in BeautifulSoup(prompt_html(e.key), "html5lib").get_text()
    assert prompt_html("") == ""


@pytest.mark.parametrize("text", [EXAMPLES_BY_KEY["code"].text, "x = 1\n\tif y:\n\t\t  z\n   \n"])
def test_whitespace_answer(text):
    numbers = bold_numbers("code", text)
    for tok in compare(text)["tokenizers"]:
        assert numbers[tok["name"]] == [str(leading_whitespace_tokens(text, tok["tokens"]))]
    assert bold_numbers("code", EXAMPLES_BY_KEY["code"].text) == {"gpt2": ["13"], "bert": ["0"], "llama": ["3"]}


def test_glitch_answer_names_the_one_gpt2_id_and_the_others_pieces():
    text = EXAMPLES_BY_KEY["magikarp"].text
    items = answer_items("magikarp", text)
    # 43453 is on no list of the paper's GPT-2 small report (assets/undertrained/README.md), and the report drew it
    # green: GPT-2's row says the question's verdict. Each piece as the panels draw it (a space as ·), the
    # vocabulary's spelling (Ġ) said as such. No piece of the others is listed: nothing said of lists they do not need.
    assert items["gpt2"].endswith("one token, id 43453 ( ·SolidGoldMagikarp ). A glitch token of GPT-3-era models, "
                                  "not of GPT-2 small: the paper measured it green")
    assert items["bert"].endswith("6 pieces: solid ##gold ##ma ##gi ##kar ##p")  # BERT: no list, so nothing said
    assert items["llama"].endswith("7 pieces: ·Sol id G old Mag ik arp")


def test_the_magikarp_answer_says_what_the_lesson_means_and_what_the_paper_measured_whole(official_gpt2):
    """Both read together: the lesson's artifact of the vocabulary and the paper's green verdict for GPT-2 small,
    the id from tiktoken's own GPT-2, the list's length from the data file (its README: "Not in the list: 43453")."""
    from test_undertrained import DATA

    [word_id] = official_gpt2.encode_ordinary(" SolidGoldMagikarp")
    gpt2_small = DATA["gpt2"]
    assert word_id not in {t["id"] for t in gpt2_small["tokens"]} and gpt2_small["model"] == "openai-community/gpt2"
    notes = [p.get_text() for p in BeautifulSoup(answer_html("magikarp", EXAMPLES_BY_KEY["magikarp"].text),
                                                  "html5lib").select("ul ~ p")]
    assert notes == [
        "The lesson: an artifact of GPT-2's vocabulary, which gives the rare name ' SolidGoldMagikarp' an id of its "
        f"own, {word_id}; GPT-3-era models that share the vocabulary barely met the name in training and could not "
        "say it back.",
        'The paper (Land & Bartolo (2024), "Fishing for Magikarp") measured GPT-2 small itself: '
        f"{word_id} is not among the {len(gpt2_small['tokens'])} tokens its report puts under the under-trained "
        "threshold, and its verdict is green: GPT-2 small could repeat it."]
    assert (word_id, len(gpt2_small["tokens"])) == (43453, 26)  # the README's known answers


def test_the_glitch_answer_lists_each_models_listed_tokens_with_verdict_and_max_prob():
    from test_undertrained import listed

    example = EXAMPLES_BY_KEY["glitch"]
    assert example.tokenizers == ("gpt2", "llama", "llama3")
    items = answer_items("glitch", example.text)
    assert list(items) == ["gpt2", "llama", "llama3"]
    for tok in compare(example.text, tokenizers=example.tokenizers)["tokenizers"]:
        marks = listed(tok["name"])
        on_list = [t for t in tok["tokens"] if t["id"] in marks]
        assert len(on_list) >= 2 and all(marks[t["id"]]["verdict"] == "red" for t in on_list)
        assert items[tok["name"]].startswith(f"{tok['label']}: {len(on_list)} under-trained (paper): ")
        for t in on_list:
            assert f"{t['text'].replace(' ', '·')} (red, max_prob {marks[t['id']]['max_prob']} )" in items[tok["name"]]
    assert answer_items("glitch", example.text.replace("RandomRedditor", "Hello"))["gpt2"].startswith(
        "GPT-2 byte-level BPE: 1 under-trained (paper): ")
    answer = example_answer(example.text, "glitch", "bert", "gpt4", "gpt4o")
    assert BeautifulSoup(answer, "html5lib").select_one("li").get_text(" ", strip=True) == (
        "BERT WordPiece: Drops the accents: decodes to “portaly, cliiik, thenitr…”; its count is not "
        "comparable. no under-trained list is published for this model")  # Portály's á: BERT strips accents


def naive_letters(text: str) -> int:
    """Letters as a reader counts them, a naive way: each code point that is no mark (vowel sign, virama, nukta,
    candrabindu) and does not follow a virama starts one."""
    import unicodedata

    return sum(not unicodedata.category(c).startswith("M") and not (i and "VIRAMA" in unicodedata.name(text[i - 1]))
               for i, c in enumerate(text))


@pytest.mark.parametrize("key", ["hindi", "mandarin"])
def test_language_answer(key):
    """Tokens per code point, said as such, and the letters as written beside them where the two counts differ
    (Hindi's vowel signs and viramas)."""
    example = EXAMPLES_BY_KEY[key]
    english = {t["name"]: t["count"] for t in compare(example.english)["tokenizers"]}
    numbers = bold_numbers(key, example.text)
    points, letters = len(example.text), naive_letters(example.text)
    assert (points, letters) == {"hindi": (47, 29), "mandarin": (24, 24)}[key]  # counted by hand
    counted = f"{points} code points ({letters} letters)" if letters != points else f"{points} characters (code points)"
    for tok in compare(example.text)["tokenizers"]:
        n, fragments = len(tok["ids"]), sum(1 for t in tok["tokens"] if t["partial"])
        assert numbers[tok["name"]] == [str(n), f"{n / points:.2f}", str(fragments), f"{n / english[tok['name']]:.1f}x"]
        assert f"{n} tokens for {counted}: " in answer_items(key, example.text)[tok["name"]]
    assert bold_numbers("hindi", EXAMPLES_BY_KEY["hindi"].text)["gpt2"][:3] == ["73", "1.55", "70"]


def test_the_language_answers_print_the_english_sentence_and_spell_a_letter_in_code_points():
    hindi = BeautifulSoup(answer_html("hindi", EXAMPLES_BY_KEY["hindi"].text), "html5lib")
    assert hindi.select_one("li").get_text(" ", strip=True) == (
        "GPT-2 byte-level BPE: 73 tokens for 47 code points (29 letters): 1.55 per code point; 70 byte "
        "fragments; 6.1x the 12 tokens of the English sentence")
    assert [p.get_text() for p in hindi.select("ul ~ p")] == [
        "The English sentence: “Hello, how are you? I am writing in Hindi.” Code points are Unicode's characters; "
        "a letter as written (a grapheme cluster) can be several: \u0938\u094d\u0924\u0947 is 4, devanagari letter "
        "sa, sign virama, letter ta and vowel sign e."]
    mandarin = BeautifulSoup(answer_html("mandarin", EXAMPLES_BY_KEY["mandarin"].text), "html5lib")
    assert mandarin.select_one("li").get_text(" ", strip=True) == (
        "GPT-2 byte-level BPE: 48 tokens for 24 characters (code points): 2.00 per character; 44 byte fragments; "
        "2.2x the 22 tokens of the English sentence")
    assert [p.get_text() for p in mandarin.select("ul ~ p")] == [  # one code point a letter: nothing to spell out
        "The English sentence: “Hello, world! The weather is very nice today, let's go for a walk in the park "
        "together.”"]


def test_number_answer_lists_the_pieces():
    items = answer_items("numbers", EXAMPLES_BY_KEY["numbers"].text)
    assert items == {
        "gpt2": "GPT-2 byte-level BPE: 4 pieces: 123 45 678 90",
        # BERT's decode (tokenizers' own BertWordPieceTokenizer gives it too) spaces the punctuation: said, and
        # nothing lost that the count depends on.
        "bert": "BERT WordPiece: Changes the spacing: decodes to “1234567890 3. 14159 2, 0…”. "
                "6 pieces: 123 ##45 ##6 ##7 ##8 ##90",
        "llama": "Llama 2 SentencePiece: 10 pieces: 1 2 3 4 5 6 7 8 9 0",
    }


def test_an_edited_text_is_answered_as_it_is_and_says_so():
    html = answer_html("numbers", "call 1234567890 now")
    assert "Computed on your edited text." in html
    assert answer_items("numbers", "call 1234567890 now")["gpt2"].endswith("4 pieces: ·123 45 678 90")
    assert "has no 1234567890" in answer_html("numbers", "no digits here")
    assert "has no SolidGoldMagikarp" in answer_html("magikarp", "")


def test_the_answer_counts_no_special_tokens():
    # The page's special-token toggle is not sent: the answer counts the text's own tokens.
    assert bold_numbers("hindi", EXAMPLES_BY_KEY["hindi"].text)["gpt2"][:3] == ["73", "1.55", "70"]


def test_the_answer_sees_tokens_past_the_ones_drawn():
    # The panels draw 1,000 tokens a tokenizer; the glitch word here is GPT-2's 1,502nd token.
    text = "hi " * 1500 + EXAMPLES_BY_KEY["magikarp"].text
    assert "one token, id 43453 ( ·SolidGoldMagikarp )" in answer_items("magikarp", text)["gpt2"]

