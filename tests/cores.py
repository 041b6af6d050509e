"""The machine's cores, shared out between the xdist workers: at most CORES tests work at once, whatever the number
of workers.

The suite is bound by CPU (docs/testing.md), yet some of its tests mostly wait: 45 s offline, a body trickled a
byte a second, a vocabulary that never comes. On a worker a core, such a test holds its worker while its core
idles. pytest.ini runs a worker more than there are cores (`-n auto`, pytest_xdist_auto_num_workers below), and
each test takes a core for its whole run (setup, call, teardown): a lock file a core, in the run's directory
(run_dir); it waits while CORES other tests hold them, and the cores go to the waiting in the order they asked
(take_a_core). A test marked `waits` takes none, so it runs beside CORES tests that work instead of in place of
one; a test that works pauses with `pause`, which gives its core back for the pause. Without xdist (`-n 0`) nothing
is taken.
"""

from __future__ import annotations

import fcntl
import os
import shutil
import tempfile
import time
from pathlib import Path
from typing import IO

import pytest

# The cores this process may run on (a container's, not the host's; macOS has no affinity: all of them).
CORES = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
POLL_S = 0.02  # how often a test waiting for a core looks again: far below a test's seconds
_files: dict[str, IO] = {}  # this worker's open lock files (a flock belongs to an open file)
_running: dict[str, object] = {}  # "folder" and "core": the run's directory and the core the running test holds


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_auto_num_workers(config: pytest.Config) -> int:
    """`-n auto` (pytest.ini): a worker more than there are cores, to run the tests that wait."""
    return CORES + 1


def pytest_configure(config: pytest.Config) -> None:
    """On the controller of an xdist run: the run's directory, passed to each worker (run_dir), removed at the end.
    Readable by all: nginx's workers (nobody) serve the static folder written there (static_site.py)."""
    if getattr(config.option, "numprocesses", None) and not hasattr(config, "workerinput"):
        config.run_dir = tempfile.mkdtemp(prefix="playground-run-")
        os.chmod(config.run_dir, 0o755)


def pytest_unconfigure(config: pytest.Config) -> None:
    if hasattr(config, "run_dir"):
        shutil.rmtree(config.run_dir, ignore_errors=True)


@pytest.hookimpl(optionalhook=True)
def pytest_configure_node(node) -> None:
    node.workerinput["run_dir"] = node.config.run_dir


def run_dir(config: pytest.Config) -> Path | None:
    """The directory every worker of this xdist run shares (the cores' lock files, what the run writes once), or None
    in one process (`-n 0`)."""
    folder = getattr(config, "workerinput", {}).get("run_dir")
    return None if folder is None else Path(folder)


def _lock_file(name: str) -> IO:
    if name not in _files:
        _files[name] = open(name, "a")  # noqa: SIM115 (held open for the worker's life: its locks live on it)
    return _files[name]


def _still_asking(ask: Path) -> bool:
    """Whether the process that made `ask` still waits: it holds the ask's lock while it does, and a process that
    ends, however it ends, lets go of its locks (a process id could be another's by then)."""
    try:
        with open(ask) as held:
            fcntl.flock(held, fcntl.LOCK_SH | fcntl.LOCK_NB)
    except BlockingIOError:
        return True
    except FileNotFoundError:  # answered meanwhile
        return False
    return False


def _first_in_line(folder: Path, ticket: Path) -> bool:
    """Whether `ticket` is the oldest of the asks in `folder` whose process still waits (a worker killed while it
    waited leaves its ask behind: skipped)."""
    for ask in sorted(folder.glob("asks-*")):
        if ask == ticket:
            return True
        if _still_asking(ask):
            return False
    return True  # our own ask is always there; a glob that missed it cannot stall us


def take_a_core(folder: Path) -> IO:
    """A core, first come, first served: a process takes a free one only once every process that asked before it
    has one. Free for all, the worker that gave a core back took it again at once for its next test, a few
    microseconds later, while one that had asked before it looked again every POLL_S: a file waited 71 s for its
    first test, and its tests that wait then ended the run alone, the cores idle (docs/testing.md)."""
    name = f"asks-{time.time_ns():020d}-{os.getpid()}"  # named so that the asks sort by when they were made
    with open(folder / f"making-{name}", "w") as ask:
        fcntl.flock(ask, fcntl.LOCK_EX)  # held while this process waits: locked before others can see it
        ticket = (folder / f"making-{name}").rename(folder / name)
        try:
            while True:
                if _first_in_line(folder, ticket):
                    for k in range(CORES):
                        core = _lock_file(str(folder / f"core-{k}"))
                        try:
                            fcntl.flock(core, fcntl.LOCK_EX | fcntl.LOCK_NB)
                            return core
                        except BlockingIOError:
                            continue
                time.sleep(POLL_S)
        finally:
            ticket.unlink()


@pytest.hookimpl(wrapper=True)
def pytest_runtest_protocol(item: pytest.Item, nextitem: pytest.Item | None):
    folder = run_dir(item.config)
    if folder is None or item.get_closest_marker("waits"):
        return (yield)
    _running["folder"], _running["core"] = folder, take_a_core(folder)
    try:
        return (yield)
    finally:
        core = _running.pop("core", None)  # none if a pause was cut while it asked for one again
        if core is not None:
            fcntl.flock(core, fcntl.LOCK_UN)


def pause(seconds: float, page=None) -> None:
    """Sleep `seconds`, the running test's core given back meanwhile and taken again after, in line with the tests
    that asked for one before: for a pause in which the test waits for nothing it could name (a time in which
    something must not happen, a server's output to flush), so that a test waiting for a core works in it instead
    of the core idling (docs/testing.md). The pause may so last longer than asked, never shorter. With `page`
    (Playwright's), it is the page's own wait_for_timeout, so that the page's events and routes (a request counted, a
    route that holds or refuses) are handled during the pause as before: Playwright hands them to the test's handlers
    only during one of its own calls, and a bare sleep would leave them for after."""
    core = _running.pop("core", None)  # none in one process (-n 0), or in a test marked waits
    if core is not None:
        fcntl.flock(core, fcntl.LOCK_UN)
    try:
        if page is None:
            time.sleep(seconds)
        else:
            page.wait_for_timeout(seconds * 1000)
    finally:
        if core is not None:
            _running["core"] = take_a_core(_running["folder"])
