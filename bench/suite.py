"""Minutes of the README's test command on a fresh clone, with the host's speed measured alongside.

    python bench/suite.py [REV ...] [--runs N]

Each REV (default HEAD; several take turns, `runs` times each, default 1) is cloned from this repository into a
temporary directory, its npm packages installed from the lockfile (`npm ci`, not timed), and then timed:
`PLAYGROUND_REQUIRE_BROWSER=1 python -m pytest -q`, as a fresh clone runs it with everything installed (issue 45:
at most ten minutes on this machine's two cores). Beside each run: the machine's busy CPU-seconds over it
(/proc/stat, every process's), and the baseline, a fixed Python loop timed (the best of three) just before and
just after the run. This machine is a share of a host whose speed moves by half or more within an hour, and the
loop does not always see it: the same tests took 14 and 31 minutes an hour apart on 2026-12-07, the loop at 1.31 to
1.45 s around both, and at rest it read 1.29 and 2.29 s a minute apart (docs/testing.md; a memory-bound gauge and a
page load's CPU did no better). The run's seconds over the loop's are printed as a rough hint only (five runs of one
session spread by 16 % in that ratio, by 6 % in time; the same code's runs of three sessions from 486 to 599, and
1,346 in the slow run): compare revisions run in turns in one sitting, and more than once; with several revisions,
each one's median ratio is given against the first's.
Nothing else should run meanwhile: the suite is bound by the two cores. Needs Linux, git and Node.js's npm.
"""

from __future__ import annotations

import argparse
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
TEST_COMMAND = [sys.executable, "-m", "pytest", "-q"]  # the README's, in a clone that is thrown away
TICKS = os.sysconf("SC_CLK_TCK")


def loop_seconds() -> float:
    """The baseline: the best of three timings of a fixed loop of Python, about a second on a fast hour here."""
    best = float("inf")
    for _ in range(3):
        t0 = time.perf_counter()
        sum(i * i for i in range(20_000_000))
        best = min(best, time.perf_counter() - t0)
    return best


def busy_cpu_seconds() -> float:
    """The CPU-seconds every core of the machine has worked since boot: user, nice, system, irq, softirq, steal."""
    with open("/proc/stat") as stat:
        fields = stat.readline().split()  # "cpu user nice system idle iowait irq softirq steal ..."
    return sum(int(fields[i]) for i in (1, 2, 3, 6, 7, 8)) / TICKS


def fresh_clone(rev: str, into: Path) -> None:
    """`rev` of this repository checked out in `into`, its npm packages installed as the README says."""
    subprocess.run(["git", "clone", "--quiet", str(ROOT), str(into)], check=True)
    subprocess.run(["git", "checkout", "--quiet", rev], cwd=into, check=True)
    subprocess.run(["npm", "ci", "--no-audit", "--no-fund", "--silent"], cwd=into, check=True)


def timed_run(rev: str) -> dict:
    """One fresh clone of `rev`: the suite's seconds, the machine's busy CPU-seconds, the loop before and after,
    pytest's last line."""
    with tempfile.TemporaryDirectory(prefix="suite-") as temp:
        clone = Path(temp) / "clone"
        fresh_clone(rev, clone)
        before = loop_seconds()
        cpu0, t0 = busy_cpu_seconds(), time.perf_counter()
        done = subprocess.run(TEST_COMMAND, cwd=clone, capture_output=True, text=True,
                              env={**os.environ, "PLAYGROUND_REQUIRE_BROWSER": "1"})
        seconds, cpu = time.perf_counter() - t0, busy_cpu_seconds() - cpu0
        after = loop_seconds()
        if done.returncode != 0:
            log = Path(tempfile.gettempdir()) / f"suite-{rev}-{int(time.time())}.log"
            log.write_text(done.stdout + done.stderr)
            print(f"{rev}: the tests failed (exit {done.returncode}); pytest's output is in {log}", file=sys.stderr)
    lines = done.stdout.strip().splitlines()
    return {"seconds": seconds, "cpu": cpu, "loop": (before, after), "summary": lines[-1] if lines else ""}


def minutes(seconds: float) -> str:
    whole = round(seconds)
    return f"{whole // 60} min {whole % 60:02d} s"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("revs", nargs="*", default=["HEAD"], help="commits to time (default HEAD), in turns")
    parser.add_argument("--runs", type=int, default=1, help="runs of each commit (default 1)")
    args = parser.parse_args()
    if shutil.which("npm") is None:
        sys.exit("bench/suite.py needs Node.js's npm on PATH: install Node.js 20, then run it again")
    if subprocess.run(["git", "status", "--porcelain"], cwd=ROOT, capture_output=True, text=True).stdout.strip():
        print("note: uncommitted changes are not timed: each run clones the commits themselves", file=sys.stderr)
    revs = []
    for rev in args.revs:
        found = subprocess.run(["git", "rev-parse", "--short", "--verify", f"{rev}^{{commit}}"], cwd=ROOT,
                               capture_output=True, text=True)
        if found.returncode != 0:
            sys.exit(f"{rev!r} is not a commit of this repository: give a commit, a branch or a tag (git log lists them)")
        revs.append(found.stdout.strip())

    print(f"{'commit':>8} {'time':>12} {'busy CPU-s':>10} {'cores':>5} {'loop s':>11} {'time/loop':>9}  pytest")
    ratios: dict[str, list[float]] = {rev: [] for rev in revs}
    for _ in range(args.runs):
        for rev in revs:
            run = timed_run(rev)
            loop = statistics.mean(run["loop"])
            ratios[rev].append(run["seconds"] / loop)
            print(f"{rev:>8} {minutes(run['seconds']):>12} {run['cpu']:>10,.0f} {run['cpu'] / run['seconds']:>5.2f} "
                  f"{run['loop'][0]:>5.2f}/{run['loop'][1]:<5.2f} {ratios[rev][-1]:>9.0f}  {run['summary']}",
                  flush=True)
    if len(revs) > 1:
        base = statistics.median(ratios[revs[0]])
        for rev in revs[1:]:
            print(f"{rev}: {statistics.median(ratios[rev]) / base:.2f}x {revs[0]}'s time over the loop's (median)")


if __name__ == "__main__":
    main()
