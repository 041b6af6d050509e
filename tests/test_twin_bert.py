"""BERT's browser twin (playground/tokenizers/bert.js): what the page is told to load for it, and the Unicode
tables its spans use, checked against the Rust code itself (the tokenizers package), not against bert.js."""

from __future__ import annotations

import hashlib
import random
import re

import pytest
from conftest import ROOT
from test_twin_tiktoken import assert_twin_gives_pythons
from tokenizers.normalizers import BertNormalizer
from tokenizers.pre_tokenizers import BertPreTokenizer

from playground import register_tokenizer
from playground.tokenizers import registry
from playground.tokenizers.browser import twin_declaration, twin_spec

VOCAB = ROOT / "assets" / "bert-base-uncased" / "vocab.txt"
TABLES = ROOT / "playground" / "tokenizers" / "bert_unicode.js"


@pytest.fixture(autouse=True)
def fresh_registry(monkeypatch):
    """Each test registers into its own copy of the registry: names never leak into other tests."""
    monkeypatch.setattr(registry, "_registered", dict(registry._registered))
    monkeypatch.setattr(registry, "_loaded", dict(registry._loaded))


def test_bert_runs_in_the_browser_from_its_vocab_txt_lowercasing():
    sha = hashlib.sha256(VOCAB.read_bytes()).hexdigest()
    assert twin_spec("bert") == {
        "family": "bert", "label": "BERT WordPiece",
        "files": {"vocab": {"url": f"playground/twin/files/{sha}/vocab.txt", "sha256": sha}},
        "options": {"lowercase": True}, "undertrained": None, "bytes": 231508}  # vocab.txt: ls -l gives it


def test_a_registered_vocab_txt_runs_in_the_browser_with_its_casing(tmp_path):
    vocab = tmp_path / "vocab.txt"
    vocab.write_text("\n".join(["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]", "The", "the", "cat"]) + "\n")
    register_tokenizer("cased", vocab)
    register_tokenizer("forced-lower", f"{vocab}:uncased")
    assert twin_declaration("cased") == {"family": "bert", "files": {"vocab": str(vocab)},
                                         "options": {"lowercase": False}}
    assert twin_declaration("forced-lower") == {"family": "bert", "files": {"vocab": str(vocab)},
                                                "options": {"lowercase": True}}


def table(name: str) -> set[int]:
    """The code points of one of bert_unicode.js's tables ("0-8 b e-1f": hexadecimal ranges)."""
    text = re.search(rf"export const {name} = `([^`]*)`", TABLES.read_text()).group(1)
    cps = set()
    for r in text.split():
        a, _, b = r.partition("-")
        cps.update(range(int(a, 16), int(b or a, 16) + 1))
    return cps


# Where the crate's old Unicode tables and a browser's new one part: U+166D left punctuation in Unicode 12,
# U+1734 stopped being a nonspacing mark, U+0897 and U+2E43 are newer than the tables, U+0085 is a control
# (dropped) before it is whitespace, U+180E is a format character.
EDGES = [0x166D, 0x1734, 0x0897, 0x2E43, 0x0085, 0x180E, 0x0890, 0x13430, 0x1DF6, 0x302E, 0xFEFF, 0xE000, 0x10FFFD]


def test_the_unicode_tables_are_the_rust_codes_own():
    clean = BertNormalizer(clean_text=True, handle_chinese_chars=False, strip_accents=False, lowercase=False)
    strip = BertNormalizer(clean_text=False, handle_chinese_chars=False, strip_accents=True, lowercase=False)
    pre = BertPreTokenizer()
    removes, marks, punctuation = table("CLEAN_REMOVES"), table("NONSPACING_MARKS"), table("PUNCTUATION")
    rng = random.Random(0)
    sample = EDGES + [cp for cp in rng.sample(range(0x110000), 30_000) if not 0xD800 <= cp < 0xE000]
    for cp in sample:
        ch = chr(cp)
        assert (cp in removes) == (clean.normalize_str(ch) == ""), hex(cp)
        assert (cp in marks) == (strip.normalize_str(ch) == ""), hex(cp)
        assert (cp in punctuation) == (len(pre.pre_tokenize_str(f"a{ch}a")) == 3), hex(cp)
    assert 0x166D in punctuation and 0x1734 in marks and {0x0085, 0x180E} <= removes
    assert 0x2E43 not in punctuation and 0x0897 not in marks


# Long words: WordPiece makes a word of more than 100 characters, normalised, one [UNK]; bert.js sees such a word
# without normalising it when each of its characters normalises alone. Around the bound (100 and 101; "İ" lowercases
# to two characters), with characters dropped at either end (U+200D, a control; U+034F, a nonspacing mark of
# class 0, stripped with the accents), and with characters that must go the long way: a mark that canonical
# ordering moves (U+1D165, a spacing mark of class 216, after U+0301), an accented letter that decomposes,
# punctuation and an ideograph that end a word, U+1FEF that decomposes to "`" (punctuation only once normalised),
# whitespace BERT does not cut at.
LONG_WORDS = [
    "😀👍🏽👩‍💻" * 40, "a" * 100, "a" * 101, "İ" * 50, "İ" * 51, "\u200d" + "b" * 101 + "\u200d",
    "\u034f" + "b" * 101 + "\u034f", "c" * 101 + "\u0301", "c" * 101 + "\u0301\U0001d165", "é" * 101,
    "d" * 60 + "." + "d" * 60, "e" * 101 + "中", "f" * 60 + "\u1fef" + "f" * 60, "g" * 60 + "\u3000" + "g" * 60,
    "\u200d" * 200, "x " + "😀" * 150 + " y", "Hello " + "Z" * 150,
]


@pytest.mark.npm
def test_a_long_word_is_one_unknown_token_where_python_makes_it_one():
    assert_twin_gives_pythons("bert", LONG_WORDS)  # one Node process, its caches in play from text to text


@pytest.mark.npm
def test_a_long_word_of_a_cased_vocabulary_keeps_its_case(tmp_path):
    vocab = tmp_path / "vocab.txt"
    vocab.write_text("\n".join(["[PAD]", "[UNK]", "[CLS]", "[SEP]", "[MASK]", "A", "a", "##A", "##a", "."]) + "\n")
    register_tokenizer("cased", vocab)
    assert_twin_gives_pythons("cased", ["A" * 101, "A" * 100, "a" * 50 + "A" * 51, "A" * 60 + "." + "A" * 60,
                                        "A" * 60 + "«" + "A" * 60, "İ" * 101, "\u200d" + "a" * 101])
