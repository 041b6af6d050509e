"""What a page asks for before any of its scripts runs: the WebAssembly cores of the families of the page's first
three tokenizers and each of those tokenizers' files (preload as a fetch, which registry.js's fetch() then takes
over: one request per file). All start with the page's first bytes, in parallel with the program's module, so that
the tokenizers are ready when the program first asks them."""

from __future__ import annotations

from html import escape

from playground.page.twin_route import TWIN_PATH, build_record


def preloads(specs: dict[str, dict]) -> list[str]:
    """URLs relative to the page for the tokenizers `specs` (name -> twin_spec), each once: their families' cores,
    then their files."""
    cores = build_record()["cores"]
    urls = [f"{TWIN_PATH.strip('/')}/{core}" for spec in specs.values() for core in cores[spec["family"]]]
    for spec in specs.values():
        urls += [file["url"] for file in (*spec["files"].values(), spec["undertrained"]) if file]
    return list(dict.fromkeys(urls))


def link_tags(specs: dict[str, dict], gzipped: frozenset[str] = frozenset()) -> str:
    """The <link> elements of preloads(specs), for a page's head; a URL in `gzipped` is fetched as URL + ".gz"
    (the static folder's, static_folder.is_gzipped), so that is what it preloads."""
    return "".join(f'<link rel="preload" as="fetch" crossorigin href="{escape(url)}{".gz" if url in gzipped else ""}">'
                   for url in preloads(specs))
