"""Start a Gradio script on a free localhost port and wait for it: shared by benchmarks and tests."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from contextlib import contextmanager
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for_http(url: str, timeout: float, process: subprocess.Popen | None = None) -> None:
    """Poll url until it answers HTTP 200; raise if the process dies or time runs out."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process is not None and process.poll() is not None:
            raise RuntimeError(f"the server exited with {process.returncode}")
        try:
            with urllib.request.urlopen(url, timeout=2) as response:
                if response.status == 200:
                    return
        except OSError:
            time.sleep(0.05)
    raise TimeoutError(f"{url} did not answer HTTP 200 within {timeout} s")


def start(script: str, extra_env: dict | None = None, output=subprocess.DEVNULL, args: tuple[str, ...] = (),
          port: int | None = None) -> tuple[str, subprocess.Popen, float]:
    """`python <script> <args>` (relative to the repo root) on a free port of 127.0.0.1, or on `port` (a
    server restarted where its pages look for it): (url, process, seconds until the page answered HTTP 200).
    Stop it with stop_server (running() does)."""
    port = port or free_port()
    env = {**os.environ, "GRADIO_SERVER_NAME": "127.0.0.1", "GRADIO_SERVER_PORT": str(port), **(extra_env or {})}
    t0 = time.perf_counter()
    process = subprocess.Popen([sys.executable, script, *args], cwd=ROOT, env=env, stdout=output, stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}/"
    try:
        wait_for_http(url, timeout=180, process=process)
    except BaseException:
        stop_server(process.pid)
        process.wait()
        raise
    return url, process, time.perf_counter() - t0


@contextmanager
def running(script: str, extra_env: dict | None = None, output=subprocess.DEVNULL, args: tuple[str, ...] = (),
            port: int | None = None):
    """start()'s server for the block: yields (url, process, seconds until the page answered HTTP 200); stops it
    afterwards."""
    url, process, seconds = start(script, extra_env, output, args, port)
    try:
        yield url, process, seconds
    finally:
        stop_server(process.pid)
        process.wait()  # reaped: stop_server counts a zombie as gone


def stop_server(pid: int) -> None:
    """Stop a server by its process id, whoever started it: SIGTERM, SIGKILL if it still runs 20 s later; then the
    processes it started (the big-input worker), which must follow it out within 30 s, else are killed and raise."""
    started = descendants(pid)
    for sig in (signal.SIGTERM, signal.SIGKILL):
        try:
            os.kill(pid, sig)
        except ProcessLookupError:
            break
        if not wait_gone([pid], timeout=20):
            break
    left = wait_gone(started, timeout=30)
    for child in left:
        os.kill(child, signal.SIGKILL)
    if left:
        raise RuntimeError(f"the stopped server left processes behind: {left}")


@contextmanager
def serving_folder(folder: Path):
    """A folder (a static folder written by `python -m playground static`) served by `python -m http.server` on a
    free port of 127.0.0.1: yields its URL; stops the server afterwards."""
    port = free_port()
    server = subprocess.Popen([sys.executable, "-m", "http.server", "--bind", "127.0.0.1", str(port), "-d", str(folder)],
                              stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        url = f"http://127.0.0.1:{port}/"
        wait_for_http(url, timeout=30, process=server)
        yield url
    finally:
        server.terminate()
        server.wait(timeout=20)


def descendants(pid: int) -> list[int]:
    """The ids of every process pid started, and those they started (from /proc)."""
    found, stack = [], [pid]
    while stack:
        try:  # a child hangs off the thread that started it, so every thread's children are read
            children = [int(c) for task in Path(f"/proc/{stack.pop()}/task").iterdir()
                        for c in (task / "children").read_text().split()]
        except OSError:
            continue
        found += children
        stack += children
    return found


def alive(pid: int) -> bool:
    """True while pid runs (a zombie, dead but not yet reaped, counts as gone)."""
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def wait_gone(pids: list[int], timeout: float) -> list[int]:
    """Wait up to timeout seconds for pids to exit; returns those still running."""
    deadline = time.monotonic() + timeout
    while (left := [p for p in pids if alive(p)]) and time.monotonic() < deadline:
        time.sleep(0.2)
    return left


def cpu_seconds(pid: int) -> float:
    """CPU time (user + system) a process has used so far, from /proc."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def peak_rss_mb(pid: int) -> float:
    """The process's peak resident memory (VmHWM), in MB."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    raise RuntimeError("no VmHWM in /proc: not Linux?")


def rss_mb(pid: int) -> float:
    """The process's resident memory now (VmRSS), in MB; 0 for a process that has exited and not yet
    been reaped (a zombie's status has no VmRSS: it holds no memory)."""
    status = Path(f"/proc/{pid}/status").read_text().splitlines()
    for line in status:
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    if any(line.startswith("State:") and line.split()[1] in ("Z", "X") for line in status):
        return 0.0
    raise RuntimeError("no VmRSS in /proc: not Linux?")


class ApiError(RuntimeError):
    """An endpoint answered with an error event: its message (gr.Error's text) or null."""


def call_api(url: str, api_name: str, data: list, timeout: float = 300) -> list:
    """One call through Gradio's queue over plain HTTP (POST /gradio_api/call/<name>, then its
    event stream), from a fresh session each time, as an outside script would call it.

    Returns the endpoint's outputs, a list; raises ApiError with the server's message on an
    error event, urllib.error.HTTPError when a route refuses the call.
    """
    request = urllib.request.Request(
        f"{url}gradio_api/call/{api_name}", data=json.dumps({"data": data}).encode(),
        headers={"Content-Type": "application/json"},
    )
    with urllib.request.urlopen(request, timeout=timeout) as response:
        event_id = json.load(response)["event_id"]
    with urllib.request.urlopen(f"{url}gradio_api/call/{api_name}/{event_id}", timeout=timeout) as response:
        event = None
        for raw in response:
            line = raw.decode("utf-8").rstrip("\n")
            if line.startswith("event: "):
                event = line[len("event: "):]
            elif line.startswith("data: ") and event in ("complete", "error"):
                payload = json.loads(line[len("data: "):])
                if event == "error":
                    raise ApiError(payload)
                return payload
    raise ApiError(f"the event stream of /{api_name} ended with no result")


LESSON = ["gpt2", "bert", "llama"]  # the panels' three tokenizers, as the page opens
GPT2_INIT = "GPT-2: N(0, 0.02)"


def ask(url: str, path: str, values: dict, timeout: float = 120) -> tuple[int, dict, float]:
    """One POST to a route the page asks (playground/page/ask_route.py: "playground/embedding",
    "playground/answer" or "playground/tokens"), as the page sends it: (status, its JSON answer, seconds)."""
    request = urllib.request.Request(f"{url}{path}", data=json.dumps(values).encode(),
                                     headers={"Content-Type": "application/json"})
    t0 = time.perf_counter()
    try:
        with urllib.request.urlopen(request, timeout=timeout) as response:
            return response.status, json.load(response), time.perf_counter() - t0
    except urllib.error.HTTPError as err:
        return err.code, json.load(err), time.perf_counter() - t0


def ask_ok(url: str, path: str, values: dict, timeout: float = 120) -> dict:
    """ask()'s answer, or a RuntimeError that says the status and the server's detail."""
    status, answer, _ = ask(url, path, values, timeout)
    if status != 200:
        raise RuntimeError(f"{path}: HTTP {status}: {answer.get('detail', answer)}")
    return answer
