"""How long replay() takes for one word, per tokenizer, beside the library's own encode of it.

    python bench/replay_speed.py

A 20-character word (and a 20-character Hindi one), best of 50 runs each, in this process
after one warm-up call (the tokenizers loaded). The target: under 5 ms for every tokenizer.
"""

from __future__ import annotations

import sys
import time

from serve import ROOT

WORDS = {"English": " internationalization", "Hindi": " अंतर्राष्ट्रीयकरण कर"}  # 20 characters each, after the space


def best_ms(fn, runs: int = 50) -> float:
    best = float("inf")
    for _ in range(runs):
        t0 = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - t0)
    return best * 1e3


def main() -> None:
    from playground.tokenizers.registry import TOKENIZER_NAMES, get_tokenizer
    from playground.tokenizers.replay import replay

    print(f"{'tokenizer':<10}" + "".join(f"{lang + ' replay':>17}{'encode':>9}" for lang in WORDS))
    for name in TOKENIZER_NAMES:
        tokenizer = get_tokenizer(name)
        row = f"{name:<10}"
        for word in WORDS.values():
            replay(word, name)  # warm: caches of the merge tables
            row += f"{best_ms(lambda: replay(word, name)):14.2f} ms{best_ms(lambda: tokenizer.encode(word)):6.3f} ms"
        print(row)


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    main()
