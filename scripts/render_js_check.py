"""Compare the page's panels renderer (playground/page/render.js, under Node) with render.py's panel_parts on a
corpus: every tokenizer, the browser twin tests' hard strings and seeded random strings across scripts, both views,
whitespace marks on and off, special tokens on and off, and one 100,000-character text.

    python scripts/render_js_check.py [--random N]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT), str(ROOT / "tests")]

from render_js import panel_html  # noqa: E402
from test_browser_twin import HARD, long_text, random_texts  # noqa: E402

from playground import compare  # noqa: E402
from playground.page.render import panel_parts  # noqa: E402
from playground.tokenizers.registry import TOKENIZER_NAMES  # noqa: E402

FLAGS = [(ids, ws) for ids in (False, True) for ws in (True, False)]


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--random", type=int, default=600)
    args = parser.parse_args()
    corpus = HARD + random_texts(args.random)
    panels = differ = 0
    started = time.perf_counter()
    for name in TOKENIZER_NAMES:
        jobs = [(text, False) for text in corpus] + [(text, True) for text in corpus[:200]] + [(long_text(), False)]
        for text, special in jobs:
            result = compare(text, special, token_limit=1000, tokenizers=(name,))
            for show_ids, ws in FLAGS:
                python = panel_parts(result["tokenizers"][0], result["text"], show_ids=show_ids, mark_whitespace=ws).html()
                js = panel_html(result["tokenizers"][0], result["text"], show_ids, ws)
                panels += 1
                if python != js:
                    differ += 1
                    at = next((i for i, (a, b) in enumerate(zip(python, js)) if a != b), min(len(python), len(js)))
                    print(f"{name} {text[:40]!r} special={special} ids={show_ids} ws={ws}: python "
                          f"{python[at - 60:at + 80]!r} js {js[at - 60:at + 80]!r}")
        print(f"{name}: {len(jobs)} texts", flush=True)
    print(f"{panels:,} panels ({len(corpus)} texts, {min(200, len(corpus))} of them with special tokens too, and one of "
          f"100,000 characters; {len(TOKENIZER_NAMES)} tokenizers, 4 flag pairs): {differ} differ; "
          f"{time.perf_counter() - started:.0f} s")


if __name__ == "__main__":
    main()
