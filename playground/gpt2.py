"""GPT-2's byte-level BPE, through tiktoken, from the bundled official files."""

from __future__ import annotations

import json
import os
from collections.abc import Iterator
from contextlib import contextmanager
from functools import cache

import tiktoken
from tiktoken.load import data_gym_to_mergeable_bpe_ranks
from tiktoken_ext.openai_public import ENDOFTEXT, r50k_pat_str

from playground.assets import manifest, verified_path
from playground.base import TokenColumns, Tokenizer, hex_bytes
from playground.spans import spans_from_byte_lengths

ENDOFTEXT_ID = 50256  # the one special token; typed text never produces it here


@contextmanager
def _tiktoken_cache_off() -> Iterator[None]:
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
def gpt2_encoding() -> tiktoken.Encoding:
    """The same encoding as tiktoken.get_encoding("gpt2"), built from assets/ with no network.

    It mirrors tiktoken_ext.openai_public.gpt2(), which would download these files.
    """
    vocab_bpe, encoder_json = "gpt2/vocab.bpe", "gpt2/encoder.json"
    with _tiktoken_cache_off():
        ranks = data_gym_to_mergeable_bpe_ranks(
            vocab_bpe_file=str(verified_path(vocab_bpe)),
            encoder_json_file=str(verified_path(encoder_json)),
            # tiktoken checks the hashes again as it reads the files.
            vocab_bpe_hash=manifest()[vocab_bpe]["sha256"],
            encoder_json_hash=manifest()[encoder_json]["sha256"],
        )
    return tiktoken.Encoding(
        name="gpt2",
        explicit_n_vocab=50257,
        pat_str=r50k_pat_str,  # tiktoken's own split pattern for "gpt2"
        mergeable_ranks=ranks,
        special_tokens={ENDOFTEXT: ENDOFTEXT_ID},
    )


class GPT2Tokenizer(Tokenizer):
    name = "gpt2"
    label = "GPT-2 byte-level BPE"
    library = "tiktoken"
    vocab_size = 50257
    unk_id = None  # byte-level: every byte has a token, so nothing is unknown

    def __init__(self) -> None:
        self._enc = gpt2_encoding()
        # id -> vocabulary entry as written in encoder.json ("Ġworld": bytes shown as printable characters).
        encoder = json.loads(verified_path("gpt2/encoder.json").read_text(encoding="utf-8"))
        self._pieces = [""] * self.vocab_size
        for piece, token_id in encoder.items():
            self._pieces[token_id] = piece
        token_bytes = [self._enc.decode_single_token_bytes(i) for i in range(self.vocab_size)]
        self._byte_lengths = [len(b) for b in token_bytes]
        self._bytes_hex = [hex_bytes(b) for b in token_bytes]

    def encode(self, text: str) -> list[int]:
        # encode_ordinary: "<|endoftext|>" typed by a person is text, not the special token.
        return self._enc.encode_ordinary(text)

    def decode(self, ids: list[int]) -> str:
        return self._enc.decode(ids)

    def columns(self, text: str, special: bool = False) -> TokenColumns:
        # GPT-2 adds no special tokens around a text, so `special` changes nothing here.
        ids = self.encode(text)
        starts, ends, partial = spans_from_byte_lengths(text, [self._byte_lengths[i] for i in ids])
        return TokenColumns(ids, starts, ends, partial, [False] * len(ids))
