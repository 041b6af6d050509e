"""The page's Content-Security-Policy, in one place for both hosts: the app sends APP_POLICY as a header on every
answer (server.Guard); the static folder's index.html carries folder_policy(html) in a <meta> (static_shell), so it
has one on any host, GitHub Pages included (which sends no header of the folder's choosing).

What the page needs, and nothing else: everything from its own origin ('self': no third-party host, for any load,
fetch, font, frame or form); images its own, data: (the plots, the Languages chart, the icon) and blob:; no plugin
(object-src), no <base> elsewhere. Styles may be inline: render.js draws every token's colour as a style attribute.
Code may be made from strings ('unsafe-eval', which covers compiling WebAssembly too): Gradio runs the app's js=
handlers with new Function, and the Emscripten glue of two browser tokenizers (SentencePiece's, Hugging Face
tokenizers') makes its calls into WebAssembly with new Function (embind); without it their panels stay empty.

Scripts differ by host. Gradio writes its page: its config and the app's head scripts are inline, and Gradio
re-creates the head scripts once its app is mounted, so the app's policy allows inline scripts ('unsafe-inline';
a hash or a nonce would cancel it, and Gradio's config changes with each request's host). The folder's page is
written here: its inline scripts are allowed by their sha256 alone, each hashed from the very HTML written.

Checking what runs by `integrity` attributes (SRI) needs nothing here: a checked script is still loaded from
'self'. A new inline script in the folder (an import map, say) is hashed with the rest; in the app it is inline.
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
EVAL = "'unsafe-eval'"  # Gradio's js= handlers, embind's invokers, and WebAssembly.compile

APP_POLICY = "; ".join(f"{name} {value}" for name, value in
                       {**SOURCES, "script-src": f"'self' 'unsafe-inline' {EVAL}"}.items())

CHARSET = '<meta charset="utf-8">'  # first in the folder's head
INLINE_SCRIPT = re.compile(r"<script(?![^>]*\ssrc=)[^>]*>(.*?)</script>", re.S)
EVENT_HANDLER = re.compile(r"""\son[a-z]+="([^"]*)\"""")  # an attribute such as onerror="...": the folder's own HTML


def _hash(code: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(code.encode("utf-8")).digest()).decode("ascii") + "'"


def folder_policy(html: str) -> str:
    """The folder's policy for its index.html: the app's, but inline scripts only by the hash of each one in
    `html`, and its event-handler attributes by theirs ('unsafe-hashes')."""
    scripts = sorted({_hash(code) for code in INLINE_SCRIPT.findall(html)})
    handlers = sorted({_hash(html_text.unescape(code)) for code in EVENT_HANDLER.findall(html)})
    script_src = " ".join(["'self'", *scripts, *(["'unsafe-hashes'", *handlers] if handlers else []), EVAL])
    return "; ".join(f"{name} {value}" for name, value in {**SOURCES, "script-src": script_src}.items())


def with_folder_policy(html: str) -> str:
    """`html` with its policy in a <meta> after its charset's, before anything the policy governs."""
    meta = f'<meta http-equiv="Content-Security-Policy" content="{folder_policy(html)}">'
    return html.replace(CHARSET, CHARSET + meta, 1)
