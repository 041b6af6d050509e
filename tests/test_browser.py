"""End to end in a real browser: `python app.py` driven by Playwright in Debian's Chromium.

Screenshots land in artifacts/screenshots/ to be looked at: this page is shown on a projector.
"""

from __future__ import annotations

import json
import random
from urllib.parse import quote

import pytest
from browser import (SCREENSHOTS, open_page, panel_ids, paste, start_over, textbox, type_text, typing_timeout,
                     wait_for_ids)
from cores import pause
from mixed_text import mixed_text

from playground import compare
from playground.lesson.examples import EXAMPLES, EXAMPLES_BY_KEY
from playground.page.colors import token_color

NAMES = ("gpt2", "bert", "llama")


def test_typing_updates_all_three_panels(shared_page):
    page = shared_page
    start_over(page)
    type_text(page, "The cat sat")
    wait_for_ids(page, "The cat sat")
    assert panel_ids(page, "gpt2") == [464, 3797, 3332]
    spans = page.eval_on_selector_all("#panel-gpt2 .tok", "els => els.map(e => [e.dataset.start, e.dataset.end])")
    assert spans == [["0", "3"], ["3", "7"], ["7", "11"]]
    page.screenshot(path=SCREENSHOTS / "typed.png", full_page=True)


def test_pasting_updates_all_three_panels(shared_page):
    page = shared_page
    start_over(page)
    paste(page, textbox(page), "def f(x):\n    return x  # नमस्ते 你好")
    wait_for_ids(page, "def f(x):\n    return x  # नमस्ते 你好")


def test_one_id_keeps_its_colour_across_inputs(shared_page):
    page = shared_page
    start_over(page)
    first = page.eval_on_selector('#panel-gpt2 .tok[data-id="995"]', "e => getComputedStyle(e).backgroundColor")
    type_text(page, "A new world order")
    wait_for_ids(page, "A new world order")
    second = page.eval_on_selector('#panel-gpt2 .tok[data-id="995"]', "e => getComputedStyle(e).backgroundColor")
    assert first == second
    r, g, b = (int(token_color("gpt2", 995)[i:i + 2], 16) for i in (1, 3, 5))
    assert first == f"rgb({r}, {g}, {b})"


@pytest.mark.parametrize("example", EXAMPLES, ids=[e.key for e in EXAMPLES])
def test_each_prepared_example(shared_page, example):
    """Each example clicked over the one before, in one page, as a lecturer goes through them (the six GPT-2 counts
    differ, so no shape is the last example's)."""
    page = shared_page
    page.locator(f"#example-{example.key}").click()
    wait_for_ids(page, example.text)
    assert textbox(page).input_value() == example.text
    n_gpt2 = compare(example.text)["tokenizers"][0]["count"]
    page.wait_for_function(f"() => document.querySelector('#embedding').textContent.includes('(1, {n_gpt2}, 768)')")
    page.screenshot(path=SCREENSHOTS / f"example-{example.key}.png", full_page=True)


def share_link(page) -> str:
    """Click "Copy share link"; what the link box then says (a new link, or why there is none)."""
    box = page.locator("#share-link textarea, #share-link input").first
    before = box.input_value()
    page.locator("#share").click()
    page.wait_for_function(
        "before => { const v = document.querySelector('#share-link textarea, #share-link input').value;"
        " return v !== before && (v.includes('z=') || v.includes('too long')); }", arg=before)
    return box.input_value()


def test_share_link_restores_its_text(page, app_url):
    text = "Share me: 1234567890 & <b>"
    open_page(page, app_url + "?text=" + quote(text), text)  # the old form of link still opens
    assert textbox(page).input_value() == text
    typed = "a link, नमस्ते 😀"
    type_text(page, typed)
    wait_for_ids(page, typed)
    link = share_link(page)
    assert link.startswith(app_url + "?z=") and "text=" not in link
    other = page.context.new_page()  # a student opening the link in a new tab
    open_page(other, link, typed)
    assert textbox(other).input_value() == typed


def test_a_long_text_shares_packed_and_a_too_long_one_says_so(page, app_url):
    hindi = EXAMPLES[2].text + "\n"
    long_text = hindi * 160  # ~7,000 characters: as ?text= its link would be over 65,536 characters
    open_page(page, app_url, "Hello world")
    paste(page, textbox(page), long_text)
    wait_for_ids(page, long_text)
    link = share_link(page)
    assert "z=" in link and len(link) < 60_000
    other = page.context.new_page()
    open_page(other, link, long_text)
    rng = random.Random(0)
    too_long = "".join(chr(rng.randrange(0x4E00, 0x9FA5)) for _ in range(30_000))  # random CJK: barely compresses
    paste(page, textbox(page), too_long)
    wait_for_ids(page, too_long)
    # Once made, the link follows the page (after the typing pause): the box says why there is none by itself.
    page.wait_for_function("() => document.querySelector('#share-link textarea, #share-link input').value"
                           ".startsWith('This text is too long')", timeout=30_000)
    message = page.locator("#share-link textarea, #share-link input").first.input_value()
    assert message.startswith("This text is too long to share as a link (30,000 characters")


def test_example_share_link(page, app_url):
    """A page opened on an example shares a link to that example: opened in a new tab, it has the example's text,
    its three tokenizers and its question."""
    hindi = EXAMPLES_BY_KEY["hindi"]
    open_page(page, app_url + "?example=hindi", hindi.text)
    link = share_link(page)
    assert link.startswith(app_url + "?z=") and "&example=hindi" in link and "tokenizers=" not in link, link
    other = page.context.new_page()  # a student opening the link in a new tab
    open_page(other, link, hindi.text)
    assert textbox(other).input_value() == hindi.text
    other.wait_for_function("q => document.querySelector('#prompt').textContent.includes(q)", arg=hindi.question)


@pytest.mark.parametrize("payload", ["<img src=x onerror=alert(1)>", "</div><script>alert(1)</script>"])
def test_markup_typed_or_linked_stays_inert_text(page, app_url, payload):
    open_page(page, app_url + "?text=" + quote(payload), payload)
    assert page.locator("#panel-gpt2 img, #panel-gpt2 script, #panel-bert img, #panel-llama img").count() == 0
    assert payload in page.inner_text("#panel-gpt2").replace("·", " ")
    type_text(page, payload)
    wait_for_ids(page, payload)
    assert page.locator("#panels img, #panels script").count() == 0
    # dialogs and console errors are checked by the fixture


def test_special_tokens_and_ids_view(shared_page):
    page = shared_page
    start_over(page)
    page.get_by_label("Add special tokens").check()
    wait_for_ids(page, "Hello world", special=True)
    assert panel_ids(page, "bert") == [101, 7592, 2088, 102]
    page.get_by_text("ids", exact=True).click()
    page.wait_for_function("() => document.querySelector('#panel-gpt2 .tok').textContent === '15496'")
    page.locator("#view").get_by_text("text", exact=True).click()  # as the next test finds a fresh page
    page.get_by_label("Add special tokens").uncheck()
    wait_for_ids(page, "Hello world")
    page.wait_for_function("() => document.querySelector('#panel-gpt2 .tok').textContent !== '15496'")


def test_embedding_panel_shows_the_shape(shared_page):
    page = shared_page
    start_over(page)
    page.wait_for_function("() => document.querySelector('#embedding').textContent.includes('(1, 2, 768)')")
    type_text(page, "one two three")
    page.wait_for_function("() => document.querySelector('#embedding').textContent.includes('(1, 3, 768)')")
    assert "38,597,376" in page.inner_text("#embedding")
    assert "6.59 GB" in page.inner_text("#memory") and "100.7 MB" in page.inner_text("#memory")
    page.wait_for_selector("#heatmap img.plot")


def test_panels_side_by_side_wide_and_stacked_narrow(browser, app_url):
    for width, side_by_side in ((1600, True), (600, False)):
        context = browser.new_context(viewport={"width": width, "height": 1000})
        page = context.new_page()
        open_page(page, app_url, "Hello world")
        boxes = [page.locator(f"#panel-{n}").bounding_box() for n in NAMES]
        tops = {round(b["y"]) for b in boxes}
        assert (len(tops) == 1) == side_by_side, (width, boxes)
        page.wait_for_selector("#memory table")
        for b in boxes + [page.locator(s).first.bounding_box() for s in ("#memory table", "#embedding", "#input-text")]:
            assert b["x"] >= 0 and b["x"] + b["width"] <= width + 1, b  # nothing overflows sideways
        page.screenshot(path=SCREENSHOTS / f"width-{width}.png", full_page=True)
        context.close()


def test_dark_theme_screenshot(browser, app_url):
    context = browser.new_context(viewport={"width": 1600, "height": 1000}, color_scheme="dark")
    page = context.new_page()
    open_page(page, app_url + "?__theme=dark&example=code", EXAMPLES[0].text)
    colour = page.eval_on_selector("#panel-gpt2 .tok", "e => getComputedStyle(e).backgroundColor")
    first_id = panel_ids(page, "gpt2")[0]
    r, g, b = (int(token_color("gpt2", first_id, "dark")[i:i + 2], 16) for i in (1, 3, 5))
    assert colour == f"rgb({r}, {g}, {b})"
    page.screenshot(path=SCREENSHOTS / "dark.png", full_page=True)
    context.close()


def test_one_megabyte_paste_keeps_the_page_working(page, app_url):
    """A whole book pasted: cut to the limit, said so, drawn capped, and the page still answers a click."""
    open_page(page, app_url, "Hello world")
    big = mixed_text(1_000_000)
    paste(page, textbox(page), big)
    page.wait_for_function(
        "() => (document.querySelector('#limit-note') || {}).textContent?.includes('Tokenised the first 100,000')",
        timeout=120_000)
    assert f"of {len(big):,} characters" in page.inner_text("#limit-note")
    page.wait_for_function("() => document.querySelectorAll('#panel-llama .tok').length === 1000", timeout=60_000)
    assert "Drawing the first 1,000 of" in page.inner_text("#panel-gpt2")
    page.get_by_text("All six examples on one slide").click()  # a click still lands
    page.wait_for_selector("table.examples", state="visible")
    page.wait_for_function("() => document.querySelector('#embedding').textContent.includes('(1, 1024, 768)')",
                           timeout=60_000)
    page.screenshot(path=SCREENSHOTS / "one-megabyte.png")


def test_hover_card_shows_id_piece_bytes_and_span(shared_page):
    page = shared_page
    start_over(page)
    page.locator('#panel-gpt2 .tok[data-id="995"]').hover()
    card = page.locator("#tok-card")
    card.wait_for(state="visible")
    assert card.inner_text().splitlines() == ["id 995", "·world   vocabulary: Ġworld", "bytes 20 77 6F 72 6C 64",
                                              "chars [5, 11)"]


@pytest.mark.parametrize("button, filename, expected", [
    ("Download tokens (CSV)", "tokens.csv", "tokenizer,index,id,piece,text,start,end,bytes_hex,partial,special,"
                                            "undertrained_verdict,undertrained_max_prob,undertrained_indicator,"
                                            "count_comparable,loss\n"
                                            "gpt2,0,15496,Hello,Hello,0,5,48 65 6C 6C 6F,False,False,,,,yes,\n"),
    ("Download tokens (JSON)", "tokens.json", '"ids": [\n    15496,\n    995\n   ]'),
])
def test_token_downloads(shared_page, tmp_path, button, filename, expected):
    page = shared_page
    start_over(page)
    with page.expect_download() as download:
        page.get_by_role("button", name=button).click()
    assert download.value.suggested_filename == filename
    path = tmp_path / filename
    download.value.save_as(path)
    assert expected in path.read_text(encoding="utf-8").replace("\r\n", "\n")


@pytest.mark.parametrize("filename, size", [("embedding.png", (1200, 290)), ("similarity.png", (900, 800))])
def test_plot_downloads_are_labelled_figures(shared_page, tmp_path, filename, size):
    from PIL import Image

    page = shared_page
    start_over(page)
    page.wait_for_selector("#heatmap img.plot")
    with page.expect_download() as download:
        page.locator(f'#heatmap a[data-download="{filename}"]').click()
    assert download.value.suggested_filename == filename
    download.value.save_as(tmp_path / filename)
    assert (tmp_path / filename).read_bytes().startswith(b"\x89PNG\r\n\x1a\n")
    assert Image.open(tmp_path / filename).size == size  # a figure with its title, axes and colour bar, not 768 x 2 pixels


def test_tokenizers_chosen_by_link_by_selector_and_carried_by_share_links(page, app_url):
    text = "Hello नमस्ते"
    page.goto(app_url + "?tokenizers=gpt4o,llama3,gemma&text=" + quote(text))
    expected = {t["name"]: t["ids"] for t in compare(text, tokenizers=("gpt4o", "llama3", "gemma"))["tokenizers"]}
    page.wait_for_function(
        """expected => Object.entries(expected).every(([name, ids]) => {
               const got = [...document.querySelectorAll(`[data-tokenizer=${name}] .tok`)].map(e => Number(e.dataset.id));
               return got.length === ids.length && got.every((id, i) => id === ids[i]);
           })""", arg=expected)
    assert page.locator("#panel-gpt2 [data-tokenizer=gpt4o]").count() == 1  # the slots keep their ids
    page.locator("#tokenizer-1 select").select_option(label="Mistral 7B SentencePiece")
    mistral = compare(text, tokenizers=("mistral",))["tokenizers"][0]["ids"]
    page.wait_for_function("ids => [...document.querySelectorAll('[data-tokenizer=mistral] .tok')]"
                           ".map(e => Number(e.dataset.id)).join() === ids.join()", arg=mistral)
    link = share_link(page)
    assert "tokenizers=gpt4o%2Cmistral%2Cgemma" in link
    other = page.context.new_page()
    other.goto(link)
    other.wait_for_selector("[data-tokenizer=mistral] .tok")
    assert other.eval_on_selector_all("[data-tokenizer=mistral] .tok", "els => els.map(e => Number(e.dataset.id))") == mistral


def test_keystrokes_are_painted_in_the_page_and_the_server_is_asked_after_the_pause(page, app_url):
    """Typing sends the server nothing: each key is tokenized and painted in the page. Once the typing pauses,
    one ask for the embedding of the newest text (no example: no answer asked); the panels end exact."""
    open_page(page, app_url, "Hello world")
    # The batch is drawn by a queue event of its own once typing pauses (tests/test_batch_browser.py): kept
    # out of here, where every request a keystroke makes is counted.
    page.evaluate("document.getElementById('batch-section').remove()")  # its boxes too: nothing to draw
    pause(0.5, page)  # the first page's own asks are over
    posts: list[tuple[str, str]] = []
    page.on("request", lambda r: posts.append((r.url.removeprefix(app_url), r.post_data or "")) if r.method == "POST" else None)
    textbox(page).press("End")
    textbox(page).press_sequentially(" and the cat sat", delay=40)  # a key every 40 ms: no pause of 300 ms
    wait_for_ids(page, "Hello world and the cat sat")
    page.wait_for_function("document.querySelector('#embedding .shape')?.textContent === '(1, 6, 768)'")
    pause(0.5, page)
    assert [path for path, _ in posts] == ["playground/embedding"]
    assert json.loads(posts[0][1])["text"] == "Hello world and the cat sat"
    ids = {name: panel_ids(page, name) for name in NAMES}
    assert ids == {t["name"]: t["ids"] for t in compare("Hello world and the cat sat")["tokenizers"]}


def test_a_busy_server_is_said_and_the_ask_retried(browser, app_url):
    """An ask answers 503 with Retry-After when its lane is full: the page says so, waits, asks again, and the
    embedding lands; the panels never waited. (Its own context: Chromium logs each 503 as a console error.)"""
    context = browser.new_context(viewport={"width": 1600, "height": 1000})
    page = context.new_page()
    open_page(page, app_url, "Hello world")
    # the first text's own ask lands before the route is set: only the edited text's asks are refused
    page.wait_for_function("document.querySelector('#embedding .shape')?.textContent === '(1, 2, 768)'")
    refused: list[str] = []

    def busy_twice(route):
        if len(refused) < 2:
            refused.append(json.loads(route.request.post_data)["text"])
            route.fulfill(status=503, content_type="application/json", headers={"Retry-After": "1"},
                          body='{"detail": "The server is busy: too many requests at once."}')
        else:
            route.continue_()

    page.route("**/playground/embedding", busy_twice)
    textbox(page).press("End")
    textbox(page).press_sequentially("!")
    wait_for_ids(page, "Hello world!")  # painted in the page, whatever the server
    page.wait_for_function("() => { const n = document.getElementById('queue-note'); "
                           "return n && !n.hidden && n.textContent.includes('The server is busy'); }")
    page.wait_for_function("document.querySelector('#embedding .shape')?.textContent === '(1, 3, 768)'")  # it landed
    page.wait_for_selector("#queue-note", state="hidden")
    assert refused == ["Hello world!", "Hello world!"]
    context.close()


def test_a_full_server_is_said_and_retried(browser, app_url):
    """The server answers 503 to an ask when it is full: the page says so, retries the same request after
    Retry-After, and the answer lands; here the slide's. The note stays while the slide waits, though another
    ask (the embedding of an edit) is answered meanwhile. (Its own context: Chromium logs each 503 as a console
    error.)"""
    context = browser.new_context(viewport={"width": 1600, "height": 1000})
    page = context.new_page()
    open_page(page, app_url, "Hello world")
    page.wait_for_function("document.querySelector('#embedding .shape')?.textContent === '(1, 2, 768)'")
    refused: list[dict] = []
    passed: list[dict] = []
    full = [True]  # the slide's asks are refused until the embedding of the edit has landed

    def full_until_released(route):
        body = json.loads(route.request.post_data)
        if full[0]:
            refused.append(body)
            route.fulfill(status=503, content_type="application/json", headers={"Retry-After": "1"},
                          body='{"detail": "The server is busy: too many requests at once. Try again in a second."}')
        else:
            passed.append(body)
            route.continue_()

    page.route("**/playground/slide", full_until_released)
    busy_note = ("() => { const n = document.getElementById('queue-note'); "
                 "return n && !n.hidden && n.textContent.includes('The server is busy'); }")
    page.click("#slide > summary")  # opens the section: its slide is drawn by the server
    page.wait_for_function(busy_note)
    textbox(page).press("End")
    textbox(page).press_sequentially("!")
    page.wait_for_function("document.querySelector('#embedding .shape')?.textContent === '(1, 3, 768)'")
    assert page.evaluate(busy_note), "another ask's answer hid the note while the slide still waits"
    full[0] = False
    page.wait_for_selector("#slide table", timeout=30_000)  # the retried request landed
    page.wait_for_selector("#queue-note", state="hidden")
    assert refused and all(body in passed for body in refused)  # each sent again, as it was
    context.close()


@pytest.mark.node
def test_panels_and_plots_redrawn_in_parts_equal_a_whole_drawing(page, app_url):
    """Each edit redraws only the token parts after those the panel shows already, and the plots' figure only
    when it changed; after typing at the end, in the middle, deleting, a newline, an emoji and a toggle, what
    the page shows must be, node for node, what drawing the final text whole gives."""
    from conftest import panels_html, synchronous

    from playground.page import handlers

    open_page(page, app_url, "Hello world")
    answers: list[dict] = []
    page.on("response", lambda r: answers.append(r.json()) if r.url.endswith("/playground/embedding") else None)
    box = textbox(page)
    box.press("Control+End")
    typed = " and the cat sat on the mat" * 10  # 72 GPT-2 tokens: past the 64 drawn
    box.press_sequentially(typed, delay=10, timeout=typing_timeout(typed))
    pause(0.6, page)  # a pause: the embedding of 72 tokens is asked
    box.press("Control+Home")
    box.press_sequentially("Big ", delay=20)
    for _ in range(6):
        box.press("ArrowRight")
    box.press("Backspace")
    box.press("Control+End")
    box.press("Enter")
    box.press_sequentially("    return 👍", delay=20)
    text = "Big Helloworld" + " and the cat sat on the mat" * 10 + "\n    return 👍"  # the space after Hello deleted
    wait_for_ids(page, text)
    page.locator("#mark-ws input").uncheck()  # the panels redrawn with another flag
    page.wait_for_function("() => !document.querySelector('#panel-gpt2 .toks').textContent.includes('·')")
    pause(0.6, page)
    box.press("Control+End")
    box.press_sequentially("!", delay=20)
    text += "!"
    wait_for_ids(page, text)
    page.wait_for_function("(n) => document.querySelector('#embedding .shape')?.textContent === `(1, ${n}, 768)`",
                           arg=len(compare(text)["tokenizers"][0]["ids"]))
    pause(0.3, page)
    panels = panels_html(text, False, "text", False)
    plots = synchronous(handlers.update_embedding)(text, "GPT-2: N(0, 0.02)")[2]
    same = page.evaluate("""([ids, htmls]) => ids.map((id, i) => {
        const el = document.getElementById(id);
        const body = el.querySelector(".body");
        const whole = document.createElement("div");
        whole.innerHTML = htmls[i];
        return body.innerHTML === whole.innerHTML || body.innerHTML;
    })""", [["panel-gpt2", "panel-bert", "panel-llama", "heatmap"], [*panels, plots]])
    assert same == [True, True, True, True]
    assert answers[-1]["embedding"][3] is None  # the figure of the first 64 tokens was not sent again


def test_a_pinned_token_the_edit_keeps_stays_pinned_and_one_it_replaces_lets_go(page, app_url):
    """Typing at the end keeps the blocks before it on the page: a pinned one stays pinned, its card shown and
    the other panels' tokens over its characters still lit. An edit that replaces it lets go of all three."""
    open_page(page, app_url, "Hello world")
    page.locator("#panel-gpt2 .tok").first.click()  # "Hello", id 15496
    page.mouse.move(5, 5)  # off the tokens: what is lit below is the pin's doing, not a hover's
    bert_hello = page.locator("#panel-bert .tok").first
    assert "linked" in bert_hello.get_attribute("class")
    box = textbox(page)
    box.press("Control+End")
    box.press_sequentially(" again", delay=20)
    wait_for_ids(page, "Hello world again")
    pause(0.3, page)
    first = page.locator("#panel-gpt2 .tok").first
    assert first.get_attribute("data-id") == "15496" and "pinned" in first.get_attribute("class")
    assert page.locator("#tok-card").is_visible() and "id 15496" in page.inner_text("#tok-card")
    assert "linked" in page.locator("#panel-bert .tok").first.get_attribute("class")
    box.press("Control+Home")
    box.press_sequentially("Oh ", delay=20)  # "Oh Hello": GPT-2's "Hello" becomes " Hello", another block
    wait_for_ids(page, "Oh Hello world again")
    pause(0.3, page)
    assert page.locator("#panels .tok.pinned").count() == 0 and page.locator("#panels .tok.linked").count() == 0
    assert not page.locator("#tok-card").is_visible()


def test_a_zero_width_joiner_is_a_block_one_can_see_and_click(page, app_url):
    text = "a\u200db"
    page.goto(f"{app_url}?text={quote(text)}")
    wait_for_ids(page, text)
    joiner = page.locator('#panel-llama .tok[data-id="30722"]')
    box = joiner.bounding_box()
    assert box["width"] >= 24 and box["height"] >= 24, box  # it was 2 px wide
    page.mouse.click(box["x"] + box["width"] / 2, box["y"] + box["height"] / 2)
    assert page.locator("#panels .tok.pinned").get_attribute("data-id") == "30722"
    assert page.locator("#tok-card").inner_text().endswith("invisible: U+200D ZERO WIDTH JOINER\nHow was this built?")
    char = page.locator("#panel-gpt2 .group-char").bounding_box()  # GPT-2's three bytes under it
    assert char["width"] >= 24, char
    page.locator("#panels").screenshot(path=SCREENSHOTS / "zero-width-joiner.png")


def test_an_arabic_texts_tokens_run_from_the_right(page, app_url):
    text = "مرحبا بالعالم"
    page.goto(f"{app_url}?text={quote(text)}")
    wait_for_ids(page, text)
    for name in ("gpt2", "bert", "llama"):
        boxes = page.eval_on_selector_all(f"#panel-{name} .toks > *", "els => els.map(e => [e.getBoundingClientRect().top, "
                                          "e.getBoundingClientRect().left])")
        row = [left for top, left in boxes if abs(top - boxes[0][0]) < 4]
        assert len(row) >= 5 and row == sorted(row, reverse=True), (name, boxes)  # in its first row, from the right
    first = page.locator("#panel-bert .tok").first  # the keys follow the screen: → goes to the token on the right
    first.click()
    page.keyboard.press("ArrowLeft")
    assert page.evaluate("() => document.activeElement.dataset.id") == page.locator("#panel-bert .tok").nth(1).get_attribute("data-id")
    page.locator("#panels").screenshot(path=SCREENSHOTS / "arabic-right-to-left.png")
