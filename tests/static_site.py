"""The static folder (`python -m playground static DIR`) for the tests that serve it: written in a temp dir others
may read (nginx's workers run as nobody), served by `python -m http.server` (bench/serve.py's serving_folder). The
folder of the command's defaults (`whole_folder`) is written once a run and shared by every test that only reads
it: a folder takes 7.7 CPU-seconds to write (its 25 MB of vocabularies and WebAssembly gzipped at level 9 among
them), and six modules read it, where they wrote seven (docs/testing.md)."""

from __future__ import annotations

import fcntl
import shutil
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest
from cores import run_dir
from serve import serving_folder

from playground.__main__ import main


def write_folder(site: Path, *args: str) -> None:
    """`python -m playground static <site> <args>`, readable by all."""
    assert main(["static", str(site), *args]) == 0
    for path in site.rglob("*"):
        path.chmod(0o755 if path.is_dir() else 0o644)


@contextmanager
def built(*args: str) -> Iterator[Path]:
    """A folder of its own, written by the command with `args`, removed afterwards."""
    folder = Path(tempfile.mkdtemp(prefix="playground-static-"))
    try:
        folder.chmod(0o755)
        write_folder(folder / "site", *args)
        yield folder / "site"
    finally:
        shutil.rmtree(folder)


@pytest.fixture(scope="session")
def whole_folder(request) -> Iterator[Path]:
    """The folder of all eight tokenizers, as the command writes it with no options: for tests that only read it.
    Written once an xdist run, by the first worker that asks, in the run's directory (the others wait for it and
    read the same); in one process (`-n 0`), once."""
    shared = run_dir(request.config)
    if shared is None:
        with built() as folder:
            yield folder
        return
    site = shared / "static" / "site"
    with open(shared / "static.lock", "a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file closes
        if not (shared / "static" / "written").exists():
            shutil.rmtree(site, ignore_errors=True)  # what a worker that failed midway left
            (shared / "static").mkdir(mode=0o755, exist_ok=True)
            write_folder(site)
            (shared / "static" / "written").touch()
    yield site


@pytest.fixture(scope="module")
def folder_url(whole_folder: Path) -> Iterator[str]:
    """The folder of all eight tokenizers served by http.server: where a test of the page's behaviour that needs
    no server opens the page (the app's tests keep what needs the server)."""
    with serving_folder(whole_folder) as url:
        yield url
