"""The Chat view's prepared example (key "chat"): a two-turn conversation and its question, answered from
the tokens (render.js's chatAnswerHtml), in the three formats it opens with."""

from __future__ import annotations

KEY = "chat"
MESSAGES = [
    {"role": "user", "content": "What is a token?"},
    {"role": "assistant", "content": "A piece of text the model reads as one unit."},
    {"role": "user", "content": "How many do you see here?"},
]
QUESTION = "How many tokens does each model spend before your first word?"
TOKENIZERS = ("llama3", "mistral", "gemma")  # three formats, three makers: none of the lesson's three has one
