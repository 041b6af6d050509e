"""Hosting figures: a replica's cold start to its first answered ask, and its memory after a class's pages
(typing, the slide with every tokenizer, the Languages section), with the
eight tokenizers and with ten (two added from assets/ under other names), plainly and under GRADIO_ROOT_PATH=/tok.

    python bench/hosting.py

Prints, per setup: seconds from starting `python app.py` to the first 200 of POST /playground/embedding
(the first thing a student's page asks of the server: the page paints its panels itself, and asks for the
embedding once the typing pauses; it waits for the embedding table the server loads in the background), and
the server's resident memory (now and peak, the big-input worker included) after the browser's visit.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import time
import urllib.error
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
from serve import GPT2_INIT, ROOT, ask, descendants, free_port, peak_rss_mb, rss_mb  # noqa: E402


def first_ask_seconds(base: str, t0: float, process: subprocess.Popen) -> float:
    """Seconds from t0 until POST <base>playground/embedding answers 200 with "Hello world"'s shape."""
    while process.poll() is None:
        try:
            status, answer, _ = ask(base, "playground/embedding", {"text": "Hello world", "init": GPT2_INIT}, 30)
            if status == 200 and "(1, 2, 768)" in answer["embedding"][0]:
                return time.perf_counter() - t0
        except (urllib.error.URLError, ConnectionError, json.JSONDecodeError):  # not listening yet, or not the route
            time.sleep(0.05)
    raise RuntimeError("the server exited")


def visit(url: str) -> None:
    """A lecture's heaviest page: typing, the slide with every tokenizer, the Languages section."""
    from browser import FULL_CHROMIUM, chromium, type_text, wait_for_ids

    with chromium(FULL_CHROMIUM) as browser:
        page = browser.new_page(viewport={"width": 1600, "height": 1000})
        page.goto(url)
        wait_for_ids(page, "Hello world")
        type_text(page, "SolidGoldMagikarp नमस्ते 1234567890")
        wait_for_ids(page, "SolidGoldMagikarp नमस्ते 1234567890")
        page.get_by_text("All six examples on one slide").click()
        page.locator("#all-eight input").check()
        page.wait_for_function("() => document.querySelector('#slide') && "
                               "document.querySelector('#slide').querySelectorAll('table, svg, img').length > 0",
                               timeout=120_000)
        page.get_by_text("Languages: the token premium of twelve languages").click()
        page.wait_for_selector("#premium table, #premium img, #premium svg", timeout=120_000)
        page.wait_for_timeout(2000)


def measure(name: str, env: dict, prefix: str, args: tuple[str, ...] = ()) -> None:
    port = free_port()
    full_env = {**os.environ, "GRADIO_SERVER_NAME": "127.0.0.1", "GRADIO_SERVER_PORT": str(port), **env}
    t0 = time.perf_counter()
    process = subprocess.Popen([sys.executable, "app.py", *args], cwd=ROOT, env=full_env,
                               stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)
    try:
        base = f"http://127.0.0.1:{port}{prefix}/"
        cold = first_ask_seconds(base, t0, process)
        visit(base)
        pids = [process.pid, *descendants(process.pid)]
        now = sum(rss_mb(p) for p in pids)
        peak = sum(peak_rss_mb(p) for p in pids)
        print(f"{name:28} cold start to first /playground/embedding {cold:5.1f} s   memory now {now:5.0f} MB, peak {peak:5.0f} MB "
              f"({len(pids)} processes)")
    finally:
        process.terminate()
        process.wait(timeout=30)


if __name__ == "__main__":
    measure("plain", {}, "")
    measure("GRADIO_ROOT_PATH=/tok", {"GRADIO_ROOT_PATH": "/tok"}, "/tok")
    measure("ten tokenizers (two added)", {}, "", ("--tokenizer", "llama3b=assets/llama-3/tokenizer.json",
                                                   "--tokenizer", "gemmab=assets/gemma/tokenizer.model"))
