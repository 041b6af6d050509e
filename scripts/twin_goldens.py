"""Write the browser twins' goldens: what the Python layer's compare() gives, field for field, for each tokenizer
with a browser twin, on scripts/twin_node_check.py's hard cases (with and without special tokens) and seeded random
strings; with the twin's spec and where its files are. tests/twins.test.mjs checks the twins against them under
Node's test runner, in seconds and with no browser:

    node --test tests/twins.test.mjs
    python scripts/twin_goldens.py      # after a change to a Python family or to the cases: commit what it writes

tests/test_twin_goldens.py fails when a committed golden is not what this writes today.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from playground.tokenizers.assets import verified_path  # noqa: E402
from playground.tokenizers.browser import twin_files, twin_spec  # noqa: E402
from playground.tokenizers.registry import TOKENIZER_NAMES, compare  # noqa: E402
from playground.tokenizers.undertrained import DATA_FILE  # noqa: E402
from scripts.twin_node_check import HARD, random_texts  # noqa: E402

GOLDENS = ROOT / "tests" / "twin_goldens"
RANDOM_TEXTS = 24  # a few of the random strings: tests/test_browser_twin.py runs 3,000 in Chromium
TWIN_NAMES = tuple(name for name in TOKENIZER_NAMES if twin_spec(name))
ABOUT = "Written by scripts/twin_goldens.py from the Python layer's compare(); checked by tests/twins.test.mjs."


def cases() -> list[tuple[str, bool]]:
    """(text, special) of every case: the hard cases both ways, then the random strings without special tokens."""
    return [(text, False) for text in HARD] + [(text, True) for text in HARD] + \
        [(text, False) for text in random_texts(RANDOM_TEXTS)]


def golden(name: str) -> dict:
    """Tokenizer `name`'s golden: its twin's spec, the local file each of the spec's URLs stands for (the page
    fetches the same bytes from twin_route), and what compare() gives for each case."""
    spec = twin_spec(name)
    local = {spec["files"][key]["url"]: path for key, path in twin_files(name).items()}
    if spec["undertrained"]:
        local[spec["undertrained"]["url"]] = verified_path(DATA_FILE)
    return {"about": ABOUT, "name": name, "spec": spec,
            "files": {url: path.relative_to(ROOT).as_posix() for url, path in local.items()},
            "cases": [{"text": text, "special": special,
                       "expected": compare(text, special=special, tokenizers=(name,))["tokenizers"][0]}
                      for text, special in cases()]}


def golden_json(value: dict) -> str:
    """The golden as JSON, one case a line (a change to a family reads as the lines of the texts it changed);
    ASCII only, so that a lone surrogate is written as the escape both JSON parsers read back."""
    head = json.dumps({key: v for key, v in value.items() if key != "cases"}, ensure_ascii=True)
    cases_lines = ",\n".join(json.dumps(case, ensure_ascii=True) for case in value["cases"])
    return f'{head[:-1]}, "cases": [\n{cases_lines}\n]}}\n'


def main() -> None:
    GOLDENS.mkdir(exist_ok=True)
    for name in TWIN_NAMES:
        path = GOLDENS / f"{name}.json"
        path.write_text(golden_json(golden(name)), encoding="utf-8")
        print(f"{path.relative_to(ROOT)}: {len(cases())} cases")


if __name__ == "__main__":
    main()
