"""compare(): one text through all three tokenizers, the playground's public interface."""

from __future__ import annotations

import importlib
import threading

from playground.base import Tokenizer
from playground.spans import replace_lone_surrogates

# Display order, and where each family lives. Imported on first use: transformers alone
# takes over a second to import, and a page should not wait for that to appear.
TOKENIZER_CLASSES = {
    "gpt2": ("playground.gpt2", "GPT2Tokenizer"),
    "bert": ("playground.bert", "BertTokenizer"),
    "llama": ("playground.llama", "LlamaTokenizer"),
}
TOKENIZER_NAMES = tuple(TOKENIZER_CLASSES)

_loaded: dict[str, Tokenizer] = {}
_load_lock = threading.Lock()  # many users' first requests may arrive at once: load each family once


def get_tokenizer(name: str) -> Tokenizer:
    """The shared, read-only tokenizer called `name` ("gpt2", "bert" or "llama")."""
    tokenizer = _loaded.get(name)
    if tokenizer is None:
        if name not in TOKENIZER_CLASSES:
            raise ValueError(f"unknown tokenizer {name!r}; choose one of {', '.join(TOKENIZER_NAMES)}")
        with _load_lock:
            if name not in _loaded:
                module, cls = TOKENIZER_CLASSES[name]
                _loaded[name] = getattr(importlib.import_module(module), cls)()
            tokenizer = _loaded[name]
    return tokenizer


def compare(text: str, special: bool = False, token_limit: int | None = None) -> dict:
    """Tokenize text with GPT-2, BERT and Llama 2, side by side.

    Returns {"text", "chars", "bytes", "replaced_surrogates", "special",
    "tokenizers": [gpt2, bert, llama]}, each tokenizer a dict from Tokenizer.describe():
    its ids, starts and ends (exact character spans), its counts, and its tokens as
    dicts (the first token_limit of them, if given; all by default). `text` is the
    input as tokenized: lone surrogates, which UTF-8 cannot hold, become U+FFFD
    (`replaced_surrogates` says how many). Special tokens ([CLS]/[SEP], <s>) are
    added only with special=True.

    Raises ValueError if text is not a str.
    """
    if not isinstance(text, str):
        hint = " decode it first, e.g. data.decode('utf-8')" if isinstance(text, (bytes, bytearray)) else ""
        raise ValueError(f"compare() takes text as a str, got {type(text).__name__};{hint or ' pass a str'}")
    text, replaced = replace_lone_surrogates(text)
    return {
        "text": text,
        "chars": len(text),
        "bytes": len(text.encode("utf-8")),
        "replaced_surrogates": replaced,
        "special": bool(special),
        "tokenizers": [get_tokenizer(name).describe(text, special, token_limit) for name in TOKENIZER_NAMES],
    }
