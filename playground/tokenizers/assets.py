"""The bundled tokenizer files in assets/, each checked against its pinned sha256.

The playground never downloads a vocabulary: a lecture hall's wifi is not to be
trusted, and an id is only worth showing if it comes from the official file.
"""

from __future__ import annotations

import hashlib
import json
from functools import cache
from pathlib import Path

ASSETS_DIR = Path(__file__).resolve().parents[2] / "assets"
MANIFEST_PATH = ASSETS_DIR / "manifest.json"


class AssetError(RuntimeError):
    """A bundled tokenizer file is missing or is not the official one."""


@cache
def manifest() -> dict[str, dict[str, str]]:
    """Relative path -> {"sha256", "what", "upstream", "license"} for every bundled file."""
    try:
        return json.loads(MANIFEST_PATH.read_text(encoding="utf-8"))["files"]
    except (OSError, ValueError, KeyError) as err:
        raise AssetError(
            f"cannot read the asset manifest {MANIFEST_PATH}: {err}. "
            "Restore it from a fresh clone of the repository (git checkout -- assets/)."
        ) from err


@cache
def verified_path(name: str) -> Path:
    """The path of assets/<name> after checking its sha256 against the manifest.

    Cached: each file is hashed once per process, however often it is asked for.
    """
    entry = manifest().get(name)
    if entry is None:
        raise AssetError(f"{name!r} is not listed in {MANIFEST_PATH}; known files: {sorted(manifest())}")
    path = ASSETS_DIR / name
    try:
        digest = hashlib.sha256(path.read_bytes()).hexdigest()
    except OSError as err:
        raise AssetError(
            f"the tokenizer file {path} is missing ({err.strerror}). "
            "Restore it with `git checkout -- assets/` or a fresh clone; "
            f"upstream: {entry['upstream']}."
        ) from err
    if digest != entry["sha256"]:
        raise AssetError(
            f"the tokenizer file {path} is not the official one: sha256 {digest}, "
            f"expected {entry['sha256']}. Restore it with `git checkout -- assets/` "
            f"(upstream: {entry['upstream']}); do not edit the vocabulary files."
        )
    return path
