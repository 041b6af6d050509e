"""The lesson's batch, proved: offsets as nanoGPT's own get_batch draws them, windows of the official GPT-2 ids,
rows of the (B, T, 768) tensor as the lesson's TokenEmbedding makes them, and memory as the lesson counts it.
Expected values come from torch, tiktoken and the scaffold's class, or are the lesson's figures."""

from __future__ import annotations

import json

import gradio as gr
import pytest
import torch
from bs4 import BeautifulSoup

from config import GPTConfig
import render_js
from conftest import ROOT, synchronous
from embeddings import TokenEmbedding
from playground import batch
from playground.__main__ import main
from playground.lesson.batch import batch_embeddings, gpt2_ids
from playground.lesson.embedding import INITS, embedding_table
from playground.page import handlers
from playground.page.colors import token_color

GPT2_INIT = next(iter(INITS))
FLORES_ENGLISH = "\n".join((ROOT / "assets" / "flores200-dev-200" / "eng_Latn.txt").read_text(encoding="utf-8").splitlines())
SHORT = "The cat sat on the mat, and the dog sat on the log. The cat saw the dog."


def nanogpt_get_batch(data: list[int], batch_size: int, block_size: int, seed: int) -> tuple[list[int], list]:
    """nanoGPT's train.py get_batch, as written there (the global generator, seeded by torch.manual_seed), on a
    list of ids: (ix, x)."""
    with torch.random.fork_rng(devices=[]):  # the test's own draw leaves the global state as it found it
        torch.manual_seed(seed)
        ix = torch.randint(len(data) - block_size, (batch_size,))
    x = torch.stack([torch.tensor(data[i:i + block_size], dtype=torch.int64) for i in ix])
    return ix.tolist(), x.tolist()


@pytest.mark.parametrize("text, b, t, seed", [(SHORT, 4, 6, 0), (SHORT, 3, 1, 7), (FLORES_ENGLISH, 32, 1024, 0),
                                              (FLORES_ENGLISH, 64, 1024, 1337), (FLORES_ENGLISH, 5, 100, 2**31 - 1)])
def test_windows_are_nanogpts_get_batch_of_the_official_ids(official_gpt2, text, b, t, seed):
    ids = official_gpt2.encode_ordinary(text)
    ix, x = nanogpt_get_batch(ids, b, t, seed)
    result = batch(text, b, t, seed)
    assert result["offsets"] == ix and result["ids"] == x
    assert result["shape"] == [b, t, 768] and result["n_tokens"] == len(ids)
    assert all(0 <= i < len(ids) - t for i in result["offsets"])


def test_a_few_offsets_known_by_hand():
    """Seeds 0 and 1 draw different offsets; the same seed, the same ones (on any machine: torch's mt19937)."""
    assert batch(SHORT, 4, 6, 0) == batch(SHORT, 4, 6, 0)
    assert batch(SHORT, 4, 6, 0)["offsets"] != batch(SHORT, 4, 6, 1)["offsets"]
    assert batch("a b c", 3, 2, 5)["offsets"] == [0, 0, 0]  # 3 ids, T = 2: randint(1) has only 0 to give


def test_the_global_generator_is_untouched():
    torch.manual_seed(42)
    expected = torch.rand(4)
    torch.manual_seed(42)
    batch(SHORT, 8, 4, 3)
    assert torch.equal(torch.rand(4), expected)


def test_each_row_of_the_tensor_is_token_embedding_of_its_window():
    result = batch(FLORES_ENGLISH, 6, 50, 11)
    out = batch_embeddings(result["ids"], GPT2_INIT)  # (B, T, 768)
    assert list(out.shape) == result["shape"] and out.dtype == torch.float32
    table = embedding_table(GPT2_INIT)
    assert type(table) is TokenEmbedding  # the scaffold's own class, from embeddings.py
    for b, window in enumerate(result["ids"]):
        with torch.inference_mode():
            alone = table(torch.tensor([window]))  # (1, T, 768): the lesson's call on one window
        assert torch.equal(out[b], alone[0])
        assert torch.equal(out[b], table.weight.weight[torch.tensor(window)])  # rows of E, indexed directly
    # And the scaffold's class with weights of its own (not the playground's table): batch rows = window rows.
    with torch.random.fork_rng(devices=[]):
        torch.manual_seed(0)
        fresh = TokenEmbedding(GPTConfig())
    with torch.no_grad():
        whole = fresh(torch.tensor(result["ids"]))
        assert all(torch.equal(whole[b], fresh(torch.tensor([w]))[0]) for b, w in enumerate(result["ids"]))


def test_the_same_id_in_two_windows_gives_the_same_row():
    result = batch(FLORES_ENGLISH, 8, 64, 0)
    out = batch_embeddings(result["ids"], GPT2_INIT)
    places = [(b, t) for b, window in enumerate(result["ids"]) for t, i in enumerate(window) if i == 262]  # " the"
    elsewhere = [(p, q) for p in places for q in places if p[0] != q[0] and p[1] != q[1]]
    assert elsewhere, "' the' should recur in two windows at two positions"
    for (b1, t1), (b2, t2) in elsewhere:
        assert torch.equal(out[b1, t1], out[b2, t2])  # no position in it yet (Lesson 3)
    other = next((b, t) for b, w in enumerate(result["ids"]) for t, i in enumerate(w) if i != 262)
    assert not torch.equal(out[other], out[places[0]])


def test_the_lessons_memory_figures():
    """The lesson's (32, 1024): one-hot (32, 1024, 50257) and dense (32, 1024, 768) float32, ids int64."""
    result = batch(FLORES_ENGLISH, 32, 1024, 0)
    assert result["one_hot_bytes"] == 6_587_285_504
    assert result["dense_bytes"] == 100_663_296
    assert result["ids_bytes"] == 262_144  # 32 x 1024 x 8, by hand


def test_memory_is_elements_times_element_size_of_the_real_tensors():
    result = batch(SHORT, 3, 5, 2)
    x = torch.tensor(result["ids"])  # (B, T) int64, as nn.Embedding takes it
    one_hot = torch.nn.functional.one_hot(x, 50257).to(torch.float32)
    dense = batch_embeddings(result["ids"], GPT2_INIT)
    assert result["ids_bytes"] == x.numel() * x.element_size() == 120
    assert result["one_hot_bytes"] == one_hot.numel() * one_hot.element_size() == 3_015_420
    assert result["dense_bytes"] == dense.numel() * dense.element_size() == 46_080


def test_a_text_too_short_says_so_in_one_line(official_gpt2):
    text = "a b c d e f g h i j k l"
    assert len(official_gpt2.encode_ordinary(text)) == 12
    with pytest.raises(ValueError) as err:
        batch(text, 1, 16)
    assert str(err.value).startswith("the text has 12 tokens: a block of 16 needs at least 17")
    assert "\n" not in str(err.value)
    with pytest.raises(ValueError, match="the text has 12 tokens: a block of 12 needs at least 13"):
        batch(text, 1, 12)  # T ids are not enough: the targets need one more
    assert batch(text, 2, 11)["ids"] == [official_gpt2.encode_ordinary(text)[:11]] * 2  # T + 1: one offset, 0
    with pytest.raises(ValueError, match="the text has 0 tokens"):
        batch("", 1, 1)


@pytest.mark.parametrize("b, t, seed, name", [
    (0, 8, 0, "batch_size"), (65, 8, 0, "batch_size"), (True, 8, 0, "batch_size"), (2.0, 8, 0, "batch_size"),
    ("2", 8, 0, "batch_size"), (None, 8, 0, "batch_size"), (2, 0, 0, "block_size"), (2, 1025, 0, "block_size"),
    (2, 8, -1, "seed"), (2, 8, 2**31, "seed"), (2, 8, 0.5, "seed"),
])
def test_bounds_are_refused_with_what_is_allowed(b, t, seed, name):
    with pytest.raises(ValueError, match=f"^{name} must be a whole number from"):
        batch(FLORES_ENGLISH, b, t, seed)


def test_the_largest_batch_allowed():
    assert batch(FLORES_ENGLISH, 64, 1024, 0)["shape"] == [64, 1024, 768]


def test_batch_api_answers_playground_batch_and_refuses_clearly():
    batch_api = synchronous(handlers.batch_api)
    assert batch_api(SHORT, 3, 4, 9) == batch(SHORT, 3, 4, 9)
    assert batch_api(FLORES_ENGLISH, 32, 1024) == batch(FLORES_ENGLISH, 32, 1024, 0)  # a long text: in the worker
    with pytest.raises(gr.Error, match="the text has 2 tokens: a block of 8 needs at least 9"):
        batch_api("Hello world")
    with pytest.raises(gr.Error, match="block_size must be a whole number from 1 to 1,024"):
        batch_api(SHORT, 1, 2048)
    with pytest.raises(gr.Error, match="text must be a string"):
        batch_api(None, 1, 1)


def test_cli_batch(capsys, official_gpt2):
    assert main(["--batch", "3,4", "--seed", "9", "--json", SHORT]) == 0
    assert json.loads(capsys.readouterr().out) == batch(SHORT, 3, 4, 9)
    assert main(["--batch", "2,5", SHORT]) == 0
    out = capsys.readouterr().out
    result = batch(SHORT, 2, 5, 0)
    assert "TokenEmbedding(GPTConfig())(x) has shape (2, 5, 768)" in out
    assert " ".join(map(str, result["ids"][0])) in out and " ".join(map(str, result["ids"][1])) in out
    assert "the lesson's (32, 1024): 6,587,285,504" in out
    assert main(["--batch", "1,16", "Hello world"]) == 2
    assert capsys.readouterr().err.strip().splitlines() == [
        "python -m playground: the text has 2 tokens: a block of 16 needs at least 17 "
        "(its targets are the same window one id later)"]


@pytest.mark.node
def test_the_json_downloads_batch_is_the_boxes_batch():
    """batch.js's batchOf, which the JSON download carries: the boxes' strings, torch's offsets, or why not."""
    assert render_js.call("batchOf", gpt2_ids(SHORT), ["3", "4", "2"]) == batch(SHORT, 3, 4, 2)
    assert render_js.call("batchOf", [15496, 995], ["1", "8", "0"]) == {
        "error": "the text has 2 tokens: a block of 8 needs at least 9 (its targets are the same window one id later)"}


def drawn_rows(html: str) -> list[tuple[int, list[int], list[str]]]:
    """(offset, ids, light colours) of each row of #batch-ids."""
    grid = BeautifulSoup(html, "html5lib").select_one("#batch-ids")
    return [(int(row["data-offset"]), [int(i["data-id"]) for i in row.select("i")],
             [i["style"].split(";")[0].removeprefix("--l:") for i in row.select("i")])
            for row in grid.select(".batch-row")]


@pytest.mark.node
@pytest.mark.parametrize("b, t", [(3, 6), (32, 1024)])
def test_the_page_draws_every_window_in_gpt2s_colours(b, t):
    html = render_js.batch_html(gpt2_ids(FLORES_ENGLISH), b, t, 5)
    result = batch(FLORES_ENGLISH, b, t, 5)
    rows = drawn_rows(html)
    assert [(offset, ids) for offset, ids, _ in rows] == list(zip(result["offsets"], result["ids"]))
    assert all(colours == [token_color("gpt2", i) for i in ids] for _, ids, colours in rows)
    soup = BeautifulSoup(html, "html5lib")
    assert soup.select_one("#batch-shape").get_text() == f"({b}, {t}, 768)"
    table = soup.select_one("table.batch-memory").get_text(" ")
    assert "6,587,285,504 bytes" in table and "100,663,296 bytes" in table  # the lesson's, always beside
    shown = [i.get_text() for i in soup.select("#batch-ids i")]
    assert shown == ([str(i) for w in result["ids"] for i in w] if t <= 32 else [""] * (b * t))  # ids, or strips


@pytest.mark.node
def test_the_page_says_why_no_batch_is_drawn():
    html = render_js.batch_html([15496, 995], 4, 8, 0)  # "Hello world"
    assert BeautifulSoup(html, "html5lib").select_one("#batch-error").get_text().startswith(
        "the text has 2 tokens: a block of 8 needs at least 9")
    ids = gpt2_ids(SHORT)
    assert "batch_size must be a whole number from 1 to 64" in render_js.batch_html(ids, 0, 8, 0)  # an empty box
    assert "block_size must be a whole number" in render_js.batch_html(ids, 1, 8.5, 0)


def test_the_lessons_button_gives_a_text_long_enough_for_the_lessons_batch():
    text, example, b, t, note = handlers.lessons_batch()
    assert (b, t, example) == (32, 1024, "") and text == FLORES_ENGLISH
    assert BeautifulSoup(note, "html5lib").get_text() == (
        "The text box now holds the lesson's batch text, the 200 English FLORES-200 sentences (26,124 characters), "
        "in place of your text. Put my text back")
    assert batch(text, b, t)["n_tokens"] == 5_613
