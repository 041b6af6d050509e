"""The tokenizer playground: GPT-2, BERT, Llama 2 and five later tokenizers side by side, exact and offline."""

from playground.compare import DEFAULT_TOKENIZERS, TOKENIZER_NAMES, compare, get_tokenizer

__all__ = ["DEFAULT_TOKENIZERS", "TOKENIZER_NAMES", "compare", "get_tokenizer"]
