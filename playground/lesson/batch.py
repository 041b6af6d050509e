"""The lesson's batch: B windows of T consecutive GPT-2 ids cut from one text, as nanoGPT's training cuts them.

nanoGPT's get_batch (train.py) reads one long stream of ids and takes

    ix = torch.randint(len(data) - block_size, (batch_size,))
    x = torch.stack([data[i:i + block_size] for i in ix])          # (B, T): the input
    y = torch.stack([data[i + 1:i + 1 + block_size] for i in ix])  # (B, T): the targets, one id later

No padding and no sentence boundaries: every window is T real ids of the stream, from a random offset.
The targets y are why a block of T needs at least T + 1 ids. Here the offsets come from a private
torch.Generator seeded with `seed`, so (text, B, T, seed) gives the same batch on every machine, and a
student's own seeded experiment in the same process draws the same numbers as without it.

torch is imported lazily: a page that only tokenizes never waits for it.
"""

from __future__ import annotations

from numbers import Integral

from config import GPTConfig
from playground.lesson.embedding import BYTES_PER_FLOAT32, LESSON_BATCH, embedding_table
from playground.lesson.heavy_imports import HEAVY_IMPORTS
from playground.tokenizers.registry import get_tokenizer

BYTES_PER_INT64 = 8  # a token id as torch.long, what nn.Embedding takes
# T: GPT-2 has learned positions 0..1023 only (its position table is block_size rows), so a longer
# window could not be given positions in Lesson 3.
MAX_BLOCK_SIZE = GPTConfig().block_size
# B: twice the lesson's 32. Every one of the B x T ids is sent and drawn as a block on the page
# (64 x 1024 = 65,536 blocks, about 3 MB of markup); a larger batch would cost the browser seconds
# and the server's answer megabytes more, for a class at once.
MAX_BATCH_SIZE = 2 * LESSON_BATCH[0]
MAX_SEED = 2**31 - 1  # a whole number the page's box and JSON carry exactly; torch takes any of them


def whole_number(value: object, name: str, low: int, high: int, why: str) -> int:
    """value as an int in [low, high], or a ValueError saying what is allowed and why."""
    if isinstance(value, bool) or not isinstance(value, Integral) or not low <= value <= high:
        raise ValueError(f"{name} must be a whole number from {low} to {high:,} ({why}); got {value!r:.40}")
    return int(value)


def batch_memory(batch_size: int, block_size: int, config: GPTConfig = GPTConfig()) -> dict[str, int]:
    """The bytes of the batch's tensors: elements x element size, as the lesson counts them."""
    elements = batch_size * block_size
    return {
        "one_hot_bytes": elements * config.vocab_size * BYTES_PER_FLOAT32,  # (B, T, vocab_size) float32
        "dense_bytes": elements * config.n_embd * BYTES_PER_FLOAT32,  # (B, T, n_embd) float32
        "ids_bytes": elements * BYTES_PER_INT64,  # (B, T) int64
    }


def gpt2_ids(text: str) -> list[int]:
    """The GPT-2 ids of text: the stream the windows are cut from (the scaffold's encode gives the same)."""
    if not isinstance(text, str):
        raise ValueError(f"text must be a string, got {type(text).__name__}")
    return get_tokenizer("gpt2").columns(text).ids


def batch(text: str, batch_size: int, block_size: int, seed: int = 0) -> dict:
    """B windows of T consecutive GPT-2 ids of text, at offsets drawn as nanoGPT's get_batch draws them.

    Returns {"offsets": B starts in [0, len(ids) - T), "ids": B lists of T ids, "shape": [B, T, n_embd]
    (what TokenEmbedding makes of them), "one_hot_bytes", "dense_bytes", "ids_bytes" (batch_memory),
    "n_tokens": how many GPT-2 ids the text has}. A ValueError says what is wrong in one line: a bound
    passed, or a text too short for one window.
    """
    return batch_of_ids(gpt2_ids(text), batch_size, block_size, seed)


def batch_of_ids(ids: list[int], batch_size: int, block_size: int, seed: int = 0) -> dict:
    """batch() of a text whose GPT-2 ids are `ids` (the server tokenizes a long text in its worker, and cuts
    the batch in its own threads: the worker never loads torch)."""
    config = GPTConfig()
    b = whole_number(batch_size, "batch_size", 1, MAX_BATCH_SIZE, "every id is drawn on the page")
    t = whole_number(block_size, "block_size", 1, MAX_BLOCK_SIZE, "GPT-2's block_size: positions 0 to 1023")
    seed = whole_number(seed, "seed", 0, MAX_SEED, "any whole number gives its own offsets")
    if len(ids) < t + 1:  # the targets y reach one id past the window
        raise ValueError(f"the text has {len(ids):,} token{'s' * (len(ids) != 1)}: a block of {t:,} needs at least "
                         f"{t + 1:,} (its targets are the same window one id later)")
    with HEAVY_IMPORTS:
        import torch

    generator = torch.Generator().manual_seed(seed)
    offsets = torch.randint(len(ids) - t, (b,), generator=generator).tolist()
    return {"offsets": offsets, "ids": [list(ids[i:i + t]) for i in offsets], "shape": [b, t, config.n_embd],
            **batch_memory(b, t, config), "n_tokens": len(ids)}


def batch_embeddings(windows: list[list[int]], init: str):
    """(B, T) ids -> (B, T, n_embd) float32 tensor, through the lesson's TokenEmbedding (its shared table)."""
    with HEAVY_IMPORTS:
        import torch

    with torch.inference_mode():
        return embedding_table(init)(torch.tensor(windows, dtype=torch.long))  # (B, T, n_embd)
