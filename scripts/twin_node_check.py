"""Compare a browser twin run under Node (scripts/twin_node.mjs) with the Python layer, field for field, on
the given texts: a developer's quick check (the tests run the twins in Chromium).

    python scripts/twin_node_check.py gpt2 [--random N]
"""

from __future__ import annotations

import argparse
import json
import random
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from playground.tokenizers.assets import verified_path  # noqa: E402
from playground.tokenizers.browser import twin_files, twin_spec  # noqa: E402
from playground.tokenizers.registry import compare  # noqa: E402
from playground.tokenizers.undertrained import DATA_FILE, has_data  # noqa: E402

HARD = ["", " ", "  ", "\n", "Hello world", "hello  world ", " leading", "\u0085", " \u0085", "a\ufeffb",
        "\U00020f0d\u29fa", "😀", "👩‍👩‍👧‍👦", "e\u0301", "नमस्ते दुनिया", "你好，世界", "SolidGoldMagikarp",
        "<|endoftext|>", "[CLS] x [SEP]", "<s>hi</s>", "<|begin_of_text|>", "▁x", "\t\tdef f():\n\t\treturn 1",
        "1234567890", "İstanbul ǅ ß ﬁ", "\x00\x01\x1f\x7f", "\ud800x", "Ωmega ΣΑΣ", "مرحبا بالعالم", "\r\n \r\n",
        "\ufeffa line that starts with U+FEFF", "a NUL\x00\ufeffthen U+FEFF and more"]
POOLS = ["abc XYZ", " \t\n\r\u00a0\u2003\u3000\u0085\ufeff", "éüñçÅ\u0301\u0308", "नमस्तेहिंदी", "你好世界中文",
         "\U00020f0d\U0002a6d6\U0001f600\U0001f469\u200d\U0001f467", "مرحبا", "0123456789.,;!?'\"-()[]<>|",
         "\x00\x07\x1b\x7f", "ĞİıßǅⅫ", "▁"]
# BERT's normalizer: marks reordered by combining class (kept U+302E, U+116B6), marks and punctuation newer than
# the Rust crate's Unicode tables (U+1DF6, U+0897, U+2E43, U+0890), a category changed since (U+1734, U+166D), a
# decomposition newer than its tables (U+11938), a compatibility ideograph, a gap in its CJK ranges (U+2B820)
HARD += ["a\u302b\u302e\u302ab", "\U000116b4\U000116b6\U000116b7x", "a\u1df6\u0301b", "x\u0897y \u1734 \u166d",
         "\u0890\U00013430 \u2e43 \U00011938 \uf900 \U0002b820"]
# tokenizer.json twins: Python's isspace() controls U+001C-U+001F, every Unicode space and line separator in a
# run, U+FEFF after a NUL (the WebAssembly's string hand-over drops it there), Llama 3's typed special tokens
HARD += ["\x1c\x1d \x1e\x1f x", "a\u0085b \u0085\u0085 x", " \u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008"
         "\u2009\u200a\u202f\u205f\u3000 a", "x\u2028\u2029\n \u000b\u000c y", "\x00\ufeffa\x00\ufeff",
         "a\ufeff\ufeff b", "<|eot_id|>x<|begin_of_text|><|reserved_special_token_0|>", "\t \n  \r\n\n   z"]


def random_texts(n: int, seed: int = 0) -> list[str]:
    rng = random.Random(seed)
    return ["".join(rng.choice(rng.choice(POOLS)) for _ in range(rng.randint(0, 24))) for _ in range(n)]


def long_text(n: int, seed: int = 0) -> str:
    """One text of n characters: FLORES sentences in every bundled language, shuffled, with the pools' random
    strings between them (one tokenizer run over many scripts, whitespace runs and byte chips at once)."""
    from playground.lesson.premium import LANGUAGES, sentences

    rng = random.Random(seed)
    lines = [line for code in LANGUAGES for line in sentences(code)]
    rng.shuffle(lines)
    parts, size = [], 0
    for line, noise in zip(lines, random_texts(len(lines), seed)):
        parts += [line, noise]
        size += len(line) + len(noise)
        if size >= n:
            break
    return "".join(parts)[:n]


def node_describe(name: str, texts: list[str], special: bool = False) -> list[dict]:
    spec = twin_spec(name)
    paths = {key: str(path) for key, path in twin_files(name).items()}
    job = {"name": name, "spec": spec, "paths": paths, "texts": texts, "special": special,
           "undertrained": str(verified_path(DATA_FILE)) if has_data(name) else None}
    out = subprocess.run(["node", str(ROOT / "scripts/twin_node.mjs")], input=json.dumps(job), text=True,
                         capture_output=True, cwd=ROOT)
    if out.returncode:
        raise RuntimeError(out.stderr)
    return json.loads(out.stdout)


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("name")
    parser.add_argument("--random", type=int, default=500)
    parser.add_argument("--special", action="store_true")
    parser.add_argument("--long", type=int, default=0, help="add one text of this many characters (long_text)")
    args = parser.parse_args()
    texts = HARD + random_texts(args.random) + ([long_text(args.long)] if args.long else [])
    got = node_describe(args.name, texts, args.special)
    bad = 0
    for text, js in zip(texts, got):
        py = compare(text, special=args.special, tokenizers=(args.name,))["tokenizers"][0]
        fields = [k for k in py if py[k] != js.get(k)]
        if fields:
            bad += 1
            if bad <= 5:
                print(f"{text!r}: {fields}")
                for k in fields[:3]:
                    print(f"  {k}: python {str(py[k])[:300]}\n  {k}: node   {str(js.get(k))[:300]}")
    print(f"{args.name}: {len(texts) - bad} of {len(texts)} equal in every field")


if __name__ == "__main__":
    main()
