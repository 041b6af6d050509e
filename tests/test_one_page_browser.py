"""The page owns itself (issue 42), in Chromium: a lost network, a flapping one and a restarted server never reload
it nor lose anything on it; and after one visit it opens with the network off, in the app and in the folder (its
service worker, static/sw.js)."""

from __future__ import annotations

import time
from contextlib import contextmanager

import pytest
from browser import panel_ids, require_chromium, textbox, wait_for_ids
from cores import pause
from serve import free_port, running
from serve import serving_folder

from playground import compare
from playground.lesson.examples import EXAMPLES_BY_KEY

pytestmark = pytest.mark.browser

MAGIKARP = EXAMPLES_BY_KEY["magikarp"]
KEYS = "abcdefghijklmnopqrstuvwxyz"


@contextmanager
def watched_context(browser):
    """A context and its page, the page's main-frame navigations and uncaught exceptions recorded (a lost network
    logs failed loads as console errors: those are expected here)."""
    context = browser.new_context(viewport={"width": 1400, "height": 900})
    page = context.new_page()
    navigations: list[str] = []
    errors: list[str] = []
    page.on("framenavigated", lambda frame: navigations.append(frame.url) if frame == page.main_frame else None)
    page.on("pageerror", lambda err: errors.append(str(err)))
    try:
        yield context, page, navigations, errors
    finally:
        context.close()


def page_state(page) -> dict:
    """What a reload would lose: the marker set on the window, the focus, the scroll, Reveal, the pinned token."""
    return page.evaluate("""() => ({
        marker: window.playgroundTestMarker ?? null,
        focused: document.activeElement === document.querySelector('#input-text textarea'),
        scroll: window.scrollY,
        revealed: document.body.classList.contains('revealed'),
        pinned: [...document.querySelectorAll('#panels .tok.pinned')].map((t) => t.dataset.id),
        card: !!document.querySelector('#tok-card') && getComputedStyle(document.querySelector('#tok-card')).display !== 'none',
    })""")


def type_keys(page, keys: str, seconds: float) -> None:
    """Type `keys` into what has the focus (never clicking: a lost focus loses the keys), spread over `seconds`."""
    for key in keys:
        page.keyboard.type(key)
        time.sleep(seconds / len(keys))


def server_note(page) -> str:
    return page.evaluate("() => { const n = document.getElementById('server-note'); return n && !n.hidden ? n.textContent : ''; }")


@pytest.mark.waits  # tests/cores.py
def test_a_lost_network_a_flapping_one_and_a_restart_never_reload_the_page(browser):
    """A page with SolidGoldMagikarp's question revealed, a token pinned, the page scrolled and the text box focused.
    Offline for 45 s while typing, then back; the network off and on (5 s each) four times while typing; then the
    server stopped and started again while typing; then Reveal pressed again (an edit hides the answer, by design:
    lecture.js) and the network off and on. No navigation at all; every key is in the box and the panels paint the
    whole text; the pin, its card, the scroll, the focus and Reveal are as they were; while the server
    cannot be reached the page's note says what waits for it, and it goes when the server is back. Before: Gradio
    reloaded the page on reconnecting (the pin, Reveal and the focus gone)."""
    require_chromium()
    port = free_port()
    with watched_context(browser) as (context, page, navigations, errors):
        with running("app.py", port=port) as (url, _, _):
            page.goto(f"{url}?example=magikarp")
            wait_for_ids(page, MAGIKARP.text, names=MAGIKARP.tokenizers)
            page.locator("#reveal").click()
            page.locator("#answer li").first.wait_for(state="visible", timeout=30_000)
            page.locator("#panel-gpt2 .tok").first.click()
            page.evaluate("() => { window.playgroundTestMarker = 42; const box = document.querySelector('#input-text textarea');"
                          " box.focus(); box.setSelectionRange(box.value.length, box.value.length); window.scrollTo(0, 40); }")
            before = page_state(page)
            assert before == {"marker": 42, "focused": True, "scroll": 40, "revealed": True, "pinned": before["pinned"],
                              "card": True} and before["pinned"], before
            typed = MAGIKARP.text

            context.set_offline(True)  # 45 s without the network, typing
            type_keys(page, " " + KEYS[:13], 22.5)
            page.wait_for_function("() => (document.getElementById('server-note')?.textContent || '').length > 0",
                                   timeout=10_000)
            assert "server" in server_note(page)
            type_keys(page, KEYS[13:], 22.5)
            typed += " " + KEYS
            context.set_offline(False)
            page.wait_for_function("() => document.getElementById('server-note').hidden", timeout=15_000)

            for flap in range(4):  # off 5 s, on 5 s, four times, a key a second
                off, on = KEYS[5 * flap:5 * flap + 5], KEYS[5 * flap + 5:5 * flap + 10].upper()
                context.set_offline(True)
                type_keys(page, off, 5)
                context.set_offline(False)
                type_keys(page, on, 5)
                typed += off + on
        type_keys(page, "stop", 4)  # the server stopped: its process ended
        typed += "stop"
        page.wait_for_function("() => (document.getElementById('server-note')?.textContent || '').length > 0",
                               timeout=10_000)
        with running("app.py", port=port):  # and started again where the page looks for it
            type_keys(page, "back", 4)
            typed += "back"
            page.wait_for_function("() => document.getElementById('server-note').hidden", timeout=30_000)
            assert textbox(page).input_value() == typed
            wait_for_ids(page, typed, names=MAGIKARP.tokenizers)
            page.wait_for_function("(n) => document.querySelector('#embedding .shape')?.textContent.includes(`(1, ${n},`)",
                                   arg=len(compare(typed, tokenizers=("gpt2",))["tokenizers"][0]["ids"]), timeout=30_000)
            after = page_state(page)
            # Reveal through a drop: the answer for the text as it is, then the network gone and back.
            page.locator("#reveal").click()
            page.locator("#answer li").first.wait_for(state="visible", timeout=30_000)
            context.set_offline(True)
            time.sleep(5)
            context.set_offline(False)
            time.sleep(4)
            assert page.locator("#answer li").first.is_visible() and page_state(page)["revealed"]
        assert navigations == [f"{url}?example=magikarp"], navigations  # the first load only: no reload
        assert after == {**before, "revealed": False}, (before, after)  # an edit hides the answer (lecture.js)
        assert errors == []


def cached_files(page) -> set[str]:
    """The URLs the page's service worker keeps (every cache of the page's)."""
    return set(page.evaluate("""async () => {
        const urls = [];
        for (const name of await caches.keys()) for (const r of await (await caches.open(name)).keys()) urls.push(r.url);
        return urls;
    }"""))


def loaded_files(page) -> set[str]:
    """The files the page loaded that a service worker may keep: the page's own and the browser tokenizers'."""
    return {url for url in page.evaluate("performance.getEntriesByType('resource').map((e) => e.name)")
            if "/page/" in url or "/playground/twin/" in url}


@contextmanager
def hosted(host: str, request: pytest.FixtureRequest):
    """The page's host, the test's own (it is stopped midway): a launched app, or the folder of all eight
    (whole_folder, asked for only here: a run of the app's case alone writes none) served by http.server."""
    if host == "app":
        with running("app.py") as (url, _, _):
            yield url
    else:
        with serving_folder(request.getfixturevalue("whole_folder")) as url:
            yield url


@pytest.mark.parametrize("host", ["app", "folder"])
def test_a_reload_with_the_network_off_paints_the_kept_text(browser, host, request):
    """Opened once online (GPT-2, BERT and GPT-4o: a tokenizer beyond the page's first three), a text typed; then
    the server gone and the network off: a reload paints the kept text's tokens in the three panels, and the same
    link opened in a new tab paints its own (the default text's). Before: the browser's offline error page."""
    require_chromium()
    names = ("gpt2", "bert", "gpt4o")
    text = "Hello world, kept offline"
    with watched_context(browser) as (context, page, navigations, errors):
        with hosted(host, request) as url:
            link = f"{url}?tokenizers={','.join(names)}"
            page.goto(link)
            wait_for_ids(page, "Hello world", names=names)
            textbox(page).click()
            textbox(page).press("Control+a")
            textbox(page).press_sequentially(text, delay=5)
            wait_for_ids(page, text, names=names)
            page.wait_for_function("() => navigator.serviceWorker.controller !== null", timeout=30_000)
            deadline = time.monotonic() + 30
            while not loaded_files(page) <= cached_files(page):  # the worker keeps what the page loaded
                assert time.monotonic() < deadline, loaded_files(page) - cached_files(page)
                time.sleep(0.2)
        context.set_offline(True)
        page.reload()
        wait_for_ids(page, text, names=names)
        assert textbox(page).input_value() == text
        textbox(page).press("End")
        textbox(page).press_sequentially("!")  # tokenized by the tokenizers the worker kept, not only kept tokens
        wait_for_ids(page, text + "!", names=names)
        again = context.new_page()
        again.goto(link)
        wait_for_ids(again, "Hello world", names=names)
        assert errors == []


@pytest.mark.parametrize("host", ["app", "folder"])
def test_a_reload_paints_the_kept_tokens_before_the_tokenizers_load(browser, host, request):
    """A text typed, then a reload whose tokenizers cannot load (their WebAssembly cores and vocabularies refused):
    the three panels paint the tokens they showed before the reload, exactly compare()'s, at once; a key typed then
    waits for the tokenizers, and no panel shows a wrong token meanwhile. Before: the panels waited for the
    tokenizers' loads (most of a warm reload's 0.5 s and more)."""
    require_chromium()
    text = "Hello world, painted again"
    context = browser.new_context(viewport={"width": 1400, "height": 900}, service_workers="block")
    try:
        page = context.new_page()
        with hosted(host, request) as url:
            page.goto(url)
            wait_for_ids(page, "Hello world")
            textbox(page).click()
            textbox(page).press("Control+a")
            textbox(page).press_sequentially(text, delay=5)
            wait_for_ids(page, text)
            refused: list[str] = []

            def refuse(route):
                refused.append(route.request.url)
                route.abort()

            page.route("**/playground/twin/*.wasm", refuse)
            page.route("**/playground/twin/files/**", refuse)
            for _ in range(2):  # a page that painted kept tokens keeps them for the next reload in turn
                page.reload()
                wait_for_ids(page, text, timeout=15_000)
                assert page.evaluate("() => performance.getEntriesByName('playground-tokenize').length") == 0
            assert refused  # the tokenizers did try, and could not load
            textbox(page).press("End")
            textbox(page).press_sequentially("!")
            pause(1, page)  # what a tokenizer would paint, had it loaded
            kept = {t["name"]: t["ids"] for t in compare(text)["tokenizers"]}
            for slot in kept:  # the kept tokens, or the panel's word that its tokenizer is loading: nothing guessed
                assert panel_ids(page, slot) in (kept[slot], [])
    finally:
        context.close()
