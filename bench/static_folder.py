"""The static folder (python -m playground static DIR): its size and its first paint.

    python bench/static_folder.py [runs]

Size: for each of the eight tokenizers, the gzip -9 bytes of what a page showing it fetches for it (its
vocabulary files and under-trained list, its family's built code and WebAssembly), then the page's shared part
(index.html, the page's scripts and styles, the registry and the chunks every family imports), and the lesson's
three (gpt2, bert, llama) in all. First paint: a folder of the lesson's three served by `python -m http.server`,
opened in Chromium with an empty cache, `runs` times: the milliseconds from the navigation's start to the
DOMContentLoaded of the page (the baseline: the same server, the same HTML, nothing tokenized) and to the three
panels holding their first tokens; the median of each, and their ratio.
"""

from __future__ import annotations

import gzip
import shutil
import statistics
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))

from browser import FULL_CHROMIUM, chromium  # noqa: E402
from serve import ROOT, serving_folder  # noqa: E402

sys.path.insert(0, str(ROOT))

from playground.page.static_folder import write_folder  # noqa: E402
from playground.page.shell import TWIN_DIR  # noqa: E402
from playground.page.twin_route import built_files  # noqa: E402
from playground.tokenizers.browser import served_files, twin_spec  # noqa: E402
from playground.tokenizers.registry import TOKENIZER_NAMES  # noqa: E402

LESSON = ("gpt2", "bert", "llama")
FIRST_TOKENS = """() => ['panel-gpt2', 'panel-bert', 'panel-llama'].every(
    id => document.querySelector(`#${id} .tok`))"""


def gz(path: Path) -> int:
    return len(gzip.compress(path.read_bytes(), compresslevel=9))


def sizes(folder: Path) -> tuple[dict[str, int], int]:
    """(tokenizer -> its own gzip bytes, the shared part's gzip bytes) of a folder holding all eight."""
    shared_code = set(built_files(set()))  # the registry and what it imports for any family
    own = {}
    for name in TOKENIZER_NAMES:
        code = set(built_files({twin_spec(name)["family"]})) - shared_code
        own[name] = (sum(gz(folder / TWIN_DIR / f) for f in code)
                     + sum(gz(folder / url) for url in served_files(name)))
    shared = gz(folder / "index.html") + sum(gz(p) for p in (folder / "page").iterdir()) \
        + sum(gz(folder / TWIN_DIR / f) for f in shared_code)
    return own, shared


def first_paint(folder: Path, runs: int) -> tuple[list[float], list[float]]:
    loaded, painted = [], []
    with serving_folder(folder) as url, chromium(FULL_CHROMIUM) as browser:
        for _ in range(runs):
            context = browser.new_context()  # an empty cache every run
            page = context.new_page()
            page.goto(url)
            page.wait_for_function(FIRST_TOKENS, timeout=60_000, polling="raf")
            painted.append(page.evaluate("performance.now()"))
            loaded.append(page.evaluate("performance.getEntriesByType('navigation')[0].domContentLoadedEventEnd"))
            context.close()
    return loaded, painted


def main(runs: int = 5) -> None:
    work = Path(tempfile.mkdtemp(prefix="playground-bench-static-"))
    try:
        write_folder(work / "all")
        own, shared = sizes(work / "all")
        print("tokenizer   gzip KB (its code, WebAssembly, vocabulary)")
        for name, size in own.items():
            print(f"{name:<11} {size / 1024:8.0f}")
        print(f"shared      {shared / 1024:8.0f}  (index.html, the page's scripts and styles, the registry)")
        lesson = shared + sum(own[name] for name in LESSON)
        print(f"the lesson's three in all: {lesson / 1024:,.0f} KB gzip ({lesson / 1e6:.2f} MB)")
        write_folder(work / "lesson", LESSON)
        loaded, painted = first_paint(work / "lesson", runs)
        base, first = statistics.median(loaded), statistics.median(painted)
        print(f"first paint, median of {runs} cold loads: DOMContentLoaded {base:.0f} ms (baseline), "
              f"first tokens in the three panels {first:.0f} ms ({first / base:.1f}x the baseline)")
    finally:
        shutil.rmtree(work)


if __name__ == "__main__":
    main(*(int(a) for a in sys.argv[1:]))
