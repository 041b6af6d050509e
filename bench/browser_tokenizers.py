"""What each tokenizer's browser twin costs, in Chromium, beside the Python layer in this process:
the gzip bytes the page fetches for it (its code, WebAssembly and vocabulary), the seconds from asking
to the first answer (fetch, sha256 check, load), and the milliseconds a text of 100 / 1,000 / 10,000 /
100,000 characters takes to tokenize (describe() in full: ids, spans, tokens), median of `runs`.

    python bench/browser_tokenizers.py [runs]

Each tokenizer is loaded in a fresh page with an empty cache. The text is the lesson's languages mixed
(the parallel sentences of assets/flores200-dev-200, English, Hindi, Mandarin, Arabic, and so on, in turn)
cut to each length, the same for both sides.
"""

from __future__ import annotations

import gzip
import statistics
import sys
import time
from pathlib import Path
from urllib.parse import urlparse

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from browser import FULL_CHROMIUM, chromium  # noqa: E402
from serve import ROOT, running  # noqa: E402

sys.path.insert(0, str(ROOT))

from playground.tokenizers.browser import served_file  # noqa: E402
from playground.tokenizers.registry import TOKENIZER_NAMES, get_tokenizer  # noqa: E402

LENGTHS = (100, 1_000, 10_000, 100_000)
TWIN_DIR = ROOT / "playground/page/static/twin"


def mixed_text(chars: int) -> str:
    """The flores sentences of every language, line k of each in turn, cut to `chars` code points."""
    files = sorted((ROOT / "assets/flores200-dev-200").glob("*.txt"))
    lines = [f.read_text(encoding="utf-8").splitlines() for f in files]
    text = "\n".join(line for row in zip(*lines) for line in row)
    while len(text) < chars:
        text += "\n" + text
    return text[:chars]


def gzip_bytes(url: str) -> int:
    """gzip -9 size of the file a twin URL names: a built module or a vocabulary served by hash."""
    path = urlparse(url).path
    if "/playground/twin/files/" in path:
        local = served_file(path.split("/playground/twin/files/")[1].split("/")[0])
    else:
        local = TWIN_DIR / path.rsplit("/", 1)[1]
    return len(gzip.compress(Path(local).read_bytes(), 9))


def python_ms(name: str, text: str, runs: int) -> float:
    tokenizer = get_tokenizer(name)
    times = []
    for _ in range(runs):
        t0 = time.perf_counter()
        tokenizer.describe(text)
        times.append((time.perf_counter() - t0) * 1000)
    return statistics.median(times)


MEASURE = """async ([name, texts, runs]) => {
  const t0 = performance.now();
  await window.playground.tokenize("", name);
  const load = performance.now() - t0;
  const ms = [];
  for (const text of texts) {
    const times = [];
    for (let r = 0; r < runs; r++) {
      const t = performance.now();
      await window.playground.tokenize(text, name);
      times.push(performance.now() - t);
    }
    times.sort((a, b) => a - b);
    ms.push(times[Math.floor(times.length / 2)]);
  }
  const fetched = performance.getEntriesByType("resource").map((e) => e.name).filter((u) => u.includes("/playground/twin/"));
  return {load, ms, fetched};
}"""


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    texts = [mixed_text(n) for n in LENGTHS]
    header = " ".join(f"{n:>9,}" for n in LENGTHS)
    print(f"{runs} runs each, median ms to tokenize mixed-language text of n characters; browser / Python layer")
    print(f"{'tokenizer':<9} {'gzip KB':>8} {'load s':>7}   {header}   (browser ms / Python ms)")
    with running("app.py") as (url, _, _), chromium(FULL_CHROMIUM) as browser:
        for name in TOKENIZER_NAMES:
            page = browser.new_context().new_page()
            page.goto(url)
            page.wait_for_function("() => window.playground && window.playground.tokenize")
            result = page.evaluate(MEASURE, [name, texts, runs])
            page.context.close()
            kb = sum(map(gzip_bytes, set(result["fetched"]))) / 1024
            cells = " ".join(f"{b:>4.0f}/{python_ms(name, t, runs):<4.0f}" for b, t in zip(result["ms"], texts))
            print(f"{name:<9} {kb:>8,.0f} {result['load'] / 1000:>7.2f}   {cells}")


if __name__ == "__main__":
    main()
