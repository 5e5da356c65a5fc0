"""The JSON command line every game shares: ``replay RECORD.json [--cards CARDS.json] [--lang en|ja]
[--text]``. The record's ``format`` picks the game's ``GameEngine``; a record without a format
goes to the default engine (ZUTOMAYO CARD, whose reader then names the missing field).

Exit codes: 0 the replay ran; 1 the record breaks a rule (the report is printed with
``illegal_input``); 2 the input cannot be read (the message names the field); 3 an internal
error, printed without a traceback.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from judging.engine.core.errors import RecordError
from judging.engine.core.jsontypes import JSON
from judging.engine.core.report import Report

EXIT_OK = 0
EXIT_ILLEGAL = 1
EXIT_UNREADABLE = 2
EXIT_INTERNAL = 3


@dataclass(frozen=True, slots=True)
class GameEngine:
    """How the command line replays one game's records.

    ``replay(record_text, cards_text, lang)`` reads the record (and the optional card catalogue)
    and replays it; it raises ``RecordError`` naming the field when the input cannot be read.
    """

    game: str
    formats: tuple[str, ...]
    replay: Callable[[str, str | None, str], Report]


def read_file(path: str, what: str) -> str:
    try:
        return Path(path).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise RecordError(what, f"cannot read {path}: {exc}") from None


def record_format(text: str) -> str | None:
    """The ``format`` of a record's text, or None (not JSON, not an object, no format)."""
    try:
        data: JSON = json.loads(text)
    except (json.JSONDecodeError, RecursionError):
        return None
    if isinstance(data, dict):
        value = data.get("format")
        return value if isinstance(value, str) else None
    return None


def engine_for(text: str, engines: Sequence[GameEngine]) -> GameEngine:
    fmt = record_format(text)
    for engine in engines:
        if fmt in engine.formats:
            return engine
    return engines[0]


def replay_main(
    record_path: str,
    cards_path: str | None,
    lang: str,
    as_text: bool,
    engines: Sequence[GameEngine],
) -> int:
    """Replay one record file and print the report; returns the exit code."""
    try:
        cards = read_file(cards_path, "--cards") if cards_path is not None else None
        text = read_file(record_path, "record")
        report = engine_for(text, engines).replay(text, cards, lang)
    except RecordError as exc:
        print(f"error: {exc.path}: {exc.message}", file=sys.stderr)
        return EXIT_UNREADABLE
    except Exception as exc:
        print(f"internal error: {type(exc).__name__}: {exc}", file=sys.stderr)
        return EXIT_INTERNAL
    if as_text:
        sys.stdout.write(report.to_text(lang))
    else:
        print(json.dumps(report.to_json(lang), ensure_ascii=False, indent=1))
    return EXIT_ILLEGAL if report.illegal_input is not None else EXIT_OK
