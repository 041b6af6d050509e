"""The running app through its API, as gradio_client scripts and outside checks call it."""

from __future__ import annotations

import subprocess

import pytest
from hypothesis import HealthCheck, given, settings

from playground.web import compare_api
from serve import running
from test_properties import any_text


@pytest.fixture(scope="module")
def client():
    from gradio_client import Client

    with running("app.py") as (url, _, _):
        c = Client(url, verbose=False)
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


def test_no_user_text_is_logged_or_written(tmp_path):
    """Every event the page uses, with a marker in the text: the marker appears nowhere on disk or in the logs."""
    from gradio_client import Client

    marker = "PRIVATE-c0ffee-7d1e"
    env = {"TMPDIR": str(tmp_path / "tmp"), "GRADIO_TEMP_DIR": str(tmp_path / "gradio"), "HOME": str(tmp_path / "home")}
    for d in env.values():
        (tmp_path / d).mkdir(parents=True, exist_ok=True)
    log = tmp_path / "server.log"
    with open(log, "w") as out, running("app.py", extra_env=env, output=out) as (url, _, _):
        c = Client(url, verbose=False)
        text = f"my secret: {marker}"
        c.predict(text, False, api_name="/compare")
        c.predict(text, True, "text", False, api_name="/panels")
        c.predict(text, "GPT-2: N(0, 0.02)", api_name="/embedding")
        c.close()
    found = subprocess.run(["grep", "-rl", marker, str(tmp_path)], capture_output=True, text=True).stdout.split()
    assert found == [], f"the marker was written to {found}"
    assert "Running on local URL" in log.read_text()  # the log was captured, and holds no user text
