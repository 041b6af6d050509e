"""Two replicas behind Debian's nginx with the hosting guide's own block: the lecture in Chromium, edits spread
over both, two pages typing at once, and a replica stopped by its pid while a page types."""

from __future__ import annotations

import os
import signal
import threading
from contextlib import ExitStack

import pytest
from browser import CLIPBOARD, SCREENSHOTS, open_page, require_chromium, textbox, type_text, wait_for_ids
from nginx import nginx, hosting_block, the_class_works, upstreams
from serve import running

from playground import compare

pytestmark = [pytest.mark.browser, pytest.mark.nginx]


@pytest.fixture(scope="module")
def replicas():
    """nginx on a free port in front of two replicas: (the page's URL, the access log, {"host:port": process})."""
    require_chromium()
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    with ExitStack() as stack:
        started = [stack.enter_context(running("app.py")) for _ in range(2)]
        ports = {readme: int(url.rstrip("/").rsplit(":", 1)[1]) for readme, (url, _, _) in zip((7861, 7862), started)}
        port, log = stack.enter_context(nginx(hosting_block("upstream playground_any"), ports))
        yield f"http://127.0.0.1:{port}/", log, {f"127.0.0.1:{p}": process
                                                 for p, (_, process, _) in zip(ports.values(), started)}


@pytest.fixture(scope="module")
def app_url(replicas):
    """Overrides browser.app_url: the page through nginx."""
    return replicas[0]


def test_the_lecture_works_over_two_replicas(page, app_url, tmp_path, replicas):
    _, log, processes = replicas
    the_class_works(page, app_url, tmp_path)
    assert set(upstreams(log)) == set(processes)  # round robin: both answered asks


def test_two_pages_typing_at_once(page, app_url, browser):
    other = browser.new_context(viewport={"width": 1600, "height": 1000}, permissions=CLIPBOARD).new_page()
    try:
        open_page(page, app_url, "Hello world")
        open_page(other, app_url, "Hello world")
        first, second = "नमस्ते 1234567890 SolidGoldMagikarp", "    def f(x):\n        return x ** 2"
        for box in (textbox(page), textbox(other)):
            box.click()
            box.press("Control+a")
            box.press("Delete")
        for a, b in zip(first, second):  # key by key, in turn
            textbox(page).press_sequentially(a)
            textbox(other).press_sequentially(b)
        textbox(other).press_sequentially(second[len(first):])
        wait_for_ids(page, first)
        wait_for_ids(other, second)
    finally:
        other.context.close()


def test_a_replica_stopped_while_a_page_types(page, app_url, replicas):
    """The replica the page's queue is not kept on is stopped by its pid mid-typing (the last test: it stays
    stopped): the next edits go to the other, and the page shows them exact, with no error."""
    _, log, processes = replicas
    open_page(page, app_url, "Hello world")
    sticky = upstreams(log, edits=False)[-1]  # ip_hash: every request but the edits goes to one replica
    [stopped] = [address for address in processes if address != sticky]
    process = processes[stopped]
    timer = threading.Timer(0.5, os.kill, (process.pid, signal.SIGTERM))
    before = len(upstreams(log))
    timer.start()
    type_text(page, "a replica stops while I type, and I type on: 1234567890")  # 5 ms a key, then the edits
    timer.join()
    process.wait(timeout=30)
    textbox(page).press_sequentially(" नमस्ते", delay=50)
    typed = "a replica stops while I type, and I type on: 1234567890 नमस्ते"
    wait_for_ids(page, typed)
    # The asks leave after the pause in typing: read the log once the text's embedding is painted.
    n = len(compare(typed)["tokenizers"][0]["ids"])
    page.wait_for_function(f"document.querySelector('#embedding .shape')?.textContent === '(1, {n}, 768)'")
    after = upstreams(log)[before:]
    assert after and after[-1] == sticky, after
