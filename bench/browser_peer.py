"""The peer of the page in the distance benches: a page that tokenizes in the browser and nothing else, a
textarea and the lesson's three panels, painted on every input from window.playground.tokenize (the page's own
browser tokenizers, from the same server), one span per token with its data-id, the latest input winning.
What a page that never asks its server for a keystroke can do, on this machine, in this browser.

Served by the bench itself, through Playwright's routing, at PEER_PATH of the app's address, so that the
browser tokenizers' files come from the app's server like the page's own (and over the emulated network).
"""

from __future__ import annotations

import json

from playground.page import page_route
from playground.page.preload import import_map
from playground.page.shell import TWIN_DIR, VALUES
from playground.page.twin_route import BUILT_DIR, FAMILY_NAMES, built_files, built_integrity
from playground.tokenizers.registry import DEFAULT_TOKENIZERS

PEER_PATH = "bench-peer.html"  # at the root, so that the registry's relative import finds playground/twin/

PAINT = """
const names = %s;
const box = document.querySelector("#input-text textarea");
let latest = 0;
async function paint() {
  const mine = ++latest, text = box.value;
  const results = await Promise.all(names.map((name) => window.playground.tokenize(text, name, {tokenLimit: 1000})));
  if (mine !== latest) return;  // a later input is on its way
  results.forEach((result, p) => document.getElementById(`panel-${names[p]}`).replaceChildren(
    ...result.ids.slice(0, 1000).map((id, i) => {
      const span = document.createElement("span");
      span.className = "tok";
      span.dataset.id = id;
      span.textContent = result.tokens[i].text;
      return span;
    })));
}
box.addEventListener("input", paint);
const ready = () => window.playground ? paint() : setTimeout(ready, 5);
ready();
"""


def peer_html() -> str:
    """The app's own values (page/values.js: PLAYGROUND_TWINS among them) and the browser tokenizers' module, as the
    app's page loads them, and nothing else of the page."""
    registry = json.loads((BUILT_DIR / "build.json").read_text(encoding="utf-8"))["registry"]
    values = f"page/{VALUES}?v={page_route.built().versions[VALUES]}"
    panels = "".join(f'<div id="panel-{name}"></div>' for name in DEFAULT_TOKENIZERS)
    return (f'<!doctype html><html><head><meta charset="utf-8"><script src="{values}"></script>'
            f'{import_map(built_files(FAMILY_NAMES))}<script type="module" src="{TWIN_DIR}/{registry}" '
            f'integrity="{built_integrity()[registry]}"></script></head><body><div id="input-text"><textarea>Hello world</textarea></div>'
            f'<div id="panels">{panels}</div><script type="module">{PAINT % json.dumps(list(DEFAULT_TOKENIZERS))}'
            '</script></body></html>')


def serve_peer(context, app_url: str) -> str:
    """Answer the peer's address in this browser context; returns it."""
    html = peer_html()
    url = app_url + PEER_PATH
    context.route(url, lambda route: route.fulfill(status=200, content_type="text/html; charset=utf-8", body=html))
    return url
