"""Values the suite used to take from the code it checks, pinned from outside it: the official
libraries' own output, the lesson's figures, torch's dtypes, arithmetic and literals written here.

Each test names the plausible one-line bug it catches (found by mutation testing, bench/mutation.py).
"""

from __future__ import annotations

import csv
import io
import json

import pytest
import torch
from bs4 import BeautifulSoup
from render_js import panel_html

from config import GPTConfig
from embeddings import TokenEmbedding
from playground import compare
from playground.lesson.examples import EXAMPLES_BY_KEY
from playground.lesson.lecture import answer_html
from playground.page.embedding_view import one_hot_html, plots_section, shape_html
from playground.page.export import tokens_csv, tokens_json

GPT2_INIT = "GPT-2: N(0, 0.02)"


@pytest.fixture(scope="module")
def scaffold_embedding() -> TokenEmbedding:
    return TokenEmbedding(GPTConfig())


def panel(text: str, name: str = "gpt2", **kwargs) -> str:
    [result] = compare(text, tokenizers=(name,))["tokenizers"]
    return panel_html(result, text, **kwargs)


def drawn_ids(html: str) -> list[int]:
    return [int(el["data-id"]) for el in BeautifulSoup(html, "html5lib").select(".tok")]


# Counts derived from input that already holds what is counted.

def test_only_new_replacement_characters_count_as_replaced_surrogates():
    """Bug caught: counting every U+FFFD of the cleaned text, the ones typed included."""
    result = compare("\ufffd typed, \ud800 lone, \ufffd typed")
    assert result["replaced_surrogates"] == 1
    assert result["text"] == "\ufffd typed, \ufffd lone, \ufffd typed"
    assert compare("\ufffd\ufffd")["replaced_surrogates"] == 0
    assert compare("\ud83d\ude00 and \udfff")["replaced_surrogates"] == 1  # a valid pair is joined, not replaced


def test_unknown_count_is_the_official_unknown_ids(official_bert, official_llama):
    """Bug caught: counting [UNK] from the text, or counting some other id."""
    text = "☃ [UNK] 𝔘nicode ⚗ snow"
    by = {t["name"]: t for t in compare(text)["tokenizers"]}
    expected = official_bert.encode(text, add_special_tokens=False).ids.count(official_bert.token_to_id("[UNK]"))
    assert expected == 3  # ☃, ⚗ and the word 𝔘nicode; the typed "[UNK]" is text, three pieces
    assert by["bert"]["unk_count"] == expected
    assert by["llama"]["unk_count"] == official_llama.encode(text).count(official_llama.unk_id()) == 0
    assert by["gpt2"]["unk_count"] == 0


# A note that must appear only when something was left out.

def tokens_of(count: int) -> str:
    """A text of exactly `count` GPT-2 tokens: "a" then " a" again and again (checked against tiktoken below)."""
    return "a" + " a" * (count - 1)


@pytest.mark.node
@pytest.mark.parametrize("count", [1000, 1001])
def test_drawing_note_only_when_tokens_were_left_out(count, official_gpt2):
    """Bug caught: `<=` for `<`: the note on a panel that shows every token."""
    text = tokens_of(count)
    assert len(official_gpt2.encode_ordinary(text)) == count
    html = panel(text)
    assert len(drawn_ids(html)) == min(count, 1000)
    note = f"Drawing the first 1,000 of {count:,} tokens; the counts above are for all of them."
    assert (note in html) == (count > 1000)
    assert "Drawing the first" in html if count > 1000 else "Drawing the first" not in html


def gpt2_tokens(count: int) -> list[dict]:
    [gpt2] = compare(tokens_of(count), tokenizers=("gpt2",))["tokenizers"]
    assert gpt2["count"] == count
    return gpt2["tokens"]


@pytest.mark.parametrize("n_all", [1024, 1025])
def test_block_size_note_only_past_block_size(n_all):
    """Bug caught: `>=` for `>`: "only the first 1,024 are embedded" for a text of exactly 1,024 tokens."""
    html = shape_html(n_all, gpt2_tokens(3), GPT2_INIT, GPTConfig())
    assert ("only the first 1,024 are embedded" in html) == (n_all > 1024)
    assert (f"This text has {n_all:,} GPT-2 tokens" in html) == (n_all > 1024)


@pytest.mark.parametrize("count", [64, 65])
def test_heatmap_note_only_past_its_rows(count):
    """Bug caught: `>=` for `>`: "the first 64 of 64 rows"."""
    html = plots_section(gpt2_tokens(count), GPT2_INIT)
    assert ("(the first 64 of" in html) == (count > 64)
    if count > 64:
        assert "(the first 64 of 65 rows)" in html


@pytest.mark.parametrize("count", [64, 65])
def test_one_hot_note_only_past_its_tokens(count):
    """Bug caught: `<=` for `<`: "(the first 64 of 64 tokens ...)"; the one-hot tensor's size from the dtype."""
    html = one_hot_html(gpt2_tokens(count), GPT2_INIT)
    assert ("the first 64 of" in html) == (count > 64)
    if count > 64:
        one_hot = 64 * 50257 * torch.finfo(torch.float32).bits // 8  # 12,865,792 bytes
        assert f"(the first 64 of 65 tokens: a one-hot tensor is {one_hot / 1e6:.1f} MB already)" in html


# Which id dtypes the lesson's scaffold accepts and refuses.

@pytest.mark.parametrize("dtype", [torch.int64, torch.int32])
def test_scaffold_accepts_the_integer_dtypes_nn_embedding_takes(dtype, scaffold_embedding):
    """Bug caught: refusing int32, which nn.Embedding itself indexes with."""
    embed = scaffold_embedding
    out = embed(torch.tensor([[15496, 995]], dtype=dtype))
    assert out.shape == (1, 2, 768) and out.dtype == torch.float32
    assert torch.equal(out[0], embed.weight.weight[[15496, 995]])


@pytest.mark.parametrize("dtype", [torch.int16, torch.int8, torch.uint8, torch.bool, torch.float16,
                                   torch.float32, torch.float64])
def test_scaffold_refuses_every_other_dtype_with_a_clear_error(dtype, scaffold_embedding):
    """Bug caught: a dtype list that lets uint8 or floats through to torch's own error (or a wrong row)."""
    with pytest.raises(ValueError, match=f"integer token ids .*got dtype {dtype}"):
        scaffold_embedding(torch.tensor([[1, 0]]).to(dtype))


def test_scaffold_range_check_is_exact_at_both_ends(scaffold_embedding):
    """Bug caught: `>` for `>=` at vocab_size, or a check that skips the lowest id."""
    embed = scaffold_embedding
    assert embed(torch.tensor([[0, 50256]])).shape == (1, 2, 768)
    with pytest.raises(ValueError, match=r"in \[0, 50257\), got ids from 0 to 50257"):
        embed(torch.tensor([[0, 50257]]))
    with pytest.raises(ValueError, match=r"got ids from -1 to 5"):
        embed(torch.tensor([[-1, 5]]))
    assert embed(torch.zeros((1, 0), dtype=torch.long)).shape == (1, 0, 768)  # no ids: nothing to check


# Exported columns.

def test_csv_index_counts_from_zero_within_each_tokenizer(official_gpt2, official_bert, official_llama):
    """Bug caught: enumerate(..., 1), or an index that runs on across tokenizers."""
    text = "Hello world, hello"
    rows = list(csv.DictReader(io.StringIO(tokens_csv(compare(text)))))
    by: dict[str, list[str]] = {}
    for row in rows:
        by.setdefault(row["tokenizer"], []).append(row["index"])
    counts = {"gpt2": len(official_gpt2.encode_ordinary(text)), "llama": len(official_llama.encode(text)),
              "bert": len(official_bert.encode(text, add_special_tokens=False).ids)}
    assert by == {name: [str(k) for k in range(n)] for name, n in counts.items()}
    assert by["gpt2"] == ["0", "1", "2", "3"]
    assert list(rows[0]) == ["tokenizer", "index", "id", "piece", "text", "start", "end", "bytes_hex", "partial",
                             "special", "undertrained_verdict", "undertrained_max_prob", "undertrained_indicator",
                             "count_comparable", "loss"]
    bert = next(row for row in rows if row["tokenizer"] == "bert")  # BERT lowercases: said, its count still comparable
    assert (bert["count_comparable"], bert["loss"]) == ("yes", "Lowercases: decodes to “hello world, hello”.")
    assert (rows[0]["count_comparable"], rows[0]["loss"]) == ("yes", "")
    assert [rows[0][k] for k in ("id", "piece", "text", "bytes_hex", "partial", "special", "undertrained_verdict")] == [
        "15496", "Hello", "Hello", "48 65 6C 6C 6F", "False", "False", ""]


def test_json_export_keeps_non_ascii_text_as_text():
    """Bug caught: ensure_ascii left on (the lesson's Hindi as \\u0928 escapes)."""
    text = EXAMPLES_BY_KEY["hindi"].text
    exported = tokens_json(compare(text))
    assert text in exported
    assert json.loads(exported)["text"] == text
    lines = tokens_json(compare("Hi", tokenizers=("gpt2",))).splitlines()  # indented a space a level
    assert lines[:3] == ["{", ' "text": "Hi",', ' "chars": 2,']


# A count of byte fragments.

def gpt2_fragments(text: str, official_gpt2) -> int:
    """Tokens whose bytes begin or end inside a character, from tiktoken's own token bytes."""
    boundaries, at = {0}, 0
    for ch in text:
        at += len(ch.encode("utf-8"))
        boundaries.add(at)
    count, at = 0, 0
    for token in official_gpt2.encode_ordinary(text):
        end = at + len(official_gpt2.decode_single_token_bytes(token))
        count += at not in boundaries or end not in boundaries
        at = end
    return count


@pytest.mark.parametrize("key", ["hindi", "mandarin"])
def test_byte_fragments_are_tokens_split_inside_a_character(key, official_gpt2):
    """Bug caught: counting every token with bytes, or whole-character tokens too."""
    text = EXAMPLES_BY_KEY[key].text
    result = compare(text)  # as the page asks: no special tokens
    items = {li["data-tokenizer"]: [b.get_text() for b in li.select("b")]
             for li in BeautifulSoup(answer_html(key, result), "html5lib").select("li[data-tokenizer]")}
    assert items["gpt2"][2] == str(gpt2_fragments(text, official_gpt2))
    assert items["bert"][2] == "0"  # WordPiece works on whole characters


def test_scaffold_errors_say_what_to_do_word_for_word(scaffold_embedding):
    """Bug caught: a hint lost or garbled; a student reads these."""
    cases = [
        ([[1, 2]], "TokenEmbedding expects a torch.Tensor of token ids, got list; wrap the ids: torch.tensor([ids])"),
        (torch.tensor([[1.0]]), "TokenEmbedding expects integer token ids (torch.int64), got dtype torch.float32; "
                                "token ids are row numbers, not values: use torch.tensor(ids, dtype=torch.long)"),
        (torch.tensor([1, 2]), "TokenEmbedding expects shape (B, T), got (2,); for one sequence of ids use "
                               "torch.tensor([ids]), shape (1, T)"),
        (torch.tensor([[0, 50257]]), "token ids must be in [0, 50257), got ids from 0 to 50257"),
    ]
    for idx, message in cases:
        with pytest.raises(ValueError) as raised:
            scaffold_embedding(idx)
        assert str(raised.value) == message
