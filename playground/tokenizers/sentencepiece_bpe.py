"""SentencePiece BPE with byte fallback, through sentencepiece: Llama 2, Mistral 7B and Gemma.

Each starts from characters (a space written "▁"), merges pieces by score, and spells any
character it has no piece for in <0x..> byte pieces. Llama 2 and Mistral put a "dummy
prefix" space before the text; Gemma does not.
"""

from __future__ import annotations

import sentencepiece

from playground.tokenizers.assets import verified_path
from playground.tokenizers.base import TokenColumns, Tokenizer, hex_bytes
from playground.tokenizers.spans import spans_from_byte_lengths

SPACE_MARK = "\u2581"  # "▁": how SentencePiece writes a space inside a piece


class SentencePieceTokenizer(Tokenizer):
    """A SentencePiece model as a playground tokenizer. Subclasses name the model file."""

    library = "sentencepiece"
    model_file: str  # in assets/

    def __init__(self) -> None:
        self._sp = sentencepiece.SentencePieceProcessor(model_file=str(verified_path(self.model_file)))
        sp = self._sp
        self.vocab_size = sp.get_piece_size()
        self.unk_id = sp.unk_id()  # never produced: byte fallback spells any character in bytes
        # Whether the model puts a space before the text, read off the model: "a" -> "▁a" or "a".
        self._dummy_prefix = sp.encode("a", out_type=str)[0].startswith(SPACE_MARK)
        self._pieces = [sp.id_to_piece(i) for i in range(self.vocab_size)]
        token_bytes = [
            b"" if sp.is_control(i) or sp.is_unknown(i)
            else bytes([int(piece[3:5], 16)]) if sp.is_byte(i)  # "<0xE0>" stands for the byte E0
            else piece.replace(SPACE_MARK, " ").encode("utf-8")
            for i, piece in enumerate(self._pieces)
        ]
        self._byte_lengths = [len(b) for b in token_bytes]
        self._bytes_hex = [hex_bytes(b) for b in token_bytes]

    def encode(self, text: str) -> list[int]:
        return self._sp.encode(text)

    def decode(self, ids: list[int]) -> str:
        return self._sp.decode(ids)

    def columns(self, text: str, special: bool = False) -> TokenColumns:
        ids = self.encode(text)
        # These normalisers are the identity, but SentencePiece reads a typed "▁" as a space (and
        # Llama and Mistral add a dummy-prefix space before any non-empty text). So the tokens'
        # bytes spell text with "▁" as " "; that swap keeps every character index the same.
        spelled = text.replace(SPACE_MARK, " ")
        starts, ends, partial = spans_from_byte_lengths(
            spelled, [self._byte_lengths[i] for i in ids], skip_bytes=1 if text and self._dummy_prefix else 0
        )
        is_special = [False] * len(ids)
        if special:  # <s> or <bos> before the text, covering no character
            ids, starts, ends = [self._sp.bos_id(), *ids], [0, *starts], [0, *ends]
            partial, is_special = [False, *partial], [True, *is_special]
        return TokenColumns(ids, starts, ends, partial, is_special)


class LlamaTokenizer(SentencePieceTokenizer):
    name = "llama"
    label = "Llama 2 SentencePiece"
    model_file = "llama-2/tokenizer.model"


class MistralTokenizer(SentencePieceTokenizer):
    name = "mistral"
    label = "Mistral 7B SentencePiece"
    model_file = "mistral/tokenizer.model"


class GemmaTokenizer(SentencePieceTokenizer):
    name = "gemma"
    label = "Gemma SentencePiece"
    model_file = "gemma/tokenizer.model"
