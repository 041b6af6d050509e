"""The tiktoken family's browser twin (playground/tokenizers/tiktoken_bpe.js) under Node, against tiktoken in
Python: GPT-2's ranks converted from vocab.bpe, every id's piece and bytes, and decode with U+FFFD where ids cut a
character. (tests/test_browser_twin.py runs the twins in Chromium, field for field, on a corpus.)"""

from __future__ import annotations

import json
import random
import subprocess

import pytest
from browser import require_node
from conftest import ROOT

from scripts.twin_node_check import HARD, node_describe, random_texts

from playground import compare
from playground.tokenizers import registry
from playground.tokenizers.assets import verified_path
from playground.tokenizers.browser import twin_files, twin_spec
from playground.tokenizers.from_file import register_tokenizer
from playground.tokenizers.gpt2 import gpt2_encoding
from playground.tokenizers.registry import get_tokenizer

pytestmark = pytest.mark.node

# stdin: {"name", "spec", "paths", "decode": [[ids], ...]}; stdout: the twin's tables and decodes.
TABLES = """
import {readFileSync} from "node:fs";
import {register} from "node:module";
register("./scripts/twin_node_hooks.mjs", "file://" + process.cwd() + "/");
const job = JSON.parse(readFileSync(0, "utf8"));
const family = await import("./playground/tokenizers/tiktoken_bpe.js");
const files = Object.fromEntries(Object.entries(job.paths).map(([key, path]) => [key, new Uint8Array(readFileSync(path))]));
const tokenizer = await family.load({name: job.name, ...job.spec}, files);
const ranks = files.vocab_bpe ? family.dataGymRanks(files.vocab_bpe).map((b) => Buffer.from(b).toString("hex")) : null;
process.stdout.write(JSON.stringify({vocab_size: tokenizer.vocab_size, pieces: Array.from({length: tokenizer.vocab_size}, (_, id) => tokenizer.piece(id)),
  bytes_hex: Array.from({length: tokenizer.vocab_size}, (_, id) => tokenizer.bytesHex(id)), ranks, decoded: job.decode.map((ids) => tokenizer.decode(ids))}));
"""


def run_twin(name: str, decode: list[list[int]]) -> dict:
    require_node()
    paths = {key: str(path) for key, path in twin_files(name).items()}
    job = {"name": name, "spec": twin_spec(name), "paths": paths, "decode": decode}
    out = subprocess.run(["node", "--input-type=module", "-e", TABLES], input=json.dumps(job), cwd=ROOT,
                         capture_output=True, text=True, timeout=300)
    assert out.returncode == 0, out.stderr
    return json.loads(out.stdout)


def cut_characters(name: str, n: int = 300) -> list[list[int]]:
    """Id lists that end or begin inside a character's bytes (one token of an emoji, a CJK ideograph beyond the
    BMP, Devanagari), a byte-order mark first, and random ids (no special ones, no ids the encoding skips)."""
    enc = get_tokenizer(name)._enc
    rng = random.Random(name)
    whole = [enc.encode_ordinary(t) for t in ("😀", "👩‍👩‍👧‍👦", "\U00020f0d\u29fa", "नमस्ते", "\ufeffa", "é")]
    cut = [ids[:k] for ids in whole for k in range(len(ids) + 1)] + [ids[k:] for ids in whole for k in range(len(ids))]
    specials = set(enc._special_tokens.values())
    ordinary = [i for i in range(enc.n_vocab) if i not in specials and _decodes(enc, i)]
    return cut + [rng.sample(ordinary, rng.randint(1, 4)) for _ in range(n)]


def _decodes(enc, token_id: int) -> bool:
    try:
        enc.decode_single_token_bytes(token_id)
    except KeyError:  # an id cl100k skips
        return False
    return True


@pytest.mark.npm
def test_gpt2_ranks_are_tiktokens_conversion_of_vocab_bpe():
    twin = run_twin("gpt2", [])
    ranks = gpt2_encoding()._mergeable_ranks  # data_gym_to_mergeable_bpe_ranks, checked against encoder.json
    assert len(twin["ranks"]) == len(ranks) == 50256
    assert twin["ranks"] == [token.hex() for token, _ in sorted(ranks.items(), key=lambda item: item[1])]
    assert verified_path("gpt2/vocab.bpe")  # the very file the browser fetches, by its sha256


@pytest.mark.npm
@pytest.mark.parametrize("name", ["gpt2", "gpt4", "gpt4o"])
def test_every_piece_and_bytes_and_decode_equal_pythons(name):
    decode = cut_characters(name)
    twin = run_twin(name, decode)
    tokenizer = get_tokenizer(name)
    assert twin["vocab_size"] == tokenizer._enc.n_vocab
    assert twin["pieces"] == tokenizer._pieces  # "Ġworld", a special token by its name, "" for a skipped id
    assert twin["bytes_hex"] == tokenizer._bytes_hex
    # bytes.decode("utf-8", "replace"): one U+FFFD per maximal invalid subsequence, a leading BOM kept
    assert twin["decoded"] == [tokenizer._enc.decode(ids) for ids in decode]
    assert any("\ufffd" in text for text in twin["decoded"]) and "\ufeffa" in twin["decoded"]


@pytest.mark.npm
def test_a_registered_rank_file_runs_in_the_twin_as_in_python(monkeypatch, tmp_path):
    """register_tokenizer's rank file, split as cl100k, no special tokens: describe() equal to compare()'s."""
    require_node()
    monkeypatch.setattr(registry, "_registered", dict(registry._registered))
    monkeypatch.setattr(registry, "_loaded", dict(registry._loaded))
    lines = verified_path("cl100k/cl100k_base.tiktoken").read_bytes().splitlines(keepends=True)
    (tmp_path / "mine.tiktoken").write_bytes(b"".join(lines[:20_000]))  # the first 20,000 ranks
    register_tokenizer("mine", f"{tmp_path / 'mine.tiktoken'}:cl100k")
    texts = HARD + random_texts(300)
    got = node_describe("mine", texts)
    assert got[HARD.index("Hello world")]["vocab_size"] == 20_000
    assert got == [compare(text, tokenizers=("mine",))["tokenizers"][0] for text in texts]


# Texts with a run of one kind of character long enough for tiktoken_long.js (200 characters or more), each with the
# hard cases around it, so that its split of them is checked too: tiktoken's npm core merges such a piece in time
# quadratic in its length (100,003 emoji: 122 s in Chromium).
RUNS = ["😀" * 300, "a" * 1_000, "ſ" * 250 + "'S'ſ'K", " " * 400, "\n" * 300 + "x", "=" * 500, "中文" * 400,
        "1" * 700, "\u0301" * 300, "/" * 250 + "\r\n" * 200, "\u0085" * 250 + "\ufeff" * 250, "\U0001f9d1\u200d" * 150]
LONG_RUN_TEXTS = [f"{before}{run}{after}" for run in RUNS for before, after in zip(HARD, reversed(HARD))]


@pytest.mark.npm
@pytest.mark.parametrize("name", ["gpt2", "gpt4", "gpt4o"])
def test_a_text_with_a_long_run_is_encoded_as_python_encodes_it(name):
    """Encoded in JavaScript (the split carried over from Rust's regex syntax, the merge by a heap): every field of
    describe() as compare() gives it; U+0085 and U+FEFF too, which a JavaScript \\s would split otherwise."""
    require_node()  # twin_node.mjs imports the npm tiktoken core
    got = node_describe(name, LONG_RUN_TEXTS)
    for text, node in zip(LONG_RUN_TEXTS, got, strict=True):
        python = compare(text, tokenizers=(name,))["tokenizers"][0]
        assert {k: node.get(k) for k in python} == python, text[:80]


def edits(text: str) -> list[str]:
    """text, then one edit after another of it, as keys and pastes make them: each a text the twin encodes right
    after the one before, so that it merges a long piece again around the edit (tiktoken_long.js's mergedAround)."""
    middle = len(text) // 2
    steps = [text, text + text[-1], text + text[-1] * 3, text[:-1], text[:-7] + "x", text[:middle] + "q" + text[middle:],
             text[:middle] + text[middle + 5:], text[:middle] + "  " + text[middle + 2:], "b" + text, text[3:],
             text[:middle] + " " + text[middle:], text, text + "😀", text + "😀" * 2 + text[-1], text[:-2]]
    return steps


# Long pieces of runs, and of text whose merges change far back when a character is added (a few letters at random:
# each key may re-merge several tokens before it, which mergedAround must find by widening).
EDITED = [" " * 3_000, "a" * 3_000, "😀👍🏽👩‍💻" * 400, "中文" * 1_200, "=" * 2_500,
          "".join(random.Random(7).choice("abcde") for _ in range(3_000)),
          "".join(random.Random(8).choice("ab") for _ in range(3_000)), "\U0001f9d1\u200d" * 500]


def assert_twin_gives_pythons(name: str, texts: list[str]) -> None:
    """Tokenizer `name`'s twin, given `texts` one after another under Node (so that each is tokenized right after the
    one before, its caches in play), gives every field of compare() for each."""
    require_node()
    got = node_describe(name, texts)
    for k, (text, node) in enumerate(zip(texts, got, strict=True)):
        python = compare(text, tokenizers=(name,))["tokenizers"][0]
        assert {key: node.get(key) for key in python} == python, f"text {k}: {text[:20]!r}"


@pytest.mark.npm
@pytest.mark.parametrize("name", ["gpt2", "gpt4", "gpt4o"])
def test_a_long_piece_edited_is_merged_as_python_merges_it(name):
    """Each long piece merged again only around an edit of the one before (at the end, in the middle, at the start;
    added, deleted, replaced; a space that splits it): every field as compare() gives it, text after text."""
    assert_twin_gives_pythons(name, [step for text in EDITED for step in edits(text)])


@pytest.mark.parametrize("text, long", [
    (("😀" + "\U000323b0") * 300, True),  # a letter new in Unicode 17 between emoji: one piece for the cores (Unicode 16)
    ("/\n" * 150, True),  # GPT-4's and GPT-4o's symbols take the newlines and slashes after them
    (" " * 200, True),
    ("x" * 199 + " ", False),
    ("a b " * 1_000, False),  # long, but every piece short: the WebAssembly core's
])
def test_a_run_that_may_make_a_long_piece_is_found(text, long):
    """tiktoken_long.hasLongRun, which sends a text to the JavaScript encoder: by whitespace, not by letters, whose
    Unicode version differs between the browser and the cores (a miss would leave the page frozen for minutes)."""
    require_node(installed=False)  # tiktoken_long.js imports no npm package
    script = ('import {readFileSync} from "node:fs"; import {hasLongRun} from "./playground/tokenizers/tiktoken_long.js";'
              'process.stdout.write(JSON.stringify(hasLongRun(JSON.parse(readFileSync(0, "utf8")))));')
    out = subprocess.run(["node", "--input-type=module", "-e", script], input=json.dumps(text), cwd=ROOT,
                         capture_output=True, text=True, timeout=60)
    assert out.returncode == 0, out.stderr
    assert json.loads(out.stdout) is long


@pytest.mark.npm
def test_every_encoding_cuts_its_texts_at_spaces():
    """tiktoken_bpe.js tokenizes a text chunk by chunk, cut before each space that follows a character that is not
    whitespace, for the split patterns it has checked that cut (PATTERNS_CUT_AT_SPACES). A pattern tiktoken changed
    would leave every text tokenized whole, as slow as before: this says so, to check the new pattern's cut."""
    require_node()
    script = ('import {register} from "node:module";'
              'register("./scripts/twin_node_hooks.mjs", "file://" + process.cwd() + "/");'
              'const {PATTERNS_CUT_AT_SPACES} = await import("./playground/tokenizers/tiktoken_bpe.js");'
              'process.stdout.write(JSON.stringify([...PATTERNS_CUT_AT_SPACES]));')
    out = subprocess.run(["node", "--input-type=module", "-e", script], cwd=ROOT, capture_output=True, text=True,
                         timeout=60)
    assert out.returncode == 0, out.stderr
    assert {twin_spec(name)["options"]["pat_str"] for name in ("gpt2", "gpt4", "gpt4o")} == set(json.loads(out.stdout))
