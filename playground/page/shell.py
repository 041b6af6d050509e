"""The page's HTML, one page for both hosts: the app's `/` (page_route.py) and the static folder's index.html
(static_folder.py). The page's program (static/*.js, with the browser tokenizers' module) owns everything in it;
no other framework's script runs in it. The app's page has the parts only a server can answer (the Chat view's
formats, the replay, the slide, the embedding's torch work); the folder's says what needs the app instead.

The program is one ES module (static/page.js and the modules it imports, bundled by scripts/build_browser.mjs with
the browser tokenizers, which it imports as a chunk of their own): nothing of it is a classic script, and no file
shares a global scope with another. Small and the same for everyone: what the program reads from its host (the
palettes, the twins' files, the examples and their questions, the labels) is not in the page but in
page/values.json (page_values), preloaded from the page's first bytes and named by its hash like every file the
page loads, so a browser keeps each for good and a warm reload asks again for `/` only. Its
Content-Security-Policy comes first in its head (content_policy): no inline script, and the program's onerror
allowed by its hash."""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from html import escape
from pathlib import Path

from playground.lesson.display import in_words
from playground.lesson.examples import EXAMPLES, EXAMPLES_BY_KEY
from playground.lesson.lecture import answer_html, prompt_html
from playground.lesson.premium import LANGUAGES
from playground.page.content_policy import with_page_policy
from playground.page.panel_data import panel_data
from playground.page.preload import link_tags
from playground.page.twin_route import BUILT_DIR, TWIN_PATH, build_record, built_integrity
from playground.page.work import MAX_INPUT_CHARS
from playground.tokenizers.registry import DEFAULT_TOKENIZERS, compare

PAGE_DIR = "page"  # where the page's own files are, relative to the page: DIR/page/ in the folder, /page/ in the app
TWIN_DIR = TWIN_PATH.strip("/")  # where the app serves them: twin_spec's relative URLs hold in the folder
VALUES = "values.json"  # PAGE_DIR/values.json: what the program reads from its host (page_values, static/values.js)
STYLES = "styles.css"  # PAGE_DIR/styles.css: the page's style sheets as one file (page_styles)
STATIC_DIR = Path(__file__).resolve().parent / "static"
PAGE_STYLES = ("page.css", "playground.css", "batch.css", "chat.css")  # in this order, in STYLES
MAX_SHARE_URL = 60_000  # characters in a share link; a longer one is refused by the button, not by the server
DEFAULT_TEXT = "Hello world"  # the lesson's first example: [15496, 995]
VIEWS = ("text", "ids")  # the panels show each token's text, or its id

# The marks the panels, answers, cards and stepper draw, said once by the panels.
MARKS = (("·", "space"), ("→", "tab"), ("↵", "newline"), ("##", "continues a word"))

TORCH_NOTE = ("<p>The GPT-2 ids through the lesson's <code>TokenEmbedding</code> (the <code>(1, T, 768)</code> tensor, "
              "its heatmap and similarities) need PyTorch and GPT-2's 50,257 x 768 table: run the app for them, "
              "<code>python app.py</code>.</p>")

# Said in the note above the panels when the program's module (or a chunk it imports at once) is refused or does not
# arrive, by its script's onerror: nothing of the program runs then to say it. (The browser tokenizers' own files
# refused, the program says so itself: update.js.) In a frame sandboxed without allow-same-origin the page's origin
# is opaque, so every module of its own is a cross-origin load the host must allow (CORS).
PROGRAM_REFUSED = ('<p id="program-refused" class="limit" hidden>This page could not load its program: a file of it was '
                   "refused (the browser runs only the files that were built, as build.json records their sha256) or "
                   "did not arrive. Reload the page; if this stays, its files were changed or not all published. In a "
                   "frame sandboxed without allow-same-origin it cannot load its own files: embed it with "
                   'sandbox="allow-scripts allow-same-origin", or serve the folder with the header '
                   "Access-Control-Allow-Origin: *.</p>")
PROGRAM_ONERROR = "document.getElementById('program-refused').hidden = false"

EDITED_ANSWER = ("<p class=\"note\">This page has each example's answer for its own text and tokenizers; for an edited "
                 "text or other tokenizers the answer is worked out by the app (<code>python app.py</code>).</p>")


@dataclass(frozen=True)
class Host:
    """Who serves the page. server: the app (its Chat view, replay, slide and embedding are there); only_panels:
    the folder's `--only panels` (the text box and the panels, for a lesson page); versions: each page file's short
    hash, put in its URL (?v=); gzipped: the files the folder fetches as URL + ".gz" (folder.js); room_host: the
    machine's room address for a share link made at 127.0.0.1 (room.py); unreachable: what the QR code's place
    says of a link to this machine itself, "{host}" in it (qr_view.unreachable_html)."""

    server: bool
    versions: dict[str, str]
    only_panels: bool = False
    gzipped: tuple[str, ...] = ()
    room_host: str | None = None
    unreachable: str = ""
    labels: dict[str, str] = field(default_factory=dict)  # every tokenizer the choosers offer: name -> label
    build: str = ""  # the hash of everything the page loads: the service worker's version (static/sw.js)


def build_of(versions: dict[str, str]) -> str:
    """The hash of everything a page loads (its files' versions, the built tokenizers' build.json): the service
    worker's version, so that a new build replaces the old one whole (static/sw.js)."""
    import hashlib

    mixed = "".join(f"{name}={versions[name]}\n" for name in sorted(versions)).encode() + (BUILT_DIR / "build.json").read_bytes()
    return hashlib.sha256(mixed).hexdigest()[:12]


def default_tokenizers(shipped: tuple[str, ...]) -> tuple[str, str, str]:
    """The three panels' tokenizers when nothing chose them: the lesson's three where shipped, else the
    shipped ones in order (repeated when fewer than three)."""
    picks = [name for name in DEFAULT_TOKENIZERS if name in shipped]
    picks += [name for name in shipped if name not in picks]
    return tuple((picks * 3)[:3])


def example_links(shipped: tuple[str, ...]) -> dict[str, dict]:
    """Each example as a link opens it (link.js): its text and the three tokenizers it opens with, a slot's
    default where its own is not shipped."""
    defaults = default_tokenizers(shipped)
    return {example.key: {"text": example.text, "tokenizers": [name if name in shipped else default for name, default
                                                               in zip(example.tokenizers, defaults)]}
            for example in EXAMPLES}


def example_answers(links: dict[str, dict]) -> dict[str, str]:
    """The answer to each example's question for its text and tokenizers (example_links), computed here by the
    lesson's own code: an edited text's answer needs the app."""
    return {key: answer_html(key, compare(link["text"], tokenizers=tuple(link["tokenizers"])))
            for key, link in links.items()}


def chat_example_json() -> dict:
    """The Chat example as the page's JavaScript reads it."""
    from playground.lesson import chat_example

    return {"key": chat_example.KEY, "messages": chat_example.MESSAGES, "tokenizers": list(chat_example.TOKENIZERS)}


def page_values(specs: dict, host: Host) -> str:
    """page/values.json: the values the program reads from its host (static/values.js exports each by its name).
    `specs`: the tokenizers that run in the browser (name -> twin_spec); the choosers offer host.labels."""
    from playground.page.handlers import lessons_batch

    names = default_tokenizers(tuple(specs)) if not host.server else DEFAULT_TOKENIZERS
    links = {} if host.only_panels else example_links(tuple(host.labels)) if not host.server else \
        {e.key: {"text": e.text, "tokenizers": list(e.tokenizers)} for e in EXAMPLES}

    values = {
        "PLAYGROUND_MAX_SHARE_URL": MAX_SHARE_URL, "PLAYGROUND_MAX_INPUT_CHARS": MAX_INPUT_CHARS,
        "PLAYGROUND_PROMPTS": {key: prompt_html(key) for key in EXAMPLES_BY_KEY},
        "PLAYGROUND_TOKENIZER_LABELS": host.labels, "PLAYGROUND_ROOM_HOST": host.room_host,
        "PLAYGROUND_UNREACHABLE": host.unreachable,
        "PLAYGROUND_DEFAULT_TOKENIZERS": list(names), "PLAYGROUND_DEFAULT_TEXT": DEFAULT_TEXT,
        "PLAYGROUND_EXAMPLES": links, "PLAYGROUND_CHAT_EXAMPLE": chat_example_json(),
        "PLAYGROUND_LESSON_BATCH": [] if host.only_panels else list(lessons_batch()),
        "PLAYGROUND_SERVER": host.server,
        "PLAYGROUND_TWINS": {"tokenizers": specs}, "PLAYGROUND_PANEL_DATA": panel_data(),
    }
    if not host.server:  # what the folder says in place of the server's answers (folder.js)
        values["PLAYGROUND_FOLDER"] = {"answers": example_answers(links), "editedAnswer": EDITED_ANSWER,
                                       "embedding": TORCH_NOTE, "gzipped": list(host.gzipped)}
    return json.dumps(values) + "\n"


def page_styles() -> str:
    """page/styles.css: the page's style sheets (static/, PAGE_STYLES), one after another in one file, so that the
    page asks for one, not four."""
    return "".join((STATIC_DIR / name).read_text(encoding="utf-8") for name in PAGE_STYLES)


def body_of(elem_id: str, html: str = "", classes: str = "block") -> str:
    """A part of the page the program paints: the element with the id, its body (.body) inside."""
    return f'<div id="{elem_id}" class="{classes}"><div class="body">{html}</div></div>'


def checkbox(elem_id: str, label: str, checked: bool = False) -> str:
    return (f'<label id="{elem_id}" class="check"><input type="checkbox"{" checked" if checked else ""}> '
            f"{escape(label)}</label>")


def chooser(slot: int, name: str, labels: dict[str, str]) -> str:
    options = "".join(f'<option value="{escape(n)}"{" selected" if n == name else ""}>{escape(label)}</option>'
                      for n, label in labels.items())
    return f'<div id="tokenizer-{slot}" class="chooser"><select aria-label="tokenizer {slot + 1}">{options}</select></div>'


def marks_legend_html() -> str:
    """A line saying what each mark stands for, and what a byte chip is."""
    marks = "".join(f'<span class="mark"><code>{escape(m)}</code> {escape(what)}</span>' for m, what in MARKS)
    chip = '<span class="mark"><span class="legend-chip">E0 A4</span> bytes of a split character</span>'
    return (f'<p class="marks-legend" title="A card\'s &quot;vocabulary:&quot; line spells the piece as its vocabulary '
            f'stores it (Ġ or ▁ for a space)">{marks}{chip}</p>')


def panels_html(names: tuple[str, ...], labels: dict[str, str]) -> str:
    # The slots keep the lesson's ids (#panel-gpt2, ...) whatever they show; each panel's markup says which
    # tokenizer it is (data-tokenizer). Three fit side by side at 1024 px; they stack on a phone.
    columns = "".join(f'<div class="column">{chooser(slot, name, labels)}{body_of(f"panel-{slot_id}", classes="block panel")}</div>'
                      for slot, (slot_id, name) in enumerate(zip(DEFAULT_TOKENIZERS, names)))
    return f'<div id="panels">{columns}</div><div id="marks-legend">{marks_legend_html()}</div>'


def header_html(host: Host, names: tuple[str, ...]) -> str:
    llama3 = "; built with Meta Llama 3" if "llama3" in host.labels else ""
    # The lesson's three named, as the introduction and Clear (which brings them back) say, where they open the page.
    three = "GPT-2, BERT and Llama 2" if host.server or names == DEFAULT_TOKENIZERS else "three tokenizers"
    return ('<div id="header"><h1>Token embeddings: from string to (B, T, 768)</h1><p class="lede">Type once: '
            f"{three} carve up the same text, entirely in your browser (pick any of {len(host.labels)} above a panel{llama3}). The "
            "same token id always has the same colour.</p></div>")


def examples_html(host: Host) -> str:
    chips = "".join(f'<button id="example-{e.key}" class="chip" type="button">{escape(e.title)}</button>' for e in EXAMPLES)
    chat = '<button id="example-chat" class="chip" type="button">Chat</button>' if host.server else ""
    return f'<div id="examples">{chips}{chat}<button id="clear" class="chip" type="button">Clear</button></div>'


def controls_html(host: Host) -> str:
    views = "".join(f'<label><input type="radio" name="view" value="{v}"{" checked" if v == VIEWS[0] else ""}> '
                    f"{v}</label>" for v in VIEWS)
    server_only = (checkbox("chat", "Chat") + '<button id="replay-all" type="button">How is it built?</button>'
                   if host.server else "")
    return f"""<div id="lecture">{body_of("prompt")}<button id="reveal" type="button">Reveal</button></div>
{body_of("answer")}
<div id="controls">{checkbox("mark-ws", "Show whitespace (· → ↵)", True)}<div id="view" role="radiogroup" aria-label="view">{views}</div>
{checkbox("special", "Add special tokens")}{checkbox("guess", "Guess first")}{checkbox("present", "Presenter view")}{server_only}
<span id="page-keys"><button id="size-down" type="button">A-</button><button id="size-up" type="button">A+</button>
<button id="keys" type="button">?</button></span><button id="share" type="button">Copy share link</button>
<div id="share-link"><input readonly placeholder="a link to this text appears here" aria-label="share link"></div>
{body_of("share-qr")}<div id="copy-note"><p id="copy-status" role="status"></p></div></div>"""


def chat_view_html() -> str:
    """The Chat view's place: the message rows, the example's question with its Reveal / Hide (#chat-reveal) and
    three panels, filled by chat.js; shown while the Chat toggle (#chat) is on."""
    from playground.lesson import chat_example

    return (f'<div id="chat-view"><div id="chat-messages"></div><div id="chat-question" class="prompt"><span>'
            f'{chat_example.QUESTION}</span> <button id="chat-reveal" type="button">Reveal</button></div>'
            '<div id="chat-answer"></div><div id="chat-panels"></div><div id="chat-downloads">'
            '<button id="chat-csv" type="button">Download chat tokens (CSV)</button>'
            '<button id="chat-json" type="button">Download chat tokens (JSON)</button></div></div>')


def slide_html(host: Host) -> str:
    """All the examples on one slide (the app draws it when opened: page.js asks playground/slide)."""
    return (f'<details id="slide"><summary>All {in_words(len(EXAMPLES))} examples on one slide</summary>'
            f'{checkbox("all-eight", f"All {len(host.labels)} tokenizers")}{body_of("slide-body")}</details>')


def languages_html() -> str:
    """The Languages section, filled when first opened from playground/premium.html (the app's route, the
    folder's file: premium_view.py on the lesson's stored counts)."""
    return (f'<details id="languages"><summary>Languages: the token premium of {in_words(len(LANGUAGES))} languages'
            f'</summary>{body_of("premium")}</details>')


def embedding_html(host: Host) -> str:
    """The GPT-2 ids through the lesson's TokenEmbedding (the app's; the folder says it needs the app)."""
    if not host.server:
        return f"<h2>From ids to vectors</h2>{body_of('embedding', TORCH_NOTE)}"
    from playground.lesson.embedding import INITS

    inits = "".join(f'<label><input type="radio" name="init" value="{escape(v)}"{" checked" if k == 0 else ""}> '
                    f"{escape(v)}</label>" for k, v in enumerate(INITS))
    return ("<h2>From ids to vectors: the GPT-2 ids through the lesson's TokenEmbedding</h2>"
            f'<div id="embedding-row"><div class="column"><fieldset id="init"><legend>Initialise the (untrained) '
            f"table with</legend>{inits}</fieldset>{body_of('embedding')}"
            '<button id="one-hot-run" type="button">Run one_hot(ids) @ E on these ids</button>'
            f"{body_of('one-hot')}</div><div class=\"column\">{body_of('memory')}</div></div>{body_of('heatmap')}")


def number_box(elem_id: str, label: str, value: int) -> str:
    return (f'<label id="{elem_id}" class="number">{escape(label)} '
            f'<input type="number" min="{0 if elem_id == "batch-seed" else 1}" step="1" value="{value}"></label>')


def batch_html() -> str:
    """The lesson's batch, drawn in the browser from GPT-2's ids (batch_view.js): the B, T and seed boxes, the
    lesson's (32, 1024) button, its note, the section. Open, but closed in a lesson page's frame (page.js): there
    it would make the frame a screen taller."""
    return ('<details id="batch-section" open><summary><h2>The lesson\'s batch: B windows of T ids, cut from the text '
            "as training cuts them</h2></summary>"
            f'<div id="batch-controls">{number_box("batch-size", "B (batch_size)", 4)}'
            f'{number_box("block-size", "T (block_size)", 8)}{number_box("batch-seed", "seed", 0)}'
            """<button id="lesson-batch" type="button">Try the lesson's batch: (32, 1024)</button></div>"""
            f'{body_of("batch-note")}{body_of("batch")}</details>')


def below_panels_html(host: Host) -> str:
    return ('<div id="downloads"><button id="download-csv" type="button">Download tokens (CSV)</button>'
            '<button id="download-json" type="button">Download tokens (JSON)</button></div>'
            + (slide_html(host) if host.server else "") + languages_html() + embedding_html(host)
            + (batch_html() if "gpt2" in host.labels else ""))


def page_html(specs: dict, host: Host) -> str:
    """The page for the browser tokenizers `specs` (name -> twin_spec): the whole page, or (host.only_panels) the
    text box and the panels. Its first three tokenizers' code and files are preloaded from its first bytes."""
    names = default_tokenizers(tuple(specs)) if not host.server else DEFAULT_TOKENIZERS
    program = build_record()["page"]
    version = host.versions
    styles = f'<link rel="stylesheet" href="{PAGE_DIR}/{STYLES}?v={version[STYLES]}">'
    values = f'<link rel="preload" as="fetch" crossorigin id="playground-values" href="{PAGE_DIR}/{VALUES}?v={version[VALUES]}">'
    # the program first of all the page's files (it runs everything else), in the queue before the tokenizers' files
    module = f'<link rel="modulepreload" href="{TWIN_DIR}/{program}" integrity="{built_integrity()[program]}">'
    first = {n: specs[n] for n in names if n in specs}
    whole = not host.only_panels
    return with_page_policy(f"""<!doctype html>
<html lang="en" data-build="{host.build}"><head><meta charset="utf-8"><meta name="referrer" content="no-referrer">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Tokenizer playground</title><link rel="icon" href="data:,">{values}{module}{styles}{link_tags(first, frozenset(host.gzipped))}
</head><body class="{"only-panels" if host.only_panels else ""}"><main id="playground">{header_html(host, names) + examples_html(host) if whole else ""}
<div id="input-text"><textarea rows="2" placeholder="Type or paste anything" aria-label="text"></textarea></div>
{controls_html(host) if whole else ""}{chat_view_html() if whole and host.server else ""}
{body_of("limit-note", PROGRAM_REFUSED)}
{panels_html(names, host.labels)}{below_panels_html(host) if whole else ""}
</main>
<script type="module" src="{TWIN_DIR}/{program}" integrity="{built_integrity()[program]}" onerror="{PROGRAM_ONERROR}"></script>
</body></html>
""")
