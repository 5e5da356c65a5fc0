"""Module boundaries inside ``judging.engine``: the import graph between its modules is acyclic.

Every import counts: top level, inside ``if TYPE_CHECKING:`` and inside functions, so a cycle
cannot be hidden by importing late. The package's own ``__init__`` is a node too: a module that
imports a name from ``judging.engine`` itself depends on everything the package exports.
"""

from __future__ import annotations

import ast
from collections.abc import Mapping
from pathlib import Path

import judging.engine

PACKAGE = "judging.engine"
ENGINE_DIR = Path(judging.engine.__file__).parent


def _module_name(path: Path) -> str:
    parts = [PACKAGE, *path.relative_to(ENGINE_DIR).with_suffix("").parts]
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _modules() -> dict[str, Path]:
    """Every module of the engine, the game packages' (``zutomayo``, ``azuki``, …) included."""
    return {_module_name(path): path for path in sorted(ENGINE_DIR.rglob("*.py"))}


def _imported(
    node: ast.Import | ast.ImportFrom, here: str, modules: Mapping[str, Path]
) -> set[str]:
    """The engine modules one import statement loads (``from pkg import sub`` loads ``pkg.sub``)."""
    if isinstance(node, ast.Import):
        return {alias.name for alias in node.names if alias.name in modules}
    base = node.module or ""
    if node.level:  # relative: resolve against this module's package
        parts = here.split(".")[: len(here.split(".")) - node.level]
        base = ".".join([*parts, base] if base else parts)
    found: set[str] = set()
    for alias in node.names:
        sub = f"{base}.{alias.name}"
        if sub in modules:
            found.add(sub)
        elif base in modules:
            found.add(base)
    return found - {here}


def import_graph() -> dict[str, set[str]]:
    """Engine module -> the engine modules it imports, anywhere in its source."""
    modules = _modules()
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        edges: set[str] = set()
        for node in ast.walk(tree):
            if isinstance(node, ast.Import | ast.ImportFrom):
                edges |= _imported(node, name, modules)
        graph[name] = edges
    return graph


def find_cycles(graph: Mapping[str, set[str]]) -> list[list[str]]:
    """One cycle per strongly connected component with more than one module (Tarjan)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    components: list[list[str]] = []

    def visit(node: str) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        on_stack.add(node)
        for nxt in sorted(graph.get(node, ())):
            if nxt not in index:
                visit(nxt)
                low[node] = min(low[node], low[nxt])
            elif nxt in on_stack:
                low[node] = min(low[node], index[nxt])
        if low[node] == index[node]:
            component: list[str] = []
            while True:
                top = stack.pop()
                on_stack.discard(top)
                component.append(top)
                if top == node:
                    break
            if len(component) > 1:
                components.append(sorted(component))

    for node in sorted(graph):
        if node not in index:
            visit(node)
    return components


def test_the_graph_sees_every_module_and_its_imports() -> None:
    graph = import_graph()
    assert f"{PACKAGE}.zutomayo.apply" in graph
    assert f"{PACKAGE}.zutomayo.rules" in graph[f"{PACKAGE}.zutomayo.apply"], (
        "from judging.engine.zutomayo import rules"
    )
    assert f"{PACKAGE}.cli" in graph[f"{PACKAGE}.__main__"]


def test_find_cycles_finds_a_cycle_hidden_in_a_function() -> None:
    assert find_cycles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]
    assert find_cycles({"a": {"b"}, "b": set()}) == []


def test_engine_modules_import_each_other_without_cycles() -> None:
    cycles = find_cycles(import_graph())
    assert cycles == [], f"import cycles inside {PACKAGE}: {cycles}"


def test_engine_modules_import_at_module_level() -> None:
    """No import inside a function or class: a late import is how a cycle gets hidden."""
    late: list[str] = []
    for name, path in _modules().items():
        tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        for node in ast.walk(tree):
            if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
                late += [
                    f"{name}:{inner.lineno}"
                    for inner in ast.walk(node)
                    if isinstance(inner, ast.Import | ast.ImportFrom)
                ]
    assert late == []


def test_engine_modules_do_not_import_the_package_root() -> None:
    """Modules import from the module that defines a name, never from ``judging.engine``."""
    graph = import_graph()
    importers = sorted(name for name, edges in graph.items() if PACKAGE in edges)
    assert importers == []
