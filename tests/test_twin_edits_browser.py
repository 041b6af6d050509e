"""A long text edited key by key in the browser tokenizers (playground/tokenizers/chunks.js remembers each chunk's
tokens between edits): after every edit, window.playground.tokenize equals compare() in Python in every field, so
no remembered chunk is ever stale; and a key at the end of a text of 100,000 characters costs the tokenizers a
fraction of what a text they have not seen does (issue 44: a key within 150 ms)."""

from __future__ import annotations

import statistics
from pathlib import Path

import pytest
from browser import require_chromium
from conftest import ROOT
from test_browser_twin import HARD, differences, long_text, open_twins, require_twin

# One tokenizer of each family whose module cuts texts into chunks, and the other two of the families whose cut
# hangs on the vocabulary (GPT-2's pattern differs from GPT-4's and GPT-4o's; Gemma's pieces from Llama's).
NAMES = ["gpt2", "gpt4", "gpt4o", "llama3", "llama", "mistral", "gemma", "bert"]


def every_script(chars: int) -> str:
    """The FLORES-200 sentences of the twelve languages in turn (the first of each, then the second, ...), the hard
    cases between them, cut to `chars` characters: every script and its words, early in the text."""
    flores = [Path(f).read_text(encoding="utf-8").splitlines()
              for f in sorted((ROOT / "assets" / "flores200-dev-200").glob("*.txt"))]
    lines = [line for k, group in enumerate(zip(*flores)) for line in (*group, HARD[k % len(HARD)])]
    return "\n".join(lines)[:chars]


def edits(text: str) -> list[str]:
    """The texts a student's edits of `text` make, one after another: keys at the end and in the middle, two words
    joined and parted again, a space that becomes a character no cut follows, a long run pasted in, the text's
    first chunk changed (a dummy prefix tokenizes it otherwise) and the text as it was at first."""
    middle = text.index(" ", len(text) // 2)  # a space after a word: a cut for every family
    assert not text[middle - 1].isspace()
    joined = text[:middle] + text[middle + 1:]
    texts = [text, text + " x", text + " xy", text + " xy ", text + " xy z",
             text[:middle] + " Hello" + text[middle:],
             joined,
             text[:middle] + "\u2581" + text[middle + 1:],  # "▁": a space to SentencePiece, not to the others
             # "▁ " after words: SentencePiece's "▁▁", which may be one piece
             text[:middle] + text[middle:middle + 300].replace(" ", "\u2581 ") + text[middle + 300:],
             text[:middle] + "\u0085" + text[middle + 1:],  # whitespace to tiktoken's \s, not to JavaScript's \s
             text[:middle] + " " + "😀" * 300 + text[middle:],
             " the " + text, "the " + text, "  the " + text,
             text]
    return texts


@pytest.mark.parametrize("name", NAMES)
def test_a_long_text_edited_key_by_key_is_tokenized_as_python_does(shared_page, name):
    """In the module's page, one tokenizer a test: its caches hold what the page's opening drew and nothing else,
    as in a fresh page."""
    require_twin(name)
    texts = edits(every_script(30_000))
    found = differences(shared_page, texts, name)
    assert not found, "\n".join(found)


# Runs in the page: ms of each tokenizer call, as the page makes it (the first 1,000 tokens described), on each text.
TIMES = """async ([names, texts]) => {
  const times = [];
  for (const text of texts) {
    const t0 = performance.now();
    for (const name of names) await window.playground.tokenize(text, name, {tokenLimit: 1000});
    times.push(performance.now() - t0);
  }
  return times;
}"""


@pytest.mark.browser
@pytest.mark.parametrize("names", [("gpt2", "bert", "llama"), ("gpt4", "gpt4o", "llama3")])
def test_a_key_at_the_end_of_a_long_text_tokenizes_only_what_changed(page, app_url, names):
    """Keys typed at the end of 100,000 characters of prose in many scripts: each takes the three tokenizers less
    than half the time of a text of the same length they have not seen (the same text with every word changed).
    Before chunks.js both took the same: every key tokenized the whole text. Timed as a ratio in one page, since
    the machine is shared; measured 0.1x to 0.3x."""
    require_chromium()
    for name in names:
        require_twin(name)
    open_twins(page, app_url)
    text = long_text(100_000)[:-10]
    page.evaluate(TIMES, [list(names), [text]])  # its chunks seen once, as the paste before the keys does
    keys = page.evaluate(TIMES, [list(names), [text[:k] for k in range(len(text) - 5, len(text) + 1)]])
    unseen = page.evaluate(TIMES, [list(names), [text.replace(" ", f" {k}")[:len(text)] for k in range(3)]])
    assert statistics.median(keys) < statistics.median(unseen) / 4, (keys, unseen)
