"""Clearing the playground's caches under mutmut, so a cached unmutated answer cannot hide a mutant.

mutmut forks each mutant's test run from a process that already ran the tests on the unmutated
code: its caches are warm. A mutant in, say, palette_index() would never run if token_colors()
answered from its lru_cache, and one in GPT2Tokenizer.__init__ never if the tokenizer was loaded.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

# Functions that run while a tokenizer is loaded: a mutant in one of them needs a fresh load.
LOAD_TIME = ("__init__", "_token_bytes", "hex_bytes", "spell", "openai_encoding", "verified_path", "get_tokenizer",
             "tokenizer_class")
LAYERS = ("playground.tokenizers", "playground.lesson", "playground.page")  # each imports only those before it
# Caches of work that runs no mutated code (colour tables, bundled files read and checked): kept, as they
# cannot hide a mutant and are slow to rebuild.
KEEP = {"palette", "colour_table", "hue_offset", "gpt2_byte_spelling", "gpt2_encoding", "verified_path", "manifest"}


def mutated_function(mutant: str) -> tuple[str, str] | None:
    """"playground.page.colors.x_palette_index__mutmut_3" -> ("playground.page.colors", "palette_index");
    a class's method "...gpt2.xǁGPT2Tokenizerǁ__init____mutmut_1" -> (".../gpt2", "__init__"). None if no mutant."""
    if "__mutmut_" not in mutant:
        return None  # the clean run, the stats run, the forced-fail run
    mangled = mutant.rsplit("__mutmut_", 1)[0]
    for marker in (".x_", ".x\u01c1"):
        module, found, function = mangled.partition(marker)
        if found:
            return module, function.rpartition("\u01c1")[2]
    return None


def clear_caches_for(mutant: str) -> None:
    """Clear every cache that the mutated function can feed, and nothing that it cannot."""
    found = mutated_function(mutant)
    if found is None:
        return
    module, function = found
    worker = sys.modules.get("playground.page.server.worker")
    if worker is not None:  # the parent's pool: its threads did not survive the fork
        worker._worker = worker.BigInputWorker()
    if module == "embeddings":  # the lesson's TokenEmbedding: the tables built from it
        reached = LAYERS[1:]
    else:
        layer = next((k for k, name in enumerate(LAYERS) if module.startswith(name)), 0)
        reached = LAYERS[layer:]
    for name, mod in list(sys.modules.items()):
        if mod is None or not name.startswith(reached):
            continue
        for value in list(vars(mod).values()):
            if (callable(getattr(value, "cache_clear", None)) and getattr(value, "__module__", None) == name
                    and getattr(value, "__name__", None) not in KEEP):
                value.cache_clear()
    if module == "embeddings" or module == "playground.lesson.embedding":
        from playground.lesson import embedding

        embedding._tables.clear()
    if module.startswith(LAYERS[0]) and function in LOAD_TIME:
        from playground.tokenizers import registry

        registry._loaded.clear()


def fastest_first(items: list) -> None:
    """Sort pytest's items by the time mutmut measured for each (mutants/mutmut-stats.json), unknown ones last."""
    stats = Path("mutmut-stats.json")  # mutmut runs the tests from inside mutants/
    if not stats.exists():
        return
    duration = json.loads(stats.read_text()).get("duration_by_test", {})
    items.sort(key=lambda item: duration.get(item.nodeid, float("inf")))
