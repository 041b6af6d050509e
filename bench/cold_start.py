"""Seconds from `python app.py` to the page answering HTTP 200, and to the first answered edit,
next to a bare Gradio app.

    python bench/cold_start.py [runs]

Both are started the same way, alternately, `runs` times each (default 3); the table gives
the median. The first answered edit is what a student's first keystroke costs: for the
playground, the page's two calls (/panels, then /embedding, which wait for the tokenizers and
the embedding table that load in the background); for the bare app, its one no-op call. Each
is polled from the moment the page answers, over Gradio's HTTP API.
"""

from __future__ import annotations

import statistics
import sys
import time

from serve import call_api, running

EDIT = "Hello world"


def playground_edit(url: str) -> None:
    call_api(url, "panels", [EDIT, True, "text", False, "gpt2", "bert", "llama", ""])
    call_api(url, "embedding", [EDIT, "GPT-2: N(0, 0.02)"])


def bare_edit(url: str) -> None:
    call_api(url, "noop", [EDIT])


def start(script: str, edit) -> tuple[float, float]:
    """(seconds to HTTP 200, seconds to the first answered edit), from the process start."""
    t0 = time.perf_counter()
    with running(script) as (url, _, page_seconds):
        edit(url)
        return page_seconds, time.perf_counter() - t0


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    app, bare = [], []
    for _ in range(runs):
        app.append(start("app.py", playground_edit))
        bare.append(start("bench/bare_app.py", bare_edit))
    print(f"runs: {runs} each, median seconds from process start")
    print(f"{'':<36} {'page HTTP 200':>14} {'first edit answered':>20}")
    medians = {}
    for name, times in (("bare one-textbox Gradio app", bare), ("playground app.py", app)):
        medians[name] = [statistics.median(t[i] for t in times) for i in (0, 1)]
        print(f"{name:<36} {medians[name][0]:12.2f} s {medians[name][1]:18.2f} s")
    (bare_page, bare_edit_s), (app_page, app_edit_s) = medians.values()
    print(f"ratio: page {app_page / bare_page:.2f}x, first edit {app_edit_s / bare_edit_s:.2f}x (target <= 1.2x each)")


if __name__ == "__main__":
    main()
