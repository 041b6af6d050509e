"""What runs is what was built: the program's module or a WebAssembly core changed by one byte is refused in Chromium,
in the static folder and in the app. A changed core: the page says so where the changed vocabulary's note would be,
nothing is painted from it, and the panels whose files are intact still follow the text. A changed module: nothing of
the program runs, and the page's own HTML says so."""

from __future__ import annotations

import gzip
import hashlib
import shutil
import tempfile
from contextlib import contextmanager
from pathlib import Path

import pytest
from browser import panel_ids, type_text
from conftest import ROOT
from cores import pause
from serve import running
from serve import serving_folder
from static_site import built

from playground import compare

BUILT = ROOT / "playground" / "page" / "static" / "twin"
SLOTS = ("gpt2", "bert", "llama")  # the panels' slots, and the lesson's three tokenizers that open in them
TEXT = "Hello world"


def one_byte_changed(data: bytes) -> bytes:
    """The bytes with the lowest bit of the middle one flipped: the same size, another sha256."""
    changed = bytearray(data)
    changed[len(changed) // 2] ^= 1
    return bytes(changed)


def changed_one_byte(path: Path) -> None:
    """The file changed by one byte, and its gzipped copy too where the folder ships one (the page fetches that)."""
    changed = one_byte_changed(path.read_bytes())
    path.write_bytes(changed)
    gzipped = path.with_name(path.name + ".gz")
    if gzipped.exists():
        gzipped.write_bytes(gzip.compress(changed))


def the_one(folder: Path, pattern: str) -> Path:
    [path] = folder.glob(pattern)
    return path


@contextmanager
def fresh_tab(browser):
    """A tab whose console errors are expected here (the browser logs each refused file)."""
    context = browser.new_context(viewport={"width": 1400, "height": 900})
    try:
        yield context.new_page()
    finally:
        context.close()


def note_text(page) -> str:
    return page.locator("#limit-note").inner_text()


def assert_refused_in_one_panel(page, refused_slot: str, note: str) -> None:
    """The refused panel says so in itself (as a vocabulary that could not load does, with no advice about the
    connection) and shows no token; the other two show compare()'s ids."""
    type_text(page, TEXT)
    page.wait_for_function("([slot, note]) => document.getElementById(`panel-${slot}`)?.innerText.includes(note)",
                           arg=[refused_slot, note], timeout=60_000)
    assert "check the connection" not in page.locator(f"#panel-{refused_slot}").inner_text()
    expected = {t["name"]: t["ids"] for t in compare(TEXT, tokenizers=SLOTS)["tokenizers"]}
    for slot in SLOTS:
        if slot != refused_slot:
            page.wait_for_function("([slot, ids]) => JSON.stringify([...document.querySelectorAll(`#panel-${slot} "
                                   ".tok[data-id]`)].map(e => Number(e.dataset.id))) === JSON.stringify(ids)",
                                   arg=[slot, expected[slot]], timeout=60_000)
    assert panel_ids(page, refused_slot) == []
    assert page.locator(f"#panel-{refused_slot} .tok[data-id]").count() == 0


@pytest.fixture(scope="module")
def lesson_folder():
    with built("--tokenizers", ",".join(SLOTS)) as folder:
        yield folder


@contextmanager
def served_with_one_byte_changed(folder: Path, pattern: str):
    """A copy of the folder with one built file changed, served by http.server."""
    copy = Path(tempfile.mkdtemp(prefix="playground-changed-"))
    try:
        shutil.copytree(folder, copy / "site")
        changed_one_byte(the_one(copy / "site" / "playground" / "twin", pattern))
        with serving_folder(copy / "site") as url:
            yield url
    finally:
        shutil.rmtree(copy)


@pytest.mark.parametrize(("pattern", "slot", "label"), [("tiktoken_bg-*.wasm", "gpt2", "GPT-2 byte-level BPE"),
                                                        ("sentencepiece-js-*.wasm", "llama", "Llama 2 SentencePiece")])
def test_a_changed_webassembly_core_is_refused_in_the_folder(browser, lesson_folder, pattern, slot, label):
    built_core = the_one(BUILT, pattern)
    changed = one_byte_changed(built_core.read_bytes())
    with served_with_one_byte_changed(lesson_folder, pattern) as url, fresh_tab(browser) as page:
        page.goto(url)
        assert_refused_in_one_panel(
            page, slot, f"{label} could not load: {built_core.name} is not the WebAssembly "
                        f"that was built: sha256 {hashlib.sha256(changed).hexdigest()}, expected "
                        f"{hashlib.sha256(built_core.read_bytes()).hexdigest()} (build.json): it is not run.")


def assert_program_refused(page) -> None:
    """The page's one module, its program, refused: nothing of it runs to say so, so its script's onerror shows the
    note the page's HTML carries; no panel shows a token, after keys too."""
    page.wait_for_function("document.getElementById('program-refused')?.checkVisibility()", timeout=60_000)
    assert note_text(page).startswith("This page could not load its program: a file of it was refused")
    type_text(page, TEXT)
    pause(1, page)  # the keys' edit, were anything to paint it
    assert page.locator(".tok[data-id]").count() == 0


def test_a_changed_program_module_is_refused_and_the_page_says_so(browser, lesson_folder):
    with served_with_one_byte_changed(lesson_folder, "page-*.js") as url, fresh_tab(browser) as page:
        page.goto(url)
        assert_program_refused(page)


# The app, serving a copy of the built files with one byte changed: the same launch as `python app.py`, with
# twin_route's folder pointed at the copy (nothing else of the app changed).
APP_WITH_CHANGED_BUILD = """import runpy, sys
from pathlib import Path
sys.path.insert(0, {root!r})
from playground.page import twin_route
twin_route.BUILT_DIR = Path({built!r})
runpy.run_path({app!r}, run_name="__main__")
"""


@contextmanager
def app_with_one_byte_changed(tmp_path: Path, pattern: str):
    shutil.copytree(BUILT, tmp_path / "twin")
    changed_one_byte(the_one(tmp_path / "twin", pattern))
    launcher = tmp_path / "app_with_changed_build.py"
    launcher.write_text(APP_WITH_CHANGED_BUILD.format(root=str(ROOT), built=str(tmp_path / "twin"),
                                                      app=str(ROOT / "app.py")))
    with running(str(launcher)) as (url, _, _):
        yield url


def test_a_changed_program_module_is_refused_in_the_app(browser, tmp_path):
    with app_with_one_byte_changed(tmp_path, "page-*.js") as url, fresh_tab(browser) as page:
        page.goto(url)
        assert_program_refused(page)
