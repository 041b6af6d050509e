"""Helpers for the proxy tests: Debian's nginx with the hosting guide's own config (docs/hosting.md), and what a
class does through it."""

from __future__ import annotations

import os
import re
import signal
import socket
import subprocess
import tempfile
import time
from contextlib import contextmanager
from pathlib import Path

import pytest
from browser import open_page, require_marked, textbox, type_text, wait_for_ids
from conftest import ROOT
from serve import descendants, free_port, wait_gone
from test_browser import share_link

from playground.lesson.examples import EXAMPLES_BY_KEY

NGINX = "/usr/sbin/nginx"
ACCESS_LOG = "access.log"  # one line a request: its URI, the replica(s) nginx sent it to, the status


def require_nginx() -> None:
    """Skip (or, in CI, fail) when there is no nginx to proxy through."""
    require_marked("nginx", "nginx")
    if Path(NGINX).exists():
        return
    message = f"no nginx at {NGINX}: install Debian's with `apt-get install -y nginx` to run the proxy tests"
    if os.environ.get("PLAYGROUND_REQUIRE_BROWSER"):
        pytest.fail(message + " (PLAYGROUND_REQUIRE_BROWSER is set, so they may not skip)")
    pytest.skip(message)


def hosting_block(marker: str) -> str:
    """docs/hosting.md's ```nginx block holding `marker`, byte for byte."""
    blocks = [b for b in re.findall(r"^```nginx\n(.*?)^```$", (ROOT / "docs" / "hosting.md").read_text(encoding="utf-8"),
                                    re.S | re.M) if marker in b]
    assert len(blocks) == 1, f"docs/hosting.md shows {len(blocks)} nginx blocks with {marker!r}"
    return blocks[0]


def on_ports(block: str, listen: int, ports: dict[int, int]) -> str:
    """The block, with nginx listening on 127.0.0.1:`listen` and each port it names replaced by a free one:
    nothing else in it changes."""
    assert block.count("listen 80;") == 1
    block = block.replace("listen 80;", f"listen 127.0.0.1:{listen};")
    for readme_port, port in ports.items():
        assert f"127.0.0.1:{readme_port}" in block
        block = block.replace(f"127.0.0.1:{readme_port}", f"127.0.0.1:{port}")
    return block


@contextmanager
def nginx(block: str, ports: dict[int, int]):
    """Debian's nginx serving `block` (its server and upstreams) on a free loopback port, its
    config, pid, logs and temp files in a temp dir. Yields (port, path of the access log); stops it by its pid."""
    require_nginx()
    with tempfile.TemporaryDirectory() as folder:
        yield from _serving(block, ports, Path(folder))


def _serving(block: str, ports: dict[int, int], tmp: Path):
    port = free_port()
    tmp.chmod(0o755)  # nginx's workers (user nobody) keep request bodies in its temp folders here
    conf = tmp / "nginx.conf"
    conf.write_text(f"""
worker_processes 1;
pid {tmp}/nginx.pid;
error_log {tmp}/error.log;
events {{ worker_connections 512; }}
http {{
    log_format upstreams '$request_method $request_uri $upstream_addr $status';
    access_log {tmp}/{ACCESS_LOG} upstreams;
    client_body_temp_path {tmp}/client_body;
    proxy_temp_path {tmp}/proxy;
    fastcgi_temp_path {tmp}/fastcgi;
    uwsgi_temp_path {tmp}/uwsgi;
    scgi_temp_path {tmp}/scgi;
{on_ports(block, port, ports)}
}}
""")
    process = subprocess.Popen([NGINX, "-p", str(tmp), "-c", str(conf), "-g", "daemon off;"],
                               stdout=subprocess.DEVNULL, stderr=subprocess.STDOUT)
    try:
        wait_listening(port, process)
        yield port, tmp / ACCESS_LOG
    finally:
        workers = descendants(process.pid)
        process.send_signal(signal.SIGTERM)  # fast shutdown: the master stops its workers
        process.wait(timeout=20)
        assert wait_gone(workers, timeout=20) == []


def wait_listening(port: int, process: subprocess.Popen) -> None:
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"nginx exited with {process.returncode}: see its error.log")
        with socket.socket() as s:
            if s.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.05)
    raise TimeoutError(f"nginx did not listen on {port}")


ASKS = ("/playground/tokens", "/playground/embedding", "/playground/answer")  # ask_route: any replica


def upstreams(access_log: Path, edits: bool = True) -> list[str]:
    """The replica that answered each logged ask of ask_route (or, with edits=False, each other request), in
    order: the last one nginx tried."""
    lines = access_log.read_text().splitlines() if access_log.exists() else []
    return [line.split(" ", 2)[2].rsplit(" ", 1)[0].split(", ")[-1] for line in lines
            if (line.split(" ")[1].split("?")[0] in ASKS) == edits]


def the_class_works(page, url: str, tmp_path: Path) -> None:
    """What a lecture does through the proxy, each step checked against the official answers: typing, an
    example, Reveal, a share link reopened in a new tab, a download, the stepper."""
    open_page(page, url, "Hello world")
    type_text(page, "SolidGoldMagikarp 1234567890")
    wait_for_ids(page, "SolidGoldMagikarp 1234567890")

    hindi = EXAMPLES_BY_KEY["hindi"]
    page.locator("#example-hindi").click()
    wait_for_ids(page, hindi.text)
    page.wait_for_selector("#answer li", state="attached")
    page.locator("#reveal").click()
    page.locator("#answer li").first.wait_for(state="visible")

    typed = "a link, नमस्ते 😀"
    type_text(page, typed)
    wait_for_ids(page, typed)
    link = share_link(page)
    assert link.startswith(url + "?z="), link
    other = page.context.new_page()  # a student opening the link in a new tab
    open_page(other, link, typed)
    assert textbox(other).input_value() == typed
    other.close()

    type_text(page, "Hello world")
    wait_for_ids(page, "Hello world")
    with page.expect_download() as download:  # a queued event: its POST and its event stream
        page.get_by_role("button", name="Download tokens (CSV)").click()
    download.value.save_as(tmp_path / "tokens.csv")
    assert "gpt2,0,15496,Hello,Hello,0,5,48 65 6C 6C 6F,False,False" in (tmp_path / "tokens.csv").read_text()

    from playground.tokenizers.replay import replay

    open_page(page, url + "?example=magikarp", EXAMPLES_BY_KEY["magikarp"].text)
    page.locator('#panel-gpt2 .tok[data-id="43453"]').click()
    page.locator("#how-built").click()  # the stepper: the /replay endpoint, through the queue
    page.wait_for_selector("#panel-gpt2 .stepper .step-chip")
    page.locator("#panel-gpt2 .stepper [data-vocabulary]").click()  # the chips in the vocabulary's spelling
    [chunk] = replay(" SolidGoldMagikarp", "gpt2")["chunks"]
    chips = "() => [...document.querySelectorAll('#panel-gpt2 .stepper .step-row:first-child .step-chip')]" \
            ".map(c => c.textContent)"
    assert page.evaluate(chips) == chunk["steps"][0]
    page.locator("#panel-gpt2 .stepper [data-go='1']").click()
    assert page.evaluate(chips) == chunk["steps"][1]

