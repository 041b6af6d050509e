"""The web page: pure handlers first, then the thin Gradio wiring (build_demo).

Two separate events per edit: the panels (fast) and the embedding plot (slower), each
with its own concurrency group and trigger_mode="always_last", so tokens never wait
behind a plot and a stale result never lands after a newer one. Every handler checks its
inputs first (playground.inputs) and takes the big-input lane for long texts
(playground.server), whoever calls it: the page, gradio_client or plain HTTP.
"""

from __future__ import annotations

import base64
import binascii
import json
import os
import tempfile
import threading
import zlib
from html import escape
from pathlib import Path

import gradio as gr

from playground import server, work
from playground.compare import TOKENIZER_NAMES, get_tokenizer
from playground.examples import EXAMPLES, EXAMPLES_BY_KEY, example_chart_png, example_table
from playground.inputs import expect_choice, expect_flag, expect_text
from playground.plots import png_html
from playground.lecture import answer_html, prompt_html
from playground.spans import replace_lone_surrogates
from playground.work import MAX_INPUT_CHARS

MAX_SHARE_URL = 60_000  # characters in a share link; a longer one is refused by the button, not by the server
DEFAULT_TEXT = "Hello world"  # the lesson's first example: [15496, 995]
VIEWS = ("text", "ids")  # what the blocks show
WEB_DIR = Path(__file__).resolve().parent / "web"


# --- pure handlers -----------------------------------------------------------------------


def update_panels(text: str, mark_whitespace: bool, view: str, special: bool) -> tuple[str, ...]:
    """(note, gpt2 panel, bert panel, llama panel) for the current input and toggles."""
    text = expect_text(text)
    mark_whitespace = expect_flag(mark_whitespace, "mark_whitespace")
    view = expect_choice(view, VIEWS, "view")
    special = expect_flag(special, "special")
    return server.run_sized(text, work.panels, text, mark_whitespace, view == "ids", special)


def update_embedding(text: str, init: str) -> tuple[str, str, str]:
    """(shape and one-hot check, memory and parameters, plots) for the GPT-2 ids of the current input."""
    from config import GPTConfig
    from playground.embedding import INITS
    from playground.embedding_view import embedding_panel

    text, init = expect_text(text), expect_choice(init, INITS, "init")
    text, _ = replace_lone_surrogates(text[:MAX_INPUT_CHARS])
    n_all, tokens = server.run_sized(text, work.gpt2_head, text, GPTConfig().block_size)
    return embedding_panel(n_all, tokens, init)


def embed_api(text: str, init: str = "GPT-2: N(0, 0.02)") -> dict:
    """The GPT-2 ids of text (the first 1,024) through the lesson's TokenEmbedding: shape, dtype, ids and
    pieces, the parameter counts (tied and untied), one-hot x E against the lookup, and the cosine
    similarity of the first 64 rows."""
    from config import GPTConfig
    from playground.embedding import INITS, embed_summary

    text, init = expect_text(text), expect_choice(init, INITS, "init")
    text, _ = replace_lone_surrogates(text[:MAX_INPUT_CHARS])
    _, tokens = server.run_sized(text, work.gpt2_head, text, GPTConfig().block_size)
    return embed_summary(tokens, init)


def unpack_share_text(packed: str) -> str | None:
    """The text in a share link's `z`: base64url of its raw-deflated UTF-8. None if it is not that.

    Inflates at most what MAX_INPUT_CHARS characters can take, so a small link cannot
    unpack into gigabytes.
    """
    try:
        data = base64.urlsafe_b64decode(packed + "=" * (-len(packed) % 4))
        raw = zlib.decompressobj(-zlib.MAX_WBITS).decompress(data, 4 * MAX_INPUT_CHARS)
    except (binascii.Error, ValueError, zlib.error):
        return None
    return raw.decode("utf-8", "ignore")[:MAX_INPUT_CHARS]


def text_from_url(query: dict) -> str:
    """The text a share link asks for: ?z= (packed), then ?text=, then ?example=<key>, else the lesson's default."""
    if query.get("z") and (text := unpack_share_text(query["z"])) is not None:
        return text
    if query.get("text"):
        return query["text"][:MAX_INPUT_CHARS]
    example = EXAMPLES_BY_KEY.get(query.get("example", ""))
    return example.text if example else DEFAULT_TEXT


def export(text: str, special: bool, fmt: str) -> str:
    text, special = expect_text(text), expect_flag(special, "special")
    return server.run_sized(text, work.export_text, text, special, fmt)


def compare_api(text: str, special: bool = False) -> dict:
    """compare() for text, through the API: at most 100,000 characters (`cut_chars` says how many
    were cut). With more than 1,000 tokens in any tokenizer (work.API_LIST_TOKENS), the answer is
    `packed`: each tokenizer's `ids`, `starts` and `ends` are strings of space-separated integers,
    and `tokens` holds the first 1,000 tokens as dicts. Every count covers all tokens."""
    text, special = expect_text(text), expect_flag(special, "special")
    return server.run_sized(text, work.api_answer, text, special)


def examples_slide_html() -> str:
    """The five examples' token counts: a table and a bar chart, on one slide."""
    headers, rows = example_table()
    head = "".join(f"<th>{escape(h)}</th>" for h in headers)
    body = "".join(
        "<tr>" + "".join(f"<td{' class=num' if i else ''}>{escape(str(v))}</td>" for i, v in enumerate(r)) + "</tr>"
        for r in rows
    )
    return (f"<table class='examples'><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"
            + png_html(example_chart_png(), "token counts of the five examples", "token-counts.png"))


def warm_up() -> None:
    """Load the tokenizers, colours, torch, matplotlib and the embedding tables, off the path to the first page."""
    import numpy as np

    from playground.colors import palette
    from playground.embedding import INITS, embedding_table, heatmap_png

    for name in TOKENIZER_NAMES:
        get_tokenizer(name)
    palette("light"), palette("dark")
    example_chart_png()  # imports matplotlib, tokenizes the five examples
    for init in INITS:
        embedding_table(init)
    # The label fonts (Noto Devanagari and CJK, ~60 MB) load on the first heatmap: pay for them now.
    heatmap_png(np.zeros((2, 8)), ["warm-up", "नमस्ते 你好"])


# --- Gradio wiring -----------------------------------------------------------------------


def update_answer(key: str, text: str) -> tuple[str, str]:
    """(prompt, answer) for the current example and text: the answer stays hidden until Reveal."""
    key, text = expect_choice(key, ("", *EXAMPLES_BY_KEY), "example"), expect_text(text)
    text, _ = replace_lone_surrogates(text[:MAX_INPUT_CHARS])
    return prompt_html(key), server.run_sized(text, answer_html, key, text)


def page_from_url(query: dict) -> tuple[str, str, bool, bool]:
    """(text, example key, guess first, presenter view) for a link's query string."""
    text = text_from_url(query)
    key = query.get("example", "")
    key = key if key in EXAMPLES_BY_KEY and text == EXAMPLES_BY_KEY[key].text else ""
    return text, key, query.get("guess") == "1", query.get("present") == "1"


def page_for_request(request: gr.Request) -> tuple[str, str, bool, bool]:
    return page_from_url(dict(request.query_params))


def build_demo() -> gr.Blocks:
    from playground.embedding import INITS

    with gr.Blocks(title="Tokenizer playground", analytics_enabled=False) as demo:
        gr.HTML(
            "<h1>Token embeddings: from string to (B, T, 768)</h1>"
            "<p class='lede'>Type once: GPT-2, BERT and Llama 2 carve up the same text. "
            "The same token id always has the same colour.</p>", elem_id="header",
        )
        with gr.Row(elem_id="examples"):
            example_buttons = [gr.Button(e.title, size="sm", elem_id=f"example-{e.key}", elem_classes="chip",
                                         min_width=0, scale=0) for e in EXAMPLES]
        text = gr.Textbox(
            show_label=False, elem_id="input-text", lines=2, max_lines=8, autofocus=True,
            placeholder="Type or paste anything", container=False,
        )
        example_key = gr.Textbox(visible=False)  # the example the text came from: its question stays after edits
        with gr.Row(elem_id="lecture", equal_height=True):
            prompt = gr.HTML(elem_id="prompt")
            reveal = gr.Button("Reveal", size="sm", elem_id="reveal", scale=0, min_width=90)
        answer = gr.HTML(elem_id="answer")
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
            share = gr.Button("Copy share link", size="sm", elem_id="share", scale=0, min_width=0)
            share_link = gr.Textbox(show_label=False, elem_id="share-link", interactive=False, lines=1,
                                    placeholder="a link to this text appears here", container=False,
                                    scale=1, min_width=160)
        note = gr.HTML(elem_id="limit-note")
        panels = []
        with gr.Row(elem_id="panels", equal_height=False):
            for name in TOKENIZER_NAMES:
                with gr.Column(min_width=300):  # three fit side by side at 1024 px; they stack on a phone
                    panels.append(gr.HTML(elem_id=f"panel-{name}", elem_classes="panel", js_on_load=None))
        with gr.Row(elem_id="downloads"):
            csv_button = gr.Button("Download tokens (CSV)", size="md")
            json_button = gr.Button("Download tokens (JSON)", size="md")
        download_data = gr.Textbox(visible=False)
        with gr.Accordion("All five examples on one slide", open=False, elem_id="slide"):
            slide = gr.HTML(js_on_load=None)
        gr.HTML("<h2>From ids to vectors: the GPT-2 ids through the lesson's TokenEmbedding</h2>")
        with gr.Row(equal_height=False):
            with gr.Column(min_width=420):
                init = gr.Radio(list(INITS), value=next(iter(INITS)), label="Initialise the (untrained) table with")
                embedding = gr.HTML(elem_id="embedding", js_on_load=None)
            with gr.Column(min_width=420):
                memory = gr.HTML(elem_id="memory", js_on_load=None)
        heatmap = gr.HTML(elem_id="heatmap", js_on_load=None)

        demo.load(page_for_request, outputs=[text, example_key, guess, present], api_visibility="private",
                  show_progress="hidden")
        demo.load(examples_slide_html, outputs=slide, api_visibility="private", show_progress="hidden")
        gr.on(
            [text.change, mark_ws.change, view.change, special.change], update_panels,
            inputs=[text, mark_ws, view, special], outputs=[note, *panels],
            preprocess=False,  # the handler checks the raw values itself, and logs none of them
            trigger_mode="always_last", concurrency_id="panels", concurrency_limit=4,
            show_progress="hidden", api_name="panels",
        )
        gr.on(
            [text.change, init.change], update_embedding, inputs=[text, init], outputs=[embedding, memory, heatmap],
            preprocess=False,
            # One plot at a time: matplotlib holds the GIL, and the panels should not wait behind two.
            trigger_mode="always_last", concurrency_id="embedding", concurrency_limit=1,
            show_progress="hidden", api_name="embedding",
        )
        gr.on(
            [text.change, example_key.change], update_answer, inputs=[example_key, text], outputs=[prompt, answer],
            preprocess=False, trigger_mode="always_last", concurrency_id="panels", api_visibility="private",
            show_progress="hidden",
        )
        for button, example in zip(example_buttons, EXAMPLES):  # in the browser: no server event to call
            button.click(None, outputs=[text, example_key],
                         js=f"() => playgroundExample({json.dumps(example.text)}, {json.dumps(example.key)})")
        reveal.click(None, js="() => playgroundReveal()")
        guess.change(None, inputs=guess, js="(on) => playgroundMode('guess', on)")
        present.change(None, inputs=present, js="(on) => playgroundMode('present', on)")
        share.click(None, inputs=text, outputs=share_link, js="(text) => playgroundShareLink(text)")
        for button, fmt in ((csv_button, "csv"), (json_button, "json")):
            button.click(
                lambda t, s, fmt=fmt: export(t, s, fmt), inputs=[text, special], outputs=download_data,
                api_visibility="private", show_progress="hidden",
            ).then(None, inputs=download_data, js=f"(data) => playgroundDownload(data, 'tokens.{fmt}')")
        # Four at once: a long text waits for the big-input worker in its thread, so small calls still get slots.
        gr.api(compare_api, api_name="compare", concurrency_id="compare", concurrency_limit=4)
        gr.api(embed_api, api_name="embed", concurrency_id="embedding")
    # api_open=False: the direct /run and /api routes may not skip the queue (server.Guard refuses them too).
    demo.queue(default_concurrency_limit=2, max_size=server.QUEUE_MAX_SIZE, api_open=False)
    return demo


def launch(demo: gr.Blocks) -> None:
    """Serve on GRADIO_SERVER_NAME:GRADIO_SERVER_PORT (default 127.0.0.1:7860), warming up in the background."""
    from starlette.middleware import Middleware

    # matplotlib keeps its font cache in the app's own temp dir: the app writes nothing anywhere else.
    os.environ.setdefault("MPLCONFIGDIR", os.path.join(tempfile.gettempdir(), "playground-matplotlib"))
    server.keep_no_user_values()
    server.limit_malloc_arenas()
    threading.Thread(target=warm_up, name="warm-up", daemon=True).start()
    demo.launch(
        app_kwargs={"middleware": [Middleware(server.Guard)]},
        run_history=False,  # it would keep every run's text in the browser, shown to the next person
        state_session_capacity=server.SESSION_CAPACITY,
        css=(WEB_DIR / "playground.css").read_text(encoding="utf-8"),
        head=(f"<script>const PLAYGROUND_MAX_SHARE_URL = {MAX_SHARE_URL};\n"
              f"{(WEB_DIR / 'playground.js').read_text(encoding='utf-8')}</script>"),
        footer_links=["api"],
        # The machine's own fonts: nothing fetched from a font host, so it looks the same offline.
        theme=gr.themes.Default(
            text_size=gr.themes.sizes.text_lg,
            font=["system-ui", "Segoe UI", "Noto Sans", "DejaVu Sans", "sans-serif"],
            font_mono=["ui-monospace", "Consolas", "DejaVu Sans Mono", "monospace"],
        ),
    )
