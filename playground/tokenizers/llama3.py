"""Llama 3's byte-level BPE (128k), through Hugging Face tokenizers, from the bundled tokenizer.json.

Built with Meta Llama 3. Its first 100,256 tokens are cl100k's, rank for rank; Meta added
about 28,000 more, mostly for other languages. The file's post-processor adds no BOS, so
<|begin_of_text|> is put in front here when special tokens are asked for, as Meta's own
code does.
"""

from __future__ import annotations

from playground.tokenizers.assets import verified_path
from playground.tokenizers.base import TokenColumns
from playground.tokenizers.hf_tokenizers import TokenizersTokenizer

BEGIN_OF_TEXT = 128000  # <|begin_of_text|>


class Llama3Tokenizer(TokenizersTokenizer):
    name = "llama3"
    label = "Llama 3 byte-level BPE"
    twin = {"family": "hf_tokenizers", "files": {"tokenizer": "llama-3/tokenizer.json"},  # hf_tokenizers.js
            "options": {"begin_of_text": BEGIN_OF_TEXT}}

    def __init__(self) -> None:
        super().__init__(verified_path("llama-3/tokenizer.json"))

    def columns(self, text: str, special: bool = False) -> TokenColumns:
        ids, starts, ends, partial, is_special = super().columns(text)
        if special:  # <|begin_of_text|> before the text, covering no character
            ids, starts, ends = [BEGIN_OF_TEXT, *ids], [0, *starts], [0, *ends]
            partial, is_special = [False, *partial], [True, *is_special]
        return TokenColumns(ids, starts, ends, partial, is_special)
