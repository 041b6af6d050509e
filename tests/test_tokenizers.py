"""compare(): exact ids, exact spans, honest counts, for the three tokenizers.

Known answers were checked by hand against the vocabularies: e.g. GPT-2's 220 is " ",
198 is "\\n", 43453 is " SolidGoldMagikarp"; Llama's 29871 is a lone "▁" and 13 is <0x0A>.
"""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from conftest import ROOT

from playground import DEFAULT_TOKENIZERS, compare, get_tokenizer

CODE = "def f(x):\n    if x:\n        return 1\n"

KNOWN = {  # text -> {tokenizer: ids}, no special tokens
    "Hello world": {"gpt2": [15496, 995], "bert": [7592, 2088], "llama": [15043, 3186]},
    CODE: {
        "gpt2": [4299, 277, 7, 87, 2599, 198, 220, 220, 220, 611, 2124, 25, 198,
                 220, 220, 220, 220, 220, 220, 220, 1441, 352, 198],
        "bert": [13366, 1042, 1006, 1060, 1007, 1024, 2065, 1060, 1024, 2709, 1015],
        "llama": [822, 285, 29898, 29916, 1125, 13, 1678, 565, 921, 29901, 13, 4706, 736, 29871, 29896, 13],
    },
    " SolidGoldMagikarp": {
        "gpt2": [43453],
        "bert": [5024, 21270, 2863, 5856, 6673, 2361],
        "llama": [29871, 4956, 333, 29954, 1025, 19095, 638, 6834],
    },
    "नमस्ते": {
        "gpt2": [11976, 101, 11976, 106, 11976, 116, 24231, 235, 11976, 97, 24231, 229],
        "bert": [1327, 29867, 29874, 29859],
        "llama": [29871, 30424, 30485, 30489, 30296, 30475, 30569],
    },
    "你好，世界": {
        "gpt2": [19526, 254, 25001, 121, 171, 120, 234, 10310, 244, 45911, 234],
        "bert": [100, 100, 1989, 1745, 100],
        "llama": [29871, 30919, 31076, 30214, 30793, 30967],
    },
    "1234567890": {
        "gpt2": [10163, 2231, 30924, 3829],
        "bert": [13138, 19961, 2575, 2581, 2620, 21057],
        "llama": [29871, 29896, 29906, 29941, 29946, 29945, 29953, 29955, 29947, 29929, 29900],
    },
    "": {"gpt2": [], "bert": [], "llama": []},
}


def by_name(result: dict) -> dict[str, dict]:
    return {t["name"]: t for t in result["tokenizers"]}


def test_order_and_shape():
    result = compare("Hello world")
    assert [t["name"] for t in result["tokenizers"]] == ["gpt2", "bert", "llama"] == list(DEFAULT_TOKENIZERS)
    for t in result["tokenizers"]:
        assert t["count"] == len(t["ids"]) == len(t["tokens"])
        assert set(t["tokens"][0]) >= {"id", "piece", "text", "start", "end", "bytes_hex", "partial"}


@pytest.mark.parametrize("text", list(KNOWN), ids=["hello", "code", "magikarp", "hindi", "mandarin", "digits", "empty"])
@pytest.mark.parametrize("name", DEFAULT_TOKENIZERS)
def test_known_answers(text, name):
    assert by_name(compare(text))[name]["ids"] == KNOWN[text][name]


def test_pieces_bytes_and_spans_hello():
    t = by_name(compare("Hello world"))
    assert [(x["piece"], x["text"], x["start"], x["end"], x["bytes_hex"]) for x in t["gpt2"]["tokens"]] == [
        ("Hello", "Hello", 0, 5, "48 65 6C 6C 6F"), ("Ġworld", " world", 5, 11, "20 77 6F 72 6C 64")]
    assert [(x["piece"], x["text"], x["start"], x["end"]) for x in t["bert"]["tokens"]] == [
        ("hello", "Hello", 0, 5), ("world", "world", 6, 11)]  # lowercased; the space is no token's
    assert [(x["piece"], x["text"], x["start"], x["end"], x["bytes_hex"]) for x in t["llama"]["tokens"]] == [
        ("▁Hello", "Hello", 0, 5, "20 48 65 6C 6C 6F"), ("▁world", " world", 5, 11, "20 77 6F 72 6C 64")]


def test_gpt2_partial_tokens_share_a_character_and_show_bytes():
    toks = by_name(compare("नमस्ते"))["gpt2"]["tokens"]
    assert [(x["piece"], x["start"], x["end"], x["bytes_hex"], x["partial"]) for x in toks[:2]] == [
        ("à¤", 0, 1, "E0 A4", True), ("¨", 0, 1, "A8", True)]  # न is E0 A4 A8, split in two
    assert all(x["partial"] for x in toks)
    assert "\ufffd" not in "".join(x["text"] for x in toks)


def test_llama_byte_fallback_for_emoji():
    toks = by_name(compare("👍"))["llama"]["tokens"]
    assert [(x["id"], x["piece"], x["start"], x["end"], x["bytes_hex"], x["partial"]) for x in toks] == [
        (29871, "▁", 0, 0, "20", False),  # the dummy-prefix space: covers no character of the input
        (243, "<0xF0>", 0, 1, "F0", True), (162, "<0x9F>", 0, 1, "9F", True),
        (148, "<0x91>", 0, 1, "91", True), (144, "<0x8D>", 0, 1, "8D", True)]


def test_bert_lowercases_strips_accents_and_marks_unknown():
    bert = by_name(compare("Café 👍 ok"))["bert"]
    assert [(x["piece"], x["text"], x["start"], x["end"]) for x in bert["tokens"]] == [
        ("cafe", "Café", 0, 4), ("[UNK]", "👍", 5, 6), ("ok", "ok", 7, 9)]
    assert bert["unk_count"] == 1
    assert bert["decoded"] == "cafe [UNK] ok"
    assert bert["lossless"] is False


def test_bert_drops_control_characters():
    # NUL and BEL vanish before WordPiece sees the word, so "abc" is one token over all five characters.
    bert = by_name(compare("a\x00b\x07c"))["bert"]
    assert [(x["piece"], x["text"], x["start"], x["end"]) for x in bert["tokens"]] == [("abc", "a\x00b\x07c", 0, 5)]
    # A NUL after a word is dropped (a gap no token covers); a zero-width space inside one is swallowed.
    bert = by_name(compare("ab\x00 c\u200bd"))["bert"]
    assert [(x["piece"], x["start"], x["end"]) for x in bert["tokens"]] == [("ab", 0, 2), ("cd", 4, 7)]


@pytest.mark.parametrize("typed", ["<|endoftext|>", "[CLS]", "[SEP]", "[UNK]", "<s>", "</s>", "<unk>"])
def test_typed_special_token_strings_are_text(typed):
    for t in compare(typed)["tokenizers"]:
        assert not any(x["special"] for x in t["tokens"])
        assert t["unk_count"] == 0
    assert 50256 not in by_name(compare(typed))["gpt2"]["ids"]


def test_special_tokens_on_request():
    t = by_name(compare("Hello world", special=True))
    assert t["gpt2"]["ids"] == [15496, 995]  # GPT-2 adds none
    assert t["bert"]["ids"] == [101, 7592, 2088, 102]
    assert t["llama"]["ids"] == [1, 15043, 3186]
    cls, sep = t["bert"]["tokens"][0], t["bert"]["tokens"][-1]
    assert (cls["piece"], cls["start"], cls["end"], cls["special"]) == ("[CLS]", 0, 0, True)
    assert (sep["piece"], sep["start"], sep["end"], sep["special"]) == ("[SEP]", 11, 11, True)
    bos = t["llama"]["tokens"][0]
    assert (bos["piece"], bos["start"], bos["end"], bos["special"]) == ("<s>", 0, 0, True)
    assert t["llama"]["lossless"] and t["llama"]["count"] == 3


@pytest.mark.parametrize("text", ["Hello, world! It's a don't test.", "a . b , c ? d", "Café 👍 [UNK]", ""])
def test_bert_decode_is_transformers_decode(text):
    bert = get_tokenizer("bert")
    ids = bert.encode(text)
    assert bert.decode(ids) == bert._tok.decode(ids)


def test_stats():
    t = by_name(compare("1234567890"))
    assert (t["gpt2"]["count"], t["gpt2"]["chars"], t["gpt2"]["bytes"], t["gpt2"]["chars_per_token"]) == (4, 10, 10, 2.5)
    assert t["llama"]["chars_per_token"] == round(10 / 11, 2)
    assert [t[n]["lossless"] for n in DEFAULT_TOKENIZERS] == [True, True, True]  # digits: BERT loses nothing
    empty = by_name(compare(""))["gpt2"]
    assert (empty["count"], empty["chars_per_token"], empty["lossless"]) == (0, None, True)


def test_lone_surrogates_are_replaced_alike_and_reported():
    result = compare("a\ud800b\ud83d\ude00")  # a lone high surrogate, then a valid pair
    assert result["text"] == "a\ufffdb\U0001F600"
    assert result["replaced_surrogates"] == 1
    for t in result["tokenizers"]:
        assert t["chars"] == 4


@pytest.mark.parametrize("bad", [b"Hello", None, 42, ["Hello"]])
def test_non_text_is_a_clear_value_error(bad):
    with pytest.raises(ValueError, match="compare\\(\\) takes text as a str"):
        compare(bad)


ALL_EIGHT = "gpt2, bert, llama, gpt4, gpt4o, llama3, mistral, gemma"


def test_unknown_tokenizer_name():
    with pytest.raises(ValueError, match=f"unknown tokenizer 'gpt5'; choose one of {ALL_EIGHT}"):
        get_tokenizer("gpt5")
    with pytest.raises(ValueError, match=f"unknown tokenizer 'gpt5'; choose from {ALL_EIGHT}"):
        compare("hi", tokenizers=("gpt2", "gpt5"))


@pytest.mark.slow
def test_cli_prints_three_panels_and_json():
    run = subprocess.run([sys.executable, "-m", "playground", "--json", "-"], input="Hello world",
                         cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    assert [t["ids"] for t in json.loads(run.stdout)["tokenizers"]] == [[15496, 995], [7592, 2088], [15043, 3186]]
    run = subprocess.run([sys.executable, "-m", "playground", "Hello world"], cwd=ROOT,
                         capture_output=True, text=True, timeout=120, env={"COLUMNS": "160", "PATH": ""})
    assert run.returncode == 0, run.stderr
    for heading in ("GPT-2 byte-level BPE", "BERT WordPiece", "Llama 2 SentencePiece", "2 tokens"):
        assert heading in run.stdout


@pytest.mark.parametrize("names, message", [
    (["gpt2"] * 1000, "1,000 tokenizers asked for; at most 8"),  # before the bound: +2.3 GB, small edits waited 12 s
    (["gpt2"] * 9, "9 tokenizers asked for; at most 8"),
    (["gpt2", "bert", "gpt2"], "tokenizer 'gpt2' is asked for twice"),
    ([], "the list of tokenizers is empty"),
    (["x" * 100_000], "unknown tokenizer 'xxxxxxxxxxxx...xxxxxxxxxxxxx'; choose from"),
    ([["gpt2"]], "unknown tokenizer ['gpt2']; choose from"),
])
def test_a_tokenizer_list_is_at_most_the_registry_each_name_once(names, message):
    from playground.tokenizers.registry import check_tokenizers

    with pytest.raises(ValueError) as err:
        check_tokenizers(names)
    assert str(err.value).startswith(message) and len(str(err.value)) < 160


def test_compare_accepts_a_repeat_and_works_on_each_name_once():
    """The page's three panels may show the same tokenizer: both get the same, exact ids."""
    result = compare("Hello world", tokenizers=["gpt2", "bert", "gpt2"])
    assert [t["ids"] for t in result["tokenizers"]] == [[15496, 995], [7592, 2088], [15496, 995]]
    with pytest.raises(ValueError, match="9 tokenizers asked for; at most 8"):
        compare("a", tokenizers=["gpt2"] * 9)


def test_the_list_limit_follows_the_registry(monkeypatch):
    """Tokenizers registered at launch count: the limit is the registry's size now, not a number fixed at import."""
    from playground.tokenizers import registry

    monkeypatch.setitem(registry._registered, "gpt2-again", ("a file", "a file"))
    names = [*registry.TOKENIZER_NAMES, "gpt2-again"]  # nine names, each once
    assert registry.check_tokenizers(names) == tuple(names)
    with pytest.raises(ValueError, match="10 tokenizers asked for; at most 9"):
        registry.check_tokenizers([*names, "gpt2"])
