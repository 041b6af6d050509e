"""Bundled files: the official ones, checked on load, with errors that say what to do."""

from __future__ import annotations

import hashlib

import pytest
from conftest import ROOT

from playground.tokenizers import assets

# The sha256 values of ../shared/tokenizer-data/SOURCES.md, which the upstream projects pin.
OFFICIAL = {
    "gpt2/encoder.json": "196139668be63f3b5d6574427317ae82f612a97c5d1cdaf36ed2256dbf636783",
    "gpt2/vocab.bpe": "1ce1664773c50f3e0cc8842619a93edc4624525b728b188a9e0be33b7726adc5",
    "bert-base-uncased/vocab.txt": "07eced375cec144d27c900241f3e339478dec958f92fddbc551f295c992038a3",
    "llama-2/tokenizer.model": "9e556afd44213b6bd1be2b850ebbbd98f5481437a8021afaf58ee7fb1818d347",
    "cl100k/cl100k_base.tiktoken": "223921b76ee99bde995b7ff738513eef100fb51d18c93597a113bcffe865b2a7",
    "o200k/o200k_base.tiktoken": "446a9538cb6c348e3516120d7c08b09f57c36495e2acfffe59a5bf8b0cfb1a2d",
    "llama-3/tokenizer.json": "c05a3c2174e9edd5be19dc5a0748c42a9037bec2811ce062728bfd71f8702d78",
    "mistral/tokenizer.model": "dadfd56d766715c61d2ef780a525ab43b8e6da4de6865bda3d95fdef5e134055",
    "gemma/tokenizer.model": "61a7b147390c64585d6c3543dd6fc636906c9af3865a5548f27f31aee1d4c8e2",
    # The chat templates (playground.tokenizers.chat): Gemma's is the sha256 llama.cpp's Git LFS pointer of
    # models/templates/google-gemma-2-2b-it.jinja pins (591 bytes); Llama 3 Instruct's no upstream pins as a
    # file: the chat_template string of Meta-Llama-3-8B-Instruct's tokenizer_config.json, written out as is.
    "gemma/chat_template.jinja": "ecd6ae513fe103f0eb62e8ab5bfa8d0fe45c1074fa398b089c93a7e70c15cfd6",
    "llama-3/chat_template.jinja": "ba03a121d097859c7b5b9cd03af99aafe95275210d2876f642ad9929a150f122",
}
# The sha256 of ../shared/glitch-tokens/undertrained.json, the file its README describes.
UNDERTRAINED = {"undertrained/undertrained.json": "a79140f51c078c9a3411ca4c43490efd969fad589efe9f0f8b25df40daa858e1"}
FLORES = ["arb_Arab", "deu_Latn", "eng_Latn", "hin_Deva", "jpn_Jpan", "kor_Hang", "mya_Mymr", "rus_Cyrl",
          "spa_Latn", "swh_Latn", "tam_Taml", "zho_Hans"]


def test_manifest_pins_the_official_hashes():
    pinned = {name: e["sha256"] for name, e in assets.manifest().items()}
    # premium/ holds counts made here from these files (scripts/premium.py; tests/test_premium.py checks them)
    assert {name: h for name, h in pinned.items() if not name.startswith(("flores", "premium/"))} == OFFICIAL | UNDERTRAINED
    assert sorted(name for name in pinned if name.startswith("flores")) == [f"flores200-dev-200/{c}.txt" for c in FLORES]
    for entry in assets.manifest().values():
        assert entry["upstream"] and entry["license"]


def test_licenses_travel_with_the_files():
    for path in ("llama-2/LICENSE", "llama-2/USE_POLICY.md", "llama-3/LICENSE", "llama-3/USE_POLICY.md",
                 "flores200-dev-200/README.md", "undertrained/README.md"):
        assert (ROOT / "assets" / path).stat().st_size > 1000, path
    notice = (ROOT / "assets" / "NOTICE").read_text(encoding="utf-8")
    assert "Llama 2 is licensed under the LLAMA 2 Community License" in notice
    assert "Meta Llama 3 is licensed under the Meta Llama 3 Community License" in notice
    assert "Built with Meta Llama 3" in notice and "Gemma Terms of Use" in notice and "CC BY-SA 4.0" in notice


@pytest.mark.parametrize("code", FLORES)
def test_each_language_has_its_200_sentences(code):
    assert len(assets.verified_path(f"flores200-dev-200/{code}.txt").read_text(encoding="utf-8").splitlines()) == 200


@pytest.mark.parametrize("name", sorted(OFFICIAL | UNDERTRAINED))
def test_bundled_file_is_the_official_one(name):
    path = assets.verified_path(name)
    assert hashlib.sha256(path.read_bytes()).hexdigest() == (OFFICIAL | UNDERTRAINED)[name]


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
