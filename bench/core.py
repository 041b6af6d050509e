"""compare() against the three bare library encodes of the same text.

    python bench/core.py

Baseline, measured in the same run: tiktoken's encode_ordinary + transformers' BERT
tokenizer call + sentencepiece's encode, the least any tokenizer playground must do.
The ratio is what the spans, pieces, bytes and counts cost on top. Best of N runs each.
"""

from __future__ import annotations

import sys
import time

from mixed_text import ROOT, SIZES, mixed_text

sys.path.insert(0, str(ROOT))

from playground import compare, get_tokenizer  # noqa: E402


def best_seconds(fn, text: str, repeats: int) -> float:
    best = float("inf")
    for _ in range(repeats):
        t0 = time.perf_counter()
        fn(text)
        best = min(best, time.perf_counter() - t0)
    return best


def main() -> None:
    gpt2, bert, llama = (get_tokenizer(n) for n in ("gpt2", "bert", "llama"))

    def bare_encodes(text: str) -> None:
        gpt2._enc.encode_ordinary(text)
        bert._tok(text, add_special_tokens=False)
        llama._sp.encode(text)

    print(f"{'input':>7} {'bare encodes ms':>16} {'compare() ms':>13} {'ratio':>6}")
    for label, n_bytes in SIZES.items():
        text = mixed_text(n_bytes)
        repeats = 20 if n_bytes <= 10_000 else 5 if n_bytes <= 100_000 else 2
        bare = best_seconds(bare_encodes, text, repeats)
        ours = best_seconds(compare, text, repeats)
        print(f"{label:>7} {bare * 1e3:16.2f} {ours * 1e3:13.2f} {ours / bare:5.2f}x")


if __name__ == "__main__":
    main()
