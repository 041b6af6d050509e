"""Every code block of README.md and docs/*.md runs, and prints what the text says it prints.

A block's language says how it is checked:

- ```python: doctest lines (`>>> `) are run by doctest, which compares their output (with ELLIPSIS and
  NORMALIZE_WHITESPACE); any other block is run and must not raise. A file's Python blocks run in order in one
  namespace, as a reader would type them: a block that uses `client` before the text has made it fails.
- ```console: a transcript. Each `$ command` is run from the repository's root and its output (stdout and
  stderr) must be the lines that follow it; a line `...` stands for any number of lines.
- ```bash: commands alone. Each is run and must exit 0, but for those named in NOT_RUN with the reason.
- ```http: a request (method and path, headers, a blank line, the body), then `HTTP/1.1 <status>` and a JSON
  document the answer must contain (see `contains`), sent to a launched app.
- SHOWN_ONLY languages are configuration, data or pseudo-code: read, not run.

A block of any other language fails the test, so that a new kind of snippet gets a way to be checked.
"""

from __future__ import annotations

import doctest
import json
import os
import re
import subprocess
import sys
import textwrap
import urllib.error
import urllib.request
from pathlib import Path
from typing import NamedTuple

import pytest

ROOT = Path(__file__).resolve().parent.parent
DOCUMENTS = [ROOT / "README.md", *sorted((ROOT / "docs").glob("*.md"))]
DOCUMENTED_URL = "http://127.0.0.1:7860/"  # the address the text uses for `python app.py`
SHOWN_ONLY = {"nginx", "html", "yaml", "text", "json", ""}

# Commands that are shown, not run here, each with the reason. Anything else in a ```bash block is run.
NOT_RUN = {
    r"^pip install": "installs packages: the environment these tests run in is that install",
    r"python app\.py": "starts the server, which runs until it is stopped (tests start it with bench/serve.py)",
    r"\bhf (auth|upload)\b": "needs the network and a Hugging Face account",
    r"python -m pytest|\.ci/run": "the test command itself",
}


class Block(NamedTuple):
    path: Path
    line: int  # of the opening fence, 1-based
    language: str
    text: str

    @property
    def where(self) -> str:
        return f"{self.path.relative_to(ROOT)}:{self.line}"


FENCE = re.compile(r"^([ \t]*)```([\w-]*)[^\n]*\n(.*?)^\1```[ \t]*$", re.MULTILINE | re.DOTALL)  # in a list too


def blocks(path: Path) -> list[Block]:
    source = path.read_text(encoding="utf-8")
    return [Block(path, source.count("\n", 0, m.start()) + 1, m.group(2), textwrap.dedent(m.group(3)))
            for m in FENCE.finditer(source)]


ALL_BLOCKS = [b for path in DOCUMENTS for b in blocks(path)]


def of(language: str) -> list[Block]:
    return [b for b in ALL_BLOCKS if b.language == language]


def test_every_block_has_a_way_to_be_checked():
    unknown = [f"{b.where} ```{b.language}" for b in ALL_BLOCKS
               if b.language not in {"python", "console", "bash", "http"} | SHOWN_ONLY]
    assert unknown == [], "say how these are run (tests/test_docs.py), or mark them as shown only"


LINK = re.compile(r"\]\(([^)\s]+)\)")  # [text](target) and ![alt](target)


def anchors(path: Path) -> set[str]:
    """The anchors GitHub makes of a document's headings: lowercased, punctuation dropped, spaces as hyphens."""
    headings = re.findall(r"^#+ (.+)$", FENCE.sub("", path.read_text(encoding="utf-8")), re.MULTILINE)
    return {re.sub(r"[^\w\- ]", "", h.strip().lower()).replace(" ", "-") for h in headings}


@pytest.mark.parametrize("path", DOCUMENTS, ids=[str(p.relative_to(ROOT)) for p in DOCUMENTS])
def test_every_link_to_the_repository_reaches_a_file_and_its_heading(path):
    broken = []
    for target in LINK.findall(FENCE.sub("", path.read_text(encoding="utf-8"))):
        if re.match(r"[a-z]+:", target):
            continue  # another site: not checked offline
        file, _, anchor = target.partition("#")
        linked = (path.parent / file).resolve() if file else path
        if not linked.exists() or (anchor and linked.suffix == ".md" and anchor not in anchors(linked)):
            broken.append(target)
    assert broken == []


@pytest.fixture
def app(served_app):
    """The app, for the blocks that talk to it; its address stands in for the text's."""
    return served_app


def needs_app(text: str) -> bool:
    return DOCUMENTED_URL.rstrip("/") in text or "Client(" in text


def at(text: str, url: str | None) -> str:
    return text if url is None else text.replace(DOCUMENTED_URL.rstrip("/"), url.rstrip("/"))


# --- Python ---------------------------------------------------------------------------------------------------

PYTHON_FILES = sorted({b.path for b in of("python")})


def run_python_blocks(where_and_texts: list[tuple[str, int, str]]) -> list[str]:
    """Run a file's Python blocks in order in one namespace; the failures, as doctest reports them."""
    namespace: dict = {"__name__": "__docs__"}
    parser = doctest.DocTestParser()
    runner = doctest.DocTestRunner(optionflags=doctest.ELLIPSIS | doctest.NORMALIZE_WHITESPACE)
    failures: list[str] = []
    for where, line, text in where_and_texts:
        if ">>> " in text:
            test = parser.get_doctest(text, namespace, where, where, line)  # runs in a copy of the namespace
            runner.run(test, out=failures.append, clear_globs=False)
            namespace.update(test.globs)
        else:
            try:
                exec(compile(text, where, "exec"), namespace)
            except Exception as error:  # noqa: BLE001 - the text's reader would see this
                failures.append(f"{where}: {type(error).__name__}: {error}")
        if failures:
            break  # what follows builds on this block
    return failures


@pytest.mark.slow
@pytest.mark.parametrize("path", PYTHON_FILES, ids=[str(p.relative_to(ROOT)) for p in PYTHON_FILES])
def test_python_blocks_run_in_order_and_print_what_they_show(path, request):
    """In a fresh interpreter, from the repository's root, as a reader types them: what the blocks register or
    load stays out of the other tests' process."""
    file_blocks = [b for b in of("python") if b.path == path]
    url = request.getfixturevalue("app") if any(needs_app(b.text) for b in file_blocks) else None
    blocks_json = json.dumps([(b.where, b.line, at(b.text, url)) for b in file_blocks])
    script = ("import json, sys; sys.path[:0] = ['tests', 'bench']; from test_docs import run_python_blocks; "
              "print(json.dumps(run_python_blocks(json.loads(sys.stdin.read()))))")
    done = subprocess.run([sys.executable, "-c", script], cwd=ROOT, input=blocks_json, capture_output=True,
                          text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    failures = json.loads(done.stdout.splitlines()[-1])
    assert not failures, "\n".join(failures)


# --- Shell ----------------------------------------------------------------------------------------------------

def shell(command: str, timeout: int = 300) -> subprocess.CompletedProcess:
    """`command` as a reader's shell runs it from the repository root, `python` being this interpreter."""
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}"}
    for name in ("FORCE_COLOR", "COLUMNS", "LINES"):  # the reader's terminal is not the text's: piped, 100 wide
        env.pop(name, None)
    return subprocess.run(["bash", "-c", command], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=timeout)


def transcript(text: str) -> list[tuple[str, list[str]]]:
    """[(command, the lines shown after it)] of a ```console block."""
    steps: list[tuple[str, list[str]]] = []
    for line in text.splitlines():
        if line.startswith("$ "):
            steps.append((line[2:], []))
        elif steps:
            steps[-1][1].append(line)
        elif line.strip():
            raise AssertionError(f"a console block starts with its first `$ ` command, not {line!r}")
    return steps


def output_matches(shown: list[str], printed: str) -> bool:
    """Whether `printed` is `shown` line by line (trailing spaces aside), `...` standing for any lines."""
    pattern = "".join(r"(?:[^\n]*\n)*?" if line == "..." else re.escape(line.rstrip()) + r"\n" for line in shown)
    lines = "".join(line.rstrip() + "\n" for line in printed.splitlines())
    return re.fullmatch(pattern, lines) is not None


CONSOLE = of("console")


@pytest.mark.slow
@pytest.mark.parametrize("block", CONSOLE, ids=[b.where for b in CONSOLE])
def test_console_transcripts_print_what_they_show(block, request):
    url = request.getfixturevalue("app") if needs_app(block.text) else None
    for command, shown in transcript(block.text):
        while shown and not shown[-1].strip():
            shown.pop()
        done = shell(at(command, url))
        assert output_matches(shown, done.stdout + done.stderr), (
            f"{block.where}: $ {command}\nshown:\n" + "\n".join(shown) + f"\nprinted:\n{done.stdout}{done.stderr}")


def commands(text: str) -> list[str]:
    """The commands of a ```bash block: comments dropped, continued lines joined."""
    joined = re.sub(r"\\\n\s*", " ", text)
    return [line.split("  #")[0].strip() for line in joined.splitlines() if line.strip() and not line.lstrip().startswith("#")]


def reason_not_run(command: str) -> str | None:
    return next((why for pattern, why in NOT_RUN.items() if re.search(pattern, command)), None)


BASH = of("bash")


@pytest.mark.parametrize("block", BASH, ids=[b.where for b in BASH])
def test_bash_commands_run(block):
    for command in commands(block.text):
        if reason_not_run(command):
            continue
        done = shell(command)
        assert done.returncode == 0, f"{block.where}: $ {command}\n{done.stdout}{done.stderr}"


def test_the_commands_not_run_are_the_install_the_server_and_the_tests():
    """What NOT_RUN keeps from running: each pattern names a command some block has (a pattern no block needs
    would hide the next one that matches it), and the README's two commands (install and run; the tests)."""
    shown = [c for b in BASH for c in commands(b.text)]
    for pattern in NOT_RUN:
        assert any(re.search(pattern, c) for c in shown), f"no block has a command {pattern!r}: drop it from NOT_RUN"
    readme = [c for b in BASH if b.path.name == "README.md" for c in commands(b.text)]
    assert "pip install -r requirements.txt && python app.py" in readme
    assert "pip install -r requirements-dev.txt && python -m pytest -q" in readme


# --- HTTP -----------------------------------------------------------------------------------------------------

class Exchange(NamedTuple):
    method: str
    path: str
    headers: dict[str, str]
    body: bytes
    status: int
    expected: object


def exchange(text: str) -> Exchange:
    head, _, rest = text.partition("\n\n")
    request_line, *header_lines = head.splitlines()
    method, path = request_line.split()
    answer = re.search(r"^HTTP/1\.1 (\d{3})[^\n]*\n", rest, re.MULTILINE)
    assert answer, "an http block shows `HTTP/1.1 <status>` and the answer after its request"
    headers = dict(line.split(": ", 1) for line in header_lines)
    return Exchange(method, path, headers, rest[:answer.start()].strip().encode("utf-8"), int(answer.group(1)),
                    json.loads(rest[answer.end():]))


def contains(answer, shown) -> bool:
    """Whether `answer` holds what the text shows: each key shown, with a value it contains; a string ending in
    "…" stands for any string that starts with what comes before it; a list ending in "…" for any list that
    starts with the elements shown."""
    if isinstance(shown, dict):
        return isinstance(answer, dict) and all(k in answer and contains(answer[k], v) for k, v in shown.items())
    if isinstance(shown, list):
        if shown and shown[-1] == "…":
            return isinstance(answer, list) and len(answer) >= len(shown) - 1 and all(
                contains(a, s) for a, s in zip(answer, shown[:-1]))
        return isinstance(answer, list) and len(answer) == len(shown) and all(map(contains, answer, shown))
    if isinstance(shown, str) and shown.endswith("…"):
        return isinstance(answer, str) and answer.startswith(shown[:-1])
    return answer == shown and type(answer) is type(shown)


def test_contains_reads_the_ellipses_as_the_text_means_them():
    assert contains({"a": [1, 2, 3], "b": "Hello world"}, {"a": [1, "…"], "b": "Hello…"})
    assert not contains({"a": [1, 2]}, {"a": [1]})  # a list without "…" is the whole list
    assert not contains({"a": [2, 3]}, {"a": [1, "…"]})
    assert not contains({"b": "Hi"}, {"b": "Hello…"})
    assert not contains({"n": 1}, {"n": True})  # JSON's 1 is not true
    assert not contains({}, {"missing": None})


HTTP = of("http")


@pytest.mark.slow
@pytest.mark.parametrize("block", HTTP, ids=[b.where for b in HTTP])
def test_http_examples_answer_what_they_show(block, app):
    shown = exchange(block.text)
    request = urllib.request.Request(app.rstrip("/") + shown.path, data=shown.body or None, method=shown.method,
                                     headers=shown.headers)
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            status, body = response.status, response.read()
    except urllib.error.HTTPError as error:
        status, body = error.code, error.read()
    assert status == shown.status, f"{block.where}: {status} {body[:300]!r}"
    answer = json.loads(body)
    assert contains(answer, shown.expected), f"{block.where}: the answer was {json.dumps(answer)[:2000]}"


def test_the_readme_is_read_in_five_minutes():
    """At most 300 lines (the rest belongs in docs/), and no issue numbers: outside the project they mean nothing."""
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    assert len(readme.splitlines()) <= 300
    for path in DOCUMENTS:
        assert not re.search(r"\bissues? ?#?\d+", path.read_text(encoding="utf-8"), re.IGNORECASE), path


# Counts the docs spell out in words, and the data each counts: a word is checked here rather than read from the data
# (a page is prose), so when the data changes this test names the pages to rewrite.
SPELLED_OUT = (("eight", r"\b(?:the|all) eight\b", "TOKENIZER_NAMES"), ("six", r"\bsix examples\b", "EXAMPLES"),
               ("twelve", r"\btwelve (?:FLORES-200 )?languages\b", "LANGUAGES"))


def test_the_counts_the_docs_spell_out_are_the_datas():
    from playground.lesson.display import in_words
    from playground.lesson.examples import EXAMPLES
    from playground.lesson.premium import LANGUAGES
    from playground.tokenizers.registry import TOKENIZER_NAMES

    data = {"TOKENIZER_NAMES": TOKENIZER_NAMES, "EXAMPLES": EXAMPLES, "LANGUAGES": LANGUAGES}
    for word, phrase, name in SPELLED_OUT:
        pages = [path.name for path in DOCUMENTS if re.search(phrase, path.read_text(encoding="utf-8"))]
        assert pages, f"no page says {phrase!r} any more: take it out of SPELLED_OUT"
        assert in_words(len(data[name])) == word, f"{name} has {len(data[name])}: rewrite {word!r} in {pages}"


def test_the_page_tables_line_counts_are_the_files():
    """architecture.md's table of the page layer gives each file's lines: read from the files, so none goes stale."""
    text = (ROOT / "docs" / "architecture.md").read_text(encoding="utf-8")
    rows = re.findall(r"^\| `([^`*]+)`(?:, `([^`*]+)`)? \|.*\| ([\d, ]+) \|$", text, re.M)
    stated = {name: int(count) for *names, counts in rows
              for name, count in zip(filter(None, names), counts.replace(" ", "").split(","))}
    real = {name: len((ROOT / "playground" / "page" / name).read_text(encoding="utf-8").splitlines()) for name in stated}
    assert len(stated) > 30 and "server/guard.py" in stated  # the table is read
    wrong = {name: f"{n} in the table, {real[name]} in the file" for name, n in stated.items() if n != real[name]}
    assert wrong == {}, "architecture.md's line counts: write the files' own"
