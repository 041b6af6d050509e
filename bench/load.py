"""A room of students at once: N concurrent gradio_client users against the real app.

    python bench/load.py [users] [edits]

A lecture: each user (default 50) opens one of the five prepared examples and types
`edits` words onto it (default 20), one edit per word. Each edit makes the call the page
makes on an edit: one POST /playground/edit (the three panels, the example's question and
answer, and the embedding panel), over the user's own keep-alive connection. Every user's text
is its own (it carries the user's number), so no user is answered from another's cache. The
baseline, measured in the same run: the same users each making, per edit, the two calls the
bare Gradio app's page makes (its no-op event, twice, through the queue, with gradio_client).
Then each server's memory after its run, and the app's peak.
"""

from __future__ import annotations

import http.client
import json
import statistics
import sys
import threading
import time
import urllib.parse

from serve import ROOT, cpu_seconds, peak_rss_mb, rss_mb, running

sys.path.insert(0, str(ROOT))
from playground.lesson.examples import EXAMPLES  # noqa: E402
from playground.page.edit_route import FIELDS as EDIT_FIELDS  # noqa: E402

SETTLE_SECONDS = 20  # the idle server's memory is read again after this (server.TRIM_EVERY_SECONDS is 15)


def percentile(values: list[float], q: float) -> float:
    return statistics.quantiles(values, n=100, method="inclusive")[q - 1] if len(values) > 1 else values[0]


class EditClient:
    """What the page does on an edit, over one keep-alive connection: POST /playground/edit."""

    def __init__(self, url: str) -> None:
        parts = urllib.parse.urlsplit(url)
        self.connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=120)

    def predict(self, *args, api_name: str) -> dict:
        self.connection.request("POST", api_name, json.dumps(dict(zip(EDIT_FIELDS, args))),
                                {"Content-Type": "application/json"})
        response = self.connection.getresponse()
        answer = response.read()
        if response.status != 200:
            raise RuntimeError(f"HTTP {response.status}: {answer[:80]!r}")
        return json.loads(answer)

    def close(self) -> None:
        self.connection.close()


def run_load(url: str, calls_per_edit, users: int, edits: int) -> dict:
    """users threads, each with its own client; returns latencies, errors and wall time."""
    from gradio_client import Client

    route = calls_per_edit("", "")[0][0].startswith("/playground/")
    clients = [EditClient(url) if route else Client(url, verbose=False) for _ in range(users)]  # not timed
    latencies: list[tuple[str, float]] = []  # (endpoint, seconds)
    errors: list[str] = []
    lock = threading.Lock()
    start = threading.Barrier(users + 1)

    def user(u: int) -> None:
        client = clients[u]
        start.wait()
        example = EXAMPLES[u % len(EXAMPLES)]
        text = f"{example.text} (student {u})"
        for e in range(edits):
            text += f" word{e}"
            edit_start = time.perf_counter()
            for api_name, args in calls_per_edit(text, example.key):
                t0 = time.perf_counter()
                try:
                    client.predict(*args, api_name=api_name)
                    with lock:
                        latencies.append((api_name, time.perf_counter() - t0))
                except Exception as err:  # counted and reported: the point is to see them
                    with lock:
                        errors.append(f"{api_name}: {type(err).__name__}: {err}")
            with lock:
                latencies.append(("edit", time.perf_counter() - edit_start))

    threads = [threading.Thread(target=user, args=(u,)) for u in range(users)]
    for t in threads:
        t.start()
    start.wait()
    t0 = time.perf_counter()
    for t in threads:
        t.join()
    wall = time.perf_counter() - t0
    for client in clients:
        client.close()
    return {"latencies": latencies, "errors": errors, "wall": wall}


def page_calls(text: str, example: str):
    """What the page sends on an edit: one POST to the edit route (playground/page/edit_route.py)."""
    return [("/playground/edit", (text, True, "text", False, ["gpt2", "bert", "llama"], example, "GPT-2: N(0, 0.02)"))]


def noop_calls(text: str, example: str):
    """What the bare app's page sends on an edit: its two events (bench/bare_app.py), through the queue."""
    return [("/noop", (text,))] * 2


def report(name: str, r: dict, endpoint: str) -> tuple[float, float]:
    """One table row: whole edits ("edit", each the sum of its calls) or one endpoint's calls.
    Returns (p95 seconds, per second)."""
    seconds = [t for api, t in r["latencies"] if api == endpoint]
    errors = [e for e in r["errors"] if endpoint == "edit" or e.startswith(endpoint + ":")]
    p50, p95 = percentile(seconds, 50), percentile(seconds, 95)
    rate = len(seconds) / r["wall"]
    print(f"{name:<42} {len(seconds) + len(errors):6d} {len(errors):7d} {p50 * 1e3:9.0f} {p95 * 1e3:9.0f} {rate:8.1f}")
    return p95, rate


def main() -> None:
    users = int(sys.argv[1]) if len(sys.argv) > 1 else 50
    edits = int(sys.argv[2]) if len(sys.argv) > 2 else 20
    with running("bench/bare_app.py") as (url, process, _):
        cpu0 = cpu_seconds(process.pid)
        bare = run_load(url, noop_calls, users, edits)
        bare_cpu, bare_after = cpu_seconds(process.pid) - cpu0, rss_mb(process.pid)
    with running("app.py") as (url, process, _):
        for api_name, args in page_calls("warm up", ""):  # the background loading is done before the clock starts
            EditClient(url).predict(*args, api_name=api_name)
        cpu0 = cpu_seconds(process.pid)
        app = run_load(url, page_calls, users, edits)
        app_cpu, app_after, peak = cpu_seconds(process.pid) - cpu0, rss_mb(process.pid), peak_rss_mb(process.pid)
        time.sleep(SETTLE_SECONDS)
        app_settled = rss_mb(process.pid)
    print(f"{users} users x {edits} edits; per edit, the playground's page makes one call (POST /playground/edit), "
          "the bare app's page two (queued no-op events)")
    print(f"{'':<42} {'count':>6} {'errors':>7} {'p50 ms':>9} {'p95 ms':>9} {'per s':>8}")
    bare_p95, bare_rate = report("bare Gradio app: edits (2 no-op calls)", bare, "edit")
    app_p95, app_rate = report("playground: edits (1 call to the route)", app, "edit")
    print(f"per edit: p95 ratio {app_p95 / bare_p95:.2f}x (target <= 1.0x); "
          f"throughput ratio {app_rate / bare_rate:.2f}x (target >= 1.0x); errors {len(app['errors'])} (target 0)")
    n_edits = users * edits
    print(f"server CPU per edit: playground {app_cpu / n_edits * 1e3:.1f} ms, bare app {bare_cpu / n_edits * 1e3:.1f} ms")
    print(f"memory after the run: playground {app_after:.0f} MB at once, {app_settled:.0f} MB {SETTLE_SECONDS} s later "
          f"(target <= 700 MB); bare app {bare_after:.0f} MB; playground peak {peak:.0f} MB")
    for err in (bare["errors"] + app["errors"])[:5]:
        print("error:", err)


if __name__ == "__main__":
    main()
