"""The five later tokenizers: exactly their official libraries' ids, built here straight from the
bundled files (not through the playground's code), and the same span properties as the lesson's three."""

from __future__ import annotations

import pytest
from conftest import ROOT, official_tiktoken
from hypothesis import given, settings
from test_properties import SPECIAL_STRINGS, any_text

from playground import TOKENIZER_NAMES, compare, get_tokenizer
from playground.lesson.premium import LANGUAGES, sentences
from playground.page.colors import PALETTE_SIZE, palette_index
from playground.tokenizers.sentencepiece_bpe import SPACE_MARK
from playground.tokenizers.tiktoken_bpe import spell

LATER = ("gpt4", "gpt4o", "llama3", "mistral", "gemma")
KNOWN = {  # SOURCES.md's known answers for "Hello world": plain, and with the special tokens asked for
    "gpt4": ([9906, 1917], [9906, 1917]), "gpt4o": ([13225, 2375], [13225, 2375]),
    "llama3": ([9906, 1917], [128000, 9906, 1917]), "mistral": ([22557, 1526], [1, 22557, 1526]),
    "gemma": ([4521, 2134], [2, 4521, 2134]),
}
CORPUS = (
    [sentences(code)[k] for code in LANGUAGES for k in (0, 57, 199)]  # every language
    + ["", " ", "    indented\n\tand tabbed\n", "a  b   c    d", "\n\n\n", "1234567890 3.14159 2,048 1e-5",
       "👩‍💻👍🏽🇺🇳😀", "\x00\x07\r\n\x7f", "e\u0301 İ ß ﬁ", f"x{SPACE_MARK}y", " SolidGoldMagikarp"]
    + SPECIAL_STRINGS + ["<|begin_of_text|> <bos> <|im_start|> <|fim_prefix|>"]
)


@pytest.fixture(scope="module")
def official(tmp_path_factory):
    """Each later tokenizer the way its own library builds it from the file."""
    import sentencepiece
    from tokenizers import Tokenizer

    cl100k, o200k = official_tiktoken(tmp_path_factory.mktemp("tiktoken-cache"), "cl100k_base", "o200k_base")
    llama3 = Tokenizer.from_file(str(ROOT / "assets" / "llama-3" / "tokenizer.json"))
    llama3.encode_special_tokens = True  # typed specials are text, as in the playground

    def sp(folder):
        return sentencepiece.SentencePieceProcessor(model_file=str(ROOT / "assets" / folder / "tokenizer.model"))

    return {"gpt4": cl100k.encode_ordinary, "gpt4o": o200k.encode_ordinary,
            "llama3": lambda text: llama3.encode(text, add_special_tokens=False).ids,
            "mistral": sp("mistral").encode, "gemma": sp("gemma").encode}


@pytest.mark.parametrize("name", LATER)
def test_known_answers(name):
    """Also the transformers 5 trap: a Llama or Gemma tokenizer built with vocab_file= ignores the file
    and gives [] or [3] here; these answers only come from the real vocabulary."""
    plain, special = KNOWN[name]
    assert compare("Hello world", tokenizers=[name])["tokenizers"][0]["ids"] == plain
    assert compare("Hello world", True, tokenizers=[name])["tokenizers"][0]["ids"] == special


@pytest.mark.parametrize("name", LATER)
def test_exactly_the_official_ids_on_the_corpus(name, official):
    tokenizer = get_tokenizer(name)
    for text in CORPUS:
        assert tokenizer.encode(text) == official[name](text), repr(text[:40])


def check_spans(text: str, tok: dict) -> None:
    """Spans in order and inside the text; for byte-level tokenizers the bytes spell the text exactly."""
    assert tok["count"] == len(tok["ids"]) == len(tok["tokens"])
    prev_start = prev_end = 0
    for t in tok["tokens"]:
        assert 0 <= t["start"] <= t["end"] <= len(text) and t["start"] >= prev_start and t["end"] >= prev_end
        assert t["text"] == text[t["start"]:t["end"]]
        prev_start, prev_end = t["start"], t["end"]
    spelled = text
    if tok["name"] in ("llama", "mistral", "gemma"):
        spelled = text.replace(SPACE_MARK, " ")  # SentencePiece reads a typed "▁" as a space
    if tok["name"] in ("llama", "mistral") and text:
        spelled = " " + spelled  # the dummy prefix (Gemma has none)
    data = b"".join(bytes.fromhex(t["bytes_hex"]) for t in tok["tokens"] if not t["special"])
    assert data == spelled.encode("utf-8")


@pytest.mark.parametrize("name", TOKENIZER_NAMES)
def test_spans_on_the_corpus(name):
    for text in CORPUS:
        result = compare(text, tokenizers=[name])
        if name != "bert":
            check_spans(result["text"], result["tokenizers"][0])


@settings(deadline=None, max_examples=60)
@given(text=any_text)
def test_spans_of_all_eight_on_anything(text):
    result = compare(text, tokenizers=TOKENIZER_NAMES)
    for tok in result["tokenizers"]:
        if tok["name"] != "bert":  # BERT normalizes: its pieces are not the text's bytes
            check_spans(result["text"], tok)


def test_tiktoken_pieces_are_spelled_as_gpt2_spells_them():
    """cl100k's and o200k's rank files have no pieces; the spelling must be GPT-2's own (its encoder.json)."""
    gpt2 = get_tokenizer("gpt2")
    assert all(gpt2._pieces[i] == spell(gpt2._enc.decode_single_token_bytes(i)) for i in range(50256))
    assert get_tokenizer("gpt4")._pieces[1917] == "Ġworld" and get_tokenizer("gpt4o")._pieces[2375] == "Ġworld"


def test_colours_cover_the_largest_vocabulary():
    for name in ("gemma", "gpt4o"):
        indices = {palette_index(name, i) for i in range(0, 262_144, 7)}
        assert indices <= set(range(PALETTE_SIZE)) and len(indices) > PALETTE_SIZE * 0.8
