"""A key typed at the end of a text of 100,000 characters, the page's limit, in Chromium: ms from the key to the
frame that shows it in all three panels, in the app's page and in the static folder, for the lesson's three
tokenizers and for GPT-4, GPT-4o and Llama 3.

    python bench/long_keys.py [keys] [texts] [hosts]

Each text is one kind of character run to 100,000 characters: spaces, one letter repeated, emoji, Chinese (the
FLORES Mandarin sentences) and mixed (bench/mixed_text.py's prose, code, Hindi, Mandarin, emoji). For each host,
tokenizers and text, a fresh page opens with the three (?tokenizers=), the text is pasted but for its last `keys`
characters (default 5), and those are typed one at a time, each waited for and followed by a second's pause: the
time of a key runs, inside the page, from its beforeinput to the first animation frame in which every panel counts
its characters (bench/paint_watch.py). Typed with Playwright's insert_text, as an input method types Chinese.

The baseline, measured in the same page after the keys: the three tokenizers' own time on a key, the finished text
with one more of its characters (window.playground.tokenize, as the page calls it, one after another; the
tokenizers remember the chunks of a text they have seen, so a key costs them what it changed), the floor of any
page that tokenizes a key in the browser. Each row prints the median key and the worst, the baseline, and the ratio of the medians.
`texts` and `hosts` take comma-separated names (default: all).
"""

from __future__ import annotations

import shutil
import statistics
import sys
import tempfile
from pathlib import Path

import paint_watch
from mixed_text import ROOT, UNIT
from serve import running, serving_folder

sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))
from browser import CLIPBOARD, FULL_CHROMIUM, chromium, paste  # noqa: E402

from playground.page.static_folder import write_folder  # noqa: E402

CHARS = 100_000  # the page's limit (work.MAX_INPUT_CHARS): what a text is once its keys are typed
TEXTS = {
    "spaces": " ",
    "letter": "a",
    "emoji": "😀👍🏽👩‍💻",
    "chinese": (ROOT / "assets/flores200-dev-200/zho_Hans.txt").read_text(encoding="utf-8"),
    "mixed": UNIT,
}
TOKENIZERS = (("gpt2", "bert", "llama"), ("gpt4", "gpt4o", "llama3"))
SLOTS = ("gpt2", "bert", "llama")  # the panels' element ids, #panel-<slot>, whatever tokenizer each shows
TOKENIZE = """async ([names, texts]) => {
  const times = [];
  for (const text of texts) {
    const t0 = performance.now();
    for (const name of names) await window.playground.tokenize(text, name, {tokenLimit: window.playground.MAX_DRAWN_TOKENS});
    times.push(performance.now() - t0);
  }
  return times;
}"""


def text_of(unit: str, chars: int = CHARS) -> str:
    """unit repeated and cut to `chars` code points."""
    return (unit * (chars // len(unit) + 1))[:chars]


def counts(chars: int) -> dict:
    return {slot: chars for slot in SLOTS}


def key_times(browser, url: str, names: tuple[str, ...], unit: str, keys: int) -> tuple[list[float], float]:
    """ms of each of the last `keys` characters of text_of(unit) typed at the end of the rest, and the three
    tokenizers' median ms on a key after them (that text with one, two, three more characters), in a fresh page at
    url."""
    text = text_of(unit)
    context = browser.new_context(viewport={"width": 1280, "height": 720}, permissions=CLIPBOARD)
    context.set_default_timeout(600_000)  # a page frozen by a key is timed, not given up on
    try:
        page = context.new_page()
        page.goto(f"{url}?tokenizers={','.join(names)}")
        page.wait_for_selector("#panel-llama .tok", timeout=120_000)
        page.wait_for_timeout(1_000)  # the page's first asks settle
        paint_watch.watch(page, kind="chars", clock="beforeinput")
        start = len(text) - keys
        paint_watch.expect(page, [counts(start)])
        paste(page, page.locator("#input-text textarea"), text[:start])
        paint_watch.painted(page, 1, timeout=600_000)
        times = []
        for k in range(start, len(text)):
            page.wait_for_timeout(1_000)  # a pause: what the page asks after one is answered
            paint_watch.expect(page, [counts(k + 1)])
            page.keyboard.insert_text(text[k])
            times += paint_watch.painted(page, 1, timeout=600_000)
        after = [text_of(unit, CHARS + k) for k in (1, 2, 3)]
        tokenize = statistics.median(page.evaluate(TOKENIZE, [list(names), after]))
        return times, tokenize
    finally:
        context.close()


def main() -> None:
    keys = int(sys.argv[1]) if len(sys.argv) > 1 else 5
    texts = sys.argv[2].split(",") if len(sys.argv) > 2 else list(TEXTS)
    hosts = sys.argv[3].split(",") if len(sys.argv) > 3 else ["app", "folder"]
    print(f"{keys} keys typed at the end of {CHARS:,} characters, one at a time; ms from the key to the frame that "
          "shows it in the three panels, beside the three tokenizers' own time on one more key (the baseline)")
    print(f"{'host':<7} {'tokenizers':<18} {'text':<8} {'key median / worst':>19} {'tokenize':>9} {'ratio':>6}")
    work = Path(tempfile.mkdtemp(prefix="playground-bench-long-keys-"))
    try:
        write_folder(work / "site")
        with chromium(FULL_CHROMIUM) as browser:
            for host in hosts:
                with (running("app.py") if host == "app" else serving_folder(work / "site")) as served:
                    url = served[0] if host == "app" else served
                    for names in TOKENIZERS:
                        for kind in texts:
                            times, tokenize = key_times(browser, url, names, TEXTS[kind], keys)
                            key = statistics.median(times)
                            print(f"{host:<7} {','.join(names):<18} {kind:<8} {key:>9,.0f} / {max(times):>7,.0f} "
                                  f"{tokenize:>9,.0f} {key / tokenize:>5.2f}x", flush=True)
    finally:
        shutil.rmtree(work)


if __name__ == "__main__":
    main()
