"""The handlers every way into the server calls: the page's asks (ask_route, chat_route),
the API's queued events (/embedding, /compare, ...), gradio_client and plain HTTP.

Every handler checks its inputs first (playground.page.inputs), then works on the text in its lane
(server.Lane): a short one in a thread, a long one in the big-input worker, awaited without holding a
slot, whoever calls it. The page's panels are no handler's: the page tokenizes and paints them itself,
asking tokens_entry only for a tokenizer with no browser twin.
"""

from __future__ import annotations

import hashlib
from functools import lru_cache

from playground.lesson.examples import EXAMPLES_BY_KEY
from playground.page import server, work
from playground.page.inputs import expect_choice, expect_flag, expect_text, quote, refuse
from playground.page.premium_view import premium_html
from playground.page.slide_view import examples_slide_html
from playground.page.work import MAX_INPUT_CHARS
from playground.tokenizers.registry import DEFAULT_TOKENIZERS, check_tokenizers, tokenizer_label, tokenizer_names
from playground.tokenizers.spans import replace_lone_surrogates

# Each event's work: up to four short texts at once in threads, long ones waiting for the worker outside them.
PANELS_LANE, EMBEDDING_LANE, API_LANE = server.Lane(4), server.Lane(4), server.Lane(4)


def expect_tokenizers(names: object, repeats: bool = False) -> tuple[str, ...]:
    """Known tokenizer names, each at most once unless `repeats` (registry.check_tokenizers), or a short clear error."""
    try:
        return check_tokenizers(names, repeats)
    except ValueError as err:
        raise refuse(str(err)) from None


async def tokens_entry(text: str, special: bool, tokenizer: str) -> dict:
    """compare()'s entry for one tokenizer, its tokens cut at 1,000 (what a panel draws): the page's panel of a
    tokenizer with no browser twin (an added one) is painted from it by render.js."""
    text, special = expect_text(text), expect_flag(special, "special")
    [name] = expect_tokenizers([tokenizer])
    return await PANELS_LANE.run_sized(text, work.tokens_entry, text, special, name)


async def example_answer(text: str, example: str, first: str, second: str, third: str) -> str:
    """The answer of the example `example` (its key) for the text on screen, in the panels' three tokenizers."""
    text = expect_text(text)
    example = expect_choice(example, tuple(EXAMPLES_BY_KEY), "example")
    names = expect_tokenizers((first, second, third), repeats=True)  # two panels may show the same one
    return await PANELS_LANE.run_sized(text, work.example_answer, text, example, names)


async def update_embedding(text: str, init: str) -> tuple[str, str, str]:
    """(shape and one-hot check, memory and parameters, plots) for the GPT-2 ids of the current input."""
    shape, memory, caption, figure = await update_embedding_parts(text, init)
    return shape, memory, caption + figure


async def update_embedding_parts(text: str, init: str) -> tuple[str, str, str, str]:
    """update_embedding's answer with its plots in two parts, (shape, memory, the plots' caption, their figure)."""
    from config import GPTConfig
    from playground.lesson.embedding import INITS
    from playground.page.embedding_view import embedding_parts

    text, init = expect_text(text), expect_choice(init, INITS, "init")
    text, _ = replace_lone_surrogates(text[:MAX_INPUT_CHARS])
    n_all, tokens = await EMBEDDING_LANE.run_sized(text, work.gpt2_head, text, GPTConfig().block_size)
    return await EMBEDDING_LANE.run(embedding_parts, n_all, tokens, init)  # its plots: at most 1,024 tokens


async def embedding_for_page(text: str, init: str, shown_figure: object = None) -> tuple:
    """update_embedding_parts' answer for the page, and its figure's key: (shape, memory, caption, figure or None,
    figure key); the figure is None when its key is `shown_figure`, the one the page shows (it draws the first 64
    tokens: typing at the end of a longer text leaves it as it is, not sent, decoded or laid out again)."""
    if shown_figure is not None:
        expect_text(shown_figure, "shown_figure")
    shape, memory, caption, figure = await update_embedding_parts(text, init)
    key = hashlib.blake2b(figure.encode(), digest_size=12).hexdigest()  # 96 bits: no two figures share one
    return shape, memory, caption, None if shown_figure == key else figure, key


async def update_one_hot(text: str, init: str) -> str:
    """one_hot(ids) @ E against the lookup E[ids], run now on the GPT-2 ids of the current input."""
    from config import GPTConfig
    from playground.lesson.embedding import INITS
    from playground.page.embedding_view import one_hot_html

    text, init = expect_text(text), expect_choice(init, INITS, "init")
    text, _ = replace_lone_surrogates(text[:MAX_INPUT_CHARS])
    _, tokens = await EMBEDDING_LANE.run_sized(text, work.gpt2_head, text, GPTConfig().block_size)
    return await EMBEDDING_LANE.run(one_hot_html, tokens, init)


async def plot_download(plot: str, text: str, init: str) -> str:
    """Download PNG under one of the embedding's plots: its labelled figure (plot_downloads), for the tokens the
    page draws (the first HEATMAP_ROWS GPT-2 tokens), as a data: URL the page saves; "" for no text."""
    import base64

    from playground.lesson.embedding import HEATMAP_ROWS, INITS
    from playground.page.embedding_view import plot_label
    from playground.page.plot_downloads import PLOTS, plot_png

    plot, text, init = expect_choice(plot, PLOTS, "plot"), expect_text(text), expect_choice(init, INITS, "init")
    text, _ = replace_lone_surrogates(text[:MAX_INPUT_CHARS])
    _, tokens = await EMBEDDING_LANE.run_sized(text, work.gpt2_head, text, HEATMAP_ROWS)
    if not tokens:
        return ""
    png = await EMBEDDING_LANE.run(plot_png, plot, tuple(t["id"] for t in tokens), tuple(plot_label(t) for t in tokens),
                                   init)
    return "data:image/png;base64," + base64.b64encode(png).decode("ascii")


async def embed_api(text: str, init: str = "GPT-2: N(0, 0.02)") -> dict:
    """The GPT-2 ids of text (the first 1,024) through the lesson's TokenEmbedding: shape, dtype, ids and
    pieces, the parameter counts (tied and untied), one-hot x E against the lookup, and the cosine
    similarity of the first 64 rows."""
    from config import GPTConfig
    from playground.lesson.embedding import INITS, embed_summary

    text, init = expect_text(text), expect_choice(init, INITS, "init")
    text, _ = replace_lone_surrogates(text[:MAX_INPUT_CHARS])
    _, tokens = await API_LANE.run_sized(text, work.gpt2_head, text, GPTConfig().block_size)
    return await API_LANE.run(embed_summary, tokens, init)


def batch_text(text: object) -> str:
    """The text the batch is cut from: the part tokenised (MAX_INPUT_CHARS), lone surrogates replaced, as the panels."""
    return replace_lone_surrogates(expect_text(text)[:MAX_INPUT_CHARS])[0]


async def batch_or_error(text: str, batch_size: object, block_size: object, seed: object) -> dict:
    """playground.batch's dict of the (checked) text, or {"error": the one line saying why it cannot be cut}."""
    from playground.lesson.batch import batch_of_ids, gpt2_ids

    ids = await API_LANE.run_sized(text, gpt2_ids, text)
    try:
        return await API_LANE.run(batch_of_ids, ids, batch_size, block_size, seed)
    except ValueError as err:
        return {"error": str(err)}


async def batch_api(text: str, batch_size: int = 4, block_size: int = 8, seed: int = 0) -> dict:
    """B windows of T consecutive GPT-2 ids of text, cut as nanoGPT's get_batch cuts them
    (torch.randint(len(ids) - T, (B,)) from a generator seeded with seed): offsets, ids (B x T), shape
    [B, T, 768], and the bytes of the float32 one-hot (B, T, 50257), the float32 dense (B, T, 768) and the
    int64 ids (B, T). B is at most 64, T at most 1,024 (GPT-2's block_size); the text (its first 100,000
    characters) needs at least T + 1 ids."""
    answer = await batch_or_error(batch_text(text), batch_size, block_size, seed)
    if "error" in answer:
        raise refuse(answer["error"])
    return answer


def lessons_batch() -> tuple:
    """"Try the lesson's batch": a text long enough for (32, 1024), the 200 English FLORES sentences joined
    (5,613 GPT-2 ids), no example, B = 32, T = 1024, and the note that says the text box's text was replaced
    (with the button that puts it back: batch.js keeps the text it replaced)."""
    from playground.lesson.embedding import LESSON_BATCH
    from playground.lesson.premium import BASELINE, sentences

    text = "\n".join(sentences(BASELINE))
    note = (f"<p class='note' id='batch-replaced'>The text box now holds the lesson's batch text, the 200 English "
            f"FLORES-200 sentences ({len(text):,} characters), in place of your text. "
            "<button type='button' id='batch-undo'>Put my text back</button></p>")
    return (text, "", *LESSON_BATCH, note)

async def compare_api(text: str, special: bool = False, tokenizers: list[str] | None = None) -> dict:
    """compare() for text, through the API: at most 100,000 characters (`cut_chars` says how many
    were cut). With more than 1,000 tokens in any tokenizer (work.API_LIST_TOKENS), the answer is
    `packed`: each tokenizer's `ids`, `starts` and `ends` are strings of space-separated integers,
    and `tokens` holds the first 1,000 tokens as dicts. Every count covers all tokens. `tokenizers`
    lists known names (the eight, and any added at launch), each at most once (default: gpt2, bert,
    llama)."""
    text, special = expect_text(text), expect_flag(special, "special")
    if tokenizers is not None and not isinstance(tokenizers, list):
        raise refuse(f"tokenizers must be a list of names from {', '.join(tokenizer_names())}; got {quote(tokenizers)}")
    names = DEFAULT_TOKENIZERS if tokenizers is None else expect_tokenizers(tokenizers)
    return await API_LANE.run_sized(text, work.api_answer, text, special, names)


async def chat_api(messages: list, tokenizer: str = "llama3", add_generation_prompt: bool = True) -> dict:
    """playground.chat for a conversation through the API: [{"role": "system" | "user" | "assistant",
    "content": str}, ...] in `tokenizer`'s chat format, the text, ids and tokens (structure or a message's
    content). At most 200 messages and 100,000 characters of content; a conversation the format refuses,
    or a bad one, is an error saying why."""
    from playground.tokenizers.chat import chat

    [tokenizer] = expect_tokenizers([tokenizer])
    add_generation_prompt = expect_flag(add_generation_prompt, "add_generation_prompt")
    try:
        return await API_LANE.run(chat, messages, tokenizer, add_generation_prompt)
    except ValueError as err:
        raise refuse(str(err)[:300]) from None


async def replay_api(text: str, tokenizer: str = "gpt2") -> dict:
    """How each token of text is built by `tokenizer`, step by step (playground.tokenizers.replay): at most the
    first 64 chunks, 256 bytes of a chunk and 100,000 pieces in all steps (`cut` says so). Each chunk of a
    tokenizer that spells pieces its own way says how the page draws them ("shown": display.step_labels)."""
    from playground.lesson.display import step_labels
    from playground.tokenizers.replay import replay

    text = expect_text(text)
    [tokenizer] = expect_tokenizers([tokenizer])
    text, _ = replace_lone_surrogates(text[:MAX_INPUT_CHARS])
    return step_labels(await API_LANE.run_sized(text, replay, text, tokenizer))


@lru_cache(maxsize=1)
def premium_result() -> tuple[dict, bytes]:
    """The token premium of every tokenizer (the eight and any added at launch) and its chart, computed once.
    The built-ins' counts and chart are stored (scripts/premium.py), so they take no tokenizer; a tokenizer
    without stored counts is counted in the worker process (the server's own memory does not pay for
    tokenizers it may never show)."""
    from playground.lesson.premium import premium_png_for, stored_counts

    names = tokenizer_names()
    if set(names) <= set(stored_counts()["tokenizers"]):
        return premium_png_for(names)
    return server.run_in_worker(premium_png_for, names)


def premium_api() -> dict:
    """The token premium of 12 languages (FLORES-200, 200 sentences each) for every tokenizer: the eight,
    then any added at launch."""
    return premium_result()[0]


def premium_section() -> str:
    """The Languages section, from the premium computed once in the worker."""
    result, png = premium_result()
    return premium_html(result, png, {name: tokenizer_label(name) for name in result["tokenizers"]})


def examples_slide(first: str = "gpt2", second: str = "bert", third: str = "llama", all_eight: bool = False) -> str:
    """The slide for the panels' tokenizers (or all of them: the eight and any added), its inputs checked first."""
    names = tokenizer_names() if expect_flag(all_eight, "all_eight") else expect_tokenizers((first, second, third), repeats=True)
    return examples_slide_html(names)
