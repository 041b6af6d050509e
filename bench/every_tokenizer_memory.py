"""The server's memory once every tokenizer and both inits have been used.

    python bench/every_tokenizer_memory.py

A fresh `python app.py`: its memory (the server's own process) once warmed up, then after one small
/panels edit with each of the eight tokenizers in the panels and one /embedding with each init, once
it stops moving. The README's per-server figure is the second.
"""

from __future__ import annotations

from hardening import steady_rss
from serve import call_api, rss_mb, running

EVERY_TOKENIZER = ["gpt2", "bert", "llama", "gpt4", "gpt4o", "llama3", "mistral", "gemma"]
INITS = ["GPT-2: N(0, 0.02)", "PyTorch default: N(0, 1)"]


def main() -> None:
    with running("app.py") as (url, process, _):
        call_api(url, "panels", ["Hello world", True, "text", False, "gpt2", "bert", "llama", ""])
        call_api(url, "embedding", ["Hello world", INITS[0]])
        warm = steady_rss(process.pid)
        for k in range(0, len(EVERY_TOKENIZER), 3):
            three = (EVERY_TOKENIZER[k:k + 3] + ["gpt2", "gpt2"])[:3]
            call_api(url, "panels", ["Hello world", True, "text", False, *three, ""])
        for init in INITS:
            call_api(url, "embedding", ["Hello world", init])
        every = steady_rss(process.pid)
        print(f"warmed up (the lesson's three tokenizers, one init): {warm:.0f} MB (tree), {rss_mb(process.pid):.0f} MB now")
        print(f"after all eight tokenizers and both inits:             {every:.0f} MB (tree): +{every - warm:.0f} MB")


if __name__ == "__main__":
    main()
