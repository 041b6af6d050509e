"""The page's Content-Security-Policy, in one place: the app sends APP_POLICY as a header on every answer
(server.Guard); the page (shell.py, the app's `/` and the folder's index.html alike) carries page_policy(html) in a
<meta>, so it has one on any host, GitHub Pages included (which sends no header of the folder's choosing).

What the page needs, and nothing else: everything from its own origin ('self': no third-party host, for any load,
fetch, font, frame or form); images its own, data: (the plots, the Languages chart, the icon) and blob:; no plugin
(object-src), no <base> elsewhere. Styles may be inline: render.js draws every token's colour as a style attribute.
Code may be made from strings ('unsafe-eval', which covers compiling WebAssembly too): the Emscripten glue of two
browser tokenizers (SentencePiece's, Hugging Face tokenizers') makes its calls into WebAssembly with new Function
(embind); without it their panels stay empty. Inline scripts only by the sha256 of each one in the page (its import
map), and its event-handler attributes by theirs ('unsafe-hashes').

The header's policy also covers the one page Gradio writes, its API's documentation (/?view=api): its config is
inline and changes with each request's host, so the header allows inline scripts ('unsafe-inline'); the browser
enforces the page's <meta> policy beside it, so the playground's page gets the stricter of the two.
"""

from __future__ import annotations

import base64
import hashlib
import html as html_text
import re

SOURCES = {  # directive: what the page loads by it, both hosts
    "default-src": "'self'",
    "img-src": "'self' data: blob:",
    "style-src": "'self' 'unsafe-inline'",
    "object-src": "'none'",
    "base-uri": "'self'",
    "form-action": "'self'",
}
EVAL = "'unsafe-eval'"  # embind's invokers and WebAssembly.compile (and Gradio's API page)

APP_POLICY = "; ".join(f"{name} {value}" for name, value in
                       {**SOURCES, "script-src": f"'self' 'unsafe-inline' {EVAL}"}.items())

CHARSET = '<meta charset="utf-8">'  # first in the page's head
INLINE_SCRIPT = re.compile(r"<script(?![^>]*\ssrc=)[^>]*>(.*?)</script>", re.S)
EVENT_HANDLER = re.compile(r"""\son[a-z]+="([^"]*)\"""")  # an attribute such as onerror="...": the page's own HTML


def _hash(code: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(code.encode("utf-8")).digest()).decode("ascii") + "'"


def page_policy(html: str) -> str:
    """The page's own policy (both hosts): the header's, but inline scripts only by the hash of each one in
    `html`, and its event-handler attributes by theirs ('unsafe-hashes')."""
    scripts = sorted({_hash(code) for code in INLINE_SCRIPT.findall(html)})
    handlers = sorted({_hash(html_text.unescape(code)) for code in EVENT_HANDLER.findall(html)})
    script_src = " ".join(["'self'", *scripts, *(["'unsafe-hashes'", *handlers] if handlers else []), EVAL])
    return "; ".join(f"{name} {value}" for name, value in {**SOURCES, "script-src": script_src}.items())


def with_page_policy(html: str) -> str:
    """`html` with its policy in a <meta> after its charset's, before anything the policy governs."""
    meta = f'<meta http-equiv="Content-Security-Policy" content="{page_policy(html)}">'
    return html.replace(CHARSET, CHARSET + meta, 1)
