"""The browser twin's files, served by this server so that the page tokenizes in the browser (registry.js's
window.playground.tokenize) and never asks the server to:

    GET /playground/twin/<file>                   a built module or WebAssembly core of static/twin/
                                                  (scripts/build_browser.mjs names each by its content's hash)
    GET /playground/twin/files/<sha256>/<name>    a vocabulary file a tokenizer's twin declares (browser.served_file)

Every name holds its content's hash, so the browser may keep each answer for good (server.Guard leaves
these paths out of its no-store). Anything else under the prefix is a 404: no other file of the server is
reachable from here. The page loads them from its own origin, which its cross-origin isolation
(require-corp) lets through.
"""

from __future__ import annotations

from pathlib import Path

from starlette.requests import Request
from starlette.responses import FileResponse, PlainTextResponse, Response
from starlette.routing import Route

from playground.tokenizers.browser import served_file

TWIN_PATH = "/playground/twin"
BUILT_DIR = Path(__file__).resolve().parent / "static" / "twin"
FOR_GOOD = {"Cache-Control": "public, max-age=31536000, immutable"}
BUILT_TYPES = {".js": "application/javascript", ".wasm": "application/wasm"}  # build.json is the server's only


def _not_found() -> Response:
    return PlainTextResponse("Not found: no such file of the browser tokenizers.", 404)


async def built_file(request: Request) -> Response:
    name = request.path_params["name"]  # one path segment: the router's "str" matches no "/"
    path = BUILT_DIR / name
    media_type = BUILT_TYPES.get(path.suffix)
    if media_type is None or not path.is_file():
        return _not_found()
    return FileResponse(path, media_type=media_type, headers=FOR_GOOD)


async def vocabulary_file(request: Request) -> Response:
    path = served_file(request.path_params["sha256"])
    if path is None or path.name != request.path_params["name"]:
        return _not_found()
    return FileResponse(path, media_type="application/octet-stream", headers=FOR_GOOD)


ROUTES = [Route(f"{TWIN_PATH}/files/{{sha256}}/{{name}}", vocabulary_file, methods=["GET", "HEAD"]),
          Route(f"{TWIN_PATH}/{{name}}", built_file, methods=["GET", "HEAD"])]
