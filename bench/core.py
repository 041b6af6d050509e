"""What the server's work for a text costs, next to the bare library encodes of the same text.

    python bench/core.py

Baseline, measured in the same run: tiktoken's encode_ordinary + transformers' BERT
tokenizer call + sentencepiece's encode, the least any tokenizer playground must do.
  compare(1000)  compare(text, token_limit=1000), what the page and /compare call: ids, exact
                 spans, counts and decoded text for every token, dicts for the first 1,000
  compare()      the same with a dict for every token (the default for scripts)
  answer         POST /playground/answer's work at a pause in typing: the example's answer
                 (lecture.answer_html) in the lesson's three tokenizers
  embedding      POST /playground/embedding's work at a pause: GPT-2 tokens, TokenEmbedding
                 (first 1,024), the heatmap and the similarity plot, the tables, the figure's key
The panels are no longer the server's work: the page tokenizes and paints them in the browser
(bench/typing_distance.py times a key there). The ratios are over the bare encodes. Each figure is the best of several runs. compare()
runs on the whole input here; the web page tokenises at most 100,000 characters.
"""

from __future__ import annotations

import asyncio
import itertools
import sys
import time

from mixed_text import ROOT, SIZES, mixed_text

sys.path.insert(0, str(ROOT))

from playground import compare, get_tokenizer  # noqa: E402
from playground.lesson.embedding import INITS  # noqa: E402
from playground.page import handlers  # noqa: E402
from playground.page.web import warm_up  # noqa: E402


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

    print(f"{'input':>7} {'bare encodes':>13} {'compare(1000)':>14} {'compare()':>10} {'answer':>9} "
          f"{'embedding':>10}")
    runs = itertools.count()  # the embedding and answer get a new text each run, as when typing: no cache can answer
    for label, n_bytes in SIZES.items():
        text = mixed_text(n_bytes)
        ms = best_ms({
            "bare": lambda: bare_encodes(text),
            "limited": lambda: compare(text, token_limit=1000),
            "compare": lambda: compare(text),
            "answer": lambda: asyncio.run(handlers.example_answer(f"{next(runs)} {text}", "code", "gpt2", "bert", "llama")),
            "embedded": lambda: asyncio.run(handlers.embedding_for_page(f"{next(runs)} {text}", init)),
        }, repeats=20 if n_bytes <= 10_000 else 8 if n_bytes <= 100_000 else 3)
        print(f"{label:>7} {ms['bare']:10.2f} ms {ms['limited']:8.2f} ms {ms['limited'] / ms['bare']:4.2f}x "
              f"{ms['compare']:7.2f} ms {ms['compare'] / ms['bare']:4.2f}x {ms['answer']:6.2f} ms {ms['embedded']:7.1f} ms")
    print("targets: compare(1000) at 100 KB <= 2x the bare encodes; at 1 KB, embedding (both plots) <= 20 ms")


if __name__ == "__main__":
    main()
