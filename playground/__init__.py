"""The tokenizer playground: GPT-2, BERT, Llama 2, five later tokenizers and any you add (register_tokenizer)
side by side, exact and offline.

Three layers, each importing only the ones below it:
- playground.tokenizers: the exact layer (one file per family, spans, bundled assets, the registry
  with compare(), replay),
- playground.lesson: the lesson's content (the embedding table, examples, lecture answers, premium) and
  how a token is labelled, the same in the terminal and on the page (display),
- playground.page: the web page (HTML views, plots, colours, exports, the server's guard rails, the
  handlers, the routes, the Gradio wiring), and the command line in playground/__main__.py.
tests/test_imports.py holds them to it, and finds any import circle.
"""

from playground.lesson.batch import batch
from playground.tokenizers.chat import chat
from playground.tokenizers.from_file import register_tokenizer
from playground.tokenizers.registry import DEFAULT_TOKENIZERS, TOKENIZER_NAMES, compare, get_tokenizer, tokenizer_names
from playground.tokenizers.replay import replay

__all__ = ["DEFAULT_TOKENIZERS", "TOKENIZER_NAMES", "batch", "chat", "compare", "get_tokenizer", "register_tokenizer", "replay",
           "tokenizer_names"]
