"""Mutation testing: does a plausible one-line bug fail the tests? mutmut seeds one bug at a time
(a flipped comparison, an off-by-one, a changed string, a removed call) into the modules listed in
pyproject.toml's [tool.mutmut] and runs the fast tests against each; this prints the score.

    python bench/mutation.py                          # run what is not yet checked, then the score
    python bench/mutation.py "playground.page.colors*" # (re)run a subset, by mutant-name glob
    python bench/mutation.py --sample 400              # a random sample (seeded) of all mutants, scored alone
    python bench/mutation.py --score                   # only the score of the last runs
    python bench/mutation.py --survivors               # and the names of the survivors

mutmut keeps every result in mutants/ (git-ignored) and re-checks only the functions that changed,
so a run after a small change is quick. The score counts a mutant as caught when a test fails or
hangs on it; the mutants listed in tests/equivalent_mutants.txt (each with the reason it cannot change
behaviour) are left out of it. Not part of CI: a full run of the ~2,450 mutants takes hours on a
shared 2-core machine, so --sample checks a uniform random sample of them (the same one every time:
seeded) and gives the score with its 95% interval; a rerun checks only the sample's mutants not yet caught.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import random
import subprocess
import sys
import tomllib
from collections import Counter, defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
EQUIVALENT = ROOT / "tests" / "equivalent_mutants.txt"
# mutmut's exit codes (mutmut/stats.py): a failing test kills; a hang or a crash is caught too.
CAUGHT = {1: "killed", 3: "killed", 36: "timeout", -24: "timeout", 24: "timeout", 152: "timeout", 255: "timeout",
          -11: "segfault", -9: "segfault"}
STATUS = {0: "survived", 5: "no tests", 33: "no tests", 34: "skipped", None: "not checked"}


def equivalent_mutants() -> dict[str, str]:
    """name -> the reason it cannot change behaviour, from tests/equivalent_mutants.txt ("name  # reason")."""
    if not EQUIVALENT.exists():
        return {}
    listed = {}
    for line in EQUIVALENT.read_text(encoding="utf-8").splitlines():
        name, _, reason = line.partition("#")
        if name.strip():
            listed[name.strip()] = reason.strip()
    return listed


def results() -> dict[str, tuple[str, str]]:
    """Every mutant mutmut generated: name -> (source file, status)."""
    out = {}
    for meta in sorted((ROOT / "mutants").rglob("*.py.meta")):
        source = str(meta.relative_to(ROOT / "mutants")).removesuffix(".meta")
        for name, code in json.loads(meta.read_text())["exit_code_by_key"].items():
            out[name] = (source, CAUGHT.get(code) or STATUS.get(code, f"suspicious ({code})"))
    return out


def generate_mutants() -> None:
    """Have mutmut write the mutants (and their list) without running any test: what `mutmut run` does first."""
    code = ("from mutmut.__main__ import copy_also_copy_files, copy_src_dir, create_mutants, setup_source_paths\n"
            "from mutmut.mutation.trampoline import set_mutant_under_test\n"
            "set_mutant_under_test('mutant_generation'); copy_src_dir(); copy_also_copy_files(); "
            "setup_source_paths(); create_mutants(2)")
    subprocess.run([sys.executable, "-c", code], cwd=ROOT, check=True, stdout=subprocess.DEVNULL)


def sample(size: int, seed: int) -> list[str]:
    """A uniform random sample of every generated mutant's name, the same for the same mutants and seed."""
    return sorted(random.Random(seed).sample(sorted(results()), size))


def wilson(caught: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% interval of a proportion from a sample (Wilson's): the score of all mutants lies in it."""
    if not n:
        return float("nan"), float("nan")
    p, d = caught / n, 1 + z * z / n
    centre, half = (p + z * z / (2 * n)) / d, z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / d
    return centre - half, centre + half


def configured_modules() -> list[str]:
    return tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["mutmut"]["only_mutate"]


def report(show_survivors: bool, only: list[str] | None = None) -> float:
    found, listed = results(), equivalent_mutants()
    stale = sorted(set(listed) - set(found))
    if only is not None:
        found = {name: found[name] for name in only}
    by_file: dict[str, Counter] = defaultdict(Counter)
    for name, (source, status) in found.items():
        by_file[source]["equivalent" if name in listed and status == "survived" else status] += 1
    print(f"{'module':46} {'mutants':>7} {'caught':>7} {'equiv.':>6} {'survived':>8} {'other':>6}  score")
    total = Counter()
    for source in configured_modules():
        c = by_file.get(source, Counter())
        n, caught = sum(c.values()), c["killed"] + c["timeout"] + c["segfault"]
        other = n - caught - c["equivalent"] - c["survived"]
        total.update(c)
        score = caught / (n - c["equivalent"]) if n - c["equivalent"] else float("nan")
        print(f"{source:46} {n:7} {caught:7} {c['equivalent']:6} {c['survived']:8} {other:6}  {score:6.1%}")
    n, caught = sum(total.values()), total["killed"] + total["timeout"] + total["segfault"]
    score = caught / (n - total["equivalent"]) if n else float("nan")
    print(f"{'all':46} {n:7} {caught:7} {total['equivalent']:6} {total['survived']:8} "
          f"{n - caught - total['equivalent'] - total['survived']:6}  {score:6.1%}")
    if only is not None:
        low, high = wilson(caught, n - total["equivalent"])
        print(f"\nsample of {n:,} mutants, drawn at random from all {len(results()):,}: the score of all of them "
              f"lies in [{low:.1%}, {high:.1%}] (95%)")
    print(f"\nmutation score: {score:.1%} of {n - total['equivalent']:,} {'sampled ' if only else ''}mutants caught "
          f"({caught:,} of all {n:,} generated: {caught / n:.1%}); {total['equivalent']} reviewed as equivalent "
          f"(tests/equivalent_mutants.txt); not yet checked: {total['not checked']}")
    if stale:
        print(f"listed as equivalent but no longer generated (remove them): {', '.join(stale)}")
    if show_survivors:
        for name, (source, status) in sorted(found.items()):
            if status not in ("killed", "timeout", "segfault") and name not in listed:
                print(f"  {status:12} {name}")
    return score


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("names", nargs="*", help="mutant-name globs to (re)run, e.g. 'playground.page.colors*'")
    parser.add_argument("--score", action="store_true", help="print the score of the last runs, run nothing")
    parser.add_argument("--survivors", action="store_true", help="list the survivors too")
    parser.add_argument("--max-children", type=int, default=2, help="mutants checked at once (default 2)")
    parser.add_argument("--sample", type=int, help="check and score only this many mutants, drawn at random")
    parser.add_argument("--seed", type=int, default=21, help="the sample's seed (default 21)")
    args = parser.parse_args()
    only = None
    if args.sample:
        if not results():
            generate_mutants()
        only = sample(args.sample, args.seed)
        found = results()
        args.names = [name for name in only if found[name][1] not in ("killed", "timeout", "segfault")]
        if not args.names:
            args.score = True
    if not args.score:
        # One OpenMP thread: mutmut forks a process per mutant, and a thread team made before a fork hangs it.
        env = {**os.environ, "OMP_NUM_THREADS": "1"}
        run = subprocess.run([sys.executable, "-m", "mutmut", "run", "--max-children", str(args.max_children),
                              *args.names], cwd=ROOT, env=env)
        if run.returncode not in (0, 1):  # 1: some mutants survived, which the score below says
            sys.exit(run.returncode)
    report(args.survivors, only)


if __name__ == "__main__":
    main()
