"""The pure packages load without Django, and keep to the standard library; app code hides no
import of our own modules inside a function.

The order of the apps (core → cardpool → tournaments → judging) and the purity of the three pure
packages are also import-linter contracts (``[tool.importlinter]`` in pyproject.toml, run by
``lint-imports`` in ``make lint``), which see imports inside functions too.
"""

from __future__ import annotations

import ast
import subprocess
import sys
import tokenize
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PURE_PACKAGES = ("judging.engine", "tournaments.pairing", "cardpool.legality")
FRAMEWORKS = ("django", "rest_framework", "celery", "redis", "kombu", "psycopg")
APPS = ("core", "cardpool", "tournaments", "judging")
OUR_ROOTS = frozenset({*APPS, "config"})


def test_pure_packages_import_no_framework_module() -> None:
    code = (
        "import sys\n"
        f"for name in {PURE_PACKAGES!r}:\n"
        "    __import__(name)\n"
        f"bad = sorted(m for m in sys.modules if m.split('.')[0] in {FRAMEWORKS!r})\n"
        "print(','.join(bad))\n"
    )
    env = {"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT)}
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True, check=True
    )
    assert out.stdout.strip() == ""


@pytest.mark.parametrize("package", PURE_PACKAGES)
def test_pure_package_imports_only_stdlib_and_itself(package: str) -> None:
    folder = ROOT.joinpath(*package.split("."))
    allowed_roots = set(sys.stdlib_module_names) | {package.split(".")[0]}
    offenders = []
    for path in folder.rglob("*.py"):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            names: list[str] = []
            if isinstance(node, ast.Import):
                names = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.level == 0 and node.module:
                names = [node.module]
            for name in names:
                if name.split(".")[0] not in allowed_roots:
                    offenders.append(f"{path.relative_to(ROOT)}: {name}")
                if name.split(".")[0] == package.split(".")[0] and not name.startswith(package):
                    offenders.append(f"{path.relative_to(ROOT)}: {name} (outside the pure package)")
    assert offenders == []


def _imports_inside_functions(tree: ast.AST) -> list[tuple[int, str]]:
    """(line, module) of every import statement in a function body, relative ones as ".x"."""
    found = []
    for function in ast.walk(tree):
        if not isinstance(function, ast.FunctionDef | ast.AsyncFunctionDef):
            continue
        for node in ast.walk(function):
            if isinstance(node, ast.Import):
                found += [(node.lineno, alias.name) for alias in node.names]
            elif isinstance(node, ast.ImportFrom):
                found.append((node.lineno, "." * node.level + (node.module or "")))
    return found


def test_app_code_imports_none_of_our_modules_inside_a_function() -> None:
    """An import inside a function is how an import cycle hides: app modules import each other
    at the top. (Heavy optional libraries such as redis may still load lazily. The pure packages
    answer to their own contracts above.)"""
    pure_folders = tuple(ROOT.joinpath(*package.split(".")) for package in PURE_PACKAGES)
    offenders = []
    for app in APPS:
        for path in sorted(ROOT.joinpath(app).rglob("*.py")):
            if "migrations" in path.parts or any(map(path.is_relative_to, pure_folders)):
                continue
            tree = ast.parse(path.read_text(encoding="utf-8"))
            for line, module in _imports_inside_functions(tree):
                if module.startswith(".") or module.split(".")[0] in OUR_ROOTS:
                    offenders.append(f"{path.relative_to(ROOT)}:{line}: {module}")
    assert offenders == []


#: The most lines of application code (config and the apps, migrations aside) whose code may
#: name ``Any`` (comments and strings do not count). Issue 32 more than halved them (418 lines
#: held the word, comments included): selectors, presenters and templates exchange dataclasses
#: and TypedDicts, and JSON is typed as JSON. Lower this when you remove more; a new ``Any``
#: needs a reason good enough to raise it.
ANY_CEILING = 129


def _lines_naming_any(path: Path) -> set[int]:
    """The lines of ``path`` whose code names ``Any`` (not its comments or strings)."""
    with path.open("rb") as source:
        return {
            token.start[0]
            for token in tokenize.tokenize(source.readline)
            if token.type == tokenize.NAME and token.string == "Any"
        }


def test_application_code_names_any_on_no_more_lines_than_the_ceiling() -> None:
    found = {
        f"{path.relative_to(ROOT)}:{line}"
        for root in (*APPS, "config")
        for path in sorted(ROOT.joinpath(root).rglob("*.py"))
        if "migrations" not in path.parts
        for line in _lines_naming_any(path)
    }
    assert len(found) <= ANY_CEILING, (
        f"{len(found)} lines name Any, above the ceiling of {ANY_CEILING}: type the new ones "
        "(a dataclass, a TypedDict, JSON, object), or raise ANY_CEILING with a reason"
    )
