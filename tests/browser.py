"""Helpers for the real-browser tests: the app on a free port, Debian's Chromium through Playwright."""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
import urllib.request
from contextlib import contextmanager
from pathlib import Path

import pytest

from conftest import ROOT

CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
                 "--disable-component-update", "--no-first-run"]
SCREENSHOTS = ROOT / "artifacts" / "screenshots"


def require_chromium() -> None:
    """Skip (or, in CI, fail) when there is no browser to drive."""
    if Path(CHROMIUM).exists():
        return
    message = (f"no Chromium at {CHROMIUM}: install Debian's with "
               "`apt-get update && apt-get install -y chromium` to run the real-browser tests")
    if os.environ.get("PLAYGROUND_REQUIRE_BROWSER"):
        pytest.fail(message + " (PLAYGROUND_REQUIRE_BROWSER is set, so they may not skip)")
    pytest.skip(message)


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def wait_for_http(url: str, timeout: float, process: subprocess.Popen | None = None) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if process is not None and process.poll() is not None:
            raise RuntimeError(f"the server exited with {process.returncode}: {process.stdout.read()}")
        try:
            with urllib.request.urlopen(url, timeout=2) as response:
                if response.status == 200:
                    return
        except OSError:
            time.sleep(0.2)
    raise TimeoutError(f"{url} did not answer HTTP 200 within {timeout} s")


@contextmanager
def running_app(script: str = "app.py", extra_env: dict | None = None):
    """`python app.py` on a free port of 127.0.0.1; yields its URL, stops it afterwards."""
    port = free_port()
    env = {**os.environ, "GRADIO_SERVER_NAME": "127.0.0.1", "GRADIO_SERVER_PORT": str(port), **(extra_env or {})}
    process = subprocess.Popen([sys.executable, script], cwd=ROOT, env=env,
                               stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    url = f"http://127.0.0.1:{port}/"
    try:
        wait_for_http(url, timeout=120, process=process)
        yield url
    finally:
        process.terminate()
        try:
            process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            process.kill()


@contextmanager
def chromium():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        try:
            yield browser
        finally:
            browser.close()
