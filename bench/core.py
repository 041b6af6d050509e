"""What one edit costs the server, next to the bare library encodes of the same text.

    python bench/core.py

Baseline, measured in the same run: tiktoken's encode_ordinary + transformers' BERT
tokenizer call + sentencepiece's encode, the least any tokenizer playground must do.
  compare()      ids, pieces, bytes, exact spans and counts for all three tokenizers
  + render       compare() plus the HTML of the three panels (at most 1,500 tokens drawn each)
  embed + plot   the embedding panel: GPT-2 tokens, TokenEmbedding (first 1,024), heatmap PNG
The ratio is (compare() + render) / bare encodes. Each figure is the best of several runs.
compare() runs on the whole input here; the web page tokenises at most 100,000 characters.
"""

from __future__ import annotations

import itertools
import sys
import time

from mixed_text import ROOT, SIZES, mixed_text

sys.path.insert(0, str(ROOT))

from playground import compare, get_tokenizer  # noqa: E402
from playground.embedding import INITS  # noqa: E402
from playground.render import panel_html  # noqa: E402
from playground.web import update_embedding, warm_up  # noqa: E402


def best_ms(fns: dict, repeats: int) -> dict[str, float]:
    """Best time of each function in ms, the functions interleaved so drift hits them alike."""
    best = dict.fromkeys(fns, float("inf"))
    for _ in range(repeats):
        for name, fn in fns.items():
            t0 = time.perf_counter()
            fn()
            best[name] = min(best[name], time.perf_counter() - t0)
    return {name: seconds * 1e3 for name, seconds in best.items()}


def main() -> None:
    warm_up()
    gpt2, bert, llama = (get_tokenizer(n) for n in ("gpt2", "bert", "llama"))
    init = next(iter(INITS))

    def bare_encodes(text: str) -> None:
        gpt2._enc.encode_ordinary(text)
        bert._tok(text, add_special_tokens=False)
        llama._sp.encode(text)

    def compare_and_render(text: str) -> None:
        result = compare(text)
        for tok in result["tokenizers"]:
            panel_html(tok, result["text"])

    print(f"{'input':>7} {'bare encodes':>13} {'compare()':>10} {'+ render':>9} {'ratio':>6} {'embed + plot':>13}")
    runs = itertools.count()  # the embedding gets a new text each run, as when typing: no cache can answer
    for label, n_bytes in SIZES.items():
        text = mixed_text(n_bytes)
        ms = best_ms({
            "bare": lambda: bare_encodes(text),
            "compare": lambda: compare(text),
            "rendered": lambda: compare_and_render(text),
            "embedded": lambda: update_embedding(f"{next(runs)} {text}", init),
        }, repeats=20 if n_bytes <= 10_000 else 8 if n_bytes <= 100_000 else 3)
        print(f"{label:>7} {ms['bare']:10.2f} ms {ms['compare']:7.2f} ms {ms['rendered']:6.2f} ms "
              f"{ms['rendered'] / ms['bare']:5.2f}x {ms['embedded']:10.1f} ms")

if __name__ == "__main__":
    main()
