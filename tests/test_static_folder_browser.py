"""The static folder (python -m playground static DIR) served with no Python app behind it, by `python -m http.server`
and by Debian's nginx, driven in Chromium: the browser tokenizers' exact ids for the eight, the panels following
typed keys, an example and its question, a share link opened fresh, the folder in another origin's iframe (its
height, the text a parent sends), no request to any other host, and the panels still following keys offline."""

from __future__ import annotations

import statistics
import urllib.parse
from contextlib import contextmanager
from pathlib import Path

import paint_watch
import pytest
from browser import SCREENSHOTS, record_errors, textbox, type_text, wait_for_ids
from cores import pause
from serve import serving_folder
from static_site import built
from test_browser_twin import HARD, differences
from test_iframe import serving

from playground import compare
from playground.lesson.examples import EXAMPLES_BY_KEY
from playground.page.work import MAX_INPUT_CHARS
from playground.tokenizers.registry import TOKENIZER_NAMES

LESSON = ("gpt2", "bert", "llama")


NGINX_SITE = """server {{
    listen 80;
    include /etc/nginx/mime.types;
    root {root};
}}"""


@contextmanager
def nginx_server(folder: Path):
    from nginx import nginx

    with nginx(NGINX_SITE.format(root=folder), {}) as (port, _):
        yield f"http://127.0.0.1:{port}/"


SERVERS = {"http.server": serving_folder, "nginx": nginx_server}


@pytest.fixture(scope="module", params=[pytest.param(name, marks=[pytest.mark.nginx] if name == "nginx" else [])
                                        for name in SERVERS])
def site(request, whole_folder):
    with SERVERS[request.param](whole_folder) as url:
        yield url


@pytest.fixture
def watched(browser):
    """A fresh context's page, and every URL it asked for; fails the test on a console error or uncaught exception."""
    context = browser.new_context(viewport={"width": 1400, "height": 900})
    errors: list[str] = []
    requests: list[str] = []

    def watch(page):
        record_errors(page, errors)
        page.on("request", lambda r: requests.append(r.url))

    context.on("page", watch)
    page = context.new_page()
    yield page, requests
    found = list(errors)
    context.close()
    assert not found, f"console errors: {found}"


def only_from(requests: list[str], *origins: str) -> None:
    strangers = [url for url in requests if not url.startswith(origins) and not url.startswith(("data:", "blob:"))]
    assert strangers == [], f"requests to other hosts: {strangers}"


def test_the_eight_tokenize_exactly_as_the_python_layer(watched, site):
    page, requests = watched
    page.goto(site)
    page.wait_for_function("typeof window.playground?.tokenize === 'function'", timeout=60_000)
    texts = HARD[:40]
    for name in TOKENIZER_NAMES:
        assert differences(page, texts, name) == [], name
    only_from(requests, site)


def test_typed_keys_an_example_its_answer_and_a_share_link(watched, site):
    page, requests = watched
    page.goto(site)
    wait_for_ids(page, "Hello world")
    type_text(page, "SolidGoldMagikarp 1234567890")
    wait_for_ids(page, "SolidGoldMagikarp 1234567890")

    hindi = EXAMPLES_BY_KEY["hindi"]
    page.locator("#example-hindi").click()
    wait_for_ids(page, hindi.text)
    assert hindi.question in page.locator("#prompt").inner_text()
    assert not page.locator("#answer li").first.is_visible()  # the answer waits for Reveal
    page.locator("#reveal").click()
    page.locator("#answer li").first.wait_for(state="visible")

    typed = "a link, नमस्ते 😀"
    type_text(page, typed)
    wait_for_ids(page, typed)
    page.locator("#share").click()
    link = page.locator("#share-link input")
    page.wait_for_function("() => document.querySelector('#share-link input').value.startsWith('http')")
    shared = link.input_value()
    assert shared.startswith(site + "?z="), shared
    other = page.context.new_page()  # a student opening the link in a new tab
    other.goto(shared)
    wait_for_ids(other, typed)
    assert textbox(other).input_value() == typed
    only_from(requests, site)


def test_offline_after_load_the_panels_follow_every_key(watched, site):
    page, requests = watched
    page.goto(site)
    wait_for_ids(page, "Hello world")
    page.context.set_offline(True)
    box = textbox(page)
    box.click()
    box.press("End")
    typed = ""
    for key in " offline, still painted":
        box.press_sequentially(key)
        typed += key
        wait_for_ids(page, "Hello world" + typed)
    page.context.set_offline(False)
    only_from(requests, site)


PARENT = """<!doctype html><title>A lesson</title><h1>A lesson page</h1>
<iframe id="playground" src="{src}" sandbox="{sandbox}" allow="clipboard-write" style="width: 1200px; height: 300px; border: 0"></iframe>
<script>
  // As a lesson's "try this" link does it: the text in ?try= is sent once the playground says it takes one.
  window.heights = [];
  addEventListener("message", (e) => {{
    const frame = document.getElementById("playground");
    if (e.source !== frame.contentWindow) return;
    if (e.data?.type === "playground-height") {{
      window.heights.push(e.data.height);
      frame.style.height = e.data.height + "px";
    }}
    const text = new URLSearchParams(location.search).get("try");
    if (e.data?.type === "playground-ready" && text) frame.contentWindow.postMessage({{type: "playground-text", text}}, "*");
  }});
</script>"""


@contextmanager
def lesson_page(html: str):
    """A lesson page serving `html`, at another origin and site (localhost) than 127.0.0.1's folder."""
    from http.server import BaseHTTPRequestHandler

    body = html.encode()

    class Lesson(BaseHTTPRequestHandler):
        def do_GET(self):
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args):
            pass

    with serving(Lesson) as port:
        yield f"http://localhost:{port}/lesson.html"


@contextmanager
def parent_page(src: str, sandbox: str):
    with lesson_page(PARENT.format(src=src, sandbox=sandbox)) as url:
        yield url


@pytest.fixture(scope="module")
def lesson_site():
    with built("--tokenizers", ",".join(LESSON), "--only", "panels") as folder, serving_folder(folder) as url:
        yield url


def test_embedded_in_another_origins_page(watched, lesson_site):
    page, requests = watched
    with parent_page(lesson_site, "allow-scripts allow-same-origin") as lesson:
        first = "A lesson's link: 1234567890"  # sent when the frame says it is ready: before, it had no listener
        page.goto(f"{lesson}?try={urllib.parse.quote(first)}")
        frame = page.frame_locator("#playground")
        inner = next(f for f in page.frames if f.url.startswith(lesson_site))
        wait_for_ids(inner, first)
        page.wait_for_function("window.heights.length > 0")
        text = "Try this: tokenization! नमस्ते"
        page.evaluate("""text => document.getElementById("playground").contentWindow.postMessage(
                             {type: "playground-text", text}, "*")""", text)
        wait_for_ids(inner, text)
        assert frame.locator("#input-text textarea").input_value() == text
        # The frame becomes as tall as its content (once the height the frame posts has reached the lesson's page):
        # no scroll bar inside it.
        content = "Math.ceil(document.documentElement.getBoundingClientRect().height)"
        page.wait_for_function("h => parseFloat(document.getElementById('playground').style.height) === h",
                               arg=inner.evaluate(content))
        assert page.evaluate("parseFloat(document.getElementById('playground').style.height)") == inner.evaluate(content)
        assert inner.evaluate("document.documentElement.scrollHeight <= window.innerHeight + 1")
    only_from(requests, lesson_site, lesson.rsplit("/", 1)[0])


# Every run of a browser tokenizer in a page, [tokenizer, the text's length, the newest text the page had been given
# when the run began (its length)]: the page's "playground-tokenize" mark of each run (update.js), read as it is made
# (performance.mark wrapped), and the text given read from the text box (what a key or a paste leaves there) or, for
# a lesson page's, from a listener of its own, which runs after the folder's, so it has seen every message the
# folder has.
COUNT_RUNS = """() => {
    window.runs = [];
    window.given = document.querySelector("#input-text textarea").value;
    addEventListener("message", (e) => { if (e.data?.type === "playground-text") window.given = e.data.text; });
    document.addEventListener("input", (e) => { window.given = e.target.value; });
    const mark = performance.mark.bind(performance);
    performance.mark = (name, options) => {
        if (name === "playground-tokenize") window.runs.push([options.detail.name, options.detail.length, window.given.length]);
        return mark(name, options);
    };
}"""


def runs_of(page) -> dict[str, list[list[int]]]:
    """Each panel's runs, [the text's length, the newest text's length], in order."""
    runs: dict[str, list[list[int]]] = {name: [] for name in LESSON}
    for name, length, given in page.evaluate("window.runs"):
        runs[name].append([length, given])
    return runs


def test_a_lesson_pages_flood_of_texts_is_tokenized_newest_only(watched, lesson_site):
    """200 texts of 200,000 characters posted at once: before, each ran a whole edit (3 tokenizers on 100,000
    characters), 52 s of a frozen frame. Now, while one is tokenized, only the newest waiting is tokenized next:
    the messages come over the process boundary in a few batches, and each batch is one run a panel, of its last
    text; the last text sent is the one painted."""
    page, requests = watched
    with parent_page(lesson_site, "allow-scripts allow-same-origin") as lesson:
        page.goto(lesson)
        inner = next(f for f in page.frames if f.url.startswith(lesson_site))
        wait_for_ids(inner, "Hello world")
        inner.evaluate(COUNT_RUNS)
        # distinct lengths, so that a run names its text: text k is 200,000 - k characters. Made in the lesson's
        # page, as its own script would: sent from here, the 40 MB crossed Playwright's pipe as JSON first.
        page.evaluate("""() => { const frame = document.getElementById("playground").contentWindow;
            for (let k = 0; k < 200; k++) {
                const text = (`text ${k}: ` + "tokens and more ".repeat(12_500)).slice(0, 200_000 - k);
                frame.postMessage({type: "playground-text", text}, "*");
            } }""")
        last = (f"text {199}: " + "tokens and more " * 12_500)[:200_000 - 199]
        wait_for_ids(inner, last[:100_000], timeout=90_000)  # the first 100,000 characters; one run a text: 340 s
        assert inner.locator("#input-text textarea").input_value() == last
        for name, runs in runs_of(inner).items():
            # each run is of the newest text the frame had, cut at 100,000 characters
            assert all(length == min(given, 100_000) for length, given in runs), (name, runs)
            assert 1 <= len(runs) <= 5, (name, runs)
    only_from(requests, lesson_site, lesson.rsplit("/", 1)[0])


def test_keys_that_come_while_a_panel_is_tokenized_are_tokenized_newest_only(watched, lesson_site):
    """Twenty input events, each its own task, all waiting while the first is handled (keys come so on a long text,
    each tokenization taking longer than a key): one run a panel, of the last one; before, twenty."""
    page, _ = watched
    page.goto(lesson_site)
    wait_for_ids(page, "Hello world")
    base = "a long text, " * 7_690  # 99,970 characters: the keys typed after it are all tokenized
    page.evaluate("""text => { const box = document.querySelector("#input-text textarea");
                               box.value = text; box.dispatchEvent(new Event("input", {bubbles: true})); }""", base)
    wait_for_ids(page, base)
    page.evaluate(COUNT_RUNS)
    keys = "abcdefghijklmnopqrst"
    page.evaluate("""([base, keys]) => { const box = document.querySelector("#input-text textarea");
        for (let k = 1; k <= keys.length; k++) setTimeout(() => {
            box.value = base + keys.slice(0, k);
            box.dispatchEvent(new Event("input", {bubbles: true}));
        });
    }""", [base, keys])
    wait_for_ids(page, base + keys)
    assert runs_of(page) == {name: [[len(base + keys)] * 2] for name in LESSON}


def test_the_share_links_qr_code_is_made_in_the_browser_as_segno_makes_it(watched, folder_url):
    """The QR code of the link, read back by zxing-cpp: the link itself, at the version and error correction that
    the app's segno.make_qr(link, error="l") gives (the smallest version at L, then boosted as far as it fits)."""
    import io

    import segno
    import zxingcpp
    from PIL import Image

    page, requests = watched
    page.goto(folder_url)
    wait_for_ids(page, "Hello world")
    for typed in ("QR, नमस्ते 😀", "a longer text for a bigger code: " + "tokens " * 40):
        type_text(page, typed)
        wait_for_ids(page, typed)
        previous = page.locator("#share-link input").input_value()
        page.locator("#share").click()
        # this click's link: the box holds the last one until it comes (the test once read the first text's)
        page.wait_for_function("""previous => document.querySelector('#share-qr .qr svg') &&
            document.querySelector('#share-link input').value.includes('z=') &&
            document.querySelector('#share-link input').value !== previous""", arg=previous)
        link = page.locator("#share-link input").input_value()
        page.wait_for_function("link => document.querySelector('#share-qr .qr').getAttribute('aria-label').endsWith("
                               "link.slice(0, 80))", arg=link)
        qr = page.locator("#share-qr .qr")
        made = segno.make_qr(link, error="l")
        modules = page.eval_on_selector("#share-qr svg", "s => s.viewBox.baseVal.width")
        assert modules == 17 + 4 * made.version + 8, (modules, made.version)  # and a quiet zone of 4 modules
        qr.click()  # as tall as the window: read as a phone at the back of the room reads it
        codes = zxingcpp.read_barcodes(Image.open(io.BytesIO(page.locator("#qr-overlay .qr").screenshot())))
        assert [c.text for c in codes] == [link]
        assert codes[0].ec_level == made.error, (codes[0].ec_level, made.error)
        page.keyboard.press("Escape")
    only_from(requests, folder_url)


def test_a_reload_keeps_the_setup(watched, site):
    """keep.js, called as the app's wiring calls it: the typed text, a chosen tokenizer and the ids view come back
    on a reload; a fresh visit to the address opens its own setup."""
    page, _ = watched
    page.goto(site)
    wait_for_ids(page, "Hello world")
    typed = "kept across a reload ✓"
    type_text(page, typed)
    page.locator("#tokenizer-1 select").select_option("gpt4o")
    page.locator("#view input[value=ids]").check()
    wait_for_ids(page, typed, names=("gpt2", "gpt4o", "llama"))
    page.reload()
    wait_for_ids(page, typed, names=("gpt2", "gpt4o", "llama"))
    assert textbox(page).input_value() == typed
    assert page.locator("#panels .toks.ids").count() == 3
    page.goto("about:blank")
    page.goto(site)  # not a reload: the address's own setup
    wait_for_ids(page, "Hello world")


def test_a_frame_sandboxed_without_same_origin_says_what_to_do(browser, lesson_site):
    """sandbox="allow-scripts": the frame's origin is opaque, so the module and the vocabularies are cross-origin
    fetches that http.server does not allow; the page says how to embed it instead."""
    context = browser.new_context()
    page = context.new_page()
    try:
        with parent_page(lesson_site, "allow-scripts") as lesson:
            page.goto(lesson)
            frame = page.frame_locator("#playground")
            note = frame.locator("#limit-note .limit")
            note.wait_for(timeout=30_000)
            assert 'sandbox="allow-scripts allow-same-origin"' in note.inner_text()
            assert "Access-Control-Allow-Origin: *" in note.inner_text()
    finally:
        context.close()


EXPORTED = (
    'He said "hi, there",\tthen\nleft; ÃÂÃÂ externalToEVA 😀',  # quotes, commas, a tab, a line break; under-trained tokens
    "नमस्ते दुनिया, naïve café ∰ 𝔘𝔫𝔦𝔠𝔬𝔡𝔢",  # BERT drops the vowel signs and accents, and has [UNK]
    "  indented\n\n\tcode():  return 1e-07  ",  # whitespace a decode may change
)


def test_the_downloads_are_the_apps_exports_to_the_byte(watched, folder_url):
    """The folder's CSV and JSON downloads, made in the browser, equal export.py's tokens_csv and tokens_json on
    compare()'s result for the same text and panels, special tokens on and off, the JSON with the batch of the
    boxes (B 4, T 8, seed 0: playground.batch, or why it cannot be cut)."""
    from playground import batch
    from playground.page.export import tokens_csv, tokens_json
    from playground.tokenizers.registry import compare

    def batch_or_error(text: str) -> dict:
        try:
            return batch(text, 4, 8, 0)
        except ValueError as err:
            return {"error": str(err)}

    page, requests = watched
    page.goto(folder_url)
    wait_for_ids(page, "Hello world")
    page.locator("#tokenizer-1 select").select_option("bert")
    page.locator("#tokenizer-2 select").select_option("gpt4o")
    names = ("gpt2", "bert", "gpt4o")
    for k, text in enumerate(EXPORTED):
        special = k == 1
        if special:
            page.locator("#special input").check()
        textbox(page).fill(text)
        wait_for_ids(page, text, special=special, names=names)
        result = compare(text, special, tokenizers=names)
        with_batch = {**result, "batch": batch_or_error(result["text"])}
        for fmt, expected in (("csv", tokens_csv(result)), ("json", tokens_json(with_batch))):
            with page.expect_download() as download:
                page.locator(f"#download-{fmt}").click()
            assert download.value.suggested_filename == f"tokens.{fmt}"
            got = Path(download.value.path()).read_bytes()
            assert got == expected.encode("utf-8"), (fmt, text)
        if special:
            page.locator("#special input").uncheck()
    only_from(requests, folder_url)


def test_the_languages_table_is_the_lessons_for_the_shipped_tokenizers(watched, site):
    """The Languages accordion: closed at first; opened, a row per language with each shipped tokenizer's premium,
    its tokens over English's in the stored FLORES-200 counts, and BERT's [UNK] share."""
    from playground.lesson.premium import BASELINE, LANGUAGES, stored_counts

    page, requests = watched
    page.goto(site)
    wait_for_ids(page, "Hello world")
    table = page.locator("#languages table.premium")
    assert not table.is_visible()
    page.locator("#languages summary").click()
    table.wait_for(state="visible")
    head = table.locator("thead th").all_inner_texts()
    assert head[0] == "language" and head[-1] == "BERT [UNK]" and len(head) == len(TOKENIZER_NAMES) + 2
    counts = stored_counts()
    rows = table.locator("tbody tr")
    assert rows.count() == len(LANGUAGES) == 12
    for row, code in zip(rows.all(), LANGUAGES):
        cells = row.locator("td").all_inner_texts()
        assert cells[0] == LANGUAGES[code]
        for cell, name in zip(cells[1:], TOKENIZER_NAMES):
            premium = counts["tokens"][code][name] / counts["tokens"][BASELINE][name]
            lost = name == "bert" and code != "swh_Latn"  # BERT drops or [UNK]s some of all but Swahili
            assert cell == f"{premium:.2f}" + ("*" if lost else ""), (code, name, cell)
        unk = counts["unk"][code]["bert"] / counts["tokens"][code]["bert"]
        assert cells[-1] == f"{unk:.0%}"
    assert page.locator("#languages img").first.is_visible()  # the chart
    only_from(requests, site)


def test_the_lessons_batch_is_cut_at_torchs_offsets(watched, folder_url):
    """The batch section drawn in the browser: the offsets torch.randint draws from a seeded torch.Generator
    (playground.lesson.batch, run here with torch) and the windows of GPT-2 ids at them, for typed B, T and seed;
    the memory figures beside the lesson's (32, 1024); too short a text says so; the lesson's button cuts
    (32, 1024) from its 200 FLORES sentences."""
    from playground.lesson.batch import batch
    from playground.lesson.embedding import format_bytes

    page, requests = watched
    page.goto(folder_url)
    wait_for_ids(page, "Hello world")
    text = "The lesson's batch: windows of consecutive ids, cut at random offsets. " * 6
    textbox(page).fill(text)

    def drawn(b: int, t: int, seed: int) -> None:
        for elem_id, value in (("batch-size", b), ("block-size", t), ("batch-seed", seed)):
            page.locator(f"#{elem_id} input").fill(str(value))
        expected = batch(text, b, t, seed)
        page.wait_for_function("""([b, t, seed]) => { const ids = document.querySelector('#batch-ids');
            return ids && ids.dataset.batchSize === String(b) && ids.dataset.blockSize === String(t) &&
                   document.querySelector('#batch .note:last-child').textContent.includes(`seed ${seed}.`); }""",
                               arg=[b, t, seed])
        rows = page.eval_on_selector_all("#batch-ids .batch-row", """rows => rows.map(r => [Number(r.dataset.offset),
            [...r.querySelectorAll('i')].map(i => Number(i.dataset.id))])""")
        assert rows == [list(pair) for pair in zip(expected["offsets"], expected["ids"])], (b, t, seed)
        cells = page.locator("#batch table.batch-memory tbody tr td.num b").all_inner_texts()
        assert cells[0::2] == [format_bytes(expected[k]) for k in ("ids_bytes", "one_hot_bytes", "dense_bytes")]
        assert cells[1::2] == ["262.14 KB", "6.59 GB", "100.7 MB"]  # the lesson's (32, 1024), as the lesson says

    drawn(4, 8, 0)
    drawn(64, 32, 2**31 - 1)
    drawn(7, 1, 12345)
    page.locator("#block-size input").fill("1000")
    page.locator("#batch-error").wait_for()
    assert "a block of 1,000 needs at least 1,001" in page.locator("#batch-error").inner_text()

    page.locator("#lesson-batch").click()
    page.wait_for_function("document.querySelector('#batch-ids')?.dataset.blockSize === '1024'", timeout=60_000)
    lesson_text = textbox(page).input_value()
    expected = batch(lesson_text, 32, 1024, 12345)  # the seed stays the box's, as in the app
    assert expected["n_tokens"] == 5613
    offsets = page.eval_on_selector_all("#batch-ids .batch-row", "rows => rows.map(r => Number(r.dataset.offset))")
    assert offsets == expected["offsets"]
    assert page.locator("#batch-replaced").is_visible()
    only_from(requests, folder_url)


def hosting_snippet(src: str) -> str:
    """docs/hosting.md's lesson page (its ```html block), byte for byte but the folder's address, in a page 716 px
    wide: the frame (width: 100%, less the body's 8 px margins) is 700 px wide."""
    import re

    from conftest import ROOT

    blocks = re.findall(r"^```html\n(.*?)^```$", (ROOT / "docs" / "hosting.md").read_text(encoding="utf-8"), re.S | re.M)
    assert len(blocks) == 1 and blocks[0].count("https://you.github.io/repo/") == 1
    return "<!doctype html><title>A lesson</title><h1>A lesson page</h1>" + blocks[0].replace(
        "https://you.github.io/repo/", src)


# Where each panel is, in the frame: [id, left, top, width].
PANEL_BOXES = """() => [...document.querySelectorAll("#panels > .column")].map(c => {
    const r = c.getBoundingClientRect(); return [c.querySelector("[id^=panel-]").id, r.left, r.top, r.width]; })"""


def test_a_lesson_pages_700_px_frame_has_three_panels_abreast_and_the_batch_closed(browser, whole_folder):
    """The folder in docs/hosting.md's lesson page, its frame 700 px wide: the three panels side by side, never
    GPT-2 and BERT with Llama 2 under them; the batch section closed there (a click opens it), so the frame is as
    tall as the panels and what follows them need; and on a phone, one panel a row."""
    with serving_folder(whole_folder) as url:
        with lesson_page(hosting_snippet(url + "?example=code")) as lesson:
            context = browser.new_context(viewport={"width": 716, "height": 900})
            page = context.new_page()
            page.goto(lesson)
            inner = next(f for f in page.frames if f.url.startswith(url))
            wait_for_ids(inner, EXAMPLES_BY_KEY["code"].text)
            assert page.evaluate("document.getElementById('playground').getBoundingClientRect().width") == 700
            boxes = inner.evaluate(PANEL_BOXES)
            assert [b[0] for b in boxes] == ["panel-gpt2", "panel-bert", "panel-llama"]
            assert len({round(b[2]) for b in boxes}) == 1, boxes  # one row: the same top
            assert all(b[3] > 200 for b in boxes), boxes
            assert inner.evaluate("document.getElementById('batch-section').open") is False
            height = inner.evaluate("Math.ceil(document.documentElement.getBoundingClientRect().height)")
            page.wait_for_function("h => parseFloat(document.getElementById('playground').style.height) === h",
                                   arg=height)  # the frame as tall as its content, the batch's rows not in it
            SCREENSHOTS.mkdir(parents=True, exist_ok=True)
            page.screenshot(path=SCREENSHOTS / "lesson-frame-700.png", full_page=True)
            context.close()
        context = browser.new_context(viewport={"width": 390, "height": 844}, has_touch=True, is_mobile=True)
        page = context.new_page()
        page.goto(url)
        wait_for_ids(page, "Hello world")
        boxes = page.evaluate(PANEL_BOXES)
        assert boxes[0][2] < boxes[1][2] < boxes[2][2] and len({round(b[1]) for b in boxes}) == 1, boxes  # a row each
        assert page.evaluate("document.getElementById('batch-section').open") is True  # not in a frame: open
        context.close()


def test_a_cold_example_link_fetches_its_tokenizers_vocabularies_as_small_as_the_app_sends_them(browser, whole_folder):
    """A cold ?example=code from a folder of all eight served by python -m http.server (which compresses nothing):
    the vocabularies and WebAssembly it fetches weigh no more than the app sends of them (gzipped: 2.3 MB, where the
    folder sent them whole, 6.2 MB, and 6.9 MB in all against the app's 3.0), each fetched once, and nothing of a
    tokenizer the link does not show. The expected sizes come from the twin declarations and the built files,
    gzipped here as the app's twin route sends them (level 6)."""
    import gzip

    from playground.tokenizers.assets import ASSETS_DIR
    from playground.tokenizers.browser import twin_declaration
    from playground.tokenizers.undertrained import DATA_FILE, has_data

    shown = EXAMPLES_BY_KEY["code"].tokenizers
    assert shown == ("gpt2", "bert", "llama")
    declared = {source for name in shown for source in twin_declaration(name)["files"].values()}
    declared |= {DATA_FILE for name in shown if has_data(name)}
    from playground.page.twin_route import BUILT_DIR

    cores = [path for path in BUILT_DIR.iterdir() if path.suffix == ".wasm"]  # the three families' cores: all three
    app_sends = {path.name: len(gzip.compress(path.read_bytes(), compresslevel=6, mtime=0))
                 for path in [*(ASSETS_DIR / source for source in declared), *cores]}

    with serving_folder(whole_folder) as url:
        context = browser.new_context(viewport={"width": 1280, "height": 800})
        page = context.new_page()
        session = context.new_cdp_session(page)
        session.send("Network.enable")
        asked, sizes = {}, {}
        session.on("Network.requestWillBeSent", lambda e: asked.__setitem__(e["requestId"], e["request"]["url"]))
        session.on("Network.loadingFinished", lambda e: sizes.__setitem__(e["requestId"], e["encodedDataLength"]))
        page.goto(url + "?example=code")
        wait_for_ids(page, EXAMPLES_BY_KEY["code"].text)
        page.wait_for_load_state("networkidle")
        context.close()
    fetched = [(asked[rid][len(url):], size) for rid, size in sizes.items() if asked[rid].startswith(url)]
    paths = [path.split("?")[0] for path, _ in fetched]
    assert len(paths) == len(set(paths)), "a file fetched twice"
    heavy = {path.rsplit("/", 1)[-1].removesuffix(".gz"): size for path, size in fetched
             if path.startswith("playground/twin/files/") or ".wasm" in path}
    assert sorted(heavy) == sorted(app_sends), "a vocabulary or core of a tokenizer the link does not show"
    headers = 1_000 * len(heavy)  # each response's status line and headers, counted in the bytes on the wire
    assert sum(heavy.values()) <= sum(app_sends.values()) + headers, (heavy, app_sends)
    assert sum(size for _, size in fetched) < 3_000_000  # all of it, the page's own files too: the app's 3.0 MB


LATER = ("gpt4", "gpt4o", "llama3")
KEYS = 3  # typed at the end of the longest text, each timed


@pytest.fixture(scope="module")
def later_site():
    with built("--tokenizers", ",".join(LATER), "--only", "panels") as folder, serving_folder(folder) as url:
        yield url


def test_a_key_at_the_end_of_the_longest_text_is_painted_at_once_and_drawn_bounded(watched, later_site):
    """100,000 spaces under GPT-4, GPT-4o and Llama 3: each panel's 782 tokens of 128 spaces were 100,000 marks to
    lay out, a key 6 to 8 s (60 s on a busy machine), of which the tokenizers took 0.1 to 0.5 s. A panel draws at
    most 5,000 characters of its text, says so under its tokens, and counts them all; a key takes little more than
    the three tokenizers' own time."""
    page, _ = watched
    page.goto(later_site)
    wait_for_ids(page, "Hello world", names=LATER)
    page.evaluate("""n => {  // pasted, as a student pastes it: one input event
        const box = document.querySelector("#input-text textarea");
        box.value = " ".repeat(n);
        box.dispatchEvent(new Event("input", {bubbles: true}));
    }""", MAX_INPUT_CHARS - KEYS)
    page.wait_for_function(f"() => [...document.querySelectorAll('#panels .stat')].filter("
                           f"(stat) => stat.textContent === '{MAX_INPUT_CHARS - KEYS:,} chars').length === 3",
                           timeout=120_000)
    paint_watch.watch(page, kind="chars")
    keys_ms = []
    for chars in range(MAX_INPUT_CHARS - KEYS + 1, MAX_INPUT_CHARS + 1):  # the median of three: one key may meet a GC
        pause(1, page)  # what the page does after an edit settles
        paint_watch.expect(page, [{slot: chars for slot in ("gpt2", "bert", "llama")}])  # the panels' ids
        textbox(page).press_sequentially(" ")  # the caret is at the end: a real key
        keys_ms += paint_watch.painted(page, 1, timeout=120_000)
    key_ms = statistics.median(keys_ms)
    # What each panel must draw, from the official libraries: its first tokens that end within 5,000 characters.
    bound = 5_000
    expected_marks, expected_notes = [], []
    for result in compare(" " * MAX_INPUT_CHARS, tokenizers=LATER)["tokenizers"]:
        drawn_tokens = next(k for k, end in enumerate(result["ends"]) if end > bound)
        covered = result["ends"][drawn_tokens - 1]
        expected_marks.append(covered)
        expected_notes.append(f"Drawing the first {drawn_tokens:,} of {result['count']:,} tokens, the first "
                              f"{covered:,} of 100,000 characters (a panel draws at most 5,000); the counts above "
                              "are for all of them.")
    drawn = page.eval_on_selector_all("#panels .toks", "boxes => boxes.map((box) => box.textContent)")
    assert [len(marks) for marks in drawn] == expected_marks and all(set(marks) == {"·"} for marks in drawn)
    assert max(expected_marks) <= bound
    notes = page.eval_on_selector_all("#panels .note", "notes => notes.map((note) => note.textContent)")
    assert notes == expected_notes
    # The time: most of it is the three tokenizers' own (a long run of one character is tiktoken's worst case), so
    # the bound is theirs in the same page, on texts like it that they have not seen (the text itself they remember:
    # chunks.js), plus a drawing that takes no time worth naming.
    tokenizing = page.evaluate("""async (names) => {
        const times = [];
        for (let run = 0; run < 3; run++) {
            const text = " ".repeat(99_990 - run);
            const t0 = performance.now();
            for (const name of names) await window.playground.tokenize(text, name, {tokenLimit: 1000});
            times.push(performance.now() - t0);
        }
        return times.sort((a, b) => a - b)[1];
    }""", list(LATER))
    assert key_ms < 3 * tokenizing + 500, f"{keys_ms} ms from each key to its paint, {tokenizing:.0f} ms tokenizing"
