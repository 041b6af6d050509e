"""One keystroke at 1 KB in a real browser: from the key to all three panels painted.

    python bench/browser_typing.py [keys] [runs]

Starts python app.py, and the bare Gradio app (bench/bare_app.py) as the baseline, and Debian's
Chromium (headless). On each, pastes 1 KB of mixed text, waits for it to show, then types `keys`
characters (default 20) one at a time, each after the last one's answer has been painted. The
time of one key runs, inside the page, from its keydown to the first animation frame in which
all three panels show exactly the ids of the new text (the playground), or the echo shows the
new text (the bare app: Gradio's floor for a keystroke to reach the screen). The check runs in an
animation frame only when what it reads (#panels, #echo) changed since it last ran (a
MutationObserver says so): reading 1,200 ids in every frame, or after each resize of the textarea,
cost the page's main thread about 10 ms a key, the bench's own cost, not the page's. The server's CPU
per key is its process's CPU time over the keys typed, divided by their number. Both servers run
at once, and `runs` rounds (default 3) alternate between them, so a busy machine weighs on both.
"""

from __future__ import annotations

import statistics
import sys

from mixed_text import ROOT, mixed_text
from serve import cpu_seconds, running

sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))
from browser import CLIPBOARD, chromium, paste  # noqa: E402

from playground import compare  # noqa: E402

KEYS = "thecatsatonthemat.;x"  # one key at a time, appended at the end of the text

MARK_KEYDOWN = """watched => { window.benchKeyAt = []; document.addEventListener("keydown",
    () => window.benchKeyAt.push(performance.now()), true);
    window.benchChanged = true;
    new MutationObserver(() => { window.benchChanged = true; }).observe(document.querySelector(watched),
        {subtree: true, childList: true, attributes: true, characterData: true}); }"""
CHANGED = "window.benchChanged && !(window.benchChanged = false) && "  # checked once after each change
PANELS_SHOW = "expected => " + CHANGED + """Object.entries(expected).every(([name, ids]) => {
    const got = [...document.querySelectorAll(`#panel-${name} .tok`)].map(e => Number(e.dataset.id));
    return got.length === ids.length && got.every((id, i) => id === ids[i]);
}) && performance.now() - window.benchKeyAt.at(-1)"""
ECHO_SHOWS = "text => " + CHANGED + """document.querySelector("#echo pre")?.textContent === text
    && performance.now() - window.benchKeyAt.at(-1)"""


def type_and_time(page, text: str, keys: str, shown: str, expect, watched: str) -> list[float]:
    """ms from each key's keydown to the animation frame that shows its answer."""
    box = page.locator("#input-text textarea")
    page.evaluate(MARK_KEYDOWN, watched)
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
    runs = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    text = mixed_text(1_000)

    def panel_ids(t: str) -> dict:
        return {tok["name"]: tok["ids"][:1000] for tok in compare(t)["tokenizers"]}

    # (name, script, what shows an answer, its expected value, what shows the page has loaded, where it shows)
    apps = (("bare Gradio app, echo", "bench/bare_app.py", ECHO_SHOWS, lambda t: t, "#input-text textarea", "#echo"),
            ("playground, three panels", "app.py", PANELS_SHOW, panel_ids, "#panel-gpt2 .tok", "#panels"))
    times: dict[str, list[list[float]]] = {name: [] for name, *_ in apps}  # per run, ms per key
    cpu: dict[str, list[float]] = {name: [] for name, *_ in apps}  # per run, server CPU ms per key
    with chromium() as browser, running(apps[0][1]) as (bare_url, bare, _), running(apps[1][1]) as (app_url, app, _):
        for run in range(runs):
            for (name, _, shown, expect, loaded, watched), url, process in zip(apps, (bare_url, app_url), (bare, app)):
                page = browser.new_context(viewport={"width": 1600, "height": 1000}, permissions=CLIPBOARD).new_page()
                page.goto(url)
                page.wait_for_selector(loaded, timeout=60_000)  # else the page's load event may overwrite the paste
                page.wait_for_timeout(1500)  # the first page load and warm-up calls settle
                type_and_time(page, text, "", shown, expect, watched)  # the paste, not timed
                cpu0 = cpu_seconds(process.pid)
                times[name].append(type_and_time(page, text, keys, shown, expect, watched))
                cpu[name].append((cpu_seconds(process.pid) - cpu0) / len(keys) * 1e3)
                page.context.close()
    print(f"{len(keys)} keys typed at the end of {len(text.encode()):,} bytes of mixed text, {runs} runs; "
          "ms from keydown to the frame that shows the answer, and the server's CPU per key")
    print(f"{'':<28} {'median':>9} {'worst':>9} {'CPU/key':>9}   medians of each run")
    for name in times:
        every = [t for run in times[name] for t in run]
        print(f"{name:<28} {statistics.median(every):6.0f} ms {max(every):6.0f} ms {statistics.median(cpu[name]):6.1f} ms   "
              + ", ".join(f"{statistics.median(run):.0f}" for run in times[name]))
    bare, app = (name for name, *_ in apps)
    ratios = [statistics.median(a) / statistics.median(b) for a, b in zip(times[app], times[bare])]
    cpu_ratios = [a / b for a, b in zip(cpu[app], cpu[bare])]
    print(f"keystroke to paint, playground / bare app: {statistics.median(ratios):.2f}x (target <= 0.5x); "
          f"runs {', '.join(f'{r:.2f}' for r in ratios)}")
    print(f"server CPU per key, playground / bare app: {statistics.median(cpu_ratios):.2f}x (target <= 0.8x); "
          f"runs {', '.join(f'{r:.2f}' for r in cpu_ratios)}")


if __name__ == "__main__":
    main()
