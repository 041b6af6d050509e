"""The page's setup, kept in the tab (keep.js): a reload puts back the typed text and the chosen tokenizers; a
link opened afresh opens its own setup. In the static folder: the page's own behaviour, which needs no server."""

from __future__ import annotations

from urllib.parse import quote

import pytest
from browser import tab_without_errors, textbox, type_text, wait_for_ids

pytestmark = pytest.mark.browser


@pytest.fixture
def page(browser, folder_url):
    """A fresh tab that may be reloaded; fails the test on any console error or exception."""
    with tab_without_errors(browser) as tab:
        yield tab

THIRD_IS_MISTRAL = ("gpt2", "bert", "mistral")  # #tokenizer-2 is the third panel (slots count from 0)


def choose_mistral_third(page) -> None:
    page.locator("#tokenizer-2 select").select_option(label="Mistral 7B SentencePiece")


def test_a_reload_puts_back_the_typed_text_the_tokenizers_the_marks_and_the_size(page, folder_url):
    page.goto(folder_url)
    wait_for_ids(page, "Hello world")
    text = "Kept across a reload: naïve café 😀"
    type_text(page, text)
    choose_mistral_third(page)
    page.locator("#mark-ws input").uncheck()
    page.locator("#size-up").click()  # 100% -> 115%
    wait_for_ids(page, text, names=THIRD_IS_MISTRAL)
    page.reload()
    wait_for_ids(page, text, names=THIRD_IS_MISTRAL)
    assert textbox(page).input_value() == text
    assert not page.locator("#mark-ws input").is_checked()
    assert page.get_attribute("body", "data-size") == "115"
    shown = page.eval_on_selector_all("#panel-gpt2 .tok", "els => els.map(e => e.textContent).join('')")
    assert shown.startswith("Kept across a reload: naïve café") and "·" not in shown  # no whitespace marks


def test_a_link_opened_afresh_opens_its_own_setup_and_a_reload_keeps_its_edits(page, folder_url):
    page.goto(folder_url + "?text=" + quote("Opened from a link"))
    wait_for_ids(page, "Opened from a link")
    box = textbox(page)
    box.click()
    box.press("End")
    box.press_sequentially(", then edited", delay=5)
    edited = "Opened from a link, then edited"
    wait_for_ids(page, edited)
    page.reload()  # the same address: the edits are back, not the link's text
    wait_for_ids(page, edited)
    assert box.input_value() == edited
    page.goto(folder_url + "?tokenizers=gpt2,bert,mistral&text=" + quote("Another link"))  # a fresh visit, same tab
    wait_for_ids(page, "Another link", names=THIRD_IS_MISTRAL)
    assert box.input_value() == "Another link"
    other = page.context.browser.new_context().new_page()  # and in a tab of its own
    try:
        other.goto(folder_url + "?text=" + quote("Opened from a link"))
        wait_for_ids(other, "Opened from a link")
        assert textbox(other).input_value() == "Opened from a link"
    finally:
        other.context.close()


def test_a_browser_that_refuses_to_keep_the_text_says_so(page, folder_url):
    """Past the storage quota (about 5 MB), the page says that a reload would not bring the text back."""
    from playwright.sync_api import expect

    page.add_init_script("Storage.prototype.setItem = () => { throw new DOMException('full', 'QuotaExceededError'); }")
    page.goto(folder_url)
    wait_for_ids(page, "Hello world")
    type_text(page, "Too long")
    wait_for_ids(page, "Too long")
    # The text is kept once the page is idle (keep.js): the note for a shorter text may come first.
    expect(page.locator("#keep-note")).to_have_text("This text (8 characters) is too long for the browser to keep in "
                                                    "this tab: a reload of the page would not bring it back.")
