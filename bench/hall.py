"""A lecture hall: hundreds of students typing at once, or opening the link at once, each an async HTTP client
of the server.

    python bench/hall.py [students] [seconds] [every] [runs]

The page tokenizes and paints each key itself; the server hears from a student only when the typing
pauses (300 ms after a key). Each student (default 500) pauses every `every` seconds (default 5: 100
pauses a second for 500) for `seconds` (default 60), starting at a random moment of the first period,
and asks for each pause what the page asks: to the playground, POST /playground/embedding (with the
figure key of its previous answer as shown_figure, as the page does) and POST /playground/answer
(its example's answer), at once (a 503 is retried after Retry-After, then 2, 4, 8 s, and counted); to
the bare Gradio app (bench/bare_app.py), its page's two events through Gradio's queue (POST
/gradio_api/call/<event>, then its event stream), at once. A student's pause waits for its previous
answers; its latency runs from the moment the pause was due to its last answer, so a server that falls
behind shows it (an answer later than 30 s, or a pause not yet sent 15 s after the hall's end, is an
error). Every student's text is its own (it carries the student's number and the pause's), so nothing
is answered from a cache.
The playground and the bare app take turns, `runs` times each (default 1), each on its own fresh
server; loads only 127.0.0.1. Prints each run's p50, p95, worst, errors, 503s retried, the
server's CPU per answered pause, the students one core would serve at that cost (one pause each
every `every` s), and the server's memory after the run.

    python bench/hall.py arrival [students] [seconds]

The arrival: the class opening the link at once. The link (/) is opened once in Chromium, cold, and what it
fetched from the server is listed (bench/page_requests.py: until its first tokens are painted and the network is
idle); then each of `students` (default 300), arriving evenly over `seconds` (default 30), fetches those files
with aiohttp as a browser would: gzip accepted (Chromium's Accept-Encoding, "gzip, deflate, br, zstd": the
server picks), at most 6 requests at a time (6 connections, a browser's per host), the document first, then the
rest in the order Chromium asked for them, each answer read whole. The page's asks (POST /playground/embedding,
Gradio's queue) and its event streams and websockets are not replayed: they are counted apart (the typing phase
above is the asks' load; a stream is a connection held open, not a file). The same for the bare Gradio app's
page, each on its own fresh server. Prints per host the files and bytes a student fetched, the p50/p95/worst
time for a student to have them all, errors, the server's CPU per student (and this client's own, which shares
the cores), the ratios playground/bare, the requests the page made, and the warm check: the link opened again
in the same browser context, then reloaded, and where each answer came from.
"""

from __future__ import annotations

import asyncio
import random
import statistics
import sys
import time
from collections import Counter
from urllib.parse import urlsplit

import aiohttp
import orjson
from first_paint import hello_world_ids
from page_requests import PageRequests, record
from serve import GPT2_INIT, LESSON, ROOT, cpu_seconds, rss_mb, running

sys.path.insert(0, str(ROOT))
from playground.lesson.examples import EXAMPLES  # noqa: E402

INIT = GPT2_INIT
TIMEOUT = aiohttp.ClientTimeout(total=30)  # an answer later than this is an error
GRACE_SECONDS = 15  # past the hall's end by this much, a student sends no more: its pauses left are errors


def student_text(student: int, pause: int) -> tuple[str, str]:
    """(text, example key) at a student's pause: an example, the student's number, and words typed onto it."""
    example = EXAMPLES[student % len(EXAMPLES)]
    return f"{example.text} (student {student})" + "".join(f" word{e}" for e in range(pause + 1)), example.key


REFUSED: list[int] = []  # 503 answers, each retried as the page retries them
RETRIES = 10


async def post(session: aiohttp.ClientSession, url: str, path: str, body: dict, expect: str) -> dict:
    """One of the page's asks; its JSON answer, which must hold the key `expect`."""
    for attempt in range(RETRIES + 1):
        async with session.post(f"{url}{path}", json=body) as response:
            answer = await response.read()
            if response.status == 503 and attempt < RETRIES:  # full: wait as the page waits, then again
                REFUSED.append(1)
                await asyncio.sleep(max(int(response.headers.get("Retry-After", "1")), min(2 ** attempt, 8)))
                continue
            if response.status != 200 or f'"{expect}"'.encode() not in answer:
                raise RuntimeError(f"{path}: HTTP {response.status}: {answer[:80]!r}")
            return orjson.loads(answer)
    raise AssertionError("unreachable: the last attempt returns or raises")


async def playground_pause(session: aiohttp.ClientSession, url: str, text: str, example: str, shown: dict) -> None:
    """What the page asks when a student's typing pauses: the embedding (its figure left out when its key is
    the one shown) and the example's answer, at once."""
    embedding = {"text": text, "init": INIT, **({"shown_figure": shown["figure"]} if "figure" in shown else {})}
    answer = {"text": text, "example": example, "tokenizers": LESSON}
    embedded, _ = await asyncio.gather(post(session, url, "playground/embedding", embedding, "figure_key"),
                                       post(session, url, "playground/answer", answer, "answer"))
    shown["figure"] = embedded["figure_key"]


async def queue_call(session: aiohttp.ClientSession, url: str, event: str, text: str) -> None:
    async with session.post(f"{url}gradio_api/call/{event}", json={"data": [text]}) as response:
        if response.status != 200:
            raise RuntimeError(f"HTTP {response.status}: {(await response.read())[:80]!r}")
        event_id = (await response.json())["event_id"]
    async with session.get(f"{url}gradio_api/call/{event}/{event_id}") as response:
        stream = await response.read()
        if b"event: complete" not in stream:
            raise RuntimeError(f"no result: {stream[:80]!r}")


async def bare_pause(session: aiohttp.ClientSession, url: str, text: str, example: str, shown: dict) -> None:
    await asyncio.gather(queue_call(session, url, "noop", text), queue_call(session, url, "echo", text))


async def hall(url: str, send, students: int, seconds: float, every: float) -> dict:
    latencies: list[float] = []
    errors: list[str] = []
    pauses = int(seconds / every)
    rng = random.Random(0)
    offsets = [rng.uniform(0, every) for _ in range(students)]

    async def student(session: aiohttp.ClientSession, s: int, start: float) -> None:
        shown: dict = {}  # what the student's page shows: its embedding figure's key
        for e in range(pauses):
            due = start + offsets[s] + e * every
            if time.perf_counter() > start + seconds + GRACE_SECONDS:  # the server is that far behind
                errors.extend(["never sent: the server was over a hall's length behind"] * (pauses - e))
                return
            await asyncio.sleep(max(0.0, due - time.perf_counter()))
            try:
                await send(session, url, *student_text(s, e), shown)
                latencies.append(time.perf_counter() - due)
            except Exception as err:  # counted and reported: the point is to see them
                errors.append(f"{type(err).__name__}: {err}")

    connector = aiohttp.TCPConnector(limit=0)  # one connection per student, as each browser has its own
    async with aiohttp.ClientSession(connector=connector, timeout=TIMEOUT) as session:
        start = time.perf_counter() + 1.0
        await asyncio.gather(*(student(session, s, start) for s in range(students)))
    refused = len(REFUSED)
    REFUSED.clear()
    return {"latencies": latencies, "errors": errors, "pauses": students * pauses, "refused": refused}


def percentile(values: list[float], q: int) -> float:
    return statistics.quantiles(values, n=100, method="inclusive")[q - 1] if len(values) > 1 else values[0]


def one_run(name: str, script: str, send, students: int, seconds: float, every: float) -> dict:
    with running(script) as (url, process, _):
        asyncio.run(hall(url, send, 5, 2 * every, every))  # warm up: tokenizers, table, first calls
        cpu0 = cpu_seconds(process.pid)
        r = asyncio.run(hall(url, send, students, seconds, every))
        r["cpu_ms"] = (cpu_seconds(process.pid) - cpu0) / max(1, len(r["latencies"])) * 1e3  # per answered pause
        r["rss"] = rss_mb(process.pid)
    ms = sorted(t * 1e3 for t in r["latencies"]) or [float("nan")]
    r["p95"] = percentile(ms, 95)
    per_core = every * 1e3 / r["cpu_ms"]  # students one core keeps up with, at one pause per `every` s each
    print(f"{name:<34} {len(ms):6d} {len(r['errors']):7d} {r['refused']:5d} {percentile(ms, 50):8.0f} {r['p95']:8.0f} "
          f"{ms[-1]:8.0f} {r['cpu_ms']:9.1f} {per_core:7.0f} {r['rss']:7.0f}", flush=True)
    for err in r["errors"][:3]:
        print("   error:", err[:160])
    return r


BROWSER_CONNECTIONS = 6  # a browser's connections to one host (HTTP/1.1)
ACCEPT_ENCODING = "gzip, deflate, br, zstd"  # Chromium's: Gradio's assets come as br, the rest as gzip
# A file is an error when the server takes this long to accept a connection or goes this long without sending a
# byte; waiting for one of the student's 6 connections is not timed (a browser waits for it too).
FETCH_TIMEOUT = aiohttp.ClientTimeout(total=None, sock_connect=60, sock_read=60)


async def fetch(session: aiohttp.ClientSession, url: str) -> int:
    """One file, read whole: the bytes sent (compressed, as they came)."""
    async with session.get(url) as response:
        body = await response.read()
        if response.status != 200:
            raise RuntimeError(f"{url}: HTTP {response.status}")
        return len(body)


async def arrive(files: list[str], due: float) -> dict:
    """One student opening the link at `due` (perf_counter): the document, then the rest, 6 at a time."""
    await asyncio.sleep(max(0.0, due - time.perf_counter()))
    connector = aiohttp.TCPConnector(limit=BROWSER_CONNECTIONS)
    async with aiohttp.ClientSession(connector=connector, timeout=FETCH_TIMEOUT, auto_decompress=False,
                                     headers={"Accept-Encoding": ACCEPT_ENCODING}) as session:
        try:  # the rest are known only once the document is read
            fetched = [await fetch(session, files[0])]
        except Exception as err:
            return {"errors": [f"{type(err).__name__}: {err}"], "bytes": 0, "seconds": None}
        fetched += await asyncio.gather(*(fetch(session, url) for url in files[1:]), return_exceptions=True)
    errors = [f"{type(e).__name__}: {e}" for e in fetched if isinstance(e, BaseException)]
    return {"errors": errors, "bytes": sum(n for n in fetched if isinstance(n, int)),
            "seconds": None if errors else time.perf_counter() - due}


async def arrival(files: list[str], students: int, seconds: float) -> list[dict]:
    start = time.perf_counter() + 1.0
    return await asyncio.gather(*(arrive(files, start + s * seconds / students) for s in range(students)))


def arrival_run(name: str, script: str, expected, students: int, seconds: float) -> dict:
    """Record the page cold in Chromium, then the class's arrival, on a fresh server of `script`."""
    with running(script) as (url, process, _):
        page = record(url, expected)
        cpu0, client0 = cpu_seconds(process.pid), time.process_time()
        arrived = asyncio.run(arrival(page.files, students, seconds))
        cpu_ms = (cpu_seconds(process.pid) - cpu0) / students * 1e3
        client_ms = (time.process_time() - client0) / students * 1e3  # this bench's own share of the same cores
    ms = sorted(a["seconds"] * 1e3 for a in arrived if a["seconds"] is not None) or [float("nan")]
    errors = [e for a in arrived for e in a["errors"]]
    whole = [a["bytes"] for a in arrived if not a["errors"]]  # every student that had all fetched the same bytes
    r = {"page": page, "cpu_ms": cpu_ms, "p95": percentile(ms, 95), "errors": errors}
    print(f"{name:<16} {len(page.files):5d} {(whole or [0])[0] / 1024:9,.0f} {percentile(ms, 50):8.0f} "
          f"{r['p95']:8.0f} {ms[-1]:8.0f} {len(errors):7d} {students - len(whole):9d} {cpu_ms:10.1f} "
          f"{client_ms:10.1f}", flush=True)
    for err in errors[:3]:
        print("   error:", err[:160])
    return r


def url_path(url: str) -> str:
    """The path and query of a URL, cut to a line's worth."""
    parts = urlsplit(url)
    return (parts.path + (f"?{parts.query}" if parts.query else ""))[:100]


def page_summary(name: str, page: PageRequests) -> None:
    asks = ", ".join(f"{n} {ask}" for ask, n in Counter(page.asks).items()) or "none"
    print(f"{name}: {page.total} requests to its server until first tokens and an idle network: {len(page.files)} "
          f"files, {len(page.asks)} asks ({asks}), {len(page.streams)} streams, "
          f"{page.answered_by_service_worker} answered by a service worker; {page.kept_by_service_worker} files the "
          "service worker kept from the browser's cache (not fetched again)")
    for opened, answers in page.warm.items():
        sources = Counter(answer.source for answer in answers)
        print(f"   warm, {opened}: " + ", ".join(f"{n} {source}" for source, n in sorted(sources.items()))
              + f"; {sum(answer.sent_bytes for answer in answers) / 1024:,.1f} KB from the network")
        for answer in answers:
            if answer.source != "cache":
                print(f"      {answer.source}, {answer.sent_bytes:,} bytes: {url_path(answer.url)}")


def arrival_main(students: int, seconds: float) -> None:
    print(f"arrival: {students} students over {seconds:g} s, each fetching what a cold Chromium fetched for the "
          f"link, gzip accepted, {BROWSER_CONNECTIONS} at a time; time from a student's arrival to its last file "
          "(over the students who had them all); errors: files failed, short of: students without every file; CPU: "
          "the server's, then this client's, a student")
    print(f"{'':<16} {'files':>5} {'KB each':>9} {'p50 ms':>8} {'p95 ms':>8} {'worst':>8} {'errors':>7} "
          f"{'short of':>9} {'CPU ms/st.':>10} {'client ms':>10}")
    mine = arrival_run("playground", "app.py", hello_world_ids(), students, seconds)
    bare = arrival_run("bare Gradio app", "bench/bare_app.py", None, students, seconds)
    print(f"playground / bare: CPU a student {mine['cpu_ms'] / bare['cpu_ms']:.2f}x (target <= 1.2x), "
          f"p95 {mine['p95'] / bare['p95']:.2f}x; playground p95 {mine['p95']:.0f} ms (target <= 1000), "
          f"errors {len(mine['errors'])} (target 0)")
    page_summary("playground (the lesson's three)", mine["page"])
    print("   target: at most 20 requests, a warm reopen revalidating nothing")
    page_summary("bare Gradio app", bare["page"])


def main() -> None:
    if sys.argv[1:2] == ["arrival"]:
        arrival_main(int(sys.argv[2]) if len(sys.argv) > 2 else 300, float(sys.argv[3]) if len(sys.argv) > 3 else 30)
        return
    students = int(sys.argv[1]) if len(sys.argv) > 1 else 500
    seconds = float(sys.argv[2]) if len(sys.argv) > 2 else 60
    every = float(sys.argv[3]) if len(sys.argv) > 3 else 5
    runs = int(sys.argv[4]) if len(sys.argv) > 4 else 1
    print(f"{students} students, a pause in typing each every {every:g} s ({students / every:.0f} pauses/s) for "
          f"{seconds:g} s; latency from the moment a pause is due to its last answer")
    print(f"{'':<34} {'pauses':>6} {'errors':>7} {'503s':>5} {'p50 ms':>8} {'p95 ms':>8} {'worst':>8} {'CPU/pause':>9} "
          f"{'per core':>7} {'MB after':>7}")
    results: dict[str, list[dict]] = {"playground": [], "bare": []}
    for _ in range(runs):
        results["playground"].append(one_run("playground, /embedding + /answer", "app.py", playground_pause,
                                             students, seconds, every))
        results["bare"].append(one_run("bare Gradio app, 2 queued events", "bench/bare_app.py", bare_pause,
                                       students, seconds, every))
    app, bare = ([f"{r['p95']:.0f}" for r in results[name]] for name in ("playground", "bare"))
    errors = sum(len(r["errors"]) for r in results["playground"])
    print(f"playground p95 {', '.join(app)} ms (target <= 500 ms), errors {errors} (target 0); "
          f"bare app p95 {', '.join(bare)} ms")


if __name__ == "__main__":
    main()
