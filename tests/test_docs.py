"""The documentation cannot drift from the code: its layout tables and its picture of the layers
are generated here from the package tree, the modules' docstrings and the import-linter
contracts, and its links and ``make`` targets are checked against the files and the Makefile.

A generated block sits between ``<!-- NAME:begin -->`` and ``<!-- NAME:end -->`` markers. When the
tree changes (a module added, moved or given a new docstring), rewrite every block with::

    UPDATE_DOCS=1 .venv/bin/python -m pytest -n 0 -p no:cacheprovider tests/test_docs.py

and commit the result; without ``UPDATE_DOCS`` a stale block fails with a diff.
"""

from __future__ import annotations

import ast
import difflib
import os
import re
import tomllib
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
README = ROOT / "README.md"
DOCS = ROOT / "docs"
UPDATE = os.environ.get("UPDATE_DOCS") == "1"
REGENERATE = "UPDATE_DOCS=1 .venv/bin/python -m pytest -n 0 -p no:cacheprovider tests/test_docs.py"
README_MAX_LINES = 250

#: What a module says about itself when it has no docstring: Django's conventional files.
CONVENTIONAL = {
    "__init__.py": "",
    "admin.py": "Django admin registrations.",
    "apps.py": "The app's configuration (Django's ``AppConfig``).",
    "urls.py": "The app's page URLs, each with its declared access.",
    "api_urls.py": "The app's API URLs, each with its declared access.",
}
SKIPPED_DIRS = {"migrations", "__pycache__", "commands"}


def _contracts() -> list[dict[str, Any]]:
    pyproject: dict[str, Any] = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    return list(pyproject["tool"]["importlinter"]["contracts"])


def _root_packages() -> list[str]:
    """The apps, in the layers contract's order from the bottom (core) to the top (config)."""
    layers = next(c for c in _contracts() if c["type"] == "layers")
    return [str(name) for name in reversed(layers["layers"])]


def _pure_packages() -> list[str]:
    forbidden = next(c for c in _contracts() if c["id"] == "pure-no-frameworks")
    return [str(name) for name in forbidden["source_modules"]]


def _summary(path: Path) -> str:
    """The first sentence of a module's (or a package's ``__init__``) docstring."""
    doc = ast.get_docstring(ast.parse(path.read_text(encoding="utf-8"))) or ""
    paragraph = " ".join(doc.split("\n\n")[0].split())
    if not paragraph:
        return CONVENTIONAL.get(path.name, "")
    end = re.search(r"[.!?](?=\s+[A-Z(`\"])", paragraph)
    sentence = paragraph[: end.end()] if end else paragraph
    return sentence.replace("|", "\\|")


def _packages(root: str) -> Iterator[Path]:
    """A root package and every package inside it, in path order (not migrations)."""
    top = ROOT / root
    yield top
    for init in sorted(top.rglob("__init__.py")):
        folder = init.parent
        if folder != top and not SKIPPED_DIRS & set(folder.relative_to(ROOT).parts):
            yield folder


def _commands(package: Path) -> list[str]:
    folder = package / "management" / "commands"
    return sorted(p.stem for p in folder.glob("*.py") if not p.name.startswith("_"))


def _dotted(folder: Path) -> str:
    return ".".join(folder.relative_to(ROOT).parts)


def _link(path: Path, base: Path) -> str:
    shown = path.relative_to(ROOT).as_posix() + ("/" if path.is_dir() else "")
    return f"[`{shown}`]({os.path.relpath(path, base)}{'/' if path.is_dir() else ''})"


def packages_table() -> str:
    """The README's "where things are": every package of every app, what its docstring says."""
    rows = ["| package | what |", "| --- | --- |"]
    for root in _root_packages():
        for folder in _packages(root):
            if folder.name == "management":
                continue  # its commands are listed on the app's row
            what = _summary(folder / "__init__.py")
            commands = _commands(folder)
            if commands:
                what += " Commands: " + ", ".join(f"`{c}`" for c in commands) + "."
            rows.append(f"| {_link(folder, ROOT)} | {what.strip()} |")
    return "\n".join(rows)


def modules_table() -> str:
    """docs/layout.md: every module of every app and of the benchmarks, with its first sentence."""
    parts: list[str] = []
    for root in [*_root_packages(), "benchmarks"]:
        parts.append(f"### `{root}`\n\n| module | what |\n| --- | --- |")
        files = sorted((ROOT / root).rglob("*.py"))
        for path in files:
            relative = path.relative_to(ROOT)
            if {"migrations", "__pycache__"} & set(relative.parts) or path.name == "__init__.py":
                continue
            parts[-1] += f"\n| {_link(path, DOCS)} | {_summary(path)} |"
    return "\n\n".join(parts)


def layers_picture() -> str:
    """The apps' layers (the import-linter layers contract) with each app's pure package beside
    it (the purity contracts) and that package's own sub-packages, from the tree."""
    pure = _pure_packages()
    width = max(len(r) for r in _root_packages()) + 4
    lines = ["```text"]
    for index, root in enumerate(reversed(_root_packages())):
        beside = [p for p in pure if p.split(".")[0] == root]
        line = root
        for package in beside:
            folder = ROOT.joinpath(*package.split("."))
            inner = sorted(p.name for p in folder.iterdir() if (p / "__init__.py").is_file())
            inside = f": {', '.join(inner)}" if inner else ""
            line = f"{root} {'─' * (width - len(root))} {package} (pure{inside})"
        lines.append(line)
        if index < len(_root_packages()) - 1:
            lines.append("  │ imports only from the layers below")
            lines.append("  ▼")
    lines.append("```")
    lines.append("")
    lines.append("Enforced by `lint-imports` (`make lint`), from `[tool.importlinter]` in")
    lines.append("[`pyproject.toml`](pyproject.toml):")
    lines.append("")
    lines.extend(f"- {contract['name']}" for contract in _contracts())
    return "\n".join(lines)


#: (file, block name, generator): every generated block of the documentation.
BLOCKS: list[tuple[Path, str, Callable[[], str]]] = [
    (README, "picture", layers_picture),
    (README, "packages", packages_table),
    (DOCS / "layout.md", "modules", modules_table),
]


def _markdown_files() -> list[Path]:
    return [README, *sorted(DOCS.rglob("*.md"))]


@pytest.mark.parametrize(
    ("path", "name", "generate"), BLOCKS, ids=[f"{p.name}:{n}" for p, n, _ in BLOCKS]
)
def test_generated_block_matches_the_code(
    path: Path, name: str, generate: Callable[[], str]
) -> None:
    text = path.read_text(encoding="utf-8")
    begin, end = f"<!-- {name}:begin -->", f"<!-- {name}:end -->"
    assert begin in text, f"{path.name} lacks the {name}:begin marker"
    assert end in text, f"{path.name} lacks the {name}:end marker"
    head, rest = text.split(begin, 1)
    current, tail = rest.split(end, 1)
    current = current.strip("\n")
    wanted = generate()
    if current == wanted:
        return
    if UPDATE:
        path.write_text(f"{head}{begin}\n{wanted}\n{end}{tail}", encoding="utf-8")
        return
    diff = "\n".join(
        difflib.unified_diff(
            current.splitlines(), wanted.splitlines(), "in the file", "from the code", lineterm=""
        )
    )
    pytest.fail(f"{path.name}'s {name} block is stale; run\n  {REGENERATE}\n{diff}")


def test_readme_stays_short() -> None:
    lines = len(README.read_text(encoding="utf-8").splitlines())
    assert lines <= README_MAX_LINES, (
        f"README.md has {lines} lines (at most {README_MAX_LINES}): a feature documents itself in "
        "docs/, linked from the README"
    )


#: Folders that are made by running things, not kept in the repository.
MADE_FOLDERS = {"var", "staticfiles", "artifacts", "mutants", "__pycache__", "node_modules"}


def test_readme_names_every_top_level_folder() -> None:
    readme = README.read_text(encoding="utf-8")
    folders = [
        p.name
        for p in ROOT.iterdir()
        if p.is_dir() and not p.name.startswith(".") and p.name not in MADE_FOLDERS
    ]
    missing = [name for name in sorted(folders) if f"`{name}/`" not in readme]
    assert missing == [], f"README.md does not say what these folders are: {missing}"


LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")


@pytest.mark.parametrize("path", _markdown_files(), ids=lambda p: p.relative_to(ROOT).as_posix())
def test_relative_links_point_at_files(path: Path) -> None:
    broken = []
    for target in LINK.findall(path.read_text(encoding="utf-8")):
        if re.match(r"[a-z]+:", target) or target.startswith("#"):
            continue
        if not (path.parent / target.split("#")[0]).exists():
            broken.append(target)
    assert broken == [], f"{path.relative_to(ROOT)} links to missing files: {broken}"


MAKE_TARGET = re.compile(r"^([A-Za-z][\w-]*)\s*:(?!=)", re.MULTILINE)
#: A target named in prose (`make run`) or at the start of a line in a fenced code block.
MAKE_IN_PROSE = re.compile(r"`make ([a-z][\w-]*)")
MAKE_IN_CODE = re.compile(r"^make ([a-z][\w-]*)", re.MULTILINE)
FENCED = re.compile(r"^```[^\n]*\n(.*?)^```", re.MULTILINE | re.DOTALL)


@pytest.mark.parametrize("path", _markdown_files(), ids=lambda p: p.relative_to(ROOT).as_posix())
def test_make_targets_mentioned_exist(path: Path) -> None:
    targets = set(MAKE_TARGET.findall((ROOT / "Makefile").read_text(encoding="utf-8")))
    text = path.read_text(encoding="utf-8")
    mentioned = set(MAKE_IN_PROSE.findall(text))
    for block in FENCED.findall(text):
        mentioned |= set(MAKE_IN_CODE.findall(block))
    assert mentioned - targets == set(), (
        f"{path.relative_to(ROOT)} names targets the Makefile lacks"
    )


def test_operations_lists_every_make_target() -> None:
    targets = set(MAKE_TARGET.findall((ROOT / "Makefile").read_text(encoding="utf-8")))
    listed = set(MAKE_IN_PROSE.findall((DOCS / "operations.md").read_text(encoding="utf-8")))
    assert targets - listed == set(), "docs/operations.md's table of targets lacks these"
