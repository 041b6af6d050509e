"""What a page asks for before any of its scripts runs: the browser tokenizers' code for the families of the
page's first three tokenizers (modulepreload: fetched and parsed at once, not one import after another), their
WebAssembly cores and each tokenizer's files (preload as a fetch, which registry.js's fetch() then takes over:
one request per file). All start with the page's first bytes, in parallel with the rest of the page, so
that the tokenizers are ready when the page's scripts first ask them. And the page's
import map, which gives the browser each built module's integrity, so that it runs none that was changed."""

from __future__ import annotations

import json
from html import escape

from playground.page.twin_route import ON_FIRST_USE, TWIN_PATH, built_files, built_integrity


def preloads(specs: dict[str, dict]) -> list[tuple[str, str, str | None]]:
    """(URL relative to the page, "module" or "fetch", a module's integrity) for the tokenizers `specs` (name ->
    twin_spec), each once. A module is preloaded with its integrity, so that the browser checks the bytes it keeps
    for the page's imports (a module preloaded without it would be run unchecked when imported)."""
    integrity = built_integrity()
    built = [name for name in built_files({spec["family"] for spec in specs.values()})
             if name.rsplit("-", 1)[0] not in ON_FIRST_USE]  # no page needs them to paint
    urls = [(f"{TWIN_PATH.strip('/')}/{name}", "module", integrity[name]) if name.endswith(".js")
            else (f"{TWIN_PATH.strip('/')}/{name}", "fetch", None) for name in built]
    for spec in specs.values():
        urls += [(file["url"], "fetch", None) for file in (*spec["files"].values(), spec["undertrained"]) if file]
    return list(dict.fromkeys(urls))


def link_tags(specs: dict[str, dict], gzipped: frozenset[str] = frozenset()) -> str:
    """The <link> elements of preloads(specs), for a page's head; a URL in `gzipped` is fetched as URL + ".gz"
    (the static folder's, static_folder.is_gzipped), so that is what it preloads."""
    return "".join(f'<link rel="modulepreload" href="{escape(url)}" integrity="{integrity}">' if kind == "module"
                   else f'<link rel="preload" as="fetch" crossorigin href="{escape(url)}{".gz" if url in gzipped else ""}">'
                   for url, kind, integrity in preloads(specs))


def import_map(built: list[str]) -> str:
    """The page's import map (before any of its modules), giving the browser the integrity of each built module of
    `built` (static/twin/'s names): it then refuses any of them whose bytes are not what the build made, whoever
    imports it (the page's module, a chunk it imports when a family is first used)."""
    integrity = built_integrity()
    modules = {f"./{TWIN_PATH.strip('/')}/{name}": integrity[name] for name in built if name.endswith(".js")}
    return f'<script type="importmap">{json.dumps({"integrity": modules})}</script>'
