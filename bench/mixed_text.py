"""The mixed text the benchmarks run on: prose, indented code, Hindi, Mandarin, emoji, numbers."""

from __future__ import annotations

from pathlib import Path

LESSON_SAMPLE = """Before a language model can look up an embedding, it has to decide what counts as a "token."
Different model families make different choices, and those choices shape how the model sees text.
"""
CODE_SAMPLE = """def forward(self, idx):
    # idx: (B, T) int64 token ids
    if idx.dim() != 2:
        raise ValueError("expected (B, T)")
    return self.weight(idx)
"""
WORLD_SAMPLE = "नमस्ते दुनिया, यह एक परीक्षण है। 你好，世界！这是一个测试。 SolidGoldMagikarp 1234567890 👩‍💻👍🏽\n"
UNIT = LESSON_SAMPLE + CODE_SAMPLE + WORLD_SAMPLE


def mixed_text(n_bytes: int) -> str:
    """About n_bytes of UTF-8 (never more), cut at a character boundary."""
    data = (UNIT * (n_bytes // len(UNIT.encode()) + 1)).encode()[:n_bytes]
    return data.decode("utf-8", "ignore")


SIZES = {"100 B": 100, "1 KB": 1_000, "10 KB": 10_000, "100 KB": 100_000, "1 MB": 1_000_000}
ROOT = Path(__file__).resolve().parent.parent
