"""The page's headers (issue 44): the app's Content-Security-Policy, nosniff and no-referrer on every answer; the
static folder's policy in its index.html; the hosting guide's nginx block for the folder. In Chromium, the page
works under each policy with no violation, and the policy is in force: a fetch to another host is refused by it.

The policies are written out here in full, not read from playground.page.content_policy."""

from __future__ import annotations

import base64
import hashlib
import json
import urllib.error
import urllib.request

import pytest
from bs4 import BeautifulSoup
from browser import CLIPBOARD, launch_own, wait_for_ids
from nginx import hosting_block, nginx
from test_chat_browser import wait_for_chat
from serve import serving_folder
from static_site import built

from playground.lesson import chat_example
from playground.page.twin_route import BUILT_DIR

APP_POLICY = ("default-src 'self'; img-src 'self' data: blob:; style-src 'self' 'unsafe-inline'; object-src 'none'; "
              "base-uri 'self'; form-action 'self'; script-src 'self' 'unsafe-inline' 'unsafe-eval'")
OTHER_HOST = "http://127.0.0.2:9/"  # another origin: the policy refuses to connect to it
WATCH_VIOLATIONS = """window.violations = [];
document.addEventListener('securitypolicyviolation',
                          e => window.violations.push([e.effectiveDirective, e.blockedURI]));"""
# Chromium's console lines for the fetch the policy refuses
REFUSED = (f"Connecting to '{OTHER_HOST}' violates", f"Fetch API cannot load {OTHER_HOST}. Refused to connect")
# At http://classroom.test (not a localhost name), as a lecture hall's LAN address: not a secure context, so Chromium
# ignores the page's cross-origin isolation headers, and says so.
COOP_IGNORED = "The Cross-Origin-Opener-Policy header has been ignored, because the URL's origin was untrustworthy"
INJECTED = "Executing inline script violates"  # the console line for the script the folder's policy refuses


def program() -> str:
    """The program's one module: the only .js file built."""
    [path] = BUILT_DIR.glob("*.js")
    return path.name


@pytest.mark.parametrize("method, path", [("GET", ""), ("GET", "config"), ("POST", "playground/tokens"),
                                          ("GET", "playground/twin/program"), ("GET", "no-such-route")])
def test_every_answer_carries_the_policy_nosniff_and_no_referrer(served_app, method, path):
    """Before: none of the three on any answer."""
    body = {"text": "Hello world", "special": False, "tokenizer": "gpt2"} if method == "POST" else None
    request = urllib.request.Request(served_app + path.replace("program", program()), method=method,
                                     data=body and json.dumps(body).encode(),
                                     headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request) as response:
            status, headers = response.status, response.headers
    except urllib.error.HTTPError as err:
        status, headers = err.code, err.headers
    assert status == (404 if path == "no-such-route" else 200)
    assert headers["Content-Security-Policy"] == APP_POLICY
    assert headers["X-Content-Type-Options"] == "nosniff"
    assert headers["Referrer-Policy"] == "no-referrer"


def watched_page(browser, allowed: tuple[str, ...]):
    """A fresh context's page that notes every policy violation (window.violations) and every console error but
    `allowed` ones: (context, page, errors)."""
    context = browser.new_context(viewport={"width": 1280, "height": 900}, permissions=CLIPBOARD)
    context.add_init_script(WATCH_VIOLATIONS)
    errors: list[str] = []
    context.on("console", lambda m: errors.append(m.text) if m.type == "error" and not m.text.startswith(allowed)
               else None)
    context.on("weberror", lambda e: errors.append(str(e.error)))
    return context, context.new_page(), errors


def refuses_another_host(page, policies: int = 1) -> None:
    """No violation so far; then a fetch to another host is refused by the policy, the only violation (reported
    once by each of the page's `policies`)."""
    assert page.evaluate("window.violations") == []
    assert page.evaluate(f"fetch('{OTHER_HOST}').then(() => 'fetched', () => 'refused')") == "refused"
    # The report is an event of its own, which may come after the fetch's refusal (a loaded machine's run read none).
    page.wait_for_function("n => window.violations.length >= n", arg=policies, timeout=10_000)
    assert page.evaluate("window.violations") == [["connect-src", OTHER_HOST]] * policies


def test_the_app_works_under_its_policy_in_chromium(served_app, playwright):
    """The app at a name that is not this machine's (so its share link gets a QR code): the panels paint, the
    embedding's plots load, the QR code is drawn, the CSV downloads, the Chat view paints its example, with no
    policy violation and no console error; and the policy is in force. Before: the fetch to another host was not
    refused by any policy (no violation)."""
    browser = launch_own(playwright, "--host-resolver-rules=MAP classroom.test 127.0.0.1")
    try:
        context, page, errors = watched_page(browser, (*REFUSED, COOP_IGNORED))
        page.goto(served_app.replace("127.0.0.1", "classroom.test"))
        wait_for_ids(page, "Hello world", timeout=60_000)
        page.wait_for_function("() => [...document.querySelectorAll('#heatmap img.plot')]"
                               ".some(i => i.naturalWidth > 0)", timeout=60_000)
        page.locator("#share").click()
        page.locator("#share-qr svg").wait_for(state="attached")
        with page.expect_download() as download:
            page.get_by_role("button", name="Download tokens (CSV)").click()
        assert download.value.suggested_filename == "tokens.csv"
        page.locator("#chat input[type=checkbox]").click()
        page.locator("#example-chat").click()
        wait_for_chat(page, chat_example.MESSAGES, chat_example.TOKENIZERS)
        refuses_another_host(page, 2)  # the header's (every answer's), and the page's own, stricter
        found = list(errors)
        context.close()
    finally:
        browser.close()
    assert found == [], "\n".join(found)


def sha256_source(code: str) -> str:
    return "'sha256-" + base64.b64encode(hashlib.sha256(code.encode()).digest()).decode() + "'"


def test_the_folder_carries_its_policy_with_its_own_inline_scripts_hashes():
    """The <meta> policy, first after the charset: the app's, but no inline script, and of the event-handler
    attributes only the program's onerror, by its sha256; parsed here by html5lib. Before: no policy."""
    with built("--tokenizers", "gpt2,bert,llama", "--only", "panels") as folder:
        html = (folder / "index.html").read_text(encoding="utf-8")
    page = BeautifulSoup(html, "html5lib")
    metas = page.head.find_all("meta")
    assert metas[0].attrs == {"charset": "utf-8"} and metas[1]["http-equiv"] == "Content-Security-Policy"
    inline = [s.string for s in page.find_all("script") if not s.get("src")]
    handlers = [s["onerror"] for s in page.find_all("script") if s.get("onerror")]
    assert inline == [] and handlers == ["document.getElementById('program-refused').hidden = false"]
    assert metas[1]["content"] == (
        "default-src 'self'; img-src 'self' data: blob:; style-src 'self' 'unsafe-inline'; object-src 'none'; "
        "base-uri 'self'; form-action 'self'; script-src 'self' 'unsafe-hashes' "
        f"{sha256_source(handlers[0])} 'unsafe-eval'")
    assert page.head.find("meta", attrs={"name": "referrer"})["content"] == "no-referrer"


FOLDER_ROOT = "/srv/playground"  # the root the hosting guide's block names


@pytest.fixture(scope="module")
def folder():
    with built("--tokenizers", "gpt2,bert,llama,mistral,gpt4") as site:
        yield site


def the_folder_works(browser, url: str, policies: int = 1) -> None:
    """In the folder: the panels paint (SentencePiece's and Hugging Face tokenizers' WebAssembly among them), a key
    is followed, the QR code is drawn, the CSV downloads, with no violation; and the policy is in force (the
    <meta>'s, and the header's if `policies` is 2)."""
    context, page, errors = watched_page(browser, (*REFUSED, INJECTED))
    page.goto(url)
    wait_for_ids(page, "Hello world", timeout=60_000)
    page.select_option("#tokenizer-0 select", "mistral")  # the Hugging Face tokenizers' core (embind)
    page.select_option("#tokenizer-1 select", "gpt4")
    box = page.locator("#input-text textarea")
    box.click()
    box.press("End")
    box.press_sequentially("!")
    wait_for_ids(page, "Hello world!", names=("mistral", "gpt4", "llama"))
    page.locator("#share").click()
    page.locator("#share-qr svg").wait_for(state="attached")
    with page.expect_download() as download:
        page.locator("#download-csv").click()
    assert download.value.suggested_filename == "tokens.csv"
    refuses_another_host(page, policies)
    # a script put in the page runs only if the <meta> policy lists its hash: this one is not listed
    page.evaluate("() => { const s = document.createElement('script'); s.textContent = 'window.ran = 1';"
                  " document.body.append(s); }")
    assert page.evaluate("window.ran") is None
    assert page.evaluate("window.violations.map(v => v[0])") == ["connect-src"] * policies + ["script-src-elem"]
    found = list(errors)
    context.close()
    assert found == [], "\n".join(found)


def test_the_folder_works_under_its_meta_policy_on_any_host(browser, folder):
    """Served by python -m http.server, which sends no policy: the <meta> one holds. Before: no policy (the fetch
    to another host was not refused by one)."""
    with serving_folder(folder) as url:
        the_folder_works(browser, url)


@pytest.mark.nginx
def test_the_hosting_guides_nginx_block_sends_the_headers_and_the_folder_works(browser, folder):
    """docs/hosting.md's block for the folder, as written but for its root: the headers on the page and on a
    built module, and the page under both policies (the header's and the <meta>). Before: no such block."""
    block = hosting_block(f"root {FOLDER_ROOT};")
    with nginx(block.replace(f"root {FOLDER_ROOT};", f"root {folder};"), {}) as (port, _):
        url = f"http://127.0.0.1:{port}/"
        for path in ("", f"playground/twin/{program()}"):
            with urllib.request.urlopen(url + path) as response:
                assert response.headers["Content-Security-Policy"] == APP_POLICY
                assert response.headers["X-Content-Type-Options"] == "nosniff"
                assert response.headers["Referrer-Policy"] == "no-referrer"
        the_folder_works(browser, url, policies=2)
