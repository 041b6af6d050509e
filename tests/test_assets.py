"""Bundled files: the official ones, checked on load, with errors that say what to do."""

from __future__ import annotations

import hashlib

import pytest

from conftest import ROOT
from playground import assets

# The sha256 values of ../shared/tokenizer-data/SOURCES.md, which the upstream projects pin.
OFFICIAL = {
    "gpt2/encoder.json": "196139668be63f3b5d6574427317ae82f612a97c5d1cdaf36ed2256dbf636783",
    "gpt2/vocab.bpe": "1ce1664773c50f3e0cc8842619a93edc4624525b728b188a9e0be33b7726adc5",
    "bert-base-uncased/vocab.txt": "07eced375cec144d27c900241f3e339478dec958f92fddbc551f295c992038a3",
    "llama-2/tokenizer.model": "9e556afd44213b6bd1be2b850ebbbd98f5481437a8021afaf58ee7fb1818d347",
}


def test_manifest_pins_the_official_hashes():
    assert {name: e["sha256"] for name, e in assets.manifest().items()} == OFFICIAL
    for entry in assets.manifest().values():
        assert entry["upstream"] and entry["license"]


@pytest.mark.parametrize("name", sorted(OFFICIAL))
def test_bundled_file_is_the_official_one(name):
    path = assets.verified_path(name)
    assert hashlib.sha256(path.read_bytes()).hexdigest() == OFFICIAL[name]


def test_altered_file_is_refused_with_what_to_do(assets_copy):
    with open(assets_copy / "gpt2" / "vocab.bpe", "ab") as f:
        f.write(b"a b\n")
    with pytest.raises(assets.AssetError, match=r"vocab.bpe is not the official one.*git checkout -- assets/"):
        assets.verified_path("gpt2/vocab.bpe")


def test_missing_file_is_named_with_what_to_do(assets_copy):
    (assets_copy / "llama-2" / "tokenizer.model").unlink()
    with pytest.raises(assets.AssetError, match=r"tokenizer.model is missing.*git checkout -- assets/"):
        assets.verified_path("llama-2/tokenizer.model")


def test_unlisted_file_is_refused():
    with pytest.raises(assets.AssetError, match="not listed"):
        assets.verified_path("gpt2/other.json")
