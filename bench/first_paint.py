"""The first tokens painted after a page load, in Chromium, beside a no-op Gradio app's first render.

    python bench/first_paint.py [runs]

Starts python app.py, the bare Gradio app (bench/bare_app.py), a static folder of the lesson's three
(playground.page.static_folder, served by `python -m http.server`), and Debian's Chromium (headless). Each run
opens, in a fresh browser context (an empty cache), with 0 or 150 ms added to every request's round trip (the
DevTools Protocol's Network.emulateNetworkConditions): the playground and the static folder, until their three
panels show exactly the ids of "Hello world"; the page that only tokenizes in the browser
(bench/browser_peer.py), the same; the bare app, until its text box is drawn (Gradio's own page up, nothing
more). Then it reloads the page in the same context (the cache warm) and times that too. The time is the page's
own, from the navigation's start to the first animation frame that shows it; the requests are every one the
page made until then and for a second after (the playground's embedding after its load included). `runs`
(default 3) take turns between the pages; each figure is the median over them, and the ratios are the
playground's against the bare app's, run by run. Last, each host's figures at 150 ms beside the bounds the page
is held to: first tokens cold within 1.5 s, a warm reload within 0.5 s.
"""

from __future__ import annotations

import json
import statistics
import sys
import tempfile
from pathlib import Path

from mixed_text import ROOT
from serve import running, serving_folder

sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests"))
from browser import FULL_CHROMIUM, chromium  # noqa: E402
from browser_peer import PEER_PATH, serve_peer  # noqa: E402

from playground import compare  # noqa: E402
from playground.page.static_folder import write_folder  # noqa: E402
from playground.tokenizers.registry import DEFAULT_TOKENIZERS  # noqa: E402

ROUND_TRIPS_MS = (0, 150)
PAGES = ("playground", "static folder", "in-browser peer", "bare Gradio app")

# From the document's start, every frame checks whether what is timed is shown: the first frame that does is
# the time (performance.now() counts from the navigation's start).
FIRST_FRAME = """(() => {
  const expected = %s;
  const shown = expected === null
    ? () => document.querySelector("#input-text textarea") !== null
    : () => Object.entries(expected).every(([name, ids]) => {
        const got = [...document.querySelectorAll(`#panel-${name} .tok`)].map((e) => Number(e.dataset.id));
        return got.length === ids.length && got.every((id, i) => id === ids[i]);
      });
  const check = () => shown() ? (window.benchFirstPaint = performance.now()) : requestAnimationFrame(check);
  requestAnimationFrame(check);
})();"""


def hello_world_ids() -> dict[str, list[int]]:
    """The ids each of the lesson's three panels shows for the page's opening text, "Hello world"."""
    return {slot: t["ids"] for slot, t in zip(DEFAULT_TOKENIZERS, compare("Hello world")["tokenizers"])}


def first_paint(page, url: str) -> tuple[float, int]:
    """ms from the navigation's start to the first frame that shows what is timed, and the requests made by
    then and in the second after; `url` None reloads the page."""
    asked: list[str] = []

    def count(request) -> None:
        asked.append(request.url)

    page.on("request", count)
    if url is None:
        page.reload()
    else:
        page.goto(url)
    ms = page.wait_for_function("() => window.benchFirstPaint", timeout=120_000).json_value()
    page.wait_for_timeout(1_000)
    page.remove_listener("request", count)
    return ms, len(asked)


def one_run(browser, name: str, url: str, round_trip_ms: float, expected) -> tuple[float, int, float]:
    """(cold ms, cold requests, warm reload ms) for one page at one round trip."""
    context = browser.new_context(viewport={"width": 1600, "height": 1000})
    try:
        if name == "in-browser peer":
            serve_peer(context, url.removesuffix(PEER_PATH))
        context.add_init_script(FIRST_FRAME % json.dumps(expected))
        page = context.new_page()
        session = context.new_cdp_session(page)
        session.send("Network.enable")
        session.send("Network.emulateNetworkConditions",
                     {"offline": False, "latency": round_trip_ms, "downloadThroughput": -1, "uploadThroughput": -1})
        cold, requests = first_paint(page, url)
        warm, _ = first_paint(page, None)
        return cold, requests, warm
    finally:
        context.close()


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    hello = hello_world_ids()
    expected = {"playground": hello, "static folder": hello, "in-browser peer": hello, "bare Gradio app": None}
    figures: dict[tuple, list[tuple]] = {}
    with (tempfile.TemporaryDirectory(prefix="playground-bench-paint-") as folder,
          chromium(FULL_CHROMIUM) as browser, running("app.py") as (app_url, _, _),
          running("bench/bare_app.py") as (bare_url, _, _),
          serving_folder(write_folder(Path(folder), DEFAULT_TOKENIZERS).parent) as folder_url):
        urls = {"playground": app_url, "static folder": folder_url, "in-browser peer": app_url + PEER_PATH,
                "bare Gradio app": bare_url}
        for run in range(runs):
            for round_trip in ROUND_TRIPS_MS:
                for name in PAGES:
                    figures.setdefault((name, round_trip), []).append(
                        one_run(browser, name, urls[name], round_trip, expected[name]))
    print(f"{runs} runs; ms from the navigation's start to the first frame that shows the page's first tokens "
          "(the bare app: its text box), an empty cache, then a reload with the cache warm; medians")
    print(f"{'':<18} {'round trip':>10} {'cold':>9} {'requests':>9} {'reload':>9}   cold, run by run")
    for round_trip in ROUND_TRIPS_MS:
        for name in PAGES:
            cold, requests, warm = zip(*figures[(name, round_trip)])
            print(f"{name:<18} {round_trip:>7} ms {statistics.median(cold):>6.0f} ms {statistics.median(requests):>9.0f} "
                  f"{statistics.median(warm):>6.0f} ms   " + ", ".join(f"{c:.0f}" for c in cold))
    for round_trip in ROUND_TRIPS_MS:
        mine, bare = figures[("playground", round_trip)], figures[("bare Gradio app", round_trip)]
        ratios = [m[0] / b[0] for m, b in zip(mine, bare)]
        warm = [m[2] / b[2] for m, b in zip(mine, bare)]
        print(f"at {round_trip} ms, first tokens / the bare app's first render: cold {statistics.median(ratios):.2f}x "
              f"(runs {', '.join(f'{r:.2f}' for r in ratios)}), reload {statistics.median(warm):.2f}x")
    for host in ("playground", "static folder"):  # the bounds the page is held to, at 150 ms
        cold, _, warm = zip(*figures[(host, 150)])
        print(f"{host} at 150 ms: cold {statistics.median(cold):.0f} ms (target <= 1500), "
              f"reload {statistics.median(warm):.0f} ms (target <= 500)")


if __name__ == "__main__":
    main()
