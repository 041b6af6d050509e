"""The work behind each endpoint, as plain functions of already-checked values.

They import no Gradio, so the server can run them in its own threads for short texts and
in the big-input worker process for long ones (playground.page.server.run_sized), and get the
same answer either way. Each returns only what its endpoint sends: strings and small dicts.
"""

from __future__ import annotations

import threading

from cachetools import LRUCache, cached

from playground.lesson.lecture import answer_html
from playground.tokenizers.registry import DEFAULT_TOKENIZERS, compare, get_tokenizer
from playground.tokenizers.undertrained import has_data, undertrained_marks

MAX_DRAWN_TOKENS = 1000  # tokens of each tokenizer a panel draws (render.js): the server tokenizes no more for it
MAX_INPUT_CHARS = 100_000  # tokenised per edit; the rest of a longer paste is cut, and the page says so
CACHED_INPUT_CHARS = 5_000  # results for texts up to this size are kept (LRU): re-renders and shared examples
COMPARE_CACHE_BYTES = 8_000_000  # what the cache of compare() results may hold, estimated per result: hundreds of edits
# Bytes a compare() result holds, per token of each tokenizer: its dict (eight fields) and its
# entries in the ids, starts and ends columns. Measured with tracemalloc (tests/test_limits.py checks it).
BYTES_PER_TOKEN_DICT = 300
BYTES_PER_TOKEN_COLUMNS = 100
# /compare answers with plain lists up to this many tokens per tokenizer; above, ids, starts and ends
# are packed into strings and `tokens` holds the first this many. Gradio walks every list element
# of an answer in Python on its event loop, so a million-element answer would stall every user.
API_LIST_TOKENS = 1_000


def result_bytes(result: dict) -> int:
    """About how much memory a compare() result holds: what the cache counts it as."""
    per_tokenizer = (len(t["tokens"]) * BYTES_PER_TOKEN_DICT + t["count"] * BYTES_PER_TOKEN_COLUMNS
                     + 4 * len(t["decoded"]) for t in result["tokenizers"])
    return 4 * len(result["text"]) + sum(per_tokenizer)


@cached(LRUCache(COMPARE_CACHE_BYTES, getsizeof=result_bytes), lock=threading.Lock())
def _cached_compare(text: str, special: bool, token_limit: int | None, names: tuple[str, ...]) -> dict:
    return compare(text, special, token_limit, names)


def compare_limited(text: str, special: bool = False, token_limit: int | None = None,
                    names: tuple[str, ...] = DEFAULT_TOKENIZERS) -> tuple[dict, int]:
    """compare() on at most MAX_INPUT_CHARS characters; returns (result, characters cut).

    The result may be shared between users through the cache: read it, never change it.
    """
    cut = max(0, len(text) - MAX_INPUT_CHARS)
    text = text[:MAX_INPUT_CHARS]
    if len(text) <= CACHED_INPUT_CHARS:
        return _cached_compare(text, special, token_limit, names), cut
    return compare(text, special, token_limit, names), cut


def tokens_entry(text: str, special: bool, name: str) -> dict:
    """compare()'s entry for tokenizer `name` on text (its first MAX_INPUT_CHARS characters, lone surrogates
    replaced), its tokens cut at MAX_DRAWN_TOKENS: what the page's panel draws."""
    result, _ = compare_limited(text, special, MAX_DRAWN_TOKENS, (name,))
    return result["tokenizers"][0]


def example_answer(text: str, example: str, names: tuple[str, ...]) -> str:
    """The answer of example `example` for text, counted without special tokens, over every token."""
    return answer_html(example, compare_limited(text, False, None, names)[0])


def pack_numbers(numbers: list[int]) -> str:
    """[15496, 995] -> "15496 995"; list(map(int, s.split())) gives the list back."""
    return " ".join(map(str, numbers))


def undertrained_ids(name: str, ids: list[int]) -> dict[str, dict] | None:
    """{id: the paper's figures} for each distinct id of `ids` on the under-trained list of tokenizer
    `name`'s model (JSON keys are strings); None when no list is published for it. Bounded by the
    list's length (at most 353 ids), however long the text."""
    if not has_data(name):
        return None
    marks = undertrained_marks(name)
    return {str(i): marks[i] for i in sorted(set(ids).intersection(marks))}


def api_answer(text: str, special: bool, names: tuple[str, ...] = DEFAULT_TOKENIZERS) -> dict:
    """compare() for text as /compare sends it (see handlers.compare_api)."""
    result, cut = compare_limited(text, special, API_LIST_TOKENS, names)
    packed = any(t["count"] > API_LIST_TOKENS for t in result["tokenizers"])
    if packed:  # new dicts: the cached result is shared, never changed
        # `tokens` stops at API_LIST_TOKENS: undertrained_ids carries the marks of every packed id.
        tokenizers = [{**t, **{column: pack_numbers(t[column]) for column in ("ids", "starts", "ends")},
                       "undertrained_ids": undertrained_ids(t["name"], t["ids"])}
                      for t in result["tokenizers"]]
        result = {**result, "tokenizers": tokenizers}
    return {**result, "packed": packed, "cut_chars": cut}


def gpt2_head(text: str, limit: int) -> tuple[int, list[dict]]:
    """(how many GPT-2 tokens text has, the first `limit` of them as dicts)."""
    gpt2 = get_tokenizer("gpt2")
    columns = gpt2.columns(text)
    return len(columns.ids), gpt2.token_dicts(text, columns, limit)
