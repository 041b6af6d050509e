# config.py: the shape of GPT-2 small, the model this course builds.

from dataclasses import dataclass


@dataclass
class GPTConfig:
    block_size: int = 1024  # longest context in tokens: positions 0..1023
    vocab_size: int = 50257  # GPT-2's BPE vocabulary: 50,000 merges + 256 bytes + <|endoftext|>
    n_layer: int = 12  # transformer blocks stacked
    n_head: int = 12  # attention heads per block (768 / 12 = 64 dims each)
    n_embd: int = 768  # width of every token vector: the C in (B, T, C)
