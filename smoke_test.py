# smoke_test.py, at the project root, run with `python smoke_test.py`

import torch

from config import GPTConfig
from embeddings import TokenEmbedding
from tokenizer import decode, encode, vocab_size

# Tokenize.
ids = encode("Hello world")
print("token ids:", ids)               # [15496, 995]
print("round-trip:", decode(ids))      # "Hello world"
print("vocab size:", vocab_size())     # 50257

# Embed.
config = GPTConfig()
embed = TokenEmbedding(config)
idx = torch.tensor([ids])              # shape (1, 2)
out = embed(idx)
print("embedding shape:", out.shape)   # torch.Size([1, 2, 768])
print("dtype:", out.dtype)             # torch.float32

# Sanity: same id always yields the same vector.
assert torch.allclose(embed(torch.tensor([[15496]])),
                      embed(torch.tensor([[15496]])))

# Sanity: the embedding has the parameter count we expect.
n_params = sum(p.numel() for p in embed.parameters())
print(f"embedding params: {n_params:,}")   # 38,597,376
