"""The server's memory once every tokenizer and both inits have been used.

    python bench/every_tokenizer_memory.py

A fresh `python app.py`: its memory (the server's own process and its children) once warmed up (one
POST /playground/embedding and one /playground/answer, the lesson's three tokenizers), then, once it
stops moving, after one small POST /playground/tokens with each of the eight tokenizers (the route a
page asks for a panel whose tokenizer has no browser twin; the server loads that tokenizer) and one
/playground/embedding with each init. The README's per-server figure is the second.
"""

from __future__ import annotations

from hardening import steady_rss
from serve import LESSON, ask_ok, rss_mb, running

EVERY_TOKENIZER = ["gpt2", "bert", "llama", "gpt4", "gpt4o", "llama3", "mistral", "gemma"]
INITS = ["GPT-2: N(0, 0.02)", "PyTorch default: N(0, 1)"]


def main() -> None:
    with running("app.py") as (url, process, _):
        ask_ok(url, "playground/embedding", {"text": "Hello world", "init": INITS[0]})
        ask_ok(url, "playground/answer", {"text": "Hello world", "example": "code", "tokenizers": LESSON})
        warm = steady_rss(process.pid)
        for name in EVERY_TOKENIZER:
            ask_ok(url, "playground/tokens", {"text": "Hello world", "special": False, "tokenizer": name})
        for init in INITS:
            ask_ok(url, "playground/embedding", {"text": "Hello world", "init": init})
        every = steady_rss(process.pid)
        print(f"warmed up (the lesson's three tokenizers, one init): {warm:.0f} MB (tree), {rss_mb(process.pid):.0f} MB now")
        print(f"after all eight tokenizers and both inits:             {every:.0f} MB (tree): +{every - warm:.0f} MB")


if __name__ == "__main__":
    main()
