"""The lesson's scaffold: config.py, tokenizer.py, embeddings.py, smoke_test.py."""

from __future__ import annotations

import subprocess
import sys

import pytest
import torch
from conftest import ROOT

from config import GPTConfig
from embeddings import TokenEmbedding
from tokenizer import decode, encode, vocab_size


def test_config_is_gpt2_small():
    c = GPTConfig()
    assert (c.block_size, c.vocab_size, c.n_layer, c.n_head, c.n_embd) == (1024, 50257, 12, 12, 768)


def test_tokenizer_known_answers():
    assert encode("Hello world") == [15496, 995]
    assert decode([15496, 995]) == "Hello world"
    assert vocab_size() == 50257


def test_tokenizer_is_tiktokens_gpt2(official_gpt2):
    """Byte for byte the encoding tiktoken.get_encoding("gpt2") builds."""
    import tokenizer

    ours = tokenizer._enc
    assert ours._mergeable_ranks == official_gpt2._mergeable_ranks
    assert ours._pat_str == official_gpt2._pat_str
    assert ours._special_tokens == official_gpt2._special_tokens == {"<|endoftext|>": 50256}
    assert ours.n_vocab == official_gpt2.n_vocab == 50257


def test_endoftext_typed_in_text_is_ordinary_text():
    ids = encode("a<|endoftext|>b")
    assert 50256 not in ids
    assert ids == [64, 27, 91, 437, 1659, 5239, 91, 29, 65]
    assert decode(ids) == "a<|endoftext|>b"


def test_embedding_shape_dtype_params():
    embed = TokenEmbedding(GPTConfig())
    out = embed(torch.tensor([[15496, 995]]))
    assert out.shape == (1, 2, 768)
    assert out.dtype == torch.float32
    assert sum(p.numel() for p in embed.parameters()) == 38_597_376
    # A repeated id looks up the same row.
    twice = embed(torch.tensor([[995, 995]]))
    assert torch.equal(twice[0, 0], twice[0, 1])
    assert torch.equal(twice[0, 0], embed.weight.weight[995])


@pytest.mark.parametrize(
    "idx, message",
    [
        (torch.tensor([[0, 50257]]), r"token ids must be in \[0, 50257\), got ids from 0 to 50257"),
        (torch.tensor([[-1, 3]]), r"token ids must be in \[0, 50257\)"),
        (torch.tensor([[1.0, 2.0]]), r"integer token ids .*got dtype torch.float32"),
        (torch.tensor([1, 2]), r"expects shape \(B, T\), got \(2,\)"),
        (torch.zeros(1, 2, 3, dtype=torch.long), r"expects shape \(B, T\), got \(1, 2, 3\)"),
        ([[1, 2]], r"expects a torch.Tensor .*got list"),
    ],
)
def test_embedding_rejects_bad_input_with_a_clear_value_error(idx, message):
    with pytest.raises(ValueError, match=message):
        TokenEmbedding(GPTConfig())(idx)


@pytest.mark.slow
def test_smoke_test_prints_the_lessons_values():
    run = subprocess.run([sys.executable, "smoke_test.py"], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert run.returncode == 0, run.stderr
    assert run.stdout.splitlines() == [
        "token ids: [15496, 995]",
        "round-trip: Hello world",
        "vocab size: 50257",
        "embedding shape: torch.Size([1, 2, 768])",
        "dtype: torch.float32",
        "embedding params: 38,597,376",
    ]
