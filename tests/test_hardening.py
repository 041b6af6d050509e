"""The promises a classroom server makes, each tested so that breaking it fails a test.

Expected values are literals or come from an independent oracle (a naive loop, the standard
library, html5lib's parse), never from the code under test.
"""

from __future__ import annotations

import base64
import random
import tracemalloc
import unicodedata
import zlib

import gradio as gr
import numpy as np
import pytest
import torch
from bs4 import BeautifulSoup
from hypothesis import given, settings
from hypothesis import strategies as st
from test_properties import any_text

from conftest import panels_html, synchronous
from playground import compare
from playground.lesson import embedding
from playground.page import work
from playground.page.plots import plot_or_error
from playground.page import handlers

compare_api, update_embedding = synchronous(handlers.compare_api), synchronous(handlers.update_embedding)
example_answer = synchronous(handlers.example_answer)
from playground.tokenizers import assets
from playground.tokenizers.bert import BertTokenizer
from playground.tokenizers.gpt2 import GPT2Tokenizer
from playground.tokenizers.sentencepiece_bpe import LlamaTokenizer
from playground.tokenizers.spans import char_byte_starts

GPT2_INIT = "GPT-2: N(0, 0.02)"

# --- every tokenizer checks its files -------------------------------------------------------


@pytest.mark.parametrize("family, name", [
    (GPT2Tokenizer, "gpt2/vocab.bpe"), (GPT2Tokenizer, "gpt2/encoder.json"),
    (BertTokenizer, "bert-base-uncased/vocab.txt"), (LlamaTokenizer, "llama-2/tokenizer.model"),
])
def test_every_tokenizer_refuses_a_tampered_file(assets_copy, family, name):
    data = bytearray((assets_copy / name).read_bytes())
    data[len(data) // 2] ^= 1  # one bit, in the middle: the file still parses
    (assets_copy / name).write_bytes(bytes(data))
    with pytest.raises(assets.AssetError, match="is not the official one"):
        family()


# --- the global random state is the students' own ----------------------------------------


def test_building_and_using_the_tables_leaves_every_global_rng_alone(monkeypatch):
    monkeypatch.setattr(embedding, "_tables", {})  # build the tables afresh in this test
    torch.manual_seed(7), random.seed(7), np.random.seed(7)
    before = torch.get_rng_state(), random.getstate(), np.random.get_state()[1].copy()
    for init in embedding.INITS:
        embedding.embed([15496, 995], init)
    after = torch.get_rng_state(), random.getstate(), np.random.get_state()[1]
    assert torch.equal(before[0], after[0]) and before[1] == after[1] and (before[2] == after[2]).all()


# --- UTF-8 length boundaries ---------------------------------------------------------------

BOUNDARIES = {  # character: its UTF-8 bytes, as the standard spells them
    "\u007f": "7F", "\u0080": "C2 80", "\u07ff": "DF BF", "\u0800": "E0 A0 80",
    "\uffff": "EF BF BF", "\U00010000": "F0 90 80 80", "\U0010ffff": "F4 8F BF BF",
}


def test_char_byte_starts_at_each_boundary():
    assert char_byte_starts("a\u007f\u0080\u07ff\u0800\uffff\U00010000\U0010ffff").tolist() == [
        0, 1, 2, 4, 6, 9, 12, 16, 20]


def naive_spans(text: str, token_bytes: list[bytes], skip: int) -> list[tuple[int, int]]:
    """The oracle: walk the characters one by one, counting their bytes."""
    owner = []  # owner[b] = index of the character holding byte b
    for index, ch in enumerate(text):
        owner += [index] * len(ch.encode("utf-8"))
    spans, at = [], -skip
    for data in token_bytes:
        first, last = at, at + len(data) - 1
        at += len(data)
        if last < 0:
            spans.append((0, 0))
        else:
            spans.append((owner[max(first, 0)], owner[last] + 1))
    return spans


@pytest.mark.parametrize("ch", list(BOUNDARIES))
@pytest.mark.parametrize("name", ["gpt2", "llama"])
def test_byte_level_spans_at_each_boundary(name, ch):
    text = f"x{ch} {ch}{ch}y"
    tok = {t["name"]: t for t in compare(text)["tokenizers"]}[name]
    data = [bytes.fromhex(t["bytes_hex"]) for t in tok["tokens"]]
    skip = 1 if name == "llama" else 0  # Llama's dummy-prefix space
    assert b"".join(data)[skip:] == text.encode("utf-8")
    assert b"".join(data)[skip:].hex(" ").upper().count(BOUNDARIES[ch]) == 3
    assert [(t["start"], t["end"]) for t in tok["tokens"]] == naive_spans(text, data, skip)
    for k, (t, d) in enumerate(zip(tok["tokens"], data)):
        if t["partial"]:  # part of a character: its bytes are no UTF-8 on their own
            with pytest.raises(UnicodeDecodeError):
                d.decode("utf-8", "strict")
        else:  # whole characters: its bytes spell exactly its text (Llama's first also the dummy space)
            assert d.decode("utf-8", "strict")[skip if k == 0 else 0:] == t["text"]


# --- the panels' HTML is exactly the structure the renderer means ---------------------------

BREAKERS = ['"', "'", '">', "<!--", "-->", "</", "</span>", "<b>", "&amp;", "&", "<script>", "=", "`"]
breaking_text = st.lists(st.one_of(st.sampled_from(BREAKERS), any_text), min_size=1, max_size=8).map("".join)
PANEL_TAGS = {"div", "h3", "span", "b", "p", "q", "br"}  # br: a newline's line break, beside its token
TOK_ATTRIBUTES = {"class", "data-id", "data-start", "data-end", "data-tip", "style"}


@pytest.mark.node
@settings(deadline=None)
@given(text=breaking_text, mark_whitespace=st.booleans())
def test_panel_markup_survives_attribute_breaking_text(text, mark_whitespace):
    panels = panels_html(text, mark_whitespace, "text", False)
    result = compare(text)
    for panel, tok in zip(panels, result["tokenizers"]):
        soup = BeautifulSoup(panel, "html5lib").body  # parsed as a browser parses it
        assert {el.name for el in soup.find_all(True)} <= PANEL_TAGS
        toks = soup.select(".tok")
        assert [int(el["data-id"]) for el in toks] == tok["ids"][:1000]
        for el, t in zip(toks, tok["tokens"]):
            # A block whose label draws nothing (a zero-width joiner alone) names its code points for the eye.
            drawn = el.get_text()
            unseen = drawn and all(unicodedata.category(c) == "Cf" or "\ufe00" <= c <= "\ufe0f" or c == "\u034f"
                                   for c in drawn)
            assert set(el.attrs) == TOK_ATTRIBUTES | ({"data-mark"} if unseen else set())
            if unseen:
                assert el["data-mark"] == " ".join(f"U+{ord(c):04X}" for c in drawn)
            assert (int(el["data-start"]), int(el["data-end"])) == (t["start"], t["end"])
            assert el["data-tip"].startswith(f"id {t['id']}\n") and "vocabulary: " in el["data-tip"].split("\n")[1]
            if not tok["normalizes"] and not t["partial"] and not mark_whitespace and t["text"]:
                # a token is one block: its newlines break the line beside it, not inside it
                assert el.get_text() == as_parsed(result["text"][t["start"]:t["end"]]).replace("\n", "")


def as_parsed(text: str) -> str:
    """What an HTML parser makes of text in a body: CR and CRLF become LF (input preprocessing), NUL is dropped."""
    return text.replace("\r\n", "\n").replace("\r", "\n").replace("\x00", "")


# --- each toggle, in every kind of segment -------------------------------------------------


def soup_of(panel: str):
    return BeautifulSoup(panel, "html5lib")


@pytest.mark.node
def test_whitespace_toggle_in_tokens_gaps_and_byte_groups():
    text = "a b\t न"  # GPT-2: " न" is a space and a Devanagari letter split into byte tokens
    gpt2, bert, _ = panels_html(text, True, "text", False)
    gpt2_off, bert_off, _ = panels_html(text, False, "text", False)
    assert [t.get_text() for t in soup_of(gpt2).select(".toks > .tok")] == ["a", "·b", "→"]
    assert [t.get_text() for t in soup_of(gpt2_off).select(".toks > .tok")] == ["a", " b", "\t"]
    assert soup_of(gpt2).select_one(".group-char").get_text() == "·न"
    assert soup_of(gpt2_off).select_one(".group-char").get_text() == " न"
    assert [g.get_text() for g in soup_of(bert).select(".gap")] == ["·", "→·"]  # BERT drops whitespace
    assert [g.get_text() for g in soup_of(bert_off).select(".gap")] == [" ", "\t "]


@pytest.mark.node
def test_ids_toggle_in_tokens_and_byte_groups():
    gpt2, _, llama = panels_html("a न😀", True, "ids", False)
    expected = {t["name"]: t["ids"] for t in compare("a न😀")["tokenizers"]}
    for panel, name in ((gpt2, "gpt2"), (llama, "llama")):
        soup = soup_of(panel)
        assert [t.get_text() for t in soup.select(".tok")] == [str(i) for i in expected[name]]
        assert soup.select(".group") == []  # ids are drawn flat: no character above byte chips


@pytest.mark.node
def test_special_toggle_reaches_every_tokenizer_that_has_special_tokens():
    gpt2, bert, llama = panels_html("Hi", True, "text", True)
    assert [t.get_text() for t in soup_of(bert).select(".tok.special")] == ["[CLS]", "[SEP]"]
    assert [t.get_text() for t in soup_of(llama).select(".tok.special")] == ["<s>"]
    assert soup_of(gpt2).select(".tok.special") == []


# --- share links ---------------------------------------------------------------------------


def pack(text: str) -> str:
    """What the page's Copy button makes: raw DEFLATE, base64url, no padding."""
    deflate = zlib.compressobj(9, zlib.DEFLATED, -15)
    data = deflate.compress(text.encode("utf-8")) + deflate.flush()
    return base64.urlsafe_b64encode(data).decode("ascii").rstrip("=")


def test_packing_fits_ten_times_more_than_plain_text():
    hindi = "नमस्ते, आप कैसे हैं? मैं हिंदी में लिख रहा हूँ। " * 200
    plain = len("text=") + len(hindi.encode("utf-8")) * 3  # every byte percent-encoded: %E0
    assert plain / len(pack(hindi)) > 10


# --- plots: labels are text, failures are said --------------------------------------------


@pytest.mark.parametrize("text", ["$$", "costs $5 and $10", r"$\frac{a}{b}$ and $x^2", "$_$ ^ \\"])
def test_dollar_signs_and_tex_in_labels_are_drawn_as_text(text):
    head, _, heatmap = update_embedding(text, GPT2_INIT)
    assert "plot-error" not in heatmap
    assert BeautifulSoup(heatmap, "html5lib").select_one("img.plot")["src"].startswith("data:image/png;base64,")


def test_a_failed_plot_says_so_in_its_place():
    def broken(*args):
        raise RuntimeError("matplotlib says no to 'secret text'")

    html = plot_or_error(broken, "anything")
    assert "could not be drawn (RuntimeError)" in html and "secret" not in html and "<img" not in html


# --- clear errors, quoting little ----------------------------------------------------------


@pytest.mark.parametrize("call, message", [
    (lambda: compare_api(None), "text must be a string, got NoneType None"),
    (lambda: compare_api(["A" * 1000]), "text must be a string, got list ['AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA…"),
    (lambda: compare_api("hi", 1), "special must be true or false, got int 1"),
    (lambda: example_answer("hi", "bogus" * 100, "gpt2", "bert", "llama"), "example must be one of 'code', 'magikarp', "),
    (lambda: update_embedding("hi", "N(0, 5)"), "init must be one of 'GPT-2: N(0, 0.02)', 'PyTorch default: N(0, 1)'"),
])
def test_bad_values_get_a_short_clear_error(call, message):
    with pytest.raises(gr.Error) as err:
        call()
    assert str(err.value.message).startswith(message)
    assert len(err.value.message) < 160
    assert err.value.print_exception is False  # never printed to the server's log


# --- big answers stay small ----------------------------------------------------------------


def test_the_api_packs_big_answers_and_they_unpack_to_the_full_columns():
    text = "😀 hello " * 2_000
    answer = compare_api(text)
    full = compare(text)
    assert answer["packed"] is True
    for sent, whole in zip(answer["tokenizers"], full["tokenizers"]):
        for column in ("ids", "starts", "ends"):
            assert list(map(int, sent[column].split())) == whole[column]
        assert sent["count"] == whole["count"] and len(sent["tokens"]) == min(1000, whole["count"])
        assert sent["tokens"] == whole["tokens"][:1000]


def test_small_answers_are_plain_lists():
    answer = compare_api("Hello world")
    assert answer["packed"] is False
    assert [t["ids"] for t in answer["tokenizers"]] == [[15496, 995], [7592, 2088], [15043, 3186]]


def test_the_cache_counts_a_result_at_about_what_it_holds():
    """result_bytes (what the byte-sized cache charges) against tracemalloc's measure."""
    text = ("def f(x):\n    return x  # नमस्ते 你好 😀 1234567890\n" * 60)[:4000]
    compare("warm")
    tracemalloc.start()
    result = compare(text, token_limit=1000)
    held, _ = tracemalloc.get_traced_memory()
    tracemalloc.stop()
    assert 0.5 < work.result_bytes(result) / held < 2, (work.result_bytes(result), held)
