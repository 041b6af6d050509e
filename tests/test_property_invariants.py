"""Properties that hold for any text, checked on generated text against the official libraries and
torch's own dtypes: spans tile the text, the tokens' bytes spell it, counts are what is drawn and
exported, and every memory figure is elements x bytes per element."""

from __future__ import annotations

import csv
import io
import json
import math
from bisect import bisect_left, bisect_right

import pytest
import torch
from bs4 import BeautifulSoup
from hypothesis import given, settings
from hypothesis import strategies as st
from render_js import panel_html
from test_properties import any_text

from playground import compare
from playground.lesson.embedding import memory_rows, one_hot_check
from playground.page.export import tokens_csv, tokens_json

BYTE_LEVEL = ("gpt2", "gpt4", "gpt4o", "llama3", "llama", "mistral", "gemma")
FLOAT32_BYTES = torch.tensor([], dtype=torch.float32).element_size()  # from torch, not from the code


def char_boundaries(text: str) -> list[int]:
    """The byte offset where each character starts, and the total: by encoding one character at a time."""
    offsets = [0]
    for ch in text:
        offsets.append(offsets[-1] + len(ch.encode("utf-8")))
    return offsets


@settings(deadline=None, max_examples=30)
@given(text=any_text)
def test_byte_level_spans_tile_the_text_exactly(text):
    """Each token covers the characters its bytes touch: no gap, no overlap but a shared character,
    and a span starts or ends mid-character exactly when the token is partial."""
    result = compare(text, tokenizers=BYTE_LEVEL)
    clean = result["text"]
    for tok in result["tokenizers"]:
        # SentencePiece reads a typed "▁" as a space: its tokens' bytes spell the text with " " for "▁".
        spelled = clean.replace("\u2581", " ") if tok["name"] in ("llama", "mistral", "gemma") else clean
        boundaries = char_boundaries(spelled)
        data = b"".join(bytes.fromhex(t["bytes_hex"]) for t in tok["tokens"])
        skip = len(data) - len(spelled.encode("utf-8"))  # Llama's and Mistral's dummy-prefix space
        assert skip in (0, 1) and data[skip:] == spelled.encode("utf-8")
        at = -skip
        for t in tok["tokens"]:
            first, end = max(at, 0), max(at + len(bytes.fromhex(t["bytes_hex"])), 0)
            # The character holding the first byte, and one past the character holding the last.
            start_char = min(bisect_right(boundaries, first) - 1, len(clean))
            end_char = bisect_left(boundaries, end)
            assert (t["start"], t["end"]) == (start_char, max(end_char, start_char)), t
            assert t["partial"] == (first not in boundaries or end not in boundaries), t
            at += len(bytes.fromhex(t["bytes_hex"]))
        covered = sorted({k for t in tok["tokens"] for k in range(t["start"], t["end"])})
        assert covered == list(range(len(clean)))


@settings(deadline=None, max_examples=30)
@given(text=any_text)
def test_bert_spans_are_in_order_and_leave_out_only_what_bert_drops(text, official_bert):
    """WordPiece works on whole characters (a Hangul syllable decomposes into several pieces over one
    character); a character no token covers is one BERT itself drops (spaces, controls, accents alone)."""
    result = compare(text, tokenizers=("bert",))
    clean, [bert] = result["text"], result["tokenizers"]
    starts = [t["start"] for t in bert["tokens"]]
    assert starts == sorted(starts)
    for t in bert["tokens"]:
        assert t["end"] > t["start"] and t["text"] == clean[t["start"]:t["end"]] and not t["partial"]
    covered = {k for t in bert["tokens"] for k in range(t["start"], t["end"])}
    for k, ch in enumerate(clean):
        if k not in covered:
            assert official_bert.encode(ch, add_special_tokens=False).ids == [], (k, ch)


@settings(deadline=None, max_examples=50)
@given(text=any_text)
def test_each_tokens_bytes_are_the_official_ones_and_decode_in_order_to_the_text(text, official_gpt2, official_llama):
    result = compare(text, tokenizers=("gpt2", "llama"))
    clean = result["text"]
    gpt2, llama = result["tokenizers"]
    assert [bytes.fromhex(t["bytes_hex"]) for t in gpt2["tokens"]] == [
        official_gpt2.decode_single_token_bytes(i) for i in official_gpt2.encode_ordinary(clean)]
    assert b"".join(bytes.fromhex(t["bytes_hex"]) for t in gpt2["tokens"]).decode("utf-8") == clean
    # SentencePiece: a byte piece "<0xE0>" is that byte; any other piece is its text with "▁" as a space.
    pieces = official_llama.encode(clean, out_type=str)
    assert [t["piece"] for t in llama["tokens"]] == pieces
    official_bytes = b"".join(bytes([int(p[3:5], 16)]) if p.startswith("<0x") and len(p) == 6
                              else p.replace("\u2581", " ").encode("utf-8") for p in pieces)
    assert b"".join(bytes.fromhex(t["bytes_hex"]) for t in llama["tokens"]) == official_bytes
    assert official_bytes.decode("utf-8") == (" " + clean.replace("\u2581", " ") if clean else "")


def stat(html: str, label: str, required: bool = True) -> str | None:
    """The figure shown before `label` under a panel's title ("12 tokens"); a line of words (the loss line, "1 of 2
    tokens is [UNK]") is no figure."""
    for cell in BeautifulSoup(html, "html.parser").select(".stats .stat"):
        if cell.b and cell.get_text(" ", strip=True).endswith(" " + label):
            return cell.b.get_text()
    if required:
        raise AssertionError(f"no {label} figure")
    return None


@pytest.mark.node
@settings(deadline=None, max_examples=20)
@given(text=any_text, special=st.booleans())
def test_counts_are_the_lengths_of_what_is_drawn_and_exported(text, special, official_gpt2, official_bert,
                                                              official_llama):
    result = compare(text, special)
    clean = result["text"]
    ids = {"gpt2": official_gpt2.encode_ordinary(clean), "bert": official_bert.encode(clean).ids if special
           else official_bert.encode(clean, add_special_tokens=False).ids,
           "llama": ([1] if special else []) + official_llama.encode(clean)}
    rows = list(csv.DictReader(io.StringIO(tokens_csv(result))))
    exported = json.loads(tokens_json(result))
    for tok, back in zip(result["tokenizers"], exported["tokenizers"]):
        n = len(ids[tok["name"]])
        html = panel_html(tok, clean)
        soup = BeautifulSoup(html, "html.parser")
        assert tok["count"] == n and stat(html, "token" + "s" * (n != 1)) == f"{n:,}"
        assert stat(html, "char" + "s" * (len(clean) != 1)) == f"{len(clean):,}"
        assert len(soup.select(".tok")) == min(n, 1000)
        assert [int(el["data-id"]) for el in soup.select(".tok")] == ids[tok["name"]][:1000]
        assert [int(r["id"]) for r in rows if r["tokenizer"] == tok["name"]] == ids[tok["name"]]
        assert back["count"] == len(back["ids"]) == len(back["tokens"]) == n
        unknown = ids[tok["name"]].count(100) if tok["name"] == "bert" else 0
        shown = stat(html, "[UNK]" if tok["name"] == "bert" else "unknown", required=False)
        if shown is None:  # a panel whose text is lost says so in words in place of "0 [UNK]"; never hides a count
            assert unknown == 0 and soup.select(".stats .stat.loss"), html
        else:
            assert shown == f"{unknown:,}"


@settings(deadline=None, max_examples=50)
@given(n_tokens=st.integers(0, 1024))
def test_every_memory_figure_is_elements_times_the_dtypes_bytes(n_tokens):
    rows = memory_rows(n_tokens)
    assert [r.shape for r in rows] == [(1, n_tokens, 50257), (1, n_tokens, 768), (32, 1024, 50257),
                                       (32, 1024, 768), (50257, 768)]
    for row in rows:
        assert row.n_bytes == math.prod(row.shape) * FLOAT32_BYTES
        assert row.n_bytes == math.prod(row.shape) * torch.finfo(torch.float32).bits // 8


@settings(deadline=None, max_examples=5)
@given(ids=st.lists(st.integers(0, 50256), min_size=1, max_size=80))
def test_the_one_hot_check_counts_the_bytes_of_the_tensors_it_built(ids):
    check = one_hot_check(ids, "GPT-2: N(0, 0.02)")
    t = min(len(ids), 64)
    one_hot = torch.nn.functional.one_hot(torch.tensor([ids[:64]]), 50257).to(torch.float32)
    assert check.n_tokens == t
    assert check.one_hot_bytes == one_hot.numel() * one_hot.element_size() == t * 50257 * FLOAT32_BYTES
    assert check.lookup_bytes == t * 768 * FLOAT32_BYTES
    assert check.equals_lookup
