"""The playground package's imports, read from its source with ast: no module imports itself back through
others (a circle works only as long as each import happens to run late enough), and each layer imports only
the ones below it (playground/__init__.py): tokenizers <- lesson <- page.

Every import counts, at module level or inside a function: one inside a function hides a circle from Python
until the function runs, not from a reader. And no hand-written module is longer than a reader can hold.
"""

from __future__ import annotations

import ast
from graphlib import CycleError, TopologicalSorter
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "playground"


def module_name(path: Path) -> str:
    """playground/page/web.py -> "playground.page.web"; playground/lesson/__init__.py -> "playground.lesson"."""
    parts = path.relative_to(PACKAGE.parent).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def modules() -> dict[str, Path]:
    return {module_name(path): path for path in sorted(PACKAGE.rglob("*.py"))}


def imported(node: ast.Import | ast.ImportFrom, known: dict[str, Path]) -> set[str]:
    """The playground modules one import statement names: `from playground.page import server, work` names the
    modules server and work; `from playground.page.inputs import quote` names inputs."""
    if isinstance(node, ast.Import):
        return {alias.name for alias in node.names if alias.name in known}
    named = {f"{node.module}.{alias.name}" for alias in node.names} & known.keys()
    return named or ({node.module} & known.keys())


def import_graph() -> dict[str, set[str]]:
    """Each playground module -> the playground modules it imports, anywhere in its source."""
    known = modules()
    graph = {}
    for name, path in known.items():
        nodes = [node for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"), filename=str(path)))
                 if isinstance(node, (ast.Import, ast.ImportFrom))]
        relative = [node.lineno for node in nodes if isinstance(node, ast.ImportFrom) and node.level]
        assert not relative, f"{path}:{relative[0]}: write the import absolute, as every module does (read here)"
        graph[name] = set().union(*(imported(node, known) for node in nodes)) - {name}
    return graph


def test_the_graph_is_read_from_the_source():
    """The reader itself: a module-level import, a function-level one, a module named in `from package import`."""
    graph = import_graph()
    assert "playground.page.server" in graph["playground.page.ask_route"]  # from playground.page import server
    assert "playground.page.inputs" in graph["playground.page.ask_route"]  # from playground.page.inputs import ...
    assert "playground.page.ask_route" in graph["playground.page.web"]  # inside app_kwargs()
    # gpt2.py's two playground imports, and none of tiktoken's (not playground modules)
    assert graph["playground.tokenizers.gpt2"] == {"playground.tokenizers.assets", "playground.tokenizers.tiktoken_bpe"}


def import_circle(graph: dict[str, set[str]]) -> list[str]:
    """One import circle of the graph, as the modules round it (the first again at the end); [] if it has none."""
    try:
        TopologicalSorter(graph).prepare()
    except CycleError as err:
        return err.args[1]
    return []


def test_no_module_imports_itself_back():
    circle = import_circle(import_graph())
    assert circle == [], f"an import circle: {' -> '.join(circle)}; move what both need into a module that imports neither"


def test_an_import_circle_reads_as_one():
    """The check above can fail: base.py importing web.py would close a circle (web reaches base through the
    registry), and it is found, named module by module."""
    graph = import_graph()
    graph["playground.tokenizers.base"] = graph["playground.tokenizers.base"] | {"playground.page.web"}
    circle = import_circle(graph)
    assert circle[0] == circle[-1] and {"playground.tokenizers.base", "playground.page.web"} <= set(circle), circle


def imports_into(layer: str, lower: str) -> list[str]:
    """The imports of modules in `layer` that reach into `lower`'s package, as "importer -> imported"."""
    return sorted(f"{importer} -> {name}" for importer, names in import_graph().items()
                  if importer.startswith(layer + ".") for name in names if name == lower or name.startswith(lower + "."))


def test_the_tokenizers_import_nothing_of_the_lesson_or_the_page():
    assert imports_into("playground.tokenizers", "playground.lesson") == []
    assert imports_into("playground.tokenizers", "playground.page") == []


def test_the_lesson_imports_nothing_of_the_page():
    assert imports_into("playground.lesson", "playground.page") == []


def test_a_layer_reads_as_reaching_up_when_it_does():
    """The check above can fail: the page does import the lesson (a layer above the one below it)."""
    assert "playground.page.embedding_view -> playground.lesson.display" in imports_into("playground.page", "playground.lesson")


MAX_MODULE_LINES = 500  # past this a module holds more than one job: split it by concern (server/, chat_formats.py)


def hand_written_modules() -> list[Path]:
    """The package's Python and JavaScript, but the bundle scripts/build_browser.mjs writes (static/twin/) and the
    tables a script generates (their first line says "Generated by")."""
    paths = [path for pattern in ("*.py", "*.js", "*.mjs") for path in PACKAGE.rglob(pattern)
             if "twin" not in path.relative_to(PACKAGE).parts]
    return sorted(path for path in paths if not path.read_text(encoding="utf-8").startswith("// Generated by"))


def test_no_hand_written_module_is_over_500_lines():
    long = {str(path.relative_to(PACKAGE.parent)): n for path in hand_written_modules()
            if (n := len(path.read_text(encoding="utf-8").splitlines())) > MAX_MODULE_LINES}
    assert long == {}, f"split these by concern, one job a module (architecture.md): {long}"
    assert PACKAGE / "page" / "web.py" in hand_written_modules()  # the check reads the modules it is about
    assert PACKAGE / "page" / "static" / "update.js" in hand_written_modules()
