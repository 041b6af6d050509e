"""python app.py --tokenizer NAME=PATH in a real browser: the added tokenizers' panels show exactly their
libraries' ids, their replay (a Unigram model's in one step), the slide's "all" and the token premium."""

from __future__ import annotations

from urllib.parse import quote

import pytest
import sentencepiece
from browser import SCREENSHOTS, require_chromium
from serve import running
from test_your_tokenizer import LLAMA3_JSON, train_unigram

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def unigram_model(tmp_path_factory):
    return train_unigram(tmp_path_factory.mktemp("unigram-browser"))


@pytest.fixture(scope="module")
def added_url(unigram_model):
    require_chromium()
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    with running("app.py", args=("--tokenizer", f"uni={unigram_model}", "--tokenizer", f"l3={LLAMA3_JSON}")) as (url, _, _):
        yield url


@pytest.fixture
def tab(browser, added_url):
    """A fresh page for each test (a page taken to another URL mid-stream logs its cut connection)."""
    context = browser.new_context(viewport={"width": 1280, "height": 720})
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    yield page
    found = list(errors)  # read before closing: closing cuts the page's live connection, which logs an abort
    context.close()
    assert not found, found


def shown_ids(page, name: str) -> list[int]:
    return page.eval_on_selector_all(f"[data-tokenizer={name}] .tok", "els => els.map(e => Number(e.dataset.id))")


def test_the_added_panels_show_exactly_their_libraries_ids(tab, added_url, unigram_model):
    from tokenizers import Tokenizer

    text = "The quick brown fox: नमस्ते 👩‍💻"
    uni = sentencepiece.SentencePieceProcessor(model_file=str(unigram_model)).encode(text)
    l3 = Tokenizer.from_file(str(LLAMA3_JSON))
    l3.encode_special_tokens = True
    expected = {"uni": uni, "l3": l3.encode(text, add_special_tokens=False).ids}
    asked: list[str] = []  # which tokenizers the page POSTs to the server's tokens route for
    tab.on("request", lambda r: asked.append(r.post_data_json["tokenizer"])
           if r.method == "POST" and r.url.endswith("/playground/tokens") else None)
    tab.goto(added_url + "?tokenizers=uni,l3,gpt2&text=" + quote(text))
    tab.wait_for_function("""expected => Object.entries(expected).every(([name, ids]) => {
        const got = [...document.querySelectorAll(`[data-tokenizer=${name}] .tok`)].map(e => Number(e.dataset.id));
        return got.length === ids.length && got.every((id, i) => id === ids[i]); })""", arg=expected, timeout=30_000)
    assert shown_ids(tab, "uni") == expected["uni"] and shown_ids(tab, "l3") == expected["l3"]
    # uni has no browser twin: its panel is painted from /playground/tokens; l3 and gpt2 have twins, never asked
    assert set(asked) == {"uni"}
    assert "uni SentencePiece Unigram" in tab.inner_text("#panels")
    # partial-UTF-8 chips as for the built-in Llama 3: its Hindi tokens that hold part of a character
    assert tab.locator("[data-tokenizer=l3] .tok.partial").count() > 0
    tab.screenshot(path=str(SCREENSHOTS / "added-tokenizers.png"))
    # the selector lists them too, by label
    assert tab.locator("#tokenizer-2 option", has_text="l3 byte-level BPE").count() == 1
    tab.keyboard.press("Escape")


def test_an_added_tokenizer_runs_in_the_browser_where_an_exact_twin_exists_and_says_so_where_not(tab, added_url):
    """Llama 3's tokenizer.json added again (byte-level BPE, no normaliser) runs in the page, with the tokenizers
    library's ids; the Unigram model with sentencepiece's NFKC has no exact twin: its panel says it runs on the
    server only, and the page does not pretend otherwise."""
    from tokenizers import Tokenizer

    text = "Hello\u0085 world \ufeff नमस्ते"
    l3 = Tokenizer.from_file(str(LLAMA3_JSON))
    l3.encode_special_tokens = True
    tab.goto(added_url + "?tokenizers=uni,l3,gpt2&text=hi")
    tab.wait_for_function("() => window.playground && window.playground.tokenize && document.querySelector('[data-tokenizer=uni] .tok')")
    assert tab.evaluate("() => [window.playground.hasTwin('uni'), window.playground.hasTwin('l3')]") == [False, True]
    got = tab.evaluate("text => window.playground.tokenize(text, 'l3')", text)
    assert got["ids"] == l3.encode(text, add_special_tokens=False).ids and got["decoded"] == text
    assert tab.evaluate("() => window.playground.tokenize('x', 'uni').then(() => 'answered', e => e.message)") \
        == 'no browser twin for tokenizer "uni": the server tokenizes it'
    heads = {name: tab.inner_text(f"[data-tokenizer={name}] .panel-head") for name in ("uni", "l3")}
    assert "server only" in heads["uni"] and "server only" not in heads["l3"]


def test_the_unigram_replay_says_what_it_is(tab, added_url, unigram_model):
    text = "The quick brown fox"
    tab.goto(added_url + "?tokenizers=uni,l3,gpt2&text=" + quote(text))
    tab.wait_for_selector("[data-tokenizer=uni] .tok")
    tab.locator("#replay-all").click()
    tab.wait_for_selector("#panel-gpt2 .stepper .step-chip")
    head = tab.inner_text("#panel-gpt2 .stepper .step-head")
    assert "4 Unigram segmentations" in head, head
    action = tab.inner_text("#panel-gpt2 .stepper .action")
    # the piece written as the panels draw it (· for the space), with its score in the trained model
    model = sentencepiece.SentencePieceProcessor(model_file=str(unigram_model))
    score = model.GetScore(model.PieceToId("\u2581The"))
    assert action.startswith("Unigram model: the segmentation whose pieces' scores add up to the most: "
                             f"“·The” ({score:.2f})"), action
    tab.screenshot(path=str(SCREENSHOTS / "added-unigram-replay.png"))


def test_the_slide_and_the_premium_include_the_added_ones(tab, added_url):
    tab.goto(added_url)
    tab.wait_for_selector("#panel-gpt2 .tok")
    tab.locator("#slide > summary").first.click()
    tab.get_by_label("All 10 tokenizers").check()
    tab.wait_for_function("() => document.querySelector('#slide table')?.innerText.includes('uni SentencePiece Unigram')",
                          timeout=60_000)
    tab.locator("#languages > summary").first.click()
    tab.wait_for_function("() => document.querySelector('#premium table')?.innerText.includes('l3 byte-level BPE')",
                          timeout=120_000)
