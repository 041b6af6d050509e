"""The static folder's index.html: the page's components as plain HTML, with the elem_ids and the component
bodies the page's scripts look for in Gradio's page (".html-container.prose" under #panel-gpt2, the textarea in
#input-text, a checkbox's input under #guess), the choosers as <select>. After the components (as Gradio runs its
page's head scripts once its app is mounted), the scripts get the same values the app's head gives them
(web.head_values), then the same scripts, and the folder's host script (static/folder.js), which does what
Gradio's events do in the app; it runs before the page's module (both are deferred: document order). The head's
import map gives the browser each shipped module's sha256 as the build recorded it, so that it runs none that was
changed; the module's onerror (a file refused or missing) paints a note (update.js). The page's
Content-Security-Policy comes first in its head (content_policy), its inline scripts allowed by their hashes."""

from __future__ import annotations

import json
from html import escape

from playground.lesson.examples import EXAMPLES
from playground.lesson.lecture import answer_html
from playground.page.content_policy import with_folder_policy
from playground.page.handlers import VIEWS, lessons_batch
from playground.page.preload import import_map, link_tags
from playground.page.twin_route import BUILT_DIR, TWIN_PATH, built_files, built_integrity
from playground.page.web import PAGE_SCRIPTS, PAGE_STYLES, head_values, marks_legend_html
from playground.tokenizers.registry import DEFAULT_TOKENIZERS, compare, tokenizer_label

PAGE_DIR = "page"  # DIR/page/: the page layer's files
TWIN_DIR = TWIN_PATH.strip("/")  # where the app serves them: twin_spec's relative URLs hold in the folder

TORCH_NOTE = ("<p>The GPT-2 ids through the lesson's <code>TokenEmbedding</code> (the <code>(1, T, 768)</code> tensor, "
              "its heatmap and similarities) need PyTorch and GPT-2's 50,257 x 768 table: run the app for them, "
              "<code>python app.py</code>.</p>")

EDITED_ANSWER = ("<p class=\"note\">This page has each example's answer for its own text and tokenizers; for an edited "
                 "text or other tokenizers the answer is worked out by the app (<code>python app.py</code>).</p>")


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


def body_of(elem_id: str, html: str = "", hidden: bool = False) -> str:
    """A Gradio HTML component as the page's scripts find it: the element with the id, its body inside."""
    return (f'<div id="{elem_id}" class="block"{" hidden" if hidden else ""}>'
            f'<div class="html-container prose">{html}</div></div>')


def checkbox(elem_id: str, label: str, checked: bool = False) -> str:
    return (f'<label id="{elem_id}" class="check"><input type="checkbox"{" checked" if checked else ""}> '
            f"{escape(label)}</label>")


def chooser(slot: int, name: str, specs: dict) -> str:
    options = "".join(f'<option value="{n}"{" selected" if n == name else ""}>{escape(spec["label"])}</option>'
                      for n, spec in specs.items())
    return f'<div id="tokenizer-{slot}" class="chooser"><select aria-label="tokenizer {slot + 1}">{options}</select></div>'


def panels_html(specs: dict, names: tuple[str, ...]) -> str:
    columns = "".join(f'<div class="column">{chooser(slot, name, specs)}'
                      f'{body_of(f"panel-{slot_id}")}</div>'
                      for slot, (slot_id, name) in enumerate(zip(DEFAULT_TOKENIZERS, names)))
    return f'<div id="panels">{columns}</div>' + f'<div id="marks-legend">{marks_legend_html()}</div>'


def full_page(specs: dict) -> str:
    """Everything above and below the panels: the examples, the question, the controls, the share link."""
    examples = "".join(f'<button id="example-{e.key}" class="chip" type="button">{escape(e.title)}</button>'
                       for e in EXAMPLES)
    views = "".join(f'<label><input type="radio" name="view" value="{v}"{" checked" if v == VIEWS[0] else ""}> '
                    f"{v}</label>" for v in VIEWS)
    return f"""<div id="header" class="block"><div class="html-container prose">
<h1>Token embeddings: from string to (B, T, 768)</h1><p class="lede">Type once: three tokenizers carve up the
same text, entirely in your browser (pick any of {len(specs)} above a panel). The same token id always has the
same colour.</p></div></div>
<div id="examples">{examples}<button id="clear" class="chip" type="button">Clear</button></div>""", f"""
<div id="lecture">{body_of("prompt")}<button id="reveal" type="button">Reveal</button></div>
{body_of("answer")}
<div id="controls">{checkbox("mark-ws", "Show whitespace (· → ↵)", True)}<div id="view">{views}</div>
{checkbox("special", "Add special tokens")}{checkbox("guess", "Guess first")}{checkbox("present", "Presenter view")}
<span id="page-keys"><button id="size-down" type="button">A-</button><button id="size-up" type="button">A+</button>
<button id="keys" type="button">?</button></span><button id="share" type="button">Copy share link</button>
<div id="share-link"><input readonly placeholder="a link to this text appears here" aria-label="share link"></div>
{body_of("share-qr")}<div id="copy-note"><p id="copy-status" role="status"></p></div>
<button id="share-follow" type="button" hidden>Draw the share link again</button></div>""", f"""
<div id="downloads"><button id="download-csv" type="button">Download tokens (CSV)</button>
<button id="download-json" type="button">Download tokens (JSON)</button></div>
{languages_html(tuple(specs))}
<h2>From ids to vectors</h2>{body_of("embedding", TORCH_NOTE)}
{batch_html() if "gpt2" in specs else ""}"""


def number_box(elem_id: str, label: str, value: int) -> str:
    return (f'<label id="{elem_id}" class="number">{escape(label)} '
            f'<input type="number" min="{0 if elem_id == "batch-seed" else 1}" step="1" value="{value}"></label>')


def batch_html() -> str:
    """The lesson's batch, as the app's page lays it out (web.py), drawn in the browser from GPT-2's ids
    (batch_view.js): the B, T and seed boxes, the lesson's (32, 1024) button, its note, the section."""
    return (f"<h2>The lesson's batch: B windows of T ids, cut from the text as training cuts them</h2>"
            f'<div id="batch-controls">{number_box("batch-size", "B (batch_size)", 4)}'
            f'{number_box("block-size", "T (block_size)", 8)}{number_box("batch-seed", "seed", 0)}'
            """<button id="lesson-batch" type="button">Try the lesson's batch: (32, 1024)</button>"""
            '<button id="batch-redraw" type="button" hidden>Draw the batch</button></div>'
            f'{body_of("batch-note")}{body_of("batch")}')


def languages_html(shipped: tuple[str, ...]) -> str:
    """The Languages section as the app's accordion draws it (premium_view.py on the lesson's stored counts, for
    the shipped tokenizers), made when the folder is written: the premium is fixed data, no tokenizer runs."""
    from playground.lesson.premium import premium_png_for
    from playground.page.premium_view import premium_html

    result, png = premium_png_for(shipped)
    table = premium_html(result, png, {name: tokenizer_label(name) for name in shipped})
    return (f'<details id="languages" class="block"><summary>Languages: the token premium of twelve languages</summary>'
            f'{body_of("premium", table)}</details>')


def shell_html(specs: dict, only_panels: bool, versions: dict[str, str]) -> str:
    """index.html for the tokenizers `specs` (name -> twin_spec), the whole page or (only_panels) the text box
    and the panels; `versions`: each page file's short hash, put in its URL."""
    shipped = tuple(specs)
    names = default_tokenizers(shipped)
    links = {} if only_panels else example_links(shipped)
    folder = {"answers": example_answers(links), "editedAnswer": EDITED_ANSWER,
              "lessonBatch": [] if only_panels else lessons_batch(), "embedding": TORCH_NOTE}
    values = (head_values({"tokenizers": specs}, None, shipped, links, names)
              + f"\nconst PLAYGROUND_FOLDER = {json.dumps(folder).replace('<', chr(92) + 'u003c')};")
    registry = json.loads((BUILT_DIR / "build.json").read_text(encoding="utf-8"))["registry"]
    built = built_files({spec["family"] for spec in specs.values()})  # what the folder ships (static_folder.py)
    styles = "".join(f'<link rel="stylesheet" href="{PAGE_DIR}/{name}?v={versions[name]}">'
                     for name in (*PAGE_STYLES, "folder.css"))
    scripts = "".join(f'<script src="{PAGE_DIR}/{name}?v={versions[name]}"></script>' for name in PAGE_SCRIPTS)
    above, middle, below = ("", "", "") if only_panels else full_page(specs)
    return with_folder_policy(f"""<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="referrer" content="no-referrer">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Tokenizer playground</title><link rel="icon" href="data:,">{import_map(built)}{styles}{link_tags({n: specs[n] for n in names})}
</head><body class="{"only-panels" if only_panels else ""}"><main id="playground">{above}
<div id="input-text" class="block"><textarea rows="2" placeholder="Type or paste anything" aria-label="text"></textarea></div>{middle}
{body_of("limit-note")}
{panels_html(specs, names)}{below}
</main>
<script>{values}</script>{scripts}
<script src="{PAGE_DIR}/folder.js?v={versions["folder.js"]}" defer></script>
<script type="module" src="{TWIN_DIR}/{registry}" integrity="{built_integrity()[registry]}" onerror="playgroundTokenizersUnloaded()"></script>
</body></html>
""")
