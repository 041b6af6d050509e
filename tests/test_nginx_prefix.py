"""The app behind Debian's nginx at a path prefix, /tok/, with GRADIO_ROOT_PATH=/tok and the hosting guide's own
block (as a university server hosts it): the whole lecture in Chromium, and the guard's refusals through it."""

from __future__ import annotations

import tempfile
from pathlib import Path

import pytest
from browser import SCREENSHOTS, require_chromium
from nginx import nginx, hosting_block, the_class_works
from serve import running
from test_root_path import REFUSAL, UPLOAD_MARKER, send

from playground.page import server as guard

pytestmark = [pytest.mark.browser, pytest.mark.nginx]


@pytest.fixture(scope="module")
def proxied():
    """nginx on a free port in front of the app: (the page's URL, the app's uploads folder)."""
    require_chromium()
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as tmp:
        uploads = Path(tmp) / "gradio"
        uploads.mkdir()
        env = {"GRADIO_ROOT_PATH": "/tok", "GRADIO_TEMP_DIR": str(uploads)}
        with running("app.py", extra_env=env) as (app, _, _), \
                nginx(hosting_block("location /tok/"), {7860: int(app.rstrip("/").rsplit(":", 1)[1])}) as (port, _):
            yield f"http://127.0.0.1:{port}/tok/", uploads


@pytest.fixture(scope="module")
def app_url(proxied):
    """Overrides browser.app_url: the page through nginx, at /tok/."""
    return proxied[0]


def test_the_lecture_works_at_the_prefix(page, app_url, tmp_path):
    the_class_works(page, app_url, tmp_path)
    page.screenshot(path=SCREENSHOTS / "nginx-prefix-stepper.png", full_page=True)


def test_the_refused_routes_stay_refused_through_the_proxy(proxied):
    url, uploads = proxied
    base = url.removesuffix("tok/")
    for prefix in guard.REFUSED_PREFIXES:
        for path in (f"/tok{prefix}", f"/tok/tok{prefix}", f"/tok/x/..{prefix}", f"/tok{prefix}".replace("/", "%2F", 2)):
            status, answer, _ = send(base, "POST" if "upload" in prefix else "GET", path)
            assert status in (400, 404) and b"Gradio" not in answer, (path, status, answer[:200])
    status, answer, _ = send(base, "GET", "/tok/gradio_api/upload")
    assert status == 404 and REFUSAL in answer
    assert not [p for p in uploads.rglob("*") if p.is_file() and UPLOAD_MARKER in p.read_bytes()]
