"""tests/cores.py: in a pytest run of its own, three workers on two cores never run more than two tests that work at
once, and a test marked `waits` runs beside two that do; and the cores go to those who asked, in the order they
asked."""

from __future__ import annotations

import fcntl
import os
import select
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from cores import CORES, take_a_core

TESTS = Path(__file__).resolve().parent
SECOND_TEST = '''
import time
from pathlib import Path

import pytest
from cores import pause

def all_three_workers_up():
    # each worker's first test waits for the other two (a worker may start seconds after another on a busy machine):
    # each is up once its session starts (conftest.py), before its first test asks for a core, so that two tests
    # that hold the cores while they wait never wait for a third that waits for a core (a 60 s stall)
    deadline = time.monotonic() + 60
    while len(list(Path({folder!r}).glob("up-*"))) < 3 and time.monotonic() < deadline:
        time.sleep(0.01)

def record(name, seconds):
    if name.endswith(("-a", "0")):
        all_three_workers_up()
    wait = pause if name.startswith("pauses") else time.sleep  # a test that pauses gives its core back meanwhile
    start = time.monotonic()
    wait(seconds)
    with open({log!r}, "a") as out:
        out.write(f"{{name}} {{start}} {{time.monotonic()}}\\n")
'''

# The nested run's conftest.py: the cores, and each worker marked up when its session starts (all_three_workers_up).
CONFTEST = '''
import os
from pathlib import Path

pytest_plugins = ["cores"]

def pytest_sessionstart(session):
    if os.environ.get("PYTEST_XDIST_WORKER"):  # a worker, not the controller
        Path({folder!r}, f"up-{{os.getpid()}}").touch()
'''


def run_on_two_cores(folder: Path, first: str = "waits") -> list[tuple[str, float, float]]:
    """Three files of one-second tests (the first opens with one of three seconds, marked waits, or unmarked that
    pauses with cores.pause: `first`; the others have four each, so that without the cores three would work at
    once), three workers, the run held to two cores: each test's (name, start, end)."""
    if not hasattr(os, "sched_setaffinity") or len(os.sched_getaffinity(0)) < 2:
        pytest.skip("the run is held to two cores with os.sched_setaffinity: this machine has no two to give it")
    log = folder / "log"
    opening = ('@pytest.mark.waits\ndef test_waits():\n    record("waits-a", 3)\n\n' if first == "waits"
               else 'def test_pauses():\n    record("pauses-a", 3)\n\n')
    first_file = opening + "".join(f'def test_works_{k}():\n    record("works-a{k}", 1)\n\n' for k in range(2))
    (folder / "test_a.py").write_text(SECOND_TEST.format(log=str(log), folder=str(folder)) + first_file)
    for name in "bc":
        (folder / f"test_{name}.py").write_text(SECOND_TEST.format(log=str(log), folder=str(folder)) + "".join(
            f'def test_works_{k}():\n    record("works-{name}{k}", 1)\n\n' for k in range(4)))
    (folder / "conftest.py").write_text(CONFTEST.format(folder=str(folder)))
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


def working(tests: list[tuple[str, float, float]]) -> list[tuple[str, float, float]]:
    return [t for t in tests if t[0].startswith("works")]


def most_working_at_once(tests: list[tuple[str, float, float]]) -> int:
    return max(len(at_once(working(tests), start)) for _, start, _ in working(tests))


def most_working_during(tests: list[tuple[str, float, float]], name: str) -> list[str]:
    """The most tests that work at once while test `name` runs (the first test of its worker), by their names."""
    _, begin, end = next(t for t in tests if t[0] == name)
    return max((at_once(working(tests), start) for _, start, _ in working(tests) if begin <= start < end),
               key=len, default=[])


@pytest.mark.slow  # a pytest run of three workers, each test a second long
@pytest.mark.waits  # that run sleeps more than it works: it takes no core of this run's (its own are its own)
def test_two_cores_run_two_tests_that_work_and_one_that_waits_beside_them(tmp_path):
    tests = run_on_two_cores(tmp_path)
    every = ["waits-a", "works-a0", "works-a1", *[f"works-{name}{k}" for name in "bc" for k in range(4)]]
    assert sorted(name for name, _, _ in tests) == every
    assert most_working_at_once(tests) == 2, tests  # never three: the third worker waits for a core
    beside = most_working_during(tests, "waits-a")
    assert [name[:7] for name in beside] == ["works-b", "works-c"], tests  # two that work, beside it


@pytest.mark.slow  # a pytest run of three workers, each test a second long
@pytest.mark.waits  # that run sleeps more than it works: it takes no core of this run's (its own are its own)
def test_a_test_that_pauses_gives_its_core_back_for_the_pause(tmp_path):
    """A test that works, then pauses three seconds with cores.pause: two tests of the other workers work at once
    meanwhile (holding its core, it would leave them one), and never more than two work at once besides."""
    tests = run_on_two_cores(tmp_path, first="pauses")
    assert most_working_at_once(tests) == 2, tests
    beside = most_working_during(tests, "pauses-a")
    assert [name[:7] for name in beside] == ["works-b", "works-c"], tests  # two that work, in its core too


TAKER = """
import sys
from pathlib import Path
sys.path.insert(0, {tests!r})
from cores import take_a_core
take_a_core(Path({folder!r}))
print("took", flush=True)
sys.stdin.read()  # holds its core until the test closes this pipe
"""


def taker(folder: Path) -> subprocess.Popen:
    """A process that asks for a core in folder, prints "took" once it has one and holds it until its stdin closes;
    returned once its ask is in the folder."""
    process = subprocess.Popen([sys.executable, "-c", TAKER.format(tests=str(TESTS), folder=str(folder))],
                               stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 30
    while not list(folder.glob(f"asks-*-{process.pid}")):
        assert time.monotonic() < deadline and process.poll() is None, "the taker never asked for a core"
        time.sleep(0.01)
    return process


def took(process: subprocess.Popen, within: float) -> bool:
    ready, _, _ = select.select([process.stdout], [], [], within)
    return bool(ready) and process.stdout.readline() == "took\n"


def test_a_core_given_back_goes_to_who_asked_first_not_to_the_giver_asking_again(tmp_path):
    """Every core held; two processes ask, one after the other; a core given back and asked for again at once by
    this process (as a worker does for its next test): the first asker gets it, the second the next one freed, and
    this process only one that frees after theirs. Free for all, the giver took it back in microseconds while the
    others looked every 20 ms."""
    if CORES < 2:
        pytest.skip("two cores given back one after the other: this machine has one")
    held = [open(tmp_path / f"core-{k}", "a") for k in range(CORES)]  # noqa: SIM115 (closed below)
    for core in held:  # every core held, as by other workers (a lock file of its own open each)
        fcntl.flock(core, fcntl.LOCK_EX)
    first, second = taker(tmp_path), taker(tmp_path)
    again: list = []
    try:
        fcntl.flock(held[0], fcntl.LOCK_UN)
        asking = threading.Thread(target=lambda: again.append(take_a_core(tmp_path)), daemon=True)
        asking.start()
        assert took(first, within=10), "the first to ask got no core when one was given back"
        assert not took(second, within=0.5) and again == []
        fcntl.flock(held[1], fcntl.LOCK_UN)
        assert took(second, within=10), "the second to ask got no core when the next was given back"
        assert again == []
        first.stdin.close()  # its core is given back as it exits
        asking.join(timeout=10)
        assert len(again) == 1, "the giver, who asked last, got no core when the first taker ended"
        assert list(tmp_path.glob("asks-*")) == []  # each ask gone with its answer
    finally:
        for process in (first, second):
            process.kill()
            process.wait()
        for core in held:
            core.close()
        for core in again:
            fcntl.flock(core, fcntl.LOCK_UN)


def test_an_ask_left_by_a_worker_killed_while_it_waited_holds_no_one_up(tmp_path):
    """A worker killed while it waits leaves its ask behind; so may one whose process id is by then another live
    process's (this one's, here): neither holds up the next to ask once a core is free."""
    held = [open(tmp_path / f"core-{k}", "a") for k in range(CORES)]  # noqa: SIM115 (closed below)
    for core in held:
        fcntl.flock(core, fcntl.LOCK_EX)
    killed = taker(tmp_path)
    killed.kill()
    killed.wait()
    assert len(list(tmp_path.glob("asks-*"))) == 1, "the killed worker's ask is left behind"
    (tmp_path / f"asks-{0:020d}-{os.getpid()}").touch()  # older still, its process id a live one
    held[0].close()
    taken: list = []
    asking = threading.Thread(target=lambda: taken.append(take_a_core(tmp_path)), daemon=True)
    asking.start()
    asking.join(timeout=10)
    for core in held[1:]:
        core.close()
    assert len(taken) == 1, "a core was free, yet an ask whose process no longer waits held the asker up"
    fcntl.flock(taken[0], fcntl.LOCK_UN)
