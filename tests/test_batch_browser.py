"""The lesson's batch in a real browser, at a projector's 1280x720 and a laptop's 1024x768: B and T typed into
their boxes draw exactly playground.batch's windows in #batch-ids, a hovered id is linked to its token and its row
of E, and "Try the lesson's batch" draws the lesson's (32, 1024)."""

from __future__ import annotations

import pytest
from browser import CLIPBOARD, SCREENSHOTS, open_page, record_errors, textbox, type_text, wait_for_ids

from playground import batch
from playground.lesson.examples import EXAMPLES_BY_KEY
from playground.page.handlers import lessons_batch

VIEWPORTS = [(1280, 720), (1024, 768)]
TEXT = "The cat sat on the mat, and the dog sat on the log. The cat saw the dog."

READ_BATCH = """() => [...document.querySelectorAll('#batch-ids .batch-row')].map(row =>
    [Number(row.dataset.offset), [...row.querySelectorAll('i')].map(i => Number(i.dataset.id))])"""


@pytest.fixture(params=VIEWPORTS, ids=[f"{w}x{h}" for w, h in VIEWPORTS])
def tab(request, browser, app_url):
    """A fresh page at this size; fails the test on any console error or uncaught exception."""
    width, height = request.param
    context = browser.new_context(viewport={"width": width, "height": height}, permissions=CLIPBOARD)
    page = context.new_page()
    errors: list[str] = []
    record_errors(page, errors)
    page.size = f"{width}x{height}"
    yield page
    found = list(errors)
    context.close()
    assert not found, f"console errors: {found}"


def set_number(page, elem_id: str, value: int) -> None:
    box = page.locator(f"#{elem_id} input")
    box.click()
    box.press("Control+a")
    box.press_sequentially(str(value), delay=20)


def wait_for_batch(page, result: dict) -> None:
    expected = [[o, w] for o, w in zip(result["offsets"], result["ids"])]
    page.wait_for_function(f"expected => JSON.stringify(({READ_BATCH})()) === JSON.stringify(expected)",
                           arg=expected, timeout=60_000)


def test_b_and_t_typed_draw_playground_batch_and_a_hovered_id_is_linked(tab, app_url):
    open_page(tab, app_url, "Hello world")
    type_text(tab, TEXT)
    wait_for_ids(tab, TEXT)
    set_number(tab, "batch-size", 3)
    set_number(tab, "block-size", 6)
    set_number(tab, "batch-seed", 2)
    result = batch(TEXT, 3, 6, 2)
    wait_for_batch(tab, result)
    assert tab.eval_on_selector("#batch-ids", "e => [...e.querySelectorAll('i')].map(i => i.textContent)") == [
        str(i) for w in result["ids"] for i in w]  # T = 6: each block shows its id
    assert tab.inner_text("#batch-shape") == "(3, 6, 768)"
    assert tab.eval_on_selector("#batch-ids", "e => e.scrollWidth <= e.clientWidth")  # nothing cut off at the side

    # Hover window 1's third id: its token in the GPT-2 panel (offset + 2), every block of the same id, E's row.
    b, t = 1, 2
    token_id, index = result["ids"][b][t], result["offsets"][b] + t
    tab.locator("#batch-ids .batch-row").nth(b).locator("i").nth(t).hover()
    tab.wait_for_function("() => document.getElementById('heatmap-row')")
    toks = tab.locator('#panels [data-tokenizer="gpt2"] .tok')
    assert toks.nth(index).get_attribute("data-id") == str(token_id)
    assert "linked" in toks.nth(index).get_attribute("class")
    same = tab.eval_on_selector_all("#batch-ids i.same-id", "els => els.map(e => Number(e.dataset.id))")
    assert same == [token_id] * sum(w.count(token_id) for w in result["ids"])
    assert tab.inner_text("#batch-hover").startswith(f"x[{b}, {t}] = ids[{index}] = {token_id}: the text's token")
    same_places = sum(w.count(token_id) for w in result["ids"])
    assert f"the same in all {same_places} place{'s' * (same_places != 1)} it has in this batch" in tab.inner_text("#batch-hover")
    mark = tab.eval_on_selector("#heatmap-row", "e => e.getBoundingClientRect().height")
    assert mark > 0  # the row of token `index` (< 64) is outlined in the heatmap
    tab.locator("#batch-ids .batch-row").nth(b).locator("i").nth(t).scroll_into_view_if_needed()
    tab.screenshot(path=SCREENSHOTS / f"batch-hover-{tab.size}.png")
    tab.mouse.move(2, 2)  # away: the lights go
    tab.wait_for_function("() => !document.querySelector('#batch-ids i.same-id, #panels .tok.linked')")


def test_typing_redraws_the_batch_once_the_text_settles_not_per_key(tab, app_url):
    open_page(tab, app_url, "Hello world")
    type_text(tab, TEXT)
    wait_for_batch(tab, batch(TEXT, 4, 8, 0))  # the boxes' defaults
    tab.evaluate("""() => {  // count the batch's draws (page.js's, which batch.js calls after a pause): each paints it
        window.batchDraws = 0;
        new MutationObserver(() => window.batchDraws++).observe(document.querySelector("#batch .body"), {childList: true});
    }""")
    more = " The mat saw the log."
    textbox(tab).press("End")
    textbox(tab).press_sequentially(more, delay=10)
    wait_for_batch(tab, batch(TEXT + more, 4, 8, 0))
    assert 1 <= tab.evaluate("window.batchDraws") < len(more) // 2  # drawn after a pause, not per key


def test_the_lessons_batch(tab, app_url):
    open_page(tab, app_url, "Hello world")
    tab.locator("#lesson-batch").click()
    text, _, b, t, _ = lessons_batch()
    wait_for_batch(tab, batch(text, b, t, 0))
    assert textbox(tab).input_value() == text
    assert [tab.locator(f"#{e} input").input_value() for e in ("batch-size", "block-size")] == ["32", "1024"]
    assert tab.inner_text("#batch-shape") == "(32, 1024, 768)"
    memory = tab.inner_text("table.batch-memory")
    assert memory.count("6,587,285,504 bytes") == 2 and memory.count("100,663,296 bytes") == 2
    assert tab.eval_on_selector("#batch-ids", "e => e.scrollWidth <= e.clientWidth")
    tab.evaluate("() => { document.getElementById('batch-controls').scrollIntoView(); window.scrollBy(0, -60); }")
    tab.screenshot(path=SCREENSHOTS / f"batch-{tab.size}.png")


def test_the_lessons_batch_says_it_replaced_the_text_and_puts_it_back(tab, app_url):
    hindi = EXAMPLES_BY_KEY["hindi"]
    open_page(tab, f"{app_url}?example=hindi", hindi.text)
    tab.wait_for_function("q => document.querySelector('#prompt').textContent.includes(q)", arg=hindi.question)
    tab.locator("#lesson-batch").click()
    note = tab.locator("#batch-replaced")
    note.wait_for(state="visible")
    assert note.inner_text().startswith("The text box now holds the lesson's batch text, the 200 English FLORES-200 "
                                        "sentences (26,124 characters), in place of your text.")
    assert tab.inner_text("#prompt").strip() == ""  # the question of the text it replaced is gone
    assert len(textbox(tab).input_value()) == 26_124
    tab.screenshot(path=SCREENSHOTS / f"batch-replaced-{tab.size}.png")
    tab.locator("#batch-undo").click()
    wait_for_ids(tab, hindi.text)
    assert textbox(tab).input_value() == hindi.text
    assert not note.is_visible()
    tab.locator("#lesson-batch").click()  # a second time: said again
    note.wait_for(state="visible")
