"""The app's page: the program's own page (shell.py), served by this server beside Gradio's API.

    GET /                          the page (shell.page_html): small, the same for everyone, gzipped, revalidated
                                   (ETag); /?view=api is Gradio's own page, its API's documentation
    GET /page/<file>?v=<hash>      styles.css (shell.page_styles) and values.json (shell.page_values): named by
                                   their hash, so cached for good (the program's module is twin_route.py's)
    GET /sw.js?build=<hash>        the service worker that opens the page offline after one visit (static/sw.js)
    GET /playground/premium.html   the Languages section (premium_view.py), made once

The page's other asks are JSON routes (ask_route.py, chat_route.py) and the browser tokenizers' files are
twin_route.py's. Nothing here holds what a user typed.
"""

from __future__ import annotations

import gzip
import hashlib
from functools import cache
from pathlib import Path

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import PlainTextResponse, Response
from starlette.routing import Route

from playground.page import room, shell, twin_route
from playground.tokenizers.browser import twin_spec
from playground.tokenizers.registry import tokenizer_label, tokenizer_names

FOR_GOOD = twin_route.FOR_GOOD
REVALIDATED = {"Cache-Control": "no-cache"}  # kept, but asked again each time: a 304 while it is the same


class Built:
    """What the app serves for its page, made once (the tokenizers registered at launch are in it): the files'
    bytes and versions, values.json, the page, and the build's hash (the service worker's version)."""

    def __init__(self) -> None:
        names = tokenizer_names()
        self.files = {"sw.js": (shell.STATIC_DIR / "sw.js").read_bytes(), shell.STYLES: shell.page_styles().encode("utf-8")}
        specs = {name: spec for name in names if (spec := twin_spec(name)) is not None}
        listen = room.listen_name()
        host = shell.Host(server=True, versions={}, room_host=room.server_room_host(),
                          unreachable=room.unreachable_html("{host}", listen),
                          labels={name: tokenizer_label(name) for name in names})
        self.files[shell.VALUES] = shell.page_values(specs, host).encode("utf-8")
        versions = {name: hashlib.sha256(data).hexdigest()[:12] for name, data in self.files.items()}
        self.build = shell.build_of(versions)
        page = shell.page_html(specs, shell.Host(**{**host.__dict__, "versions": versions, "build": self.build}))
        self.page = page.encode("utf-8")
        self.page_gzipped = gzip.compress(self.page, compresslevel=9, mtime=0)
        self.etag = f'"{hashlib.sha256(self.page).hexdigest()[:16]}"'
        self.versions = versions


@cache
def built() -> Built:
    return Built()


def _typed(name: str) -> str:
    return {".css": "text/css", ".json": "application/json"}.get(Path(name).suffix, "text/javascript")


async def page(request: Request) -> Response:
    """The page, gzipped where the browser takes it, or a 304 when the browser has this very page."""
    page = await run_in_threadpool(built)  # made on the first request (the registry's labels, the examples' answers)
    headers = {**REVALIDATED, "ETag": page.etag, "Vary": "Accept-Encoding"}
    if request.headers.get("if-none-match") == page.etag:
        return Response(status_code=304, headers=headers)
    if "gzip" in request.headers.get("accept-encoding", ""):
        return Response(page.page_gzipped, media_type="text/html", headers={**headers, "Content-Encoding": "gzip"})
    return Response(page.page, media_type="text/html", headers=headers)


@cache
def _gzipped(name: str) -> bytes:
    return gzip.compress(built().files[name], compresslevel=9, mtime=0)


async def page_file(request: Request) -> Response:
    """A file of the program: for good when asked by its version (the page's own URLs), else revalidated."""
    name = request.path_params["name"]
    page = built()
    if name not in page.files or name == "sw.js":
        return PlainTextResponse("Not found: no such file of the page.", 404)
    headers = {**(FOR_GOOD if request.query_params.get("v") == page.versions[name] else REVALIDATED),
               "Vary": "Accept-Encoding"}
    if "gzip" in request.headers.get("accept-encoding", ""):
        return Response(_gzipped(name), media_type=_typed(name), headers={**headers, "Content-Encoding": "gzip"})
    return Response(page.files[name], media_type=_typed(name), headers=headers)


async def service_worker(request: Request) -> Response:
    """The service worker; the browser checks it for a new build at each visit (no HTTP cache: REVALIDATED)."""
    return Response(built().files["sw.js"], media_type="text/javascript", headers=REVALIDATED)


async def premium(request: Request) -> Response:
    from playground.page.handlers import premium_section

    return Response(await run_in_threadpool(premium_section), media_type="text/html")


class ProgramPage:
    """GET / as the program's page; /?view=api as Gradio's own (its API's documentation), by Gradio's route."""

    async def __call__(self, scope, receive, send) -> None:
        if Request(scope).query_params.get("view") == "api":
            gradio_page = next(r for r in scope["app"].router.routes
                               if getattr(r, "path", None) == "/" and getattr(r, "endpoint", None) is not self)
            return await gradio_page.handle(scope, receive, send)
        return await (await page(Request(scope, receive)))(scope, receive, send)


ROUTES = [Route("/", ProgramPage(), methods=["GET", "HEAD"]),
          Route("/page/{name}", page_file, methods=["GET", "HEAD"]),
          Route("/sw.js", service_worker, methods=["GET"]),
          Route("/playground/premium.html", premium, methods=["GET", "HEAD"])]
