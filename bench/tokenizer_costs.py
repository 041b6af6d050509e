"""What each tokenizer costs to load: seconds and resident memory, each in a fresh process.

    python bench/tokenizer_costs.py

The page loads the lesson's three at warm-up and any other only when a panel first shows it,
so these figures are what choosing one costs the server once. Baseline, in the same run: a
process that imports the playground and loads nothing.
"""

from __future__ import annotations

import json
import subprocess
import sys

from serve import ROOT

PROBE = """
import json, sys, time
sys.path.insert(0, {root!r})
def rss():
    return next(int(l.split()[1]) for l in open("/proc/self/status") if l.startswith("VmRSS:")) / 1024
from playground.tokenizers.registry import get_tokenizer
before, t0 = rss(), time.perf_counter()
if {name!r}:
    get_tokenizer({name!r}).encode("Hello world")
print(json.dumps({{"seconds": time.perf_counter() - t0, "mb": rss() - before, "total": rss()}}))
"""


def measure(name: str) -> dict:
    out = subprocess.run([sys.executable, "-c", PROBE.format(root=str(ROOT), name=name)],
                         capture_output=True, text=True, check=True).stdout
    return json.loads(out.strip().splitlines()[-1])


def main() -> None:
    from playground.tokenizers.registry import TOKENIZER_NAMES

    base = measure("")
    print(f"{'tokenizer':<10} {'load s':>7} {'+ MB':>7}   (baseline: a process with the playground imported, "
          f"{base['total']:.0f} MB)")
    for name in TOKENIZER_NAMES:
        m = measure(name)
        print(f"{name:<10} {m['seconds']:7.2f} {m['mb']:7.0f}")


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    main()
