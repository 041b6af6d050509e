"""Llama 3's byte-level BPE (128k), through Hugging Face tokenizers, from the bundled tokenizer.json.

Built with Meta Llama 3. Its first 100,256 tokens are cl100k's, rank for rank; Meta added
about 28,000 more, mostly for other languages. The file's post-processor adds no BOS, so
<|begin_of_text|> is put in front here when special tokens are asked for, as Meta's own
code does.
"""

from __future__ import annotations

from playground.tokenizers.assets import verified_path
from playground.tokenizers.base import TokenColumns, Tokenizer, hex_bytes
from playground.tokenizers.spans import spans_from_byte_lengths
from playground.tokenizers.tiktoken_bpe import gpt2_byte_spelling

BEGIN_OF_TEXT = 128000  # <|begin_of_text|>


class Llama3Tokenizer(Tokenizer):
    name = "llama3"
    label = "Llama 3 byte-level BPE"
    library = "tokenizers"
    unk_id = None  # byte-level: nothing is unknown

    def __init__(self) -> None:
        from tokenizers import Tokenizer as HFTokenizer  # a Rust library: only a process that uses it loads it

        # From the file itself: no transformers class that could ignore it (the vocab_file trap).
        self._tok = HFTokenizer.from_file(str(verified_path("llama-3/tokenizer.json")))
        self._tok.encode_special_tokens = True  # "<|begin_of_text|>" typed by a person is text
        self.vocab_size = self._tok.get_vocab_size(with_added_tokens=True)
        unspell = {ch: b for b, ch in gpt2_byte_spelling().items()}
        special = {token.content for token in self._tok.get_added_tokens_decoder().values() if token.special}
        self._pieces = [self._tok.id_to_token(i) or "" for i in range(self.vocab_size)]
        token_bytes = [b"" if piece in special else bytes(unspell[ch] for ch in piece) for piece in self._pieces]
        self._byte_lengths = [len(b) for b in token_bytes]
        self._bytes_hex = [hex_bytes(b) for b in token_bytes]

    def encode(self, text: str) -> list[int]:
        return self._tok.encode(text, add_special_tokens=False).ids

    def decode(self, ids: list[int]) -> str:
        return self._tok.decode(ids, skip_special_tokens=False)

    def columns(self, text: str, special: bool = False) -> TokenColumns:
        ids = self.encode(text)
        starts, ends, partial = spans_from_byte_lengths(text, [self._byte_lengths[i] for i in ids])
        is_special = [False] * len(ids)
        if special:  # <|begin_of_text|> before the text, covering no character
            ids, starts, ends = [BEGIN_OF_TEXT, *ids], [0, *starts], [0, *ends]
            partial, is_special = [False, *partial], [True, *is_special]
        return TokenColumns(ids, starts, ends, partial, is_special)
