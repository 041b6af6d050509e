"""The app: the program's page (page_route.py, shell.py) and its JSON routes, beside a Gradio app that holds the
documented API (/compare, /embed, /embedding, /replay, /batch, /chat, /premium: gradio_client and
/gradio_api/call/<name>) and its documentation (/?view=api); then the launch.

The page owns everything in it: its controls are its own HTML, wired by its own scripts (static/page.js), the
tokenizing and painting done in the browser. No control of the page is a Gradio component, and Gradio's page
script never runs in it: a lost connection or a restarted server never reloads it.
"""

from __future__ import annotations

import os
import sys
import tempfile
import threading

import gradio as gr

from playground.page import ask_route, chat_route, handlers, page_route, server, twin_route
from playground.tokenizers.registry import DEFAULT_TOKENIZERS, get_tokenizer


def build_demo() -> gr.Blocks:
    """The Gradio app of the API: its endpoints, and a page (/?view=api) that points to the playground's own."""
    from playground.lesson.embedding import INITS

    with gr.Blocks(title="Tokenizer playground: API", analytics_enabled=False) as demo:
        gr.Markdown("# The tokenizer playground's API\nThe playground itself is at [the page's address](./). "
                    "Its endpoints are listed under *Use via API* below, and in docs/api.md.")
        # The /embedding endpoint takes the page's old components: its values (text, init) and its three HTML parts.
        text = gr.Textbox(visible=False)
        init = gr.Radio(list(INITS), value=next(iter(INITS)), visible=False)
        parts = [gr.HTML(visible=False) for _ in range(3)]
        gr.on([], handlers.update_embedding, inputs=[text, init], outputs=parts, preprocess=False,
              trigger_mode="always_last", concurrency_id="embedding", concurrency_limit=None,
              show_progress="hidden", api_name="embedding")
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
    server.calm_queue(demo)
    return demo


def app_kwargs() -> dict:
    """What Gradio's FastAPI app is built with: Guard in front of everything, and the page, its asks, chat and
    browser tokenizers' routes served before Gradio's own routes (FastAPI takes routes in its constructor, and
    the first that matches answers: / is the program's page)."""
    from starlette.middleware import Middleware

    return {"middleware": [Middleware(server.Guard)],
            "routes": page_route.ROUTES + ask_route.ROUTES + chat_route.ROUTES + twin_route.ROUTES}


def warm_up(freeze: bool = False) -> None:
    """Load the lesson's three tokenizers, the colours, torch and GPT-2's embedding table, and make the page, off
    the path to the first page. The N(0, 1) table, the five other tokenizers and matplotlib's charts load when
    first asked for: a server that never shows them does not hold them.

    freeze (the server's): then move everything loaded so far, which lives as long as the server, out of
    the cyclic garbage collector's sight (gc.freeze). Else each full collection walked its 385,000
    objects: 175 ms, 230 ms on a busy machine, in which no edit was answered, once every few dozen
    edits (bench/hall.py's worst edit 251 to 273 ms; the typing bench's worst key 240 ms: both measured
    on the edit route, at 875f81d)."""
    import gc

    from playground.lesson.embedding import INITS, colour_table, embedding_table
    from playground.page.colors import palette

    page_route.built()
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
    try:
        demo.launch(
            app_kwargs=app_kwargs(),
            run_history=False,  # it would keep every run's text in the browser, shown to the next person
            # No server-side rendering, whatever GRADIO_SSR_MODE says (a Space may set it): with it, Gradio puts
            # its Node server in front of this one, and Node forwards only Gradio's own routes, so every POST to
            # the page's own routes answered 405; and Node served the page itself, without the Guard's headers.
            ssr_mode=False,
            state_session_capacity=server.SESSION_CAPACITY,
            # Gradio runs at most max_threads events at once, whatever their concurrency limits: with its
            # default of 40, 40 long texts waiting for the worker would hold every place a small edit needs.
            # A long text waits on the event loop, so every event the queue admits may be under way.
            max_threads=server.QUEUE_MAX_SIZE,
            footer_links=["api"],
        )  # returns once Ctrl+C has closed the server
    finally:
        exit_soon()


# How long the process may take to end after Ctrl+C: Python's exit waits for every thread it must join and for the
# big-input worker (concurrent.futures joins it), and a lecturer's Ctrl+C must end the app whatever they wait for.
EXIT_SECONDS = 10


def exit_soon() -> None:
    """Stop the big-input worker, then let Python end the process; if it has not ended in EXIT_SECONDS, print
    where each thread waits (stderr) and end it there."""
    import faulthandler

    def end_it() -> None:
        print(f"python app.py: not ended {EXIT_SECONDS} s after it was stopped; its threads:", file=sys.stderr,
              flush=True)
        faulthandler.dump_traceback(sys.stderr, all_threads=True)
        os._exit(1)

    timer = threading.Timer(EXIT_SECONDS, end_it)
    timer.daemon = True  # it runs on while Python's exit waits for the others, and never holds the exit itself
    timer.start()
    server.stop_worker()
