"""The peer of the page in the distance benches: a page that tokenizes in the browser and nothing else, a
textarea and the lesson's three panels, painted on every input from the page's own browser tokenizers
(playground/tokenizers/registry.js's tokenize, built on its own by scripts/build_browser.mjs, so it needs Node and
node_modules/), one span per token with its data-id, the latest input winning. What a page that never asks its
server for a keystroke can do, on this machine, in this browser.

Served by the bench itself, through Playwright's routing, at PEER_PATH of the app's address, its module beside the
app's built files, so that the WebAssembly cores (the same bytes, the same names) and the vocabularies come from the
app's server like the page's own (and over the emulated network), preloaded as the page preloads them.
"""

from __future__ import annotations

import json
import subprocess
import tempfile
from functools import cache
from pathlib import Path

from playground.page import page_route
from playground.page.preload import link_tags
from playground.page.shell import PAGE_DIR, TWIN_DIR, VALUES
from playground.tokenizers.browser import twin_spec
from playground.tokenizers.registry import DEFAULT_TOKENIZERS

ROOT = Path(__file__).resolve().parent.parent
PEER_PATH = "bench-peer.html"  # at the root, as the page is, so that its module sits beside the app's built files

PAINT = """
import {tokenize, useTwins} from "./%s";
const names = %s;
useTwins((await (await fetch(%s)).json()).PLAYGROUND_TWINS);  // the app's own, as its page reads them
const box = document.querySelector("#input-text textarea");
let latest = 0;
async function paint() {
  const mine = ++latest, text = box.value;
  const results = await Promise.all(names.map((name) => tokenize(text, name, {tokenLimit: 1000})));
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
paint();
"""


@cache
def peer_module() -> tuple[str, bytes]:
    """(file name, bytes) of registry.js built alone (its cores are the app's, byte for byte)."""
    with tempfile.TemporaryDirectory(prefix="playground-peer-") as folder:
        out = Path(folder)
        subprocess.run(["node", "scripts/build_browser.mjs", "playground/tokenizers/registry.js", str(out)], cwd=ROOT,
                       check=True)
        name = json.loads((out / "build.json").read_text(encoding="utf-8"))["page"]
        return name, (out / name).read_bytes()


def peer_html(module: str) -> str:
    """The textarea, the three panels, the first three's files preloaded as the page does, and the module."""
    values = f"{PAGE_DIR}/{VALUES}?v={page_route.built().versions[VALUES]}"
    panels = "".join(f'<div id="panel-{name}"></div>' for name in DEFAULT_TOKENIZERS)
    first = {name: twin_spec(name) for name in DEFAULT_TOKENIZERS}
    return (f'<!doctype html><html><head><meta charset="utf-8">'
            f'<link rel="preload" as="fetch" crossorigin href="{values}">{link_tags(first)}</head><body>'
            '<div id="input-text"><textarea>Hello world</textarea></div>'
            f'<div id="panels">{panels}</div><script type="module">'
            f'{PAINT % (f"{TWIN_DIR}/{module}", json.dumps(list(DEFAULT_TOKENIZERS)), json.dumps(values))}'
            '</script></body></html>')


def serve_peer(context, app_url: str) -> str:
    """Answer the peer's address, and its module's, in this browser context; returns the peer's address."""
    module, code = peer_module()
    html = peer_html(module)
    url = app_url + PEER_PATH
    context.route(url, lambda route: route.fulfill(status=200, content_type="text/html; charset=utf-8", body=html))
    context.route(f"{app_url}{TWIN_DIR}/{module}",
                  lambda route: route.fulfill(status=200, content_type="application/javascript", body=code))
    return url
