"""The browser twin's files, served by this server so that the page tokenizes in the browser (registry.js's
window.playground.tokenize) and never asks the server to:

    GET /playground/twin/<file>                   the built module or a WebAssembly core of static/twin/
                                                  (scripts/build_browser.mjs names each by its content's hash)
    GET /playground/twin/files/<sha256>/<name>    a vocabulary file a tokenizer's twin declares (browser.served_file)

Every name holds its content's hash, so the browser may keep each answer for good (server.Guard leaves
these paths out of its no-store). Sent gzipped to a browser that takes it (the vocabularies and the WebAssembly
shrink to about half: o200k's 3.6 MB to 1.7 MB), each compressed once and kept. Anything else under the prefix
is a 404: no other file of the server is reachable from here. The page loads them from its own origin, which its
cross-origin isolation (require-corp) lets through. The page runs none that is not what was built: its script tag
gives the browser the program's sha256 as build.json records it (built_integrity), and the code that loads a
WebAssembly core checks the core's.
"""

from __future__ import annotations

import base64
import gzip
import json
from functools import cache
from pathlib import Path

from starlette.concurrency import run_in_threadpool
from starlette.requests import Request
from starlette.responses import FileResponse, PlainTextResponse, Response
from starlette.routing import Route

from playground.tokenizers.browser import served_file

TWIN_PATH = "/playground/twin"
BUILT_DIR = Path(__file__).resolve().parent / "static" / "twin"
FOR_GOOD = {"Cache-Control": "public, max-age=31536000, immutable"}
BUILT_TYPES = {".js": "application/javascript", ".wasm": "application/wasm"}  # build.json is the server's only


def build_record() -> dict:
    """build.json: the page's module ("page"), each family's WebAssembly cores ("cores"), every built file's sha256."""
    return json.loads((BUILT_DIR / "build.json").read_text(encoding="utf-8"))


def built_files(families: set[str]) -> list[str]:
    """The built files a page running these families' tokenizers needs (static/twin/'s names): the program's one
    module, and the WebAssembly cores of these families only (a family fetches its core when one of its tokenizers
    is first used; a folder that lists none of a family's tokenizers ships none of its core)."""
    record = build_record()
    return sorted({record["page"], *(core for family in families for core in record["cores"][family])})


def built_integrity() -> dict[str, str]:
    """Each built file's Subresource Integrity value ("sha256-" and the digest in base64), from the sha256 the
    build recorded (build.json): given it, the browser runs no module whose bytes do not have it."""
    recorded = build_record()["sha256"]
    return {name: "sha256-" + base64.b64encode(bytes.fromhex(digest)).decode() for name, digest in recorded.items()}


def _not_found() -> Response:
    return PlainTextResponse("Not found: no such file of the browser tokenizers.", 404)


@cache
def _gzipped(path: Path) -> bytes:
    """The file gzipped, once per process: its name holds its hash, so it never changes under this name."""
    return gzip.compress(path.read_bytes(), compresslevel=6, mtime=0)


async def _send(request: Request, path: Path, media_type: str) -> Response:
    headers = {**FOR_GOOD, "Vary": "Accept-Encoding"}
    if "gzip" not in request.headers.get("accept-encoding", ""):
        return FileResponse(path, media_type=media_type, headers=headers)
    body = await run_in_threadpool(_gzipped, path)  # o200k's 3.6 MB: under a second, once, off the event loop
    return Response(body, media_type=media_type, headers={**headers, "Content-Encoding": "gzip"})


async def built_file(request: Request) -> Response:
    name = request.path_params["name"]  # one path segment: the router's "str" matches no "/"
    path = BUILT_DIR / name
    media_type = BUILT_TYPES.get(path.suffix)
    # parent: a name is one segment of the folder, on any system (a Windows server reads "\\" as a separator too)
    if media_type is None or path.parent != BUILT_DIR or not path.is_file():
        return _not_found()
    return await _send(request, path, media_type)


async def vocabulary_file(request: Request) -> Response:
    path = served_file(request.path_params["sha256"])
    if path is None or path.name != request.path_params["name"]:
        return _not_found()
    return await _send(request, path, "application/octet-stream")


ROUTES = [Route(f"{TWIN_PATH}/files/{{sha256}}/{{name}}", vocabulary_file, methods=["GET", "HEAD"]),
          Route(f"{TWIN_PATH}/{{name}}", built_file, methods=["GET", "HEAD"])]
