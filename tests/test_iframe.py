"""The page inside a Space's iframe: embedded by a page of another origin with the `allow` and `sandbox`
attributes huggingface.co gives a Space's iframe. There a browser lets nothing take focus on load, so a
first tap or key must land in the text box; the page is not cross-origin isolated, so it fetches its
edits itself; and it asks no other origin for anything and logs no console error."""

from __future__ import annotations

import threading
import urllib.parse
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest
from browser import CLIPBOARD

from playground import compare

ALLOW = ("accelerometer; ambient-light-sensor; autoplay; battery; camera; clipboard-read; clipboard-write; "
         "display-capture; document-domain; encrypted-media; fullscreen; geolocation; gyroscope; "
         "layout-animations; legacy-image-formats; magnetometer; microphone; midi; oversized-images; payment; "
         "picture-in-picture; publickey-credentials-get; serial; sync-xhr; usb; vr ; wake-lock; "
         "xr-spatial-tracking")
SANDBOX = ("allow-forms allow-modals allow-popups allow-popups-to-escape-sandbox allow-same-origin "
           "allow-scripts allow-downloads allow-storage-access-by-user-activation")


@pytest.fixture(scope="module")
def space_page(app_url):
    """The URL of a page of another origin (and site: localhost, not 127.0.0.1) framing the app as a Space's
    page does, served on a free loopback port (Chromium lets no public page frame 127.0.0.1, and a page
    fulfilled by page.route counts as public)."""
    html = (f'<!doctype html><title>Space</title><h1>A Space</h1>'
            f'<iframe src="{app_url}" allow="{ALLOW}" sandbox="{SANDBOX}" scrolling="no" '
            f'style="width: 1300px; height: 900px; border: 0"></iframe>').encode()

    class Space(BaseHTTPRequestHandler):
        def do_GET(self):
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(html)))
            self.end_headers()
            self.wfile.write(html)

        def log_message(self, *args):
            pass

    with serving(Space) as port:
        yield f"http://localhost:{port}/spaces/you/tokenizer-playground"


@contextmanager
def serving(handler):
    server = ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield server.server_address[1]
    finally:
        server.shutdown()
        server.server_close()
        thread.join()


def open_in_a_space(browser, space_page):
    """(context, page of the Space, the app's frame, console errors, origins asked) for a fresh context."""
    context = browser.new_context(viewport={"width": 1400, "height": 1000}, permissions=CLIPBOARD)
    errors, origins = [], set()
    context.on("console", lambda m: errors.append(f"{m.text} {m.location.get('url')}") if m.type == "error" else None)
    context.on("weberror", lambda e: errors.append(str(e.error)))
    context.on("request", lambda r: origins.add(urllib.parse.urlsplit(r.url)[:2]))
    page = context.new_page()
    page.goto(space_page)
    frame = page.frame_locator("iframe")
    frame.locator("#panel-gpt2 .tok").first.wait_for()
    return context, page, frame, errors, origins


def wait_framed(page, text: str) -> None:
    """Wait until the framed page's GPT-2 panel shows compare(text)'s ids."""
    ids = compare(text)["tokenizers"][0]["ids"]
    frame = page.frames[1]
    frame.wait_for_function(
        "ids => { const got = [...document.querySelectorAll('#panel-gpt2 .tok')].map(e => Number(e.dataset.id));"
        " return got.length === ids.length && got.every((id, i) => id === ids[i]); }", arg=ids, timeout=30_000)


def test_in_a_space_a_first_tap_lands_in_the_text_box_and_typing_is_exact(browser, app_url, space_page):
    context, page, frame, errors, origins = open_in_a_space(browser, space_page)
    try:
        wait_framed(page, "Hello world")
        assert not page.frames[1].evaluate("() => crossOriginIsolated")  # framed by another site: not isolated, still working
        box = frame.locator("#input-text textarea")
        box.click()  # a first tap: the box takes it
        box.press("End")
        page.keyboard.type(" 1234567890", delay=20)
        wait_framed(page, "Hello world 1234567890")
        assert box.input_value() == "Hello world 1234567890"
    finally:
        context.close()
    app = urllib.parse.urlsplit(app_url)[:2]
    assert origins <= {app, urllib.parse.urlsplit(space_page)[:2]}, origins
    assert errors == [], errors


def test_in_a_space_a_first_key_in_the_frame_lands_in_the_text_box(browser, space_page):
    """A student who clicks the frame anywhere but the box (the header), then types: the key goes in the box."""
    context, page, frame, errors, _ = open_in_a_space(browser, space_page)
    try:
        wait_framed(page, "Hello world")
        frame.locator("#header").click()
        page.keyboard.type("SolidGoldMagikarp", delay=20)
        wait_framed(page, "Hello worldSolidGoldMagikarp")
    finally:
        context.close()
    assert errors == [], errors


def test_top_level_the_box_has_the_focus_on_load(page, app_url):
    """The lecturer's first key, with no click, goes in the box (what Gradio's autofocus gave, kept)."""
    from browser import open_page, textbox, wait_for_ids

    open_page(page, app_url, "Hello world")
    page.keyboard.type(" 995", delay=20)
    wait_for_ids(page, "Hello world 995")
    assert textbox(page).input_value() == "Hello world 995"
