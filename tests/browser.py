"""Helpers for the real-browser tests and benchmarks: Debian's Chromium through Playwright."""

from __future__ import annotations

import fcntl
import functools
import json
import os
import shutil
from contextlib import contextmanager
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from conftest import ROOT
from cores import run_dir
from serve import descendants, running, start, stop_server

from playground import compare
from playground.lesson.examples import EXAMPLES
from playground.tokenizers.registry import DEFAULT_TOKENIZERS

# The tests drive Debian's chromium-headless-shell where it is installed: Chromium's own headless build (the same
# Blink and V8, without the browser's UI processes) opens the page for half the CPU of the full browser (1.15 CPU-s
# against 2.2 a fresh context here), and the suite is bound by the machine's two cores (docs/testing.md). Without
# it they drive the full browser, which passes the same tests. The benchmarks always measure the full browser, the
# one a reader runs.
FULL_CHROMIUM = "/usr/bin/chromium"
HEADLESS_SHELL = "/usr/bin/chromium-headless-shell"
CHROMIUM = HEADLESS_SHELL if Path(HEADLESS_SHELL).exists() else FULL_CHROMIUM
CLIPBOARD = ["clipboard-read", "clipboard-write"]  # permissions a context needs for paste()
# What this machine needs of every launch: no sandbox (the tests run as root), no GPU, nothing fetched.
READER_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
               "--no-first-run"]
# The tests' launches also keep WebAssembly on V8's baseline compiler (no optimizing compiles of the hot functions
# in the background) and run the GPU process's work inside the browser process: the same results for 3 % less of
# the suite's CPU (1,241 CPU-seconds of tests against 1,278, docs/testing.md). Timed tests so measure a slower
# browser than a reader's, never a faster one. The benchmarks launch with READER_ARGS only.
CHROMIUM_ARGS = [*READER_ARGS, "--js-flags=--liftoff-only", "--in-process-gpu"]
SCREENSHOTS = ROOT / "artifacts" / "screenshots"
# The page's service worker (static/sw.js) answers its requests once it has taken over, and Playwright's routes
# (page.route: a vocabulary that hangs or fails) then never see them: the shared contexts block it. The worker's
# own tests (test_one_page_browser.py) let it run.
NO_SERVICE_WORKER = "block"
# A wait_for_function polls its condition every WAIT_POLL_MS unless it says otherwise, not at each animation frame
# (Playwright's default): polled at each frame, a page draws 60 frames a second while a test waits, 0.056 CPU-seconds
# a second of waiting against 0.012 polled every 100 ms (the headless shell, a page at rest), and the suite is bound
# by the machine's two cores. 50 ms is far below any change a test waits for.
WAIT_POLL_MS = 50


def _polled(wait):
    @functools.wraps(wait)
    def polled(self, expression, *, arg=None, polling=None, timeout=None):
        return wait(self, expression, arg=arg, polling=WAIT_POLL_MS if polling is None else polling, timeout=timeout)
    return polled


try:
    from playwright.sync_api import Frame, Page
except ImportError:  # no Playwright: the browser tests skip (require_chromium)
    pass
else:
    Page.wait_for_function, Frame.wait_for_function = _polled(Page.wait_for_function), _polled(Frame.wait_for_function)


_running: list[pytest.Item] = []  # the test being set up and run, for require_marked


@pytest.hookimpl(tryfirst=True)
def pytest_runtest_setup(item: pytest.Item) -> None:
    _running[:] = [item]


def require_marked(marker: str, needs: str) -> None:
    """Fail the running test when it needs `needs` without `marker`: the fast tier (docs/testing.md) leaves out
    what needs Chromium, Node or nginx by these markers, so a test that forgot one would fail there."""
    if _running and _running[0].get_closest_marker(marker) is None:
        pytest.fail(f"{_running[0].nodeid} needs {needs} but is not marked {marker}: "
                    f"add @pytest.mark.{marker} to it (or pytestmark to its module)", pytrace=False)


def require_chromium() -> None:
    """Skip (or, in CI, fail) when there is no browser to drive."""
    require_marked("browser", "Chromium")
    if Path(CHROMIUM).exists():
        return
    message = (f"no Chromium at {HEADLESS_SHELL} or {FULL_CHROMIUM}: install Debian's with `apt-get update && "
               "apt-get install -y chromium-headless-shell` (or `chromium`) to run the real-browser tests")
    if os.environ.get("PLAYGROUND_REQUIRE_BROWSER"):
        pytest.fail(message + " (PLAYGROUND_REQUIRE_BROWSER is set, so they may not skip)")
    pytest.skip(message)


# Playwright gives an action 30 s unless told otherwise, and typing a text is one action for all its keys. In a
# whole run on a slow hour (2026-12-07, twice the CPU of the run an hour before: docs/testing.md) 270 keys took more
# than 30 s, a key over 110 ms where it takes 23 ms on a machine at rest, and a pasted megabyte over 30 s. No test
# bounds these times (bench/typing_distance.py and bench/browser_paste.py measure them), so typing may take
# KEY_TIMEOUT_MS a key and a paste PASTE_TIMEOUT_MS before a test fails for it.
KEY_TIMEOUT_MS = 300
PASTE_TIMEOUT_MS = 120_000


def typing_timeout(keys: str) -> float:
    """Playwright's timeout, in ms, for typing `keys` one at a time: 30 s, or KEY_TIMEOUT_MS a key if longer."""
    return max(30_000, KEY_TIMEOUT_MS * len(keys))


def paste(page, locator, text: str) -> None:
    """Select all in `locator` and paste text with Ctrl+V through the real clipboard.

    (Playwright's keyboard.insert_text is no paste: it inserts each line break as its own
    edit, which takes Chromium minutes for a 1 MB text.) The context needs clipboard permissions.
    """
    page.evaluate("text => navigator.clipboard.writeText(text)", text)
    locator.click()
    locator.press("Control+a")
    locator.press("Control+v", timeout=PASTE_TIMEOUT_MS)


def require_node(installed: bool = True) -> None:
    """Skip (or, in CI, fail) when there is no Node.js to build or run the browser twins with; `installed`: nor
    the pinned npm packages in node_modules/."""
    require_marked("npm" if installed else "node", "node_modules/" if installed else "Node.js")
    missing = ("no node and npm on PATH" if not (shutil.which("node") and shutil.which("npm"))
               else "no node_modules/ (the pinned npm packages)" if installed and not (ROOT / "node_modules").is_dir()
               else None)
    if missing is None:
        return
    message = f"{missing}: install Node.js and run `npm ci` at the repository's root to test the browser tokenizers"
    if os.environ.get("PLAYGROUND_REQUIRE_BROWSER") or os.environ.get("CI"):
        pytest.fail(message + " (CI or PLAYGROUND_REQUIRE_BROWSER is set, so they may not skip)")
    pytest.skip(message)


@contextmanager
def chromium(executable: str):
    """The Chromium at `executable` as a reader runs it (`READER_ARGS`), through Playwright's sync API: the
    benchmarks' (`FULL_CHROMIUM`). The tests drive the session's `browser`."""
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=executable, headless=True, args=READER_ARGS)
        try:
            yield browser
        finally:
            browser.close()


# One app for the whole run, for every test that only reads from it, with a browser or without: a launch takes about
# 7 CPU-seconds here (a test that stops, restarts, floods or reads the log of a server starts its own with
# bench/serve.py's running()). In an xdist run, the first worker that asks starts it and notes it in the run's
# directory (cores.run_dir), where the others find it; the controller stops it at the end (pytest_unconfigure).
# The same for the app started as the README says to for a room (every address of the machine), which two modules read.
SHARED_APPS = "app-*.json"  # in the run's directory: {"url", "pid"} of each app started for the whole run


def run_wide_app(request: pytest.FixtureRequest, name: str, env: dict[str, str]):
    """`python app.py` with `env`, started once an xdist run by the first worker that asks (noted as app-<name>.json
    in the run's directory) and stopped by the controller; in one process (-n 0), for the session. Yields its URL."""
    shared = run_dir(request.config)
    if shared is None:
        with running("app.py", extra_env=env) as (url, _, _):
            yield url
        return
    noted = shared / SHARED_APPS.replace("*", name)
    with open(shared / f"app-{name}.lock", "a") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file closes
        if not noted.exists():
            url, process, _ = start("app.py", extra_env=env)
            noted.write_text(json.dumps({"url": url, "pid": process.pid}))
    yield json.loads(noted.read_text())["url"]


@pytest.fixture(scope="session")
def served_app(request):
    yield from run_wide_app(request, "lesson", {})


@pytest.fixture(scope="session")
def room_url(request):
    """The app listening on every address of the machine (as the README says to start it for a room), its page
    opened on 127.0.0.1, as a lecturer opens it; and the port."""
    require_chromium()
    for url in run_wide_app(request, "room", {"GRADIO_SERVER_NAME": "0.0.0.0"}):
        yield url, urlsplit(url).port


def shared_app_processes(config: pytest.Config) -> set[int]:
    """The run's shared apps and the processes they started (none in one process, or before a worker starts one)."""
    shared = run_dir(config)
    pids = [json.loads(noted.read_text())["pid"] for noted in shared.glob(SHARED_APPS)] if shared else []
    return {pid for app in pids for pid in (app, *descendants(app))}


@pytest.hookimpl(tryfirst=True)  # before cores.py removes the run's directory
def pytest_unconfigure(config: pytest.Config) -> None:
    """On the controller of an xdist run: stop the run's shared apps that workers started."""
    if hasattr(config, "run_dir"):
        for noted in Path(config.run_dir).glob(SHARED_APPS):
            stop_server(json.loads(noted.read_text())["pid"])


@pytest.fixture(scope="session")
def app_url(served_app):
    """The served app's URL, for a test in Chromium."""
    require_chromium()
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    return served_app


# Playwright and Chromium for the whole session (each xdist worker's): a launch takes about 0.66 CPU-seconds with
# Playwright's driver, and some 25 modules drive a browser. Its sync API keeps an event loop running in this thread
# while it is open, so an asyncio.run() here would fail: conftest.synchronous runs a handler in a thread of its own,
# and a test that needs a browser launched otherwise (other flags, a profile on disk) launches it from `playwright`.
@pytest.fixture(scope="session")
def playwright():
    """Playwright's sync API, for a test that launches a Chromium of its own (`launch_own`)."""
    require_chromium()
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        yield p


def launch_own(playwright, *flags: str):
    """A Chromium of a test's own, as the tests launch it (`CHROMIUM_ARGS`) with `flags` besides: close it after."""
    return playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=[*CHROMIUM_ARGS, *flags])


@pytest.fixture(scope="session")
def browser(playwright):
    """The tests' Chromium: each test opens contexts of its own in it (new_context), never shares one."""
    b = launch_own(playwright)
    yield b
    b.close()


def record_errors(page, errors: list[str], allowed: tuple[str, ...] = ()) -> None:
    """Append to `errors` each console error of `page` (unless it starts with one of `allowed`) and each uncaught
    exception."""
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" and not m.text.startswith(allowed)
            else None)
    page.on("pageerror", lambda e: errors.append(str(e)))


@pytest.fixture
def page(browser, app_url):
    """A fresh page at the app; fails the test on any console error, uncaught exception or dialog."""
    context = browser.new_context(viewport={"width": 1600, "height": 1000}, permissions=CLIPBOARD,
                                  service_workers=NO_SERVICE_WORKER)
    errors: list[str] = []
    dialogs: list[str] = []

    def watch(page):  # every page of the context, including ones a test opens itself
        record_errors(page, errors)
        page.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))

    context.on("page", watch)
    yield context.new_page()
    # Read the verdict before closing: closing cuts the page's live connection, which logs an abort.
    found_errors, found_dialogs = list(errors), list(dialogs)
    context.close()
    assert not found_errors, f"console errors: {found_errors}"
    assert not found_dialogs, f"a dialog opened (script ran?): {found_dialogs}"


@pytest.fixture(scope="module")
def module_page(browser, app_url):
    """One page at the app (1600x1000) for a module's tests that only ask it window.playground.tokenize, or that
    each leave it as the next can take it up (an example clicked over the last, as a lecturer goes through them): a
    page load is about 1.0 CPU-second of Chromium, Playwright's driver and the app (docs/testing.md), and a
    tokenizer's own caches are its own (one tokenizer a test).
    Yields the page and the console errors and uncaught exceptions it logged so far (shared_page fails a test on
    those that come while it runs)."""
    context = browser.new_context(viewport={"width": 1600, "height": 1000}, permissions=CLIPBOARD,
                                  service_workers=NO_SERVICE_WORKER)
    errors: list[str] = []
    shared = context.new_page()
    record_errors(shared, errors)
    shared.goto(app_url)
    shared.wait_for_function("typeof window.playground?.tokenize === 'function'", timeout=60_000)
    yield shared, errors
    context.close()


@pytest.fixture
def shared_page(module_page):
    """The module's page (module_page); fails the test on an error it saw while the test ran."""
    shared, errors = module_page
    seen = len(errors)
    yield shared
    assert errors[seen:] == [], f"console errors: {errors[seen:]}"


@contextmanager
def tab_without_errors(browser, allowed: tuple[str, ...] = ()):
    """A fresh tab (1600x1000) that fails the test on a console error, unless it starts with one of `allowed`
    (what Gradio logs when a reload, a lost network or a stopped server cuts its live connection), or on an
    uncaught exception; the verdict read before the context closes (closing cuts the connection too)."""
    context = browser.new_context(viewport={"width": 1600, "height": 1000}, service_workers=NO_SERVICE_WORKER)
    errors: list[str] = []
    tab = context.new_page()
    record_errors(tab, errors, allowed)
    yield tab
    found = list(errors)
    context.close()
    assert not found, f"console errors: {found}"


def textbox(page):
    return page.locator("#input-text textarea")


def panel_ids(page, name: str) -> list[int]:
    return page.eval_on_selector_all(f"#panel-{name} .tok", "els => els.map(e => Number(e.dataset.id))")


DRAWN_TOKENS, DRAWN_CHARS = 1000, 5000  # a panel draws its first 1,000 tokens that end within 5,000 characters


def drawn_ids(entry: dict) -> list[int]:
    """The ids a panel draws of a compare() entry (render.js's documented bounds, not read from it)."""
    return [i for i, end in zip(entry["ids"][:DRAWN_TOKENS], entry["ends"][:DRAWN_TOKENS]) if end <= DRAWN_CHARS]


def wait_for_ids(page, text: str, special: bool = False, names: tuple[str, ...] | None = None,
                 timeout: float = 30_000) -> None:
    """Wait until the three panels show exactly compare(text)'s ids (those drawn, drawn_ids)
    for the tokenizers `names`, slot by slot (#panel-gpt2, #panel-bert, #panel-llama). By default an
    example's text is expected under the tokenizers it opens with, any other text under the lesson's three;
    `timeout` in ms."""
    if names is None:
        names = next((e.tokenizers for e in EXAMPLES if e.text == text), DEFAULT_TOKENIZERS)
    page.wait_for_function(
        """expected => expected.every(([slot, name, ids]) => {
               const panel = document.querySelector(`#panel-${slot} [data-tokenizer]`);
               if (!panel || panel.dataset.tokenizer !== name) return false;
               const got = [...panel.querySelectorAll(".tok")].map(e => Number(e.dataset.id));
               return got.length === ids.length && got.every((id, i) => id === ids[i]);
           })""",
        arg=expected_panels(text, special, tuple(names)), timeout=timeout,
    )


@functools.lru_cache(maxsize=64)
def expected_panels(text: str, special: bool, names: tuple[str, ...]) -> list:
    """[[slot, tokenizer, the ids it draws], ...] of compare(text) for wait_for_ids: computed once a worker for a
    text (the lesson's examples and "Hello world" are waited for hundreds of times a run; each compare() of all
    its fields took the workers 20 CPU-seconds a run, py-spy). Read, never changed."""
    result = compare(text, special, tokenizers=names)["tokenizers"]
    return [[slot, t["name"], drawn_ids(t)] for slot, t in zip(DEFAULT_TOKENIZERS, result)]


def type_text(page, text: str) -> None:
    """Clear the box, then type like a person, one key at a time."""
    box = textbox(page)
    box.click()
    box.press("Control+a")
    box.press("Delete")
    box.press_sequentially(text, delay=5, timeout=typing_timeout(text))


def show_example(page, example) -> None:
    """`example` (playground.lesson.examples) clicked, as a lecturer goes on: its text drawn, its question asked and
    its answer made (hidden until Reveal)."""
    page.locator(f"#example-{example.key}").click()
    wait_for_ids(page, example.text)
    page.wait_for_function("q => document.querySelector('#prompt').textContent.includes(q)", arg=example.question)
    page.wait_for_function("() => document.querySelector('#answer li, #answer p')")


def start_over(page, text: str = "Hello world") -> None:
    """A module's page (shared_page) as a fresh page with `text` opens: Clear (the text, the example and its question
    gone, the introduction's three tokenizers back), then `text` pasted and drawn. A page load is about a
    CPU-second (module_page); the tests that take a page from here leave its toggles as they found them."""
    page.locator("#clear").click()
    paste(page, textbox(page), text)
    wait_for_ids(page, text, names=DEFAULT_TOKENIZERS)


def open_page(page, url: str, text: str) -> None:
    page.goto(url)
    wait_for_ids(page, text)
