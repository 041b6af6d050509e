"""The page with GRADIO_SSR_MODE=true, as a Space may start it: typing draws exact tokens, and the page
comes from this server, with its headers (launch turns server-side rendering off: web.launch says why)."""

from __future__ import annotations

import pytest
from browser import SCREENSHOTS, require_chromium, type_text, wait_for_ids
from serve import running

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def app_url():
    """Overrides browser.app_url: the app started with server-side rendering asked for."""
    require_chromium()
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    with running("app.py", extra_env={"GRADIO_SSR_MODE": "true"}) as (url, _, _):
        yield url


def test_typing_is_exact_with_ssr_asked_for(page, app_url):
    asks = []  # the embedding's, after the typing pauses: it reaches this server's own routes
    page.on("response", lambda r: asks.append(r.status) if r.url.endswith("/playground/embedding") else None)
    response = page.goto(app_url)
    wait_for_ids(page, "Hello world")
    type_text(page, "SolidGoldMagikarp 1234567890")
    wait_for_ids(page, "SolidGoldMagikarp 1234567890")
    page.wait_for_function("document.querySelector('#embedding').textContent.includes('(1, 6, 768)')")
    assert asks and set(asks) == {200}, asks
    assert response.status == 200
    assert response.headers.get("cache-control") == "no-cache"  # the program's page (page_route), no Node's
    assert response.headers.get("cross-origin-opener-policy") == "same-origin"
