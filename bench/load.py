"""A room of students at once: N concurrent gradio_client users against the real app.

    python bench/load.py [users] [edits]

A lecture: each user (default 50) opens one of the five prepared examples and types
`edits` words onto it (default 20), one edit per word. Each edit calls what the page calls
on an edit, /panels and /embedding, and the scripting API /compare. Every user's text is
its own (it carries the user's number), so no user is answered from another's cache; a
user's own earlier heatmap may be reused while its first 64 tokens stay the same, as on
the page. The baseline, measured in the same run: the same users making the same number
of calls to the no-op endpoint of a bare Gradio app (bench/bare_app.py). Then the app's
peak memory.
"""

from __future__ import annotations

import statistics
import sys
import threading
import time

from serve import ROOT, peak_rss_mb, running

sys.path.insert(0, str(ROOT))
from playground.examples import EXAMPLES  # noqa: E402


def percentile(values: list[float], q: float) -> float:
    return statistics.quantiles(values, n=100, method="inclusive")[q - 1] if len(values) > 1 else values[0]


def run_load(url: str, calls_per_edit, users: int, edits: int) -> dict:
    """users threads, each with its own Client; returns latencies, errors and wall time."""
    from gradio_client import Client

    clients = [Client(url, verbose=False) for _ in range(users)]  # connecting is not timed
    latencies: list[tuple[str, float]] = []  # (endpoint, seconds)
    errors: list[str] = []
    lock = threading.Lock()
    start = threading.Barrier(users + 1)

    def user(u: int) -> None:
        client = clients[u]
        start.wait()
        text = f"{EXAMPLES[u % len(EXAMPLES)].text} (student {u})"
        for e in range(edits):
            text += f" word{e}"
            for api_name, args in calls_per_edit(text):
                t0 = time.perf_counter()
                try:
                    client.predict(*args, api_name=api_name)
                    with lock:
                        latencies.append((api_name, time.perf_counter() - t0))
                except Exception as err:  # counted and reported: the point is to see them
                    with lock:
                        errors.append(f"{api_name}: {type(err).__name__}: {err}")

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


def app_calls(text: str):
    return [("/panels", (text, True, "text", False)), ("/embedding", (text, "GPT-2: N(0, 0.02)")),
            ("/compare", (text, False))]


def noop_calls(text: str):
    return [("/noop", (text,))] * 3


def report(name: str, r: dict, endpoint: str | None = None) -> tuple[float, float]:
    """One table row: all calls, or one endpoint's. Returns (p95 seconds, calls per second)."""
    seconds = [t for api, t in r["latencies"] if endpoint in (None, api)]
    errors = [e for e in r["errors"] if endpoint is None or e.startswith(endpoint + ":")]
    p50, p95 = percentile(seconds, 50), percentile(seconds, 95)
    rate = len(seconds) / r["wall"]
    print(f"{name:<42} {len(seconds) + len(errors):6d} {len(errors):7d} {p50 * 1e3:9.0f} {p95 * 1e3:9.0f} {rate:8.1f}")
    return p95, rate


def main() -> None:
    users = int(sys.argv[1]) if len(sys.argv) > 1 else 50
    edits = int(sys.argv[2]) if len(sys.argv) > 2 else 20
    with running("bench/bare_app.py") as (url, _, _):
        bare = run_load(url, noop_calls, users, edits)
    with running("app.py") as (url, process, _):
        from gradio_client import Client

        Client(url, verbose=False).predict("warm up", False, api_name="/compare")  # background loading done
        app = run_load(url, app_calls, users, edits)
        peak = peak_rss_mb(process.pid)
    print(f"{users} users x {edits} edits x 3 calls")
    print(f"{'':<42} {'calls':>6} {'errors':>7} {'p50 ms':>9} {'p95 ms':>9} {'calls/s':>8}")
    bare_p95, bare_rate = report("bare Gradio app, no-op endpoint", bare)
    app_p95, app_rate = report("playground, all calls", app)
    for endpoint in ("/panels", "/embedding", "/compare"):
        report(f"  {endpoint}", app, endpoint)
    print(f"p95 ratio {app_p95 / bare_p95:.2f}x (target <= 1.5x); "
          f"throughput ratio {app_rate / bare_rate:.2f}x (target >= 0.67x); app peak memory {peak:.0f} MB")
    for err in (bare["errors"] + app["errors"])[:5]:
        print("error:", err)


if __name__ == "__main__":
    main()
