"""The running app through its API, as gradio_client scripts and outside checks call it."""

from __future__ import annotations

import base64
import http.client
import json
import os
import subprocess
import time
import urllib.error
import urllib.parse
import urllib.request
from email.message import Message
from pathlib import Path
from typing import NamedTuple

import pytest
from hypothesis import HealthCheck, given, settings
from serve import ApiError, call_api, running
from test_properties import any_text

from conftest import synchronous
from playground.page import handlers

pytestmark = pytest.mark.slow  # its tests ask a launched python app.py

compare_api = synchronous(handlers.compare_api)

LESSON = ["gpt2", "bert", "llama"]  # the lesson's three tokenizers, as the page sends them with an example's ask


@pytest.fixture(scope="module")
def client(served_app):
    from gradio_client import Client

    c = Client(served_app, verbose=False)
    yield c
    c.close()


def test_compare_endpoint_known_answer(client):
    result = client.predict("Hello world", False, api_name="/compare")
    assert [t["ids"] for t in result["tokenizers"]] == [[15496, 995], [7592, 2088], [15043, 3186]]
    assert result["cut_chars"] == 0


@settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(text=any_text)
def test_compare_endpoint_on_anything(client, text):
    """Whatever arrives over the wire gets the same answer as compare_api() in-process.

    JSON cannot carry a lone surrogate, so the client sends U+FFFD in its place, as a browser would.
    """
    wire_text = text.encode("utf-16", "surrogatepass").decode("utf-16", "replace")
    result = client.predict(wire_text, False, api_name="/compare")
    assert result == compare_api(wire_text)


def request(url: str, method: str = "GET", body: bytes | None = None, headers: dict | None = None) -> int:
    """The HTTP status a route answers with."""
    req = urllib.request.Request(url, data=body, method=method, headers=headers or {})
    try:
        with urllib.request.urlopen(req, timeout=30) as response:
            return response.status
    except urllib.error.HTTPError as err:
        return err.code


class Served(NamedTuple):
    url: str
    log: Path  # what the app printed
    process: subprocess.Popen


@pytest.fixture(scope="module")
def server():
    """The app on a free port, its output captured."""
    import tempfile

    with tempfile.TemporaryDirectory() as tmp:
        log = Path(tmp) / "server.log"
        with open(log, "w") as out, running("app.py", output=out) as (url, process, _):
            yield Served(url, log, process)


@pytest.mark.parametrize("method, path", [
    ("GET", "gradio_api/deep_link?session_hash=abc"),  # would write the session's text to disk
    ("POST", "gradio_api/upload"),  # would store any file
    ("GET", "gradio_api/runs"), ("GET", "gradio_api/run-history/records"),  # run history
    ("POST", "gradio_api/run/compare"), ("POST", "gradio_api/api/compare"),  # skip the queue
    ("GET", "gradio_api/file=/etc/passwd"),
    ("POST", "gradio_api/call/examples_slide"), ("POST", "gradio_api/call/update_one_hot"),  # private events
])
def test_routes_the_page_does_not_need_are_refused(server, method, path):
    url = server.url
    body = json.dumps({"data": ["x", False]}).encode() if method == "POST" else None
    assert request(url + path, method, body, {"Content-Type": "application/json"}) == 404


def test_the_public_endpoints_answer_through_the_queue(server):
    url = server.url
    [result] = call_api(url, "compare", ["Hello world", False, None])
    assert [t["ids"] for t in result["tokenizers"]] == [[15496, 995], [7592, 2088], [15043, 3186]]


def test_chat_through_the_api_is_playground_chats(server):
    from playground import chat

    url = server.url
    messages = [{"role": "system", "content": "Be brief."}, {"role": "user", "content": "Hi 😀"}]
    [result] = call_api(url, "chat", [messages, "mistral", True])
    assert result == chat(messages, "mistral")
    with pytest.raises(ApiError, match="System role not supported"):
        call_api(url, "chat", [messages, "gemma", True])
    with pytest.raises(ApiError, match="1,000 messages: at most 200"):
        call_api(url, "chat", [[{"role": "user", "content": ""}] * 1000, "llama3", True])


def test_batch_through_the_api_is_cut_as_nanogpts_get_batch(server, tmp_path):
    import torch

    from conftest import official_tiktoken

    url = server.url
    text = "The cat sat on the mat, and the dog sat on the log."
    [gpt2] = official_tiktoken(tmp_path, "gpt2")  # tiktoken's own encoding, not the playground's
    ids = gpt2.encode(text)
    offsets = torch.randint(len(ids) - 4, (3,), generator=torch.Generator().manual_seed(7)).tolist()
    [result] = call_api(url, "batch", [text, 3, 4, 7])
    assert result["offsets"] == offsets
    assert result["ids"] == [ids[i:i + 4] for i in offsets]
    assert result["shape"] == [3, 4, 768]
    with pytest.raises(ApiError, match="a block of 16 needs at least 17"):
        call_api(url, "batch", ["Hello world", 1, 16, 0])


def test_any_tokenizers_through_the_api(server):
    url = server.url
    [result] = call_api(url, "compare", ["Hello world", False, ["gemma", "gpt4o", "llama3"]])
    assert [(t["name"], t["ids"]) for t in result["tokenizers"]] == [
        ("gemma", [4521, 2134]), ("gpt4o", [13225, 2375]), ("llama3", [9906, 1917])]
    with pytest.raises(ApiError, match="unknown tokenizer .gpt5.; choose from gpt2, bert"):
        call_api(url, "compare", ["Hello world", False, ["gpt5"]])
    # a panel's tokenizer with no browser twin is asked for by name, any of them
    status, _, answer = post_ask(url, tokens_values("Hello world", tokenizer="mistral"))
    assert status == 200 and answer["tokenizer"]["name"] == "mistral" and 22557 in answer["tokenizer"]["ids"]


def test_the_premium_endpoint(server):
    url = server.url
    [result] = call_api(url, "premium", [])
    assert result["languages"][0] == "eng_Latn" and len(result["languages"]) == 12
    assert result["tokenizers"] == ["gpt2", "bert", "llama", "gpt4", "gpt4o", "llama3", "mistral", "gemma"]
    for name in result["tokenizers"]:
        assert result["premium"]["eng_Latn"][name] == 1.0
        assert result["premium"]["hin_Deva"][name] == result["tokens"]["hin_Deva"][name] / result["tokens"]["eng_Latn"][name]
    hindi = result["premium"]["hin_Deva"]
    assert hindi["gpt2"] > hindi["gpt4"] > hindi["gpt4o"]  # what the later tokenizers changed
    assert result["unk"]["mya_Mymr"]["bert"] > result["tokens"]["mya_Mymr"]["bert"] / 2  # BERT lost most Burmese


def test_the_embed_endpoint(server):
    url = server.url
    [answer] = call_api(url, "embed", ["Hello world", "GPT-2: N(0, 0.02)"])
    assert answer["shape"] == [1, 2, 768] and answer["ids"] == [15496, 995] and answer["pieces"] == ["Hello", "Ġworld"]
    assert answer["one_hot"]["equals_lookup"] is True and answer["model_params"]["tied"] == 124_439_808
    assert len(answer["similarity"]) == 2


def test_an_oversized_body_is_refused_before_it_is_read(server):
    """Only the headers are sent: the answer comes without the server waiting for 5 MB."""
    url = server.url
    host, port = urllib.parse.urlsplit(url).hostname, urllib.parse.urlsplit(url).port
    connection = http.client.HTTPConnection(host, port, timeout=10)
    connection.putrequest("POST", "/gradio_api/call/compare")
    connection.putheader("Content-Type", "application/json")
    connection.putheader("Content-Length", "5000000")
    connection.endheaders()
    response = connection.getresponse()
    assert response.status == 413 and b"at most 4,000,000 bytes" in response.read()
    connection.close()


BAD_CALLS = [  # (endpoint, arguments carrying the marker, what the error must say)
    ("compare", [None, False, None], "text must be a string"),
    ("compare", ["MARKER-1", "MARKER-2", None], "special must be true or false"),
    ("embedding", ["MARKER-5", "MARKER-6" * 20], "init must be one of"),
]


@pytest.mark.waits  # tests/cores.py: a pause for the server's output, not work
@pytest.mark.parametrize("endpoint, args, message", BAD_CALLS)
def test_bad_values_get_a_clear_error_and_are_not_logged(server, endpoint, args, message):
    url, log = server.url, server.log
    with pytest.raises(ApiError) as err:
        call_api(url, endpoint, args)
    if message:
        assert message in str(err.value)
    time.sleep(0.3)  # let the server flush its output
    assert "MARKER" not in log.read_text()


def post_ask(url: str, values: dict, path: str = "playground/tokens") -> tuple[int, Message, dict]:
    """POST to one of the page's asks (ask_route) as the page sends it: (status, headers, JSON answer)."""
    req = urllib.request.Request(f"{url}{path}", data=json.dumps(values).encode(),
                                 headers={"Content-Type": "application/json"}, method="POST")
    try:
        with urllib.request.urlopen(req, timeout=60) as response:
            return response.status, response.headers, json.load(response)
    except urllib.error.HTTPError as err:
        return err.code, err.headers, json.load(err)


def tokens_values(text: str, **changes) -> dict:
    """A body of POST /playground/tokens: the tokens of a panel whose tokenizer has no browser twin."""
    return {"text": text, "special": False, "tokenizer": "gpt2", **changes}


@pytest.mark.waits  # tests/cores.py: a pause for the server's output, not work
def test_the_asks_are_served_beside_gradio_and_log_no_value(server):
    """The launched server (Gradio's app, Guard in front) serves the page's asks."""
    url, log = server.url, server.log
    status, headers, answer = post_ask(url, tokens_values("Hello world"))
    assert status == 200 and headers["Cache-Control"] == "no-store"
    assert answer["tokenizer"]["ids"] == [15496, 995]
    status, headers, answer = post_ask(url, tokens_values("MARKER-8", tokenizer="MARKER-9"))
    assert status == 400 and "unknown tokenizer" in answer["detail"] and headers["Cache-Control"] == "no-store"
    status, _, answer = post_ask(url, {"text": "MARKER-10"}, "playground/embedding")
    assert status == 400 and "missing: init" in answer["detail"]
    status, _, answer = post_ask(url, {"text": "MARKER-11", "example": "code", "tokenizers": LESSON}, "playground/answer")
    assert status == 200 and "<b>0</b> tokens on indentation" in answer["answer"]
    status, _, answer = post_ask(url, {"text": "call 1234567890 now", "example": "numbers", "tokenizers": LESSON},
                                 "playground/answer")
    assert status == 200 and "<b>4</b> pieces" in answer["answer"] and "<b>10</b> pieces" in answer["answer"]
    assert request(f"{url}playground/tokens", "POST", b"{}", {"Content-Length": "5000000"}) == 413
    time.sleep(0.3)  # let the server flush its output
    assert "MARKER" not in log.read_text()


def test_a_share_link_near_the_limit_opens(server):
    url = server.url
    from playground.page.shell import MAX_SHARE_URL

    z = base64.urlsafe_b64encode(os.urandom(MAX_SHARE_URL * 3 // 4 - 100)).decode().rstrip("=")
    link = f"{url}?z={z}"
    assert MAX_SHARE_URL - 200 < len(link) <= MAX_SHARE_URL
    assert request(link) == 200


def test_no_user_text_is_logged_or_written(tmp_path):
    """Every entry point, with a marker in the text: the marker appears nowhere on disk or in the logs,
    and nothing is written outside the app's own temp dirs (tiktoken's cache included)."""
    from gradio_client import Client

    marker = "PRIVATE-c0ffee-7d1e"
    env = {"TMPDIR": str(tmp_path / "tmp"), "GRADIO_TEMP_DIR": str(tmp_path / "gradio"), "HOME": str(tmp_path / "home")}
    for d in env.values():
        Path(d).mkdir(parents=True, exist_ok=True)
    log = tmp_path / "server.log"
    with open(log, "w") as out, running("app.py", extra_env=env, output=out) as (url, _, _):
        c = Client(url, verbose=False)
        text = f"my secret: {marker}"
        c.predict(text, False, api_name="/compare")
        c.predict(text, "GPT-2: N(0, 0.02)", api_name="/embedding")
        c.predict(text * 2_000, False, api_name="/compare")  # a long text: the big-input worker
        c.close()
        request(f"{url}?text={marker}")
        request(f"{url}gradio_api/deep_link?session_hash={marker}")
        assert post_ask(url, tokens_values(text))[0] == 200
        assert post_ask(url, tokens_values(text * 2_000))[0] == 200  # a long text: the big-input worker
        embedding = {"text": text, "init": "GPT-2: N(0, 0.02)"}
        assert post_ask(url, embedding, "playground/embedding")[0] == 200
        answer = {"text": text, "example": "magikarp", "tokenizers": LESSON}
        assert post_ask(url, answer, "playground/answer")[0] == 200
    found = subprocess.run(["grep", "-rl", marker, str(tmp_path)], capture_output=True, text=True).stdout.split()
    assert found == [], f"the marker was written to {found}"
    assert "Running on local URL" in log.read_text()  # the log was captured, and holds no user text
    written = sorted(str(p.relative_to(tmp_path)) for p in tmp_path.rglob("*") if p.is_file() and p != log)
    assert [p for p in written if not p.startswith("tmp/playground-matplotlib/")] == [], written


def test_the_replay_endpoint(server):
    url = server.url
    [result] = call_api(url, "replay", [" SolidGoldMagikarp", "gpt2"])
    assert result["tokenizer"] == "gpt2" and result["chunks"][0]["ids"] == [43453]
    assert len(result["chunks"][0]["merges"]) == 17
    with pytest.raises(ApiError, match="unknown tokenizer .gpt5.; choose from gpt2, bert"):
        call_api(url, "replay", ["x", "gpt5"])


def cpu_seconds(process: subprocess.Popen) -> float:
    """The CPU time a process has taken so far (user and system), from /proc."""
    fields = Path(f"/proc/{process.pid}/stat").read_text().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")  # utime, stime: fields 14 and 15


@pytest.mark.waits  # tests/cores.py: it watches an idle app for seconds
def test_an_idle_server_sleeps(server):
    """With nothing to do, Gradio's queue looked for work every millisecond (and for progress every 10): the app
    took 0.043 CPU-seconds a second with no page open, all lecture long. server.calm_queue makes it look 20 times
    a second: about 0.004. Of up to eight 2-second windows (the warm-up, or what a test before left, may still be
    running in the first), one must take under 0.01 CPU-seconds a second."""
    if not Path(f"/proc/{server.process.pid}/stat").exists():
        pytest.skip("reads the app's CPU time from /proc (Linux)")
    rates = []
    for _ in range(8):
        before = cpu_seconds(server.process)
        time.sleep(2)
        rates.append((cpu_seconds(server.process) - before) / 2)
        if rates[-1] < 0.01:
            return
    pytest.fail(f"the idle app took {rates} CPU-seconds a second")
