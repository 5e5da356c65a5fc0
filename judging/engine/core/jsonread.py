"""Reading JSON input field by field, the same way for every game: each reader returns the value
with its type narrowed, or raises ``RecordError`` naming the field (``players[0].deck``), so that
the command line and the judge pages can say exactly what to fix."""

from __future__ import annotations

import json
from collections.abc import Sequence

from judging.engine.core.errors import RecordError
from judging.engine.core.jsontypes import JSON

MAX_DEPTH = 32
"""No input of any game needs more nesting than this (a record, a card list); deeper input is
refused as unreadable, before a reader that recurses could run out of stack on it."""
TOO_DEEP = f"nested too deeply (more than {MAX_DEPTH} levels)"

_BOM = "\ufeff"


def decode_utf8(raw: bytes, what: str) -> str:
    """The text of a file's bytes; ``what`` names the file in the error. A byte order mark is
    kept here and skipped by ``load_json`` (editors on Windows write one)."""
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise RecordError(
            what, f"not UTF-8 text (byte 0x{raw[exc.start]:02x} at offset {exc.start})"
        ) from None


def load_json(text: str, what: str) -> JSON:
    """The parsed text; ``what`` names the input in the error (``record``, ``--cards``). A
    leading byte order mark is skipped. Every way ``json.loads`` can refuse a text is an
    unreadable input here: nesting deep enough to exhaust the parser's recursion, and an integer
    with more digits than Python converts, raise ``RecursionError`` and ``ValueError`` there."""
    try:
        data: JSON = json.loads(text.removeprefix(_BOM))
    except json.JSONDecodeError as exc:
        raise RecordError(what, f"not valid JSON (line {exc.lineno}: {exc.msg})") from None
    except RecursionError:
        raise RecordError(what, TOO_DEEP) from None
    except ValueError:
        raise RecordError(what, "not readable JSON (a number with too many digits)") from None
    check_depth(data, what)
    return data


def check_depth(data: JSON, what: str) -> None:
    """Refuse a document nested deeper than ``MAX_DEPTH``, checked without recursion: every
    game's ``parse`` runs it too, as the judge pages hand it JSON parsed elsewhere."""
    stack: list[tuple[JSON, int]] = [(data, 1)]
    while stack:
        value, depth = stack.pop()
        if depth > MAX_DEPTH:
            raise RecordError(what, TOO_DEEP)
        if isinstance(value, dict):
            stack.extend((item, depth + 1) for item in value.values())
        elif isinstance(value, list):
            stack.extend((item, depth + 1) for item in value)


def read_format(value: JSON, formats: Sequence[str], game: str = "") -> str:
    """A record's ``format``, one of ``formats``; else a ``RecordError`` at ``format`` that says
    whether it is missing or unknown and lists the known ones (``game``: the reader's name, when
    the formats are one game's rather than every game's)."""
    known = f"known{f' to {game}' if game else ''}: {', '.join(formats)}"
    if value is None:
        raise RecordError("format", f"missing (a record names its format); {known}")
    if not isinstance(value, str):
        raise RecordError("format", f"must be a string naming the record format; {known}")
    if value not in formats:
        raise RecordError("format", f"unknown record format {value!r}; {known}")
    return value


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
