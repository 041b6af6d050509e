"""tests/cores.py, in a pytest run of its own: three workers on two cores never run more than two tests that work at
once, and a test marked `waits` runs beside two that do."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow  # a pytest run of three workers, each test a second long

TESTS = Path(__file__).resolve().parent
SECOND_TEST = '''
import os
import time
from pathlib import Path

import pytest

def all_three_workers_up():
    # each worker's first test waits for the other two (a worker may start seconds after another on a busy machine)
    Path({folder!r}, f"up-{{os.getpid()}}").touch()
    deadline = time.monotonic() + 60
    while len(list(Path({folder!r}).glob("up-*"))) < 3 and time.monotonic() < deadline:
        time.sleep(0.01)

def record(name, seconds):
    if name.endswith(("waits-a", "0")):
        all_three_workers_up()
    start = time.monotonic()
    time.sleep(seconds)
    with open({log!r}, "a") as out:
        out.write(f"{{name}} {{start}} {{time.monotonic()}}\\n")
'''


def run_on_two_cores(folder: Path) -> list[tuple[str, float, float]]:
    """Three files of one-second tests (the first opens with one of three seconds marked waits, the others have
    four each, so that without the cores three would work at once), three workers, the run held to two cores:
    each test's (name, start, end)."""
    log = folder / "log"
    waiting_first = ('@pytest.mark.waits\ndef test_waits():\n    record("waits-a", 3)\n\n'
                     + "".join(f'def test_works_{k}():\n    record("works-a{k}", 1)\n\n' for k in range(2)))
    (folder / "test_a.py").write_text(SECOND_TEST.format(log=str(log), folder=str(folder)) + waiting_first)
    for name in "bc":
        (folder / f"test_{name}.py").write_text(SECOND_TEST.format(log=str(log), folder=str(folder)) + "".join(
            f'def test_works_{k}():\n    record("works-{name}{k}", 1)\n\n' for k in range(4)))
    (folder / "conftest.py").write_text('pytest_plugins = ["cores"]\n')
    (folder / "pytest.ini").write_text("[pytest]\nmarkers =\n    waits: takes no core\n")
    command = [sys.executable, "-m", "pytest", "-q", "-n", "3", "--dist", "loadfile", "-p", "no:cacheprovider"]
    two_cores = sorted(os.sched_getaffinity(0))[:2]
    run = subprocess.run(command, cwd=folder, env={**os.environ, "PYTHONPATH": str(TESTS)}, capture_output=True,
                         text=True, timeout=120, preexec_fn=lambda: os.sched_setaffinity(0, two_cores))
    assert run.returncode == 0, run.stdout + run.stderr
    lines = (line.split() for line in log.read_text().splitlines())
    return [(name, float(start), float(end)) for name, start, end in lines]


def at_once(intervals: list[tuple[str, float, float]], instant: float) -> list[str]:
    return sorted(name for name, start, end in intervals if start <= instant < end)


def test_two_cores_run_two_tests_that_work_and_one_that_waits_beside_them(tmp_path):
    if not hasattr(os, "sched_setaffinity") or len(os.sched_getaffinity(0)) < 2:
        pytest.skip("the run is held to two cores with os.sched_setaffinity: this machine has no two to give it")
    tests = run_on_two_cores(tmp_path)
    every = ["waits-a", "works-a0", "works-a1", *[f"works-{name}{k}" for name in "bc" for k in range(4)]]
    assert sorted(name for name, _, _ in tests) == every
    working = [t for t in tests if t[0].startswith("works")]
    most_working = max(len(at_once(working, start)) for _, start, _ in working)
    assert most_working == 2, tests  # never three: the third worker waits for a core
    _, waits_start, waits_end = next(t for t in tests if t[0] == "waits-a")  # the first test of its worker
    beside = max((at_once(working, start) for _, start, _ in working if waits_start <= start < waits_end),
                 key=len, default=[])
    assert [name[:7] for name in beside] == ["works-b", "works-c"], tests  # two that work, beside it
