"""A room of students at once: N concurrent users against the real app, each pausing in its typing.

    python bench/load.py [users] [pauses] [every]

A lecture: each user (default 50) opens one of the five prepared examples and types words onto it;
the page paints each key itself and asks the server only when the typing pauses. Each user pauses
`pauses` times (default 10), one pause every `every` seconds (default 3), starting at a random moment
of the first period. At each pause it asks what the page asks: POST /playground/embedding (with its
previous answer's figure key as shown_figure) and POST /playground/answer (its example's answer), at
once, over the user's own two keep-alive connections. Every user's text is its own (it carries the
user's number), so no user is answered from another's cache. The baseline, measured in the same run:
the same users each making, per pause, the two calls the bare Gradio app's page makes (its no-op
event, twice, through the queue, with gradio_client). A pause's latency runs from the moment it was
due to its last answer. Then each server's CPU per pause, its memory after its run, and the app's peak.
"""

from __future__ import annotations

import http.client
import json
import random
import statistics
import sys
import threading
import time
import urllib.parse

from serve import GPT2_INIT, LESSON, ROOT, cpu_seconds, peak_rss_mb, rss_mb, running

sys.path.insert(0, str(ROOT))
from playground.lesson.examples import EXAMPLES  # noqa: E402

SETTLE_SECONDS = 20  # the idle server's memory is read again after this (server.TRIM_EVERY_SECONDS is 15)


def percentile(values: list[float], q: float) -> float:
    return statistics.quantiles(values, n=100, method="inclusive")[q - 1] if len(values) > 1 else values[0]


class PauseClient:
    """What the page asks at a pause, over two keep-alive connections: the embedding and the answer, at once."""

    def __init__(self, url: str) -> None:
        parts = urllib.parse.urlsplit(url)
        self.embedding, self.answer = (http.client.HTTPConnection(parts.hostname, parts.port, timeout=120)
                                       for _ in range(2))
        self.figure_key: str | None = None  # the figure the page shows

    def pause(self, text: str, example: str) -> None:
        shown = {"shown_figure": self.figure_key} if self.figure_key else {}
        asks = [(self.embedding, "/playground/embedding", {"text": text, "init": GPT2_INIT, **shown}),
                (self.answer, "/playground/answer", {"text": text, "example": example, "tokenizers": LESSON})]
        for connection, path, values in asks:  # both sent before either is read: they are under way at once
            connection.request("POST", path, json.dumps(values), {"Content-Type": "application/json"})
        for connection, path, _ in asks:
            response = connection.getresponse()
            answer = response.read()
            if response.status != 200:
                raise RuntimeError(f"{path}: HTTP {response.status}: {answer[:80]!r}")
            if path == "/playground/embedding":
                self.figure_key = json.loads(answer)["figure_key"]

    def close(self) -> None:
        self.embedding.close()
        self.answer.close()


class NoopClient:
    """What the bare app's page sends at a pause: its no-op event twice (bench/bare_app.py), through the queue."""

    def __init__(self, url: str) -> None:
        from gradio_client import Client

        self.client = Client(url, verbose=False)

    def pause(self, text: str, example: str) -> None:
        for _ in range(2):
            self.client.predict(text, api_name="/noop")

    def close(self) -> None:
        self.client.close()


def run_load(url: str, client_class, users: int, pauses: int, every: float) -> dict:
    """users threads, each with its own client, pausing every `every` s; returns latencies and errors."""
    clients = [client_class(url) for _ in range(users)]  # not timed
    latencies: list[float] = []
    errors: list[str] = []
    lock = threading.Lock()
    start = threading.Barrier(users + 1)
    rng = random.Random(0)
    offsets = [rng.uniform(0, every) for _ in range(users)]

    def user(u: int) -> None:
        client = clients[u]
        start.wait()
        t0 = time.perf_counter()
        example = EXAMPLES[u % len(EXAMPLES)]
        text = f"{example.text} (student {u})"
        for p in range(pauses):
            text += f" word{p}"
            due = t0 + offsets[u] + p * every
            time.sleep(max(0.0, due - time.perf_counter()))
            try:
                client.pause(text, example.key)
                with lock:
                    latencies.append(time.perf_counter() - due)
            except Exception as err:  # counted and reported: the point is to see them
                with lock:
                    errors.append(f"{type(err).__name__}: {err}")

    threads = [threading.Thread(target=user, args=(u,)) for u in range(users)]
    for t in threads:
        t.start()
    start.wait()
    for t in threads:
        t.join()
    for client in clients:
        client.close()
    return {"latencies": latencies, "errors": errors}


def report(name: str, r: dict) -> float:
    """One table row; returns the p95 in seconds."""
    seconds = r["latencies"]
    p50, p95 = percentile(seconds, 50), percentile(seconds, 95)
    print(f"{name:<44} {len(seconds) + len(r['errors']):6d} {len(r['errors']):7d} {p50 * 1e3:9.0f} {p95 * 1e3:9.0f} "
          f"{max(seconds) * 1e3:9.0f}")
    return p95


def main() -> None:
    users = int(sys.argv[1]) if len(sys.argv) > 1 else 50
    pauses = int(sys.argv[2]) if len(sys.argv) > 2 else 10
    every = float(sys.argv[3]) if len(sys.argv) > 3 else 3
    with running("bench/bare_app.py") as (url, process, _):
        cpu0 = cpu_seconds(process.pid)
        bare = run_load(url, NoopClient, users, pauses, every)
        bare_cpu, bare_after = cpu_seconds(process.pid) - cpu0, rss_mb(process.pid)
    with running("app.py") as (url, process, _):
        PauseClient(url).pause("warm up", EXAMPLES[0].key)  # the background loading is done before the clock starts
        cpu0 = cpu_seconds(process.pid)
        app = run_load(url, PauseClient, users, pauses, every)
        app_cpu, app_after, peak = cpu_seconds(process.pid) - cpu0, rss_mb(process.pid), peak_rss_mb(process.pid)
        time.sleep(SETTLE_SECONDS)
        app_settled = rss_mb(process.pid)
    print(f"{users} users x {pauses} pauses in typing, one every {every:g} s; at each, the playground's page asks "
          "/playground/embedding and /playground/answer, the bare app's page makes two queued no-op calls")
    print(f"{'':<44} {'count':>6} {'errors':>7} {'p50 ms':>9} {'p95 ms':>9} {'worst ms':>9}")
    bare_p95 = report("bare Gradio app: pauses (2 no-op calls)", bare)
    app_p95 = report("playground: pauses (/embedding + /answer)", app)
    print(f"per pause: p95 ratio {app_p95 / bare_p95:.2f}x (target <= 1.0x); errors {len(app['errors'])} (target 0)")
    n_pauses = users * pauses
    print(f"server CPU per pause: playground {app_cpu / n_pauses * 1e3:.1f} ms, "
          f"bare app {bare_cpu / n_pauses * 1e3:.1f} ms")
    print(f"memory after the run: playground {app_after:.0f} MB at once, {app_settled:.0f} MB {SETTLE_SECONDS} s later "
          f"(target <= 700 MB); bare app {bare_after:.0f} MB; playground peak {peak:.0f} MB")
    for err in (bare["errors"] + app["errors"])[:5]:
        print("error:", err)


if __name__ == "__main__":
    main()
