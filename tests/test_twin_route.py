"""The browser tokenizers' files, served by the app (playground/page/twin_route.py) behind the classroom server's
Guard, in process (Starlette's TestClient): the built modules and WebAssembly, and each twin's vocabulary by its
sha256, cached for good with the right types; nothing else; under a root path too; and the page's head that
names them. In Chromium: tests/test_browser_twin.py."""

from __future__ import annotations

import base64
import hashlib
import json
import re

import pytest
from starlette.testclient import TestClient

from playground.page import page_route
from playground.tokenizers import registry
from playground.tokenizers.assets import ASSETS_DIR, manifest
from playground.tokenizers.from_file import register_tokenizer

BUILT = ASSETS_DIR.parent / "playground" / "page" / "static" / "twin"
FOR_GOOD = "public, max-age=31536000, immutable"
# The tiktoken family's vocabulary files, as the manifest names them: what the page's twins fetch.
TIKTOKEN_FILES = {"gpt2": "gpt2/vocab.bpe", "gpt4": "cl100k/cl100k_base.tiktoken", "gpt4o": "o200k/o200k_base.tiktoken"}


def page_head() -> str:
    """The app's page, made afresh."""
    return page_route.Built().page.decode("utf-8")


def page_values() -> dict:
    """The app's values.json (what the page's program reads from the server), made afresh."""
    return json.loads(page_route.Built().files["values.json"])


def program_file() -> str:
    """The program's one module: the only .js file built."""
    [path] = BUILT.glob("*.js")
    return path.name


def vocabulary_url(asset: str) -> str:
    return f"/playground/twin/files/{manifest()[asset]['sha256']}/{asset.rpartition('/')[2]}"


def assert_cached_for_good(response, media_type: str) -> None:
    assert response.status_code == 200
    assert response.headers["content-type"] == media_type
    assert response.headers["cache-control"] == FOR_GOOD  # Guard's no-store not added
    assert response.headers["cross-origin-embedder-policy"] == "require-corp"  # the page stays isolated


def test_the_built_modules_and_webassembly_are_served_cached_for_good(client):
    program = client.get(f"/playground/twin/{program_file()}")
    assert_cached_for_good(program, "application/javascript")
    assert program.content == (BUILT / program_file()).read_bytes()
    [wasm] = BUILT.glob("tiktoken_bg-*.wasm")
    response = client.get(f"/playground/twin/{wasm.name}")
    assert_cached_for_good(response, "application/wasm")
    assert response.content[:4] == b"\0asm" and response.content == wasm.read_bytes()


@pytest.mark.parametrize("name", sorted(TIKTOKEN_FILES))
def test_each_vocabulary_is_served_by_its_sha256_gzipped_where_taken(client, name):
    asset = TIKTOKEN_FILES[name]
    for encoding in ("gzip, deflate, br", "identity"):
        response = client.get(vocabulary_url(asset), headers={"Accept-Encoding": encoding})
        assert_cached_for_good(response, "application/octet-stream")
        assert response.headers.get("content-encoding") == ("gzip" if encoding != "identity" else None)
        assert response.headers["vary"] == "Accept-Encoding"
        assert hashlib.sha256(response.content).hexdigest() == manifest()[asset]["sha256"]  # as the client reads it
        assert response.content == (ASSETS_DIR / asset).read_bytes()


@pytest.mark.parametrize("path", [
    "/playground/twin/build.json",  # the server's own record of the build: not a hashed file
    "/playground/twin/registry.js",
    "/playground/twin/files/" + "0" * 64 + "/vocab.bpe",  # no twin declares this sha256
    vocabulary_url("gpt2/vocab.bpe").replace("vocab.bpe", "encoder.json"),  # the right sha256, another name
    vocabulary_url("gpt2/encoder.json"),  # bundled, but no twin fetches it
    vocabulary_url("flores200-dev-200/eng_Latn.txt"),
])
def test_nothing_else_is_served(client, path):
    response = client.get(path)
    assert (response.status_code, response.text) == (404, "Not found: no such file of the browser tokenizers.")
    assert "immutable" not in response.headers.get("cache-control", "")


def test_no_way_out_of_the_folder(client):
    for path in ("/playground/twin/..%2Fplayground.css", "/playground/twin/%2E%2E/static/playground.css",
                 "/playground/twin/files/x/..%2F..%2Fapp.py"):
        response = client.get(path)
        assert response.status_code == 404 and b"playground" not in response.content.lower(), path


def test_served_under_a_root_path(app):
    with TestClient(app, root_path="/tok") as client:
        assert_cached_for_good(client.get(f"/tok/playground/twin/{program_file()}"), "application/javascript")
        assert_cached_for_good(client.get("/tok" + vocabulary_url("gpt2/vocab.bpe")), "application/octet-stream")




def test_the_page_head_names_the_twins_and_loads_the_program_relative_to_the_page():
    head, twins = page_head(), page_values()["PLAYGROUND_TWINS"]
    for name, asset in TIKTOKEN_FILES.items():
        spec = twins["tokenizers"][name]
        assert spec["family"] == "tiktoken_bpe"
        assert [file["url"] for file in spec["files"].values()] == [vocabulary_url(asset).removeprefix("/")]
    assert (f'<script type="module" src="playground/twin/{program_file()}" integrity="{built_integrity()[program_file()]}" '
            'onerror="document.getElementById(\'program-refused\').hidden = false"></script>') in head


def built_integrity() -> dict[str, str]:
    """Each committed built module's Subresource Integrity value, from its bytes."""
    return {path.name: "sha256-" + base64.b64encode(hashlib.sha256(path.read_bytes()).digest()).decode()
            for path in BUILT.glob("*.js")}


def test_the_build_records_the_sha256_of_every_built_file():
    recorded = json.loads((BUILT / "build.json").read_text(encoding="utf-8"))["sha256"]
    assert recorded == {path.name: hashlib.sha256(path.read_bytes()).hexdigest()
                        for path in BUILT.iterdir() if path.name != "build.json"}


def test_the_page_loads_one_module_with_its_integrity_and_preloads_the_lessons_cores_and_files():
    """One module, the program, which the browser runs only if its bytes have the sha256 given (test_built_files_
    checked_browser.py changes one byte); from the page's first bytes, the WebAssembly cores of the lesson's three
    (tiktoken's for GPT-2, the tokenizers crate's for BERT, sentencepiece's for Llama 2) and their files, and no
    other family's."""
    head = page_head()
    assert re.findall(r'<script type="module" src="([^"]+)" integrity="([^"]+)"', head) == \
        [(f"playground/twin/{program_file()}", built_integrity()[program_file()])]
    assert re.findall(r'<link rel="modulepreload" href="([^"]+)" integrity="([^"]+)">', head) == \
        [(f"playground/twin/{program_file()}", built_integrity()[program_file()])]  # before the cores and files
    assert head.index("modulepreload") < head.index('rel="preload" as="fetch" crossorigin href') and "importmap" not in head
    preloaded = re.findall(r'<link rel="preload" as="fetch" crossorigin href="([^"]+)">', head)
    cores = [url.removeprefix("playground/twin/").split("-")[0] for url in preloaded if url.endswith(".wasm")]
    assert sorted(cores) == ["sentencepiece", "tiktoken_bg", "web"]  # sentencepiece-js-*, web-tokenizers-*
    files = [url.rsplit("/", 1)[1] for url in preloaded if "/files/" in url]
    assert sorted(files) == ["tokenizer.model", "undertrained.json", "vocab.bpe", "vocab.txt"]
    assert len(set(preloaded)) == len(preloaded) == 7  # each once


def test_a_registered_rank_file_is_named_and_served(client, monkeypatch, tmp_path):
    monkeypatch.setattr(registry, "_registered", dict(registry._registered))
    monkeypatch.setattr(registry, "_loaded", dict(registry._loaded))
    ranks = tmp_path / "mine.tiktoken"
    lines = (ASSETS_DIR / "cl100k" / "cl100k_base.tiktoken").read_bytes().splitlines(keepends=True)
    ranks.write_bytes(b"".join(lines[:20_000]))  # the first 20,000 ranks: a rank file of one's own
    register_tokenizer("mine", f"{ranks}:cl100k")
    sha = hashlib.sha256(ranks.read_bytes()).hexdigest()
    spec = page_values()["PLAYGROUND_TWINS"]["tokenizers"]["mine"]
    assert spec["files"] == {"ranks": {"url": f"playground/twin/files/{sha}/mine.tiktoken", "sha256": sha}}
    assert spec["options"]["special_tokens"] == {}
    response = client.get(f"/playground/twin/files/{sha}/mine.tiktoken")
    assert response.status_code == 200 and response.content == ranks.read_bytes()
