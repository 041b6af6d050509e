"""Shared fixtures: the official libraries, loaded the official way, to check the playground against."""

from __future__ import annotations

import asyncio
import functools
import gc
import hashlib
import os
import shutil
import subprocess
import sys
import tempfile
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from hypothesis import settings

# CI runs every property test with more examples than a developer's quick run.
settings.register_profile("ci", max_examples=400, deadline=None)
settings.register_profile("dev", max_examples=150, deadline=None)
# Under mutmut (bench/mutation.py) every test runs once per mutant: fewer examples, the same ones each run.
settings.register_profile("mutation", max_examples=10, deadline=None, derandomize=True, database=None)
UNDER_MUTMUT = "MUTANT_UNDER_TEST" in os.environ
if UNDER_MUTMUT:  # mutmut forks a process per mutant: an OpenMP thread team made before the fork hangs it
    os.environ["OMP_NUM_THREADS"] = "1"
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "mutation" if UNDER_MUTMUT
                                     else "ci" if os.environ.get("CI") else "dev"))

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # the lesson's scaffold (config.py, tokenizer.py, ...) lives at the root
sys.path.insert(0, str(ROOT / "bench"))  # serve.py: start the app on a free port, shared with the benchmarks

from playground.page.server import skip_notebook_magics, skip_stub_files  # noqa: E402

# as app.py does, before any test imports Gradio: the workers' own import of it, a second and a half less
skip_stub_files()
skip_notebook_magics()

# the workers' cores and the run's directory (first: the other two import it); the real-browser fixtures (app_url,
# browser, page); the static folder (whole_folder, folder_url)
pytest_plugins = ["cores", "browser", "static_site"]

def run_fresh(script: str) -> str:
    """What a Python script prints, run in a fresh interpreter at the repository's root (a first import, or
    what a process holds at its start, happens once per process)."""
    return subprocess.run([sys.executable, "-c", script], cwd=ROOT, capture_output=True, text=True,
                          timeout=120, check=True).stdout


def synchronous(handler):
    """An async page handler as a plain function, for tests: each call runs in a fresh event loop, in a thread of its
    own (in this one, the session's Playwright keeps its event loop running: browser.playwright)."""

    @functools.wraps(handler)
    def call(*args, **kwargs):
        with ThreadPoolExecutor(1) as pool:
            return pool.submit(asyncio.run, handler(*args, **kwargs)).result()

    return call



def panels_html(text: str, mark_whitespace: bool = True, view: str = "text", special: bool = False,
                *names: str) -> list[str]:
    """The panels' HTML for text as the page draws them (render.js, through tests/render_js.py's Node process),
    for the tokenizers `names` (default: gpt2, bert, llama), on the page's text: its first
    work.MAX_INPUT_CHARS characters, lone surrogates replaced."""
    from render_js import panel_html

    from playground.page.work import MAX_DRAWN_TOKENS, compare_limited
    from playground.tokenizers.registry import DEFAULT_TOKENIZERS

    result, _ = compare_limited(text, special, MAX_DRAWN_TOKENS, names or DEFAULT_TOKENIZERS)
    return [panel_html(tok, result["text"], show_ids=view == "ids", mark_whitespace=mark_whitespace)
            for tok in result["tokenizers"]]

OPENAI_URLS = {  # where tiktoken_ext.openai_public downloads each file from; its cache is keyed on sha1(url)
    "gpt2/vocab.bpe": "https://openaipublic.blob.core.windows.net/gpt-2/encodings/main/vocab.bpe",
    "gpt2/encoder.json": "https://openaipublic.blob.core.windows.net/gpt-2/encodings/main/encoder.json",
    "cl100k/cl100k_base.tiktoken": "https://openaipublic.blob.core.windows.net/encodings/cl100k_base.tiktoken",
    "o200k/o200k_base.tiktoken": "https://openaipublic.blob.core.windows.net/encodings/o200k_base.tiktoken",
}


def official_tiktoken(cache: Path, *names: str) -> list:
    """tiktoken.get_encoding(name) itself for each name, its download cache seeded from assets/ (no network)."""
    import tiktoken
    import tiktoken.registry

    for asset, url in OPENAI_URLS.items():
        shutil.copy(ROOT / "assets" / asset, cache / hashlib.sha1(url.encode()).hexdigest())
    old = os.environ.get("TIKTOKEN_CACHE_DIR")
    os.environ["TIKTOKEN_CACHE_DIR"] = str(cache)
    try:
        for name in names:
            tiktoken.registry.ENCODINGS.pop(name, None)
        return [tiktoken.get_encoding(name) for name in names]
    finally:
        if old is None:
            del os.environ["TIKTOKEN_CACHE_DIR"]
        else:
            os.environ["TIKTOKEN_CACHE_DIR"] = old


def resource_tracker(pid: int) -> bool:
    """multiprocessing's resource tracker: started with the first worker, it exits when this process does
    (it reads a pipe only this process holds), so it is not left behind."""
    try:
        return b"multiprocessing.resource_tracker" in Path(f"/proc/{pid}/cmdline").read_bytes()
    except OSError:
        return False


@pytest.fixture(scope="session", autouse=True)
def no_process_left_behind(request):
    """After the session, nothing the tests started runs on: servers (bench/serve.py's running() checks
    each server's own processes, by id, as it stops it), the big-input worker that in-process calls
    of the handlers start in this process, and render.js's Node process (tests/render_js.py). The run's
    shared app (browser.served_app), which its controller stops, runs on."""
    from browser import shared_app_processes
    from serve import descendants, wait_gone

    before = set(descendants(os.getpid()))
    yield
    before |= shared_app_processes(request.config)
    from playground.page import server

    server.stop_worker()
    if "render_js" in sys.modules:  # imported by the tests that draw panels
        sys.modules["render_js"].stop()
    started = [pid for pid in descendants(os.getpid()) if pid not in before and not resource_tracker(pid)]
    left = wait_gone(started, timeout=30)
    assert left == [], f"processes left running after the tests: {left}"


@pytest.hookimpl(trylast=True)
def pytest_sessionfinish(session):
    """Collect this process's garbage once, then move what lives on out of the collector's sight (gc.freeze). After
    this pytest collects five times over, to report an exception raised in a finalizer (unraisableexception): each
    collection walked the whole heap of a worker (torch, Gradio, eight tokenizers: 0.2 to 1 CPU-second), and now
    walks only what the first one's finalizers made. An exception the first collection raises is reported as before."""
    gc.collect()
    gc.freeze()


@functools.cache  # once a process: mutmut forks each mutant's run from one that has them loaded
def _official_gpt2():
    with tempfile.TemporaryDirectory() as cache:  # only read while the encoding loads
        [gpt2] = official_tiktoken(Path(cache), "gpt2")
    return gpt2


@pytest.fixture(scope="session")
def official_gpt2():
    """tiktoken.get_encoding("gpt2") itself."""
    return _official_gpt2()


@pytest.fixture(scope="session")
def official_bert():
    """bert-base-uncased built a second, independent way: tokenizers' own BertWordPieceTokenizer."""
    return _official_bert()


@functools.cache
def _official_bert():
    from tokenizers import BertWordPieceTokenizer

    tok = BertWordPieceTokenizer(str(ROOT / "assets" / "bert-base-uncased" / "vocab.txt"), lowercase=True)
    tok._tokenizer.encode_special_tokens = True  # typed "[CLS]" is text, as in the playground (no public setter)
    return tok


@pytest.fixture(scope="session")
def official_llama():
    return _official_llama()


@functools.cache
def _official_llama():
    import sentencepiece

    return sentencepiece.SentencePieceProcessor(model_file=str(ROOT / "assets" / "llama-2" / "tokenizer.model"))


@pytest.fixture(scope="module")
def app():
    """Gradio's app for the page, built as launch() builds it: Guard in front, the page's own routes beside."""
    import gradio as gr

    from playground.page.web import app_kwargs, build_demo

    return gr.routes.App.create_app(build_demo(), app_kwargs=app_kwargs())


@pytest.fixture
def client(app):
    """A client of that app, its lifespan run (Gradio's queue started)."""
    from starlette.testclient import TestClient

    with TestClient(app) as c:
        yield c


@pytest.fixture
def assets_copy(tmp_path, monkeypatch):
    """A copy of assets/ to damage, with the caches of verified files cleared around the test."""
    from playground.tokenizers import assets
    from playground.tokenizers.gpt2 import gpt2_encoding

    shutil.copytree(ROOT / "assets", tmp_path / "assets")
    monkeypatch.setattr(assets, "ASSETS_DIR", tmp_path / "assets")
    assets.verified_path.cache_clear()
    gpt2_encoding.cache_clear()
    yield tmp_path / "assets"
    assets.verified_path.cache_clear()
    gpt2_encoding.cache_clear()


@pytest.fixture(scope="session", autouse=True)
def _caches_cleared_for_a_mutant():
    """Under mutmut, a mutant's tests run in a process forked after a run of the unmutated code, so
    every cache (loaded tokenizers, lru_caches, the embedding tables) holds unmutated answers and
    would hide the mutant. Clear the caches the mutated function can feed: imports run
    page -> lesson -> tokenizers, so a mutant only reaches caches of its own layer and the ones above."""
    from mutation_caches import clear_caches_for

    clear_caches_for(os.environ.get("MUTANT_UNDER_TEST", ""))


@pytest.hookimpl(tryfirst=True)
def pytest_configure(config):
    """Under mutmut, no xdist workers (pytest.ini's addopts): mutmut forks each mutant's run itself, from a process
    that has the unmutated code loaded."""
    if UNDER_MUTMUT and getattr(config.option, "numprocesses", None):
        config.option.numprocesses, config.option.dist, config.option.tx = 0, "no", []


BROWSER_FIXTURES = {"playwright", "browser", "page", "app_url"}  # tests/browser.py's: each needs Chromium
SLOW_FIXTURES = {"served_app"}  # a launched python app.py
# The files that take 12 s or more, longest first (seconds on their worker in a whole run, 2026-12-05: 160, 114, 105,
# 98, 97, 88, 76, 71, 61, 58, 46, 42, 37, 37, 35, 34, 28, 27, 26, 25, 22, 20, 18, 17, 15, 14, 13, 12): given to the
# workers first, so that they end together on short files rather than one running a long file alone at the end (a
# run saw one worker on test_your_tokenizer_browser.py, 22 s, after the other two had ended). A file not named keeps
# its place after. (pytest.ini's --no-loadscope-reorder: else xdist orders the files by their number of tests.)
# test_server_holes.py (98 s, most of it tests marked waits: a body trickled, a head never finished) goes later than
# its length would put it: next to test_typing_without_the_server_browser.py's (ten seconds offline, a vocabulary
# that never comes) it left one worker of three to work, the cores 0.9 to 1.6 busy for 40 s of a run.
LONGEST_FILES = ["test_one_page_browser.py", "test_lecture_browser.py", "test_lecture_layout_browser.py",
                 "test_classroom_attacks.py", "test_static_folder_browser.py",
                 "test_typing_without_the_server_browser.py", "test_browser.py", "test_browser_twin.py",
                 "test_twin_edits_browser.py", "test_chat_browser.py", "test_docs.py", "test_your_tokenizer.py",
                 "test_lecture_slides_browser.py", "test_lecture_keys_browser.py", "test_setup_follows_browser.py",
                 "test_server.py", "test_batch_browser.py", "test_lecture_truth_browser.py",
                 "test_nginx_replicas.py", "test_server_holes.py", "test_your_tokenizer_browser.py", "test_web.py",
                 "test_twin_tiktoken.py", "test_page_flow_browser.py", "test_twin_hf_tokenizers.py",
                 "test_nginx_prefix.py", "test_embedding.py", "test_content_policy.py"]


def pytest_collection_modifyitems(items):
    """Put the browser marker on every test that uses a browser fixture, slow on every test that uses the served
    app, and node on every npm test, so that no test needs to be told (require_chromium and require_node fail a
    test that needs them without its marker). The longest files go first.
    Under mutmut, a mutant's tests run fastest first (mutmut's own timings): most mutants die in the first."""
    for item in items:
        if BROWSER_FIXTURES & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.browser)
        if SLOW_FIXTURES & set(getattr(item, "fixturenames", ())):
            item.add_marker(pytest.mark.slow)
        if item.get_closest_marker("npm"):
            item.add_marker(pytest.mark.node)
    if UNDER_MUTMUT:
        from mutation_caches import fastest_first

        fastest_first(items)
    else:
        rank = {name: k for k, name in enumerate(LONGEST_FILES)}
        items.sort(key=lambda item: rank.get(item.path.name, len(LONGEST_FILES)))  # stable: each file's order kept


@pytest.fixture
def ascii_locale(monkeypatch):
    """A file read without its encoding decodes as in an ASCII locale (a lecturer's laptop may run one), in this
    process: mutmut sees no test that starts another."""
    def read_text_in_an_ascii_locale(self: Path, encoding: str | None = None, errors: str | None = None) -> str:
        return self.read_bytes().decode(encoding or "ascii", errors or "strict")

    monkeypatch.setattr(Path, "read_text", read_text_in_an_ascii_locale)
