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

from playground.tokenizers.assets import ASSETS_DIR, manifest, verified_path
from playground.tokenizers.registry import TOKENIZER_CLASSES, get_tokenizer, tokenizer_class, tokenizer_label
from playground.tokenizers.undertrained import DATA_FILE, has_data

FILES_PATH = "playground/twin/files"  # relative to the page: files/<sha256>/<file name>


@cache
def _sha256(source: str) -> str:
    """The sha256 of an asset name ("gpt2/vocab.bpe": the manifest's, no file read) or of a local file."""
    if source in manifest():
        return manifest()[source]["sha256"]
    return hashlib.sha256(Path(source).read_bytes()).hexdigest()


def _path(source: str) -> Path:
    """The file an asset name (checked against the manifest: verified_path) or a local path names."""
    return verified_path(source) if source in manifest() else Path(source)


def _served(source: str) -> dict:
    """{"url", "sha256"} of a file a twin loads: its URL names it by its hash, the browser checks the hash."""
    sha = _sha256(source)
    return {"url": f"{FILES_PATH}/{sha}/{Path(source).name}", "sha256": sha}


def twin_declaration(name: str) -> dict | None:
    """The family's declaration of tokenizer `name`'s twin, or None."""
    if name in TOKENIZER_CLASSES:
        return getattr(tokenizer_class(name), "twin", None)
    return getattr(get_tokenizer(name), "twin", None)


def _size(source: str) -> int:
    """The bytes of an asset (by name: its file, not read) or of a local file."""
    return (ASSETS_DIR / source if source in manifest() else Path(source)).stat().st_size


def twin_spec(name: str) -> dict | None:
    """What registry.js loads tokenizer `name` from, or None where it has no browser twin; bytes: its vocabulary's
    size (its files', as they are on disk), which the page says while it loads."""
    twin = twin_declaration(name)
    if twin is None:
        return None
    return {"family": twin["family"], "label": tokenizer_label(name),
            "files": {key: _served(source) for key, source in twin["files"].items()},
            "options": twin.get("options", {}), "undertrained": _served(DATA_FILE) if has_data(name) else None,
            "bytes": sum(_size(source) for source in twin["files"].values())}


def served_file(sha256: str) -> Path | None:
    """The file a twin's URL names by its sha256, or None: only files some twin declares are served, a bundled
    one checked against the manifest first."""
    from playground.tokenizers.registry import tokenizer_names

    for name in tokenizer_names():
        twin = twin_declaration(name)
        if twin is None:
            continue
        for source in (*twin["files"].values(), *((DATA_FILE,) if has_data(name) else ())):
            if _sha256(source) == sha256:
                return _path(source)
    return None


def served_files(name: str) -> dict[str, Path]:
    """URL (relative to the page, as twin_spec gives it) -> the file on this machine, for every file tokenizer
    `name`'s twin loads, its under-trained list included: what a static copy of the page must hold."""
    sources = (*twin_declaration(name)["files"].values(), *((DATA_FILE,) if has_data(name) else ()))
    return {_served(source)["url"]: _path(source) for source in sources}


def twin_files(name: str) -> dict[str, Path]:
    """key -> the file tokenizer `name`'s twin loads, on this machine (for running a twin under Node)."""
    return {key: _path(source) for key, source in twin_declaration(name)["files"].items()}
