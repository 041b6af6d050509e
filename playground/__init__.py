"""The tokenizer playground: GPT-2, BERT and Llama 2 tokenizers side by side, exact and offline."""

from playground.compare import TOKENIZER_NAMES, compare, get_tokenizer

__all__ = ["TOKENIZER_NAMES", "compare", "get_tokenizer"]
