"""The chunk cache (playground/tokenizers/chunks.js) under Node: a text typed and edited key by key, each text
tokenized right after the one before, so that the chunks kept from the text before (those that end before where the
two first differ) are in play; every field as compare() gives it."""

from __future__ import annotations

import pytest
from test_twin_tiktoken import assert_twin_gives_pythons

# Many cuts of every family's kind: spaces after words, runs of spaces, tabs and newlines (BERT cuts before each),
# "▁" (SentencePiece's space), characters in no longer piece (Llama 2 cuts around them: emoji, Devanagari, Chinese).
BASE = ("The cat  sat\ton the mat.\n    return x  # नमस्ते 你好 😀👍🏽 ▁a ▁ b " * 40)[:2_000]


def typed(text: str) -> list[str]:
    """text, then keys at its end, back, and in its last few characters (where a cut reads the characters after
    it), each edit from the text before."""
    steps = [text]
    for key in "ab c  d\te\nf 中 😀 x ▁y":  # typed at the end
        steps.append(steps[-1] + key)
    for _ in range(8):  # Backspace
        steps.append(steps[-1][:-1])
    for back in range(1, 7):  # a space, then a letter, typed `back` characters before the end
        last = steps[-1]
        steps.append(last[:-back] + " " + last[-back:])
        steps.append(steps[-1][:-back] + "q" + steps[-1][-back:])
    middle = len(text) // 2
    steps += [steps[-1][:middle] + " " + steps[-1][middle:], steps[-1][:middle] + steps[-1][middle + 1:],
              steps[-1][:-3], "x" + steps[-1], steps[-1][1:], text]
    return steps


@pytest.mark.npm
@pytest.mark.parametrize("name", ["bert", "llama", "mistral", "gemma", "llama3", "gpt2"])
def test_a_text_typed_key_by_key_is_tokenized_as_python_does(name):
    assert_twin_gives_pythons(name, typed(BASE))


@pytest.mark.npm
@pytest.mark.parametrize("name", ["llama", "mistral"])
@pytest.mark.parametrize("texts", [["😀^", ""], ["😀^abc", "abc"], ["abc", "😀^abc"], ["x 😀^ab", "ab"]])
def test_a_chunk_after_a_lone_character_is_not_taken_for_a_texts_first(name, texts):
    """Llama 2 and Mistral cut after a character no longer piece holds (an emoji), so a chunk other than a text's
    first may start with any character, "^" too: the cache's key for it must differ from the first chunk's of the
    text after the "^" (a first chunk has a dummy prefix; one after a cut is tokenized after U+E000)."""
    assert_twin_gives_pythons(name, texts)
