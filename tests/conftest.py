"""Shared fixtures: the official libraries, loaded the official way, to check the playground against."""

from __future__ import annotations

import hashlib
import shutil
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # the lesson's scaffold (config.py, tokenizer.py, ...) lives at the root
sys.path.insert(0, str(ROOT / "bench"))  # serve.py: start the app on a free port, shared with the benchmarks

GPT2_URLS = {  # where tiktoken_ext.openai_public.gpt2() downloads from; the cache is keyed on sha1(url)
    "gpt2/vocab.bpe": "https://openaipublic.blob.core.windows.net/gpt-2/encodings/main/vocab.bpe",
    "gpt2/encoder.json": "https://openaipublic.blob.core.windows.net/gpt-2/encodings/main/encoder.json",
}


@pytest.fixture(scope="session")
def official_gpt2(tmp_path_factory):
    """tiktoken.get_encoding("gpt2") itself, its download cache seeded from assets/ (no network)."""
    import os

    import tiktoken
    import tiktoken.registry

    cache = tmp_path_factory.mktemp("tiktoken-cache")
    for name, url in GPT2_URLS.items():
        shutil.copy(ROOT / "assets" / name, cache / hashlib.sha1(url.encode()).hexdigest())
    old = os.environ.get("TIKTOKEN_CACHE_DIR")
    os.environ["TIKTOKEN_CACHE_DIR"] = str(cache)
    try:
        tiktoken.registry.ENCODINGS.pop("gpt2", None)
        return tiktoken.get_encoding("gpt2")
    finally:
        if old is None:
            del os.environ["TIKTOKEN_CACHE_DIR"]
        else:
            os.environ["TIKTOKEN_CACHE_DIR"] = old


@pytest.fixture(scope="session")
def official_bert():
    """bert-base-uncased built a second, independent way: tokenizers' own BertWordPieceTokenizer."""
    from tokenizers import BertWordPieceTokenizer

    tok = BertWordPieceTokenizer(str(ROOT / "assets" / "bert-base-uncased" / "vocab.txt"), lowercase=True)
    tok._tokenizer.encode_special_tokens = True  # typed "[CLS]" is text, as in the playground (no public setter)
    return tok


@pytest.fixture(scope="session")
def official_llama():
    import sentencepiece

    return sentencepiece.SentencePieceProcessor(model_file=str(ROOT / "assets" / "llama-2" / "tokenizer.model"))
