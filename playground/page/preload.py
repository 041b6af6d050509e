"""What a page asks for before any of its scripts runs: the browser tokenizers' code for the families of the
page's first three tokenizers (modulepreload: fetched and parsed at once, not one import after another), their
WebAssembly cores and each tokenizer's files (preload as a fetch, which registry.js's fetch() then takes over:
one request per file). All start with the page's first bytes, in parallel with the rest of the page (Gradio's
own boot, in the app), so that the tokenizers are ready when the page's scripts first ask them."""

from __future__ import annotations

from html import escape

from playground.page.twin_route import ON_FIRST_USE, TWIN_PATH, built_files


def preloads(specs: dict[str, dict]) -> list[tuple[str, str]]:
    """(URL relative to the page, "module" or "fetch") for the tokenizers `specs` (name -> twin_spec), each once."""
    built = [name for name in built_files({spec["family"] for spec in specs.values()})
             if name.rsplit("-", 1)[0] not in ON_FIRST_USE]  # no page needs them to paint
    urls = [(f"{TWIN_PATH.strip('/')}/{name}", "module" if name.endswith(".js") else "fetch") for name in built]
    for spec in specs.values():
        urls += [(file["url"], "fetch") for file in (*spec["files"].values(), spec["undertrained"]) if file]
    return list(dict.fromkeys(urls))


def link_tags(specs: dict[str, dict], gzipped: frozenset[str] = frozenset()) -> str:
    """The <link> elements of preloads(specs), for a page's head; a URL in `gzipped` is fetched as URL + ".gz"
    (the static folder's, static_folder.is_gzipped), so that is what it preloads."""
    return "".join(f'<link rel="modulepreload" href="{escape(url)}">' if kind == "module"
                   else f'<link rel="preload" as="fetch" crossorigin href="{escape(url)}{".gz" if url in gzipped else ""}">'
                   for url, kind in preloads(specs))


def link_header(specs: dict[str, dict]) -> str:
    """The same as an HTTP Link header's value, for a page whose head is not this server's to write (Gradio's)."""
    return ", ".join(f"<{url}>; rel=modulepreload" if kind == "module" else f"<{url}>; rel=preload; as=fetch; crossorigin"
                     for url, kind in preloads(specs))
