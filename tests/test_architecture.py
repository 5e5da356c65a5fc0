"""The pure packages load without Django, and keep to the standard library."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PURE_PACKAGES = ("judging.engine", "tournaments.pairing", "cardpool.legality")
FRAMEWORKS = ("django", "rest_framework", "celery", "redis", "kombu", "psycopg")


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
