"""Seconds from `python app.py` to the page answering HTTP 200, next to a bare Gradio app.

    python bench/cold_start.py [runs]

Both are started the same way, alternately, `runs` times each (default 3); the table gives
the median. For the playground it also gives the time until a first /compare call is
answered, which waits for the tokenizers that load in the background.
"""

from __future__ import annotations

import json
import statistics
import sys
import time
import urllib.request

from serve import running


def first_compare_seconds(url: str, t_start: float) -> float:
    """Call /compare over Gradio's HTTP API until it answers; seconds since t_start."""
    request = urllib.request.Request(
        url + "gradio_api/call/compare", data=json.dumps({"data": ["Hello world", False, None]}).encode(),  # text, special, tokenizers (default)
        headers={"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=120) as response:
        event_id = json.load(response)["event_id"]
    with urllib.request.urlopen(f"{url}gradio_api/call/compare/{event_id}", timeout=120) as response:
        body = response.read().decode()
    if "event: complete" not in body or "15496" not in body:
        raise RuntimeError(f"/compare did not answer as expected: {body[:300]}")
    return time.perf_counter() - t_start


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    page, bare, first = [], [], []
    for _ in range(runs):
        t0 = time.perf_counter()
        with running("app.py") as (url, _, seconds):
            page.append(seconds)
            first.append(first_compare_seconds(url, t0))
        with running("bench/bare_app.py") as (_, _, seconds):
            bare.append(seconds)
    app_s, bare_s = statistics.median(page), statistics.median(bare)
    print(f"runs: {runs} each, median seconds")
    print(f"{'bare one-textbox Gradio app, page HTTP 200':<48} {bare_s:6.2f} s")
    print(f"{'playground app.py, page HTTP 200':<48} {app_s:6.2f} s   ratio {app_s / bare_s:.2f}x")
    print(f"{'playground app.py, first /compare answered':<48} {statistics.median(first):6.2f} s")


if __name__ == "__main__":
    main()
