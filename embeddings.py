# embeddings.py: token ids -> dense learnable vectors. (B, T) -> (B, T, n_embd).

import torch
import torch.nn as nn

from config import GPTConfig


class TokenEmbedding(nn.Module):
    """Map token ids -> dense vectors. (B, T) -> (B, T, n_embd)."""

    def __init__(self, config: GPTConfig):
        super().__init__()
        self.config = config
        # One row of n_embd floats per vocabulary entry: 50257 x 768 = 38,597,376 parameters.
        # No bias: embeddings are looked up, not added.
        self.weight = nn.Embedding(config.vocab_size, config.n_embd)

    def forward(self, idx: torch.Tensor) -> torch.Tensor:
        # idx: (B, T) int64 token ids
        # returns: (B, T, n_embd) float32
        self._check_ids(idx)
        return self.weight(idx)

    def _check_ids(self, idx: torch.Tensor) -> None:
        # Fail here, saying what was expected, rather than with an IndexError deep inside torch.
        if not isinstance(idx, torch.Tensor):
            raise ValueError(f"TokenEmbedding expects a torch.Tensor of token ids, got {type(idx).__name__}; "
                             "wrap the ids: torch.tensor([ids])")
        if idx.dtype not in (torch.int64, torch.int32):
            raise ValueError(f"TokenEmbedding expects integer token ids (torch.int64), got dtype {idx.dtype}; "
                             "token ids are row numbers, not values: use torch.tensor(ids, dtype=torch.long)")
        if idx.dim() != 2:
            raise ValueError(f"TokenEmbedding expects shape (B, T), got {tuple(idx.shape)}; "
                             "for one sequence of ids use torch.tensor([ids]), shape (1, T)")
        if idx.numel() and (idx.min() < 0 or idx.max() >= self.config.vocab_size):
            raise ValueError(f"token ids must be in [0, {self.config.vocab_size}), "
                             f"got ids from {int(idx.min())} to {int(idx.max())}")
