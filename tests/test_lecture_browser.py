"""The lecture in a real browser: one projector screen per example, questions, guess first,
Reveal, presenter view, and linked, pinned tokens (mouse and keyboard)."""

from __future__ import annotations


import pytest
from browser import SCREENSHOTS, open_page, show_example, start_over, wait_for_ids
from test_lecture import bold_numbers

from playground import compare
from playground.lesson.examples import EXAMPLES, EXAMPLES_BY_KEY

NAMES = ("gpt2", "bert", "llama")
PROJECTORS = [(1280, 720, "light"), (1024, 768, "dark")]


def must_be_on_screen(page, width: int, height: int) -> list[str]:
    """The parts of the page the room must see without scrolling: each that is not fully inside."""
    boxes = page.evaluate("""names => {
        const box = el => { if (!el) return null; const r = el.getBoundingClientRect();
                            return [r.left, r.top, r.right, r.bottom]; };
        const out = {"text box": box(document.querySelector("#input-text textarea")),
                     "prompt": box(document.querySelector("#prompt p"))};
        for (const name of names) {
            const panel = document.querySelector(`#panel-${name}`);
            out[`${name} title`] = box(panel.querySelector("h3"));
            out[`${name} counts`] = box(panel.querySelector(".stats"));
            const toks = [...panel.querySelectorAll(".toks > .tok, .toks > .group")];
            const firstTop = toks.length ? toks[0].getBoundingClientRect().top : 0;
            const row = toks.filter(t => t.getBoundingClientRect().top < firstTop + 4);
            out[`${name} first row`] = row.length ? [Math.min(...row.map(t => t.getBoundingClientRect().left)), firstTop,
                Math.max(...row.map(t => t.getBoundingClientRect().right)),
                Math.max(...row.map(t => t.getBoundingClientRect().bottom))] : null;
        }
        return out;
    }""", list(NAMES))
    return [f"{what}: {box}" for what, box in boxes.items()
            if box is None or box[0] < 0 or box[1] < 0 or box[2] > width + 0.5 or box[3] > height + 0.5]


@pytest.mark.parametrize("width, height, scheme", PROJECTORS, ids=[f"{w}x{h}" for w, h, _ in PROJECTORS])
def test_each_example_fits_one_projector_screen(browser, app_url, width, height, scheme):
    context = browser.new_context(viewport={"width": width, "height": height}, color_scheme=scheme)
    page = context.new_page()
    open_page(page, f"{app_url}?__theme={scheme}", "Hello world")
    for example in EXAMPLES:
        page.locator(f"#example-{example.key}").click()
        wait_for_ids(page, example.text)
        page.wait_for_function("q => document.querySelector('#prompt').textContent.includes(q)", arg=example.question)
        assert page.evaluate("() => window.scrollY") == 0
        assert must_be_on_screen(page, width, height) == [], example.key
        tops = {round(page.locator(f"#panel-{n}").bounding_box()["y"]) for n in NAMES}
        assert len(tops) == 1, "the three panels side by side"
        size = page.eval_on_selector("#panel-gpt2 .toks", "e => parseFloat(getComputedStyle(e).fontSize)")
        assert size >= 18
        page.screenshot(path=SCREENSHOTS / f"projector-{width}x{height}-{example.key}.png")
    # A link straight to an example, as a slide would hold: every other example here, the rest at the other
    # projector (each example's fit is checked above; a link's is its first paint's): three pages a projector, not six.
    for example in EXAMPLES[PROJECTORS.index((width, height, scheme))::len(PROJECTORS)]:
        other = context.new_page()
        open_page(other, f"{app_url}?__theme={scheme}&example={example.key}", example.text)
        other.wait_for_function("q => document.querySelector('#prompt').textContent.includes(q)", arg=example.question)
        assert must_be_on_screen(other, width, height) == [], example.key
        other.close()
    context.close()


def test_phones_stack_the_panels(browser, app_url):
    context = browser.new_context(viewport={"width": 390, "height": 844})
    page = context.new_page()
    open_page(page, app_url, "Hello world")
    boxes = [page.locator(f"#panel-{n}").bounding_box() for n in NAMES]
    assert boxes[0]["y"] < boxes[1]["y"] < boxes[2]["y"]
    assert all(b["x"] >= 0 and b["x"] + b["width"] <= 391 for b in boxes)
    context.close()


def wait_for_heatmap(page, text: str) -> None:
    """Until the heatmap drawn is that of `text` (a row a GPT-2 token), not the last text's, which a shared page
    shows until the new one comes."""
    rows = len(compare(text, tokenizers=("gpt2",))["tokenizers"][0]["ids"])
    page.wait_for_selector(f'#heatmap-figure[data-rows="{rows}"] img')


def revealed_numbers(page) -> dict[str, list[str]]:
    return page.evaluate("""() => Object.fromEntries([...document.querySelectorAll('#answer li[data-tokenizer]')]
        .map(li => [li.dataset.tokenizer, [...li.querySelectorAll('b')].map(b => b.textContent)]))""")


@pytest.mark.parametrize("key", [e.key for e in EXAMPLES])
def test_reveal_shows_the_answer_computed_from_the_tokens(shared_page, key):
    """Each example clicked over the one before, in one page, its answer revealed: a new example hides the last
    answer again, and Reveal shows the new one (never the last example's, which Reveal replaces at once)."""
    page, example = shared_page, EXAMPLES_BY_KEY[key]
    page.locator(f"#example-{key}").click()
    wait_for_ids(page, example.text)
    page.wait_for_selector("#answer li", state="attached")
    assert not page.locator("#answer").is_visible()  # the room guesses first
    page.locator("#reveal").click()
    page.locator("#answer li").first.wait_for(state="visible")
    assert revealed_numbers(page) == bold_numbers(key, example.text)


def test_the_answer_follows_an_edit_and_says_so(shared_page):
    page = shared_page
    show_example(page, EXAMPLES_BY_KEY["numbers"])
    page.locator("#input-text textarea").press("End")
    page.locator("#input-text textarea").press_sequentially(" 1234567890")
    page.locator("#reveal").click()
    page.wait_for_function("() => document.querySelector('#answer').textContent.includes('edited text')")
    assert "Into which pieces" in page.inner_text("#prompt")


def test_guess_first_hides_every_count_until_reveal(page, app_url):
    open_page(page, app_url + "?example=hindi&guess=1", EXAMPLES_BY_KEY["hindi"].text)
    page.wait_for_function("() => document.body.classList.contains('guess')")
    hidden = ["#panel-gpt2 .stats", "#panel-llama .stats", "#embedding .shape-line", "#memory", "#answer"]
    for selector in hidden:
        assert not page.locator(selector).first.is_visible(), selector
    assert not page.locator("#panel-gpt2 .tok").first.is_visible()  # nor the tokens, which could be counted
    page.locator("#reveal").click()
    for selector in hidden:
        page.locator(selector).first.wait_for(state="visible")
    page.locator("#example-mandarin").click()  # a new example: guess again
    wait_for_ids(page, EXAMPLES_BY_KEY["mandarin"].text)
    assert not page.locator("#panel-gpt2 .stats").is_visible()
    page.get_by_label("Guess first").uncheck()
    page.locator("#panel-gpt2 .stats").wait_for(state="visible")


def test_presenter_view_hides_the_chrome_and_enlarges_the_tokens(page, app_url):
    open_page(page, app_url, "Hello world")
    before = page.eval_on_selector("#panel-gpt2 .toks", "e => parseFloat(getComputedStyle(e).fontSize)")
    page.get_by_label("Presenter view").check()
    page.wait_for_function("() => document.body.classList.contains('present')")
    for selector in (".lede", "#share-link", "#downloads"):
        assert not page.locator(selector).is_visible(), selector
    after = page.eval_on_selector("#panel-gpt2 .toks", "e => parseFloat(getComputedStyle(e).fontSize)")
    assert after > before
    other = page.context.new_page()
    open_page(other, app_url + "?present=1", "Hello world")
    other.wait_for_function("() => document.body.classList.contains('present')")


def token_state(page) -> dict[str, list]:
    """Per panel: [index, start, end] of every token that is linked, and of the pinned one."""
    return page.evaluate("""names => {
        const state = {};
        for (const name of names) {
            const toks = [...document.querySelectorAll(`#panel-${name} .tok`)];
            const pick = cls => toks.map((t, i) => [i, Number(t.dataset.start), Number(t.dataset.end), t])
                                    .filter(x => x[3].classList.contains(cls)).map(x => x.slice(0, 3));
            state[name] = {linked: pick("linked"), pinned: pick("pinned")};
        }
        return state;
    }""", list(NAMES))


def expected_links(text: str, name: str, index: int) -> dict[str, list]:
    """The tokens of the other panels whose spans overlap token `index` of panel `name`."""
    result = {t["name"]: t["tokens"] for t in compare(text)["tokenizers"]}
    start, end = result[name][index]["start"], result[name][index]["end"]
    return {other: [[i, t["start"], t["end"]] for i, t in enumerate(result[other])
                    if other != name and t["start"] < end and start < t["end"]] for other in NAMES}


HINDI = EXAMPLES_BY_KEY["hindi"].text


def test_hovering_a_token_links_exactly_the_overlapping_tokens(shared_page):
    page = shared_page
    show_example(page, EXAMPLES_BY_KEY["hindi"])
    for name, index in (("llama", 3), ("bert", 2), ("gpt2", 5)):
        page.locator(f"#panel-{name} .tok").nth(index).hover()
        expected = expected_links(HINDI, name, index)
        state = token_state(page)
        assert {n: s["linked"] for n, s in state.items()} == expected, name
        assert any(expected.values())
    page.mouse.move(5, 5)  # off every token: nothing stays lit
    assert all(not s["linked"] for s in token_state(page).values())


def test_pinning_survives_the_mouse_leaving_and_escape_clears_it(shared_page):
    page = shared_page
    show_example(page, EXAMPLES_BY_KEY["magikarp"])
    target = page.locator('#panel-gpt2 .tok[data-id="43453"]')  # " SolidGoldMagikarp"
    index = page.eval_on_selector_all("#panel-gpt2 .tok", "els => els.findIndex(e => e.dataset.id === '43453')")
    target.click()
    page.mouse.move(5, 5)
    page.locator("#panel-bert .tok").first.hover()  # hovering elsewhere changes nothing while pinned
    state = token_state(page)
    assert state["gpt2"]["pinned"] == [[index, 26, 44]]
    assert {n: s["linked"] for n, s in state.items()} == expected_links(EXAMPLES_BY_KEY["magikarp"].text, "gpt2", index)
    assert page.locator("#tok-card").is_visible() and "id 43453" in page.inner_text("#tok-card")
    page.keyboard.press("Escape")
    state = token_state(page)
    assert all(not s["pinned"] and not s["linked"] for s in state.values())
    assert not page.locator("#tok-card").is_visible()
    target.click()
    target.click()  # a second click unpins
    assert all(not s["pinned"] for s in token_state(page).values())


def test_a_pinned_gpt2_token_lights_its_heatmap_row(shared_page):
    page = shared_page
    show_example(page, EXAMPLES_BY_KEY["magikarp"])
    wait_for_heatmap(page, EXAMPLES_BY_KEY["magikarp"].text)
    page.locator("#panel-gpt2 .tok").nth(2).click()
    row = page.locator("#heatmap-row").bounding_box()
    img = page.locator("#heatmap-figure img").bounding_box()
    rows = page.eval_on_selector("#heatmap-figure", "f => [f.dataset.top, f.dataset.rowPx, f.dataset.height].map(Number)")
    top, row_px, height = rows
    scale = img["height"] / height
    assert abs(row["y"] - (img["y"] + (top + 2 * row_px) * scale)) < 1.5
    assert abs(row["height"] - row_px * scale) < 1.5
    page.keyboard.press("Escape")
    assert page.locator("#heatmap-row").count() == 0


def test_keyboard_tab_arrows_and_enter_pin_a_token(shared_page):
    page = shared_page
    start_over(page)
    page.locator("#panel-gpt2 h3").click()  # Tab goes on from here, as from any click
    page.keyboard.press("Tab")
    page.wait_for_function("() => document.activeElement.matches('#panel-gpt2 .tok')")
    assert page.evaluate("() => document.activeElement.dataset.id") == "15496"
    page.keyboard.press("ArrowRight")
    assert page.evaluate("() => document.activeElement.dataset.id") == "995"
    page.keyboard.press("Enter")
    state = token_state(page)
    assert state["gpt2"]["pinned"] == [[1, 5, 11]]
    assert state["bert"]["linked"] == [[1, 6, 11]] and state["llama"]["linked"] == [[1, 5, 11]]
    page.keyboard.press("Escape")
    assert all(not s["pinned"] and not s["linked"] for s in token_state(page).values())


def test_a_pinned_gpt2_token_shows_its_row_and_unpinning_clears_it(shared_page):
    page = shared_page
    start_over(page, "the dog and the cat and the bird")
    wait_for_heatmap(page, "the dog and the cat and the bird")
    page.locator("#panel-gpt2 .tok").nth(3).click()  # the second " the"
    page.wait_for_selector("#row-strip canvas")
    assert page.inner_text("#row-strip").startswith("E[262]: the row of token 4")
    same = page.evaluate("""() => {
        const figure = document.getElementById("heatmap-figure"), img = figure.querySelector("img");
        const [left, top, rowPx] = [figure.dataset.left, figure.dataset.top, figure.dataset.rowPx].map(Number);
        const whole = document.createElement("canvas");
        whole.width = img.naturalWidth; whole.height = img.naturalHeight;
        whole.getContext("2d").drawImage(img, 0, 0);
        const row = whole.getContext("2d").getImageData(left, top + 3 * rowPx + Math.floor(rowPx / 2), 768, 1).data;
        const strip = document.querySelector("#row-strip canvas").getContext("2d").getImageData(0, 18, 768, 1).data;
        return row.every((v, i) => v === strip[i]);
    }""")
    assert same, "the strip shows exactly the heatmap's row of that token"
    page.keyboard.press("Escape")
    assert page.locator("#row-strip canvas").count() == 0


def stepper_state(page, panel: str) -> dict:
    return page.evaluate("""panel => {
        const s = document.querySelector(`#panel-${panel} .stepper`);
        return {head: s.querySelector(".step-head").textContent, count: s.querySelector(".step-count").textContent,
                chips: [...s.querySelectorAll(".step-row:first-child .step-chip")].map(c => c.textContent),
                next: [...s.querySelectorAll(".step-row:first-child .step-chip.next")].map(c => c.textContent),
                action: s.querySelector(".step-row:first-child .action").textContent};
    }""", panel)


def test_the_stepper_replays_a_pinned_glitch_token(page, app_url):
    from playground.tokenizers.replay import replay

    open_page(page, app_url + "?example=magikarp", EXAMPLES_BY_KEY["magikarp"].text)
    page.locator('#panel-gpt2 .tok[data-id="43453"]').click()
    page.locator("#how-built").click()
    page.wait_for_selector("#panel-gpt2 .stepper .step-chip")
    [chunk] = replay(" SolidGoldMagikarp", "gpt2")["chunks"]
    state = stepper_state(page, "gpt2")
    assert state["head"] == "How “·SolidGoldMagikarp” is built: 17 merges" and state["count"] == "step 0 of 17"

    def drawn(pieces):  # as the panels draw them: GPT-2's "Ġ" is a space, drawn ·; the other bytes here are ASCII
        return [p.replace("Ġ", "·") for p in pieces]

    assert state["chips"] == drawn(chunk["steps"][0])  # 18 bytes, the space first
    first = chunk["merges"][0]
    assert state["next"] == drawn(first["pair"]) and f"rank {first['rank']}" in state["action"]
    page.locator("#panel-gpt2 .stepper [data-go='1']").click()
    assert stepper_state(page, "gpt2")["chips"] == drawn(chunk["steps"][1])
    page.locator("#panel-gpt2 .stepper [data-vocabulary]").click()  # the vocabulary's spelling, on demand
    assert stepper_state(page, "gpt2")["chips"] == chunk["steps"][1]
    page.locator("#panel-gpt2 .stepper [data-vocabulary]").click()
    for _ in range(20):
        page.locator("#panel-gpt2 .stepper [data-go='1']").click()
    state = stepper_state(page, "gpt2")
    assert state["chips"] == ["·SolidGoldMagikarp"] and state["count"] == "step 17 of 17" and state["action"] == "done"
    page.locator("#panel-gpt2 .stepper [data-close]").click()
    assert page.locator(".stepper").count() == 0


def test_each_stepper_counts_its_own_steps_and_outlines_what_its_words_name(page, app_url):
    from playground.tokenizers.replay import replay

    text = EXAMPLES_BY_KEY["magikarp"].text
    open_page(page, app_url + "?example=magikarp", text)
    page.locator("#replay-all").click()
    page.wait_for_function("() => document.querySelectorAll('.stepper .step-chip').length > 0 && "
                           "document.querySelectorAll('.stepper').length === 3")
    most = {name: max(len(c["steps"]) - 1 for c in replay(text, name)["chunks"]) for name in NAMES}
    assert most == {"gpt2": 17, "bert": 6, "llama": 11}

    def counts():
        return {name: page.inner_text(f"#panel-{name} .step-count") for name in NAMES}

    assert counts() == {"gpt2": "step 0 of 17", "bert": "step 0 of 6", "llama": "step 0 of 11"}
    for _ in range(4):
        page.locator("#panel-gpt2 .stepper [data-go='1']").click()
    assert counts() == {"gpt2": "step 4 of 17", "bert": "step 4 of 6", "llama": "step 4 of 11"}
    row = page.locator("#panel-bert .step-row", has_text="take the longest vocabulary piece: “##kar”")
    outlined = row.evaluate("""r => [...r.querySelectorAll('.step-chip')].filter(c => c.matches('.next') ||
        c.querySelector('.next-part')).map(c => [c.textContent, (c.querySelector('.next-part') || c).textContent])""")
    assert outlined == [["##karp", "##kar"]]  # the chip it is cut from, and the outline on ##kar alone
    for _ in range(10):
        page.locator("#panel-gpt2 .stepper [data-go='1']").click()
    assert counts() == {"gpt2": "step 14 of 17", "bert": "step 6 of 6", "llama": "step 11 of 11"}
    page.locator("#panel-bert .stepper").screenshot(path=SCREENSHOTS / "stepper-bert-own-count.png")


def test_replay_while_a_vocabulary_loads_steps_the_drawn_panels_and_says_the_other_is_coming(page, app_url):
    """"How is it built?" clicked while GPT-4o's vocabulary has not come (its request hangs): the panels that show
    tokens get their steppers, GPT-4o's panel says its tokens are still loading, and no script error (the page
    fixture fails on one: a loading panel has no [data-tokenizer], and replay threw on it)."""
    page.route("**/o200k_base.tiktoken", lambda route: None)
    page.goto(f"{app_url}?tokenizers=gpt2,bert,gpt4o&text=Hello%20world")
    page.wait_for_selector("#panel-gpt2 .tok")
    page.wait_for_selector("#panel-bert .tok")
    page.wait_for_selector("#panel-llama [data-loading=gpt4o]")
    page.locator("#replay-all").click()
    page.wait_for_selector("#panel-gpt2 .stepper .step-chip")
    page.wait_for_selector("#panel-bert .stepper .step-chip")
    assert page.inner_text("#panel-llama .stepper .step-head") == (
        "Its tokens are still loading: replay them once they show.")
    assert page.locator("#panel-llama .tok").count() == 0


def test_a_replay_the_server_refuses_says_why_in_each_panel(browser, app_url):
    """/replay answering 400: each panel's stepper says it could not replay, with the server's words. (Its own
    context: Chromium logs the 400 as a console error.)"""
    context = browser.new_context(viewport={"width": 1600, "height": 1000})
    page = context.new_page()
    page.route("**/gradio_api/call/replay", lambda route: route.fulfill(
        status=400, content_type="application/json", body='{"detail": "the text is too long to replay"}'))
    open_page(page, app_url, "Hello world")
    page.locator("#replay-all").click()
    page.wait_for_function("document.querySelectorAll('.stepper .step-head').length === 3")
    heads = page.eval_on_selector_all(".stepper .step-head", "els => els.map((e) => e.textContent)")
    assert heads == ["Could not replay this text: the text is too long to replay"] * 3
    context.close()


def test_the_stepper_shows_where_hindi_turns_into_bytes(page, app_url):
    open_page(page, app_url + "?example=hindi", EXAMPLES_BY_KEY["hindi"].text)
    page.locator("#replay-all").click()
    page.wait_for_selector("#panel-llama .stepper .step-chip")
    assert page.locator(".stepper").count() == 3  # all three panels, stepping together
    head = page.inner_text("#panel-llama .step-head")
    assert head.startswith("The whole text, its ") and "1 byte fallback" in head
    page.locator("#panel-bert .stepper [data-play]").click()  # play runs every panel to its end
    page.wait_for_function("() => [...document.querySelectorAll('.step-count')].every(c => {"
                           " const [a, b] = c.textContent.match(/[0-9]+/g); return a === b; })", timeout=30_000)
    # ँ (candrabindu, no piece in Llama 2) spelled in its three UTF-8 bytes, drawn as the panels draw them: byte
    # chips under the character ("ँ".encode() == b"\xe0\xa4\x81"), not as the vocabulary's <0xE0> <0xA4> <0x81>.
    chips = page.eval_on_selector_all("#panel-llama .step-chip.bytes", "els => els.map(e => e.textContent)")
    assert chips == ["E0", "A4", "81"]
    assert page.eval_on_selector_all("#panel-llama .step-group .group-char", "els => els.map(e => e.textContent)") == ["ँ"]
    page.locator("#panel-llama .stepper [data-vocabulary]").click()
    chips = page.eval_on_selector_all("#panel-llama .step-chip", "els => els.map(e => e.textContent)")
    assert ["<0xE0>", "<0xA4>", "<0x81>"] == [c for c in chips if c.startswith("<0x")]


# Per panel: its marked tokens, how many are inside the window, whether they and only they are underlined.
SHOWN_MARKS = """([width, height]) => Object.fromEntries(
        [...document.querySelectorAll('#panels [data-tokenizer]')].map(panel => {
            const toks = [...panel.querySelectorAll('.tok')];
            const marked = toks.filter(t => t.classList.contains('undertrained'));
            const onScreen = marked.filter(t => [...t.getClientRects()].some(r =>  // a token may wrap: any of its lines
                r.left >= 0 && r.top >= 0 && r.right <= width && r.bottom <= height));
            const style = t => getComputedStyle(t);
            return [panel.dataset.tokenizer, {
                marks: marked.map(t => [toks.indexOf(t), Number(t.dataset.id), t.dataset.verdict]),
                onScreen: onScreen.length,
                drawn: marked.every(t => style(t).textDecorationLine === 'underline' && style(t).textDecorationStyle === 'dashed'),
                plain: toks.filter(t => !t.classList.contains('undertrained')).every(t => style(t).textDecorationLine === 'none'),
                count: panel.querySelector('.undertrained-stat').textContent}];
        }))"""


@pytest.mark.parametrize("width, height, scheme", PROJECTORS, ids=[f"{w}x{h}" for w, h, _ in PROJECTORS])
def test_the_glitch_example_marks_on_screen_what_the_api_marks(browser, app_url, width, height, scheme):
    """Glitch tokens opens with GPT-2, Llama 2 and Llama 3; each panel shows, without scrolling, a token
    underlined as under-trained, and the marks are exactly the tokens /compare gives a verdict."""
    from serve import call_api

    example = EXAMPLES_BY_KEY["glitch"]
    context = browser.new_context(viewport={"width": width, "height": height}, color_scheme=scheme)
    page = context.new_page()
    open_page(page, f"{app_url}?__theme={scheme}", "Hello world")
    page.locator("#example-glitch").click()
    wait_for_ids(page, example.text, names=("gpt2", "llama", "llama3"))
    underline = "() => getComputedStyle(document.querySelector('.tok.undertrained')).textDecorationLine"
    assert page.evaluate(underline) == "none"  # the marks are the answer: drawn once revealed, Guess first or not
    (api,) = call_api(app_url, "compare", [example.text, False, ["gpt2", "llama", "llama3"]])
    expected = {t["name"]: [[k, x["id"], x["undertrained"]["verdict"]] for k, x in enumerate(t["tokens"]) if x["undertrained"]]
                for t in api["tokenizers"]}
    assert all(len(marks) >= 2 for marks in expected.values())
    shown = page.evaluate(SHOWN_MARKS, [width, height])
    assert {name: s["marks"] for name, s in shown.items()} == expected
    for name, s in shown.items():
        assert s["onScreen"] >= 1, name
    assert must_be_on_screen(page, width, height) == []  # before Reveal (the answer's place)
    page.locator("#reveal").click()
    page.wait_for_function(f"() => ({underline})() === 'underline'")
    shown = page.evaluate(SHOWN_MARKS, [width, height])
    for name, s in shown.items():
        assert s["drawn"] and s["plain"], name
        assert s["count"] == f"{len(expected[name])} under-trained (paper)"
    page.screenshot(path=SCREENSHOTS / f"projector-{width}x{height}-glitch-marks.png")
    page.locator("#reveal").click()  # Hide
    page.locator("#guess").click()  # guess first: the marks are the answer, hidden until Reveal
    page.wait_for_function(f"() => ({underline})() === 'none'")
    page.locator("#reveal").click()
    page.wait_for_function(f"() => ({underline})() === 'underline'")
    context.close()


def test_the_mark_is_thick_and_dashed_for_red_thin_and_dotted_for_green(page, app_url):
    # Llama 2: 12882 ITableView is listed but green (max_prob 0.91), 28574 ▁Mediabestanden red (the data's README).
    text = "xITableView Mediabestanden"
    page.goto(f"{app_url}?tokenizers=gpt2,llama,llama3&text=xITableView%20Mediabestanden")
    wait_for_ids(page, text, names=("gpt2", "llama", "llama3"))
    styles = page.eval_on_selector_all("[data-tokenizer=llama] .tok.undertrained", """els => els.map(e => {
        const s = getComputedStyle(e);
        return [Number(e.dataset.id), e.dataset.verdict, s.textDecorationStyle, s.textDecorationThickness];
    })""")
    assert styles == [[12882, "green", "dotted", "2px"], [28574, "red", "dashed", "3px"]]


# --- What the room sees is true: whole tokens, Guess first that hides the answer, cards beside their tokens ---

ROOMS = [(1280, 720, "light", False), (1024, 768, "dark", False), (1280, 720, "light", True), (390, 844, "light", False)]
ANSWERING = "#panels, #answer, #slide, #embedding, #memory, #heatmap, #one-hot"  # where the answer could be read

# Every .tok and stepper chip drawn as more than one box, or taller than one line though its text would fit
# on one line of its panel: a token the room would count as two. `wide` is its one-line width, measured on
# a copy that may not wrap.
CUT_TOKENS = """() => {
    const cut = [];
    for (const tok of document.querySelectorAll(".tok, .step-chip")) {
        if (!tok.checkVisibility()) continue;
        const rects = tok.getClientRects();
        const copy = tok.cloneNode(true);
        Object.assign(copy.style, {position: "absolute", whiteSpace: "pre", maxWidth: "none", visibility: "hidden"});
        tok.parentElement.appendChild(copy);
        const oneLine = copy.getBoundingClientRect();
        copy.remove();
        const room = tok.closest(".toks, .chips, .group-bytes, .panel-body").clientWidth;
        const wrapped = rects.length > 1 || rects[0].height > oneLine.height * 1.5;
        if (wrapped && oneLine.width <= room) cut.push([tok.textContent, rects.length, Math.round(rects[0].height)]);
    }
    return cut;
}"""

# The text nodes and pictures a person can see under `roots`: hidden means not drawn (display or
# visibility), so a faded or transparent answer still counts as seen.
READABLE = """roots => {
    const seen = [];
    for (const root of document.querySelectorAll(roots)) {
        const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
        for (let node; (node = walker.nextNode());) {
            const el = node.parentElement;
            if (node.textContent.trim() && el.checkVisibility({visibilityProperty: true})) {
                seen.push({text: node.textContent.trim(),  // titles, and Gradio's own "0.3s" while a part is redrawn
                           title: !!el.closest(".panel-head, .chooser, #slide > summary, #all-eight, [data-testid=status-tracker]")});
            }
        }
        for (const picture of root.querySelectorAll("img, canvas")) {
            if (picture.checkVisibility({visibilityProperty: true})) seen.push({text: "<picture>", title: false});
        }
    }
    return seen;
}"""

# Pin, then hover, every token of every panel, as a click or a mouse would: for each, the card's box
# against the window and against the boxes of the token and of the tokens it lights.
CARDS_COVERING = """() => {
    const bad = [];
    const boxes = els => els.flatMap(t => [...t.getClientRects()]);
    const overlap = (a, b) => a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
    const check = (tok, how) => {
        const card = document.getElementById("tok-card").getBoundingClientRect();
        const lit = boxes([tok, ...document.querySelectorAll("#panels .tok.linked")]);
        const vw = document.documentElement.clientWidth, vh = document.documentElement.clientHeight;
        const outside = card.left < 0 || card.top < 0 || card.right > vw || card.bottom > vh;
        const covered = lit.filter(r => overlap(card, r)).length;
        if (outside || covered) bad.push([how, tok.closest("[data-tokenizer]").dataset.tokenizer, tok.textContent,
                                          outside ? "outside the window" : `covers ${covered} of ${lit.length}`,
                                          JSON.stringify([card, ...lit].map(r => [r.left, r.top, r.right, r.bottom].map(Math.round)))]);
    };
    for (const tok of document.querySelectorAll("#panels .tok")) {
        tok.scrollIntoView({block: "center", behavior: "instant"});
        tok.click();  // pins it
        check(tok, "pinned");
        tok.click();  // unpins it
        tok.dispatchEvent(new MouseEvent("mouseover", {bubbles: true}));
        check(tok, "hover");
    }
    document.body.dispatchEvent(new MouseEvent("mouseover", {bubbles: true}));
    window.scrollTo(0, 0);
    return bad;
}"""


def answering_texts(page) -> list[str]:
    """What the room can read where the answer would be, panel titles and section labels left out."""
    return [seen["text"] for seen in page.evaluate(READABLE, ANSWERING) if not seen["title"]]


@pytest.mark.parametrize("width, height, scheme, present", ROOMS,
                         ids=[f"{w}x{h}-{s}{'-present' if p else ''}" for w, h, s, p in ROOMS])
def test_what_the_room_sees_is_true(browser, app_url, width, height, scheme, present):
    """For every example: Guess first hides every token, count, table and plot until Reveal, which shows them
    all; no token is cut across lines; no card covers its token or the tokens it lights."""
    context = browser.new_context(viewport={"width": width, "height": height}, color_scheme=scheme)
    page = context.new_page()
    open_page(page, f"{app_url}?__theme={scheme}" + ("&present=1" if present else ""), "Hello world")
    assert not page.locator("#reveal").is_visible(), "no question, no Reveal"
    assert page.evaluate(CUT_TOKENS) == []
    page.locator("#slide > summary").click()  # the slide open, to see that Guess first hides it too
    page.get_by_label("Guess first").check()
    page.wait_for_function("() => document.body.classList.contains('guess')")
    assert page.locator("#reveal").is_visible(), "Guess first asks how many tokens"
    for example in EXAMPLES:
        page.locator(f"#example-{example.key}").click()
        wait_for_ids(page, example.text)
        page.wait_for_selector("#slide table", state="attached")
        page.wait_for_selector("#heatmap img", state="attached")
        assert answering_texts(page) == [], f"{example.key}: readable before Reveal"
        placeholders = page.eval_on_selector_all(
            "#panels .panel-body", "els => els.map(e => [getComputedStyle(e, '::after').content, "
                                   "Math.round(parseFloat(getComputedStyle(e, '::after').height))])")
        assert placeholders == [['"Guess first: how many tokens?"', placeholders[0][1]]] * 3, "one placeholder, one size"
        page.locator("#reveal").click()
        page.wait_for_function("() => document.body.classList.contains('revealed')")
        drawn = page.evaluate("() => [...document.querySelectorAll('#panels .tok')].filter(t => t.checkVisibility()).length")
        assert drawn == page.locator("#panels .tok").count() > 0, f"{example.key}: every token after Reveal"
        for selector in ("#panels .stats", "#answer li", "#slide table", "#slide img", "#embedding .shape",
                         "#memory table", "#heatmap img"):  # the answer is the server's: on a busy machine, a moment
            page.locator(selector).first.wait_for(state="visible", timeout=15_000)
        seen = answering_texts(page)
        assert "<picture>" in seen and any("tokens" in s for s in seen)
        assert page.evaluate(CUT_TOKENS) == [], example.key
        assert page.evaluate(CARDS_COVERING) == [], example.key
    page.locator("#replay-all").click()  # the stepper's chips, then the ids, are whole too
    page.wait_for_function("() => document.querySelectorAll('.stepper .step-chip').length > 0")
    page.locator("#view").get_by_text("ids").click()
    page.wait_for_function("() => document.querySelector('#panels .toks.ids')")
    assert page.evaluate(CUT_TOKENS) == []
    page.locator("#view").get_by_text("text").click()
    page.locator("#panel-gpt2 .tok").first.click()  # a pinned card...
    page.locator("#input-text textarea").press("End")
    page.locator("#input-text textarea").press_sequentially("!")  # ...and an edit asks the question again
    wait_for_ids(page, EXAMPLES[-1].text + "!", names=EXAMPLES[-1].tokenizers)
    assert answering_texts(page) == [], "readable after an edit"
    context.close()


def test_guess_first_hides_the_lessons_batch_and_the_languages_table_until_reveal(browser, app_url):
    """The lesson's batch repeats the hidden text's ids as blocks (and its note counts them); the Languages table
    gives Hindi's premium, the Hindi question's answer. Guess first draws neither until Reveal, which draws both."""
    import json

    from conftest import ROOT

    counts = json.loads((ROOT / "assets" / "premium" / "flores200-counts.json").read_text(encoding="utf-8"))["tokens"]
    hindi_premium = f"{counts['hin_Deva']['gpt2'] / counts['eng_Latn']['gpt2']:.2f}"  # 7.25, as the table says
    ids = [str(i) for i in compare(EXAMPLES_BY_KEY["hindi"].text, tokenizers=("gpt2",))["tokenizers"][0]["ids"]]
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    page = context.new_page()
    open_page(page, f"{app_url}?example=hindi&guess=1", EXAMPLES_BY_KEY["hindi"].text)
    page.wait_for_function("() => document.body.classList.contains('guess')")
    page.wait_for_selector("#batch-ids i", state="attached")  # the batch is drawn once its inputs settle
    page.locator("#languages > summary").click()
    page.wait_for_selector("#premium table", state="attached")
    assert page.evaluate(READABLE, "#batch, #premium") == [], "readable before Reveal"
    assert page.locator("#batch-ids i").first.is_visible() is False
    placeholders = page.evaluate("() => ['#batch', '#premium'].map(s => getComputedStyle(document.querySelector(s), '::after').content)")
    assert placeholders == ['"Guess first: which ids, how many?"', '"Guess first: how many times English\'s tokens?"']
    page.locator("#reveal").click()
    page.wait_for_function("() => document.body.classList.contains('revealed')")
    assert page.locator("#premium table").is_visible() and page.locator("#batch-ids i").first.is_visible()
    hindi_row = page.locator("#premium tr", has_text="Hindi").inner_text().split()
    assert hindi_row[1] == hindi_premium
    shown = page.eval_on_selector_all("#batch-ids i", "els => els.map(e => e.textContent)")
    assert shown and set(shown) <= set(ids), "the batch's blocks are the text's GPT-2 ids"
    context.close()


WCAG_22_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"]


@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_axe_finds_no_wcag_22_aa_violation(browser, app_url, scheme):
    """axe-core (the copy inside axe-playwright-python) on the page with an example shown, then with its
    answer revealed and a token's card pinned: no WCAG 2.0-2.2 A or AA violation."""
    from axe_playwright_python.sync_playwright import Axe

    context = browser.new_context(viewport={"width": 1280, "height": 720}, color_scheme=scheme)
    page = context.new_page()
    open_page(page, f"{app_url}?__theme={scheme}&example=hindi", HINDI)
    page.wait_for_selector("#heatmap img")
    axe = Axe()
    for state in ("example shown", "revealed, a card pinned"):
        if state != "example shown":
            page.locator("#reveal").click()
            page.locator("#panel-gpt2 .tok").nth(3).click()
            page.locator("#tok-card").wait_for(state="visible")
        results = axe.run(page, options={"runOnly": {"type": "tag", "values": WCAG_22_AA}})
        violations = [(v["id"], [n["target"] for n in v["nodes"]]) for v in results.response["violations"]]
        assert violations == [], f"{scheme}, {state}: {violations}"
    context.close()
