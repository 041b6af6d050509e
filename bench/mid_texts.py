"""Do mid-size texts starve a small edit? A classmate's small edit while 32 clients type in 5,000 to
10,000-character texts, against the same edit on the idle server, measured just before.

    python bench/mid_texts.py [runs, default 3] [seconds of load, default 15]

Each run starts a fresh `python app.py`. The small edit is "Hello world <n>" POSTed to the edit route
every 50 ms by one client; each of the 32 typists sends its text one key longer each time, as the page
does (with shown_text, the text it shows), from 5,000 characters up, waiting for each answer (or for
Retry-After on a 503) before the next key. Prints per run: the small edit's median and p95 idle and
under load, their ratio, how many of the typists' keys were answered and how many were told 503, and
how long a typist's key took (median).
"""

from __future__ import annotations

import json
import statistics
import sys
import threading
import time
import urllib.error
import urllib.request

from serve import running

LESSON = ["gpt2", "bert", "llama"]
TYPISTS = 32


def edit_body(text: str, shown: str | None = None) -> bytes:
    values = {"text": text, "mark_whitespace": True, "view": "text", "special": False, "tokenizers": LESSON,
              "example": "", "init": "GPT-2: N(0, 0.02)"}
    if shown is not None:
        values["shown_text"] = shown
    return json.dumps(values).encode()


def post(url: str, body: bytes) -> tuple[int, float]:
    """(status, seconds) of one edit, its whole answer read."""
    request = urllib.request.Request(f"{url}playground/edit", data=body, headers={"Content-Type": "application/json"})
    t0 = time.perf_counter()
    try:
        with urllib.request.urlopen(request, timeout=120) as response:
            response.read()
            return response.status, time.perf_counter() - t0
    except urllib.error.HTTPError as err:
        err.read()
        return err.code, time.perf_counter() - t0


def small_edits(url: str, seconds: float, start: int) -> list[float]:
    times, n, deadline = [], start, time.monotonic() + seconds
    while time.monotonic() < deadline:
        status, took = post(url, edit_body(f"Hello world {n}"))
        assert status == 200, status
        times.append(took)
        n += 1
        time.sleep(0.05)
    return times


def typist(url: str, k: int, stop: threading.Event, answered: list, refused: list, key_times: list) -> None:
    words = f"typist {k} writes a long essay about tokenizers and their vocabularies, " * 200  # 14,000+ chars
    length, shown = 5_000 + 150 * k, None  # 5,000 to 9,650 characters at the start
    while not stop.is_set() and length < 10_000:
        text = words[:length]
        status, took = post(url, edit_body(text, shown))
        if status == 200:
            answered.append(1)
            key_times.append(took)
            shown, length = text, length + 1
        else:
            refused.append(status)
            time.sleep(1)  # Retry-After
    stop.wait()


def p95(times: list[float]) -> float:
    return statistics.quantiles(times, n=20)[-1] if len(times) >= 20 else max(times)


def one_run(seconds: float) -> dict:
    with running("app.py") as (url, _, _):
        post(url, edit_body("warm up"))
        post(url, edit_body("w" * 6_000))
        idle = small_edits(url, 5, 0)
        stop, answered, refused, key_times = threading.Event(), [], [], []
        threads = [threading.Thread(target=typist, args=(url, k, stop, answered, refused, key_times), daemon=True)
                   for k in range(TYPISTS)]
        for thread in threads:
            thread.start()
        time.sleep(2)  # all typing
        loaded = small_edits(url, seconds, 10_000)
        stop.set()
        for thread in threads:
            thread.join(timeout=130)
    return {"idle_median": statistics.median(idle), "idle_p95": p95(idle), "median": statistics.median(loaded),
            "p95": p95(loaded), "answered": len(answered), "refused": len(refused),
            "key_median": statistics.median(key_times) if key_times else float("nan")}


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    seconds = float(sys.argv[2]) if len(sys.argv) > 2 else 15
    print(f"a small edit while {TYPISTS} clients type in 5,000-10,000-character texts ({seconds:.0f} s a run)")
    print("run  idle median/p95 ms   loaded median/p95 ms   p95 ratio   typists' keys answered/503   key median ms")
    for run in range(1, runs + 1):
        r = one_run(seconds)
        print(f"{run:>3}  {r['idle_median'] * 1e3:7.1f} / {r['idle_p95'] * 1e3:6.1f}     "
              f"{r['median'] * 1e3:7.1f} / {r['p95'] * 1e3:7.1f}       {r['p95'] / r['idle_p95']:6.2f}x    "
              f"{r['answered']:>8} / {r['refused']:<8}          {r['key_median'] * 1e3:7.0f}", flush=True)


if __name__ == "__main__":
    main()
