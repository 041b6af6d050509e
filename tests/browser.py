"""Helpers for the real-browser tests and benchmarks: Debian's Chromium through Playwright."""

from __future__ import annotations

import os
from contextlib import contextmanager
from pathlib import Path

import pytest

from conftest import ROOT

CHROMIUM = "/usr/bin/chromium"
CLIPBOARD = ["clipboard-read", "clipboard-write"]  # permissions a context needs for paste()
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


def paste(page, locator, text: str) -> None:
    """Select all in `locator` and paste text with Ctrl+V through the real clipboard.

    (Playwright's keyboard.insert_text is no paste: it inserts each line break as its own
    edit, which takes Chromium minutes for a 1 MB text.) The context needs clipboard permissions.
    """
    page.evaluate("text => navigator.clipboard.writeText(text)", text)
    locator.click()
    locator.press("Control+a")
    locator.press("Control+v")


@contextmanager
def chromium():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        try:
            yield browser
        finally:
            browser.close()
