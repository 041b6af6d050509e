"""What the under-trained marks ("Fishing for Magikarp") add to each edit.

    python bench/undertrained_cost.py

For each tokenizer of the page's two openings (the lesson's three, and Glitch tokens' GPT-2,
Llama 2, Llama 3): Tokenizer.describe(text, token_limit=1000), the work of one panel per edit,
with the marks, against the same call with the look-up emptied (the baseline), interleaved in one
process; each figure is the best of several runs. The marks cost one dict look-up per token dict
and one membership test per token for the count.
"""

from __future__ import annotations

import sys
import time

from mixed_text import ROOT, mixed_text

sys.path.insert(0, str(ROOT))

from playground import get_tokenizer  # noqa: E402
from playground.tokenizers import base  # noqa: E402

SIZES = {"1 KB": (1_000, 40), "10 KB": (10_000, 15), "100 KB": (100_000, 5)}
NAMES = ("gpt2", "bert", "llama", "llama3")
WITH = (base.undertrained_marks, base.has_data)
WITHOUT = (lambda name: {}, lambda name: False)


def main() -> None:
    print(f"{'input':>7} {'tokenizer':>9} {'tokens':>7}  {'baseline':>10}  {'with marks':>10}  ratio")
    for label, (n_bytes, repeats) in SIZES.items():
        text = mixed_text(n_bytes)
        for name in NAMES:
            tokenizer = get_tokenizer(name)
            best = {"without": float("inf"), "with": float("inf")}
            for _ in range(repeats):
                for kind, (marks, has_data) in (("without", WITHOUT), ("with", WITH)):
                    base.undertrained_marks, base.has_data = marks, has_data
                    t0 = time.perf_counter()
                    tokenizer.describe(text, False, 1000)
                    best[kind] = min(best[kind], time.perf_counter() - t0)
            base.undertrained_marks, base.has_data = WITH
            n = len(tokenizer.encode(text))
            print(f"{label:>7} {name:>9} {n:>7,}  {best['without'] * 1e3:>7.2f} ms  {best['with'] * 1e3:>7.2f} ms"
                  f"  {best['with'] / best['without']:.2f}x")


if __name__ == "__main__":
    main()
