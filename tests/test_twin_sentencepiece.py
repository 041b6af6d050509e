"""Which SentencePiece models run in the browser (sentencepiece_bpe.js): the three bundled ones, and a
registered .model exactly where the Python layer spans from the pieces' bytes (identity normaliser keeping
every space, byte fallback), since the WebAssembly package gives no offsets. Any other is tokenized by the
server."""

from __future__ import annotations

import hashlib
import random

import pytest

from conftest import ROOT
from test_twin_tiktoken import assert_twin_gives_pythons, edits
from test_your_tokenizer import TRAINING, bpe_model_with_pieces, fresh_registry, train_unigram  # noqa: F401

from playground import compare, register_tokenizer
from playground.tokenizers.browser import served_file, twin_spec


def model_twin(path) -> dict:
    """What the page loads a .model from: its family's module and the file under its sha256, computed here."""
    sha = hashlib.sha256(path.read_bytes()).hexdigest()
    return {"family": "sentencepiece_bpe", "options": {},
            "files": {"model": {"url": f"playground/twin/files/{sha}/{path.name}", "sha256": sha}}}


def family_part(spec: dict | None) -> dict | None:
    return spec and {key: spec[key] for key in ("family", "options", "files")}


def test_the_bundled_models_run_in_the_browser_from_their_own_files():
    for name, folder in (("llama", "llama-2"), ("mistral", "mistral"), ("gemma", "gemma")):
        path = ROOT / "assets" / folder / "tokenizer.model"
        assert family_part(twin_spec(name)) == model_twin(path), name
        assert served_file(model_twin(path)["files"]["model"]["sha256"]) == path


def train_identity(prefix, **options):
    """A SentencePiece model trained here with the identity normaliser and byte fallback."""
    import sentencepiece

    sentencepiece.SentencePieceTrainer.train(sentence_iterator=iter(TRAINING), model_prefix=str(prefix), vocab_size=600,
                                             byte_fallback=True, normalization_rule_name="identity", minloglevel=2,
                                             **options)
    return prefix.with_suffix(".model")


def test_a_registered_model_runs_in_the_browser_only_where_its_spans_come_from_bytes(tmp_path):
    mistral = ROOT / "assets" / "mistral" / "tokenizer.model"
    register_tokenizer("mistral-again", mistral)
    assert family_part(twin_spec("mistral-again")) == model_twin(mistral)
    # trained here with the identity normaliser keeping every space and byte fallback, BPE and Unigram
    for kind in ("bpe", "unigram"):
        path = train_identity(tmp_path / f"identity-{kind}", model_type=kind, remove_extra_whitespaces=False)
        register_tokenizer(f"identity-{kind}", path)
        assert family_part(twin_spec(f"identity-{kind}")) == model_twin(path), kind
    # sentencepiece's defaults (NFKC), with byte fallback or without (a Unigram model, unseen characters
    # <unk>): the Python layer spans from sentencepiece's offsets, which the browser's package has not
    bpe_model_with_pieces(tmp_path / "nfkc-bpe.model")
    register_tokenizer("nfkc-bpe", tmp_path / "nfkc-bpe.model")
    register_tokenizer("nfkc-unigram", train_unigram(tmp_path))
    assert twin_spec("nfkc-bpe") is None and twin_spec("nfkc-unigram") is None


def test_a_model_that_squeezes_spaces_spans_from_sentencepiece_offsets_on_the_server(tmp_path):
    """The identity normaliser still squeezes a run of spaces to one unless told not to (sentencepiece's default
    remove_extra_whitespaces): the pieces' bytes no longer spell the text, so the spans are sentencepiece's
    own offsets, and the browser, which has none, leaves it to the server."""
    import sentencepiece

    path = train_identity(tmp_path / "squeezing")
    register_tokenizer("squeezing", path)
    official = sentencepiece.SentencePieceProcessor(model_file=str(path))
    for text in ("a  b", "  x", "x  y  ", "hello   world"):
        tokens = compare(text, tokenizers=["squeezing"])["tokenizers"][0]["tokens"]
        mapping = official.encode_as_offset_mapping(text)
        assert [t["id"] for t in tokens] == mapping["ids"], text
        assert [(t["start"], t["end"]) for t in tokens] == [tuple(o) for o in mapping["offsets"]], text
    assert twin_spec("squeezing") is None


# Texts with characters that no piece of two characters or more holds (emoji, Devanagari and Chinese for Llama 2), each
# beside letters, spaces, newlines and other such characters, then edited one step after another as keys make them:
# sentencepiece_bpe.js cuts on both sides of such a character and tokenizes a chunk after one on its own.
LONE = ["😀👍🏽👩‍💻" * 300, "नमस्ते दुनिया " * 100, "中文" * 500, "ab😀cd 😀 😀\n😀x", " 😀", "😀 ", "\n\n😀\n", "▁😀▁",
        "a\u200db", "é😀é" * 50]


@pytest.mark.npm
@pytest.mark.parametrize("name", ["llama", "mistral", "gemma"])
def test_texts_cut_around_characters_in_no_longer_piece_are_tokenized_as_python_does(name):
    assert_twin_gives_pythons(name, [step for text in LONE for step in edits(text)])


# Long chunks (no cut in them): runs, letters at random whose merges change far back when one is added, and a run
# after a first chunk (tokenized after ALONE), each edited step by step: merged again only around each edit.
LONG = [" " * 3_000, "a" * 3_000, "".join(random.Random(7).choice("abcde") for _ in range(3_000)),
        "".join(random.Random(8).choice("ab▁") for _ in range(3_000)), "x" + " " * 2_000 + "yz" * 600,
        "Привет" * 400]


@pytest.mark.npm
@pytest.mark.parametrize("name", ["llama", "mistral"])
def test_long_chunks_edited_are_tokenized_as_python_does(name):
    assert_twin_gives_pythons(name, [step for text in LONG for step in edits(text)])
