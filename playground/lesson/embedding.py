"""The embedding panel: GPT-2 ids through the lesson's own TokenEmbedding, plus its memory accounting.

torch is imported lazily: a page that only tokenizes never waits for it.
"""

from __future__ import annotations

import io
import threading
from dataclasses import dataclass
from functools import lru_cache
from typing import NamedTuple

from config import GPTConfig
from playground.lesson.heavy_imports import HEAVY_IMPORTS

SEED = 1234  # every table is drawn from this seed: the same weights on every machine and restart
INITS = {  # label -> std of the normal the weights are drawn from
    "GPT-2: N(0, 0.02)": 0.02,
    "PyTorch default: N(0, 1)": 1.0,
}
LESSON_BATCH = (32, 1024)  # (B, T) of the lesson's memory example
BYTES_PER_FLOAT32 = 4
HEATMAP_ROWS = 64  # tokens drawn in the heatmap; the tensor itself keeps all T rows

_tables: dict[str, object] = {}  # init label -> TokenEmbedding, built once, then only read
_tables_lock = threading.Lock()


def embedding_table(init: str):
    """The shared TokenEmbedding(GPTConfig()) for an init, built once, deterministically.

    Its weights come from a private torch.Generator seeded with SEED, never the global
    RNG, so two users' first requests cannot race on a global seed, and a student's own
    seeded code in the same process draws the same numbers as without it. Read-only afterwards.
    """
    if init not in INITS:
        raise ValueError(f"unknown init {init!r}; choose one of {list(INITS)}")
    table = _tables.get(init)
    if table is None:
        with _tables_lock:
            if init not in _tables:
                with HEAVY_IMPORTS:
                    import torch

                    from embeddings import TokenEmbedding

                # nn.Embedding's own init draws 38.6M numbers from the global RNG: its state is put
                # back afterwards, or every student's seeded experiment would shift. (Building on the
                # meta device instead costs 1.4 s of imports on the way to the first edit.)
                with torch.random.fork_rng(devices=[]):
                    module = TokenEmbedding(GPTConfig())
                generator = torch.Generator().manual_seed(SEED)
                with torch.no_grad():
                    module.weight.weight.normal_(0.0, INITS[init], generator=generator)
                module.requires_grad_(False).eval()
                _tables[init] = module
            table = _tables[init]
    return table


def embed(ids: list[int], init: str):
    """(1, T) ids -> (1, T, 768) float32 tensor, through the lesson's TokenEmbedding."""
    with HEAVY_IMPORTS:
        import torch

    with torch.inference_mode():
        return embedding_table(init)(torch.tensor([ids], dtype=torch.long))  # (1, T, n_embd)


@dataclass(frozen=True)
class MemoryRow:
    what: str
    shape: tuple[int, ...]
    n_bytes: int


def memory_rows(n_tokens: int, config: GPTConfig = GPTConfig()) -> list[MemoryRow]:
    """The lesson's accounting, in float32: one-hot inputs against dense vectors, and the table."""
    b, t = LESSON_BATCH
    v, c = config.vocab_size, config.n_embd
    return [
        MemoryRow("one-hot input, this text", (1, n_tokens, v), n_tokens * v * BYTES_PER_FLOAT32),
        MemoryRow("dense embeddings, this text", (1, n_tokens, c), n_tokens * c * BYTES_PER_FLOAT32),
        MemoryRow("one-hot input, lesson's batch", (b, t, v), b * t * v * BYTES_PER_FLOAT32),
        MemoryRow("dense embeddings, lesson's batch", (b, t, c), b * t * c * BYTES_PER_FLOAT32),
        MemoryRow("the embedding table (paid once; shared with the output layer when tied)", (v, c),
                  v * c * BYTES_PER_FLOAT32),
    ]


class ParamTerm(NamedTuple):
    what: str
    formula: str  # how the count follows from GPTConfig
    count: int


def model_param_terms(config: GPTConfig = GPTConfig()) -> list[ParamTerm]:
    """GPT-2 small's parameters, term by term, from GPTConfig (biases on, as in GPT-2).

    Per block: two LayerNorms (weight and bias each), attention's qkv and output projections,
    and the MLP's two layers (4x wide), each a weight and a bias.
    """
    v, t, c, n = config.vocab_size, config.block_size, config.n_embd, config.n_layer
    block = 2 * (2 * c) + (c * 3 * c + 3 * c) + (c * c + c) + (c * 4 * c + 4 * c) + (4 * c * c + c)
    return [
        ParamTerm("token embedding table (wte)", f"{v:,} x {c}", v * c),
        ParamTerm("position embedding table (wpe)", f"{t:,} x {c}", t * c),
        ParamTerm(f"{n} transformer blocks", f"{n} x {block:,}", n * block),
        ParamTerm("final LayerNorm", f"2 x {c}", 2 * c),
    ]


def model_params(config: GPTConfig = GPTConfig()) -> dict[str, float]:
    """{"tied", "untied", "embedding_share"}: totals with the output layer tied to the token table
    (GPT-2's choice) or a separate (n_embd x vocab_size) one, and the table's share of the tied model."""
    terms = model_param_terms(config)
    tied = sum(term.count for term in terms)
    table = terms[0].count
    return {"tied": tied, "untied": tied + table, "embedding_share": table / tied}


def cosine_similarity(vectors):
    """(rows, n_embd) -> (rows, rows): the cosine of every pair of rows."""
    import numpy as np

    v = np.asarray(vectors, dtype=np.float64)
    unit = v / np.maximum(np.linalg.norm(v, axis=1, keepdims=True), 1e-12)
    return unit @ unit.T


# Every one-hot product reads the whole 154 MB table: 20 ms at T = 2, 81 ms at 64, 244 ms at 256 (this
# machine). 64 tokens (a 12.9 MB one-hot tensor) is what a class typing at once can afford per edit.
ONE_HOT_MAX_TOKENS = 64


class OneHotCheck(NamedTuple):
    """One-hot x E against E[ids], run for real on the first ONE_HOT_MAX_TOKENS ids."""

    n_tokens: int  # how many ids went through both paths
    one_hot_bytes: int  # the (1, T, vocab_size) float32 one-hot tensor
    lookup_bytes: int  # the (1, T, n_embd) float32 result, the same for both paths
    equals_lookup: bool  # torch.equal(one_hot @ E, TokenEmbedding(ids))
    one_hot_seconds: float  # building the one-hot and multiplying it by E
    lookup_seconds: float  # TokenEmbedding's forward: looking up rows


def one_hot_check(ids: list[int], init: str) -> OneHotCheck:
    """Build the one-hot tensor of the first ONE_HOT_MAX_TOKENS ids, multiply it by the table,
    compare with the lookup; free it. Cached on those ids: typing past them costs nothing."""
    return _one_hot_check(tuple(ids[:ONE_HOT_MAX_TOKENS]), init)


@lru_cache(maxsize=256)  # a few hundred bytes an entry
def _one_hot_check(ids: tuple[int, ...], init: str) -> OneHotCheck:
    import time

    with HEAVY_IMPORTS:
        import torch

    ids = list(ids)
    module = embedding_table(init)
    idx = torch.tensor([ids], dtype=torch.long)  # (1, T)
    with torch.inference_mode():
        t0 = time.perf_counter()
        looked_up = module(idx)  # (1, T, n_embd)
        t1 = time.perf_counter()
        one_hot = torch.nn.functional.one_hot(idx, module.config.vocab_size).to(torch.float32)  # (1, T, vocab)
        product = one_hot @ module.weight.weight  # (1, T, vocab) @ (vocab, n_embd) -> (1, T, n_embd)
        t2 = time.perf_counter()
        one_hot_bytes = one_hot.numel() * one_hot.element_size()
        del one_hot  # tens of MB: gone before the next request needs memory
        return OneHotCheck(len(ids), one_hot_bytes, looked_up.numel() * looked_up.element_size(),
                           bool(torch.equal(product, looked_up)), t2 - t1, t1 - t0)


def embed_summary(tokens: list[dict], init: str, config: GPTConfig = GPTConfig()) -> dict:
    """What /embed answers for these GPT-2 tokens (at most block_size of them), computed by the server."""
    ids = [t["id"] for t in tokens]
    out = embed(ids, init)  # (1, T, n_embd)
    check = one_hot_check(ids, init)
    return {
        "shape": list(out.shape),
        "dtype": str(out.dtype).removeprefix("torch."),
        "ids": ids,
        "pieces": [t["piece"] for t in tokens],
        "init": init,
        "n_params": model_param_terms(config)[0].count,
        "model_params": model_params(config),
        "one_hot": {"shape": [1, len(ids), config.vocab_size],
                    "bytes": len(ids) * config.vocab_size * BYTES_PER_FLOAT32,
                    "equals_lookup": check.equals_lookup,
                    "checked_tokens": check.n_tokens},
        "similarity": cosine_similarity(out[0, :HEATMAP_ROWS].numpy()).round(6).tolist(),
    }


def format_bytes(n: int) -> str:
    """Decimal units, as the lesson counts them: 6,587,285,504 -> "6.59 GB"."""
    for unit, size in (("GB", 1e9), ("MB", 1e6), ("KB", 1e3)):
        if n >= size:
            return f"{n / size:.{1 if unit == 'MB' else 2}f} {unit}"
    return f"{n} B"


COLOUR_MAP = "RdBu_r"  # matplotlib's diverging map: blue below zero, white at zero, red above


@lru_cache(maxsize=1)
def colour_table():
    """(256, 3) uint8: the entries of matplotlib's COLOUR_MAP, from the lowest value to the highest."""
    import numpy as np

    with HEAVY_IMPORTS:
        from matplotlib import colormaps  # the colour maps alone: no Figure, no fonts

    return colormaps[COLOUR_MAP](np.arange(256), bytes=True)[:, :3]


def values_png(values, limit: float) -> bytes:
    """(rows, cols) values -> PNG bytes of rows x cols pixels, one per value, coloured from -limit to limit.

    Each value gets the colour matplotlib's imshow(cmap=COLOUR_MAP, vmin=-limit, vmax=limit) gives
    it, written as a palette PNG straight from the array: about 1 ms for 64 x 768, where a
    matplotlib Figure takes over 100 ms. The page stretches the pixels and writes the labels in HTML.
    """
    import numpy as np

    with HEAVY_IMPORTS:
        from matplotlib.colors import Normalize
        from PIL import Image

    table = colour_table()
    n = len(table)
    # [-limit, limit] -> [0, n) as matplotlib's Colormap bins it: Normalize's own arithmetic, in the values' dtype
    # (float32 for the table's rows: in float64, a value on a bin's edge fell in the next bin up); the top value
    # and those past either end go to the end bins. Truncation is floor here: everything is at least 0.
    index = np.clip(np.asarray(Normalize(-limit, limit)(values)) * n, 0, n - 1).astype(np.uint8)
    image = Image.fromarray(index, mode="P")
    image.putpalette(table.tobytes())
    buffer = io.BytesIO()
    # Stored, not compressed: noise compresses little (64 x 768 at level 1: 6% smaller, 4x the time),
    # and a class redraws the heatmap on every edit of a short text.
    image.save(buffer, format="PNG", compress_level=0)
    return buffer.getvalue()
