"""compare(): one text through several tokenizers, the playground's public interface; and which
tokenizers there are: the eight built-in ones, then any added with register_tokenizer (from_file.py)."""

from __future__ import annotations

import importlib
import reprlib
import threading

from playground.tokenizers.base import Tokenizer
from playground.tokenizers.spans import replace_lone_surrogates

# Every tokenizer, in display order, and where its family lives. Each is imported and loaded on
# first use: transformers alone takes over a second to import, Gemma's vocabulary is 256,000
# pieces, and a page that shows the lesson's three should not wait for the other five.
TOKENIZER_CLASSES = {
    "gpt2": ("playground.tokenizers.gpt2", "GPT2Tokenizer"),
    "bert": ("playground.tokenizers.bert", "BertTokenizer"),
    "llama": ("playground.tokenizers.sentencepiece_bpe", "LlamaTokenizer"),
    "gpt4": ("playground.tokenizers.tiktoken_bpe", "GPT4Tokenizer"),
    "gpt4o": ("playground.tokenizers.tiktoken_bpe", "GPT4oTokenizer"),
    "llama3": ("playground.tokenizers.llama3", "Llama3Tokenizer"),
    "mistral": ("playground.tokenizers.sentencepiece_bpe", "MistralTokenizer"),
    "gemma": ("playground.tokenizers.sentencepiece_bpe", "GemmaTokenizer"),
}
TOKENIZER_NAMES = tuple(TOKENIZER_CLASSES)  # the built-in eight; tokenizer_names() adds the registered ones
DEFAULT_TOKENIZERS = ("gpt2", "bert", "llama")  # the lesson's three

_loaded: dict[str, Tokenizer] = {}
_load_lock = threading.Lock()  # many users' first requests may arrive at once: load each family once
# name -> (the source as given, the local file a fresh process registers it from): register_tokenizer's.
_registered: dict[str, tuple[str, str]] = {}


def tokenizer_names() -> tuple[str, ...]:
    """Every tokenizer this process knows: the eight built-in ones, then the registered ones in order."""
    return TOKENIZER_NAMES + tuple(_registered)


def tokenizer_class(name: str) -> type[Tokenizer]:
    """The class of built-in tokenizer `name`, imported but not loaded: its label costs no vocabulary."""
    module, cls = TOKENIZER_CLASSES[name]
    return getattr(importlib.import_module(module), cls)


def tokenizer_label(name: str) -> str:
    """What the page calls tokenizer `name`, without loading a built-in one's vocabulary."""
    return _loaded[name].label if name in _registered else tokenizer_class(name).label


def add_tokenizer(tokenizer: Tokenizer, source: str, local: str) -> None:
    """Make a loaded tokenizer known under tokenizer.name (register_tokenizer checks it first)."""
    with _load_lock:
        _loaded[tokenizer.name] = tokenizer
        _registered[tokenizer.name] = (source, local)


def registered_source(name: str) -> str | None:
    """The source `name` was registered from, or None."""
    return _registered[name][0] if name in _registered else None


def registrations() -> list[tuple[str, str, str]]:
    """(name, local file, label) of each registered tokenizer: what a fresh process needs to add them too."""
    return [(name, local, _loaded[name].label) for name, (_, local) in _registered.items()]


def get_tokenizer(name: str) -> Tokenizer:
    """The shared, read-only tokenizer called `name` (one of tokenizer_names())."""
    tokenizer = _loaded.get(name)
    if tokenizer is None:
        if name not in TOKENIZER_CLASSES:
            raise ValueError(f"unknown tokenizer {name!r}; choose one of {', '.join(tokenizer_names())}")
        with _load_lock:
            if name not in _loaded:
                _loaded[name] = tokenizer_class(name)()
            tokenizer = _loaded[name]
    return tokenizer


def check_tokenizers(names, repeats: bool = False) -> tuple[str, ...]:
    """names as a tuple of known tokenizer names, or a ValueError saying what is wrong.

    A list is never longer than the registry, so the work of one call is bounded by its text, not
    by how many names it lists; and each name is there once, unless `repeats` (the page's three
    panels may show the same tokenizer twice: compare() works on each name once).
    """
    known = tokenizer_names()  # read at call time: tokenizers registered at launch count too
    names = (names,) if isinstance(names, str) else tuple(names) if isinstance(names, (list, tuple)) else None
    if names is None:
        raise ValueError(f"tokenizers must be a list of names; choose from {', '.join(known)}")
    if not names:
        raise ValueError(f"the list of tokenizers is empty; choose from {', '.join(known)}")
    if len(names) > len(known):
        raise ValueError(f"{len(names):,} tokenizers asked for; at most {len(known)}, each once: {', '.join(known)}")
    unknown = [n for n in names if not isinstance(n, str) or n not in known]
    if unknown:
        raise ValueError(f"unknown tokenizer {reprlib.repr(unknown[0])}; choose from {', '.join(known)}")
    repeated = next((n for k, n in enumerate(names) if n in names[:k]), None)
    if repeated is not None and not repeats:
        raise ValueError(f"tokenizer {repeated!r} is asked for twice; name each at most once")
    return names


def compare(text: str, special: bool = False, token_limit: int | None = None,
            tokenizers: tuple[str, ...] = DEFAULT_TOKENIZERS) -> dict:
    """Tokenize text with several tokenizers side by side: GPT-2, BERT and Llama 2 by default.

    Returns {"text", "chars", "bytes", "replaced_surrogates", "special",
    "tokenizers": [...]}, one per name in `tokenizers`, in that order, each a dict from Tokenizer.describe():
    its ids, starts and ends (exact character spans), its counts, and its tokens as
    dicts (the first token_limit of them, if given; all by default). `text` is the
    input as tokenized: lone surrogates, which UTF-8 cannot hold, become U+FFFD
    (`replaced_surrogates` says how many). Special tokens ([CLS]/[SEP], <s>) are
    added only with special=True.

    Raises ValueError if text is not a str, or a tokenizer name is unknown.
    """
    if not isinstance(text, str):
        hint = " decode it first, e.g. data.decode('utf-8')" if isinstance(text, (bytes, bytearray)) else ""
        raise ValueError(f"compare() takes text as a str, got {type(text).__name__};{hint or ' pass a str'}")
    tokenizers = check_tokenizers(tokenizers, repeats=True)
    text, replaced = replace_lone_surrogates(text)
    described = {name: get_tokenizer(name).describe(text, special, token_limit) for name in dict.fromkeys(tokenizers)}
    return {
        "text": text,
        "chars": len(text),
        "bytes": len(text.encode("utf-8")),
        "replaced_surrogates": replaced,
        "special": bool(special),
        "tokenizers": [described[name] for name in tokenizers],
    }
