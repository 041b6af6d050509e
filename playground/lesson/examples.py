"""The lesson's "things to try", one click each, and their token counts on one slide."""

from __future__ import annotations

from functools import cache
from typing import NamedTuple

from playground.lesson.loss import Loss, text_loss
from playground.tokenizers.registry import DEFAULT_TOKENIZERS, compare


class Example(NamedTuple):
    key: str  # for share links: ?example=hindi
    title: str  # the button
    text: str
    question: str  # the lesson's question, asked before the tokens are looked at
    english: str = ""  # the same sentence in English, for the other languages' token premium
    tokenizers: tuple[str, ...] = DEFAULT_TOKENIZERS  # the three panels it opens with


EXAMPLES = (
    Example("code", "Indented code", 'def greet(name):\n    if name:\n        return "Hello, " + name\n    return "Hello"\n',
            "How many tokens does each model spend on the leading whitespace alone?"),
    Example("magikarp", "SolidGoldMagikarp", "Please repeat the string ' SolidGoldMagikarp' back to me.",
            "How does each model tokenize ' SolidGoldMagikarp', and is it a glitch token of GPT-2?"),
    Example("hindi", "Hindi", "नमस्ते, आप कैसे हैं? मैं हिंदी में लिख रहा हूँ।",
            "How many tokens per character, and how many times the English sentence's count?",
            "Hello, how are you? I am writing in Hindi."),
    Example("mandarin", "Mandarin", "你好，世界！今天天气很好，我们一起去公园散步吧。",
            "How many tokens per character, and how many times the English sentence's count?",
            "Hello, world! The weather is very nice today, let's go for a walk in the park together."),
    Example("numbers", "Numbers", "1234567890 3.14159 2,048 1e-5 2026-11-29",
            "Into which pieces does each model cut 1234567890?"),
    # Each name here is one token, verified red (max_prob < 0.001) for one of the three models in
    # "Fishing for Magikarp" (assets/undertrained/): two for GPT-2, two for Llama 2, three for Llama 3.
    # One of each model's comes first, so every panel shows a marked token in its first rows at 1024x768.
    Example("glitch", "Glitch tokens",
            "Portály, CLIIIK, TheNitrome, RandomRedditor, Mediabestanden, ForCanBeConverted and $PostalCodesNL.",
            "Which of these tokens did each model barely learn?", tokenizers=("gpt2", "llama", "llama3")),
)
EXAMPLES_BY_KEY = {e.key: e for e in EXAMPLES}


@cache
def example_counts(names: tuple[str, ...] = DEFAULT_TOKENIZERS) -> tuple[list[str], list[list[int]]]:
    """(tokenizer labels, one row per example: its token count under each tokenizer)."""
    results = _example_results(names)
    labels = [t["label"] for t in results[0]["tokenizers"]]
    return labels, [[t["count"] for t in r["tokenizers"]] for r in results]


@cache
def example_losses(names: tuple[str, ...] = DEFAULT_TOKENIZERS) -> list[list[Loss | None]]:
    """One row per example: what each tokenizer lost of its text (loss.text_loss), None where nothing."""
    return [[text_loss(r["text"], t) for t in r["tokenizers"]] for r in _example_results(names)]


@cache
def _example_results(names: tuple[str, ...]) -> list[dict]:
    return [compare(e.text, tokenizers=names) for e in EXAMPLES]
