# tokenizer.py: text <-> GPT-2 token ids, the single import path the model uses.
#
# The lesson writes `_enc = tiktoken.get_encoding("gpt2")`, which downloads GPT-2's
# vocabulary on first use. We build the very same encoding from the official files
# bundled in assets/ (sha256-checked), so this works in a lecture hall with no wifi.

from playground.tokenizers.gpt2 import gpt2_encoding

_enc = gpt2_encoding()


def encode(text: str) -> list[int]:
    """Map a string to a list of token ids in [0, 50257)."""
    # encode_ordinary: "<|endoftext|>" in the text is encoded as ordinary text.
    # (tiktoken's plain encode() would raise on it.)
    return _enc.encode_ordinary(text)


def decode(ids: list[int]) -> str:
    """Map token ids back to a string."""
    return _enc.decode(ids)


def vocab_size() -> int:
    return _enc.n_vocab  # 50257
