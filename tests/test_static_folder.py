"""python -m playground static DIR: what the folder holds (no browser: tests/test_static_folder_browser.py drives it).
The page's files are the app's own, byte for byte; each vocabulary sits under its own sha256; the folder names
nothing outside itself; --tokenizers ships only those asked for; "static" is a subcommand only in first place."""

from __future__ import annotations

import gzip
import hashlib
import json
import re
import shutil
from pathlib import Path

import pytest
from conftest import ROOT

from playground.__main__ import main
from playground.page.static_folder import write_folder

STATIC = ROOT / "playground" / "page" / "static"


@pytest.fixture(scope="module")
def lesson_folder(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("lesson")
    assert main(["static", str(folder), "--tokenizers", "gpt2,bert,llama", "--only", "panels"]) == 0
    return folder


def referenced(index: Path) -> list[str]:
    return re.findall(r'(?:src|href)="([^"]+)"', index.read_text(encoding="utf-8"))


def test_the_page_files_are_the_apps_own(lesson_folder):
    from playground.page import page_route
    from playground.page.shell import PAGE_STYLES

    styles = (lesson_folder / "page" / "styles.css").read_bytes()
    assert styles == page_route.Built().files["styles.css"]
    assert styles == b"".join((STATIC / name).read_bytes() for name in PAGE_STYLES)  # the four sheets, in order


def test_every_vocabulary_is_named_by_its_hash_and_only_the_three_are_shipped(lesson_folder):
    files = sorted(path for path in (lesson_folder / "playground" / "twin" / "files").glob("*/*") if path.suffix != ".gz")
    for path in files:
        assert hashlib.sha256(path.read_bytes()).hexdigest() == path.parent.name, path
        assert gzip.decompress(path.with_name(path.name + ".gz").read_bytes()) == path.read_bytes(), path  # fetched
    # GPT-2's merges, BERT's vocab.txt, Llama 2's model and the paper's under-trained list: no o200k, Llama 3...
    assert sorted(p.name for p in files) == ["tokenizer.model", "undertrained.json", "vocab.bpe", "vocab.txt"]
    twins = twins_of(lesson_folder)
    assert sorted(twins) == ["bert", "gpt2", "llama"]
    assert not list((lesson_folder / "playground" / "twin").glob("hf_tokenizers-*.js"))  # no family of theirs


def twins_of(folder: Path) -> dict:
    values = (folder / "page" / "values.json").read_text(encoding="utf-8")  # what the page's program reads
    return json.loads(values)["PLAYGROUND_TWINS"]["tokenizers"]


def test_every_url_of_the_page_is_relative_and_in_the_folder(lesson_folder):
    urls = referenced(lesson_folder / "index.html")
    urls += [file["url"] for spec in twins_of(lesson_folder).values()
             for file in (*spec["files"].values(), *([spec["undertrained"]] if spec["undertrained"] else []))]
    assert len(urls) > 10
    for url in (u for u in urls if u != "data:,"):  # the empty icon: no request for /favicon.ico
        assert not re.match(r"^(/|[a-z]+:)", url), url  # no absolute path, no other host
        assert (lesson_folder / url.split("?")[0]).is_file(), url


def test_the_word_static_is_tokenized_after_a_double_dash(capsys, official_gpt2):
    assert main(["--json", "--tokenizers", "gpt2", "--", "static"]) == 0
    assert json.loads(capsys.readouterr().out)["tokenizers"][0]["ids"] == official_gpt2.encode("static")
    assert main(["--json", "--tokenizers", "gpt2", "static text"]) == 0  # not the subcommand: not alone, first
    assert json.loads(capsys.readouterr().out)["tokenizers"][0]["ids"] == official_gpt2.encode("static text")


def test_an_unknown_tokenizer_is_refused_with_one_line(tmp_path, capsys):
    with pytest.raises(SystemExit) as exit_:
        main(["static", str(tmp_path / "out"), "--tokenizers", "gpt2,gpt5"])
    assert exit_.value.code == 2
    assert "gpt5" in capsys.readouterr().err
    assert not (tmp_path / "out").exists()


def test_a_folder_without_bert_has_the_languages_table_without_its_unk_column(tmp_path):
    assert main(["static", str(tmp_path), "--tokenizers", "gpt2,llama"]) == 0
    section = (tmp_path / "playground" / "premium.html").read_text(encoding="utf-8")  # fetched when opened
    table = re.search(r"<table class='examples premium'>.*?</table>", section).group(0)
    assert re.findall(r"<th>(.*?)</th>", table) == ["language", "GPT-2 byte-level BPE", "Llama 2 SentencePiece"]
    assert table.count("<tr>") == 13  # the head and twelve languages


@pytest.mark.slow
def test_a_rebuild_deletes_what_the_earlier_build_wrote_and_this_one_does_not(tmp_path, whole_folder):
    """All eight (the run's build of them, copied), then the lesson's three into the same folder: it then holds
    what a fresh build of the three holds (the five others' vocabularies and families' code gone: a published
    folder would carry them) and the files a person added; a list edited to point outside the folder deletes
    nothing there."""
    site, fresh, outside = tmp_path / "site", tmp_path / "fresh", tmp_path / "mine.txt"
    shutil.copytree(whole_folder, site)
    (site / "README.md").write_text("---\nsdk: static\n---\n")  # a static Space's card, as the README says
    (site / ".nojekyll").touch()
    outside.write_text("not the folder's")
    with open(site / ".playground-files", "a") as listed:
        listed.write("../mine.txt\n./index.html\npage/../NOTICE\n")  # one outside, two this build writes
    write_folder(site, ("gpt2", "bert", "llama"))
    write_folder(fresh, ("gpt2", "bert", "llama"))

    def files(folder: Path) -> set[str]:
        return {p.relative_to(folder).as_posix() for p in folder.rglob("*") if p.is_file()}

    assert files(site) == files(fresh) | {"README.md", ".nojekyll"}
    assert not any(f.endswith((".tiktoken", "tokenizer.json")) for f in files(site))  # GPT-4's, GPT-4o's, Llama 3's
    assert outside.read_text() == "not the folder's"
    assert not [d for d in site.rglob("*") if d.is_dir() and not any(d.iterdir())]  # no empty folder left
