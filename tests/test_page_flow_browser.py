"""The page's flow in Chromium (static/update.js, ask.js): its own notes, the server gone mid-typing, and
Reveal with an answer held for an older text."""

from __future__ import annotations

import json
import re

from browser import open_page, panel_ids, textbox, type_text, wait_for_ids
from cores import pause

from playground import compare
from playground.lesson.examples import EXAMPLES_BY_KEY

NAMES = ("gpt2", "bert", "llama")
SET_BOX = """text => { const box = document.querySelector('#input-text textarea');
                       box.value = JSON.parse(`"${text}"`);  // escapes, a lone surrogate's included
                       box.dispatchEvent(new Event('input', {bubbles: true})); }"""


def test_the_page_says_what_it_cut_and_what_it_replaced(page, app_url):
    """The notes are the page's own now (work.limit_note's and surrogate_note's words, counted in code points as
    Python counts them): an emoji is one character."""
    open_page(page, app_url, "Hello world")
    page.evaluate(SET_BOX, "😀" * 100_003)  # 200,006 UTF-16 units, 100,003 characters
    page.wait_for_function("document.querySelector('#limit-note').textContent.includes("
                           "'Tokenised the first 100,000 of 100,003 characters; 3 characters were cut.')")
    page.evaluate(SET_BOX, "a\\ud800b\\udc00")
    page.wait_for_function("document.querySelector('#limit-note').textContent.includes('lone surrogate')")
    assert page.text_content("#limit-note").strip() == "2 lone surrogate(s) in the input were replaced by U+FFFD."
    assert panel_ids(page, "gpt2") == compare("a\ufffdb\ufffd")["tokenizers"][0]["ids"]


def test_offline_the_panels_follow_every_key_and_the_note_says_what_waits(browser, app_url):
    """(Its own context: Chromium logs each request made offline as a console error.)"""
    context = browser.new_context(viewport={"width": 1600, "height": 1000})
    page = context.new_page()
    thrown: list[str] = []
    page.on("pageerror", lambda e: thrown.append(str(e)))
    open_page(page, app_url, "Hello world")
    page.context.set_offline(True)
    try:
        type_text(page, "offline, every key: नमस्ते")
        wait_for_ids(page, "offline, every key: नमस्ते")
        page.wait_for_function("() => { const n = document.getElementById('server-note'); "
                               "return n && !n.hidden && n.getAttribute('role') === 'status' && "
                               "n.textContent.includes('the embedding, the example\\'s answer, the replay and the downloads'); }")
    finally:
        page.context.set_offline(False)
    page.wait_for_selector("#server-note", state="hidden", timeout=30_000)  # retried within 3 s, and it answered
    n = len(compare("offline, every key: नमस्ते")["tokenizers"][0]["ids"])
    page.wait_for_function(f"document.querySelector('#embedding .shape')?.textContent === '(1, {n}, 768)'")
    assert textbox(page).input_value() == "offline, every key: नमस्ते" and thrown == []
    context.close()


def test_reveal_asks_now_for_an_answer_held_for_an_older_text(page, app_url):
    """The answer comes after a pause; Reveal right after an edit finds it stale and asks at once: the answer
    shown counts the text on screen, never the one before."""
    code = EXAMPLES_BY_KEY["code"]
    open_page(page, app_url, "Hello world")
    page.click("#example-code")
    wait_for_ids(page, code.text, names=code.tokenizers)
    asks: list[str] = []
    page.on("request", lambda r: asks.append(r.post_data) if r.url.endswith("/playground/answer") else None)
    textbox(page).press("Control+End")
    textbox(page).press_sequentially("\n    x = 1\n", delay=5)
    page.click("#reveal")  # before the pause is over
    page.wait_for_function("document.querySelector('#answer li[data-tokenizer]')")
    text = textbox(page).input_value()
    gpt2 = page.text_content("#answer li[data-tokenizer=gpt2] b")
    from playground.lesson.lecture import indentation_token_count

    [tok] = compare(text, tokenizers=("gpt2",))["tokenizers"]
    assert gpt2 == str(indentation_token_count(text, tok["starts"], tok["ends"]))
    assert asks and all('"example":"code"' in a.replace(" ", "") for a in asks)


def test_an_embedding_answered_for_a_text_no_longer_on_screen_is_not_painted(page, app_url):
    """"Hello world" is painted; "Hello world!" is asked, and its answer held; Backspace brings back "Hello world",
    whose embedding is the one painted. When the held answer for "Hello world!" (3 ids) comes, the page must keep
    "Hello world"'s (2 ids):
    painting it would show another text's shape until the next edit, as it did."""
    open_page(page, app_url, "Hello world")
    page.wait_for_function("document.querySelector('#embedding .shape')?.textContent === '(1, 2, 768)'")
    held: list = []
    # The first ask after this is held; any later one goes through.
    page.route("**/playground/embedding", lambda route: route.continue_() if held else held.append(route))
    textbox(page).click()
    textbox(page).press("End")
    textbox(page).press_sequentially("!")
    for _ in range(100):  # the pause's ask for "Hello world!" reaches the route, and waits there
        if held:
            break
        page.wait_for_timeout(100)
    assert held, "no embedding asked for after the pause"
    textbox(page).press("Backspace")
    wait_for_ids(page, "Hello world")
    pause(0.6, page)  # past the pause: "Hello world" is the embedding painted, nothing new to ask
    held[0].continue_()  # the answer for "Hello world!" arrives now
    pause(1.5, page)
    assert page.text_content("#embedding .shape") == "(1, 2, 768)"


def test_a_link_is_opened_and_painted_with_no_answer_from_the_server(browser, app_url):
    """The page reads its link itself (link.js), sets its controls and paints the panels: with every ask to the
    server held, the panels show the link's tokens, its example's own tokenizers and its modes (guess-first: no
    token shown), the text box and choosers its values."""
    hindi = EXAMPLES_BY_KEY["hindi"]
    context = browser.new_context(viewport={"width": 1600, "height": 1000})
    held = []
    try:
        page = context.new_page()
        page.route(re.compile(r"/(playground/(?!twin/)|gradio_api/)"), lambda route: held.append(route))
        page.goto(f"{app_url}?example=hindi&guess=1&tokenizers=,,mistral")
        wait_for_ids(page, hindi.text, names=(*hindi.tokenizers[:2], "mistral"))
        assert page.evaluate("document.body.classList.contains('guess')")
        assert not page.locator("#panel-gpt2 .tok").first.is_visible()  # guess first: hidden until Reveal
        assert textbox(page).input_value() == hindi.text
        assert page.locator("#tokenizer-2 select").input_value() == "mistral"
    finally:
        for route in held:
            route.continue_()
        context.close()


def test_a_key_restyles_and_refits_only_what_it_changed(page, app_url):
    """A key at the end of a long text changes none of the 3,000 blocks the panels draw (each draws its first 5,000
    characters), only their counts: the browser restyles a few elements, not the blocks, and fit.js measures none.
    Before, each key restyled every block twice (a :has() on <body> in the stylesheet: any redraw of a panel might
    change it) and refitted them all (classList.remove of a class <body> lacks is a mutation, which fit.js took for a
    change of size). Counted by the browser: the trace's UpdateLayoutTree events and their elementCount, and the
    page's calls of getComputedStyle on a block."""
    open_page(page, app_url, "Hello world")
    text = ("The quick brown fox jumps over the lazy dog, again and again. " * 320)[:20_000]  # 1,000s of tokens a panel
    page.evaluate(SET_BOX, text)
    wait_for_ids(page, text)
    assert page.locator("#panels .tok").count() >= 2_500
    pause(1, page)  # the paste's own refits, and the pause's asks
    page.evaluate("""() => {
        window.blocksMeasured = 0;
        const measure = window.getComputedStyle;
        window.getComputedStyle = (el, ...rest) => {
            if (el.classList && el.classList.contains("tok")) window.blocksMeasured++;
            return measure(el, ...rest);
        };
    }""")
    page.context.browser.start_tracing(page=page, categories=["devtools.timeline"])
    textbox(page).press("End")
    textbox(page).press_sequentially("x")
    wait_for_ids(page, text + "x")
    pause(0.5, page)  # the frames after the key: the fit, the style and paint
    trace = json.loads(page.context.browser.stop_tracing())
    events = trace["traceEvents"] if isinstance(trace, dict) else trace
    restyled = sum(e.get("args", {}).get("elementCount", 0) for e in events if e.get("name") == "UpdateLayoutTree")
    assert page.evaluate("window.blocksMeasured") == 0
    assert restyled < 500, f"{restyled} elements restyled for one key (3,000 blocks drawn)"
