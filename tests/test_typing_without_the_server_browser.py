"""Keys never wait for the network, and a lost server loses nothing: the panels are painted from the browser's
own tokenizers (window.playground.tokenize), in Chromium with the network's latency, or its loss, emulated
through the DevTools Protocol; the server is asked only for what only it does, after a pause in typing."""

from __future__ import annotations

import statistics
import time

import paint_watch
import pytest
from browser import tab_without_errors, textbox, wait_for_ids
from cores import pause
from serve import free_port, running

from playground import compare
from playground.tokenizers.registry import DEFAULT_TOKENIZERS

pytestmark = pytest.mark.browser

# What Gradio logs when its live connection is cut (a reload, the network gone, the server stopped): its own.
CONNECTION_CUTS = ("AbortError: signal is aborted without reason", "Unexpected error Connection errored out.",
                   "Failed to load resource: net::ERR_INTERNET_DISCONNECTED",
                   "Failed to load resource: net::ERR_CONNECTION_REFUSED")
THIRD_IS_MISTRAL = ("gpt2", "bert", "mistral")  # #tokenizer-2 is the third panel (slots count from 0)
PAUSE_MS = 250  # a gap in typing this long is a pause: the page may then ask the server what only it does

# The note that says what waits for the server, by what it must say (the embedding waits), not by its markup:
# a visible status line of the page's own (Gradio's toasts are alerts) naming the server and the embedding.
WAITING_NOTE = """() => [...document.querySelectorAll("[role=status]")]
    .filter((e) => e.checkVisibility())
    .map((e) => e.innerText).find((t) => /server/i.test(t) && /embedding/i.test(t)) || null"""


@pytest.fixture(scope="module")
def server():
    """One app for the module's tests that do not stop it; (url, its process)."""
    with running("app.py") as (url, process, _):
        yield url, process


@pytest.fixture
def tab(browser):  # noqa: F811
    """A fresh tab; fails the test on a console error other than a cut connection, or an uncaught exception."""
    with tab_without_errors(browser, CONNECTION_CUTS) as page:
        yield page


def network(page, latency_ms: float = 0, offline: bool = False):
    """Emulate the page's network (its worker's requests too): `latency_ms` added to every request's round trip,
    or none at all. Returns the DevTools session, to change it again."""
    session = page.context.new_cdp_session(page)
    session.send("Network.enable")
    emulate(session, latency_ms, offline)
    return session


def emulate(session, latency_ms: float = 0, offline: bool = False) -> None:
    session.send("Network.emulateNetworkConditions",
                 {"offline": offline, "latency": latency_ms, "downloadThroughput": -1, "uploadThroughput": -1})


def open_loaded(page, url: str) -> None:
    """The page at url, its first panels painted and the lesson's three browser tokenizers loaded (the first
    call of each fetches its vocabulary: that is the page's load, not typing)."""
    page.goto(url)
    wait_for_ids(page, "Hello world")
    page.wait_for_function("() => window.playground && window.playground.tokenize")
    page.evaluate("names => Promise.all(names.map((name) => window.playground.tokenize('x', name)))",
                  list(DEFAULT_TOKENIZERS))


def append(page, keys: str, delay_ms: float) -> None:
    """Type keys at the end of the text, one every delay_ms."""
    box = textbox(page)
    box.click()
    box.press("End")
    box.press_sequentially(keys, delay=delay_ms)


def test_typing_forty_keys_asks_nothing_of_the_server(tab, server):
    """40 keys typed steadily, a key every 80 ms, after the page and its tokenizers have loaded: not one request
    leaves the page while the keys come. The page may ask after a pause in typing (the embedding, the example's
    answer), and a loaded machine can hold a key back for a second: what is asked PAUSE_MS or more after the key
    before it, or after the last key, is not counted. Both times are the page's own (when it handled each key,
    each request's start in the page's resource timing): a key Playwright sends late, or one the page handles late
    on a loaded machine, is a pause the page saw. (A keydown's timeStamp is when the browser made the event, not
    when the page handled it, and the page's 300 ms pause runs from the key it handled last: a whole run on a loaded
    machine saw the embedding asked "106 ms after" a key by its timeStamp.) The panels then show the text typed."""
    url, _ = server
    open_loaded(tab, url)
    pause(2, tab)  # what the page asks for after its load (the first embedding) is answered
    keys = ", and forty keys typed one after another"
    assert len(keys) == 40
    append(tab, "", delay_ms=0)  # the caret at the end
    since = tab.evaluate("""() => {
        window.keysSeen = [];
        document.addEventListener("keydown", () => window.keysSeen.push(performance.now()), true);
        return performance.now();
    }""")
    asked: list[str] = []
    tab.on("request", lambda r: asked.append(f"{r.method} {r.url}"))
    for key in keys:
        tab.keyboard.press(key)
        tab.wait_for_timeout(80)
    wait_for_ids(tab, "Hello world" + keys)
    tab.wait_for_timeout(PAUSE_MS * 2)  # the pause's asks are made
    # A request enters the resource timing as it ends: every one Playwright saw, in the page's timing too.
    tab.wait_for_function("""([since, count]) => performance.getEntriesByType("resource")
        .filter((entry) => entry.startTime > since).length >= count""", arg=[since, len(asked)], timeout=30_000)
    pressed, started = tab.evaluate("""(since) => [window.keysSeen, performance.getEntriesByType("resource")
        .filter((entry) => entry.startTime > since).map((entry) => [entry.startTime, entry.name])]""", since)
    assert len(pressed) == len(keys)
    while_typing = [(f"{at - last:.0f} ms after key {k}", what) for at, what in started
                    for k, last in [max(((i, t) for i, t in enumerate(pressed) if t <= at), default=(-1, at))]
                    if 0 <= k < len(keys) - 1 and at - last < PAUSE_MS]
    assert while_typing == []


def test_a_key_is_painted_at_300_ms_round_trip_as_at_none(tab, server):
    """With 300 ms added to every request's round trip, the median key is painted in all three panels within
    50 ms of its keydown (each key's text checked id for id, in the frame that shows it, by the page itself).
    A threshold on time, deliberately: a page that waits for its server cannot meet it at this distance
    (a round trip is 300 ms), and one that tokenizes in the browser does it in a frame or two."""
    url, _ = server
    open_loaded(tab, url)
    network(tab, latency_ms=300)
    paint_watch.watch(tab)
    append(tab, "", delay_ms=0)  # the caret at the end
    text, times = "Hello world", []
    for key in " painted at once":
        text += key
        ids = {slot: t["ids"][:1000] for slot, t in zip(DEFAULT_TOKENIZERS, compare(text)["tokenizers"])}
        paint_watch.expect(tab, [ids])  # told before the key is pressed
        textbox(tab).press(key)
        times += paint_watch.painted(tab, 1)
    assert statistics.median(times) < 50, f"ms from each key to its paint: {[round(t) for t in times]}"


@pytest.mark.waits  # tests/cores.py
def test_ten_seconds_offline_mid_typing_lose_nothing_and_say_what_waits(tab, server):
    """The network gone for 10 s mid-typing: the panels follow every key meanwhile, a note says that the
    embedding waits for the server, and when the network is back the note goes and the text box and the three
    panels hold every key typed, whatever Gradio does on reconnecting."""
    url, _ = server
    open_loaded(tab, url)
    session = network(tab)
    online, offline = ", typed online", ", and these offline."
    append(tab, online, delay_ms=20)
    wait_for_ids(tab, "Hello world" + online)
    emulate(session, offline=True)
    went = time.monotonic()
    append(tab, offline, delay_ms=100)
    text = "Hello world" + online + offline
    wait_for_ids(tab, text, timeout=3_000)  # while offline
    assert textbox(tab).input_value() == text
    tab.wait_for_function(WAITING_NOTE, timeout=5_000)
    tab.wait_for_timeout(max(0.0, 10 - (time.monotonic() - went)) * 1000)
    emulate(session)
    tab.wait_for_function(f"!({WAITING_NOTE})()", timeout=30_000)
    tab.wait_for_timeout(5_000)  # Gradio reconnects, and may reload the page
    wait_for_ids(tab, text)
    assert textbox(tab).input_value() == text


def test_the_server_restarted_mid_typing_loses_nothing_and_the_panels_follow_meanwhile(browser):  # noqa: F811
    """The server's process stopped mid-typing, then started again on the same port: while it is down the panels
    follow every key and a note says the embedding waits for it; once it is back the note goes, the page is not
    reloaded, and the text box and the three panels (the chosen third tokenizer too) hold every key, those typed
    while it was down too."""
    port = free_port()
    before, during = "Typed before the server went, ", "and these while it was down."
    context = browser.new_context(viewport={"width": 1600, "height": 1000})
    try:
        tab = context.new_page()
        with running("app.py", port=port) as (url, _, _):
            open_loaded(tab, url)
            tab.locator("#tokenizer-2 select").select_option(label="Mistral 7B SentencePiece")
            append(tab, before, delay_ms=20)
            wait_for_ids(tab, "Hello world" + before, names=THIRD_IS_MISTRAL)
        append(tab, during, delay_ms=50)  # the server is gone
        text = "Hello world" + before + during
        wait_for_ids(tab, text, names=THIRD_IS_MISTRAL, timeout=3_000)
        tab.wait_for_function(WAITING_NOTE, timeout=5_000)
        with running("app.py", port=port):
            tab.wait_for_function(f"!({WAITING_NOTE})()", timeout=60_000)
            assert tab.evaluate("performance.getEntriesByType('navigation')[0].type") == "navigate"  # no reload
            wait_for_ids(tab, text, names=THIRD_IS_MISTRAL)
            assert textbox(tab).input_value() == text
    finally:
        context.close()


def test_the_setup_typed_far_from_the_server_is_back_after_a_reload_at_once(tab, server):
    """At 300 ms round trip, a reload straight after the last key, before any answer could come back: the text,
    the third tokenizer and the whitespace marks are put back, and the panels show the text."""
    url, _ = server
    open_loaded(tab, url)
    tab.locator("#tokenizer-2 select").select_option(label="Mistral 7B SentencePiece")
    tab.locator("#mark-ws input").uncheck()
    wait_for_ids(tab, "Hello world", names=THIRD_IS_MISTRAL)
    network(tab, latency_ms=300)
    keys = ", reloaded at once"
    append(tab, keys, delay_ms=20)
    tab.reload()
    text = "Hello world" + keys
    wait_for_ids(tab, text, names=THIRD_IS_MISTRAL)
    assert textbox(tab).input_value() == text
    assert not tab.locator("#mark-ws input").is_checked()


def vocabulary_size(name: str) -> str:
    """What the page must say of tokenizer `name`'s vocabulary: its declared files' bytes on disk ("3.6 MB")."""
    from playground.tokenizers.assets import ASSETS_DIR
    from playground.tokenizers.browser import twin_declaration

    size = sum((ASSETS_DIR / source).stat().st_size for source in twin_declaration(name)["files"].values())
    return f"{size / 1e6:.1f} MB" if size >= 1e6 else f"{round(size / 1e3)} KB"


LOADING_NOTE = "() => document.querySelector('#panel-llama .panel-loading [role=status]')?.textContent ?? null"


def switch_third_to_gpt4o(tab) -> None:
    tab.locator("#tokenizer-2 select").select_option(label="GPT-4o o200k_base")


@pytest.mark.waits  # tests/cores.py
def test_a_slow_vocabulary_says_it_is_loading_with_its_size_and_then_paints(tab, server):
    """On a phone's connection (150 ms round trip, 1.6 Mbit/s), switching a panel to GPT-4o: the panel says at
    once that its vocabulary is loading, and how big it is; then its tokens come."""
    url, _ = server
    open_loaded(tab, url)
    session = network(tab, latency_ms=150)
    session.send("Network.emulateNetworkConditions", {"offline": False, "latency": 150,
                                                       "downloadThroughput": 200_000, "uploadThroughput": 100_000})
    switch_third_to_gpt4o(tab)
    tab.wait_for_function(f"({LOADING_NOTE})() !== null", timeout=5_000)
    assert tab.evaluate(LOADING_NOTE) == f"Loading the vocabulary of GPT-4o o200k_base ({vocabulary_size('gpt4o')})…"
    assert vocabulary_size("gpt4o") == "3.6 MB"  # o200k_base.tiktoken, 3,613,922 bytes
    wait_for_ids(tab, "Hello world", names=("gpt2", "bert", "gpt4o"), timeout=120_000)
    assert tab.locator(".panel-loading").count() == 0


@pytest.mark.parametrize("fate", [pytest.param("hangs", marks=pytest.mark.waits), "fails"])
def test_a_vocabulary_that_never_comes_is_said_in_its_panel(browser, server, fate):  # noqa: F811
    """GPT-4o's vocabulary never answered (the request hangs) or refused (the connection fails): the panel says it
    is still loading after 10 s, or that it could not load and why, and to check the connection."""
    url, _ = server
    with tab_without_errors(browser, (*CONNECTION_CUTS, "Failed to load resource: net::ERR_FAILED")) as tab:
        vocabulary_never_comes(tab, url, fate)


def vocabulary_never_comes(tab, url: str, fate: str) -> None:
    open_loaded(tab, url)
    tab.route("**/o200k_base.tiktoken", (lambda route: None) if fate == "hangs" else (lambda route: route.abort()))
    switch_third_to_gpt4o(tab)
    if fate == "hangs":
        tab.wait_for_function(f"({LOADING_NOTE})()?.startsWith('Still loading')", timeout=20_000)
        assert tab.evaluate(LOADING_NOTE) == (
            f"Still loading the vocabulary of GPT-4o o200k_base ({vocabulary_size('gpt4o')}) after 10 s: the connection "
            "is slow; the tokens show when it has come.")
    else:
        tab.wait_for_function(f"({LOADING_NOTE})()?.includes('could not load')", timeout=10_000)
        note = tab.evaluate(LOADING_NOTE)
        assert note.startswith("GPT-4o o200k_base could not load: ") and note.endswith(
            "; check the connection, then edit the text to try again."), note
    assert tab.locator("#panel-llama h3").inner_text() == "GPT-4o o200k_base"  # not Llama 2's tokens under its name
    assert tab.locator("#panel-llama .tok").count() == 0
