"""Llama 2's SentencePiece (BPE with byte fallback), through sentencepiece, from the bundled model."""

from __future__ import annotations

import sentencepiece

from playground.assets import verified_path
from playground.base import TokenColumns, Tokenizer, hex_bytes
from playground.spans import spans_from_byte_lengths

SPACE_MARK = "\u2581"  # "▁": how SentencePiece writes a space inside a piece


class LlamaTokenizer(Tokenizer):
    name = "llama"
    label = "Llama 2 SentencePiece"
    library = "sentencepiece"
    vocab_size = 32000
    unk_id = 0  # <unk>: never produced, since byte fallback spells any character in bytes

    def __init__(self) -> None:
        self._sp = sentencepiece.SentencePieceProcessor(
            model_file=str(verified_path("llama-2/tokenizer.model"))
        )
        sp = self._sp
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
        # Llama's normaliser is the identity, but SentencePiece adds a "dummy prefix" space
        # before any non-empty text, and reads a typed "▁" as a space. So the tokens' bytes
        # spell " " + text with "▁" as " "; that swap keeps every character index the same.
        spelled = text.replace(SPACE_MARK, " ")
        starts, ends, partial = spans_from_byte_lengths(
            spelled, [self._byte_lengths[i] for i in ids], skip_bytes=1 if text else 0
        )
        is_special = [False] * len(ids)
        if special:  # <s> (BOS) before the text, covering no character
            ids, starts, ends = [self._sp.bos_id(), *ids], [0, *starts], [0, *ends]
            partial, is_special = [False, *partial], [True, *is_special]
        return TokenColumns(ids, starts, ends, partial, is_special)
