"""python -m playground static DIR: what the folder holds (no browser: tests/test_static_folder_browser.py drives it).
The page's files are the app's own, byte for byte; each vocabulary sits under its own sha256; the folder names
nothing outside itself; --tokenizers ships only those asked for; "static" is a subcommand only in first place."""

from __future__ import annotations

import hashlib
import json
import re
from pathlib import Path

import pytest
from conftest import ROOT

from playground.__main__ import main

STATIC = ROOT / "playground" / "page" / "static"


@pytest.fixture(scope="module")
def lesson_folder(tmp_path_factory) -> Path:
    folder = tmp_path_factory.mktemp("lesson")
    assert main(["static", str(folder), "--tokenizers", "gpt2,bert,llama", "--only", "panels"]) == 0
    return folder


def referenced(index: Path) -> list[str]:
    return re.findall(r'(?:src|href)="([^"]+)"', index.read_text(encoding="utf-8"))


def test_the_page_files_are_the_apps_own(lesson_folder):
    from playground.page.web import PAGE_SCRIPTS

    for name in (*PAGE_SCRIPTS, "playground.css", "batch.css", "chat.css"):
        assert (lesson_folder / "page" / name).read_bytes() == (STATIC / name).read_bytes(), name


def test_every_vocabulary_is_named_by_its_hash_and_only_the_three_are_shipped(lesson_folder):
    files = sorted((lesson_folder / "playground" / "twin" / "files").glob("*/*"))
    for path in files:
        assert hashlib.sha256(path.read_bytes()).hexdigest() == path.parent.name, path
    # GPT-2's merges, BERT's vocab.txt, Llama 2's model and the paper's under-trained list: no o200k, Llama 3...
    assert sorted(p.name for p in files) == ["tokenizer.model", "undertrained.json", "vocab.bpe", "vocab.txt"]
    twins = twins_of(lesson_folder)
    assert sorted(twins) == ["bert", "gpt2", "llama"]
    assert not list((lesson_folder / "playground" / "twin").glob("hf_tokenizers-*.js"))  # no family of theirs


def twins_of(folder: Path) -> dict:
    head = (folder / "index.html").read_text(encoding="utf-8")
    return json.loads(re.search(r"globalThis\.PLAYGROUND_TWINS = (\{.*?\});\n", head).group(1))["tokenizers"]


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
    index = (tmp_path / "index.html").read_text(encoding="utf-8")
    table = re.search(r"<table class='examples premium'>.*?</table>", index).group(0)
    assert re.findall(r"<th>(.*?)</th>", table) == ["language", "GPT-2 byte-level BPE", "Llama 2 SentencePiece"]
    assert table.count("<tr>") == 13  # the head and twelve languages
