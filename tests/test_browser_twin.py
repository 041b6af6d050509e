"""The tokenizers in the browser (playground/tokenizers/*.js, built into static/twin/), in the page `python app.py`
serves, in Chromium: window.playground.tokenize(text, name) equals the Python layer's
compare(text, tokenizers=(name,))["tokenizers"][0] in every field, on hard cases, seeded random strings across
scripts and a 100,000-character text; and it answers with the server unreachable once the files are loaded."""

from __future__ import annotations

import hashlib
import json
import random
import re
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from browser import require_chromium, wait_for_ids
from conftest import ROOT

from playground import compare
from playground.tokenizers.browser import twin_spec
from playground.tokenizers.registry import TOKENIZER_NAMES

# Strings each family has got wrong somewhere: JavaScript's \s is not Rust's (U+0085, U+FEFF), CJK beyond the
# BMP, emoji sequences, combining marks, typed special tokens of every family, whitespace runs, control characters.
HARD = ["", " ", "  ", "\n", "\n\n\n", "\t", "Hello world", "hello  world ", " leading", "trailing ", "\u0085",
        " \u0085", "a\u0085b", "\ufeff", "a\ufeffb", "\ufeffHello", "\U00020f0d\u29fa", "\U00020000\U0002a6d6",
        "😀", "👩‍👩‍👧‍👦", "👍🏽", "🇫🇷🇯🇵", "🏳️‍🌈", "#️⃣", "e\u0301", "\u0301", "a\u0323\u0302",
        "नमस्ते दुनिया", "क्षत्रिय", "你好，世界", "こんにちは世界", "한국어", "مرحبا بالعالم", "שלום", "Ωmega ΣΑΣ",
        "İstanbul ǅ ß ﬁ Ⅻ", "SolidGoldMagikarp", " davidjl", "<|endoftext|>", "a<|endoftext|>b", "<|fim_prefix|>",
        "<|endofprompt|>", "[CLS] x [SEP]", "[MASK]", "[UNK]", "<s>hi</s>", "<unk>", "<pad>", "<|begin_of_text|>",
        "<|eot_id|>", "<start_of_turn>user", "<bos>", "[INST] hi [/INST]", "▁x", "▁▁", "##ing", "Ġworld",
        "\t\tdef f():\n\t\treturn 1", "1234567890", "3.14159", "\x00\x01\x1f\x7f", "\x1c\x1d\x1e", "\r\n \r\n",
        "\u00a0\u2003\u3000", "\u200b\u200d", "\u2028\u2029", " " * 40, "\n" * 17 + " " * 9, "\ud800x", "x\udfff"]
# Atoms the random strings are made of, by kind: a string is a few atoms of a few kinds glued together.
ATOMS = [
    list("abcdefXYZ") + ["the", " the", "Hello", " world", "don't", "I'm", "'s"],
    [" ", "  ", "\t", "\n", "\r\n", "\r", "\u00a0", "\u2003", "\u3000", "\u0085", "\ufeff", "\u200b", "\u2028",
     " " * 7, "\n\n", " \n "],
    ["e\u0301", "\u0301", "\u0308", "a\u0323\u0302", "n\u0303", "\u0915\u094d\u0937", "\u0e01\u0e34", "ß", "İ",
     "ǅ", "ﬁ", "Ⅻ", "Σ"],
    ["😀", "👍🏽", "👩‍💻", "👩‍👩‍👧‍👦", "🇫🇷", "🏳️‍🌈", "❤️", "#️⃣", "\U0001f9d1\u200d\U0001f91d\u200d\U0001f9d1"],
    ["你", "好", "世界", "中文", "\U00020f0d", "\U0002a6d6", "\U00020000", "\U0001d54f", "\u29fa", "こ", "カ", "한",
     "국"],
    ["न", "म", "स्", "ते", "हिं", "दी", "مر", "حبا", "ש", "ל", "Ж", "ы", "Ω", "த", "மி", "မ"],
    ["0", "1", "42", "123456", ".", ",", ";", "!", "?", "'", '"', "-", "(", ")", "[", "]", "<", ">", "|", "#", "/"],
    ["\x00", "\x07", "\x08", "\x1b", "\x1c", "\x1f", "\x7f"],
    ["<|endoftext|>", "<|fim_prefix|>", "<|endofprompt|>", "[CLS]", "[SEP]", "[MASK]", "[PAD]", "[UNK]", "<s>",
     "</s>", "<unk>", "<pad>", "<mask>", "<|begin_of_text|>", "<|eot_id|>", "<|start_header_id|>",
     "<start_of_turn>", "<end_of_turn>", "[INST]", "[/INST]", "<bos>", "<eos>", "▁", "##", "Ġ"],
]
N_RANDOM = 3000
SPECIAL_TOO = 400  # the first strings of the corpus also with special=True
BATCH = 500  # strings per page.evaluate


def random_texts(n: int = N_RANDOM, seed: int = 35) -> list[str]:
    rng = random.Random(seed)
    texts = []
    for _ in range(n):
        kinds = rng.sample(ATOMS, rng.randint(1, 4))
        texts.append("".join(rng.choice(rng.choice(kinds)) for _ in range(rng.randint(1, 16))))
    return texts


def long_text(chars: int = 100_000) -> str:
    """The FLORES-200 sentences of all twelve languages and the hard cases, repeated and cut to `chars` characters."""
    flores = sorted((ROOT / "assets" / "flores200-dev-200").glob("*.txt"))
    unit = "\n".join([*(Path(f).read_text(encoding="utf-8") for f in flores), *HARD])
    return (unit * (chars // len(unit) + 1))[:chars]


CORPUS = HARD + random_texts()

# Runs in the page: describe() of each text (JSON in and out: a lone surrogate survives the trip as an escape).
TOKENIZE = """async ([texts, name, special]) => {
    const out = [];
    for (const text of JSON.parse(texts)) out.push(await window.playground.tokenize(text, name, {special}));
    return JSON.stringify(out);
}"""


def require_twin(name: str) -> None:
    if twin_spec(name) is None:
        pytest.fail(f"{name!r} has no browser twin declared: its family in playground/tokenizers/ needs a `twin` "
                    "and a module playground/tokenizers/<family>.js (the page's server tokenizes it until then)")


def open_twins(page, app_url: str) -> None:
    page.goto(app_url)
    page.wait_for_function("typeof window.playground?.tokenize === 'function'", timeout=60_000)


def in_browser(page, texts: list[str], name: str, special: bool = False) -> list[dict]:
    results = []
    for k in range(0, len(texts), BATCH):
        batch = json.dumps(texts[k:k + BATCH])  # ASCII: lone surrogates as \\ud800 escapes
        results += json.loads(page.evaluate(TOKENIZE, [batch, name, special]))
    return results


# A batch's tokenize() results, each with compare()'s keys in their order, written as JSON.stringify writes them, one a
# line, and hashed in the page: only the digest crosses Playwright's pipe. Fifteen edits of a 30,000-character text
# gave 81 MB of JSON, 5.9 CPU-seconds of Chromium and Playwright's driver to send; 1.7 to write and hash.
DIGEST = """async ([texts, name, special, keys]) => {
    const lines = [];
    for (const text of JSON.parse(texts)) {
        const result = await window.playground.tokenize(text, name, {special});
        lines.push(JSON.stringify(Object.fromEntries(keys.map((key) => [key, result[key]]))));
    }
    const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(lines.join("\\n")));
    return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}"""
LONE_SURROGATE = re.compile("[\ud800-\udfff]")


def as_the_page_writes(entry: dict) -> str:
    """entry as JSON.stringify writes it: keys in their order, no spaces, a whole number without ".0" (as JavaScript
    has it: chars_per_token), every character as is but a lone surrogate, escaped."""
    entry = {key: int(value) if isinstance(value, float) and value.is_integer() else value for key, value in entry.items()}
    written = json.dumps(entry, ensure_ascii=False, separators=(",", ":"))
    return LONE_SURROGATE.sub(lambda match: f"\\u{ord(match.group()):04x}", written)


def differences(page, texts: list[str], name: str, special: bool = False) -> list[str]:
    """What the page's tokenize() gives otherwise than the Python layer's compare(), one line a text with the fields
    and their values. A batch whose digest is the one of compare()'s entries written as the page writes them
    (DIGEST) is the same; any other is fetched whole and compared field by field (a digest saves only the sending:
    a result written otherwise, say a float, is still compared)."""
    found = []
    for k in range(0, len(texts), BATCH):
        batch = texts[k:k + BATCH]
        expected = [compare(text, special, tokenizers=(name,))["tokenizers"][0] for text in batch]
        written = "\n".join(as_the_page_writes(entry) for entry in expected)
        if page.evaluate(DIGEST, [json.dumps(batch), name, special, list(expected[0])]) == \
                hashlib.sha256(written.encode("utf-8")).hexdigest():
            continue
        for text, python, browser in zip(batch, expected, in_browser(page, batch, name, special), strict=True):
            fields = [key for key in python if python[key] != browser.get(key)]
            if fields:
                shown = "; ".join(f"{key}: python {str(python[key])[:160]} browser {str(browser.get(key))[:160]}"
                                  for key in fields[:3])
                found.append(f"{text[:60]!r} ({len(text)} chars): {shown}")
    return found


@pytest.mark.parametrize("name", TOKENIZER_NAMES)
def test_the_twin_equals_the_python_layer_on_every_field(page, app_url, name):
    require_twin(name)
    loaded = []  # every request from the page's first byte: the first three's files are fetched (preloaded) at once
    page.on("request", lambda request: loaded.append(urlsplit(request.url).path))
    open_twins(page, app_url)
    # The page's own work on its first text is done: the edit (on the server), and the lesson's batch, which
    # batch.js asks for once the text has stayed the same for a moment.
    wait_for_ids(page, "Hello world")
    page.wait_for_function("document.querySelector('#batch').textContent.trim()")
    asked = []
    page.on("request", lambda request: asked.append((request.method, urlsplit(request.url).path)))
    for special, texts in ((False, CORPUS), (True, CORPUS[:SPECIAL_TOO])):
        found = differences(page, texts, name, special)
        assert not found, (f"{name}, special={special}: {len(found)} of {len(texts)} differ from compare():\n"
                           + "\n".join(found[:5]))
    # The server is never asked to tokenize (that would be a POST); the twin's code, WebAssembly and files are
    # fetched once each in the page's life, a file two tokenizers load (the under-trained list: GPT-2's and
    # Llama 2's) too.
    twin_files = [path for path in loaded if path.startswith("/playground/twin/")]
    assert twin_files and len(twin_files) == len(set(twin_files)), twin_files
    assert all(method == "GET" and path.startswith("/playground/twin/") for method, path in asked), asked


@pytest.mark.parametrize("name", TOKENIZER_NAMES)
def test_the_twin_equals_the_python_layer_on_a_long_text(shared_page, name):
    require_twin(name)
    text = long_text()
    assert len(text) == 100_000
    found = differences(shared_page, [text], name)
    assert not found, found[0][:2000]


@pytest.mark.parametrize("name", TOKENIZER_NAMES)
def test_the_twin_answers_with_the_server_unreachable(module_page, name):
    """Once its files are loaded (its first tokenize, in the module's page), the page tokenizes with the network cut
    off, and asks for nothing but the fetch this test makes; the network back on after."""
    require_twin(name)
    page, errors = module_page
    in_browser(page, [""], name)  # loads the family's code, its WebAssembly and its files
    seen = len(errors)
    # Playwright's offline is CDP's Network.emulateNetworkConditions, sent on every session of the context (a
    # session of our own was undone now and then, 1 run in 4, when Playwright set up another one).
    page.context.set_offline(True)
    try:
        assert page.evaluate("fetch(location.href).then(() => 'reached', () => 'unreachable')") == "unreachable"
        texts = ["Hello world", "SolidGoldMagikarp 👩‍👩‍👧‍👦 你好 नमस्ते", long_text(5_000)]
        found = differences(page, texts, name)
        assert not found, "\n".join(found)
    finally:
        page.context.set_offline(False)
    assert errors[seen:] == ["Failed to load resource: net::ERR_INTERNET_DISCONNECTED"]  # the fetch above, refused


@pytest.mark.browser
def test_tokenizers_asked_for_at_once_each_load_whole(page, app_url):
    """The eight asked for in one go on a fresh page, as a reload with every file cached does: each answers
    exactly. BERT and Llama 3 share one WebAssembly package, which starts itself in every load that finds it not
    started: under Node, two loads at once made two instances, and the first tokenizer threw on every encode
    after (hf_wasm.js now loads one at a time)."""
    require_chromium()
    open_twins(page, app_url)
    got = page.evaluate("""names => Promise.all(names.map((name) =>
        window.playground.tokenize("Hello world 你好", name).then((r) => r.ids, (e) => String(e))))""",
                        list(TOKENIZER_NAMES))
    expected = [compare("Hello world 你好", tokenizers=(name,))["tokenizers"][0]["ids"] for name in TOKENIZER_NAMES]
    assert dict(zip(TOKENIZER_NAMES, got)) == dict(zip(TOKENIZER_NAMES, expected))
