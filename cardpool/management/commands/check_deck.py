"""``manage.py check_deck --game GAME [--format NAME] [--date YYYY-MM-DD] FILE``: is this decklist
legal (against the format's ban list in force on that day, today by default), and why not.

Prints ``{"legal", "errors", "warnings", "cards"}`` as JSON. Exit status: 0 legal, 1 illegal,
2 unreadable input (no such file, empty, binary, too long, unknown game or format).
"""

from __future__ import annotations

import datetime as dt
import json
import sys
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db.models import Q

from cardpool.models import Format, Game
from cardpool.services import decklist_check

UNREADABLE = frozenset({"empty_input", "too_long", "binary_data"})
MAX_BYTES = 1024 * 1024


class Command(BaseCommand):
    help = "Check a decklist file (text, CSV or JSON; '-' for standard input)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--game", required=True, choices=Game.Slug.values)
        parser.add_argument("--format", dest="format_name", default=None)
        parser.add_argument(
            "--date", dest="day", default=None, help="YYYY-MM-DD: the ban list in force that day"
        )
        parser.add_argument("--lang", choices=["en", "ja"], default="en")
        parser.add_argument(
            "--input-format", choices=["auto", "text", "csv", "json"], default="auto"
        )
        parser.add_argument("file")

    def _read(self, name: str) -> bytes:
        try:
            if name == "-":
                return sys.stdin.buffer.read(MAX_BYTES + 1)
            with Path(name).open("rb") as handle:
                return handle.read(MAX_BYTES + 1)
        except OSError as exc:
            raise CommandError(f"{name}: cannot read ({exc.strerror})", returncode=2) from exc

    def handle(self, *args: Any, **options: Any) -> None:
        game = options["game"]
        format_id = None
        if options["format_name"]:
            name = options["format_name"]
            found = Format.objects.filter(
                Q(slug=name) | Q(name__iexact=name), game__slug=game
            ).first()
            if found is None:
                raise CommandError(f"--format: no {game} format named {name!r}", returncode=2)
            format_id = found.pk
        day = None
        if options["day"]:
            try:
                day = dt.date.fromisoformat(options["day"])
            except ValueError as exc:
                raise CommandError(
                    f"--date: {options['day']!r} is not a date (YYYY-MM-DD)", returncode=2
                ) from exc
        data = self._read(options["file"])
        report = decklist_check(
            game=game, data=data, fmt=options["input_format"], format_id=format_id, on=day
        )
        self.stdout.write(json.dumps(report.as_dict(options["lang"]), ensure_ascii=False, indent=2))
        if any(issue.code in UNREADABLE for issue in report.errors):
            sys.exit(2)
        if not report.legal:
            sys.exit(1)
