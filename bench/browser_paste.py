"""A 1 MB paste in a real browser: how long until the panels show it, and how fast a click lands.

    python bench/browser_paste.py

Starts python app.py and Debian's Chromium (headless). Pastes 1 MB of mixed text with Ctrl+V, then
clicks the "All six examples" accordion open and shut while the panels update and after,
timing each click from the click to the accordion's content appearing or going. Baseline,
in the same run: the same click on the page holding "Hello world".
"""

from __future__ import annotations

import sys
import time

from mixed_text import ROOT, mixed_text
from serve import running

sys.path.insert(0, str(ROOT / "tests"))
from browser import CLIPBOARD, FULL_CHROMIUM, chromium, paste  # noqa: E402

ACCORDION = "All six examples on one slide"


def click_ms(page) -> float:
    """Toggle the accordion; ms until its table has appeared or gone."""
    was_open = page.locator("table.examples").is_visible()
    t0 = time.perf_counter()
    page.get_by_text(ACCORDION).click()
    page.wait_for_selector("table.examples", state="hidden" if was_open else "visible", timeout=60_000)
    return (time.perf_counter() - t0) * 1e3


def main() -> None:
    big = mixed_text(1_000_000)
    with running("app.py") as (url, _, _), chromium(FULL_CHROMIUM) as browser:
        page = browser.new_context(viewport={"width": 1600, "height": 1000}, permissions=CLIPBOARD).new_page()
        page.goto(url)
        page.wait_for_selector("#panel-gpt2 .tok", timeout=60_000)
        page.wait_for_timeout(1000)
        click_ms(page), click_ms(page)  # the first opening draws the slide's chart (cached after): not timed
        baseline = [click_ms(page) for _ in range(4)]
        box = page.locator("#input-text textarea")
        t0 = time.perf_counter()
        paste(page, box, big)
        pasted = time.perf_counter() - t0
        during = click_ms(page)
        page.wait_for_function("() => document.querySelectorAll('#panel-llama .tok').length === 1000",
                               timeout=120_000)
        shown = time.perf_counter() - t0
        after = [click_ms(page) for _ in range(4)]
    print(f"1 MB paste ({len(big):,} characters): paste into the box {pasted:.2f} s, panels updated after {shown:.2f} s")
    print(f"click on 'Hello world' page (baseline): {min(baseline):6.0f} ms best, {max(baseline):6.0f} ms worst")
    print(f"click while the panels update:          {during:6.0f} ms")
    print(f"click after the update:                 {min(after):6.0f} ms best, {max(after):6.0f} ms worst"
          f"   ratio to baseline (worst) {max(after) / max(baseline):.2f}x")


if __name__ == "__main__":
    main()
