"""The server's holes a hostile pass found, each against a launched `python app.py`: other origins, the log, links, lone
surrogates, idle connections and header floods (raw sockets), and the long lane's fairness.

Each test sends what a hostile page or client sent and asserts what the server must do instead:
no answer another origin's page may read, nothing sent in the log, a page for any link, U+FFFD for a
lone surrogate, connections closed and refused within bounds.
"""

from __future__ import annotations

import http.client
import json
import os
import re
import socket
import tempfile
import threading
import time
import urllib.parse
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path
from unittest.mock import patch

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from browser import launch_own
from cores import pause
from serve import free_port, running
from test_server import post_ask, tokens_values

pytestmark = pytest.mark.slow  # its tests ask a launched python app.py

MARKER = "MARK29"  # in every position a client controls; the log must never hold it


@pytest.fixture(scope="module")
def server():
    """The app on a free port, its output captured: (url, host, port, path of the log)."""
    with tempfile.TemporaryDirectory() as tmp:
        log = Path(tmp) / "server.log"
        with open(log, "w") as out, running("app.py", output=out) as (url, _, _):
            parts = urllib.parse.urlsplit(url)
            yield url, parts.hostname, parts.port, log


def raw(host: str, port: int, method: str, target: str, headers: dict | None = None, body: bytes | None = None,
        timeout: float = 30) -> tuple[int, dict, bytes]:
    """One request by http.client, as a script sends it: (status, headers with lower-case names, body)."""
    connection = http.client.HTTPConnection(host, port, timeout=timeout)
    try:
        connection.putrequest(method, target, skip_host="Host" in (headers or {}), skip_accept_encoding=True)
        for name, value in (headers or {}).items():
            connection.putheader(name, value)
        if body is not None:
            connection.putheader("Content-Length", str(len(body)))
        connection.endheaders(body)
        response = connection.getresponse()
        return response.status, {k.lower(): v for k, v in response.getheaders()}, response.read()
    finally:
        connection.close()


# --- 6. the page's origin only ----------------------------------------------------------------

COMPARE_BODY = json.dumps({"data": ["Hello world", False, None]}).encode()


def test_no_answer_lets_another_origin_read_it(server):
    """The server reached by a LAN address, as in a lecture hall; another site's page sends the requests.
    Before: Gradio's CORS middleware reflected the Origin with credentials, and answered every preflight."""
    url, host, port, _ = server
    lan = {"Host": f"192.168.1.5:{port}", "Origin": "http://evil.example"}
    for method, target, extra, body in [
        ("GET", "/config", {}, None),
        ("POST", "/gradio_api/call/compare", {"Content-Type": "application/json"}, COMPARE_BODY),
        ("POST", "/playground/tokens", {"Content-Type": "application/json"}, json.dumps(tokens_values("hi")).encode()),
    ]:
        status, headers, _ = raw(host, port, method, target, {**lan, **extra}, body)
        assert "access-control-allow-origin" not in headers and "access-control-allow-credentials" not in headers, \
            (target, status, headers)
    status, headers, _ = raw(host, port, "OPTIONS", "/playground/tokens",
                             {**lan, "Access-Control-Request-Method": "POST",
                              "Access-Control-Request-Headers": "content-type"})
    assert status == 403 and "access-control-allow-origin" not in headers
    # what a browser marks as sent for another site's page is refused before any work
    status, _, body = raw(host, port, "POST", "/gradio_api/call/compare",
                          {**lan, "Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "no-cors",
                           "Content-Type": "text/plain"}, COMPARE_BODY)
    assert status == 403 and b"its own page only" in body
    # but a link to the page, from another site, opens it
    status, _, body = raw(host, port, "GET", "/?text=hi", {"Sec-Fetch-Site": "cross-site", "Sec-Fetch-Mode": "navigate"})
    assert status == 200 and b"<html" in body.lower()


def test_the_asks_require_json_whatever_the_host(server):
    url, host, port, _ = server
    body = json.dumps(tokens_values("Hello world")).encode()
    for host_header in (f"127.0.0.1:{port}", f"192.168.1.5:{port}", "classroom.example"):
        for content_type in ("text/plain", "application/x-www-form-urlencoded", None):
            headers = {"Host": host_header, **({"Content-Type": content_type} if content_type else {})}
            status, _, answer = raw(host, port, "POST", "/playground/tokens", headers, body)
            assert status == 415 and b"Content-Type: application/json" in answer, (host_header, content_type, status)
    status, _, answer = raw(host, port, "POST", "/playground/tokens",
                            {"Content-Type": "application/json; charset=utf-8"}, body)
    assert status == 200 and json.loads(answer)["tokenizer"]["ids"] == [15496, 995]  # curl and scripts keep working


class _EvilPage(BaseHTTPRequestHandler):
    def do_GET(self):
        page = b"<!doctype html><title>another site</title>"
        self.send_response(200)
        self.send_header("Content-Type", "text/html")
        self.send_header("Content-Length", str(len(page)))
        self.end_headers()
        self.wfile.write(page)

    def log_message(self, *args):
        pass


READ_FROM_ANOTHER_SITE = """async (app) => {
  const read = async (path, init) => {
    try { const r = await fetch(app + path, init); return `read ${r.status}: ` + (await r.text()).slice(0, 80); }
    catch (err) { return "refused"; }
  };
  const edit = JSON.stringify(%s);
  return {
    call: await read("gradio_api/call/compare", {method: "POST", headers: {"Content-Type": "text/plain"},
                                                body: JSON.stringify({data: ["Hello world", false, null]})}),
    edit: await read("playground/tokens", {method: "POST", headers: {"Content-Type": "application/json"}, body: edit}),
    edit_as_text: await read("playground/tokens", {method: "POST", headers: {"Content-Type": "text/plain"}, body: edit}),
    config: await read("config", {credentials: "include"}),
  };
}"""


def test_a_page_of_another_site_reads_nothing_in_chromium(server, playwright):
    """Chromium with two host names for loopback: the app at classroom.test (not a localhost name, as a LAN
    address is not), another site at evil.test. That site's script reads none of the app's answers, and the
    page at classroom.test works. Before: it read a /compare event id and a whole edit answer."""
    url, _, port, _ = server
    evil = ThreadingHTTPServer(("127.0.0.1", free_port()), _EvilPage)
    threading.Thread(target=evil.serve_forever, daemon=True).start()
    app = f"http://classroom.test:{port}/"
    try:
        browser = launch_own(playwright, "--host-resolver-rules=MAP classroom.test 127.0.0.1, MAP evil.test 127.0.0.1")
        try:
            page = browser.new_page()
            page.goto(f"http://evil.test:{evil.server_address[1]}/")
            got = page.evaluate(READ_FROM_ANOTHER_SITE % json.dumps(tokens_values("Hello world")), app)
            assert got == {"call": "refused", "edit": "refused", "edit_as_text": "refused", "config": "refused"}, got
            page.goto(app)  # the app's own page, by the same name: its edits are its own origin's
            page.wait_for_function("document.querySelector('#panel-gpt2 .tok[data-id=\"15496\"]')", timeout=60_000)
            box = page.locator("#input-text textarea")
            box.click()
            box.press("End")
            box.press_sequentially("!")
            page.wait_for_function("document.querySelector('#panel-gpt2 .tok[data-id=\"0\"]')", timeout=30_000)  # "!"
        finally:
            browser.close()
    finally:
        evil.shutdown()


# --- 4. nothing a client sends reaches the log ------------------------------------------------


def served_routes() -> list[tuple[str, str]]:
    """(method, path template) of every route the app serves: Gradio's own, ours, in the built app."""
    import gradio as gr

    from playground.page import web

    app = gr.routes.App.create_app(web.build_demo(), app_kwargs=web.app_kwargs())
    routes = []
    for route in app.routes:
        for r in [route, *getattr(getattr(route, "original_router", None), "routes", [])]:
            routes += [(method, r.path) for method in sorted(getattr(r, "methods", None) or [])]
    return routes


def marked_paths(template: str) -> list[str]:
    """The path with each {parameter} a marker (a newline in it, to forge a log line), and with a real
    endpoint name where it names one."""
    marked = re.sub(r"\{[^}]+\}", f"{MARKER}%0AFORGED-{MARKER}", template)
    paths = [marked]
    if "{api_name}" in template:
        paths.append(re.sub(r"\{[^}]+\}", f"{MARKER}", template.replace("{api_name}", "compare")))
    return paths


MARKED_BODIES = [
    json.dumps({f"{MARKER}-key\nFORGED": f"{MARKER}-value", "data": [f"{MARKER}-data"], "fn_index": 0,
                "session_hash": f"{MARKER}-session", "event_id": f"{MARKER}-event"}).encode(),
    json.dumps({"text": f"{MARKER}-text", f"{MARKER}-named\nFORGED": 1}).encode(),  # v2: an unknown name
    json.dumps({"data": [f"{MARKER}-a", f"{MARKER}-b", [f"{MARKER}-c"]], "fn_index": 99,
                "session_hash": MARKER}).encode(),
    f"{{{MARKER}-not-json".encode(),
]


def test_nothing_a_client_sends_reaches_the_log(server):
    """Every route the app serves, every method: a marker in the path, the query's keys and values, the
    headers' names and values, the JSON body's keys and values (and a body that is no JSON). Then the
    whole log is read. Before: /gradio_api/call/v2/compare with an unknown key printed a 69-line
    traceback quoting it."""
    url, host, port, log = server
    routes = served_routes()
    assert ("POST", "/gradio_api/call/v2/{api_name}") in routes and ("POST", "/playground/tokens") in routes
    query = urllib.parse.urlencode({f"{MARKER}-q\nFORGED": f"{MARKER}-v", "session_hash": MARKER, "text": MARKER})
    headers = {f"X-{MARKER}": f"{MARKER}-header", "User-Agent": f"{MARKER}-agent", "Cookie": f"{MARKER}=1",
               "Referer": f"http://{MARKER}/", "Content-Type": "application/json"}
    sent = 0
    for method, template in routes:
        for path in marked_paths(template):
            for body in (MARKED_BODIES if method in ("POST", "PUT", "PATCH") else [None]):
                try:
                    raw(host, port, method, f"{path}?{query}", headers, body, timeout=3)
                except (TimeoutError, socket.timeout, ConnectionError, http.client.HTTPException):
                    pass  # an event stream that stays open: what it was sent is in the log or not, all the same
                sent += 1
    pause(1)  # let the server flush its output
    text = log.read_text()
    assert sent > 100 and MARKER not in text, [line for line in text.splitlines() if MARKER in line][:5]
    assert "Traceback" not in text, text[-3000:]


def test_named_values_get_a_clear_error(server):
    url, host, port, _ = server
    status, _, body = raw(host, port, "POST", "/gradio_api/call/v2/compare", {"Content-Type": "application/json"},
                          json.dumps({"text": "hi", "colour": 1}).encode())
    assert status == 422 and json.loads(body)["detail"] == (
        "/compare takes the named values text, special, tokenizers; unknown: 'colour'; missing: none")
    status, _, body = raw(host, port, "POST", "/gradio_api/call/v2/replay", {"Content-Type": "application/json"},
                          json.dumps({"tokenizer": "gpt2"}).encode())
    assert status == 422 and json.loads(body)["detail"].endswith("unknown: none; missing: text")
    status, _, body = raw(host, port, "POST", "/gradio_api/call/v2/compare", {"Content-Type": "application/json"},
                          json.dumps({"text": "Hello world"}).encode())
    assert status == 200 and "event_id" in json.loads(body)  # the named call itself works


# --- deep JSON: refused before any parser reads it (issue 44) ------------------------------------

DEEP = {depth: "[" * depth + "]" * depth for depth in (65, 1_025, 100_000)}  # 100,000: json.loads and repr() fail


@pytest.mark.parametrize("depth", DEEP)
@pytest.mark.parametrize("path, body", [
    ("/playground/embedding", '{"text": %s, "init": "GPT-2: N(0, 0.02)"}'),
    ("/playground/tokens", '{"text": %s, "special": false, "tokenizer": "gpt2"}'),
    ("/playground/chat", '{"messages": %s, "tokenizers": ["gpt2", "bert", "llama"]}'),
    ("/gradio_api/queue/join", '{"data": %s, "fn_index": 0, "session_hash": "deep"}'),
    ("/gradio_api/call/compare", '{"data": %s}'),
    ("/gradio_api/call/v2/compare", '{"text": %s}'),
    ("/gradio_api/cancel", '{"event_id": %s, "session_hash": "deep", "fn_index": 0}'),
])
@pytest.mark.waits  # tests/cores.py: a pause for the server's output, not work
def test_deep_json_gets_a_400_and_nothing_in_the_log(server, path, body, depth):
    """Before: 100,000 levels got a 500 and a RecursionError's traceback in the log on the page's asks and chat;
    Gradio's routes answered as if the body were read (404, 422), 1,025 levels everywhere; now the bytes are
    counted before any parser reads them."""
    url, host, port, log = server
    logged = log.read_text()
    status, headers, answer = raw(host, port, "POST", path, {"Content-Type": "application/json"},
                                  (body % DEEP[depth]).encode())
    assert (status, json.loads(answer)) == (400, {"detail": "The body's JSON is nested too deeply: at most 64 levels "
                                                            "of [ and {."}), (path, status, answer[:200])
    assert headers["cache-control"] == "no-store"
    time.sleep(0.5)  # let the server flush its output
    assert log.read_text() == logged


def test_brackets_in_strings_and_64_levels_are_read(server, official_gpt2):
    """What is nested only in a string, or 64 levels deep, is not refused."""
    url, host, port, _ = server
    text = "[{" * 2_000 + "\\" + '"' + "]" * 100  # 4,100 brackets, a backslash and a quote: in process
    status, _, answer = raw(host, port, "POST", "/playground/tokens", {"Content-Type": "application/json"},
                            json.dumps(tokens_values(text)).encode())
    assert status == 200 and json.loads(answer)["tokenizer"]["ids"][:1000] == official_gpt2.encode(text)[:1000]
    at_64 = '{"text": %s, "special": false, "tokenizer": "gpt2"}' % ("[" * 63 + "]" * 63)  # 64 with the object
    status, _, answer = raw(host, port, "POST", "/playground/tokens", {"Content-Type": "application/json"},
                            at_64.encode())
    assert status == 400 and json.loads(answer)["detail"].startswith("text must be a string, got list")


def depth(value) -> int:
    """The oracle: how deep arrays and objects nest in a parsed value."""
    if isinstance(value, (list, dict)):
        return 1 + max(map(depth, value.values() if isinstance(value, dict) else value), default=0)
    return 0


TRICKY = st.text(alphabet='[]{}"\\ab\u00e9', max_size=6)  # what a scan of the bytes could mistake for structure
json_values = st.recursive(st.none() | st.integers() | TRICKY, lambda inner: st.lists(inner, max_size=3)
                           | st.dictionaries(TRICKY, inner, max_size=3), max_leaves=40)


@settings(deadline=None)
@given(json_values, st.integers(0, 6), st.booleans())
def test_the_depth_scan_agrees_with_the_parsed_value(value, limit, ascii_only):
    """Any JSON, its strings full of brackets, quotes and backslashes: refused exactly when it nests deeper."""
    from playground.page.server import bodies

    body = json.dumps(value, ensure_ascii=ascii_only).encode()
    with patch.object(bodies, "MAX_JSON_DEPTH", limit):
        assert bodies.nests_too_deeply(body) == (depth(value) > limit), body


@given(st.binary(max_size=300))
def test_the_depth_scan_reads_any_bytes(body):
    from playground.page.server import bodies

    with patch.object(bodies, "MAX_JSON_DEPTH", 0):
        assert bodies.nests_too_deeply(body) in (True, False)


# --- 7. any link opens a page ---------------------------------------------------------------


@pytest.mark.parametrize("query", [
    "&".join(["x=1"] * 17_000),  # 68 KB of short parameters: before, an HTTP 500
    "&".join(["text=ab"] * 9_000),  # one key repeated
    "a" * 59_000 + "=1&text=hi",  # a key longer than any of ours
    "text=hi&" + "&".join(f"p{k}=" + "v" * 30 for k in range(3_000)),  # many long parameters
    "tokenizers=" + "," * 50_000 + "&text=hi",  # a huge count of names
    "text=" + "x" * 70_000 + "&" + "&".join(["y=2"] * 5_000),  # a long text and many parameters
], ids=["17000-short", "repeated-key", "long-key", "many-long", "huge-count", "long-text-and-many"])
def test_any_link_opens_a_page(server, query):
    """The server serves the page whatever the link's query; the page reads the link itself (link.js: what it
    makes of such links, tests/test_link_browser.py)."""
    url, host, port, log = server
    status, _, body = raw(host, port, "GET", f"/?{query}")
    assert status == 200 and b"<html" in body.lower()
    assert "Traceback" not in log.read_text()


# --- 8. lone surrogates become U+FFFD on every path ---------------------------------------------

SURROGATE_TOKENS = b'{"text": "a\\ud800b", "special": false, "tokenizer": "gpt2"}'


def test_a_lone_surrogate_is_replaced_on_the_asks_and_the_api(server):
    """JavaScript's JSON.stringify writes a lone surrogate as an escape, which is valid JSON; the answer is the
    answer for U+FFFD in its place (the page's note says so: test_page_flow_browser.py). Before: 400, "the body
    must be JSON"."""
    url, host, port, _ = server
    status, _, body = raw(host, port, "POST", "/playground/tokens", {"Content-Type": "application/json"}, SURROGATE_TOKENS)
    assert status == 200, body[:200]
    answer = json.loads(body)
    _, _, replaced = post_ask(url, tokens_values("a\ufffdb"))
    assert answer == replaced and answer["tokenizer"]["ids"] == [64, 4210, 65]  # a, U+FFFD (one GPT-2 token), b
    for path, data in [("/gradio_api/call/compare", b'{"data": ["a\\ud800b", false, null]}'),
                       ("/gradio_api/call/v2/compare", b'{"text": "a\\ud800b"}')]:
        status, _, body = raw(host, port, "POST", path, {"Content-Type": "application/json"}, data)
        assert status == 200, (path, body[:200])
        event_id = json.loads(body)["event_id"]
        _, _, stream = raw(host, port, "GET", f"{path}/{event_id}")
        [result] = [json.loads(line[6:]) for line in stream.decode().splitlines() if line.startswith("data: ")][-1:]
        result = result[0] if isinstance(result, list) else result
        assert result["text"] == "a\ufffdb" and result["replaced_surrogates"] == 1, result


def test_the_page_replaces_a_lone_surrogate_and_cuts_a_paste_over_the_body_cap(server, browser):
    """In Chromium: a lone surrogate in the box gets panels for U+FFFD and the note; a paste over the body cap
    is cut to the characters tokenized, and the note says so (the server is sent no more than those)."""
    url, _, _, _ = server
    context = browser.new_context()
    page = context.new_page()
    page.goto(url)
    page.wait_for_function("document.querySelector('#panel-gpt2 .tok[data-id=\"15496\"]')", timeout=60_000)
    set_box = """text => { const box = document.querySelector('#input-text textarea');
                           box.value = JSON.parse(`"${text}"`);  // escapes, a lone surrogate's included
                           box.dispatchEvent(new Event('input', {bubbles: true})); }"""
    page.evaluate(set_box, "a\\ud800b")  # a lone surrogate, made in the page: Playwright sends none
    page.wait_for_function("document.querySelector('#limit-note').textContent.includes('lone surrogate')",
                           timeout=30_000)
    fffd = page.eval_on_selector_all("#panel-gpt2 .tok", "els => els.map(e => e.dataset.id)")
    assert len(fffd) >= 3  # a, the three bytes of U+FFFD (GPT-2 byte pieces), b
    page.evaluate(set_box, "x " * 2_100_000)  # 4.2 MB as JSON: over the 4,000,000-byte cap
    page.wait_for_function("document.querySelector('#limit-note').textContent.includes("
                           "'Tokenised the first 100,000 of 4,200,000 characters')", timeout=60_000)
    page.evaluate(set_box, "Hello world")
    page.wait_for_function("document.querySelector('#panel-gpt2 .tok[data-id=\"995\"]')", timeout=30_000)
    context.close()


# --- 2 and 3. connections bounded in time and number, heads in bytes (raw sockets) -------------


def connect(port: int) -> socket.socket:
    s = socket.create_connection(("127.0.0.1", port), timeout=30)
    return s


def closed_after(s: socket.socket, limit: float) -> float | None:
    """Seconds until the server closed s (it sends nothing first), or None if still open after `limit`."""
    t0 = time.monotonic()
    s.settimeout(limit)
    try:
        while s.recv(4096):
            pass
        return time.monotonic() - t0
    except (TimeoutError, socket.timeout):
        return None
    except ConnectionResetError:
        return time.monotonic() - t0


@pytest.mark.waits  # tests/cores.py
def test_a_connection_that_sends_no_whole_head_is_closed(server):
    """Before: a connection that never finished its request was never closed."""
    _, _, port, _ = server
    idle = connect(port)
    assert (closed_after(idle, 20) or 99) < 10  # nothing sent
    slow = connect(port)
    def dribble():  # one byte a second: a head that would take minutes
        try:
            for ch in b"GET / HTTP/1.1\r\nHost: x\r\nX-Slow: " + b"a" * 60:
                slow.sendall(bytes([ch]))
                time.sleep(1)
        except OSError:
            pass
    threading.Thread(target=dribble, daemon=True).start()
    assert (closed_after(slow, 30) or 99) < 10
    kept = connect(port)  # an answer, then nothing: the kept-alive connection is closed too
    kept.sendall(b"GET /robots.txt HTTP/1.1\r\nHost: x\r\n\r\n")
    kept.settimeout(10)
    assert kept.recv(12) == b"HTTP/1.1 200"
    assert (closed_after(kept, 20) or 99) < 10


@pytest.mark.parametrize("head, status", [
    (b"GET / HTTP/1.1\r\nHost: x\r\n" + b"a: b\r\n" * 200 + b"\r\n", b"431"),  # before: 200
    (b"GET / HTTP/1.1\r\nHost: x\r\nX-Big: " + b"a" * 100_000 + b"\r\n\r\n", b"431"),  # before: 200
    (b"GET / HTTP/1.1\r\nHost: x\r\n" + b"a: b\r\n" * 400_000, b"431"),  # answered before it ends
    (b"GET /?text=" + b"x" * 200_000 + b" HTTP/1.1\r\nHost: x\r\n\r\n", b"200"),  # a long link: a page
], ids=["200-lines", "100-KB-header", "400000-lines", "200-KB-link"])
def test_headers_are_bounded_in_lines_and_bytes_but_a_link_may_be_long(server, head, status):
    _, _, port, _ = server
    s = connect(port)
    try:
        s.sendall(head)
    except (BrokenPipeError, ConnectionResetError):
        pass  # refused before all was sent; the answer is still there to read
    assert s.recv(12) == b"HTTP/1.1 " + status
    s.close()


BODY_SECONDS = 20  # server.bodies.BODY_SECONDS: a request's whole body within this many seconds of its head
TRICKLED = ["/playground/tokens", "/playground/chat", "/gradio_api/queue/join"]


def trickled(port: int, path: str) -> tuple[float | None, bytes, float | None]:
    """A request whose body of 1,000 bytes is sent a byte a second: (seconds until the answer began, its first
    bytes, seconds until the server closed the connection), None for what did not come in 40 s."""
    s = connect(port)
    s.sendall(f"POST {path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
              f"Content-Length: 1000\r\n\r\n{{".encode())
    s.settimeout(1)
    t0, answered, answer = time.monotonic(), None, b""
    while time.monotonic() - t0 < 40:
        try:
            s.sendall(b" ")
            got = s.recv(4096)
        except (TimeoutError, socket.timeout):
            continue
        except OSError:  # reset: closed while a byte was on its way
            return answered, answer, time.monotonic() - t0
        if not got:
            return answered, answer, time.monotonic() - t0
        answered = answered or time.monotonic() - t0
        answer += got
    return answered, answer, None


@pytest.mark.waits  # tests/cores.py
def test_a_body_that_trickles_is_cut(server):
    """Three bodies sent a byte a second, to the page's asks, its chat and Gradio's queue: each is answered 408 once
    BODY_SECONDS have passed, and closed a few seconds later (bytes still coming in do not keep it open). Before: no
    answer, and all three stayed open for the 40 s."""
    _, _, port, log = server
    logged = log.read_text()
    results: dict[str, tuple] = {}
    threads = [threading.Thread(target=lambda path=path: results.update({path: trickled(port, path)}))
               for path in TRICKLED]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    for path, (answered, answer, closed) in results.items():
        assert answered is not None and BODY_SECONDS - 1 < answered < BODY_SECONDS + 10, (path, answered, closed)
        assert answer.startswith(b"HTTP/1.1 408 ") and f"within {BODY_SECONDS} s".encode() in answer, (path, answer)
        assert closed is not None and closed < answered + 10, (path, answered, closed)  # LINGER_SECONDS: 5
    assert log.read_text() == logged


@pytest.mark.waits  # tests/cores.py
def test_a_client_that_leaves_mid_body_leaves_nothing_in_the_log(server):
    """Before: the page's asks and chat printed Starlette's ClientDisconnect with a 60-line traceback."""
    _, _, port, log = server
    logged = log.read_text()
    for path in TRICKLED:
        s = connect(port)
        s.sendall(f"POST {path} HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
                  f"Content-Length: 100\r\n\r\n{{\"text".encode())
        time.sleep(0.5)
        s.close()
    time.sleep(1)
    assert log.read_text() == logged


def test_unfinished_long_heads_are_bounded_in_memory(server):
    """200 connections each send 1.5 MiB of a request line and stop (300 MB in all). Before: every byte was
    kept (2 MiB a connection, and the same for every header: 1,000 connections +2.1 GB)."""
    from serve import rss_mb

    url, host, port, _ = server
    pid = server_pid(port)
    before = rss_mb(pid)
    sockets = []
    for _ in range(200):
        s = connect(port)
        try:
            s.sendall(b"GET /?text=" + b"x" * (3 << 19))
        except OSError:
            pass
        sockets.append(s)
    time.sleep(1)
    grown = rss_mb(pid) - before
    for s in sockets:
        s.close()
    assert grown < 150, f"+{grown:.0f} MB for 300 MB of unfinished request lines"


def server_pid(port: int) -> int:
    """The process listening on 127.0.0.1:port (the launched server), from /proc/net/tcp."""
    inode = next(line.split()[9] for line in Path("/proc/net/tcp").read_text().splitlines()[1:]
                 if line.split()[1] == f"0100007F:{port:04X}" and line.split()[3] == "0A")
    for proc in Path("/proc").iterdir():
        if proc.name.isdigit():
            try:
                if any(os.readlink(fd) == f"socket:[{inode}]" for fd in (proc / "fd").iterdir()):
                    return int(proc.name)
            except OSError:
                continue
    raise LookupError(f"no process listens on port {port}")


@pytest.mark.waits  # tests/cores.py
def test_connections_past_the_file_limit_are_refused_cheaply_and_a_page_still_opens():
    """A server under `ulimit -n 1024`: 1,300 connections that send nothing, then a page. Before: accept()
    failed with "Too many open files", a traceback each time, and the page waited 18-25 s."""
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    with tempfile.TemporaryDirectory() as tmp:
        log = Path(tmp) / "server.log"
        resource.setrlimit(resource.RLIMIT_NOFILE, (1024, hard))  # the server inherits it
        try:
            started = running("app.py", output=open(log, "w"))
            url, process, _ = started.__enter__()
        finally:
            resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))  # this process needs more than 1,024
        try:
            port = urllib.parse.urlsplit(url).port
            idle = [connect(port) for _ in range(1_300)]
            time.sleep(1)
            t0 = time.monotonic()
            status, _, body = raw("127.0.0.1", port, "GET", "/", timeout=30)
            waited = time.monotonic() - t0
            open_files = len(list(Path(f"/proc/{process.pid}/fd").iterdir()))
            for s in idle:
                s.close()
            text = log.read_text()
            assert status == 200 and waited < 5, f"the page waited {waited:.1f} s"
            assert open_files < 1024, open_files
            assert "Traceback" not in text and "Too many open files" not in text, text[-2000:]
        finally:
            started.__exit__(None, None, None)


# --- 5. fair lanes ----------------------------------------------------------------------------


def post_tokens_from(address: str, port: int, values: dict, timeout: float = 180) -> int:
    """The status of a tokens ask POSTed from a local address of our choosing (127.0.0.x: another client)."""
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=timeout, source_address=(address, 0))
    try:
        connection.request("POST", "/playground/tokens", json.dumps(values, ensure_ascii=False).encode(),
                           {"Content-Type": "application/json"})
        response = connection.getresponse()
        response.read()
        return response.status
    finally:
        connection.close()


def test_one_client_cannot_take_the_whole_long_lane(server):
    """16 asks of 100,000 characters at once from one address; meanwhile a classmate (another address)
    pastes 20,000 characters. Before: the 16 held every long slot and the paste got 503 (16 of 16). Each ask is
    costly (BERT on 100,000 emoji: 0.8 s of the worker's): the admitted 8 hold their places well after the 16 are
    read (with GPT-2 on "x y x y", 0.05 s each, the first were done before the probe came, once, in CI)."""
    url, _, port, _ = server
    statuses: list[int] = []
    hogs = [threading.Thread(target=lambda k=k: statuses.append(post_tokens_from(
        "127.0.0.1", port, tokens_values(f"{k} " + "😀" * 99_990, tokenizer="bert")))) for k in range(16)]
    for thread in hogs:
        thread.start()
    # Wait until all 16 are read and admitted or refused (8 refusals), not for a fixed time: on a loaded machine
    # 1.5 s was once too short, and the probe below came while the client held fewer than 8 places.
    deadline = time.monotonic() + 120
    while statuses.count(503) < 8 and time.monotonic() < deadline:
        time.sleep(0.01)
    assert statuses.count(503) == 8, statuses  # the admitted 8 wait for the worker, one text at a time
    # a body declared too long for a short text, from the client whose share is taken: refused unread
    s = socket.create_connection(("127.0.0.1", port), timeout=10)
    s.sendall(b"POST /playground/tokens HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n"
              b"Content-Length: 640000\r\n\r\n")
    assert s.recv(12) == b"HTTP/1.1 503"  # before: it waited for the 640 KB
    s.close()
    assert post_tokens_from("127.0.0.2", port, tokens_values("z " * 10_000)) == 200
    for thread in hogs:
        thread.join()
    assert sorted(statuses) == [200] * 8 + [503] * 8, statuses  # half the lane for one address
