"""Any Hugging Face tokenizer.json, through the tokenizers library: BPE (byte-level like Llama 3's, or
with byte fallback), WordPiece, Unigram or WordLevel (llama3.py, and register_tokenizer).

Ids, offsets and special tokens are the library's own. Spans: a byte-level BPE with no normaliser
covers the text's UTF-8 bytes exactly, so its spans come from each token's byte length (a token
may hold part of a character, as GPT-2's do); any other model's come from the library's offsets,
and a <0x..> byte-fallback piece of a longer character is partial.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

from playground.tokenizers.base import TokenColumns, Tokenizer, hex_bytes
from playground.tokenizers.spans import spans_from_byte_lengths
from playground.tokenizers.tiktoken_bpe import gpt2_byte_spelling

BYTE_PIECE = re.compile(r"<0x([0-9A-F]{2})>")  # a byte-fallback piece: "<0xE0>" stands for the byte E0
SPACE_MARK = "\u2581"  # "▁": how Metaspace (SentencePiece-style) pieces write a space


class TokenizersTokenizer(Tokenizer):
    """A tokenizer.json as a playground tokenizer; the bundled one names its file (llama3.py)."""

    library = "tokenizers"

    def __init__(self, path: Path) -> None:
        from tokenizers import Tokenizer as HFTokenizer  # a Rust library: only a process that uses it loads it

        # From the file itself: no transformers class that could ignore it (the vocab_file trap).
        self._tok = HFTokenizer.from_file(str(path))
        self._tok.encode_special_tokens = True  # "<|begin_of_text|>" typed by a person is text
        self.model = type(self._tok.model).__name__  # "BPE", "WordPiece", "Unigram" or "WordLevel"
        self.byte_level = type(self._tok.decoder).__name__ == "ByteLevel"
        unk = getattr(self._tok.model, "unk_token", None)
        self.unk_id = self._tok.token_to_id(unk) if unk else None
        self.vocab_size = self._tok.get_vocab_size(with_added_tokens=True)
        self._pieces = [self._tok.id_to_token(i) or "" for i in range(self.vocab_size)]
        added = self._tok.get_added_tokens_decoder()  # id -> AddedToken: matched as typed, before the model
        unspell = {ch: b for b, ch in gpt2_byte_spelling().items()} if self.byte_level else {}
        token_bytes = [b"" if i in added and added[i].special
                       else added[i].content.encode("utf-8") if i in added
                       else self._piece_bytes(piece, unspell) for i, piece in enumerate(self._pieces)]
        self._byte_lengths = [len(b) for b in token_bytes]
        self._bytes_hex = [hex_bytes(b) for b in token_bytes]
        self._byte_pieces = {i for i, piece in enumerate(self._pieces) if BYTE_PIECE.fullmatch(piece)}
        self._spans_from_bytes = self.byte_level and self._tok.normalizer is None

    def _piece_bytes(self, piece: str, unspell: dict[str, int]) -> bytes:
        """What a vocabulary entry stands for: GPT-2-spelled bytes ("Ġ" -> 0x20, for a byte-level model),
        a <0x..> byte, or text ("▁" a space)."""
        if unspell and all(ch in unspell for ch in piece):
            return bytes(unspell[ch] for ch in piece)
        if match := BYTE_PIECE.fullmatch(piece):
            return bytes([int(match[1], 16)])
        prefix = getattr(self._tok.model, "continuing_subword_prefix", None) or ""
        return (piece.removeprefix(prefix) if prefix else piece).replace(SPACE_MARK, " ").encode("utf-8")

    def file_twin(self, path: str) -> dict | None:
        """The browser twin of the tokenizer.json at path (register_tokenizer), or None. hf_tokenizers.js runs
        this same Rust crate, so it is exact where its own steps are: spans from byte lengths (a byte-level BPE
        with no normaliser), no special tokens added (this post-processor adds none), and the added tokens the
        model lacks handed to the crate as model entries under the file's ids (its build cannot be told
        encode_special_tokens): so the model must never emit one (none a single character, none the
        pre-tokeniser cuts out whole where the model ignores merges), and the file's ids must be the ones
        the library gave."""
        with_specials = self._tok.encode("a", add_special_tokens=True)
        if not (self._spans_from_bytes and self.model == "BPE" and with_specials.ids == self.encode("a")
                and not any(with_specials.special_tokens_mask)):
            return None
        in_model = self._tok.get_vocab(with_added_tokens=False)
        added = self._tok.get_added_tokens_decoder()
        in_file = {token["id"]: token["content"] for token in json.loads(Path(path).read_bytes())["added_tokens"]}
        if in_file != {i: token.content for i, token in added.items()}:
            return None
        pre_tokenizer = self._tok.pre_tokenizer
        for token in added.values():
            words = [w for w, _ in pre_tokenizer.pre_tokenize_str(token.content)] if pre_tokenizer else [token.content]
            if token.content not in in_model and (len(token.content) < 2 or (
                    self._tok.model.ignore_merges and words == [token.content])):
                return None
        return {"family": "hf_tokenizers", "files": {"tokenizer": path}}

    def encode(self, text: str) -> list[int]:
        return self._tok.encode(text, add_special_tokens=False).ids

    def decode(self, ids: list[int]) -> str:
        return self._tok.decode(ids, skip_special_tokens=False)

    def columns(self, text: str, special: bool = False) -> TokenColumns:
        if self._spans_from_bytes and not special:  # the common case, vectorised: no loop per token
            ids = self.encode(text)
            starts, ends, partial = spans_from_byte_lengths(text, [self._byte_lengths[i] for i in ids])
            return TokenColumns(ids, starts, ends, partial, [False] * len(ids))
        enc = self._tok.encode(text, add_special_tokens=special)  # the post-processor adds the special tokens
        ids, is_special = enc.ids, [bool(m) for m in enc.special_tokens_mask]
        if self._spans_from_bytes:
            byte_spans = iter(zip(*spans_from_byte_lengths(
                text, [self._byte_lengths[i] for i, sp in zip(ids, is_special) if not sp])))
        starts, ends, partial, end = [], [], [], 0
        for i, sp, (s, e) in zip(ids, is_special, enc.offsets):
            if sp:  # [CLS] or <s> where the text has not started yet, [SEP] where it has ended
                s, e, p = end, end, False
            elif self._spans_from_bytes:
                s, e, p = next(byte_spans)
            else:
                p = i in self._byte_pieces and len(text[s:e].encode("utf-8")) > 1
            starts.append(s), ends.append(e), partial.append(p)
            end = e
        return TokenColumns(ids, starts, ends, partial, is_special)

