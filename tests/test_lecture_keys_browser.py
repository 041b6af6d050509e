"""The lecture from the first click, in a real browser: a slide link (?example=) takes a clicker's keys with no
click first and leaves its text as it is, Escape after a pin gives the keys back, the text box shows its focus;
the Chat example is a slide like the others (in the clicker's cycle, one Reveal / Hide that answers r, the answer
and every panel's first row of tokens on one screen, Guess first, WCAG AA in dark mode); the answer as large as
the tokens in presenter view and scaled by A- / A+, GPT-2's byte chips larger there, the stepper's words
readable in normal view."""

from __future__ import annotations

import pytest
from browser import SCREENSHOTS, wait_for_ids
from test_chat_browser import contrast, on_all, wait_for_chat

from playground import chat
from playground.lesson import chat_example
from playground.lesson.examples import EXAMPLES, EXAMPLES_BY_KEY

ROOMS = [(1280, 720, "light"), (1024, 768, "dark")]
ROOM_IDS = [f"{w}x{h}-{s}" for w, h, s in ROOMS]
CHAT_ROOMS = [(1280, 720, "light"), (1280, 720, "dark"), (1024, 768, "light"), (1024, 768, "dark")]

# The buttons on the screen that reveal or hide an answer, by their words.
REVEAL_BUTTONS = """() => [...document.querySelectorAll('button')]
    .filter(b => b.checkVisibility() && ['Reveal', 'Hide'].includes(b.textContent.trim())).map(b => b.textContent.trim())"""


def new_page(browser, app_url, width, height, scheme, query):
    context = browser.new_context(viewport={"width": width, "height": height}, color_scheme=scheme)
    page = context.new_page()
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{app_url}?__theme={scheme}&{query}")
    return context, page, errors


def box_text(page) -> str:
    return page.locator("#input-text textarea").input_value()


def ring_pixels(locator, colour: str) -> int:
    """How many pixels of the element's screenshot are the colour "rgb(r, g, b)" (within 12 a channel)."""
    from io import BytesIO

    from PIL import Image

    want = [int(c) for c in colour[colour.index("(") + 1:colour.index(")")].split(",")[:3]]
    image = Image.open(BytesIO(locator.screenshot())).convert("RGB")
    return sum(all(abs(a - b) <= 12 for a, b in zip(pixel, want)) for pixel in image.get_flattened_data())


def ring_perimeter(locator) -> float:
    """The pixels of a 3 px ring just inside the element's box."""
    box = locator.bounding_box()
    return 3 * 2 * (box["width"] + box["height"] - 6)


@pytest.mark.parametrize("width, height, scheme", ROOMS, ids=ROOM_IDS)
def test_a_fresh_slide_link_takes_the_clickers_keys_and_keeps_its_text(browser, app_url, width, height, scheme):
    """Opened and never clicked: PageDown goes to the next example, r reveals, a clicker's blank-screen b types
    nothing, PageUp goes back; the example's text stays as it is. Clicked, the text box shows its focus."""
    context, page, errors = new_page(browser, app_url, width, height, scheme, "example=magikarp")
    wait_for_ids(page, EXAMPLES_BY_KEY["magikarp"].text)
    page.keyboard.press("PageDown")
    hindi = EXAMPLES_BY_KEY["hindi"]
    wait_for_ids(page, hindi.text)
    page.wait_for_function("q => document.querySelector('#prompt').textContent.includes(q)", arg=hindi.question)
    page.wait_for_function("() => document.querySelector('#answer li')")
    page.keyboard.press("r")
    page.wait_for_function("() => document.body.classList.contains('revealed')")
    assert page.locator("#reveal").inner_text() == "Hide"
    page.keyboard.press("b")
    page.keyboard.press("r")
    page.wait_for_function("() => !document.body.classList.contains('revealed')")
    assert box_text(page) == hindi.text
    assert page.locator("#answer .edited").count() == 0  # no "Computed on your edited text"
    page.keyboard.press("PageUp")
    wait_for_ids(page, EXAMPLES_BY_KEY["magikarp"].text)
    assert box_text(page) == EXAMPLES_BY_KEY["magikarp"].text
    # in the box the keys are the box's own, and the box says it has the focus: a 3 px outline, 3:1 on the page
    box = page.locator("#input-text textarea")
    box.click()
    ring = box.evaluate("""b => { const s = getComputedStyle(b);
        return [s.outlineStyle, parseFloat(s.outlineWidth), s.outlineColor,
                getComputedStyle(document.body).backgroundColor]; }""")
    assert ring[:2] == ["solid", 3.0]
    page_colour = ring[3] if ring[3] != "rgba(0, 0, 0, 0)" else ("rgb(255, 255, 255)" if scheme == "light" else "rgb(11, 15, 25)")
    assert contrast(ring[2], page_colour) >= 3, ring
    assert ring_pixels(box, ring[2]) >= 0.9 * ring_perimeter(box)  # drawn, not clipped by the box's frame
    assert errors == []
    context.close()


def test_escape_after_a_pin_gives_the_clicker_its_keys_back(browser, app_url):
    """A token clicked (pinned), then Escape: the pin goes, and PageDown, the arrows and r are the clicker's
    again, with no click on the page."""
    context, page, errors = new_page(browser, app_url, 1280, 720, "light", "example=code")
    wait_for_ids(page, EXAMPLES[0].text)
    page.locator("#panel-gpt2 .tok").nth(2).click()
    assert page.locator("#panels .tok.pinned").count() == 1
    page.keyboard.press("Escape")
    assert page.locator("#panels .tok.pinned").count() == 0
    for key, example in (("PageDown", EXAMPLES[1]), ("ArrowRight", EXAMPLES[2]), ("ArrowLeft", EXAMPLES[1])):
        page.keyboard.press(key)
        wait_for_ids(page, example.text)
        page.wait_for_function("q => document.querySelector('#prompt').textContent.includes(q)", arg=example.question)
    page.wait_for_function("() => document.querySelector('#answer li')")
    page.keyboard.press("r")
    page.wait_for_function("() => document.body.classList.contains('revealed')")
    assert box_text(page) == EXAMPLES[1].text
    assert errors == []
    context.close()


def test_the_chat_example_is_in_the_clickers_cycle(browser, app_url):
    """From the last text example PageDown opens the Chat example (its view, conversation and formats), r
    reveals its answer, PageDown goes on to the first text example in the text view, PageUp comes back."""
    context, page, errors = new_page(browser, app_url, 1280, 720, "light", f"example={EXAMPLES[-1].key}")
    wait_for_ids(page, EXAMPLES[-1].text)
    page.keyboard.press("PageDown")
    wait_for_chat(page, chat_example.MESSAGES, chat_example.TOKENIZERS)
    page.wait_for_function("() => document.body.matches('.chat.chat-example')")
    assert page.locator("#chat-question span").inner_text() == chat_example.QUESTION
    page.keyboard.press("r")
    page.wait_for_function("() => document.querySelector('#chat-answer').checkVisibility()")
    page.keyboard.press("PageDown")
    wait_for_ids(page, EXAMPLES[0].text)
    assert page.locator("#panels").is_visible() and not page.locator("#chat-view").is_visible()
    assert page.evaluate(REVEAL_BUTTONS) == ["Reveal"]  # a new question, its answer hidden
    page.keyboard.press("PageUp")
    wait_for_chat(page, chat_example.MESSAGES, chat_example.TOKENIZERS)
    page.keyboard.press("PageUp")
    wait_for_ids(page, EXAMPLES[-1].text)
    assert box_text(page) == EXAMPLES[-1].text
    assert errors == []
    context.close()


# After Reveal: the Chat answer's box and each panel's first row of tokens, as [left, top, right, bottom].
CHAT_ANSWER_AND_FIRST_ROWS = """() => {
    const box = r => [r.left, r.top, r.right, r.bottom];
    const out = {answer: box(document.getElementById('chat-answer').getBoundingClientRect())};
    for (const panel of document.querySelectorAll('#chat-panels .chat-panel')) {
        const toks = [...panel.querySelectorAll('.tok')].map(t => t.getBoundingClientRect());
        const top = Math.min(...toks.map(r => r.top));
        const row = toks.filter(r => r.top < top + 4);
        out[panel.dataset.tokenizer] = [Math.min(...row.map(r => r.left)), top, Math.max(...row.map(r => r.right)),
                                        Math.max(...row.map(r => r.bottom))];
    }
    return out;
}"""


def chat_boxes_once_fitted(page, width: int, height: int) -> dict:
    """CHAT_ANSWER_AND_FIRST_ROWS once the page has fitted the answer: fit.js sizes it a frame or more after it shows,
    and the panels below move with it (a loaded machine's whole run read Llama 3's first row 58 px low, mid-fit).
    Waits up to 15 s for every box to be in the window, then reads them as they are: the caller asserts where."""
    from playwright.sync_api import TimeoutError as PlaywrightTimeout

    try:
        page.wait_for_function(f"""([w, h]) => Object.values(({CHAT_ANSWER_AND_FIRST_ROWS})())
                                      .every(([l, t, r, b]) => l >= 0 && t >= 0 && r <= w && b <= h)""",
                               arg=[width, height], timeout=15_000)
    except PlaywrightTimeout:
        pass  # never in the window: the caller's assert names what is out
    return page.evaluate(CHAT_ANSWER_AND_FIRST_ROWS)


@pytest.mark.parametrize("width, height, scheme", CHAT_ROOMS, ids=[f"{w}x{h}-{s}" for w, h, s in CHAT_ROOMS])
def test_the_chat_slide_reveals_with_r_on_one_screen(browser, app_url, width, height, scheme):
    """?example=chat, no click: one Reveal on the screen; r reveals (it says Hide), and the answer and the first
    row of every panel's tokens are in the window; the format's source is one folded line; r hides again."""
    context, page, errors = new_page(browser, app_url, width, height, scheme, "example=chat")
    wait_for_chat(page, chat_example.MESSAGES, chat_example.TOKENIZERS)
    page.wait_for_function("() => document.body.matches('.chat.chat-example')")
    assert page.evaluate(REVEAL_BUTTONS) == ["Reveal"]
    page.keyboard.press("r")
    page.wait_for_function("() => document.querySelector('#chat-answer').checkVisibility()")
    assert page.evaluate(REVEAL_BUTTONS) == ["Hide"]
    answer = page.locator("#chat-answer").inner_text()
    for name in chat_example.TOKENIZERS:
        assert f"{chat(chat_example.MESSAGES, name)['before_first_content']} tokens before your first word" in answer
    page.mouse.move(0, 0)
    boxes = chat_boxes_once_fitted(page, width, height)
    assert list(boxes) == ["answer", *chat_example.TOKENIZERS]
    outside = {what: [round(v) for v in b] for what, b in boxes.items()
               if b[0] < 0 or b[1] < 0 or b[2] > width or b[3] > height or b[2] - b[0] < 1}
    assert outside == {}
    assert page.evaluate("() => window.scrollY") == 0
    # each panel's format: one line, its source (file, sha256, renderer) folded under it
    source = page.locator("#chat-panels .chat-panel[data-tokenizer='llama3'] details")
    assert source.locator("summary").inner_text() == "Llama 3 Instruct"
    assert not source.evaluate("d => d.open")
    assert "chat_template.jinja (sha256 " in source.text_content() and "render_jinja_template" in source.text_content()
    page.screenshot(path=SCREENSHOTS / f"chat-revealed-{width}x{height}-{scheme}.png")
    page.keyboard.press("r")
    page.wait_for_function("() => !document.querySelector('#chat-answer').checkVisibility()")
    assert page.evaluate(REVEAL_BUTTONS) == ["Reveal"]
    assert errors == []
    context.close()


def test_guess_first_on_the_chat_slide_hides_its_counts_and_structure_tokens(browser, app_url):
    """?example=chat&guess=1: no count and no structure token is drawn, the messages' tokens are, and one Reveal;
    Reveal draws the counts (exactly playground.chat's) and every structure token."""
    context, page, errors = new_page(browser, app_url, 1024, 768, "light", "example=chat&guess=1")
    wait_for_chat(page, chat_example.MESSAGES, chat_example.TOKENIZERS)
    page.wait_for_function("() => document.body.matches('.chat.chat-example.guess')")
    drawn = """() => ({counts: [...document.querySelectorAll('#chat-panels .chat-counts')].filter(e => e.checkVisibility()).length,
                       structure: [...document.querySelectorAll('#chat-panels .tok.structure')].filter(e => e.checkVisibility()).length,
                       content: [...document.querySelectorAll('#chat-panels .tok[data-message]')].filter(e => e.checkVisibility()).length})"""
    results = [chat(chat_example.MESSAGES, name) for name in chat_example.TOKENIZERS]
    assert page.evaluate(drawn) == {"counts": 0, "structure": 0, "content": sum(r["content_count"] for r in results)}
    assert "structure" not in page.locator("#chat-view").inner_text()
    # nor the structure's line breaks, which would show where it goes
    assert page.evaluate("() => [...document.querySelectorAll('#chat-panels br')].filter(e => e.checkVisibility()).length") == 0
    assert page.evaluate(REVEAL_BUTTONS) == ["Reveal"]
    page.keyboard.press("r")
    page.wait_for_function("() => document.body.classList.contains('revealed')")
    assert page.evaluate(drawn) == {"counts": 3, "structure": sum(r["structure_count"] for r in results),
                                    "content": sum(r["content_count"] for r in results)}
    counts = on_all(page, "#chat-panels .chat-counts", "els => els.map(e => e.innerText)")
    assert counts == [f"{r['count']} tokens: {r['structure_count']} structure, {r['content_count']} content"
                      for r in results]
    assert errors == []
    context.close()


def test_axe_finds_no_wcag_aa_violation_on_the_chat_slide_in_dark_mode(browser, app_url):
    """axe-core on the Chat slide in dark mode, revealed, then with every panel's source opened."""
    from axe_playwright_python.sync_playwright import Axe
    from test_lecture_browser import WCAG_22_AA

    context, page, errors = new_page(browser, app_url, 1280, 720, "dark", "example=chat")
    wait_for_chat(page, chat_example.MESSAGES, chat_example.TOKENIZERS)
    page.locator("#chat-reveal").click()
    page.wait_for_function("() => document.querySelector('#chat-answer').checkVisibility()")
    axe = Axe()
    for state in ("revealed", "sources open"):
        if state == "sources open":
            for summary in page.locator("#chat-panels summary").all():
                summary.click()
        results = axe.run(page, context="#chat-view", options={"runOnly": {"type": "tag", "values": WCAG_22_AA}})
        violations = [(v["id"], [n["target"] for n in v["nodes"]]) for v in results.response["violations"]]
        assert violations == [], f"{state}: {violations}"
    assert errors == []
    context.close()


SIZES = """() => ({answer: [...document.querySelectorAll('#answer li')].map(e => parseFloat(getComputedStyle(e).fontSize)),
                   tokens: [...document.querySelectorAll('#panels .toks')].map(e => parseFloat(getComputedStyle(e).fontSize)),
                   bytes: [...document.querySelectorAll('#panel-gpt2 .group-bytes .tok')].map(e => parseFloat(getComputedStyle(e).fontSize))})"""


FRAMES = "() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))"


@pytest.mark.parametrize("width, height, scheme", ROOMS, ids=ROOM_IDS)
def test_the_answer_is_as_large_as_the_tokens_in_presenter_view_and_follows_the_size(browser, app_url, width, height,
                                                                                    scheme):
    """Presenter view on Hindi, revealed: each tokenizer's answer at least as large as its tokens, GPT-2's byte
    chips larger than normal view's 13.6 px, and A+ / A- scale the answer with the tokens, A+ as far as the
    answer fits with the panels' first rows (fit.js: at 1024x768, Hindi's at 115% would push them out); in normal
    view too."""
    context, page, errors = new_page(browser, app_url, width, height, scheme, "example=hindi&present=1")
    wait_for_ids(page, EXAMPLES_BY_KEY["hindi"].text)
    page.wait_for_function("() => document.querySelector('#answer li')")
    page.locator("#reveal").click()
    page.wait_for_function("() => document.body.classList.contains('revealed')")
    sizes = page.evaluate(SIZES)
    assert len(sizes["answer"]) == 3 and len(sizes["tokens"]) == 3 and sizes["bytes"]
    assert min(sizes["answer"]) >= max(sizes["tokens"]) == 27.2
    assert min(sizes["bytes"]) >= 16  # 13.6 px in normal view
    page.locator("#size-up").click()  # 115%
    page.evaluate(FRAMES)  # the frame that fits the answer
    bigger = page.evaluate(SIZES)
    assert all(s <= b <= s * 1.15 + 0.05 for s, b in zip(sizes["answer"], bigger["answer"])), bigger["answer"]
    assert bigger["tokens"] == pytest.approx([s * 1.15 for s in sizes["tokens"]], abs=0.05)
    assert bigger["bytes"] == pytest.approx([s * 1.15 for s in sizes["bytes"]], abs=0.05)
    page.locator("#present input").uncheck()  # normal view: the answer still follows the size control
    page.wait_for_function("() => !document.body.classList.contains('present')")
    page.locator("#size-down").click()
    page.locator("#size-down").click()  # 90%: under 100% the answer is never fitted smaller than asked
    page.evaluate(FRAMES)
    assert page.evaluate(SIZES)["answer"] == pytest.approx([0.95 * 16 * 0.9] * 3, abs=0.05)  # 0.95rem at 90%
    assert errors == []
    context.close()


def test_the_steppers_words_are_readable_in_normal_view(browser, app_url):
    """The stepper's words (its head, each step's action, its step count and buttons) at least as large as the
    page's body text, at full opacity."""
    context, page, errors = new_page(browser, app_url, 1280, 720, "light", "example=magikarp")
    wait_for_ids(page, EXAMPLES_BY_KEY["magikarp"].text)
    page.locator("#replay-all").click()
    page.wait_for_selector(".stepper .step-row .action")
    body = page.evaluate("() => parseFloat(getComputedStyle(document.body).fontSize)")
    assert body == 16
    words = page.evaluate("""() => [...document.querySelectorAll(
        '.stepper :is(.step-head, .step-row .action, .step-count, .step-controls button)')].map(e => {
            const s = getComputedStyle(e);
            return [e.className || e.tagName, parseFloat(s.fontSize), Number(s.opacity)];
        })""")
    assert {kind for kind, *_ in words} >= {"step-head", "action", "step-count", "BUTTON"}
    assert [w for w in words if w[1] < body or w[2] != 1] == []
    assert errors == []
    context.close()
