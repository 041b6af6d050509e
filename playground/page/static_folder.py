"""python -m playground static DIR: the page as a folder that any static web server serves, with no Python
behind it (a static Hugging Face Space, GitHub Pages, nginx, `python -m http.server`):

    DIR/index.html                                 the page (shell.py), the app's own with the folder's parts
    DIR/page/<file>                                styles.css, the page's styles as the app serves them, and
                                                   values.json: what the program reads from its host
    DIR/sw.js                                      the service worker: the page opens offline after one visit
    DIR/playground/premium.html                    the Languages section, fetched when first opened
    DIR/playground/twin/<file>                     the program (the page's modules and the browser tokenizers,
                                                   built) and the WebAssembly, as the app serves them
                                                   (twin_route.py), for the families shipped
    DIR/playground/twin/files/<sha256>/<name>      each shipped tokenizer's vocabulary, named by its hash
    DIR/playground/twin/.../<file>.gz              each vocabulary and WebAssembly core gzipped too: the page
                                                   fetches these (is_gzipped), whatever the server compresses
    DIR/NOTICE                                     the licences of the vocabularies and the bundled packages
    DIR/.playground-files                          the files this build wrote: the next build into DIR deletes
                                                   those it does not write again, and touches no other file

Every URL in it is relative, so the folder works under any path (a GitHub Pages project site, a Space's
subfolder). The page tokenizes and paints in the browser; what only the app can do (the embedding's torch work)
says so and links to the app.
"""

from __future__ import annotations

import argparse
import gzip
import hashlib
import shutil
import sys
from pathlib import Path

from playground.lesson.display import in_words
from playground.page import twin_route
from playground.page.shell import PAGE_DIR, STATIC_DIR, STYLES, TWIN_DIR, VALUES, Host, build_of, page_html, page_styles, \
    page_values
from playground.tokenizers.browser import FILES_PATH, served_files, twin_spec
from playground.tokenizers.registry import DEFAULT_TOKENIZERS, TOKENIZER_NAMES

WRITTEN_LIST = ".playground-files"  # what a build wrote, one path a line: what the next build may delete
NOTICE = Path(__file__).resolve().parents[2] / "assets" / "NOTICE"


def is_gzipped(url: str) -> bool:
    """Whether the page fetches the file at `url` as url + ".gz" (folder.js unzips it): the vocabularies and the
    WebAssembly, 90% of what a page loads, which a plain static server (python -m http.server, nginx as installed)
    sends as they are: a cold ?example=code fetched 6.9 MB from the folder where the app, which gzips them, sent
    3.0 MB. (The built JavaScript stays as it is: the browser imports it itself.)"""
    return url.startswith(f"{FILES_PATH}/") or url.endswith(".wasm")


def version(data: bytes) -> str:
    """A short hash of a file's bytes, put in its URL (?v=) so that a browser never runs an older copy."""
    return hashlib.sha256(data).hexdigest()[:12]


def premium_section(shipped: tuple[str, ...]) -> str:
    """The Languages section (premium_view.py on the lesson's stored counts, for the shipped tokenizers), made
    when the folder is written: the premium is fixed data, no tokenizer runs."""
    from playground.lesson.premium import premium_png_for
    from playground.page.premium_view import premium_html
    from playground.tokenizers.registry import tokenizer_label

    result, png = premium_png_for(shipped)
    return premium_html(result, png, {name: tokenizer_label(name) for name in shipped})


def write_folder(dest: Path, tokenizers: tuple[str, ...] = TOKENIZER_NAMES, only_panels: bool = False) -> Path:
    """Write the static page into `dest` (made if missing). A file an earlier build wrote and this one does not
    (a tokenizer left out, a vocabulary or built file under an older hash) is deleted, so that what is published
    is what this build ships; files the builds did not write (a Space's README.md, .nojekyll) are kept. Returns
    dest/index.html."""
    from playground.tokenizers.registry import tokenizer_label

    specs = {name: twin_spec(name) for name in tokenizers}
    if missing := [name for name, spec in specs.items() if spec is None]:
        raise ValueError(f"no browser twin for {', '.join(missing)}: a static folder ships only those that run "
                         "in the browser")
    sources = {"sw.js": STATIC_DIR / "sw.js"}
    sources |= {f"{TWIN_DIR}/{name}": twin_route.BUILT_DIR / name
                for name in twin_route.built_files({spec["family"] for spec in specs.values()})}
    for name in tokenizers:
        sources |= served_files(name)
    sources["NOTICE"] = NOTICE
    for url, source in sources.items():
        (dest / url).parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(source, dest / url)
    zipped = sorted(url for url in sources if is_gzipped(url))
    for url in zipped:
        (dest / f"{url}.gz").write_bytes(gzip.compress((dest / url).read_bytes(), compresslevel=9, mtime=0))
    host = Host(server=False, versions={}, only_panels=only_panels, gzipped=tuple(zipped),
                labels={name: tokenizer_label(name) for name in tokenizers})
    made = {f"{PAGE_DIR}/{VALUES}": page_values(specs, host), f"{PAGE_DIR}/{STYLES}": page_styles()}
    if not only_panels:
        made["playground/premium.html"] = premium_section(tokenizers)
    for url, text in made.items():
        (dest / url).parent.mkdir(parents=True, exist_ok=True)
        (dest / url).write_text(text, encoding="utf-8")
    versions = {name: version((dest / PAGE_DIR / name).read_bytes()) for name in (STYLES, VALUES)}
    index = dest / "index.html"
    index.write_text(page_html(specs, Host(**{**host.__dict__, "versions": versions, "build": build_of(versions)})), encoding="utf-8")
    written = {*sources, *made, *(f"{url}.gz" for url in zipped), "index.html"}
    listed = dest / WRITTEN_LIST
    inside, kept = dest.resolve(), {(dest / url).resolve() for url in written}
    for url in (listed.read_text(encoding="utf-8").splitlines() if listed.exists() else []):
        # only a file inside dest and not written now, by where it is ("./index.html" is index.html): the list is
        # read from the folder, which anyone may have edited
        path = (dest / url).resolve()
        if path not in kept and path.is_file() and path.is_relative_to(inside):
            path.unlink()
            for folder in path.parents:  # the folders it leaves empty go too, up to dest
                if folder == inside or any(folder.iterdir()):
                    break
                folder.rmdir()
    listed.write_text("".join(f"{url}\n" for url in sorted(written)), encoding="utf-8")
    return index


def tokenizer_list(value: str) -> tuple[str, ...]:
    """--tokenizers "gpt2,bert,llama" -> its names, each a built-in one (TOKENIZER_NAMES)."""
    names = tuple(name.strip() for name in value.split(",") if name.strip())
    unknown = [name for name in names if name not in TOKENIZER_NAMES]
    if unknown or not names:
        raise argparse.ArgumentTypeError(f"expected names among {', '.join(TOKENIZER_NAMES)}; got {value!r}")
    return names


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m playground static",
                                     description="Write the playground as a folder any static web server serves.")
    parser.add_argument("dir", type=Path, help="the folder to write (made if missing)")
    parser.add_argument("--tokenizers", type=tokenizer_list, default=TOKENIZER_NAMES,
                        help=f"which tokenizers the folder ships, comma-separated (default: all "
                             f"{in_words(len(TOKENIZER_NAMES))}); the panels open with the first three "
                             f"({','.join(DEFAULT_TOKENIZERS)} when shipped)")
    parser.add_argument("--only", choices=["panels"], help="panels: just the text box and the three panels, for a "
                                                            "lesson page")
    args = parser.parse_args(argv)
    try:
        index = write_folder(args.dir, args.tokenizers, args.only == "panels")
    except (OSError, ValueError) as err:
        print(f"python -m playground static: {err}", file=sys.stderr)
        return 2
    print(f"wrote {index}: serve {args.dir} with any static web server, e.g. "
          f"`python -m http.server -d {args.dir}`")
    return 0
