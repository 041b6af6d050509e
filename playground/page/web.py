"""The web page's Gradio wiring: its components and events (build_demo), its head and scripts (page_head), and
the launch. What a link opens the page with is read by the page itself (static/link.js).

An edit on the page (the text, a toggle, a tokenizer) is tokenized and painted by the page's own JavaScript
(static/update.js: the browser tokenizers and render.js), with no request; after a pause it asks the server's
JSON routes (playground.page.ask_route) for the embedding and the example's answer. The routes and the events
here await the same handlers (playground.page.handlers).
"""

from __future__ import annotations

import functools
import json
import os
import sys
import tempfile
import threading
from html import escape
from pathlib import Path

import gradio as gr

from playground.lesson.display import in_words
from playground.lesson.examples import EXAMPLES, EXAMPLES_BY_KEY
from playground.lesson.lecture import prompt_html
from playground.lesson.premium import LANGUAGES
from playground.page import handlers, room, server, twin_route
from playground.page.handlers import VIEWS
from playground.page.inputs import expect_text
from playground.page.panel_data import panel_data
from playground.page.preload import import_map
from playground.page.qr_view import share_qr_html
from playground.page.work import MAX_INPUT_CHARS
from playground.tokenizers.browser import twin_spec
from playground.tokenizers.from_file import register_from_args
from playground.tokenizers.registry import DEFAULT_TOKENIZERS, get_tokenizer, tokenizer_label, tokenizer_names

MAX_SHARE_URL = 60_000  # characters in a share link; a longer one is refused by the button, not by the server
DEFAULT_TEXT = "Hello world"  # the lesson's first example: [15496, 995]
STATIC_DIR = Path(__file__).resolve().parent / "static"
# The page's scripts, each one job, run in this order as classic scripts sharing one global scope (a later one
# uses what an earlier one defines: batch.js lights tokens with card.js's playgroundLight, chat.js wraps
# share.js's playgroundShareLink). Inlined in the page's head, as Gradio runs them before its app starts.
PAGE_SCRIPTS = ("share.js", "link.js", "update.js", "paint.js", "ask.js", "card.js", "stepper.js", "lecture.js", "fit.js",
                "batch.js", "chat.js", "keep.js")
PAGE_STYLES = ("playground.css", "batch.css", "chat.css")  # the page's styles, in this order, in either host


# The marks the panels, answers, cards and stepper draw, said once by the panels.
MARKS = (("·", "space"), ("→", "tab"), ("↵", "newline"), ("##", "continues a word"))


def marks_legend_html() -> str:
    """A line saying what each mark stands for, and what a byte chip is."""
    marks = "".join(f'<span class="mark"><code>{escape(m)}</code> {escape(what)}</span>' for m, what in MARKS)
    chip = '<span class="mark"><span class="legend-chip">E0 A4</span> bytes of a split character</span>'
    return (f'<p class="marks-legend" title="A card\'s &quot;vocabulary:&quot; line spells the piece as its vocabulary '
            f'stores it (Ġ or ▁ for a space)">{marks}{chip}</p>')


# --- the share link's QR code ------------------------------------------------------------


def share_qr(link: str) -> str:
    """The QR code of the share link the page just made (its inputs checked first), or, for a link to this
    machine itself, why phones cannot open it."""
    return share_qr_html(expect_text(link, "link")[:MAX_SHARE_URL], room.listen_name())


# --- Gradio wiring -----------------------------------------------------------------------


def register_from_command_line(argv: list[str]) -> None:
    """python app.py --tokenizer NAME=PATH ...: register them, or stop with one line saying what to do."""
    import argparse

    parser = argparse.ArgumentParser(prog="python app.py", description="The tokenizer playground, as a web page.")
    parser.add_argument("--tokenizer", action="append", default=[], metavar="NAME=PATH",
                        help="add a tokenizer from a file: tokenizer.json, SentencePiece .model, vocab.txt[:cased], "
                             "ranks.tiktoken:cl100k|o200k|gpt2, or hf:<org>/<repo>[@revision]; repeatable")
    try:
        register_from_args(parser.parse_args(argv).tokenizer)
    except ValueError as err:  # nothing is served half-working: no page without the tokenizer asked for
        sys.exit(f"python app.py: {err}")


def chat_view_html() -> None:
    """The Chat view's place: the message rows (#chat-messages), the example's question with its Reveal / Hide
    (#chat-reveal) and three panels, filled by chat.js; hidden until the Chat toggle (#chat) is on."""
    from playground.lesson import chat_example

    with gr.Column(elem_id="chat-view"):
        gr.HTML(f'<div id="chat-messages"></div><div id="chat-question" class="prompt"><span>'
                f'{chat_example.QUESTION}</span> <button id="chat-reveal" type="button">Reveal</button></div><div id="chat-answer"></div><div id="chat-panels"></div>'
                '<div id="chat-downloads"><button id="chat-csv" type="button">Download chat tokens (CSV)</button>'
                '<button id="chat-json" type="button">Download chat tokens (JSON)</button></div>')


def build_demo() -> gr.Blocks:
    from playground.lesson.embedding import INITS

    names = tokenizer_names()
    with gr.Blocks(title="Tokenizer playground", analytics_enabled=False) as demo:
        gr.HTML(
            "<h1>Token embeddings: from string to (B, T, 768)</h1>"
            "<p class='lede'>Type once: GPT-2, BERT and Llama 2 carve up the same text (or pick any of "
            f"{len(names)} tokenizers above a panel; built with Meta Llama 3). The same token id always has the "
            "same colour.</p>",
            elem_id="header",
        )
        with gr.Row(elem_id="examples"):
            example_buttons = [gr.Button(e.title, size="sm", elem_id=f"example-{e.key}", elem_classes="chip",
                                         min_width=0, scale=0) for e in EXAMPLES]
            # The Chat view's example, a slide like the others (in the clicker's cycle, after them).
            chat_example_button = gr.Button("Chat", size="sm", elem_id="example-chat", elem_classes="chip",
                                            min_width=0, scale=0)
            clear = gr.Button("Clear", size="sm", elem_id="clear", elem_classes="chip", min_width=0, scale=0)
        text = gr.Textbox(
            show_label=False, elem_id="input-text", lines=2, max_lines=8,  # focused by lecture.js
            placeholder="Type or paste anything", container=False,
        )
        example_key = gr.Textbox(value="", visible=False)  # the example the text came from: its question stays after edits
        # lecture.js clicks it when an edit took the example's text away: the question goes, from the link and the tab too
        drop_example = gr.Button("Drop the example", visible="hidden", elem_id="drop-example")
        with gr.Row(elem_id="lecture", equal_height=True):
            gr.HTML(elem_id="prompt")  # the example's question (update.js, from the page's head)
            reveal = gr.Button("Reveal", size="sm", elem_id="reveal", scale=0, min_width=90)
        gr.HTML(elem_id="answer")  # its answer, asked of the server after a pause (ask.js), shown at Reveal
        with gr.Row(elem_id="controls", equal_height=True):
            mark_ws = gr.Checkbox(value=True, label="Show whitespace (· → ↵)", elem_id="mark-ws", container=False,
                                  min_width=0, scale=0)
            view = gr.Radio(list(VIEWS), value="text", show_label=False, elem_id="view", container=False,
                            min_width=0, scale=0)
            special = gr.Checkbox(value=False, label="Add special tokens", elem_id="special", container=False,
                                  min_width=0, scale=0)
            guess = gr.Checkbox(value=False, label="Guess first", elem_id="guess", container=False,
                                min_width=0, scale=0)
            present = gr.Checkbox(value=False, label="Presenter view", elem_id="present", container=False,
                                  min_width=0, scale=0)
            chat_mode = gr.Checkbox(value=False, label="Chat", elem_id="chat", container=False, min_width=0, scale=0)
            replay_all = gr.Button("How is it built?", size="sm", elem_id="replay-all", scale=0, min_width=0)
            with gr.Row(elem_id="page-keys"):  # kept together on one line
                size_down = gr.Button("A-", size="sm", elem_id="size-down", scale=0, min_width=0)
                size_up = gr.Button("A+", size="sm", elem_id="size-up", scale=0, min_width=0)
                keys = gr.Button("?", size="sm", elem_id="keys", scale=0, min_width=0)
            share = gr.Button("Copy share link", size="sm", elem_id="share", scale=0, min_width=0)
            share_link = gr.Textbox(show_label=False, elem_id="share-link", interactive=False, lines=1,
                                    placeholder="a link to this text appears here", container=False,
                                    scale=1, min_width=160)
            share_code = gr.HTML(elem_id="share-qr", js_on_load=None)
            # share.js clicks it when the setup changes: the link and its QR code drawn again, not copied
            share_follow = gr.Button("Draw the share link again", visible="hidden", elem_id="share-follow")
            gr.HTML('<p id="copy-status" role="status"></p>', elem_id="copy-note", container=False)  # share.js: copied or not
        gr.HTML(elem_id="limit-note")  # what was cut or replaced (update.js)
        chat_view_html()  # the Chat view: its messages and panels (chat.js draws them)
        choosers = []
        choices = [(tokenizer_label(name), name) for name in names]
        with gr.Row(elem_id="panels", equal_height=False):
            # The slots keep the lesson's ids (#panel-gpt2, ...) whatever they show; each panel's
            # markup says which tokenizer it is (data-tokenizer).
            for slot, name in enumerate(DEFAULT_TOKENIZERS):
                with gr.Column(min_width=300):  # three fit side by side at 1024 px; they stack on a phone
                    choosers.append(gr.Dropdown(choices, value=name, show_label=False, container=False,
                                                elem_id=f"tokenizer-{slot}", elem_classes="chooser"))
                    gr.HTML(elem_id=f"panel-{name}", elem_classes="panel", js_on_load=None)  # update.js paints it
        gr.HTML(marks_legend_html(), elem_id="marks-legend", container=False)  # under the panels: ·, →, ↵, ##, chips
        with gr.Row(elem_id="downloads"):
            csv_button = gr.Button("Download tokens (CSV)", size="md")
            json_button = gr.Button("Download tokens (JSON)", size="md")
        download_data = gr.Textbox(visible=False)
        with gr.Accordion(f"All {in_words(len(EXAMPLES))} examples on one slide", open=False,
                          elem_id="slide") as slide_section:
            all_eight = gr.Checkbox(value=False, label=f"All {len(names)} tokenizers", elem_id="all-eight")
            slide = gr.HTML(js_on_load=None)
        languages_title = f"Languages: the token premium of {in_words(len(LANGUAGES))} languages"
        with gr.Accordion(languages_title, open=False, elem_id="languages") as languages:
            premium = gr.HTML(js_on_load=None, elem_id="premium")
        gr.HTML("<h2>From ids to vectors: the GPT-2 ids through the lesson's TokenEmbedding</h2>")
        with gr.Row(equal_height=False):
            with gr.Column(min_width=420):
                init = gr.Radio(list(INITS), value=next(iter(INITS)), label="Initialise the (untrained) table with")
                embedding = gr.HTML(elem_id="embedding", js_on_load=None)
                one_hot_run = gr.Button("Run one_hot(ids) @ E on these ids", size="sm", elem_id="one-hot-run")
                one_hot = gr.HTML(elem_id="one-hot", js_on_load=None)
            with gr.Column(min_width=420):
                memory = gr.HTML(elem_id="memory", js_on_load=None)
        heatmap = gr.HTML(elem_id="heatmap", js_on_load=None)
        # Download PNG under a plot asks for its labelled figure (share.js clicks the hidden button with its name).
        plot_asked = gr.Textbox(visible=False)
        plot_png = gr.Textbox(visible=False)
        plot_download = gr.Button("Download the plot", visible="hidden", elem_id="plot-download")
        gr.HTML("<h2>The lesson's batch: B windows of T ids, cut from the text as training cuts them</h2>")
        with gr.Row(elem_id="batch-controls", equal_height=True):
            batch_size = gr.Number(4, label="B (batch_size)", precision=0, minimum=1, elem_id="batch-size",
                                   min_width=160, scale=0)
            block_size = gr.Number(8, label="T (block_size)", precision=0, minimum=1, elem_id="block-size",
                                   min_width=160, scale=0)
            batch_seed = gr.Number(0, label="seed", precision=0, minimum=0, elem_id="batch-seed", min_width=110,
                                   scale=0)
            lesson_batch = gr.Button("Try the lesson's batch: (32, 1024)", size="md", elem_id="lesson-batch", scale=0)
            batch_redraw = gr.Button("Draw the batch", visible="hidden", elem_id="batch-redraw")  # batch.js clicks it
        batch_note = gr.HTML(elem_id="batch-note", js_on_load=None)  # the lesson's button says what it replaced
        batch_view = gr.HTML(elem_id="batch", js_on_load=None)

        setup = [text, *choosers, example_key, guess, present, mark_ws, view]  # what a share link holds
        # What the link asks for, or what this tab kept (link.js, keep.js), set in the components and painted as soon
        # as Gradio has mounted them: read in the page, with no round trip to the server.
        demo.load(None, inputs=[*setup, special, init], outputs=setup, js="(...values) => playgroundFirstPaint(values)")
        # Kept in the tab at every change (keep.js): a reload, Gradio's own on reconnecting too, puts it back.
        gr.on([i.change for i in setup], None, inputs=setup, js="(...values) => playgroundKeep(values)")
        # Drawn when opened (a chart is a matplotlib Figure): a page load costs the server no plot.
        gr.on([slide_section.expand, all_eight.change, *(c.change for c in choosers)], handlers.examples_slide,
              inputs=[*choosers, all_eight], outputs=slide, api_visibility="private", show_progress="hidden",
              preprocess=False, trigger_mode="always_last")
        languages.expand(handlers.premium_section, outputs=premium, api_visibility="private")
        # An edit: the page's own JavaScript tokenizes and paints it (update.js), and asks the server after a pause.
        edit_inputs = [text, mark_ws, view, special, *choosers, example_key, init]
        gr.on([i.change for i in edit_inputs], None, inputs=edit_inputs, js="(...values) => playgroundEdit(values)")
        # The API's /embedding, through the queue; no page event triggers it (the page asks ask_route).
        gr.on(
            [], handlers.update_embedding, inputs=[text, init], outputs=[embedding, memory, heatmap],
            preprocess=False, trigger_mode="always_last", concurrency_id="embedding", concurrency_limit=None,
            show_progress="hidden", api_name="embedding",
        )
        one_hot_run.click(handlers.update_one_hot, inputs=[text, init], outputs=one_hot, concurrency_id="embedding",
                          concurrency_limit=None, preprocess=False, api_visibility="private", show_progress="minimal")
        gr.on([text.change, init.change], None, outputs=one_hot, js="() => ''")  # a result for other ids goes
        plot_download.click(handlers.plot_download, inputs=[plot_asked, text, init], outputs=plot_png,
                            js="(plot, text, init) => [playgroundPlotAsked, text, init]", preprocess=False,
                            concurrency_id="embedding", concurrency_limit=None, api_visibility="private",
                            show_progress="hidden",
                            ).then(None, inputs=plot_png, js="(png) => playgroundDownload(png, `${playgroundPlotAsked}.png`)")
        # The batch is drawn off the keystroke path: batch.js clicks the hidden button once its inputs have
        # stayed the same for a moment (a paused typist, a whole number typed, the lesson's button's four values).
        batch_inputs = [text, batch_size, block_size, batch_seed]
        gr.on([i.change for i in batch_inputs], None, inputs=batch_inputs,
              js="(...values) => playgroundBatchSoon(values)")
        batch_redraw.click(handlers.update_batch, inputs=batch_inputs, outputs=batch_view, preprocess=False,
                           trigger_mode="always_last", concurrency_id="embedding", concurrency_limit=None,
                           api_visibility="private", show_progress="hidden")
        lesson_batch.click(handlers.lessons_batch, outputs=[text, example_key, batch_size, block_size, batch_note],
                           js="() => playgroundLessonsBatch()", api_visibility="private", show_progress="hidden")
        for button, example in zip(example_buttons, EXAMPLES):  # in the browser: no server event to call
            button.click(None, outputs=[text, example_key, chat_mode, *choosers],  # its text, key, text view, panels
                         js=f"() => playgroundExample({json.dumps(example.text)}, {json.dumps(example.key)}, "
                            f"{json.dumps(list(example.tokenizers))})")
        chat_mode.change(None, inputs=chat_mode, js="(on) => playgroundChatMode(on)")
        gr.on([c.change for c in choosers], None, inputs=choosers, js="(...names) => playgroundChatTokenizers(names)")
        chat_example_button.click(None, outputs=[chat_mode, *choosers], js="() => playgroundChatExample()")
        reveal.click(None, js="() => playgroundReveal()")
        replay_all.click(None, inputs=text, js="(text) => playgroundReplayAll(text)")
        guess.change(None, inputs=guess, js="(on) => playgroundMode('guess', on)")
        present.change(None, inputs=present, js="(on) => playgroundMode('present', on)")
        for button, copy, trigger in ((share, "true", "once"), (share_follow, "false", "always_last")):
            button.click(None, inputs=setup, outputs=share_link, trigger_mode=trigger,
                         js=f"(text, a, b, c, ...setup) => playgroundShareSetup(text, [a, b, c], ...setup, {copy})",
                         ).then(share_qr, inputs=share_link, outputs=share_code, api_visibility="private",
                                show_progress="hidden", preprocess=False,
                                ).then(None, js="() => playgroundShareDrawn()")
        clear.click(None, outputs=[text, example_key, *choosers], js="() => playgroundClear()")
        drop_example.click(None, outputs=example_key, js="() => ''")
        size_down.click(None, js="() => playgroundStepSize(-1)")
        size_up.click(None, js="() => playgroundStepSize(1)")
        keys.click(None, js="() => playgroundToggleKeys()")
        csv_export = functools.partial(handlers.export, "csv")
        for button, fmt, handler, inputs in ((csv_button, "csv", csv_export, [text, special]),
                                             (json_button, "json", handlers.export_json, [text, special, *batch_inputs[1:]])):
            button.click(
                handler, inputs=[*inputs, *choosers], outputs=download_data,
                concurrency_id="panels", concurrency_limit=None, preprocess=False,
                api_visibility="private", show_progress="hidden",
            ).then(None, inputs=download_data, js=f"(data) => playgroundDownload(data, 'tokens.{fmt}')")
        # No Gradio limit on the events that take text: their lanes limit the short texts worked on at
        # once, and a long text waits for the big-input worker without holding a slot a short one needs.
        gr.api(handlers.compare_api, api_name="compare", concurrency_id="compare", concurrency_limit=None)
        gr.api(handlers.embed_api, api_name="embed", concurrency_id="compare", concurrency_limit=None)
        gr.api(handlers.replay_api, api_name="replay", concurrency_id="compare", concurrency_limit=None)
        gr.api(handlers.batch_api, api_name="batch", concurrency_id="compare", concurrency_limit=None)
        gr.api(handlers.chat_api, api_name="chat", concurrency_id="compare", concurrency_limit=None)
        gr.api(handlers.premium_api, api_name="premium", concurrency_id="premium", concurrency_limit=1)  # computed once
    # api_open=False: the direct /run and /api routes may not skip the queue (server.Guard refuses them too).
    demo.queue(default_concurrency_limit=2, max_size=server.QUEUE_MAX_SIZE, api_open=False)
    return demo


def app_kwargs() -> dict:
    """What Gradio's FastAPI app is built with: Guard in front of everything, and the page's asks, chat and
    browser tokenizers' routes served beside Gradio's own routes (FastAPI takes routes in its constructor)."""
    from starlette.middleware import Middleware

    from playground.page import ask_route, chat_route

    return {"middleware": [Middleware(server.Guard)],
            "routes": ask_route.ROUTES + chat_route.ROUTES + twin_route.ROUTES}


def chat_example_json() -> dict:
    """The Chat example as the page's JavaScript reads it."""
    from playground.lesson import chat_example

    return {"key": chat_example.KEY, "messages": chat_example.MESSAGES, "tokenizers": list(chat_example.TOKENIZERS)}


def browser_twins() -> dict:
    """What the browser tokenizers' registry reads (globalThis.PLAYGROUND_TWINS): each tokenizer that runs in the
    browser, the eight built-in and the registered ones, with the files it loads (playground.tokenizers.browser)."""
    specs = {name: twin_spec(name) for name in tokenizer_names()}
    return {"tokenizers": {name: spec for name, spec in specs.items() if spec is not None}}


def twin_registry_script() -> str:
    """The module script that loads the browser tokenizers' registry (window.playground.tokenize) and the panels'
    renderer (window.playground.panelParts), by the name the build gave it, after the import map that has the
    browser refuse any built module that is not what was built (the note says so: update.js); its URL is relative
    to the page, so it is found under a root path (GRADIO_ROOT_PATH) too."""
    registry = json.loads((twin_route.BUILT_DIR / "build.json").read_text(encoding="utf-8"))["registry"]
    return (import_map(twin_route.built_files(twin_route.FAMILY_NAMES))
            + f'<script type="module" onerror="playgroundTokenizersUnloaded()">'
            f'import "./{twin_route.TWIN_PATH.strip("/")}/{registry}";</script>')


def head_values(twins: dict, room_host: str | None, names: tuple[str, ...], examples: dict[str, dict],
                default_tokenizers: tuple[str, ...] = DEFAULT_TOKENIZERS) -> str:
    """The values the page's scripts read from their host (a script's body), the app's or the static folder's:
    `names` are the tokenizers the page offers, `twins` those of them that run in the browser, `examples` what a
    link's ?example= opens ({key: {"text", "tokenizers"}})."""
    def js(value) -> str:  # "<" escaped: a registered tokenizer's label is the operator's text, and "</script>" ends a script
        return json.dumps(value).replace("<", "\\u003c")

    return (f"const PLAYGROUND_MAX_SHARE_URL = {MAX_SHARE_URL};\n"
            f"const PLAYGROUND_MAX_INPUT_CHARS = {MAX_INPUT_CHARS};\n"
            f"const PLAYGROUND_PROMPTS = {js({key: prompt_html(key) for key in EXAMPLES_BY_KEY})};\n"  # the page asks for none
            f"const PLAYGROUND_TOKENIZER_LABELS = {js({name: tokenizer_label(name) for name in names})};\n"
            f"const PLAYGROUND_ROOM_HOST = {json.dumps(room_host)};\n"
            f"const PLAYGROUND_DEFAULT_TOKENIZERS = {json.dumps(list(default_tokenizers))};\n"
            f"const PLAYGROUND_DEFAULT_TEXT = {js(DEFAULT_TEXT)};\n"
            f"const PLAYGROUND_EXAMPLES = {js(examples)};\n"
            f"const PLAYGROUND_CHAT_EXAMPLE = {json.dumps(chat_example_json())};\n"
            f"globalThis.PLAYGROUND_TWINS = {js(twins)};\n"
            f"globalThis.PLAYGROUND_PANEL_DATA = {js(panel_data())};")


def page_head() -> str:
    """The page's head: the values its scripts read from the server (the examples' questions among them), then PAGE_SCRIPTS in order, each named
    (sourceURL) so that the browser's console and stack traces say which file a line is in; then the browser
    tokenizers' registry, a module (it runs after the page's scripts, as every module does)."""
    examples = {e.key: {"text": e.text, "tokenizers": list(e.tokenizers)} for e in EXAMPLES}
    values = head_values(browser_twins(), room.server_room_host(), tokenizer_names(), examples)
    scripts = (f"{(STATIC_DIR / name).read_text(encoding='utf-8')}//# sourceURL=playground/{name}" for name in PAGE_SCRIPTS)
    return "".join(f"<script>{script}</script>" for script in (values, *scripts)) + twin_registry_script()


def warm_up(freeze: bool = False) -> None:
    """Load the lesson's three tokenizers, the colours, torch and GPT-2's embedding table, off the path
    to the first page. The N(0, 1) table, the five other tokenizers and matplotlib's charts load when
    first asked for: a server that never shows them does not hold them.

    freeze (the server's): then move everything loaded so far, which lives as long as the server, out of
    the cyclic garbage collector's sight (gc.freeze). Else each full collection walked its 385,000
    objects: 175 ms, 230 ms on a busy machine, in which no edit was answered, once every few dozen
    edits (bench/hall.py's worst edit 251 to 273 ms; the typing bench's worst key 240 ms: both measured
    on the edit route, at 875f81d)."""
    import gc

    from playground.lesson.embedding import INITS, colour_table, embedding_table
    from playground.page.colors import palette

    for name in DEFAULT_TOKENIZERS:
        get_tokenizer(name)
    palette("light"), palette("dark")
    embedding_table(next(iter(INITS)))
    colour_table()
    if freeze:
        gc.collect()
        gc.freeze()


def launch(demo: gr.Blocks) -> None:
    """Serve on GRADIO_SERVER_NAME:GRADIO_SERVER_PORT (default 127.0.0.1:7860), warming up in the background."""
    # matplotlib keeps its font cache in the app's own temp dir: the app writes nothing anywhere else.
    os.environ.setdefault("MPLCONFIGDIR", os.path.join(tempfile.gettempdir(), "playground-matplotlib"))
    server.keep_no_user_values()
    server.bound_connections()
    server.same_origin_only()
    server.tune_malloc()
    server.skip_own_page_check()
    threading.Thread(target=warm_up, args=(True,), name="warm-up", daemon=True).start()
    demo.launch(
        app_kwargs=app_kwargs(),
        run_history=False,  # it would keep every run's text in the browser, shown to the next person
        # No server-side rendering, whatever GRADIO_SSR_MODE says (a Space may set it): with it, Gradio puts
        # its Node server in front of this one, and Node forwards only Gradio's own routes, so every POST to
        # the page's own routes (then /playground/edit) answered 405 and no token was drawn; and Node served the
        # page itself, without the Guard's headers (no-store, cross-origin isolation).
        ssr_mode=False,
        state_session_capacity=server.SESSION_CAPACITY,
        # Gradio runs at most max_threads events at once, whatever their concurrency limits: with its
        # default of 40, 40 long texts waiting for the worker would hold every place a small edit needs.
        # A long text waits on the event loop, so every event the queue admits may be under way.
        max_threads=server.QUEUE_MAX_SIZE,
        css="\n".join((STATIC_DIR / name).read_text(encoding="utf-8") for name in PAGE_STYLES),
        head=page_head(),
        footer_links=["api"],
        # The machine's own fonts: nothing fetched from a font host, so it looks the same offline.
        theme=gr.themes.Default(
            text_size=gr.themes.sizes.text_lg,
            font=["system-ui", "Segoe UI", "Noto Sans", "DejaVu Sans", "sans-serif"],
            font_mono=["ui-monospace", "Consolas", "DejaVu Sans Mono", "monospace"],
        ),
    )
