"""A lecture hall: hundreds of students editing at once, each an async HTTP client of the server.

    python bench/hall.py [students] [seconds] [every] [runs]

Each student (default 500) edits its own text every `every` seconds (default 5: 100 edits a
second for 500) for `seconds` (default 60), starting at a random moment of the first period, and
sends each edit as the page does: to the playground, one POST /playground/edit (the panels and
the embedding panel; a 503 is retried after Retry-After, then 2, 4, 8 s, as the page does, and
counted); to the bare Gradio app (bench/bare_app.py), the page's two events through
Gradio's queue (POST /gradio_api/call/<event>, then its event stream), at once. A student's
edit waits for its previous answer, as the page's does; its latency runs from the moment the
edit was due to its answer, so a server that falls behind shows it (an answer later than 30 s,
or an edit not yet sent 15 s after the hall's end, is an error). Every student's text is its
own (it carries the student's number and the edit's), so nothing is answered from a cache. As
the page does, a student's edit to the playground carries the text of the panels it shows (its
previous edit's, as shown_text), so the answer holds only what changed after it.
The playground and the bare app take turns, `runs` times each (default 1), each on its own fresh
server; loads only 127.0.0.1. Prints each run's p50, p95, worst, errors, 503s retried, the
server's CPU per answered edit, the students one core would serve at that cost (one edit each
every `every` s), and the server's memory after the run.
"""

from __future__ import annotations

import asyncio
import random
import statistics
import sys
import time

import aiohttp
from serve import ROOT, cpu_seconds, rss_mb, running

sys.path.insert(0, str(ROOT))
from playground.lesson.examples import EXAMPLES  # noqa: E402

INIT = "GPT-2: N(0, 0.02)"
TIMEOUT = aiohttp.ClientTimeout(total=30)  # an answer later than this is an error
GRACE_SECONDS = 15  # past the hall's end by this much, a student sends no more: its edits left are errors


def student_text(student: int, edit: int) -> tuple[str, str]:
    """(text, example key) of a student's edit: an example, the student's number, and words typed onto it."""
    example = EXAMPLES[student % len(EXAMPLES)]
    return f"{example.text} (student {student})" + "".join(f" word{e}" for e in range(edit + 1)), example.key


REFUSED: list[int] = []  # 503 answers, each retried as the page retries them (edit.js)
RETRIES = 10


async def playground_edit(session: aiohttp.ClientSession, url: str, text: str, example: str, shown: str | None) -> None:
    body = {"text": text, "mark_whitespace": True, "view": "text", "special": False,
            "tokenizers": ["gpt2", "bert", "llama"], "example": example, "init": INIT,
            **({"shown_text": shown} if shown is not None else {})}
    for attempt in range(RETRIES + 1):
        async with session.post(f"{url}playground/edit", json=body) as response:
            answer = await response.read()
            if response.status == 503 and attempt < RETRIES:  # full: wait as the page waits, then again
                REFUSED.append(1)
                await asyncio.sleep(max(int(response.headers.get("Retry-After", "1")), min(2 ** attempt, 8)))
                continue
            if response.status != 200 or b'data-tokenizer=\\"gpt2\\"' not in answer:
                raise RuntimeError(f"HTTP {response.status}: {answer[:80]!r}")
            return


async def queue_call(session: aiohttp.ClientSession, url: str, event: str, text: str) -> None:
    async with session.post(f"{url}gradio_api/call/{event}", json={"data": [text]}) as response:
        if response.status != 200:
            raise RuntimeError(f"HTTP {response.status}: {(await response.read())[:80]!r}")
        event_id = (await response.json())["event_id"]
    async with session.get(f"{url}gradio_api/call/{event}/{event_id}") as response:
        stream = await response.read()
        if b"event: complete" not in stream:
            raise RuntimeError(f"no result: {stream[:80]!r}")


async def bare_edit(session: aiohttp.ClientSession, url: str, text: str, example: str, shown: str | None) -> None:
    await asyncio.gather(queue_call(session, url, "noop", text), queue_call(session, url, "echo", text))


async def hall(url: str, send, students: int, seconds: float, every: float) -> dict:
    latencies: list[float] = []
    errors: list[str] = []
    edits = int(seconds / every)
    rng = random.Random(0)
    offsets = [rng.uniform(0, every) for _ in range(students)]

    async def student(session: aiohttp.ClientSession, s: int, start: float) -> None:
        for e in range(edits):
            due = start + offsets[s] + e * every
            if time.perf_counter() > start + seconds + GRACE_SECONDS:  # the server is that far behind
                errors.extend(["never sent: the server was over a hall's length behind"] * (edits - e))
                return
            await asyncio.sleep(max(0.0, due - time.perf_counter()))
            try:
                await send(session, url, *student_text(s, e), student_text(s, e - 1)[0] if e else None)
                latencies.append(time.perf_counter() - due)
            except Exception as err:  # counted and reported: the point is to see them
                errors.append(f"{type(err).__name__}: {err}")

    connector = aiohttp.TCPConnector(limit=0)  # one connection per student, as each browser has its own
    async with aiohttp.ClientSession(connector=connector, timeout=TIMEOUT) as session:
        start = time.perf_counter() + 1.0
        await asyncio.gather(*(student(session, s, start) for s in range(students)))
    refused = len(REFUSED)
    REFUSED.clear()
    return {"latencies": latencies, "errors": errors, "edits": students * edits, "refused": refused}


def percentile(values: list[float], q: int) -> float:
    return statistics.quantiles(values, n=100, method="inclusive")[q - 1] if len(values) > 1 else values[0]


def one_run(name: str, script: str, send, students: int, seconds: float, every: float) -> dict:
    with running(script) as (url, process, _):
        asyncio.run(hall(url, send, 5, 2 * every, every))  # warm up: tokenizers, table, first calls
        cpu0 = cpu_seconds(process.pid)
        r = asyncio.run(hall(url, send, students, seconds, every))
        r["cpu_ms"] = (cpu_seconds(process.pid) - cpu0) / max(1, len(r["latencies"])) * 1e3  # per answered edit
        r["rss"] = rss_mb(process.pid)
    ms = sorted(t * 1e3 for t in r["latencies"]) or [float("nan")]
    r["p95"] = percentile(ms, 95)
    per_core = every * 1e3 / r["cpu_ms"]  # students one core keeps up with, at one edit per `every` s each
    print(f"{name:<34} {len(ms):6d} {len(r['errors']):7d} {r['refused']:5d} {percentile(ms, 50):8.0f} {r['p95']:8.0f} "
          f"{ms[-1]:8.0f} {r['cpu_ms']:8.1f} {per_core:7.0f} {r['rss']:7.0f}", flush=True)
    for err in r["errors"][:3]:
        print("   error:", err[:160])
    return r


def main() -> None:
    students = int(sys.argv[1]) if len(sys.argv) > 1 else 500
    seconds = float(sys.argv[2]) if len(sys.argv) > 2 else 60
    every = float(sys.argv[3]) if len(sys.argv) > 3 else 5
    runs = int(sys.argv[4]) if len(sys.argv) > 4 else 1
    print(f"{students} students, one edit each every {every:g} s ({students / every:.0f} edits/s) for {seconds:g} s; "
          f"latency from the moment an edit is due to its answer")
    print(f"{'':<34} {'edits':>6} {'errors':>7} {'503s':>5} {'p50 ms':>8} {'p95 ms':>8} {'worst':>8} {'CPU/edit':>8} "
          f"{'per core':>7} {'MB after':>7}")
    results: dict[str, list[dict]] = {"playground": [], "bare": []}
    for _ in range(runs):
        results["playground"].append(one_run("playground, POST /playground/edit", "app.py", playground_edit,
                                             students, seconds, every))
        results["bare"].append(one_run("bare Gradio app, 2 queued events", "bench/bare_app.py", bare_edit,
                                       students, seconds, every))
    app, bare = ([f"{r['p95']:.0f}" for r in results[name]] for name in ("playground", "bare"))
    errors = sum(len(r["errors"]) for r in results["playground"])
    print(f"playground p95 {', '.join(app)} ms (target <= 500 ms), errors {errors} (target 0); "
          f"bare app p95 {', '.join(bare)} ms")


if __name__ == "__main__":
    main()
