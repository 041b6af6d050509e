"""The lecture's layout and controls in a real browser (after Reveal, the answer and the tokens on one screen at
the projectors' sizes: test_lecture_truth_browser.py, in its pass over the examples): no token drawn over two lines
on a phone, a share link that keeps the whole setup, its QR code with the room's
address (or why there is none) and its copy said, Clear, the keys a clicker sends, a compact card that keeps clear of the tokens it speaks of, tables that scroll inside
their box, charts in the page's theme, and the size control."""

from __future__ import annotations

from urllib.parse import urlsplit

import pytest
from browser import SCREENSHOTS, show_example, type_text, wait_for_ids
from test_lecture_browser import CUT_TOKENS

from playground.lesson.examples import EXAMPLES, EXAMPLES_BY_KEY

# (width, height, colour scheme, presenter view): the rooms a lecture is given in.
ROOMS = [(1280, 720, "light", False), (1024, 768, "dark", False), (1280, 720, "light", True), (1024, 768, "dark", True)]
ROOM_IDS = [f"{w}x{h}-{s}{'-present' if p else ''}" for w, h, s, p in ROOMS]

# Every visible .tok drawn as more than one box.
SPLIT_TOKENS = """() => [...document.querySelectorAll('.tok')].filter(t => t.checkVisibility() && t.getClientRects().length > 1)
                        .map(t => t.textContent)"""


def reveal(page) -> None:
    page.locator("#reveal").click()
    page.wait_for_function("() => document.body.classList.contains('revealed')")
    page.locator("#answer .body").wait_for(state="visible")
    page.wait_for_timeout(100)  # the frame that fits the tokens to the revealed layout


def new_page(browser, app_url, width, height, scheme, query=""):
    context = browser.new_context(viewport={"width": width, "height": height}, color_scheme=scheme)
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{app_url}?__theme={scheme}{query}")
    page.wait_for_selector("#panel-gpt2 .tok")
    return context, page, errors


@pytest.mark.parametrize("present", [False, True], ids=["plain", "present"])
def test_no_token_over_two_lines_on_a_phone(browser, app_url, present):
    context, page, errors = new_page(browser, app_url, 390, 844, "light", "&present=1" if present else "")
    for example in EXAMPLES:
        show_example(page, example)
        reveal(page)
        assert page.evaluate(SPLIT_TOKENS) == [], example.key
        assert page.evaluate(CUT_TOKENS) == [], example.key
        page.locator("#reveal").click()
    assert errors == []
    context.close()


def test_the_glitch_word_is_one_line_in_presenter_view_and_only_drawn_smaller(browser, app_url):
    """The example whose point is one token: ' SolidGoldMagikarp' wider than its panel at 960x768 in presenter
    view (at 1024 it fits the page's own panels) is drawn smaller on one line (it wrapped as '·SolidGoldMagik' /
    'arp'), its neighbours at full size, and back at full size when the panels are wide enough again."""
    context, page, errors = new_page(browser, app_url, 960, 768, "dark", "&present=1&example=magikarp")
    wait_for_ids(page, EXAMPLES_BY_KEY["magikarp"].text)
    page.wait_for_timeout(100)
    sizes = page.evaluate("""() => {
        const toks = [...document.querySelectorAll('#panel-gpt2 .tok')];
        const word = toks.find(t => t.dataset.id === '43453'), room = word.parentElement.clientWidth;
        const size = t => parseFloat(getComputedStyle(t).fontSize);
        return {word: size(word), rest: toks.filter(t => t !== word).map(size), room, wide: word.getBoundingClientRect().width,
                lines: Math.round(word.getBoundingClientRect().height / parseFloat(getComputedStyle(word).lineHeight))};
    }""")
    full = 1.7 * 16  # presenter view's token size
    assert set(sizes["rest"]) == {full}
    assert sizes["lines"] == 1 and sizes["wide"] <= sizes["room"]
    assert 0.6 * full < sizes["word"] < full
    page.set_viewport_size({"width": 1900, "height": 900})
    page.wait_for_function(f"() => parseFloat(getComputedStyle(document.querySelector('.tok[data-id=\"43453\"]')).fontSize) === {full}")
    assert errors == []
    context.close()


def share(page, qr: bool = True, before: str = "") -> str:
    """Click Copy share link; the new link, once in its box, and its QR code drawn (qr) or the sentence in its place."""
    box = page.locator("#share-link textarea, #share-link input").first
    page.locator("#share").click()
    page.wait_for_function("""before => { const v = document.querySelector('#share-link textarea, #share-link input').value || '';
                                          return v.includes('z=') && v !== before; }""", arg=before)
    page.locator("#share-qr svg" if qr else "#share-qr .unreachable").wait_for(state="attached")
    return box.input_value()


def setup_shown(page) -> dict:
    return page.evaluate("""() => ({
        text: document.querySelector('#input-text textarea').value,
        prompt: document.querySelector('#prompt').textContent.trim(),
        tokenizers: [...document.querySelectorAll('#panels [data-tokenizer]')].map(p => p.dataset.tokenizer),
        guess: document.body.classList.contains('guess'), present: document.body.classList.contains('present'),
        marks: document.querySelector('#mark-ws input').checked, ids: !!document.querySelector('#panels .toks.ids'),
        size: document.body.dataset.size,
        fontSize: parseFloat(getComputedStyle(document.querySelector('#panels .toks')).fontSize)})""")


def scanned(png: bytes) -> list[str]:
    """The QR codes zxing-cpp reads in a screenshot."""
    import io

    import zxingcpp
    from PIL import Image

    return [code.text for code in zxingcpp.read_barcodes(Image.open(io.BytesIO(png)))]


def test_a_share_link_keeps_the_whole_setup(browser, app_url):
    """Text (edited), example, tokenizers, Guess first, presenter view, whitespace marks, view and size: a
    fresh browser opening the link shows the same question in the same modes. (Its QR code: the tests below.)"""
    context, page, errors = new_page(browser, app_url, 1280, 720, "light", "&example=hindi")
    hindi = EXAMPLES_BY_KEY["hindi"]
    wait_for_ids(page, hindi.text)
    page.locator("#tokenizer-1 select").select_option(label="GPT-4o o200k_base")
    page.wait_for_function("() => document.querySelector('#panel-bert [data-tokenizer]')?.dataset.tokenizer === 'gpt4o'")  # loading: no body yet
    box = page.locator("#input-text textarea")
    box.press("End")
    box.press_sequentially(" नमस्ते")
    text = hindi.text + " नमस्ते"
    wait_for_ids(page, text, names=("gpt2", "gpt4o", "llama"))
    page.get_by_label("Show whitespace (· → ↵)").uncheck()
    page.locator("#view").get_by_text("ids").click()
    page.wait_for_function("() => document.querySelector('#panels .toks.ids')")
    page.locator("#size-up").click()
    page.locator("#size-up").click()
    page.get_by_label("Guess first").check()
    page.get_by_label("Presenter view").check()
    page.wait_for_function("() => document.body.classList.contains('present') && document.body.classList.contains('guess')")
    page.locator("#reveal").click()
    shown = setup_shown(page)
    assert shown["size"] == "130" and shown["fontSize"] == pytest.approx(1.7 * 16 * 1.3, abs=0.1)
    link = share(page, qr=False)
    assert "example=hindi" in link and "tokenizers=gpt2%2Cgpt4o%2Cllama" in link and "size=130" in link

    fresh = browser.new_context(viewport={"width": 1280, "height": 720})  # a student's browser, nothing shared
    other = fresh.new_page()
    other.goto(link)
    wait_for_ids(other, text, names=("gpt2", "gpt4o", "llama"))
    other.wait_for_function("() => document.querySelector('#panels .toks.ids') && document.body.classList.contains('guess')")
    again = setup_shown(other)
    assert again == {**shown, "fontSize": again["fontSize"]} and again["fontSize"] == pytest.approx(shown["fontSize"])
    assert again["prompt"].startswith("Hindi:") and again["marks"] is False and again["ids"] and again["present"]
    assert not other.locator("#answer .body").is_visible(), "Guess first: nothing revealed yet"
    fresh.close()

    assert page.locator("#share-qr .unreachable").is_visible(), "a server on 127.0.0.1: no QR code for phones"
    assert errors == []
    context.close()


def test_a_page_opened_on_this_machine_shares_the_room_address_in_link_and_qr_code(browser, room_url):
    """The server listens on 0.0.0.0, the page is on 127.0.0.1: the link and its QR code carry the machine's
    room address (one of its interfaces', read another way), the same port and the whole setup, and the QR code
    grows to the window's height when clicked. Nothing is sent to the room address: the QR code is only read."""
    from test_room import room_addresses

    if not room_addresses():
        pytest.skip("this machine has no address but loopback: test_room.py checks the choice without one")
    url, port = room_url
    context, page, errors = new_page(browser, url, 1280, 720, "light", "&example=hindi&present=1")
    wait_for_ids(page, EXAMPLES_BY_KEY["hindi"].text)
    link = share(page)
    parts = urlsplit(link)
    assert parts.hostname in room_addresses() and parts.port == port and parts.path == "/"
    assert "example=hindi" in parts.query and "present=1" in parts.query
    qr = page.locator("#share-qr .qr")
    modules = page.eval_on_selector("#share-qr svg", "s => s.viewBox.baseVal.width")
    assert 21 + 8 <= modules <= 177 + 8  # a QR code's size: 21 to 177 modules, and its quiet zone of 4 on each side
    assert qr.bounding_box()["height"] >= 90
    assert qr.is_visible(), "shown in presenter view: the room scans it"
    assert scanned(qr.screenshot()) == [link]
    qr.click()
    big = page.locator("#qr-overlay .qr").bounding_box()
    assert big["height"] >= 0.9 * 720 and big["y"] >= 0 and big["y"] + big["height"] <= 720
    assert page.eval_on_selector("#qr-overlay svg", "s => s.viewBox.baseVal.width") == modules
    assert set(scanned(page.screenshot())) == {link}  # what a phone in the room reads (the small one too, dimmed)
    page.keyboard.press("Escape")
    assert page.locator("#qr-overlay").count() == 0
    assert errors == []
    context.close()


def test_on_a_server_for_this_machine_only_the_qr_codes_place_says_how_to_start_it_for_the_room(browser, app_url):
    context, page, errors = new_page(browser, app_url, 1280, 720, "light", "&example=numbers")
    wait_for_ids(page, EXAMPLES_BY_KEY["numbers"].text)
    link = share(page, qr=False)
    assert urlsplit(link).hostname == "127.0.0.1"
    note = page.locator("#share-qr .unreachable")
    assert note.inner_text() == (
        "No QR code: phones in the room cannot open this link, which points at this computer itself (127.0.0.1); "
        "the server listens on this computer only. For the room, start it with GRADIO_SERVER_NAME=0.0.0.0 python "
        "app.py and open the page again.")
    box = note.bounding_box()
    assert note.is_visible() and box["x"] + box["width"] <= 1280 and page.locator("#share-qr svg").count() == 0
    assert errors == []
    context.close()


def test_a_copy_that_fails_says_so_and_offers_the_link_selected(browser, app_url):
    """Plain http on an address other than this machine's is no secure context: the browser gives the page no
    navigator.clipboard (taken away here, so that no request leaves this machine). The page says the link was not
    copied and holds it selected for Ctrl+C; where the clipboard works, it says Copied."""
    context, page, errors = new_page(browser, app_url, 1280, 720, "light", "&example=numbers")
    wait_for_ids(page, EXAMPLES_BY_KEY["numbers"].text)
    context.grant_permissions(["clipboard-read", "clipboard-write"])
    link = share(page, qr=False)
    page.wait_for_function("() => document.querySelector('#copy-status').textContent === 'Copied.'")
    assert page.evaluate("() => navigator.clipboard.readText()") == link
    page.evaluate("() => Object.defineProperty(navigator, 'clipboard', {value: undefined})")
    page.locator("#input-text textarea").press("End")
    page.locator("#input-text textarea").press_sequentially(" 42")
    wait_for_ids(page, EXAMPLES_BY_KEY["numbers"].text + " 42")
    link = share(page, qr=False, before=link)
    status = page.locator("#copy-status")
    status.locator("#copy-by-hand").wait_for()
    assert status.inner_text().strip() == ("Not copied: a page on plain http (neither https nor this computer) gets "
                                           "no clipboard. The link, selected for Ctrl+C:")
    assert page.evaluate("""() => { const box = document.activeElement;
        return [box.id, box.value.slice(box.selectionStart, box.selectionEnd)]; }""") == ["copy-by-hand", link]
    assert status.is_visible()
    assert errors == []
    context.close()


@pytest.fixture(scope="module")
def projector(browser, app_url):
    """One page at the 1280x720 projector, light, for the tests that each click an example over what the last left
    (Clear, the keys a clicker sends), as a lecturer goes on: a page load is about a CPU-second (browser.module_page).
    Yields the page and the uncaught exceptions it met so far."""
    context, page, errors = new_page(browser, app_url, 1280, 720, "light")
    yield page, errors
    context.close()


def test_clear_drops_the_text_the_example_and_its_question(projector):
    page, errors = projector
    show_example(page, EXAMPLES_BY_KEY["hindi"])
    reveal(page)
    page.locator("#clear").click()
    page.wait_for_function("() => document.querySelector('#input-text textarea').value === ''")
    page.wait_for_function("() => !document.querySelector('#prompt p') && !document.querySelector('#answer li')")
    assert not page.locator("#reveal").is_visible() and not page.evaluate("() => document.body.classList.contains('revealed')")
    type_text(page, "x")
    wait_for_ids(page, "x")
    assert page.inner_text("#prompt").strip() == "" and page.locator("#answer li").count() == 0
    assert not page.locator("#reveal").is_visible()
    assert errors == []


def test_clear_brings_back_the_three_tokenizers_the_introduction_names(projector):
    page, errors = projector
    show_example(page, EXAMPLES_BY_KEY["glitch"])  # GPT-2, Llama 2 and Llama 3
    assert "GPT-2, BERT and Llama 2 carve up the same text" in page.inner_text(".lede")
    page.locator("#clear").click()
    type_text(page, "x")
    wait_for_ids(page, "x", names=("gpt2", "bert", "llama"))
    assert [page.inner_text(f"#panel-{slot} h3") for slot in ("gpt2", "bert", "llama")] == [
        "GPT-2 byte-level BPE", "BERT WordPiece", "Llama 2 SentencePiece"]
    assert errors == []


def test_the_keys_a_clicker_sends(projector):
    """With the focus outside the text box: PageDown / PageUp and the arrows step through the examples, r is
    Reveal, ? lists the keys and Escape closes them; in the text box they are the text box's."""
    page, errors = projector
    show_example(page, EXAMPLES[0])
    page.locator("h1").click()  # the focus leaves the text box
    for key, example in (("PageDown", EXAMPLES[1]), ("PageDown", EXAMPLES[2]), ("PageUp", EXAMPLES[1]),
                         ("ArrowRight", EXAMPLES[2]), ("ArrowLeft", EXAMPLES[1]), ("ArrowDown", EXAMPLES[2])):
        page.keyboard.press(key)
        wait_for_ids(page, example.text)
        page.wait_for_function("q => document.querySelector('#prompt').textContent.includes(q)", arg=example.question)
    page.locator("h1").click()
    page.keyboard.press("r")
    page.wait_for_function("() => document.body.classList.contains('revealed')")
    page.keyboard.press("r")
    page.wait_for_function("() => !document.body.classList.contains('revealed')")
    page.keyboard.press("?")
    help_box = page.locator("#keys-help")
    assert help_box.is_visible() and "PageDown" in help_box.inner_text() and "Reveal" in help_box.inner_text()
    page.keyboard.press("Escape")
    assert not help_box.is_visible()
    page.locator("#input-text textarea").click()  # typing: the keys are the text box's own
    page.keyboard.press("PageDown")
    page.keyboard.press("r")
    assert page.locator("#input-text textarea").input_value() == EXAMPLES[2].text + "r"
    assert errors == []


# Pin every token of every panel: for each, the card's box against the window and against the boxes of its
# token, the tokens it lights and every marked (under-trained) token in the window; and its size.
PINNED_CARDS = """() => {
    const bad = [], sizes = [];
    const boxes = els => els.flatMap(t => [...t.getClientRects()]);
    const overlap = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
    const vw = document.documentElement.clientWidth, vh = document.documentElement.clientHeight;
    for (const tok of document.querySelectorAll("#panels .tok")) {
        tok.scrollIntoView({block: "center", behavior: "instant"});
        tok.click();
        const card = document.getElementById("tok-card").getBoundingClientRect();
        sizes.push([card.width, card.height]);
        const keep = boxes([tok, ...document.querySelectorAll("#panels .tok.linked, #panels .tok.pinned, #panels .tok.undertrained")])
            .filter(r => r.bottom > 0 && r.top < vh);
        const covered = keep.filter(r => overlap(card, r)).length;
        if (card.left < 0 || card.top < 0 || card.right > vw || card.bottom > vh || covered) {
            bad.push([tok.closest("[data-tokenizer]").dataset.tokenizer, tok.textContent, covered]);
        }
        tok.click();
    }
    window.scrollTo(0, 0);
    return {bad, widest: Math.max(...sizes.map(s => s[0])), tallest: Math.max(...sizes.map(s => s[1]))};
}"""


@pytest.mark.parametrize("width, height, scheme", [(1280, 720, "light"), (1024, 768, "dark")], ids=["1280x720", "1024x768"])
def test_a_pinned_card_in_presenter_view_is_compact_and_covers_nothing_it_speaks_of(browser, app_url, width, height,
                                                                                      scheme):
    context, page, errors = new_page(browser, app_url, width, height, scheme, "&present=1")
    for key in ("glitch", "magikarp"):
        show_example(page, EXAMPLES_BY_KEY[key])
        reveal(page)
        found = page.evaluate(PINNED_CARDS)
        assert found["bad"] == [], key
        assert found["tallest"] < 140 and found["widest"] < 420, key  # it was about 780 x 310 on a glitch token
    page.locator('#panel-gpt2 .tok[data-id="43453"]').click()
    card = page.locator("#tok-card")
    assert card.is_visible() and card.inner_text().startswith("id 43453  ·SolidGoldMagikarp")
    page.locator("#card-details").click()  # the rest on demand
    assert "chars [" in card.inner_text()
    page.mouse.wheel(0, 2000)  # the token scrolls out of view: its card goes too
    page.wait_for_function("() => document.querySelector('.tok[data-id=\"43453\"]').getBoundingClientRect().bottom < 0")
    page.wait_for_function("() => !document.getElementById('tok-card').checkVisibility({visibilityProperty: true})")
    page.mouse.wheel(0, -4000)
    page.wait_for_function("() => document.getElementById('tok-card').checkVisibility({visibilityProperty: true})")
    assert errors == []
    context.close()


def test_the_size_control_scales_the_tokens_and_the_stepper(browser, app_url):
    context, page, errors = new_page(browser, app_url, 1280, 720, "light", "&example=magikarp")
    wait_for_ids(page, EXAMPLES_BY_KEY["magikarp"].text)
    page.locator("#replay-all").click()
    page.wait_for_selector(".stepper .step-chip")
    size = "() => [...document.querySelectorAll('#panels .toks, .step-chip')].map(e => parseFloat(getComputedStyle(e).fontSize))"
    before = page.evaluate(size)
    page.locator("#size-up").click()
    after = page.evaluate(size)
    assert after == pytest.approx([b * 1.15 for b in before], abs=0.05)
    page.locator("#size-down").click()
    page.locator("#size-down").click()
    assert page.evaluate(size) == pytest.approx([b * 0.9 for b in before], abs=0.05)
    assert errors == []
    context.close()


# A table's box, and where its first and last header cells are, before and after it is scrolled to its end.
TABLE_SCROLLED = """table => {
    const box = table.getBoundingClientRect(), heads = table.querySelectorAll("thead th");
    const at = th => { const r = th.getBoundingClientRect(); return [r.left, r.right]; };
    const before = {first: at(heads[0]), last: at(heads[heads.length - 1])};
    table.scrollLeft = table.scrollWidth;
    const after = {first: at(heads[0]), last: at(heads[heads.length - 1])};
    table.scrollLeft = 0;
    return {box: [box.left, box.right], scrolls: table.scrollWidth > table.clientWidth, before, after,
            lastHead: heads[heads.length - 1].textContent};
}"""


def chart_is_dark(page, selector: str) -> bool:
    """The chart as drawn on the screen: mostly dark pixels (its background) in dark mode."""
    import io

    from PIL import Image, ImageStat

    image = Image.open(io.BytesIO(page.locator(selector).screenshot())).convert("L")
    return ImageStat.Stat(image).mean[0] < 90


def test_tables_scroll_inside_their_box_and_charts_follow_the_theme(browser, app_url):
    """At 1024 px: Languages' table (with its [UNK] column) and the slide's table for all eight tokenizers
    reach every column inside their box (the slide's scrolling, its first column kept in place); in dark mode both
    charts are dark."""
    context, page, errors = new_page(browser, app_url, 1024, 768, "dark")
    page.locator("#languages > summary").click()
    page.wait_for_selector("#premium table")
    page.locator("#slide > summary").click()
    page.get_by_label("All 8 tokenizers").check()
    page.wait_for_function("() => document.querySelectorAll('#slide table thead th').length === 10")
    for selector, last in (("#premium table", "BERT [UNK]"), ("#slide table", "Gemma SentencePiece")):
        table = page.locator(selector)
        table.scroll_into_view_if_needed()
        found = table.evaluate(TABLE_SCROLLED)
        left, right = found["box"]
        assert right <= 1024 and found["lastHead"] == last, selector
        if found["scrolls"]:
            assert found["before"]["last"][1] > right + 1, f"{selector}: the last column starts out of the box"
            assert left - 1 <= found["after"]["last"][0] and found["after"]["last"][1] <= right + 1, selector
            assert found["after"]["first"] == pytest.approx(found["before"]["first"], abs=1), f"{selector}: first column fixed"
        else:
            assert found["before"]["last"][1] <= right + 1, selector
    assert page.evaluate("() => document.querySelector('#slide table').scrollWidth > "
                         "document.querySelector('#slide table').clientWidth"), "ten columns do not fit 1024 px"
    for chart in ("#premium img.plot", "#slide img.plot"):
        page.locator(chart).scroll_into_view_if_needed()
        assert chart_is_dark(page, chart), chart
    assert errors == []
    context.close()


def test_the_languages_table_fits_one_projector_screen(browser, app_url):
    """At 1024x768, read from the back: every column of Languages' table in its box with no scrolling, and the
    whole table on one screen (768 px high; it was 1,300 to 2,000 px, BERT's cells sentences). The words of what
    BERT lost are said once, under the table."""
    context, page, errors = new_page(browser, app_url, 1024, 768, "dark")
    page.locator("#languages > summary").click()
    table = page.locator("#premium table")
    table.wait_for()
    table.scroll_into_view_if_needed()
    found = table.evaluate("""t => ({height: t.getBoundingClientRect().height, scrollWidth: t.scrollWidth,
                                     clientWidth: t.clientWidth, box: t.parentElement.getBoundingClientRect().right,
                                     right: Math.max(...[...t.querySelectorAll("th")].map(th => th.getBoundingClientRect().right))})""")
    assert found["scrollWidth"] <= found["clientWidth"], found
    assert found["right"] <= found["box"] + 0.5 and found["right"] <= 1024, found  # the last column in view
    assert found["height"] < 768, found
    assert table.locator("tbody tr").nth(6).locator("td").nth(2).inner_text() == "2.77*"  # BERT's Hindi
    assert page.locator("#premium .loss-notes").inner_text().startswith("* What BERT WordPiece lost of each language")
    page.locator("#premium").evaluate("e => e.scrollIntoView()")
    page.screenshot(path=SCREENSHOTS / "languages-1024x768-dark.png")
    assert errors == []
    context.close()


# Pin each token of every panel, the page unscrolled as a slide shows it: each card's box against every panel's
# title, counts and first row of tokens (the top-level blocks level with its first), those it covers.
CARDS_OVER_HEADS = """() => {
    const bad = [];
    const overlap = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
    const heads = [...document.querySelectorAll("#panels [data-tokenizer]")].flatMap(panel => {
        const name = panel.dataset.tokenizer;
        const blocks = [...panel.querySelectorAll(".toks > .tok, .toks > .group")].map(t => t.getBoundingClientRect());
        const row = blocks.filter(r => r.top < blocks[0].top + 4);
        return [[`${name} title`, panel.querySelector("h3").getBoundingClientRect()],
                [`${name} counts`, panel.querySelector(".stats").getBoundingClientRect()],
                ...row.map(r => [`${name} first row`, r])];
    });
    for (const tok of document.querySelectorAll("#panels .tok")) {
        tok.click();
        const card = document.getElementById("tok-card").getBoundingClientRect();
        const covered = heads.filter(([, r]) => overlap(card, r)).map(([what]) => what);
        if (covered.length) bad.push([tok.closest("[data-tokenizer]").dataset.tokenizer, tok.textContent, [...new Set(covered)]]);
        tok.click();
    }
    return bad;
}"""


@pytest.mark.parametrize("width, height, scheme", [(1280, 720, "light"), (1024, 768, "dark")], ids=["1280x720", "1024x768"])
def test_a_pinned_card_keeps_off_every_panels_title_counts_and_first_row(browser, app_url, width, height, scheme):
    context, page, errors = new_page(browser, app_url, width, height, scheme, "&example=glitch")
    wait_for_ids(page, EXAMPLES_BY_KEY["glitch"].text)
    page.locator("h1").click()
    assert page.evaluate(CARDS_OVER_HEADS) == []
    page.locator("#panel-bert .tok").first.click()
    page.screenshot(path=SCREENSHOTS / f"pinned-card-{width}x{height}.png")
    assert errors == []
    context.close()


# Pin each token of every panel, scrolled to it as a thumb does: the rows of its own panel's tokens (each row the
# union of the top-level blocks level with each other) that its card covers.
CARDS_OVER_OWN_ROWS = """() => {
    const bad = [];
    const overlap = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
    const rowsOf = panel => {
        const rows = [];
        for (const r of [...panel.querySelectorAll(".toks > .tok, .toks > .group")].map(t => t.getBoundingClientRect())) {
            const row = rows.find(x => Math.abs(x.top - r.top) < 4);
            if (!row) rows.push({left: r.left, right: r.right, top: r.top, bottom: r.bottom});
            else Object.assign(row, {left: Math.min(row.left, r.left), right: Math.max(row.right, r.right),
                                     bottom: Math.max(row.bottom, r.bottom)});
        }
        return rows;
    };
    for (const tok of document.querySelectorAll("#panels .tok")) {
        tok.scrollIntoView({block: "nearest"});
        tok.click();
        const card = document.getElementById("tok-card").getBoundingClientRect();
        const panel = tok.closest("[data-tokenizer]");
        const covered = rowsOf(panel).flatMap((row, i) => overlap(card, row) ? [i + 1] : []);
        if (covered.length) bad.push([panel.dataset.tokenizer, tok.textContent, covered]);
        tok.click();
    }
    return bad;
}"""


def test_on_a_phone_a_pinned_card_never_covers_its_own_panels_tokens(browser, app_url):
    """390x844, touch: the card of a pinned token (as wide as the panel there) keeps off every row of its own
    panel's tokens, the text read around the token (it covered rows 2-3 of Mistral's)."""
    context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{app_url}?example=glitch&tokenizers=gpt2,llama,mistral")
    wait_for_ids(page, EXAMPLES_BY_KEY["glitch"].text, names=("gpt2", "llama", "mistral"))
    page.locator("#panel-gpt2 .tok").nth(16).tap()  # a thumb's tap pins, as a click does
    assert page.locator("#tok-card.pinned-card").is_visible()
    page.screenshot(path=SCREENSHOTS / "phone-pinned-card-390x844.png")
    page.locator("#panel-gpt2 .tok").nth(16).tap()
    assert page.evaluate(CARDS_OVER_OWN_ROWS) == []
    assert errors == []
    context.close()
