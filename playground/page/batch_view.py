"""The batch's HTML: the (B, T) ids cut from the text as training cuts them, and what they become.

Pure functions from (text, B, T, seed) to markup. Each window is a row of token blocks in the panels'
colours (the same id, the same colour), its offset in the text beside it; batch.js links a hovered
block to its token in the GPT-2 panel and to its row of E. Test hooks: #batch-ids, each row a
.batch-row with data-offset, each id an <i> with data-id.
"""

from __future__ import annotations

import threading
from html import escape

from cachetools import LRUCache, cached

from config import GPTConfig
from playground.lesson.batch import batch_memory, batch_of_ids
from playground.lesson.embedding import LESSON_BATCH, format_bytes
from playground.page.colors import token_colors

# Up to this T each block shows its id; past it, a row is a strip of T colours (1,024 ids do not fit as
# numbers on a screen), each id said when hovered.
IDS_SHOWN_MAX_BLOCK = 32
BATCH_CACHE_BYTES = 8_000_000  # drawn batches (the lesson's: 1.6 MB): a class pressing "Try the lesson's batch"


def cell_html(token_id: int, show_id: bool) -> str:
    light, dark = token_colors("gpt2", token_id)
    return f'<i data-id="{token_id}" style="--l:{light};--d:{dark}">{token_id if show_id else ""}</i>'


def ids_html(result: dict) -> str:
    """#batch-ids: one row per window, its offset beside it, each id a block in its GPT-2 colour."""
    b, t, _ = result["shape"]
    show_ids = t <= IDS_SHOWN_MAX_BLOCK
    rows = "".join(
        f'<div class="batch-row" data-offset="{offset}"><span class="offset" title="window {k}: ids '
        f'{offset:,} to {offset + t - 1:,} of the text">{offset:,}</span><span class="cells">'
        + "".join(cell_html(i, show_ids) for i in window) + "</span></div>"
        for k, (offset, window) in enumerate(zip(result["offsets"], result["ids"])))
    return (f'<div id="batch-ids" class="batch-ids{"" if show_ids else " strips"}" data-batch-size="{b}" '
            f'data-block-size="{t}" style="--t: {t}"><div class="batch-head"><span class="offset">offset</span>'
            f"<span>x[b] = ids[offset : offset + {t}]</span></div>{rows}</div>")


def memory_table_html(b: int, t: int, config: GPTConfig) -> str:
    """This batch's tensors beside the lesson's own (32, 1024): elements x element size."""
    lb, lt = LESSON_BATCH
    mine, lessons = batch_memory(b, t, config), batch_memory(lb, lt, config)
    # Shapes as the lesson writes them, (B, T, 50257): no thousands separators.
    rows = (("ids x", "(B, T) int64", "ids_bytes"), ("one-hot input", f"(B, T, {config.vocab_size}) float32", "one_hot_bytes"),
            ("dense embeddings", f"(B, T, {config.n_embd}) float32", "dense_bytes"))

    def cell(n: int) -> str:
        return f"<td class='num'><b>{format_bytes(n)}</b> <small>{n:,} bytes</small></td>"

    body = "".join(f"<tr><td>{what} <span class='code'>{shape}</span></td>{cell(mine[key])}{cell(lessons[key])}</tr>"
                   for what, shape, key in rows)
    return (f"<table class='memory batch-memory'><thead><tr><th>tensor</th><th class='num'>this batch ({b}, {t})</th>"
            f"<th class='num'>the lesson's ({lb}, {lt})</th></tr></thead><tbody>{body}</tbody></table>")


@cached(LRUCache(BATCH_CACHE_BYTES, getsizeof=len), lock=threading.Lock())
def batch_html(ids: tuple[int, ...], batch_size: object, block_size: object, seed: object) -> str:
    """The batch section for a text of these GPT-2 ids: the call and its shape, the memory beside the lesson's,
    and #batch-ids; or, when the batch cannot be cut (a bound passed, a text too short), one line saying why."""
    try:
        result = batch_of_ids(ids, batch_size, block_size, seed)
    except ValueError as err:
        return (f'<p class="limit" id="batch-error">{escape(str(err))}. Type a longer text, choose a smaller '
                "B or T, or press Try the lesson's batch.</p>")
    config = GPTConfig()
    b, t, c = result["shape"]
    n = result["n_tokens"]
    return (
        f'<div class="shape-line"><span class="code">TokenEmbedding(GPTConfig())(x)</span>, x of shape ({b}, {t})'
        f'<br>→ shape <b class="shape" id="batch-shape">({b}, {t}, {c})</b> · dtype <b>float32</b></div>'
        + memory_table_html(b, t, config)
        + '<p class="note" id="batch-hover">Hover an id below: where it comes from in the text, and its row of E.</p>'
        + ids_html(result)
        + f'<p class="note">x: {b} window{"s" * (b != 1)} of {t:,} consecutive ids cut from this text\'s {n:,} GPT-2 '
        f"ids at random offsets, as nanoGPT's get_batch cuts them: <span class='code'>torch.randint({n} - {t}, "
        f"({b},))</span>, seed {seed}. No padding: every id is the text's own; the targets y are the same windows "
        "one id later, so a block of T needs T + 1 ids. The same id in two windows is the same row of E, wherever "
        "it stands: nothing knows positions yet (Lesson 3).</p>"
    )
