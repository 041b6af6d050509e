"""Which tokenizers have a browser twin (playground/tokenizers/*.js, the makers' own code compiled to
WebAssembly), and what the page's registry.js needs to load each: its family module, its files (each
under a content-hashed URL, with the sha256 the browser checks before use) and its options.

A family declares its twin as `twin`: on a built-in class, {"family", "files": {key: asset name},
"options"} (known without loading its vocabulary); a registered tokenizer sets it on the instance, with
files as local paths; None where no exact twin exists (the server tokenizes it, as before).
"""

from __future__ import annotations

import hashlib
from functools import cache
from pathlib import Path

from playground.tokenizers.assets import manifest, verified_path
from playground.tokenizers.registry import TOKENIZER_CLASSES, get_tokenizer, tokenizer_class, tokenizer_label
from playground.tokenizers.undertrained import DATA_FILE, has_data

FILES_PATH = "playground/twin/files"  # relative to the page: files/<sha256>/<file name>


@cache
def _local_sha256(path: str) -> str:
    return hashlib.sha256(Path(path).read_bytes()).hexdigest()


def _file(source: str) -> tuple[str, Path]:
    """(sha256, path) of an asset name ("gpt2/vocab.bpe", checked against the manifest) or a local path."""
    if source in manifest():
        return manifest()[source]["sha256"], verified_path(source)
    return _local_sha256(source), Path(source)


def twin_declaration(name: str) -> dict | None:
    """The family's declaration of tokenizer `name`'s twin, or None."""
    if name in TOKENIZER_CLASSES:
        return getattr(tokenizer_class(name), "twin", None)
    return getattr(get_tokenizer(name), "twin", None)


def twin_spec(name: str) -> dict | None:
    """What registry.js loads tokenizer `name` from, or None where it has no browser twin."""
    twin = twin_declaration(name)
    if twin is None:
        return None
    files = {}
    for key, source in twin["files"].items():
        sha, path = _file(source)
        files[key] = {"url": f"{FILES_PATH}/{sha}/{path.name}", "sha256": sha}
    undertrained = None
    if has_data(name):
        sha, path = _file(DATA_FILE)
        undertrained = {"url": f"{FILES_PATH}/{sha}/{path.name}", "sha256": sha}
    return {"family": twin["family"], "label": tokenizer_label(name), "files": files,
            "options": twin.get("options", {}), "undertrained": undertrained}


def served_file(sha256: str) -> Path | None:
    """The file a twin's URL names by its sha256, or None: only files some twin declares are served."""
    from playground.tokenizers.registry import tokenizer_names

    for name in tokenizer_names():
        twin = twin_declaration(name)
        for source in (twin or {}).get("files", {}).values():
            sha, path = _file(source)
            if sha == sha256:
                return path
        if twin and has_data(name) and _file(DATA_FILE)[0] == sha256:
            return _file(DATA_FILE)[1]
    return None
