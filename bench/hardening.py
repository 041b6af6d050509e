"""Can a few hostile or careless clients exhaust the classroom server? Eight measurements.

    python bench/hardening.py [sessions] [big_calls] [scenarios, e.g. 13 or 45678]

Each scenario runs against a fresh `python app.py` on loopback, after one warm-up call:

1. Big answers: 8 fresh sessions, one after another, each /compare 100,000 emoji.
   The server's memory afterwards, against before (target: <= 400 MB above), and again
   once the big-input worker process has exited (it does after 120 s without a long text).
2. Many sessions: `sessions` (default 1,000) fresh sessions, 4 at a time, each one small
   distinct text through POST /playground/answer, the /embedding event or /compare in turn
   (target: <= 150 MB above).
3. Starvation: `big_calls` (default 6) concurrent /compare calls of 400 KB of emoji, and
   meanwhile a lecturer's small "Hello world" ask (POST /playground/embedding, what a page asks
   at a pause in typing), timed against the same ask on the idle server measured just before
   (targets: peak growth <= 1.5 GB; the small ask's median within 2x its idle time).
4. Replay and tokenizer lists: /replay of "😀" x 3,000 (llama), "a" x 5,000 (gpt2)
   and a 1 MB paste of "👩‍👩‍👧‍👦" x 40,000 (gpt2); /compare of 9,990 characters with "gpt2"
   named 1,000 times. Seconds, answer size, the server's memory (target: <= 150 MB above).
5. Unread results: 120 /replay POSTs (0.8 MB answers) never followed by their GET
   (target: <= 70 MB above, whatever their number).
6. Long texts against small asks: 48 concurrent 100,000-character POST /playground/embedding
   asks from one address (the long lane takes 8 of them from one client; the rest are told 503,
   counted), and meanwhile "Hello world" asks, against the same ask idle (target: median within 2x).
7. The log: /gradio_api/custom_component/<marker with a newline>/..., and unknown event ids
   through /call/<name>/<id> and /queue/data: lines the log gains, and whether the marker is there.
8. The worker follows the server out: SIGTERM, SIGINT, SIGKILL of the server with the worker
   running; seconds until the worker has exited (target: a few).

Memory is the resident set of the server and any processes it started, sampled every 50 ms
(scenarios 4 and 5: the server's own process, where those requests used to pile up).
"""

from __future__ import annotations

import json
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

from serve import (GPT2_INIT, LESSON, ROOT, ApiError, ask, ask_ok, call_api, descendants, free_port, rss_mb, running,
                   wait_for_http, wait_gone)

EMOJI = "😀"


def tree_rss_mb(pid: int) -> float:
    """Resident memory of pid and all its descendants, in MB."""
    total = 0.0
    for p in [pid, *descendants(pid)]:
        try:
            total += rss_mb(p)
        except OSError:  # it exited meanwhile
            continue
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


def small_ask(url: str, text: str = "Hello world") -> float:
    """Seconds of one POST /playground/embedding, what a page asks at a pause in typing."""
    t0 = time.perf_counter()
    ask_ok(url, "playground/embedding", {"text": text, "init": GPT2_INIT})
    return time.perf_counter() - t0


def small_asks_during(url: str, threads: list[threading.Thread], most: int) -> list[float]:
    """Start the threads (the load), and time small asks, one after another, until they end."""
    for t in threads:
        t.start()
    time.sleep(0.5)  # the load is under way
    during = []
    while any(t.is_alive() for t in threads) and len(during) < most:
        during.append(small_ask(url, f"Hello world, again {len(during)}"))
    for t in threads:
        t.join()
    return during


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
        endpoint, args = [("playground/answer", {"text": text, "example": "code", "tokenizers": LESSON}),
                          ("embedding", [text, GPT2_INIT]), ("compare", [text, False, None])][i % 3]
        try:
            if endpoint.startswith("playground/"):
                ask_ok(url, endpoint, args)
            else:
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
    print(f"2. {sessions:,} fresh sessions, small distinct texts: {len(errors)} errors in {seconds:.0f} s; memory "
          f"{before:.0f} -> {after:.0f} MB (+{after - before:.0f} MB, target <= 150)")
    print("   memory along the way: " + ", ".join(f"{n:,} requests {mb:.0f} MB" for n, mb in checkpoints)
          + f"; second half +{checkpoints[-1][1] - checkpoints[1][1]:.0f} MB")
    for err in errors[:3]:
        print("   error:", err)


def starvation(url: str, pid: int, big_calls: int) -> None:
    idle = [small_ask(url, f"Hello world {i}") for i in range(7)]
    before = tree_rss_mb(pid)
    text = EMOJI * 100_000  # 400 KB of UTF-8
    outcomes: list[str] = []

    def big() -> None:
        try:
            call_api(url, "compare", [text, False, None])
            outcomes.append("ok")
        except ApiError as err:
            outcomes.append(f"refused: {err}")

    with PeakSampler(pid) as sampler:
        threads = [threading.Thread(target=big) for _ in range(big_calls)]
        during = small_asks_during(url, threads, 30)
    idle_ms, during_ms = statistics.median(idle) * 1e3, statistics.median(during) * 1e3
    print(f"3. {big_calls} concurrent /compare of 400 KB: {outcomes.count('ok')} answered, "
          f"{len(outcomes) - outcomes.count('ok')} refused {sorted(set(o for o in outcomes if o != 'ok'))[:1]}; "
          f"peak memory +{sampler.peak - before:.0f} MB (target <= 1,500)")
    print(f"   a small /playground/embedding ask: idle median {idle_ms:.0f} ms; during the big calls median "
          f"{during_ms:.0f} ms, max {max(during) * 1e3:.0f} ms over {len(during)} asks: {during_ms / idle_ms:.2f}x "
          "(target <= 2x)")


def settled_own_rss(pid: int) -> float:
    time.sleep(3)
    return rss_mb(pid)


def replay_and_lists(url: str, pid: int) -> None:
    call_api(url, "replay", ["warm up", "llama"])
    before = settled_own_rss(pid)
    for text, name, label in [("😀" * 3000, "llama", '"😀" x 3,000, llama'), ("a" * 5000, "gpt2", '"a" x 5,000, gpt2'),
                              ("👩‍👩‍👧‍👦" * 40_000, "gpt2", '1 MB of "👩‍👩‍👧‍👦", gpt2')]:
        t0 = time.perf_counter()
        [answer] = call_api(url, "replay", [text, name])
        print(f"4. /replay {label}: {time.perf_counter() - t0:.2f} s, {len(json.dumps(answer)) / 1e6:.2f} MB answer, "
              f"cut {answer['cut']}, {len(answer['chunks'])} chunk(s)")
    t0 = time.perf_counter()
    try:
        call_api(url, "compare", ["a" * 9990, False, ["gpt2"] * 1000])
        outcome = "answered"
    except ApiError as err:
        outcome = f"refused: {err.args[0]['error'][:60]}…"
    print(f"   /compare of 9,990 characters, gpt2 x 1,000: {time.perf_counter() - t0:.2f} s, {outcome}")
    after = settled_own_rss(pid)
    print(f"   the server's own memory {before:.0f} -> {after:.0f} MB (+{after - before:.0f} MB, target <= 150)")


def post_only(url: str, api_name: str, data: list) -> str:
    request = urllib.request.Request(f"{url}gradio_api/call/{api_name}", data=json.dumps({"data": data}).encode(),
                                     headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=60) as response:
        return json.load(response)["event_id"]


def unread_results(url: str, pid: int) -> None:
    text = ("€" * 80 + " ") * 40  # 100,000 pieces of steps
    [one] = call_api(url, "replay", [text, "gpt2"])
    size = len(json.dumps(one, ensure_ascii=False).encode()) / 1e6
    before = settled_own_rss(pid)
    ids = [post_only(url, "replay", [text, "gpt2"]) for _ in range(120)]
    call_api(url, "replay", [text + " last", "gpt2"])  # queued after the 120 in the same lane: they are done
    after = settled_own_rss(pid)
    try:
        with urllib.request.urlopen(f"{url}gradio_api/call/replay/{ids[0]}", timeout=60) as response:
            first = "dropped, and says so" if b"not read in time" in response.read() else "kept"
    except urllib.error.HTTPError as err:
        first = f"HTTP {err.code}: {json.load(err)['detail'][:40]}…"
    print(f"5. 120 /replay POSTs never read ({120 * size:.0f} MB of JSON answers): the server's own memory "
          f"{before:.0f} -> {after:.0f} MB (+{after - before:.0f} MB, target <= 70); the first, read now: {first}")


def long_texts_against_small_asks(url: str, pid: int, calls: int = 48) -> None:
    small_ask(url, "warm the worker " + "x " * 6000)  # the worker is up: its start is not what is measured
    idle = [small_ask(url, f"Hello world {i}") for i in range(7)]
    statuses: list[int] = []

    def long_ask(k: int) -> None:
        statuses.append(ask(url, "playground/embedding", {"text": f"{k} " + "x y " * 25_000, "init": GPT2_INIT})[0])

    threads = [threading.Thread(target=long_ask, args=(k,)) for k in range(calls)]
    t0 = time.perf_counter()
    during = small_asks_during(url, threads, 40)
    idle_ms, during_ms = statistics.median(idle) * 1e3, statistics.median(during) * 1e3
    slow = sum(d * 1e3 > 2 * idle_ms for d in during)
    print(f"6. {calls} concurrent /playground/embedding of 100,000 characters ({time.perf_counter() - t0:.0f} s for "
          f"all; {statuses.count(200)} answered, {statuses.count(503)} told 503): a small ask idle median "
          f"{idle_ms:.0f} ms; during, median {during_ms:.0f} ms, max {max(during) * 1e3:.0f} ms "
          f"over {len(during)} asks ({slow} over 2x idle): {during_ms / idle_ms:.2f}x (target <= 2x)")


def log_lines(url: str, log: Path) -> None:
    before = log.read_text().count("\n")
    for path in ("gradio_api/custom_component/MARKER16%0AFORGED/client/x/y.js",
                 "gradio_api/call/compare/MARKER16-event", "gradio_api/queue/data?session_hash=MARKER16"):
        for _ in range(100):
            try:
                urllib.request.urlopen(url + path, timeout=10).read()
            except urllib.error.HTTPError as err:
                err.read()
    time.sleep(1)
    text = log.read_text()
    print(f"7. 300 requests to routes that printed what they were sent: the log gained "
          f"{text.count(chr(10)) - before} lines; the marker appears {text.count('MARKER16')} times")


def worker_follows_server() -> None:
    for how in (signal.SIGTERM, signal.SIGINT, signal.SIGKILL):
        port = free_port()
        env = {**os.environ, "GRADIO_SERVER_NAME": "127.0.0.1", "GRADIO_SERVER_PORT": str(port)}
        server = subprocess.Popen([sys.executable, "app.py"], cwd=ROOT, env=env,
                                  stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        url = f"http://127.0.0.1:{port}/"
        wait_for_http(url, 180, server)
        call_api(url, "compare", ["x" * 20_000, False, None])  # the worker starts
        started = descendants(server.pid)
        server.send_signal(how)
        server.wait(60)
        t0 = time.perf_counter()
        left = wait_gone(started, 60)
        for pid in left:
            os.kill(pid, signal.SIGKILL)
        print(f"8. {how.name} to the server: its {len(started)} child process(es) gone "
              f"{time.perf_counter() - t0:.1f} s after it exited" + (f"; LEFT RUNNING: {left}" if left else ""))


def main() -> None:
    sessions = int(sys.argv[1]) if len(sys.argv) > 1 else 1000
    big_calls = int(sys.argv[2]) if len(sys.argv) > 2 else 6
    only = sys.argv[3] if len(sys.argv) > 3 else "12345678"
    scenarios = {"1": (big_answers, ()), "2": (many_sessions, (sessions,)), "3": (starvation, (big_calls,)),
                 "4": (replay_and_lists, ()), "5": (unread_results, ()), "6": (long_texts_against_small_asks, ())}
    for key in only:
        if key == "8":
            worker_follows_server()
            continue
        with tempfile.TemporaryDirectory() as tmp:
            log = Path(tmp) / "server.log"
            with open(log, "w") as out, running("app.py", output=out) as (url, process, _):
                call_api(url, "compare", ["warm up", False, None])  # waits for the tokenizers
                call_api(url, "embedding", ["warm up", GPT2_INIT])
                steady_rss(process.pid)  # and for the rest of the background warm-up
                if key == "7":
                    log_lines(url, log)
                    continue
                scenario, args = scenarios[key]
                scenario(url, process.pid, *args)


if __name__ == "__main__":
    main()
