"""The classroom server under a path prefix (GRADIO_ROOT_PATH=/tok, as behind a university's proxy at /tok/).

Gradio serves every route both at /<route> and at /tok/<route> (Starlette strips the root path before
routing), so a proxy that strips the prefix and one that passes it on reach the same routes. Each of
the guard's refusals must hold on every path that reaches a route: the prefix, a doubled prefix,
encoded slashes, dot segments and doubled slashes. Raw requests (http.client sends the path as given).
"""

from __future__ import annotations

import http.client
import json
import tempfile
import time
import urllib.parse
from pathlib import Path

import pytest
from serve import call_api, running

from playground.page import server as guard

pytestmark = pytest.mark.slow  # its tests ask a launched python app.py

PREFIX = "/tok"
# Every route the guard refuses, as a client would call it (method, path, body): written out here, not
# read from the guard; test_every_refused_prefix_is_tried checks that none of the guard's list is missed.
UPLOAD_MARKER = b"UPLOADED-c0ffee-28"
BOUNDARY = "playground28"
UPLOAD = (f"--{BOUNDARY}\r\nContent-Disposition: form-data; name=\"files\"; filename=\"notes.txt\"\r\n"
          f"Content-Type: text/plain\r\n\r\n").encode() + UPLOAD_MARKER + f"\r\n--{BOUNDARY}--\r\n".encode()
REFUSED = [
    ("GET", "/gradio_api/deep_link?session_hash=abc", None),
    ("POST", "/gradio_api/upload", UPLOAD),
    ("POST", "/gradio_api/upload?upload_id=abc", UPLOAD),
    ("GET", "/gradio_api/upload_progress?upload_id=abc", None),
    ("POST", "/gradio_api/process_recording", b"{}"),
    ("POST", "/gradio_api/run/compare", b'{"data": ["x", false, null]}'),
    ("POST", "/gradio_api/api/compare", b'{"data": ["x", false, null]}'),
    ("GET", "/gradio_api/runs", None),
    ("GET", "/gradio_api/run-history/records", None),
    ("GET", "/gradio_api/file=/etc/passwd", None),
    ("GET", "/gradio_api/file/etc/passwd", None),
    ("GET", "/gradio_api/proxy=http://127.0.0.1:9/x", None),
    ("POST", "/gradio_api/stream/abc", b"{}"),
    ("POST", "/gradio_api/component_server", b"{}"),
    ("GET", "/gradio_api/dev/reload", None),
    ("POST", "/gradio_api/vibe-edit", b"{}"),
    ("GET", "/gradio_api/vibe-code", None),
    ("POST", "/gradio_api/undo-vibe-edit", b"{}"),
    ("GET", "/monitoring", None),
    ("GET", "/gradio_api/custom_component/a/client/x/y.js", None),
]
REFUSAL = b"this classroom server does not offer that route"


def shapes(route: str) -> dict[str, tuple[str, bool]]:
    """Each way a path can name `route` under the prefix: {what: (path, whether Starlette routes it to `route`)}.
    Those it does not route (dot segments, doubled slashes) must still answer 404, never the route."""
    path, _, query = route.partition("?")
    query = "?" + query if query else ""
    return {
        "as a stripping proxy sends it": (path + query, True),
        "as a proxy that keeps the prefix sends it": (PREFIX + path + query, True),
        "doubled prefix": (PREFIX + PREFIX + path + query, False),
        "encoded slashes": ("/" + (PREFIX + path)[1:].replace("/", "%2F") + query, True),
        "dot segment": (PREFIX + "/." + path + query, False),
        "dot-dot segment": (PREFIX + "/x/.." + path + query, False),
        "doubled slash": (PREFIX + "/" + path + query, False),
    }


def send(url: str, method: str, path: str, body: bytes | None = None, headers: dict | None = None,
         chunked: bool = False) -> tuple[int, bytes, dict]:
    """(status, body, headers) of one request with this exact path."""
    parts = urllib.parse.urlsplit(url)
    connection = http.client.HTTPConnection(parts.hostname, parts.port, timeout=60)
    try:
        headers = dict(headers or {})
        if body is not None and "Content-Type" not in headers:
            headers["Content-Type"] = (f"multipart/form-data; boundary={BOUNDARY}" if body is UPLOAD
                                       else "application/json")
        connection.request(method, path, body=iter([body]) if chunked else body, headers=headers,
                           encode_chunked=chunked)
        response = connection.getresponse()
        return response.status, response.read(), {k.lower(): v for k, v in response.getheaders()}
    finally:
        connection.close()


@pytest.fixture(scope="module")
def prefixed():
    """The app with GRADIO_ROOT_PATH=/tok, its uploads folder and log captured: (url, temp dir, log)."""
    with tempfile.TemporaryDirectory() as tmp:
        log, uploads = Path(tmp) / "server.log", Path(tmp) / "gradio"
        uploads.mkdir()
        env = {"GRADIO_ROOT_PATH": PREFIX, "GRADIO_TEMP_DIR": str(uploads)}
        with open(log, "w") as out, running("app.py", extra_env=env, output=out) as (url, _, _):
            yield url, uploads, log


def test_every_refused_prefix_is_tried():
    """The list above names a route under each of the guard's refused prefixes (so a new one is tried too)."""
    untried = [p for p in guard.REFUSED_PREFIXES if not any(route.startswith(p) for _, route, _ in REFUSED)]
    assert untried == []


@pytest.mark.parametrize("method, route, body", REFUSED, ids=[f"{m} {r}" for m, r, _ in REFUSED])
def test_refused_routes_stay_refused_under_any_prefix(prefixed, method, route, body):
    url, uploads, _ = prefixed
    for what, (path, routed) in shapes(route).items():
        status, answer, headers = send(url, method, path, body)
        assert status == 404, f"{what}: {method} {path} answered {status}: {answer[:200]!r}"
        if routed:  # the guard's own answer, not the router's: the route was reached and refused
            assert REFUSAL in answer, f"{what}: {method} {path}: {answer[:200]!r}"
        assert headers.get("cache-control") == "no-store", what
    stored = [p for p in uploads.rglob("*") if p.is_file() and UPLOAD_MARKER in p.read_bytes()]
    assert stored == [], f"an upload was stored: {stored}"


@pytest.mark.parametrize("path", ["/gradio_api/call/compare/no-such-event-28",
                                  "/gradio_api/call/v2/compare/no-such-event-28",
                                  "/gradio_api/queue/data?session_hash=no-such-session-28"])
def test_unknown_events_are_answered_by_the_guard_under_the_prefix(prefixed, path):
    """Gradio would answer these with a traceback in the log (79 lines, with the prefix)."""
    url, _, log = prefixed
    for what, (shaped, routed) in shapes(path).items():
        if routed:
            status, answer, _ = send(url, "GET", shaped)
            assert status == 404 and b"No such event waiting to be read" in answer, (what, status, answer[:200])
    time.sleep(0.5)  # let the server flush its output
    assert "Traceback" not in log.read_text()


@pytest.mark.waits  # tests/cores.py: a pause for the server's output, not work
def test_calls_are_checked_under_the_prefix(prefixed):
    url, _, log = prefixed
    status, answer, _ = send(url, "POST", PREFIX + "/gradio_api/call/update_one_hot", b'{"data": ["x", "y"]}')
    assert status == 404 and b"No public endpoint /update_one_hot" in answer
    status, answer, _ = send(url, "POST", PREFIX + "/gradio_api/call/compare", b'{"data": ["x"]}')
    assert status == 422 and b"/compare takes a list of 3 values in data, got 1 values" in answer
    status, answer, _ = send(url, "POST", PREFIX + "/gradio_api/queue/join",
                             b'{"fn_index": 99999, "data": [], "session_hash": "s28"}')
    assert status == 404 and b"No event 99999" in answer
    status, answer, _ = send(url, "POST", "/tok%2Fgradio_api%2Fqueue%2Fjoin", b'{"fn_index": "x"}')
    assert status == 404 and b"No event x" in answer
    time.sleep(0.5)
    assert "Traceback" not in log.read_text()


@pytest.mark.parametrize("path", ["/gradio_api/call/compare", "/gradio_api/queue/join", "/playground/tokens"])
def test_the_body_limit_holds_under_the_prefix(prefixed, path):
    url, _, _ = prefixed
    declared = send(url, "POST", PREFIX + path, b"{}", {"Content-Length": "5000000"})
    assert declared[0] == 413 and b"at most 4,000,000 bytes" in declared[1]
    if path != "/playground/tokens":  # the asks read their body themselves, and fail it past the limit
        undeclared = send(url, "POST", PREFIX + path, b'{"data": ["' + b"x" * 4_100_000 + b'"]}', chunked=True)
        assert undeclared[0] == 413 and b"at most 4,000,000 bytes" in undeclared[1], undeclared[:2]


def test_the_page_and_its_api_answer_under_the_prefix(prefixed):
    """What the refusals must not break: the page, the queue's API and the page's asks, each under /tok/."""
    url, _, _ = prefixed
    status, page, headers = send(url, "GET", PREFIX + "/")
    assert status == 200 and headers["cache-control"] == "no-cache" and b'id="input-text"' in page  # the program's
    assert headers["cross-origin-opener-policy"] == "same-origin"
    [result] = call_api(url.rstrip("/") + PREFIX + "/", "compare", ["Hello world", False, None])
    assert [t["ids"] for t in result["tokenizers"]] == [[15496, 995], [7592, 2088], [15043, 3186]]
    ask = {"text": "Hello world", "special": False, "tokenizer": "gpt2"}
    status, answer, _ = send(url, "POST", PREFIX + "/playground/tokens", json.dumps(ask).encode())
    assert status == 200 and json.loads(answer)["tokenizer"]["ids"] == [15496, 995]
