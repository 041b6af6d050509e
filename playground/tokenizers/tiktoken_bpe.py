"""Byte-level BPE through tiktoken: the family of GPT-2 (gpt2.py), GPT-4's cl100k_base and GPT-4o's o200k_base.

All three split text with a regex, then merge bytes by rank. A token stands for bytes, so it
may hold part of a character; its span is found from its byte length (spans.py). tiktoken's
rank files have no printable pieces, so pieces are spelled the way GPT-2's vocabulary spells
them (a space as "Ġ", a newline as "Ċ").
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from functools import cache

import tiktoken
import tiktoken_ext.openai_public as openai_public
from tiktoken.load import load_tiktoken_bpe

from playground.tokenizers.assets import verified_path
from playground.tokenizers.base import TokenColumns, Tokenizer, hex_bytes
from playground.tokenizers.spans import spans_from_byte_lengths


@contextmanager
def tiktoken_cache_off() -> Iterator[None]:
    """tiktoken copies even local files into its cache (by default /tmp/data-gym-cache); ours are
    bundled and hashed already, so the copy would only be a file the app leaves behind."""
    old = os.environ.get("TIKTOKEN_CACHE_DIR")
    os.environ["TIKTOKEN_CACHE_DIR"] = ""  # tiktoken reads "" as "do not cache"
    try:
        yield
    finally:
        if old is None:
            del os.environ["TIKTOKEN_CACHE_DIR"]
        else:
            os.environ["TIKTOKEN_CACHE_DIR"] = old


@cache
def gpt2_byte_spelling() -> dict[int, str]:
    """Byte -> the printable character GPT-2's vocabulary writes it as: printable bytes as
    themselves, the others (space, control bytes, ...) as chr(256 + n) in order, so " " is "Ġ"."""
    printable = [b for b in range(256) if chr(b).isprintable() and chr(b) != " "]
    spelling = {b: chr(b) for b in printable}
    others = [b for b in range(256) if b not in spelling]
    spelling.update({b: chr(256 + n) for n, b in enumerate(others)})
    return spelling


def spell(data: bytes) -> str:
    """b" world" -> "Ġworld"."""
    spelling = gpt2_byte_spelling()
    return "".join(spelling[b] for b in data)


_constructor_lock = threading.Lock()


def _openai_constructor(constructor: str, ranks: Callable[[], dict[bytes, int]]) -> dict:
    """tiktoken's own spec of encoding `constructor`, its ranks from ranks() instead of downloaded."""
    with _constructor_lock, tiktoken_cache_off():
        download = openai_public.load_tiktoken_bpe
        openai_public.load_tiktoken_bpe = lambda url, expected_hash: ranks()
        try:
            return openai_public.ENCODING_CONSTRUCTORS[constructor]()
        finally:
            openai_public.load_tiktoken_bpe = download


def openai_spec(constructor: str, path: str) -> dict:
    """tiktoken's own spec of encoding `constructor` ("cl100k_base", "o200k_base", "r50k_base"), its ranks
    read from the file at `path` instead of downloaded: the pattern and special tokens are tiktoken's, never
    copied here. tiktoken checks OpenAI's hash only of what it caches, and its cache is off here: a rank file
    of one's own reads as well (register_tokenizer); the bundled ones are checked by verified_path."""
    return _openai_constructor(constructor, lambda: load_tiktoken_bpe(path))


def twin_options(constructor: str) -> dict:
    """What the browser twin (tiktoken_bpe.js) takes from tiktoken's spec of `constructor`: its split
    pattern and special tokens, read without the ranks (the twin fetches those as a file)."""
    spec = _openai_constructor(constructor, dict)
    return {"pat_str": spec["pat_str"], "special_tokens": spec["special_tokens"]}


def openai_encoding(constructor: str, asset: str) -> tiktoken.Encoding:
    """tiktoken's own encoding `constructor`, its ranks read from the bundled file `asset`."""
    return tiktoken.Encoding(**openai_spec(constructor, str(verified_path(asset))))


# The split patterns a rank file of one's own may name (register_tokenizer's "path.tiktoken:cl100k"),
# and the tiktoken encoding each is taken from.
SPLIT_PATTERNS = {"gpt2": "r50k_base", "cl100k": "cl100k_base", "o200k": "o200k_base"}


def rank_file_encoding(path: str, pattern: str) -> tiktoken.Encoding:
    """A rank file of one's own ("base64-token rank" per line), split with tiktoken's pattern `pattern`
    (a key of SPLIT_PATTERNS). No special tokens: the file does not name any."""
    spec = openai_spec(SPLIT_PATTERNS[pattern], path)
    return tiktoken.Encoding(name=os.path.basename(path), pat_str=spec["pat_str"],
                             mergeable_ranks=spec["mergeable_ranks"], special_tokens={})


def rank_file_twin(path: str, pattern: str) -> dict:
    """The browser twin of rank_file_encoding(path, pattern): the same file, pattern and (no) special tokens."""
    return {"family": "tiktoken_bpe", "files": {"ranks": path},
            "options": {"pat_str": twin_options(SPLIT_PATTERNS[pattern])["pat_str"], "special_tokens": {}}}


class TiktokenTokenizer(Tokenizer):
    """A tiktoken encoding as a playground tokenizer. Subclasses give the encoding; each piece is spelled from its
    bytes as GPT-2 wrote its vocabulary ("Ġworld"), a special token by its name."""

    library = "tiktoken"
    unk_id = None  # byte-level: every byte has a token, so nothing is unknown

    def __init__(self, encoding: tiktoken.Encoding) -> None:
        self._enc = encoding
        self.vocab_size = encoding.n_vocab
        token_bytes = [self._token_bytes(i) for i in range(self.vocab_size)]
        self._byte_lengths = [len(b) for b in token_bytes]
        self._bytes_hex = [hex_bytes(b) for b in token_bytes]
        special = {i: s for s, i in encoding._special_tokens.items()}
        self._pieces = [special.get(i) or spell(b) for i, b in enumerate(token_bytes)]

    def _token_bytes(self, token_id: int) -> bytes:
        """What id stands for; b"" for a special token or an id the encoding skips (cl100k has gaps)."""
        if token_id in self._enc._special_tokens.values():
            return b""
        try:
            return self._enc.decode_single_token_bytes(token_id)
        except KeyError:
            return b""

    def encode(self, text: str) -> list[int]:
        # encode_ordinary: "<|endoftext|>" typed by a person is text, not the special token.
        return self._enc.encode_ordinary(text)

    def decode(self, ids: list[int]) -> str:
        return self._enc.decode(ids)

    def columns(self, text: str, special: bool = False) -> TokenColumns:
        # These encodings add no special tokens around a text, so `special` changes nothing here.
        ids = self.encode(text)
        starts, ends, partial = spans_from_byte_lengths(text, [self._byte_lengths[i] for i in ids])
        return TokenColumns(ids, starts, ends, partial, [False] * len(ids))


class GPT4Tokenizer(TiktokenTokenizer):
    name = "gpt4"
    label = "GPT-4 cl100k_base"
    twin = {"family": "tiktoken_bpe", "files": {"ranks": "cl100k/cl100k_base.tiktoken"},
            "options": twin_options("cl100k_base")}

    def __init__(self) -> None:
        super().__init__(openai_encoding("cl100k_base", "cl100k/cl100k_base.tiktoken"))


class GPT4oTokenizer(TiktokenTokenizer):
    name = "gpt4o"
    label = "GPT-4o o200k_base"
    twin = {"family": "tiktoken_bpe", "files": {"ranks": "o200k/o200k_base.tiktoken"},
            "options": twin_options("o200k_base")}

    def __init__(self) -> None:
        super().__init__(openai_encoding("o200k_base", "o200k/o200k_base.tiktoken"))
