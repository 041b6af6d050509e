"""The Chat view in a real browser at 1280x720 and 1024x768: the conversation drawn in three formats at once,
its ids exactly playground.chat's, structure tokens styled apart from content, the example's answer on Reveal."""

from __future__ import annotations

import json

import pytest
from browser import SCREENSHOTS, wait_for_ids
from cores import pause
from test_link_browser import pack

from playground import chat
from playground.lesson import chat_example
from playground.page.colors import token_colors

SIZES = [(1280, 720), (1024, 768)]


def on_all(page, selector: str, fn: str):
    """Playwright's eval_on_selector_all, in one task of the page: it finds the elements in one and runs `fn` in a
    later one, and a conversation drawn again between the two (the example's click and the toggle each send it)
    hands `fn` detached elements, whose computed styles are empty."""
    return page.evaluate(f"() => ({fn})([...document.querySelectorAll({json.dumps(selector)})])")


def rgb(hex_colour: str) -> str:
    """"#1f2937" as a computed style writes it: "rgb(31, 41, 55)"."""
    return "rgb({}, {}, {})".format(*(int(hex_colour[k:k + 2], 16) for k in (1, 3, 5)))


def panel_ids(page) -> list[tuple[str, list[int]]]:
    return on_all(
        page, "#chat-panels .chat-panel",
        "els => els.map(p => [p.dataset.tokenizer, [...p.querySelectorAll('.tok')].map(t => Number(t.dataset.id))])")


def wait_for_chat(page, messages, names):
    expected = [[name, chat(messages, name)["ids"]] for name in names]
    page.wait_for_function(
        """expected => {
               const panels = [...document.querySelectorAll('#chat-panels .chat-panel')];
               return panels.length === expected.length && expected.every(([name, ids], k) =>
                   panels[k].dataset.tokenizer === name &&
                   JSON.stringify([...panels[k].querySelectorAll('.tok')].map(t => Number(t.dataset.id))) ===
                   JSON.stringify(ids));
           }""", arg=expected, timeout=30_000)
    return expected


@pytest.fixture(params=SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def sized(request, page):
    width, height = request.param
    page.set_viewport_size({"width": width, "height": height})
    return page, width, height


def open_chat_example(page, app_url):
    """The page loaded (its load sets the panels' tokenizers), the Chat view on, its example clicked."""
    page.goto(app_url)
    wait_for_ids(page, "Hello world")
    page.locator("#chat input[type=checkbox]").click()
    page.locator("#example-chat").click()


def test_the_example_in_three_formats_exact_styled_and_answered(sized, app_url):
    page, width, height = sized
    open_chat_example(page, app_url)
    expected = wait_for_chat(page, chat_example.MESSAGES, chat_example.TOKENIZERS)
    assert [name for name, _ in expected] == ["llama3", "mistral", "gemma"]
    # the message rows: role, content, add, remove
    assert page.locator("#chat-messages .chat-row").count() == 3
    assert page.locator("#chat-messages .chat-row .chat-content").nth(0).input_value() == "What is a token?"
    # structure tokens drawn apart: an outline and a white background that no content token has
    page.mouse.move(0, 0)  # the pointer, left on the example's button, would light a token drawn under it
    styles = on_all(page, "#chat-panels .tok", """els => els.map(t => {
        const s = getComputedStyle(t);
        return [t.classList.contains('structure'), s.outlineStyle, s.outlineWidth, s.backgroundColor, t.className,
                t.textContent];
    })""")
    structure = [s for s in styles if s[0]]
    content = [s for s in styles if not s[0]]
    assert structure and content
    assert [s for s in structure if (s[1], s[2], s[3]) != ("solid", "3px", "rgb(255, 255, 255)")] == []
    assert [s for s in content if s[1] != "none" or s[3] == "rgb(255, 255, 255)"] == []
    # the text panels' blocks: each token's role and message as playground.chat says, its colour colors.py's
    drawn = on_all(page, "#chat-panels .chat-panel", """els => els.map(p => [...p.querySelectorAll('.tok')].map(t =>
        [Number(t.dataset.id), t.classList.contains('structure'), t.dataset.message ?? null, t.style.backgroundColor]))""")
    for name, tokens in zip(chat_example.TOKENIZERS, drawn):
        assert tokens == [[t["id"], t["structure"], None if t["message"] is None else str(t["message"]),
                           rgb(token_colors(name, t["id"])[0])] for t in chat(chat_example.MESSAGES, name)["tokens"]]
    # the counts, split, as playground.chat gives them
    for k, name in enumerate(chat_example.TOKENIZERS):
        result = chat(chat_example.MESSAGES, name)
        counts = page.locator("#chat-panels .chat-counts").nth(k).inner_text()
        assert counts == f"{result['count']} tokens: {result['structure_count']} structure, {result['content_count']} content"
    # the question, its answer hidden until Reveal, then read off the tokens
    assert page.locator("#chat-question span").inner_text() == chat_example.QUESTION
    assert not page.locator("#chat-answer").is_visible()
    page.locator("#chat-reveal").click()
    answer = page.locator("#chat-answer").inner_text()
    for name in chat_example.TOKENIZERS:
        assert f"{chat(chat_example.MESSAGES, name)['before_first_content']} tokens before your first word" in answer
    assert "5 tokens before your first word" in answer  # Llama 3: <|begin_of_text|> <|start_header_id|> user <|end_header_id|> \n\n
    page.screenshot(path=str(SCREENSHOTS / f"chat-{width}x{height}.png"), full_page=False)
    # three panels side by side, inside the window
    boxes = on_all(page, "#chat-panels .chat-col", "els => els.map(e => { const r = e.getBoundingClientRect(); return {x: r.x, width: r.width}; })")
    assert boxes[0]["x"] < boxes[1]["x"] < boxes[2]["x"] and boxes[2]["x"] + boxes[2]["width"] <= width, boxes


def test_editing_a_message_redraws_exactly_and_hover_links_the_content(page, app_url):
    page.set_viewport_size({"width": 1280, "height": 720})
    open_chat_example(page, app_url)
    wait_for_chat(page, chat_example.MESSAGES, chat_example.TOKENIZERS)
    box = page.locator("#chat-messages .chat-content").nth(2)
    box.click()
    box.press("End")
    box.press_sequentially(" 😀 नमस्ते", delay=5)
    messages = [dict(m) for m in chat_example.MESSAGES]
    messages[2]["content"] += " 😀 नमस्ते"
    wait_for_chat(page, messages, chat_example.TOKENIZERS)
    page.locator("#chat-add").click()
    page.locator("#chat-messages .chat-content").nth(3).press_sequentially("Hi", delay=5)
    messages.append({"role": "assistant", "content": "Hi"})
    # mistral-common refuses a conversation ending on the assistant (serving mode): its panel says so
    page.wait_for_function("() => document.querySelectorAll('#chat-panels .chat-none').length === 1", timeout=30_000)
    assert "Mistral v1 refuses" in page.locator("#chat-panels .chat-none").inner_text()
    page.locator("#chat-messages .chat-remove").nth(3).click()
    wait_for_chat(page, messages[:3], chat_example.TOKENIZERS)
    # hover on a content token: its card, as the text panels' (card.js), and the tokens over the same characters of
    # the same message lit in the other two panels (playground.chat's content_start: "What" is characters 0 to 4)
    results = {name: chat(messages[:3], name) for name in chat_example.TOKENIZERS}
    what = next(t for t in results["llama3"]["tokens"] if t["message"] == 0)
    assert (what["text"], what["content_start"]) == ("What", 0)
    first = page.locator("#chat-panels .chat-col").nth(0).locator(".tok[data-message='0']").first
    first.hover()
    card = page.locator("#tok-card")
    assert card.inner_text().startswith(f"id {what['id']}\n")
    assert "chars [0, 4) of message 1's content" in card.inner_text()
    linked = on_all(page, "#chat-panels .tok.linked", "els => els.map(t => [t.closest('.chat-panel').dataset.tokenizer, "
                    "Number(t.dataset.id), t.dataset.message])")
    expected = [[name, t["id"], "0"] for name in ("mistral", "gemma") for t in results[name]["tokens"]
                if t["message"] == 0 and t["content_start"] < 4 and not t["structure"]]
    assert linked == expected and len(expected) >= 2, linked  # "What" (Mistral: "▁What") in each
    first.click()
    assert on_all(page, "#chat-panels .tok.pinned", "els => els.map(t => Number(t.dataset.id))") == [what["id"]]
    assert page.locator("#tok-card.pinned-card").is_visible()
    assert page.locator("#how-built").count() == 0  # the replay builds the text's tokens, not a conversation's
    # a structure token covers none of the messages' characters: its card says so, and it lights nothing
    page.keyboard.press("Escape")
    page.locator("#chat-panels .chat-col").nth(0).locator(".tok.structure").first.hover()
    assert "structure: the chat format's own token" in card.inner_text()
    assert page.locator("#chat-panels .tok.linked").count() == 0


def test_a_share_link_reopens_the_conversation(page, app_url):
    page.set_viewport_size({"width": 1280, "height": 720})
    open_chat_example(page, app_url)
    wait_for_chat(page, chat_example.MESSAGES, chat_example.TOKENIZERS)
    page.locator("#share").click()
    page.wait_for_function("() => document.querySelector('#share-link textarea, #share-link input').value.includes('chat=')")
    link = page.locator("#share-link textarea, #share-link input").first.input_value()
    assert "tokenizers=llama3%2Cmistral%2Cgemma" in link or "tokenizers=llama3,mistral,gemma" in link
    opened = page.context.new_page()  # a second page: taking this one elsewhere would cut its live connection
    opened.set_viewport_size({"width": 1280, "height": 720})
    opened.goto(link)
    wait_for_chat(opened, chat_example.MESSAGES, chat_example.TOKENIZERS)
    assert opened.locator("#chat input[type=checkbox]").is_checked()


def relative_luminance(rgb: str) -> float:
    """WCAG 2.2's relative luminance of a computed colour, "rgb(r, g, b)"."""
    channels = [int(c) / 255 for c in rgb[rgb.index("(") + 1:rgb.index(")")].split(",")[:3]]
    r, g, b = [c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: str, b: str) -> float:
    light, dark = sorted([relative_luminance(a), relative_luminance(b)], reverse=True)
    return (light + 0.05) / (dark + 0.05)


def test_the_example_link_opens_the_chat_view_legible_in_dark_mode(browser, app_url):
    """?example=chat opens the Chat view on its example, as its button does; in dark mode at 1024x768 every
    token's text keeps WCAG AA contrast (4.5:1) on its block, structure and content alike."""
    context = browser.new_context(viewport={"width": 1024, "height": 768}, color_scheme="dark")
    page = context.new_page()
    page.goto(f"{app_url}?example=chat&__theme=dark")
    wait_for_chat(page, chat_example.MESSAGES, chat_example.TOKENIZERS)
    assert page.locator("#chat input[type=checkbox]").is_checked()
    assert page.evaluate("() => document.body.classList.contains('chat-example')")
    page.mouse.move(0, 0)
    colours = on_all(page, "#chat-panels .tok", """els => els.map(t => {
        const s = getComputedStyle(t);
        return [t.classList.contains('structure'), s.color, s.backgroundColor, t.textContent];
    })""")
    assert {structure for structure, *_ in colours} == {True, False}
    low = [(text, round(contrast(fg, bg), 2)) for _, fg, bg, text in colours if contrast(fg, bg) < 4.5]
    assert low == []
    # the message rows too: each role and content readable in the dark theme
    rows = on_all(page, "#chat-messages :is(.chat-role, .chat-content)", """els => els.map(e => {
        const s = getComputedStyle(e);
        return [e.value, s.color, s.backgroundColor];
    })""")
    assert [value for value, *_ in rows] == [v for m in chat_example.MESSAGES for v in (m["role"], m["content"])]
    assert [(value, round(contrast(fg, bg), 2)) for value, fg, bg in rows if contrast(fg, bg) < 4.5] == []
    page.screenshot(path=str(SCREENSHOTS / "chat-1024x768-dark.png"))
    context.close()


# Conversations a link may carry that the Chat view does not take, as raw JSON (the link packs it as share.js
# does): each opens the page in the text view with the damaged-link note, no message row made, nothing thrown.
NOT_CONVERSATIONS = {
    "60,001 empty messages (a link of 264 characters)": b"[" + b"{}," * 60_000 + b"{}]",
    "201 messages": json.dumps([{"role": "user", "content": f"m{k}"} for k in range(201)]).encode(),
    "a null message": b"[null]",
    "a content that is no text": b'[{"role": "user", "content": {}}]',
    "a role the view has not": b'[{"role": "robot", "content": "hi"}]',
    "a key more": b'[{"role": "user", "content": "hi", "name": "x"}]',
    "a message, not a list": b'{"role": "user", "content": "hi"}',
    "more JSON than the longest conversation (1,000,000 characters)": json.dumps(
        [{"role": "user", "content": "a" * 1_000_000}]).encode(),
}
LONG_TASKS = """window.longTasks = [];
new PerformanceObserver((list) => window.longTasks.push(...list.getEntries().map((e) => [e.startTime, e.duration])))
  .observe({type: "longtask", buffered: true});"""


@pytest.mark.parametrize("conversation", NOT_CONVERSATIONS.values(), ids=NOT_CONVERSATIONS.keys())
def test_a_conversation_link_is_checked_before_any_row_is_made(page, app_url, conversation):
    """Before, 60,001 rows were built (a task of 9 to 54 s on the page's thread), and [null] threw."""
    page.context.add_init_script(LONG_TASKS)
    page.goto(f"{app_url}?chat={pack(conversation)}")
    wait_for_ids(page, "Hello world")
    painted = page.evaluate("performance.now()")
    note = page.locator("#chat-link-note")
    note.wait_for(state="visible", timeout=30_000)
    assert note.inner_text() == ("This link's conversation (?chat=) is damaged, or not one the Chat view takes (at most "
                                 "200 messages, each a role (system, user, assistant) and a text), so the page opened "
                                 "without it. Ask for the link again, copied whole.")
    page.locator("#input-text textarea").press_sequentially("!")
    wait_for_ids(page, "Hello world!", timeout=5_000)  # a key typed then is painted at once: the thread is free
    pause(1, page)
    assert page.locator("#chat-messages .chat-row").count() == 0
    assert not page.locator("#chat input[type=checkbox]").is_checked()
    after = page.evaluate("painted => window.longTasks.filter(([start]) => start >= painted).map(([, d]) => d)", painted)
    assert max(after, default=0) < 2_000, after


def test_a_link_of_200_messages_opens_them_all(page, app_url):
    """The bound is the server's (docs/chat.md: at most 200 messages): 200 are a conversation, every row made."""
    messages = [{"role": "system", "content": "Be brief."}]
    for k in range(99):
        messages += [{"role": "user", "content": f"question {k}"}, {"role": "assistant", "content": f"answer {k}"}]
    messages.append({"role": "user", "content": "last"})
    assert len(messages) == 200
    page.set_viewport_size({"width": 1280, "height": 720})
    page.goto(f"{app_url}?chat={pack(json.dumps(messages).encode())}&tokenizers=llama3,mistral,llama")
    wait_for_chat(page, messages, ("llama3", "mistral", "llama"))  # (Gemma's template has no system role)
    assert on_all(page, "#chat-messages .chat-row", "rows => rows.map(r => [r.querySelector('select').value, "
                  "r.querySelector('textarea').value])") == [[m["role"], m["content"]] for m in messages]
    assert page.locator("#chat-link-note").count() == 0
