"""Seconds from `python app.py` to the page answering HTTP 200, and to the first answered pause in typing,
next to a bare Gradio app.

    python bench/cold_start.py [runs]

Both are started the same way, alternately, `runs` times each (default 3); the table gives
the median. The first answered pause is what a student's first words cost the server. For the
playground: its page paints the panels itself (the browser tokenizers; nothing of the server's is
timed for them), and once the typing pauses asks POST /playground/embedding and, with an example
open, POST /playground/answer, which wait for the embedding table and the tokenizers the server
loads in the background; both are sent at once from the moment the page answers, and the time is
until both have answered. For the bare app, its one no-op call through Gradio's queue.
"""

from __future__ import annotations

import statistics
import sys
import time
from concurrent.futures import ThreadPoolExecutor

from serve import GPT2_INIT, LESSON, ask_ok, call_api, running

TEXT = "Hello world"


def playground_pause(url: str) -> None:
    with ThreadPoolExecutor(2) as pool:
        asks = [pool.submit(ask_ok, url, "playground/embedding", {"text": TEXT, "init": GPT2_INIT}),
                pool.submit(ask_ok, url, "playground/answer", {"text": TEXT, "example": "code", "tokenizers": LESSON})]
        for done in asks:
            done.result()


def bare_pause(url: str) -> None:
    call_api(url, "noop", [TEXT])


def start(script: str, pause) -> tuple[float, float]:
    """(seconds to HTTP 200, seconds to the first answered pause), from the process start."""
    t0 = time.perf_counter()
    with running(script) as (url, _, page_seconds):
        pause(url)
        return page_seconds, time.perf_counter() - t0


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    app, bare = [], []
    for _ in range(runs):
        app.append(start("app.py", playground_pause))
        bare.append(start("bench/bare_app.py", bare_pause))
    print(f"runs: {runs} each, median seconds from process start")
    print(f"{'':<36} {'page HTTP 200':>14} {'first pause answered':>21}")
    medians = {}
    for name, times in (("bare one-textbox Gradio app", bare), ("playground app.py", app)):
        medians[name] = [statistics.median(t[i] for t in times) for i in (0, 1)]
        print(f"{name:<36} {medians[name][0]:12.2f} s {medians[name][1]:19.2f} s")
    (bare_page, bare_pause_s), (app_page, app_pause_s) = medians.values()
    print(f"ratio: page {app_page / bare_page:.2f}x, first pause {app_pause_s / bare_pause_s:.2f}x (target <= 1.2x each)")


if __name__ == "__main__":
    main()
