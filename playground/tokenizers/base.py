"""The one small interface every tokenizer family in the playground implements.

A family (tiktoken_bpe.py, bert.py, sentencepiece_bpe.py, hf_tokenizers.py) wraps the official library
and answers three questions: which ids (encode), what text do ids give back (decode), and which characters
of the input each token covers (tokens). Everything it returns is plain dicts and lists, so the same result
feeds the terminal, the web page and the JSON API.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from itertools import islice
from typing import NamedTuple, TypedDict

from playground.tokenizers.undertrained import Undertrained, has_data, undertrained_marks


class Token(TypedDict):
    id: int  # the vocabulary id the model sees
    piece: str  # the vocabulary entry as the tokenizer stores it: "Ġworld", "##ing", "▁world", "<0xE0>", "[UNK]"
    text: str  # input[start:end], the characters the token covers
    start: int  # span [start, end) in the input, in characters (Python str indices)
    end: int
    bytes_hex: str  # the bytes the vocabulary entry stands for, "E0 A4"; "" for special and unknown tokens
    partial: bool  # True when the token holds only part of a character's UTF-8 bytes
    special: bool  # True for [CLS], [SEP], <s>, added only when special tokens are asked for
    undertrained: Undertrained | None  # the paper's figures if this id is on its model's list ("Fishing for Magikarp")


class TokenColumns(NamedTuple):
    """Every token of a text as parallel columns: cheap to build for 100,000 tokens, where a dict
    per token is not. Token k is ids[k] over text[starts[k]:ends[k]]."""

    ids: list[int]
    starts: list[int]
    ends: list[int]
    partial: list[bool]  # True when the token holds only part of a character's UTF-8 bytes
    special: list[bool]  # True for [CLS], [SEP], <s>, added only when special tokens are asked for


def hex_bytes(data: bytes) -> str:
    """b"\\xe0\\xa4" -> "E0 A4", the way the playground shows bytes."""
    return data.hex(" ").upper()


class Tokenizer(ABC):
    name: str  # "gpt2", "bert", "llama": the key used in compare() and the web page
    label: str  # what a lecturer calls it: "GPT-2 byte-level BPE"
    library: str  # the official library doing the work
    model: str = "BPE"  # the algorithm: "BPE", "WordPiece", "Unigram" or "WordLevel" (replay follows it)
    vocab_size: int  # ids are in [0, vocab_size)
    unk_id: int | None  # the unknown-token id, or None where the vocabulary has none
    normalizes: bool = False  # True if it rewrites text before splitting (BERT lowercases): show pieces, not text
    _pieces: list[str]  # id -> vocabulary entry, filled in by each family's __init__
    _bytes_hex: list[str]  # id -> hex_bytes() of what the entry stands for

    @abstractmethod
    def encode(self, text: str) -> list[int]:
        """Ids of text, no special tokens: exactly the official library's answer."""

    @abstractmethod
    def decode(self, ids: list[int]) -> str:
        """The text the official library gives back for ids."""

    @abstractmethod
    def columns(self, text: str, special: bool = False) -> TokenColumns:
        """Every token of text in order, with its span; special tokens added when asked."""

    def tokens(self, text: str, special: bool = False, limit: int | None = None) -> list[Token]:
        """The first `limit` tokens of text (all by default) as dicts."""
        return self.token_dicts(text, self.columns(text, special), limit)

    def token_dicts(self, text: str, columns: TokenColumns, limit: int | None = None) -> list[Token]:
        """Token dicts from columns, the first `limit` of them; the per-id fields come from lookup tables."""
        pieces, hexes, marks = self._pieces, self._bytes_hex, undertrained_marks(self.name)
        return [
            {"id": i, "piece": pieces[i], "text": text[s:e], "start": s, "end": e,
             "bytes_hex": hexes[i], "partial": p, "special": sp, "undertrained": marks.get(i)}
            for i, s, e, p, sp in islice(zip(*columns), limit)
        ]

    def describe(self, text: str, special: bool = False, token_limit: int | None = None) -> dict:
        """The tokens and the per-tokenizer figures the playground shows.

        `tokens` holds the first token_limit tokens as dicts (all by default); `ids`,
        `starts` and `ends` always cover every token, and every count is for all of them.
        `undertrained_count` is how many tokens are on the paper's under-trained list for this
        model, or None when no list is published for it.
        """
        columns = self.columns(text, special)
        ids = columns.ids
        decoded = self.decode(ids if not special else [i for i, sp in zip(ids, columns.special) if not sp])
        return {
            "name": self.name,
            "label": self.label,
            "library": self.library,
            "vocab_size": self.vocab_size,
            "normalizes": self.normalizes,
            "ids": ids,
            "starts": columns.starts,
            "ends": columns.ends,
            "count": len(ids),
            "tokens": self.token_dicts(text, columns, token_limit),
            "chars": len(text),
            "bytes": len(text.encode("utf-8")),
            "chars_per_token": round(len(text) / len(ids), 2) if ids else None,
            "unk_count": ids.count(self.unk_id) if self.unk_id is not None else 0,
            "undertrained_count": sum(map(undertrained_marks(self.name).__contains__, ids))
            if has_data(self.name) else None,
            "decoded": decoded,
            "lossless": decoded == text,
        }
