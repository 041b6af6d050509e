"""What shows the setup follows it (issue 43), in a real browser, in the app and in the static folder: after the
clicker's PageDown and after Clear, the share link's QR code opens what is on screen and "Copied." is gone, the
address bar opens the example on screen with its modes (its own history entry replaced, not a new one each), and
an empty text's share link opens an empty box."""

from __future__ import annotations

from urllib.parse import parse_qs, urlsplit, urlunsplit

import pytest
from browser import CLIPBOARD, SCREENSHOTS, textbox, wait_for_ids
from cores import pause
from test_lecture_layout_browser import scanned

from playground.lesson.examples import EXAMPLES_BY_KEY
from playground.tokenizers.registry import DEFAULT_TOKENIZERS

CODE, MAGIKARP = EXAMPLES_BY_KEY["code"], EXAMPLES_BY_KEY["magikarp"]
LINK_BOX = "#share-link textarea, #share-link input"
SLIDE = "&example=code&present=1&guess=1"  # a lecturer's first slide, as README's table writes it


def lecturer(browser, url: str):
    """A projector's page at 1280x720 on the first slide, with a clipboard; and the page's errors."""
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    context = browser.new_context(viewport={"width": 1280, "height": 720}, permissions=CLIPBOARD)
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(url + ("&" if "?" in url else "?") + SLIDE.lstrip("&"))
    wait_for_ids(page, CODE.text)
    return context, page, errors


def copy_link(page) -> str:
    """Copy share link: the link, once in its box, copied ("Copied.") and drawn as a QR code."""
    page.locator("#share").click()
    page.wait_for_function("() => document.querySelector('#copy-status').textContent === 'Copied.'")
    page.locator("#share-qr .qr svg").wait_for(state="attached")
    return page.locator(LINK_BOX).first.input_value()


def settled(page, js: str, arg=None, timeout: float = 20_000) -> bool:
    """Whether `js` comes true within `timeout` ms, a wait (a busy machine's server answers in seconds), not a
    bound: a page that never follows fails the assert that says what it kept, not with a timeout."""
    from playwright.sync_api import TimeoutError as Timeout

    try:
        page.wait_for_function(js, arg=arg, timeout=timeout)
        return True
    except Timeout:
        return False


def drawn(page) -> bool:
    """Whether the QR code shown comes to be the link box's (its label starts as the link does)."""
    return settled(page, """box => { const qr = document.querySelector('#share-qr .qr');
        return qr && qr.checkVisibility({visibilityProperty: true}) &&
               qr.getAttribute('aria-label').endsWith(document.querySelector(box).value.slice(0, 80)); }""", LINK_BOX)


def qr_link(page) -> str:
    """What a phone reads from the QR code shown beside the link."""
    [link] = scanned(page.locator("#share-qr .qr").screenshot())
    return link


def local(link: str, page_url: str) -> str:
    """The room's link on this machine's own address (the QR code is read, nothing is sent to the room address)."""
    parts, own = urlsplit(link), urlsplit(page_url)
    return urlunsplit((own.scheme, own.netloc, parts.path, parts.query, ""))


def opened(browser, link: str, text: str) -> dict:
    """What a student's fresh browser shows at `link`, once its box holds `text` (or after 20 s): the text, the
    question, the tokenizers, the modes, whether it says the link is damaged."""
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    page = context.new_page()
    page.goto(link)
    page.wait_for_selector("#panel-gpt2 [data-tokenizer]")
    settled(page, "text => document.querySelector('#input-text textarea').value === text", text)
    pause(0.5, page)  # the opening's last paints (the panels' tokenizers)
    shown = page.evaluate("""() => ({
        text: document.querySelector('#input-text textarea').value,
        prompt: document.querySelector('#prompt').textContent.trim(),
        tokenizers: [...document.querySelectorAll('#panels [data-tokenizer]')].map(p => p.dataset.tokenizer),
        present: document.body.classList.contains('present'), guess: document.body.classList.contains('guess'),
        damaged: !!document.querySelector('#link-note')})""")
    context.close()
    return shown


def follows_the_clicker(browser, page, page_url: str, screenshot: str) -> None:
    """Copy share link on the code slide, PageDown: "Copied." is not said of the old link, and the QR code (the
    link box too) opens SolidGoldMagikarp in presenter view with Guess first. Then Clear: the QR code opens the
    cleared page (an empty box, the lesson's three tokenizers)."""
    code_link = copy_link(page)
    assert "example=code" in code_link and qr_link(page) == code_link
    page.keyboard.press("PageDown")
    wait_for_ids(page, MAGIKARP.text)
    assert settled(page, "() => !document.querySelector('#copy-status').textContent"), \
        "'Copied.' still said of the code slide's link"
    assert settled(page, "box => document.querySelector(box).value.includes('example=magikarp')", LINK_BOX), \
        "the link still opens the code slide"
    assert drawn(page), "the QR code is not the link's"
    page.screenshot(path=SCREENSHOTS / screenshot)  # the room's view, to look at
    link = qr_link(page)
    assert link == page.locator(LINK_BOX).first.input_value()
    query = parse_qs(urlsplit(link).query)
    assert query["example"] == ["magikarp"] and query["present"] == ["1"] and query["guess"] == ["1"]
    shown = opened(browser, local(link, page_url), MAGIKARP.text)
    assert shown["text"] == MAGIKARP.text and shown["prompt"].startswith("SolidGoldMagikarp:")
    assert shown["tokenizers"] == list(MAGIKARP.tokenizers) and shown["present"] and shown["guess"]
    page.locator("#clear").click()
    page.wait_for_function("() => document.querySelector('#input-text textarea').value === ''")
    assert settled(page, "([box, before]) => document.querySelector(box).value !== before", [LINK_BOX, link]), \
        "after Clear the link still opens the previous slide"
    assert drawn(page), "the QR code is not the link's"
    link = qr_link(page)
    assert link == page.locator(LINK_BOX).first.input_value() and "example" not in parse_qs(urlsplit(link).query)
    shown = opened(browser, local(link, page_url), "")
    assert shown == {"text": "", "prompt": "", "tokenizers": list(DEFAULT_TOKENIZERS), "present": True,
                     "guess": True, "damaged": False}
    assert page.locator("#copy-status").inner_text() == ""


def test_the_qr_code_and_the_link_follow_the_clicker_in_the_app(browser, room_url):
    """The app on every address (as README says to start it for a room), its page opened on 127.0.0.1: the QR code
    carries the room address, and follows PageDown and Clear."""
    url, _ = room_url
    context, page, errors = lecturer(browser, url)
    follows_the_clicker(browser, page, url, "follows-pagedown-app-1280x720.png")
    assert errors == []
    context.close()


def test_the_qr_code_and_the_link_follow_the_clicker_in_the_folder(browser, folder_url):
    context, page, errors = lecturer(browser, folder_url)
    follows_the_clicker(browser, page, folder_url, "follows-pagedown-folder-1280x720.png")
    assert errors == []
    context.close()


def follows_in_the_address_bar(browser, page) -> None:
    """PageDown: the address opens SolidGoldMagikarp with presenter view and Guess first kept, in place of the
    page's own history entry (Back is not flooded); a text typed is not put in the address (the browser's history
    keeps every address), and a reload still brings it back (the tab keeps it). Clear: the address drops the example."""
    entries = page.evaluate("() => history.length")
    page.keyboard.press("PageDown")
    wait_for_ids(page, MAGIKARP.text)
    assert settled(page, "() => location.search.includes('example=magikarp')"), f"the address says {page.url}"
    query = parse_qs(urlsplit(page.url).query)
    assert query["example"] == ["magikarp"] and query["present"] == ["1"] and query["guess"] == ["1"]
    assert page.evaluate("() => history.length") == entries
    shown = opened(browser, page.url, MAGIKARP.text)
    assert shown["text"] == MAGIKARP.text and shown["prompt"].startswith("SolidGoldMagikarp:")
    assert shown["tokenizers"] == list(MAGIKARP.tokenizers) and shown["present"] and shown["guess"]
    box = textbox(page)
    box.click()
    box.press("End")
    box.press_sequentially(" my secret", delay=5)
    wait_for_ids(page, MAGIKARP.text + " my secret", names=MAGIKARP.tokenizers)
    pause(0.5, page)  # past the typing pause
    assert "z=" not in page.url and "text=" not in page.url and "secret" not in page.url
    page.reload()
    wait_for_ids(page, MAGIKARP.text + " my secret", names=MAGIKARP.tokenizers)
    page.locator("#clear").click()
    page.wait_for_function("() => document.querySelector('#input-text textarea').value === ''")
    assert settled(page, "() => !location.search.includes('example=')"), f"the address says {page.url}"
    assert parse_qs(urlsplit(page.url).query)["present"] == ["1"]


def test_the_address_bar_follows_the_clicker_in_the_app(browser, app_url):
    context, page, errors = lecturer(browser, app_url)
    follows_in_the_address_bar(browser, page)
    assert errors == []
    context.close()


def test_the_address_bar_follows_the_clicker_in_the_folder(browser, folder_url):
    context, page, errors = lecturer(browser, folder_url)
    follows_in_the_address_bar(browser, page)
    assert errors == []
    context.close()


@pytest.mark.parametrize("host", ["app", "folder"])
def test_an_empty_boxs_share_link_opens_empty(browser, app_url, folder_url, host):
    """Clear, Copy share link, open the link: an empty box, no note that the link is damaged."""
    url = app_url if host == "app" else folder_url
    context, page, errors = lecturer(browser, url)
    page.locator("#clear").click()
    page.wait_for_function("() => document.querySelector('#input-text textarea').value === ''")
    page.locator("#share").click()
    page.wait_for_function("box => document.querySelector(box).value.includes('z=')", arg=LINK_BOX)
    link = page.locator(LINK_BOX).first.input_value()
    shown = opened(browser, link, "")
    assert shown == {"text": "", "prompt": "", "tokenizers": list(DEFAULT_TOKENIZERS), "present": True,
                     "guess": True, "damaged": False}
    assert errors == []
    context.close()
