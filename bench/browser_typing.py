"""One keystroke at 1 KB in a real browser: from the key to all three panels painted.

    python bench/browser_typing.py [keys] [runs]

Starts python app.py, the bare Gradio app (bench/bare_app.py) as the baseline, and the floor
(bench/memo_app.py: the playground answering each edit from memory, as no server can beat), and
Debian's Chromium (headless). On each, pastes 1 KB of mixed text, waits for it to show, then types
`keys` characters (default 20) one at a time, each after the last one's answer has been painted.
The time of one key runs, inside the page, from its keydown to the first animation frame in which
all three panels show exactly the ids of the new text (the playground, the floor), or the echo shows
the new text (the bare app: Gradio's floor for a keystroke to reach the screen).

The page itself watches for that frame (bench/paint_watch.py, which says how).

The server's CPU per key is its process's CPU time over the keys typed, divided by their number; its
idle CPU, what it spends a second while the page waits before typing. It also prints how many keys' panels
were read from that shared memory (the rest were painted from the worker's message, a frame or more
later). All three servers run at once,
and `runs` rounds (default 3) take turns between them, so a busy machine weighs on all; the floor
first types the keys once untimed, to learn its answers.
"""

from __future__ import annotations

import statistics
import sys

import paint_watch
from mixed_text import ROOT, mixed_text
from serve import cpu_seconds, running

sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))
from browser import CLIPBOARD, chromium, paste  # noqa: E402

from playground import compare  # noqa: E402

KEYS = "thecatsatonthemat.;x"  # one key at a time, appended at the end of the text
FROM_SHARED_MEMORY = "() => playgroundEdits.panelsFromSharedMemory"  # edit_worker.js counts them
SETTLE_SECONDS = 2  # after the page loads: its first calls settle; the servers' idle CPU is measured meanwhile


def type_and_time(page, text: str, keys: str, expect) -> list[float]:
    """ms from each key's keydown to the animation frame that shows its answer."""
    box = page.locator("#input-text textarea")
    paint_watch.expect(page, [expect(text)])
    paste(page, box, text)  # Ctrl+V is a keydown too
    paint_watch.painted(page, 1)
    times = []
    for key in keys:
        text += key
        paint_watch.expect(page, [expect(text)])  # told before the key is pressed
        box.press(key)
        times += paint_watch.painted(page, 1)
    return times


def main() -> None:
    keys = (KEYS * 10)[:int(sys.argv[1])] if len(sys.argv) > 1 else KEYS
    runs = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    text = mixed_text(1_000)

    def panel_ids(t: str) -> dict:
        return {tok["name"]: tok["ids"][:1000] for tok in compare(t)["tokenizers"]}

    # (name, script, what it shows: "panels" or "echo", its expected value, what shows the page has loaded, where)
    apps = (("bare Gradio app, echo", "bench/bare_app.py", "echo", lambda t: t, "#input-text textarea", "#echo"),
            ("playground, three panels", "app.py", "panels", panel_ids, "#panel-gpt2 .tok", "#panels"),
            ("floor: answers remembered", "bench/memo_app.py", "panels", panel_ids, "#panel-gpt2 .tok", "#panels"))
    times: dict[str, list[list[float]]] = {name: [] for name, *_ in apps}  # per run, ms per key
    cpu: dict[str, list[float]] = {name: [] for name, *_ in apps}  # per run, server CPU ms per key
    idle: dict[str, list[float]] = {name: [] for name, *_ in apps}  # per run, server CPU ms per second, idle
    in_memory: dict[str, int] = {name: 0 for name, *_ in apps}  # keys whose panels were read from shared memory

    def one_round(browser, app, url, process, timed: bool) -> None:
        name, _, kind, expect, loaded, watched = app
        page = browser.new_context(viewport={"width": 1600, "height": 1000}, permissions=CLIPBOARD).new_page()
        page.goto(url)
        page.wait_for_selector(loaded, timeout=60_000)  # else the page's load event may overwrite the paste
        cpu0 = cpu_seconds(process.pid)
        page.wait_for_timeout(SETTLE_SECONDS * 1000)
        idle[name].append((cpu_seconds(process.pid) - cpu0) / SETTLE_SECONDS * 1e3)
        paint_watch.watch(page, watched, kind)
        type_and_time(page, text, "", expect)  # the paste, not timed
        cpu0 = cpu_seconds(process.pid)
        read = FROM_SHARED_MEMORY if kind == "panels" else "() => 0"
        read0 = page.evaluate(read)
        typed = type_and_time(page, text, keys, expect)
        if timed:
            times[name].append(typed)
            cpu[name].append((cpu_seconds(process.pid) - cpu0) / len(keys) * 1e3)
            in_memory[name] += page.evaluate(read) - read0
        page.context.close()

    with chromium() as browser, running(apps[0][1]) as (bare_url, bare, _), \
            running(apps[1][1]) as (app_url, app, _), running(apps[2][1]) as (floor_url, floor, _):
        servers = ((bare_url, bare), (app_url, app), (floor_url, floor))
        one_round(browser, apps[2], floor_url, floor, timed=False)  # the floor learns its answers
        for run in range(runs):
            for app_, (url, process) in zip(apps, servers):
                one_round(browser, app_, url, process, timed=True)
    print(f"{len(keys)} keys typed at the end of {len(text.encode()):,} bytes of mixed text, {runs} runs; "
          "ms from keydown to the frame that shows the answer, the server's CPU per key and idle")
    print(f"{'':<28} {'median':>9} {'worst':>9} {'CPU/key':>9} {'idle':>10}   medians of each run")
    for name in times:
        every = [t for run in times[name] for t in run]
        print(f"{name:<28} {statistics.median(every):6.1f} ms {max(every):6.0f} ms {statistics.median(cpu[name]):6.1f} ms "
              f"{statistics.median(idle[name]):5.0f} ms/s   " + ", ".join(f"{statistics.median(run):.1f}" for run in times[name]))
    bare, app, floor = (name for name, *_ in apps)

    medians = {name: [statistics.median(run) for run in runs_] for name, runs_ in times.items()}  # per run

    def ratios(of: str, figures: dict) -> list[float]:  # run by run, against the bare app
        return [a / b for a, b in zip(figures[of], figures[bare])]

    keystroke, floor_ratio, cpu_ratio = ratios(app, medians), ratios(floor, medians), ratios(app, cpu)
    print(f"keystroke to paint, playground / bare app: {statistics.median(keystroke):.2f}x (target <= 0.5x); "
          f"runs {', '.join(f'{r:.2f}' for r in keystroke)}")
    print(f"keystroke to paint, floor / bare app: {statistics.median(floor_ratio):.2f}x; "
          f"runs {', '.join(f'{r:.2f}' for r in floor_ratio)}")
    for name in (app, floor):
        print(f"{name}: {in_memory[name]} of {runs * len(keys)} keys' panels read in a frame from the memory "
              "the page shares with its edit worker (the rest painted from its message)")
    print(f"server CPU per key, playground / bare app: {statistics.median(cpu_ratio):.2f}x (target <= 0.8x); "
          f"runs {', '.join(f'{r:.2f}' for r in cpu_ratio)}")


if __name__ == "__main__":
    main()
