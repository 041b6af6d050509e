"""SentencePiece models, through sentencepiece: Llama 2, Mistral 7B and Gemma (BPE with byte fallback),
and any .model file, BPE or Unigram (register_tokenizer).

The three bundled ones start from characters (a space written "▁"), merge pieces by score, and spell
any character they have no piece for in <0x..> byte pieces. Llama 2 and Mistral put a "dummy
prefix" space before the text; Gemma does not. A Unigram model instead keeps the segmentation
whose pieces' scores (log-probabilities) add up to the most.
"""

from __future__ import annotations

import sentencepiece

from pathlib import Path

from playground.tokenizers.assets import verified_path
from playground.tokenizers.base import TokenColumns, Tokenizer, hex_bytes
from playground.tokenizers.spans import spans_from_byte_lengths

SPACE_MARK = "\u2581"  # "▁": how SentencePiece writes a space inside a piece


class SentencePieceTokenizer(Tokenizer):
    """A SentencePiece model as a playground tokenizer: the bundled ones name their file in assets/
    (model_file); register_tokenizer passes the path of any other."""

    library = "sentencepiece"
    model_file: str  # in assets/

    def __init__(self, path: Path | None = None) -> None:
        from sentencepiece import sentencepiece_model_pb2

        self._sp = sentencepiece.SentencePieceProcessor(model_file=str(path or verified_path(self.model_file)))
        sp = self._sp
        spec = sentencepiece_model_pb2.ModelProto.FromString(sp.serialized_model_proto())
        self.model = {spec.trainer_spec.BPE: "BPE", spec.trainer_spec.UNIGRAM: "Unigram"}.get(
            spec.trainer_spec.model_type, sentencepiece_model_pb2.TrainerSpec.ModelType.Name(spec.trainer_spec.model_type))
        # Spans from byte lengths (fast) hold only if the pieces spell the text itself: no normaliser
        # rewrites it, no run of spaces is squeezed to one (remove_extra_whitespaces, on by default even with
        # the identity), and no character falls to <unk>. Otherwise they come from sentencepiece's own offsets.
        normalizer = spec.normalizer_spec
        self._spans_from_bytes = (normalizer.name == "identity" and not normalizer.remove_extra_whitespaces
                                  and spec.trainer_spec.byte_fallback)
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

    def file_twin(self, path: str) -> dict | None:
        """The browser twin of this model read from the .model file at path (register_tokenizer), or None.
        sentencepiece_bpe.js has no offsets (its library binds none), so it spans from the pieces' bytes: it
        is exact only where this class does the same (identity normaliser keeping every space, byte fallback)."""
        return {"family": "sentencepiece_bpe", "files": {"model": path}} if self._spans_from_bytes else None

    def encode(self, text: str) -> list[int]:
        return self._sp.encode(text)

    def decode(self, ids: list[int]) -> str:
        return self._sp.decode(ids)

    def columns(self, text: str, special: bool = False) -> TokenColumns:
        if self._spans_from_bytes:
            ids, starts, ends, partial = self._byte_spans(text)
        else:
            ids, starts, ends, partial = self._library_spans(text)
        is_special = [False] * len(ids)
        if special:  # <s> or <bos> before the text, covering no character
            ids, starts, ends = [self._sp.bos_id(), *ids], [0, *starts], [0, *ends]
            partial, is_special = [False, *partial], [True, *is_special]
        return TokenColumns(ids, starts, ends, partial, is_special)

    def _byte_spans(self, text: str) -> tuple[list[int], list[int], list[int], list[bool]]:
        ids = self.encode(text)
        # These normalisers are the identity, but SentencePiece reads a typed "▁" as a space (and
        # Llama and Mistral add a dummy-prefix space before any non-empty text). So the tokens'
        # bytes spell text with "▁" as " "; that swap keeps every character index the same.
        spelled = text.replace(SPACE_MARK, " ")
        starts, ends, partial = spans_from_byte_lengths(
            spelled, [self._byte_lengths[i] for i in ids], skip_bytes=1 if text and self._dummy_prefix else 0
        )
        return ids, starts, ends, partial

    def _library_spans(self, text: str) -> tuple[list[int], list[int], list[int], list[bool]]:
        """Spans from sentencepiece's offset mapping, which follows its normaliser back to the text.

        It gives the last byte piece of a character the character's span and the others an empty
        one; here each of them gets the character's span, and is partial, as in _byte_spans.
        """
        mapping = self._sp.encode_as_offset_mapping(text)
        ids, offsets = mapping["ids"], mapping["offsets"]
        starts, ends = [s for s, _ in offsets], [e for _, e in offsets]
        partial = [False] * len(ids)
        for k in reversed(range(len(ids))):
            if self._sp.is_byte(ids[k]) and len(text[starts[k]:ends[k]].encode("utf-8")) != 1:
                if starts[k] == ends[k] and k + 1 < len(ids) and self._sp.is_byte(ids[k + 1]):
                    starts[k], ends[k] = starts[k + 1], ends[k + 1]
                partial[k] = len(text[starts[k]:ends[k]].encode("utf-8")) > 1
        return ids, starts, ends, partial


class LlamaTokenizer(SentencePieceTokenizer):
    name = "llama"
    label = "Llama 2 SentencePiece"
    model_file = "llama-2/tokenizer.model"
    twin = {"family": "sentencepiece_bpe", "files": {"model": model_file}}  # sentencepiece_bpe.js


class MistralTokenizer(SentencePieceTokenizer):
    name = "mistral"
    label = "Mistral 7B SentencePiece"
    model_file = "mistral/tokenizer.model"
    twin = {"family": "sentencepiece_bpe", "files": {"model": model_file}}  # sentencepiece_bpe.js


class GemmaTokenizer(SentencePieceTokenizer):
    name = "gemma"
    label = "Gemma SentencePiece"
    model_file = "gemma/tokenizer.model"
    twin = {"family": "sentencepiece_bpe", "files": {"model": model_file}}  # sentencepiece_bpe.js
