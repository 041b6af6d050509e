"""Take the pictures of README.md and docs/ again, from the page as it is now.

    python scripts/screenshots.py [name ...]

starts `python app.py` on a free port, listening on every address as for a room (so that the share link's QR
code carries the room address; the pages are opened on 127.0.0.1), opens it in Debian's Chromium (headless) and writes each picture to
docs/<name>.png; with names, only those. Each picture is a scene a lecturer would show; the README's and the
docs' alt texts describe these scenes, so change both together. A script, not a test: it makes files the
repository ships, and a person looks at them (the tests take their own screenshots into artifacts/).
"""

from __future__ import annotations

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path[:0] = [str(ROOT), str(ROOT / "bench")]

from playwright.sync_api import Page, sync_playwright  # noqa: E402
from serve import running  # noqa: E402

DOCS = ROOT / "docs"
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                 "--no-first-run"]


def open_example(page: Page, url: str, query: str) -> None:
    page.goto(f"{url}?{query}")
    page.wait_for_function("() => [...document.querySelectorAll('#panels [id^=panel-]')].every(p => p.querySelector('.tok'))"
                           " && document.querySelector('#prompt [data-example]') && document.querySelector('#answer li')",
                           timeout=60_000)  # every panel drawn (Llama 3's vocabulary takes seconds), the answer there
    page.wait_for_timeout(500)  # the frame that fits the tokens


def reveal(page: Page) -> None:
    page.locator("#reveal").click()
    page.wait_for_function("() => document.body.classList.contains('revealed')")
    page.wait_for_timeout(300)


def presenter_hindi_revealed(page: Page, url: str) -> None:
    open_example(page, url, "example=hindi&present=1&__theme=light")
    reveal(page)


def projector_code(page: Page, url: str) -> None:
    """The indented code at 1280x720, a Llama 2 token of the second line's indentation pinned: it lights the
    GPT-2 tokens over the same spaces."""
    open_example(page, url, "example=code&__theme=light")
    start = len("def greet(name):\n")  # the first space of the second line
    page.locator(f'#panel-llama .tok[data-start="{start}"]').first.click()
    page.wait_for_timeout(300)


def presenter_magikarp(page: Page, url: str) -> None:
    """Presenter view on SolidGoldMagikarp, GPT-2's one token pinned, lighting the pieces of the other two."""
    open_example(page, url, "example=magikarp&present=1&__theme=light")
    page.locator('#panel-gpt2 .tok[data-id="43453"]').click()
    page.wait_for_timeout(300)


def stepper(page: Page, url: str) -> None:
    """The three panels replaying " SolidGoldMagikarp" together, four steps in."""
    open_example(page, url, "example=magikarp&__theme=light")
    page.locator("#replay-all").click()
    page.wait_for_selector("#panel-gpt2 .stepper .step-chip")
    for _ in range(4):
        page.locator("#panel-gpt2 .stepper [data-go='1']").click()
    page.locator("#panel-gpt2 .stepper").scroll_into_view_if_needed()
    page.wait_for_timeout(300)


def glitch(page: Page, url: str) -> None:
    open_example(page, url, "example=glitch&__theme=light")
    reveal(page)


def magikarp_answer(page: Page, url: str) -> None:
    """Presenter view on SolidGoldMagikarp after Reveal, dark: GPT-2's row saying the verdict, as large as the tokens."""
    open_example(page, url, "example=magikarp&present=1&__theme=dark")
    reveal(page)


def chat(page: Page, url: str) -> None:
    """The Chat example after Reveal: its answer and the three formats."""
    page.goto(f"{url}?example=chat&__theme=light")
    page.wait_for_selector("#chat-panels .tok")
    page.locator("#chat-reveal").click()
    page.wait_for_function("() => document.querySelector('#chat-answer li')?.checkVisibility()")
    page.wait_for_timeout(300)


def share_qr(page: Page, url: str) -> None:
    """The share link's QR code beside the link, in presenter view."""
    open_example(page, url, "example=hindi&present=1&__theme=light")
    page.get_by_role("button", name="Copy share link").click()
    page.wait_for_selector("#share-qr svg")
    page.wait_for_timeout(300)


# name: (scene, viewport)
SCENES = {
    "presenter-1024x768-hindi-revealed": (presenter_hindi_revealed, (1024, 768)),
    "projector-1280x720": (projector_code, (1280, 720)),
    "projector-presenter": (presenter_magikarp, (1280, 720)),
    "stepper": (stepper, (1280, 720)),
    "glitch-tokens-1280x720": (glitch, (1280, 720)),
    "share-qr": (share_qr, (1024, 768)),
    "magikarp-answer-1024x768-presenter": (magikarp_answer, (1024, 768)),
    "chat-1280x720": (chat, (1280, 720)),
}


def main(names: list[str]) -> None:
    unknown = set(names) - set(SCENES)
    if unknown:
        sys.exit(f"no scene {', '.join(sorted(unknown))}; the scenes are: {', '.join(SCENES)}")
    with running("app.py", {"GRADIO_SERVER_NAME": "0.0.0.0"}) as (url, _, _), sync_playwright() as playwright:
        browser = playwright.chromium.launch(executable_path="/usr/bin/chromium", headless=True, args=CHROMIUM_ARGS)
        try:
            for name in names or SCENES:
                scene, (width, height) = SCENES[name]
                context = browser.new_context(viewport={"width": width, "height": height}, permissions=["clipboard-write"])
                page = context.new_page()
                scene(page, url)
                page.screenshot(path=DOCS / f"{name}.png")
                context.close()
                print(f"wrote docs/{name}.png")
        finally:
            browser.close()


if __name__ == "__main__":
    main(sys.argv[1:])
