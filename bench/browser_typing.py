"""One keystroke at 1 KB in a real browser: from the key to all three panels painted.

    python bench/browser_typing.py [keys]

Starts python app.py, and the bare Gradio app (bench/bare_app.py) as the baseline, and Debian's
Chromium (headless). On each, pastes 1 KB of mixed text, waits for it to show, then types `keys`
characters (default 20) one at a time, each after the last one's answer has been painted. The
time of one key runs, inside the page, from its keydown to the first animation frame in which
all three panels show exactly the ids of the new text (the playground), or the echo shows the
new text (the bare app: Gradio's floor for a keystroke to reach the screen).
"""

from __future__ import annotations

import statistics
import sys

from mixed_text import ROOT, mixed_text
from serve import running

sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))
from browser import CLIPBOARD, chromium, paste  # noqa: E402

from playground import compare  # noqa: E402

KEYS = "thecatsatonthemat.;x"  # one key at a time, appended at the end of the text

MARK_KEYDOWN = """() => { window.benchKeyAt = []; document.addEventListener("keydown",
    () => window.benchKeyAt.push(performance.now()), true); }"""
PANELS_SHOW = """expected => Object.entries(expected).every(([name, ids]) => {
    const got = [...document.querySelectorAll(`#panel-${name} .tok`)].map(e => Number(e.dataset.id));
    return got.length === ids.length && got.every((id, i) => id === ids[i]);
}) && performance.now() - window.benchKeyAt.at(-1)"""
ECHO_SHOWS = """text => document.querySelector("#echo pre")?.textContent === text
    && performance.now() - window.benchKeyAt.at(-1)"""


def type_and_time(page, text: str, keys: str, shown: str, expect) -> list[float]:
    """ms from each key's keydown to the animation frame that shows its answer."""
    box = page.locator("#input-text textarea")
    page.evaluate(MARK_KEYDOWN)
    paste(page, box, text)  # Ctrl+V is a keydown too
    page.wait_for_function(shown, arg=expect(text), polling="raf", timeout=60_000)
    times = []
    for key in keys:
        text += key
        box.press(key)
        times.append(page.wait_for_function(shown, arg=expect(text), polling="raf", timeout=60_000).json_value())
    return times


def main() -> None:
    keys = (KEYS * 10)[:int(sys.argv[1])] if len(sys.argv) > 1 else KEYS
    text = mixed_text(1_000)

    def panel_ids(t: str) -> dict:
        return {tok["name"]: tok["ids"][:1000] for tok in compare(t)["tokenizers"]}

    results = {}
    with chromium() as browser:
        for name, script, shown, expect in (("bare Gradio app, echo", "bench/bare_app.py", ECHO_SHOWS, lambda t: t),
                                            ("playground, three panels", "app.py", PANELS_SHOW, panel_ids)):
            with running(script) as (url, _, _):
                page = browser.new_context(viewport={"width": 1600, "height": 1000}, permissions=CLIPBOARD).new_page()
                page.goto(url)
                page.wait_for_selector("#input-text textarea", timeout=60_000)
                page.wait_for_timeout(1500)  # the playground's first page load and warm-up calls settle
                results[name] = type_and_time(page, text, keys, shown, expect)
                page.context.close()
    print(f"{len(keys)} keys typed at the end of {len(text.encode()):,} bytes of mixed text; "
          "ms from keydown to the frame that shows the answer")
    print(f"{'':<28} {'median':>8} {'worst':>8}")
    for name, times in results.items():
        print(f"{name:<28} {statistics.median(times):6.0f} ms {max(times):6.0f} ms")
    bare, app = (statistics.median(t) for t in results.values())
    print(f"playground median {app:.0f} ms (target <= 150 ms), {app / bare:.2f}x the bare app's")


if __name__ == "__main__":
    main()
