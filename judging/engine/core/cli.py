"""The JSON command line every game shares: ``replay RECORD.json [--cards CARDS.json] [--lang en|ja]
[--text]``. The record's ``format`` picks the game's plug-in (``pick``, the registry's choice); a
record whose format is missing or that no game reads is refused at ``format``, with the formats
every game reads (not handed to one game's reader, which could only name some other field).

Exit codes: 0 the replay ran; 1 the record breaks a rule (the report is printed with
``illegal_input``); 2 the input cannot be read (the message names the field); 3 an internal
error, printed without a traceback.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable
from pathlib import Path

from judging.engine.core.errors import RecordError
from judging.engine.core.jsonread import decode_utf8, load_json, unwrap_record
from judging.engine.core.jsontypes import JSON
from judging.engine.core.plugin import GamePlugin

EXIT_OK = 0
EXIT_ILLEGAL = 1
EXIT_UNREADABLE = 2
EXIT_INTERNAL = 3


def read_file(path: str, what: str) -> str:
    """A file's UTF-8 text; ``what`` names it in the error (``record``, ``--cards``)."""
    try:
        raw = Path(path).read_bytes()
    except OSError as exc:
        raise RecordError(what, f"cannot read {path}: {exc}") from None
    return decode_utf8(raw, what)


def record_format(text: str) -> JSON:
    """The ``format`` of a record's text (inside an example file's wrapper, as every game reads
    it), None when it names none; ``RecordError`` when the text is not a JSON object."""
    data = unwrap_record(load_json(text, "record"))
    if not isinstance(data, dict):
        raise RecordError("record", "must be an object")
    return data.get("format")


def exit_for(exc: Exception) -> int:
    """The exit code of a command that met ``exc``, its line written to standard error: a
    ``RecordError`` is unreadable input (where and what), anything else an internal error."""
    if isinstance(exc, RecordError):
        print(f"error: {exc.path}: {exc.message}", file=sys.stderr)
        return EXIT_UNREADABLE
    print(f"internal error: {type(exc).__name__}: {exc}", file=sys.stderr)
    return EXIT_INTERNAL


def replay_main(
    record_path: str,
    cards_path: str | None,
    lang: str,
    as_text: bool,
    pick: Callable[[JSON], GamePlugin],
) -> int:
    """Replay one record file with the game ``pick`` gives for its format (``record_format``;
    ``pick`` raises ``RecordError`` at ``format`` when no game reads it) and print the report;
    returns the exit code."""
    try:
        cards = read_file(cards_path, "--cards") if cards_path is not None else None
        text = read_file(record_path, "record")
        report = pick(record_format(text)).replay_text(text, cards, lang)
    except Exception as exc:
        return exit_for(exc)
    if as_text:
        sys.stdout.write(report.to_text(lang))
    else:
        print(json.dumps(report.to_json(lang), ensure_ascii=False, indent=1))
    return EXIT_ILLEGAL if report.illegal_input is not None else EXIT_OK
