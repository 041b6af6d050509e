"""Do mid-size texts starve a small ask? A classmate's small ask while 32 clients ask for 5,000 to
10,000-character texts, against the same ask on the idle server, measured just before.

    python bench/mid_texts.py [runs, default 3] [seconds of load, default 15]

Each run starts a fresh `python app.py`. The small ask is what a page asks at a pause in typing for
"Hello world <n>": POST /playground/embedding, then POST /playground/answer (the example "code"), from
one client every 50 ms. Each of the 32 heavy clients pauses after every word as fast as the server
answers: it asks the same two for its text, one word longer each time, from 5,000 characters up (past
server.BIG_INPUT_CHARS: the long lane, with the big-input worker), waiting for each answer (or for
Retry-After on a 503) before the next. Prints per run: the small ask's median and p95 idle and under
load, their ratio, how many of the heavy clients' asks were answered and how many were told 503, and
how long one took (median).
"""

from __future__ import annotations

import statistics
import sys
import threading
import time

from serve import GPT2_INIT, LESSON, ask, running

TYPISTS = 32


def pause(url: str, text: str) -> tuple[list[int], float]:
    """(statuses, seconds) of a page's two asks at a pause, one after the other, their answers read."""
    t0 = time.perf_counter()
    statuses = [ask(url, "playground/embedding", {"text": text, "init": GPT2_INIT})[0],
                ask(url, "playground/answer", {"text": text, "example": "code", "tokenizers": LESSON})[0]]
    return statuses, time.perf_counter() - t0


def small_asks(url: str, seconds: float, start: int) -> list[float]:
    times, n, deadline = [], start, time.monotonic() + seconds
    while time.monotonic() < deadline:
        statuses, took = pause(url, f"Hello world {n}")
        assert statuses == [200, 200], statuses
        times.append(took)
        n += 1
        time.sleep(0.05)
    return times


def typist(url: str, k: int, stop: threading.Event, answered: list, refused: list, ask_times: list) -> None:
    words = f"typist {k} writes a long essay about tokenizers and their vocabularies, " * 200  # 14,000+ chars
    length = 5_000 + 150 * k  # 5,000 to 9,650 characters at the start
    while not stop.is_set() and length < 10_000:
        statuses, took = pause(url, words[:words.index(" ", length)])
        if statuses == [200, 200]:
            answered.append(1)
            ask_times.append(took)
            length = words.index(" ", length) + 1  # one word more
        else:
            refused.append(statuses)
            time.sleep(1)  # Retry-After
    stop.wait()


def p95(times: list[float]) -> float:
    return statistics.quantiles(times, n=20)[-1] if len(times) >= 20 else max(times)


def one_run(seconds: float) -> dict:
    with running("app.py") as (url, _, _):
        pause(url, "warm up")
        pause(url, "w " * 3_000)  # the big-input worker is up: its start is not what is measured
        idle = small_asks(url, 5, 0)
        stop, answered, refused, ask_times = threading.Event(), [], [], []
        threads = [threading.Thread(target=typist, args=(url, k, stop, answered, refused, ask_times), daemon=True)
                   for k in range(TYPISTS)]
        for thread in threads:
            thread.start()
        time.sleep(2)  # all asking
        loaded = small_asks(url, seconds, 10_000)
        stop.set()
        for thread in threads:
            thread.join(timeout=130)
    return {"idle_median": statistics.median(idle), "idle_p95": p95(idle), "median": statistics.median(loaded),
            "p95": p95(loaded), "answered": len(answered), "refused": len(refused),
            "ask_median": statistics.median(ask_times) if ask_times else float("nan")}


def main() -> None:
    runs = int(sys.argv[1]) if len(sys.argv) > 1 else 3
    seconds = float(sys.argv[2]) if len(sys.argv) > 2 else 15
    print(f"a small pause's two asks while {TYPISTS} clients ask for 5,000-10,000-character texts ({seconds:.0f} s a run)")
    print("run  idle median/p95 ms   loaded median/p95 ms   p95 ratio   heavy pauses answered/503   pause median ms")
    for run in range(1, runs + 1):
        r = one_run(seconds)
        print(f"{run:>3}  {r['idle_median'] * 1e3:7.1f} / {r['idle_p95'] * 1e3:6.1f}     "
              f"{r['median'] * 1e3:7.1f} / {r['p95'] * 1e3:7.1f}       {r['p95'] / r['idle_p95']:6.2f}x    "
              f"{r['answered']:>8} / {r['refused']:<8}          {r['ask_median'] * 1e3:7.0f}", flush=True)


if __name__ == "__main__":
    main()
