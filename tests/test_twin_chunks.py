"""The chunk cache (playground/tokenizers/chunks.js) under Node: a text typed and edited key by key, each text
tokenized right after the one before, so that the chunks kept from the text before (those that end before where the
two first differ) are in play; every field as compare() gives it."""

from __future__ import annotations

import json
import subprocess

import pytest
from browser import require_node
from conftest import ROOT
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


SPELL = """
import {decodeBySpelling} from "./playground/tokenizers/chunks.js";
import {readFileSync} from "node:fs";
const {text, tokens, ids} = JSON.parse(readFileSync(0, "utf8"));
const asked = [];
const decode = decodeBySpelling((ids) => { asked.push(ids.length); return "the library's"; }, () => tokens);
process.stdout.write(JSON.stringify({decoded: decode(ids, true, text), asked}));
"""


@pytest.mark.node
@pytest.mark.parametrize("change, spelled", [
    (None, True), ("byte", False), ("short", False), ("long", False), ("few", False)])
def test_a_long_chunk_decodes_to_itself_only_where_its_tokens_spell_it(change, spelled):
    """decodeBySpelling (byte-level BPE): a chunk of 256 tokens or more whose tokens' bytes are its UTF-8 decodes to
    itself; a byte changed, one missing or one more at the end, or too few tokens: the library decodes."""
    require_node(installed=False)  # chunks.js imports no npm package
    text = "ab😀" * 100  # 600 bytes: tokens of 2 bytes, "ab" and each emoji's halves
    utf8 = list(text.encode())
    tokens = [utf8[i:i + 2] for i in range(0, len(utf8), 2)]  # 300 tokens
    ids = list(range(len(tokens)))
    if change == "byte":
        tokens[150] = [tokens[150][0], tokens[150][1] ^ 1]
    elif change == "short":
        tokens[-1] = tokens[-1][:1]
    elif change == "long":
        tokens[-1] = [*tokens[-1], 0x61]
    elif change == "few":  # the same text, its bytes in fewer, longer tokens
        tokens = [utf8[i:i + 4] for i in range(0, len(utf8), 4)]
        ids = list(range(len(tokens)))
    out = subprocess.run(["node", "--input-type=module", "-e", SPELL], cwd=ROOT, capture_output=True, text=True,
                         input=json.dumps({"text": text, "tokens": tokens, "ids": ids}), timeout=60)
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout) == ({"decoded": text, "asked": []} if spelled
                                      else {"decoded": "the library's", "asked": [len(ids)]})
