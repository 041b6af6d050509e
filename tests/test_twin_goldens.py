"""The browser twins' goldens (tests/twin_goldens/, written by scripts/twin_goldens.py): they are what the Python
layer's compare() gives today, and the twins give them under Node's test runner (tests/twins.test.mjs), which a
change to a twin's JavaScript runs by itself in seconds: `node --test tests/twins.test.mjs`."""

from __future__ import annotations

import json
import re
import subprocess

import pytest
from browser import require_node
from conftest import ROOT

from scripts.twin_goldens import GOLDENS, TWIN_NAMES, cases, golden, golden_json


def test_every_tokenizer_with_a_twin_has_a_golden():
    assert sorted(path.stem for path in GOLDENS.glob("*.json")) == sorted(TWIN_NAMES)
    assert len(TWIN_NAMES) == 8  # every built-in tokenizer has a browser twin


@pytest.mark.parametrize("name", TWIN_NAMES)
def test_the_golden_is_what_python_gives_today(name):
    path = GOLDENS / f"{name}.json"
    written, today = path.read_text(encoding="utf-8"), golden_json(golden(name))
    kept, now = json.loads(written), json.loads(today)
    assert {k: v for k, v in kept.items() if k != "cases"} == {k: v for k, v in now.items() if k != "cases"}
    assert [(case["text"], case["special"]) for case in kept["cases"]] == cases()
    changed = [case["text"] for case, fresh in zip(kept["cases"], now["cases"]) if case != fresh]
    assert changed == [], f"compare() gives otherwise now for {changed[:5]}: run python scripts/twin_goldens.py"
    assert written == today  # and written as the script writes it


@pytest.mark.npm
def test_the_twins_give_the_goldens_under_nodes_test_runner():
    require_node()
    done = subprocess.run(["node", "--test", "--test-reporter=tap", "tests/twins.test.mjs"], cwd=ROOT,
                          capture_output=True, text=True, timeout=600)
    report = re.sub(r"data:application/wasm;base64,[A-Za-z0-9+/=]+", "data:...", done.stdout)  # a core in an error
    assert done.returncode == 0, report[-6000:] + done.stderr[-2000:]
    assert re.search(rf"^# pass {len(TWIN_NAMES)}$", report, re.M) and re.search(r"^# skipped 0$", report, re.M), report
