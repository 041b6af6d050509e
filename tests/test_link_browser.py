"""What a link opens the page with, read by the page itself (static/link.js, in Chromium, the static folder's
page): the text (?z= packed, then ?text=, then ?example=, else "Hello world"), the example asked, the modes, the three tokenizers,
the marks and the view, and whether a packed text was damaged. Each expected value is written out here, from the
rules docs/lecture.md gives (before, web.page_from_url read links on the server: these cases were its tests)."""

from __future__ import annotations

import base64
import urllib.parse
import zlib

import pytest
from browser import wait_for_ids

from playground.lesson.examples import EXAMPLES_BY_KEY

LESSON = ("gpt2", "bert", "llama")
HINDI, CODE, GLITCH = (EXAMPLES_BY_KEY[k].text for k in ("hindi", "code", "glitch"))


def pack(data: bytes) -> str:
    """What the page's Copy button makes of a text's UTF-8: raw DEFLATE, base64url, no padding."""
    deflate = zlib.compressobj(9, zlib.DEFLATED, -15)
    return base64.urlsafe_b64encode(deflate.compress(data) + deflate.flush()).decode("ascii").rstrip("=")


def opens(text: str, example: str = "", guess: bool = False, present: bool = False,
          tokenizers: tuple[str, ...] = LESSON, marks: bool = True, view: str = "text", damaged: bool = False) -> list:
    return [text, example, guess, present, *tokenizers, marks, view, damaged]


CASES = {
    "nothing": ([], opens("Hello world")),
    "a text": ([("text", "hi <b>")], opens("hi <b>")),
    "an example": ([("example", "hindi")], opens(HINDI, "hindi")),
    "an unknown example": ([("example", "nope")], opens("Hello world")),
    "an example, guess first, presenter view": ([("example", "code"), ("guess", "1"), ("present", "1")],
                                                opens(CODE, "code", True, True)),
    "?text= wins and asks nothing": ([("example", "code"), ("text", "mine")], opens("mine")),
    "guess=yes is not 1": ([("guess", "yes")], opens("Hello world")),
    "three tokenizers": ([("tokenizers", "gpt4o,llama3,gemma")], opens("Hello world", tokenizers=("gpt4o", "llama3", "gemma"))),
    "one tokenizer, the rest keep theirs": ([("tokenizers", "mistral")], opens("Hello world", tokenizers=("mistral", "bert", "llama"))),
    "unknown and empty names keep their slot's": ([("tokenizers", "gpt5,gpt4,,x,y")],
                                                  opens("Hello world", tokenizers=("gpt2", "gpt4", "llama"))),
    "an example's own tokenizers": ([("example", "glitch")], opens(GLITCH, "glitch", tokenizers=("gpt2", "llama", "llama3"))),
    "an example's, one named": ([("example", "glitch"), ("tokenizers", "gpt4")],
                                opens(GLITCH, "glitch", tokenizers=("gpt4", "llama", "llama3"))),
    "an example with ?text=": ([("example", "glitch"), ("text", "mine")], opens("mine")),
    "marks off, the ids view": ([("marks", "0"), ("view", "ids")], opens("Hello world", marks=False, view="ids")),
    "marks=no, view=bytes": ([("marks", "no"), ("view", "bytes")], opens("Hello world")),
    "a packed edit of an example": ([("z", "y8jMS8lUSMxLUcjNL0oFAA"), ("example", "hindi"), ("guess", "1")],
                                    opens("hindi and more", "hindi", True)),  # raw deflate of "hindi and more"
    "a damaged packed text": ([("z", "!!"), ("example", "hindi")], opens(HINDI, "hindi", damaged=True)),
    "?z= wins over ?text=": ([("z", pack("packed नमस्ते 😀".encode())), ("text", "hi")], opens("packed नमस्ते 😀")),
    "not base64 falls back to ?text=": ([("z", "!!not base64!!"), ("text", "hi")], opens("hi", damaged=True)),
    "bytes after the stream are ignored": ([("z", pack(b"a") + "AAAA"), ("example", "code")], opens("a", "code")),
    "three zero bytes: no stream": ([("z", "AAAA")], opens("Hello world", damaged=True)),
    "an empty text packed: an empty box": ([("z", "AwA")], opens("")),  # raw deflate of "": a cleared box's link
    "a packed text past the limit, in emoji": ([("z", pack("😀".encode() * 100_001))], opens("😀" * 100_000)),
    "a plain text past the limit, in emoji": ([("text", "😀" * 100_001)], opens("😀" * 100_000)),
    "a plain text past the limit": ([("text", "x" * 100_005)], opens("x" * 100_000)),
    "bad UTF-8 dropped, a U+FFFD of its own kept": ([("z", pack(b"ab\xffcd\xe2\x82 \xef\xbf\xbd kept"))],
                                                   opens("abcd \ufffd kept")),
    "a name given twice: its last": ([("text", "first"), ("text", "last")], opens("last")),
}


@pytest.fixture(scope="module")
def page(browser, folder_url):  # noqa: F811
    """The page, loaded once from the static folder (no server is needed): link.js's reading of a query is a pure
    function of it."""
    context = browser.new_context()
    tab = context.new_page()
    tab.goto(folder_url)
    wait_for_ids(tab, "Hello world")
    yield tab
    context.close()


@pytest.mark.parametrize("query, expected", CASES.values(), ids=CASES.keys())
def test_a_link_opens_the_page_with(page, query, expected):
    got = page.evaluate("""async (query) => {
        const s = await window.playground.setupFromUrl(new URLSearchParams(query));
        return [s.text, s.example, s.guess, s.present, ...s.tokenizers, s.markWhitespace, s.view, s.damaged];
    }""", urllib.parse.urlencode(query))
    assert got == expected


def test_a_packed_link_cannot_unpack_into_more_than_the_limit(page):
    """A few kB of link that inflates to 5 MB: read up to what 100,000 characters take, no further."""
    bomb = pack(b"a" * 5_000_000)
    assert len(bomb) < 10_000
    text = page.evaluate("async (z) => (await window.playground.setupFromUrl(new URLSearchParams({z}))).text", bomb)
    assert text == "a" * 100_000



LONGEST = 2 * 1024 * 1024  # Chromium's longest URL: no part of a link can be longer


@pytest.mark.parametrize("query", [
    {"tokenizers": "," * LONGEST},  # split into two million names before the first three were taken (0.3 s)
    {"z": "A" * LONGEST},  # turned into bytes one callback a character (0.7 to 1 s)
    {"chat": "A" * LONGEST},  # the same, for chat.js's conversation (1.4 s)
    {"text": "😀" * (LONGEST // 12)},  # (a percent-encoded emoji is 12 characters of link)
], ids=["tokenizers", "z", "chat", "text"])
def test_any_part_of_the_longest_link_is_read_at_once(page, query):
    """A link's parts are read in a few milliseconds whatever their length: each is cut to what the page uses
    before anything is made of it. The best of three reads, for a busy machine."""
    took = page.evaluate("""async (query) => {
        query = new URLSearchParams(query);
        const {setupFromUrl, unpack, maxInputChars} = window.playground;
        const read = query.has("chat") ? () => unpack(query.get("chat"), 10 * maxInputChars) : () => setupFromUrl(query);
        const times = [];
        for (let k = 0; k < 3; k++) {
            const start = performance.now();
            await read();
            times.push(performance.now() - start);
        }
        return Math.min(...times);
    }""", urllib.parse.urlencode(query))
    assert took < 100, f"{took:.0f} ms"
