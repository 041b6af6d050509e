"""The web page: pure handlers first, then the thin Gradio wiring (build_demo).

Two separate events per edit: the panels (fast) and the embedding plot (slower), each
with its own concurrency group and trigger_mode="always_last", so tokens never wait
behind a plot and a stale result never lands after a newer one.
"""

from __future__ import annotations

import base64
import os
import tempfile
import threading
from functools import lru_cache
from html import escape
from pathlib import Path

import gradio as gr

from playground.compare import TOKENIZER_NAMES, compare, get_tokenizer
from playground.display import token_label
from playground.examples import EXAMPLES, EXAMPLES_BY_KEY, example_chart_png, example_table
from playground.export import tokens_csv, tokens_json
from playground.render import panel_html
from playground.spans import replace_lone_surrogates

MAX_INPUT_CHARS = 100_000  # tokenised per edit; the rest of a longer paste is cut, and the page says so
CACHED_INPUT_CHARS = 5_000  # results for texts up to this size are kept (LRU): re-renders and shared examples
DEFAULT_TEXT = "Hello world"  # the lesson's first example: [15496, 995]
WEB_DIR = Path(__file__).resolve().parent / "web"


# --- pure handlers -----------------------------------------------------------------------


@lru_cache(maxsize=64)
def _cached_compare(text: str, special: bool) -> dict:
    return compare(text, special)


def compare_limited(text: str, special: bool = False) -> tuple[dict, int]:
    """compare() on at most MAX_INPUT_CHARS characters; returns (result, characters cut).

    The result may be shared between users through the cache: read it, never change it.
    """
    text = text or ""
    cut = max(0, len(text) - MAX_INPUT_CHARS)
    text = text[:MAX_INPUT_CHARS]
    result = _cached_compare(text, special) if len(text) <= CACHED_INPUT_CHARS else compare(text, special)
    return result, cut


def limit_note(cut: int, total: int) -> str:
    if not cut:
        return ""
    return (f'<p class="limit">Tokenised the first {MAX_INPUT_CHARS:,} of {total:,} characters; '
            f"{cut:,} characters were cut. Every count below is for the part tokenised.</p>")


def surrogate_note(result: dict) -> str:
    n = result["replaced_surrogates"]
    return f'<p class="limit">{n:,} lone surrogate(s) in the input were replaced by U+FFFD.</p>' if n else ""


def update_panels(text: str, mark_whitespace: bool, view: str, special: bool) -> tuple[str, ...]:
    """(note, gpt2 panel, bert panel, llama panel) for the current input and toggles."""
    result, cut = compare_limited(text, special)
    panels = tuple(
        panel_html(tok, result["text"], show_ids=view == "ids", mark_whitespace=mark_whitespace)
        for tok in result["tokenizers"]
    )
    return (limit_note(cut, len(text or "")) + surrogate_note(result), *panels)


def png_html(png: bytes, alt: str, filename: str) -> str:
    """An inline image and a link that saves it (playground.js): from memory, nothing written to disk."""
    data = base64.b64encode(png).decode("ascii")
    return (f'<figure class="plot"><img class="plot" alt="{escape(alt)}" src="data:image/png;base64,{data}">'
            f'<a class="download" href="#" data-download="{filename}">Download PNG</a></figure>')


@lru_cache(maxsize=128)
def heatmap_html(ids: tuple[int, ...], labels: tuple[str, ...], init: str) -> str:
    """The heatmap of these ids' embedding rows, as an inline PNG.

    Cached: the picture depends only on the ids drawn and the init, so typing past the
    rows it shows, toggling back, or a class opening the same example costs nothing.
    """
    from playground.embedding import embed, heatmap_png

    vectors = embed(list(ids), init)[0].numpy()  # (rows, n_embd)
    return png_html(heatmap_png(vectors, list(labels)), f"heatmap of the embeddings of {len(ids)} tokens", "embedding.png")


def update_embedding(text: str, init: str) -> tuple[str, str, str]:
    """(shape line, memory accounting, heatmap) for the GPT-2 ids of the current input."""
    from config import GPTConfig
    from playground.embedding import HEATMAP_ROWS, INITS, embed, embedding_table, format_bytes, memory_rows

    config = GPTConfig()
    text, _ = replace_lone_surrogates((text or "")[:MAX_INPUT_CHARS])
    tokens = get_tokenizer("gpt2").tokens(text)
    n_all = len(tokens)
    tokens = tokens[: config.block_size]
    out = embed([t["id"] for t in tokens], init)  # (1, T, n_embd); raises ValueError for an unknown init
    shape = f"({', '.join(str(d) for d in out.shape)})"
    n_params = sum(p.numel() for p in embedding_table(init).parameters())
    notes = [
        f"The weights are untrained: random draws from N(0, {INITS[init]:g}) with a fixed seed. "
        "The rows mean nothing yet, except that a repeated token gets an identical row."
    ]
    if n_all > config.block_size:
        notes.insert(0, f"This text has {n_all:,} GPT-2 tokens; the model reads at most block_size = "
                        f"{config.block_size:,}, so only the first {config.block_size:,} are embedded.")
    head = (
        f'<div class="shape-line"><span class="code">TokenEmbedding(GPTConfig())(torch.tensor([ids]))</span><br>'
        f'→ shape <b class="shape">{shape}</b> · dtype <b>{out.dtype}</b> · <b>{n_params:,}</b> parameters</div>'
        + "".join(f'<p class="note">{n}</p>' for n in notes)
    )
    table_rows = "".join(
        f"<tr><td>{escape(r.what)}</td><td class='num'>{escape(str(r.shape))}</td>"
        f"<td class='num'>{format_bytes(r.n_bytes)}</td></tr>"
        for r in memory_rows(len(tokens), config)
    )
    memory = (
        "<table class='memory'><thead><tr><th>float32 tensor</th><th>shape</th><th>memory</th></tr></thead>"
        f"<tbody>{table_rows}</tbody></table>"
    )
    if tokens:
        drawn = tokens[:HEATMAP_ROWS]
        caption = (f"Heatmap of the output, one row per token" +
                   (f" (the first {HEATMAP_ROWS} of {len(tokens):,} rows)" if len(tokens) > HEATMAP_ROWS else "")
                   + ": blue below zero, red above. A repeated token gives an identical row.")
        plot = f'<p class="note">{caption}</p>' + heatmap_html(
            tuple(t["id"] for t in drawn), tuple(token_label(t).replace("\n", "") for t in drawn), init)
    else:
        plot = '<p class="note">Type something to see its vectors.</p>'
    return head, memory, plot


def text_from_url(query: dict) -> str:
    """The text a share link asks for: ?text=... wins, then ?example=<key>, else the lesson's default."""
    if query.get("text"):
        return query["text"][:MAX_INPUT_CHARS]
    example = EXAMPLES_BY_KEY.get(query.get("example", ""))
    return example.text if example else DEFAULT_TEXT


def export(text: str, special: bool, fmt: str) -> str:
    result, _ = compare_limited(text, special)
    return tokens_csv(result) if fmt == "csv" else tokens_json(result)


def compare_api(text: str, special: bool = False) -> dict:
    """compare()'s dict for text (at most 100,000 characters; `cut_chars` says how many were cut)."""
    if not isinstance(text, str):
        raise ValueError("text must be a string")
    result, cut = compare_limited(text, special)
    return {**result, "cut_chars": cut}


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
    from playground.colors import palette
    from playground.embedding import INITS, embedding_table

    for name in TOKENIZER_NAMES:
        get_tokenizer(name)
    palette("light"), palette("dark")
    example_chart_png()  # imports matplotlib, tokenizes the five examples
    for init in INITS:
        embedding_table(init)


# --- Gradio wiring -----------------------------------------------------------------------


def text_for_request(request: gr.Request) -> str:
    return text_from_url(dict(request.query_params))


def build_demo() -> gr.Blocks:
    from playground.embedding import INITS

    with gr.Blocks(title="Tokenizer playground", analytics_enabled=False) as demo:
        gr.HTML(
            "<h1>Token embeddings: from string to (B, T, 768)</h1>"
            "<p class='lede'>Type once: GPT-2, BERT and Llama 2 carve up the same text. "
            "The same token id always has the same colour.</p>"
        )
        with gr.Row(elem_id="examples"):
            example_buttons = [gr.Button(e.title, size="md", elem_id=f"example-{e.key}") for e in EXAMPLES]
        text = gr.Textbox(
            label="Your text", elem_id="input-text", lines=4, max_lines=12, autofocus=True,
            placeholder="Type or paste anything",
        )
        with gr.Row(elem_id="controls"):
            mark_ws = gr.Checkbox(value=True, label="Show whitespace (· space, → tab, ↵ newline)")
            view = gr.Radio(["text", "ids"], value="text", label="Blocks show", elem_id="view")
            special = gr.Checkbox(value=False, label="Add special tokens ([CLS] [SEP], <s>)")
        with gr.Row(elem_id="share-row", equal_height=True):
            share = gr.Button("Copy share link", size="md", elem_id="share", scale=0, min_width=200)
            share_link = gr.Textbox(show_label=False, elem_id="share-link", interactive=False, lines=1,
                                    placeholder="a link to this text appears here", scale=1, container=False)
        note = gr.HTML(elem_id="limit-note")
        panels = []
        with gr.Row(elem_id="panels", equal_height=False):
            for name in TOKENIZER_NAMES:
                with gr.Column(min_width=360):  # columns wrap below this width: panels stack on a phone
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

        demo.load(text_for_request, outputs=text, api_visibility="private", show_progress="hidden")
        demo.load(examples_slide_html, outputs=slide, api_visibility="private", show_progress="hidden")
        gr.on(
            [text.change, mark_ws.change, view.change, special.change], update_panels,
            inputs=[text, mark_ws, view, special], outputs=[note, *panels],
            trigger_mode="always_last", concurrency_id="panels", concurrency_limit=4,
            show_progress="hidden", api_name="panels",
        )
        gr.on(
            [text.change, init.change], update_embedding, inputs=[text, init], outputs=[embedding, memory, heatmap],
            # One plot at a time: matplotlib holds the GIL, and the panels should not wait behind two.
            trigger_mode="always_last", concurrency_id="embedding", concurrency_limit=1,
            show_progress="hidden", api_name="embedding",
        )
        for button, example in zip(example_buttons, EXAMPLES):
            button.click(lambda t=example.text: t, outputs=text, api_visibility="private", show_progress="hidden")
        share.click(None, inputs=text, outputs=share_link, js="(text) => playgroundShareLink(text)")
        for button, fmt in ((csv_button, "csv"), (json_button, "json")):
            button.click(
                lambda t, s, fmt=fmt: export(t, s, fmt), inputs=[text, special], outputs=download_data,
                api_visibility="private", show_progress="hidden",
            ).then(None, inputs=download_data, js=f"(data) => playgroundDownload(data, 'tokens.{fmt}')")
        gr.api(compare_api, api_name="compare")
    demo.queue(default_concurrency_limit=2)
    return demo


def launch(demo: gr.Blocks) -> None:
    """Serve on GRADIO_SERVER_NAME:GRADIO_SERVER_PORT (default 127.0.0.1:7860), warming up in the background."""
    # matplotlib keeps its font cache in a temp dir too: the app writes nothing anywhere else.
    os.environ.setdefault("MPLCONFIGDIR", os.path.join(tempfile.gettempdir(), "playground-matplotlib"))
    threading.Thread(target=warm_up, name="warm-up", daemon=True).start()
    demo.launch(
        css=(WEB_DIR / "playground.css").read_text(encoding="utf-8"),
        head=f"<script>{(WEB_DIR / 'playground.js').read_text(encoding='utf-8')}</script>",
        footer_links=["api"],
        # The machine's own fonts: nothing fetched from a font host, so it looks the same offline.
        theme=gr.themes.Default(
            text_size=gr.themes.sizes.text_lg,
            font=["system-ui", "Segoe UI", "Noto Sans", "DejaVu Sans", "sans-serif"],
            font_mono=["ui-monospace", "Consolas", "DejaVu Sans Mono", "monospace"],
        ),
    )
