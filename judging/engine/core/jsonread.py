"""Reading JSON input field by field, the same way for every game: each reader returns the value
with its type narrowed, or raises ``RecordError`` naming the field (``players[0].deck``), so that
the command line and the judge pages can say exactly what to fix."""

from __future__ import annotations

import json

from judging.engine.core.errors import RecordError
from judging.engine.core.jsontypes import JSON


def load_json(text: str, what: str) -> JSON:
    """The parsed text; ``what`` names the input in the error (``record``, ``--cards``)."""
    try:
        data: JSON = json.loads(text)
    except json.JSONDecodeError as exc:
        raise RecordError(what, f"not valid JSON (line {exc.lineno}: {exc.msg})") from None
    return data


def read_obj(value: JSON, path: str, allowed: tuple[str, ...] | None = None) -> dict[str, JSON]:
    """An object; with ``allowed``, one whose every field is among them."""
    if not isinstance(value, dict):
        raise RecordError(path, "must be an object")
    if allowed is not None:
        unknown = sorted(set(value) - set(allowed))
        if unknown:
            raise RecordError(
                f"{path}.{unknown[0]}", f"unknown field (known: {', '.join(allowed)})"
            )
    return value


def read_list(value: JSON, path: str) -> list[JSON]:
    if not isinstance(value, list):
        raise RecordError(path, "must be a list")
    return value


def read_str(value: JSON, path: str) -> str:
    """A non-empty string."""
    if not isinstance(value, str) or not value:
        raise RecordError(path, "must be a non-empty string")
    return value


def unwrap_record(data: JSON) -> JSON:
    """The record inside an example file's wrapper (``{"title", "record", "expect"}``, as the
    golden files have), or the data itself."""
    if isinstance(data, dict) and "format" not in data and isinstance(data.get("record"), dict):
        return data["record"]
    return data
