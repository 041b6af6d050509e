"""Keystroke to paint at a distance from the server, in Chromium: does the network's round trip show?

    python bench/typing_distance.py [keys] [runs]

Starts python app.py and Debian's Chromium (headless). On the playground, and beside it on a page that only
tokenizes in the browser (bench/browser_peer.py: the same browser tokenizers, from the same server), it pastes
1 KB of mixed text with no latency, waits for it to show, then adds 0, 150 or 300 ms to every request's round
trip (the DevTools Protocol's Network.emulateNetworkConditions, the page's worker's requests too) and types
`keys` characters (default 20) at the end, steadily, a key every 150 or 400 ms, whatever was painted. The time
of a key runs, inside the page, from its keydown to the first animation frame in which the three panels show
exactly the ids of its text, or of a later key's (bench/paint_watch.py). Each cell prints the median and p95
over every key of every run, and the ratio of the playground's median to the peer's in the same cell; the
rounds (`runs`, default 3) take turns over the cells, so a busy machine weighs on all.
"""

from __future__ import annotations

import statistics
import sys
import time

import paint_watch
from mixed_text import ROOT, mixed_text
from serve import running

sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))
from browser import CLIPBOARD, FULL_CHROMIUM, chromium, paste  # noqa: E402
from browser_peer import serve_peer  # noqa: E402

from playground import compare  # noqa: E402
from playground.tokenizers.registry import DEFAULT_TOKENIZERS  # noqa: E402

KEYS = "thecatsatonthemat.;x"  # one key at a time, appended at the end of the text
ROUND_TRIPS_MS = (0, 150, 300)
EVERY_MS = (150, 400)
PAGES = ("playground", "in-browser peer")


def panel_ids(text: str) -> dict:
    return {slot: t["ids"][:1000] for slot, t in zip(DEFAULT_TOKENIZERS, compare(text)["tokenizers"])}


def p95(values: list[float]) -> float:
    return statistics.quantiles(values, n=20, method="inclusive")[-1]


def type_steadily(page, keys: str, every_ms: float) -> None:
    """A key every every_ms, on a clock of its own: a slow page does not slow the typist."""
    start = time.perf_counter()
    for i, key in enumerate(keys):
        time.sleep(max(0.0, start + i * every_ms / 1000 - time.perf_counter()))
        page.keyboard.press(key)


def one_cell(browser, url: str, text: str, keys: str, states: list, round_trip_ms: float, every_ms: float) -> list[float]:
    """ms from each key's keydown to the frame that shows it, on a fresh page at url."""
    context = browser.new_context(viewport={"width": 1600, "height": 1000}, permissions=CLIPBOARD)
    try:
        page = context.new_page()
        if url.endswith(".html"):
            serve_peer(context, url.rsplit("/", 1)[0] + "/")
        page.goto(url)
        page.wait_for_selector("#panel-gpt2 .tok", timeout=60_000)  # else the page's load may overwrite the paste
        page.wait_for_timeout(1_000)  # its first calls settle
        paint_watch.watch(page)
        paint_watch.expect(page, [panel_ids(text)])
        paste(page, page.locator("#input-text textarea"), text)
        paint_watch.painted(page, 1)
        page.wait_for_timeout(1_000)  # what the page asks for after the paste is answered
        session = context.new_cdp_session(page)
        session.send("Network.enable")
        session.send("Network.emulateNetworkConditions",
                     {"offline": False, "latency": round_trip_ms, "downloadThroughput": -1, "uploadThroughput": -1})
        paint_watch.expect(page, states)
        type_steadily(page, keys, every_ms)
        return paint_watch.painted(page, len(keys))
    finally:
        context.close()


def main() -> None:
    keys = (KEYS * 10)[:int(sys.argv[1])] if len(sys.argv) > 1 else KEYS
    runs = int(sys.argv[2]) if len(sys.argv) > 2 else 3
    text = mixed_text(1_000)
    states = [panel_ids(text + keys[:i + 1]) for i in range(len(keys))]
    times: dict[tuple, list[float]] = {}
    with chromium(FULL_CHROMIUM) as browser, running("app.py") as (url, _, _):
        pages = {"playground": url, "in-browser peer": url + "bench-peer.html"}
        for run in range(runs):
            for round_trip in ROUND_TRIPS_MS:
                for every in EVERY_MS:
                    for name in PAGES:
                        times.setdefault((name, round_trip, every), []).extend(
                            one_cell(browser, pages[name], text, keys, states, round_trip, every))
    print(f"{len(keys)} keys typed at the end of {len(text.encode()):,} bytes of mixed text, steadily, {runs} runs; "
          "ms from keydown to the frame that shows the key in all three panels")
    print(f"{'round trip':>10} {'a key every':>11}   {'playground median / p95':>24}   {'peer median / p95':>18}   "
          "playground / peer (median)")
    for round_trip in ROUND_TRIPS_MS:
        for every in EVERY_MS:
            mine, peer = times[("playground", round_trip, every)], times[("in-browser peer", round_trip, every)]
            print(f"{round_trip:>7} ms {every:>8} ms   {statistics.median(mine):>11.1f} / {p95(mine):>6.1f} ms   "
                  f"{statistics.median(peer):>6.1f} / {p95(peer):>5.1f} ms   "
                  f"{statistics.median(mine) / statistics.median(peer):.2f}x")
    for every in EVERY_MS:
        at_zero = statistics.median(times[("playground", 0, every)])
        print(f"a key every {every} ms, the playground's median at 150 / 300 ms against 0 ms: " + ", ".join(
            f"{statistics.median(times[('playground', rt, every)]) - at_zero:+.1f} ms" for rt in ROUND_TRIPS_MS[1:]))


if __name__ == "__main__":
    main()
