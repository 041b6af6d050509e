"""The playground package's imports, read from its source with ast: no module imports itself back through
others (a circle works only as long as each import happens to run late enough), and each layer imports only
the ones below it (playground/__init__.py): tokenizers <- lesson <- page.

Every import counts, at module level or inside a function: one inside a function hides a circle from Python
until the function runs, not from a reader.
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


def test_no_module_imports_itself_back():
    try:
        order = list(TopologicalSorter(import_graph()).static_order())
    except CycleError as err:
        raise AssertionError(f"an import circle: {' -> '.join(err.args[1])}; move what both need into a module "
                             "that imports neither") from None
    assert "playground.page.web" in order


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
    assert "playground.page.render -> playground.lesson.lecture" in imports_into("playground.page", "playground.lesson")
