"""Under-trained ("glitch") tokens, as measured by Land and Bartolo (2024), "Fishing for Magikarp".

The paper's published reports list, per model, the token ids whose embedding rows look like those
of tokens the model never saw, each with the report's indicator, the highest probability the model
gave the token when asked to repeat it (max_prob) and the verdict colour of that probability.
assets/undertrained/ holds the lists for five of our tokenizers' models (its README says where each
number comes from). A tokenizer without a list (BERT, GPT-4, GPT-4o, any added later) has no data:
its tokens carry None, never a verdict of "not under-trained".
"""

from __future__ import annotations

import json
from functools import cache
from typing import TypedDict

from playground.tokenizers.assets import verified_path

DATA_FILE = "undertrained/undertrained.json"
PAPER = 'Land & Bartolo (2024), "Fishing for Magikarp"'
VERDICTS = ("red", "orange", "yellow", "green")  # the report's colours, strongest evidence first


class Undertrained(TypedDict):
    verdict: str  # the report's colour of max_prob: red < 0.001 <= orange < 0.01 <= yellow < 0.1 <= green
    indicator: float  # the report's under-trained indicator: lower is more like the model's unused tokens
    max_prob: float  # the highest probability the model gave the token when asked to repeat it


@cache
def _models() -> dict[str, dict]:
    """The data file's per-model entries, keyed by our tokenizer names, read once (hash-checked)."""
    return json.loads(verified_path(DATA_FILE).read_text(encoding="utf-8"))["models"]


@cache
def undertrained_marks(name: str) -> dict[int, Undertrained]:
    """id -> the report's figures for every token on the list of tokenizer `name`'s model; {} without data.

    One dict per id, shared by every token dict that carries it: read them, never change them.
    """
    model = _models().get(name)
    if model is None:
        return {}
    return {t["id"]: {"verdict": t["verdict"], "indicator": t["indicator"], "max_prob": t["max_prob"]}
            for t in model["tokens"]}


def has_data(name: str) -> bool:
    """True when the paper published a list for tokenizer `name`'s model."""
    return name in _models()


def report_model(name: str) -> str:
    """The model the report on tokenizer `name` measured: "openai-community/gpt2"."""
    return _models()[name]["model"]


def indicator_name(name: str) -> str:
    """What the indicator of tokenizer `name`'s report measures, e.g. "E_{in} L2 Norm"."""
    return _models()[name]["indicator"]
