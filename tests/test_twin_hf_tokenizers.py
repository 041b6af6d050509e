"""Which tokenizer.json files run in the browser (hf_tokenizers.js, the tokenizers Rust crate in WebAssembly):
Llama 3's, and a registered one exactly where that twin's own steps match the Python layer's (a byte-level BPE
with no normaliser, a post-processor adding nothing, added tokens the model cannot emit). Any other is
tokenized by the server."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest
from browser import require_node
from conftest import ROOT
from test_your_tokenizer import ADDED_TEXTS, added_tokens_json, fresh_registry, trained_json  # noqa: F401

from playground import compare, register_tokenizer
from scripts.twin_node_check import HARD, node_describe, random_texts
from playground.tokenizers.browser import served_file, twin_spec

LLAMA3_JSON = ROOT / "assets" / "llama-3" / "tokenizer.json"


def json_twin(path, options: dict | None = None) -> dict:
    """What the page loads a tokenizer.json from: its family's module and the file under its sha256."""
    sha = hashlib.sha256(path.read_bytes()).hexdigest()
    return {"family": "hf_tokenizers", "options": options or {},
            "files": {"tokenizer": {"url": f"playground/twin/files/{sha}/{path.name}", "sha256": sha}}}


def family_part(spec: dict | None) -> dict | None:
    return spec and {key: spec[key] for key in ("family", "options", "files")}


def test_llama3_runs_in_the_browser_from_its_own_file_with_begin_of_text_first():
    assert family_part(twin_spec("llama3")) == json_twin(LLAMA3_JSON, {"begin_of_text": 128000})
    assert served_file(json_twin(LLAMA3_JSON)["files"]["tokenizer"]["sha256"]) == LLAMA3_JSON


def test_a_registered_byte_level_bpe_runs_in_the_browser(tmp_path):
    from tokenizers import AddedToken, Tokenizer

    register_tokenizer("llama3-again", LLAMA3_JSON)  # its 256 special tokens: typed, they are text
    assert family_part(twin_spec("llama3-again")) == json_twin(LLAMA3_JSON)  # no BOS: its post-processor adds none
    plain, added = map(Path, added_tokens_json("bpe-byte-level", tmp_path))  # trained here; "xyz", "<note>" added
    official = Tokenizer.from_file(str(added))  # and two special tokens numbered after those
    official.add_special_tokens([AddedToken("<|endoftext|>", special=True), AddedToken("<|im_start|>", special=True)])
    official.save(str(tmp_path / "special.json"))
    for name, path in (("plain", plain), ("added", added), ("special", tmp_path / "special.json")):
        register_tokenizer(name, path)
        assert family_part(twin_spec(name)) == json_twin(path), name


def test_a_registered_tokenizer_json_the_twin_would_get_wrong_is_tokenized_by_the_server(tmp_path):
    from tokenizers import AddedToken, Tokenizer, processors

    bos = Tokenizer.from_file(str(LLAMA3_JSON))  # a post-processor that adds <|begin_of_text|>
    bos.post_processor = processors.TemplateProcessing(single="<|begin_of_text|> $A",
                                                       special_tokens=[("<|begin_of_text|>", 128000)])
    bos.save(str(tmp_path / "bos.json"))
    # a special token the split pattern cuts out whole, where the model ignores merges for a word it holds:
    # handed to the crate as a model entry, "zqzqzqzq!" would be [128256, 0], where Python has [89, 80, ..., 0]
    whole = Tokenizer.from_file(str(LLAMA3_JSON))
    whole.add_special_tokens([AddedToken("zqzqzqzq", special=True)])
    whole.save(str(tmp_path / "whole.json"))
    register_tokenizer("bos", tmp_path / "bos.json")
    register_tokenizer("whole", tmp_path / "whole.json")
    assert twin_spec("bos") is None and twin_spec("whole") is None
    for kind in ("bpe-byte-fallback", "wordpiece", "wordlevel"):  # spans from the library's offsets in Python
        register_tokenizer(kind, trained_json(kind, tmp_path))
        assert twin_spec(kind) is None, kind


@pytest.mark.npm
def test_the_twin_under_node_equals_python_in_every_field(tmp_path):
    """Llama 3 and a registered byte-level BPE with added and special tokens, special tokens off and on:
    describe() under Node equal to compare() on hard cases (U+0085, U+FEFF after a NUL, typed special tokens)
    and seeded random strings across scripts."""
    from tokenizers import AddedToken, Tokenizer

    require_node()
    official = Tokenizer.from_file(added_tokens_json("bpe-byte-level", tmp_path)[1])
    official.add_special_tokens([AddedToken("<|endoftext|>", special=True)])  # numbered after "xyz", "<note>"
    official.save(str(tmp_path / "special.json"))
    register_tokenizer("special", tmp_path / "special.json")
    texts = HARD + ADDED_TEXTS + ["<|endoftext|>xyz<|begin_of_text|>"] + random_texts(300)
    for name in ("llama3", "special"):
        for special in (False, True):
            got = node_describe(name, texts, special)
            for text, js in zip(texts, got):
                assert js == compare(text, special, tokenizers=(name,))["tokenizers"][0], (name, special, text)


@pytest.mark.npm
def test_llama3_texts_with_a_long_run_are_merged_in_javascript_as_python_merges_them():
    """A text with a long run is merged by tiktoken_long.js with the file's own merges (a pair merges only if listed,
    by its place in the list; a piece in the vocabulary taken whole), and a long piece again only around its edit:
    every field as compare() gives it, for the long-run texts of the tiktoken twin's tests and edits of long pieces."""
    from test_twin_tiktoken import EDITED, LONG_RUN_TEXTS, assert_twin_gives_pythons, edits

    assert_twin_gives_pythons("llama3", LONG_RUN_TEXTS + [step for text in EDITED for step in edits(text)])
