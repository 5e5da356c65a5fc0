"""Files named on a management command's line."""

from __future__ import annotations

from pathlib import Path

from django.core.management.base import CommandError


def read_text(path: Path) -> str:
    """The file's UTF-8 text; a CommandError naming the file when it cannot be read."""
    try:
        return path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise CommandError(f"{path}: cannot read ({exc})") from exc
