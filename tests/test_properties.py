"""Property tests over generated text: exact ids, spans in order, round trips, nothing raises."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from playground import compare
from playground.tokenizers.sentencepiece_bpe import SPACE_MARK
from playground.tokenizers.spans import replace_lone_surrogates

SPECIAL_STRINGS = ["<|endoftext|>", "[CLS]", "[SEP]", "[UNK]", "[PAD]", "[MASK]", "<s>", "</s>", "<unk>"]
HARD_PIECES = [
    "👩‍💻", "👍🏽", "🇺🇳", "e\u0301", "a\u0308\u0323", "שלום", "مرحبا", "नमस्ते", "你好", "\x00", "\x07", "\r\n",
    "\t", "    ", "\u200b", "\u2581", "\ufeff", "\ud800", "\udfff", "\ud83d\ude00", "Ǆ", "İ", "ß", "ﬁ", "①", "1234567890",
]
# Any code point at all (surrogates and control characters included), glued to hard pieces.
any_text = st.lists(
    st.one_of(
        st.text(st.characters(codec=None, categories=None), max_size=12),
        st.sampled_from(HARD_PIECES + SPECIAL_STRINGS),
    ),
    max_size=12,
).map("".join)


def check_result(text: str, result: dict, official_gpt2, official_bert, official_llama) -> None:
    clean = result["text"]
    assert clean == replace_lone_surrogates(text)[0]
    clean.encode("utf-8")  # after clean-up, always valid UTF-8
    by = {t["name"]: t for t in result["tokenizers"]}
    # Exactly the official libraries' ids.
    assert by["gpt2"]["ids"] == official_gpt2.encode_ordinary(clean)
    assert by["bert"]["ids"] == official_bert.encode(clean, add_special_tokens=False).ids
    assert by["llama"]["ids"] == official_llama.encode(clean)
    for t in result["tokenizers"]:
        assert t["count"] == len(t["ids"]) == len(t["tokens"])
        assert [x["id"] for x in t["tokens"]] == t["ids"]
        assert all(0 <= i < t["vocab_size"] for i in t["ids"])
        prev_start = prev_end = 0
        for x in t["tokens"]:
            assert 0 <= x["start"] <= x["end"] <= len(clean)
            assert x["start"] >= prev_start and x["end"] >= prev_end  # in order
            assert x["text"] == clean[x["start"]:x["end"]]
            prev_start, prev_end = x["start"], x["end"]
    # Byte-level tokenizers: the tokens' bytes spell the text exactly, and spans cover all of it.
    for name, spelled in (("gpt2", clean), ("llama", (" " + clean if clean else "").replace(SPACE_MARK, " "))):
        toks = by[name]["tokens"]
        assert b"".join(bytes.fromhex(x["bytes_hex"]) for x in toks) == spelled.encode("utf-8")
        covered = set()
        for x in toks:
            covered.update(range(x["start"], x["end"]))
            if not x["partial"] and x["text"]:
                assert x["text"].replace(SPACE_MARK, " ").encode() in bytes.fromhex(x["bytes_hex"])
        assert covered == set(range(len(clean)))
    # Lossless where the library is.
    assert by["gpt2"]["lossless"]
    assert by["llama"]["lossless"] == (official_llama.decode(official_llama.encode(clean)) == clean)
    if SPACE_MARK not in clean:
        assert by["llama"]["lossless"], "Llama round-trips any text without a typed ▁"


@settings(deadline=None)  # examples: the profile (conftest.py)
@given(text=any_text)
def test_any_text(text, official_gpt2, official_bert, official_llama):
    check_result(text, compare(text), official_gpt2, official_bert, official_llama)


@settings(max_examples=50, deadline=None)
@given(text=any_text)
def test_special_tokens_only_add_at_the_ends(text):
    plain, special = compare(text), compare(text, special=True)
    by_plain = {t["name"]: t["ids"] for t in plain["tokenizers"]}
    by_special = {t["name"]: t["ids"] for t in special["tokenizers"]}
    assert by_special["gpt2"] == by_plain["gpt2"]
    assert by_special["bert"] == [101, *by_plain["bert"], 102]
    assert by_special["llama"] == [1, *by_plain["llama"]]


@pytest.mark.parametrize("text", ["", " ", "   ", "\n", "\t\t", " \n \n", "\r\n", "\u3000", "\x00", "\x00" * 5])
def test_edge_strings(text, official_gpt2, official_bert, official_llama):
    check_result(text, compare(text), official_gpt2, official_bert, official_llama)


@pytest.mark.slow
def test_one_megabyte(official_gpt2, official_bert, official_llama):
    unit = "The cat sat on the mat. 猫が座った。 नमस्ते दुनिया 👩‍💻 def f(x):\n    return x\n"
    text = unit * (1_000_000 // len(unit.encode()) + 1)
    assert 1_000_000 <= len(text.encode()) < 1_001_000
    check_result(text, compare(text), official_gpt2, official_bert, official_llama)


def test_ten_thousand_copies_of_one_character(official_gpt2, official_bert, official_llama):
    for ch in ("a", " ", "\n", "é", "😀", "\x00"):
        check_result(ch * 10_000, compare(ch * 10_000), official_gpt2, official_bert, official_llama)
