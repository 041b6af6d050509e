"""Can a few hostile or careless clients exhaust the classroom server? Three measurements.

    python bench/hardening.py [sessions] [big_calls] [scenarios, e.g. 13]

Each scenario runs against a fresh `python app.py` on loopback, after one warm-up call:

1. Big answers: 8 fresh sessions, one after another, each /compare 100,000 emoji.
   The server's memory afterwards, against before (target: <= 400 MB above), and again
   once the big-input worker process has exited (it does after 120 s without a long text).
2. Many sessions: `sessions` (default 1,000) fresh sessions, 4 at a time, each one small
   distinct edit through /panels, /embedding or /compare in turn (target: <= 150 MB above).
3. Starvation: `big_calls` (default 6) concurrent /compare calls of 400 KB of emoji, and
   meanwhile a lecturer's small "Hello world" /panels edit, timed against the same edit on
   the idle server measured just before (targets: peak growth <= 1.5 GB; the small edit's
   median within 2x its idle time).

Memory is the resident set of the server and any processes it started, sampled every 50 ms.
"""

from __future__ import annotations

import statistics
import sys
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from serve import ApiError, call_api, running

EMOJI = "😀"
LESSON = ["gpt2", "bert", "llama"]  # the panels' tokenizers: over plain HTTP every input is sent (and no example)
GPT2_INIT = "GPT-2: N(0, 0.02)"


def tree_rss_mb(pid: int) -> float:
    """Resident memory of pid and all its descendants, in MB."""
    total, stack = 0.0, [pid]
    while stack:
        p = stack.pop()
        try:
            status = Path(f"/proc/{p}/status").read_text()
            # a child hangs off the thread that started it, so every thread's children are read
            children = [c for task in Path(f"/proc/{p}/task").iterdir()
                        for c in (task / "children").read_text().split()]
        except OSError:
            continue
        total += next(int(line.split()[1]) for line in status.splitlines() if line.startswith("VmRSS:")) / 1024
        stack.extend(int(c) for c in children)
    return total


class PeakSampler:
    """Samples tree_rss_mb(pid) every 50 ms in a thread; .peak is the highest seen."""

    def __init__(self, pid: int) -> None:
        self.pid, self.peak, self._stop = pid, tree_rss_mb(pid), threading.Event()
        self._thread = threading.Thread(target=self._run, daemon=True)

    def _run(self) -> None:
        while not self._stop.wait(0.05):
            self.peak = max(self.peak, tree_rss_mb(self.pid))

    def __enter__(self) -> "PeakSampler":
        self._thread.start()
        return self

    def __exit__(self, *exc) -> None:
        self._stop.set()
        self._thread.join()


def settled_rss(pid: int, seconds: float = 3.0) -> float:
    """Memory after the server has had a moment to drop what it no longer needs."""
    time.sleep(seconds)
    return tree_rss_mb(pid)


def steady_rss(pid: int, timeout: float = 120) -> float:
    """Memory once it stops moving (the background warm-up has finished): under 2 MB in 2 s."""
    deadline, last = time.monotonic() + timeout, tree_rss_mb(pid)
    while time.monotonic() < deadline:
        time.sleep(2)
        now = tree_rss_mb(pid)
        if abs(now - last) < 2:
            return now
        last = now
    return last


def worker_gone_rss(pid: int, timeout: float = 200) -> float:
    """Memory once the server has no child process left (the big-input worker exits when idle)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline and any(
            (task / "children").read_text().split() for task in Path(f"/proc/{pid}/task").iterdir()):
        time.sleep(2)
    return settled_rss(pid, 1)


def small_edit(url: str, text: str = "Hello world") -> float:
    t0 = time.perf_counter()
    call_api(url, "panels", [text, True, "text", False, *LESSON, ""])
    return time.perf_counter() - t0


def big_answers(url: str, pid: int) -> None:
    before = tree_rss_mb(pid)
    text = EMOJI * 100_000
    answered = 0
    with PeakSampler(pid) as sampler:
        for _ in range(8):
            [result] = call_api(url, "compare", [text, False, None])
            answered += result["chars"] == 100_000
    after = settled_rss(pid)
    idle = worker_gone_rss(pid)
    print(f"1. 8 sessions x /compare of 100,000 emoji: {answered}/8 answered; memory {before:.0f} -> {after:.0f} MB "
          f"(+{after - before:.0f} MB with the big-input worker, target <= 400), peak +{sampler.peak - before:.0f} MB; "
          f"{idle:.0f} MB (+{idle - before:.0f}) once the worker has exited")


def many_sessions(url: str, pid: int, sessions: int) -> None:
    before = tree_rss_mb(pid)
    errors: list[str] = []

    def one(i: int) -> None:
        text = f"student {i} types a sentence of their own, number {i * 7919}"
        endpoint, args = [("panels", [text, True, "text", False, *LESSON, ""]), ("embedding", [text, GPT2_INIT]),
                          ("compare", [text, False, None])][i % 3]
        try:
            call_api(url, endpoint, args)
        except Exception as err:  # counted and shown: the point is to see them
            errors.append(f"{endpoint}: {type(err).__name__}: {err}")

    t0 = time.perf_counter()
    checkpoints = []  # (requests so far, memory): bounded means flat once the caches are full
    with ThreadPoolExecutor(4) as pool:
        for quarter in range(4):
            list(pool.map(one, range(quarter * sessions // 4, (quarter + 1) * sessions // 4)))
            checkpoints.append(((quarter + 1) * sessions // 4, tree_rss_mb(pid)))
    seconds = time.perf_counter() - t0
    after = settled_rss(pid)
    print(f"2. {sessions:,} fresh sessions, small distinct edits: {len(errors)} errors in {seconds:.0f} s; memory "
          f"{before:.0f} -> {after:.0f} MB (+{after - before:.0f} MB, target <= 150)")
    print("   memory along the way: " + ", ".join(f"{n:,} requests {mb:.0f} MB" for n, mb in checkpoints)
          + f"; second half +{checkpoints[-1][1] - checkpoints[1][1]:.0f} MB")
    for err in errors[:3]:
        print("   error:", err)


def starvation(url: str, pid: int, big_calls: int) -> None:
    idle = [small_edit(url, f"Hello world {i}") for i in range(7)]
    before = tree_rss_mb(pid)
    text = EMOJI * 100_000  # 400 KB of UTF-8
    outcomes: list[str] = []

    def big() -> None:
        try:
            call_api(url, "compare", [text, False, None])
            outcomes.append("ok")
        except ApiError as err:
            outcomes.append(f"refused: {err}")

    during = []
    with PeakSampler(pid) as sampler:
        threads = [threading.Thread(target=big) for _ in range(big_calls)]
        for t in threads:
            t.start()
        time.sleep(0.5)  # the big calls are under way
        i = 0
        while any(t.is_alive() for t in threads) and i < 30:
            during.append(small_edit(url, f"Hello world, again {i}"))
            i += 1
        for t in threads:
            t.join()
    idle_ms, during_ms = statistics.median(idle) * 1e3, statistics.median(during) * 1e3
    print(f"3. {big_calls} concurrent /compare of 400 KB: {outcomes.count('ok')} answered, "
          f"{len(outcomes) - outcomes.count('ok')} refused {sorted(set(o for o in outcomes if o != 'ok'))[:1]}; "
          f"peak memory +{sampler.peak - before:.0f} MB (target <= 1,500)")
    print(f"   a small /panels edit: idle median {idle_ms:.0f} ms; during the big calls median {during_ms:.0f} ms, "
          f"max {max(during) * 1e3:.0f} ms over {len(during)} edits: {during_ms / idle_ms:.2f}x (target <= 2x)")


def main() -> None:
    sessions = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    big_calls = int(sys.argv[2]) if len(sys.argv) > 2 else 6
    only = sys.argv[3] if len(sys.argv) > 3 else "123"
    scenarios = {"1": (big_answers, ()), "2": (many_sessions, (sessions,)), "3": (starvation, (big_calls,))}
    for key in only:
        scenario, args = scenarios[key]
        with running("app.py") as (url, process, _):
            call_api(url, "compare", ["warm up", False, None])  # waits for the tokenizers
            call_api(url, "embedding", ["warm up", GPT2_INIT])
            steady_rss(process.pid)  # and for the rest of the background warm-up
            scenario(url, process.pid, *args)


if __name__ == "__main__":
    main()
