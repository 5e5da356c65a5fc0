"""``manage.py judge_replay RECORD.json [--lang en|ja] [--text]``: replay a game record with the
database's cards and print the ruling (JSON, or the judge-facing text with ``--text``).

Exit status 0 when the record was replayed (whatever its outcome), 2 when it cannot be read.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from core.errors import DomainError
from judging.services import record_parse, replay_for_judge


class Command(BaseCommand):
    help = "Replay a zutomayo-game/1 record with the card pool from the database."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("record")
        parser.add_argument("--lang", choices=["en", "ja"], default="en")
        parser.add_argument("--text", action="store_true")

    def handle(self, *args: Any, **options: Any) -> None:
        name = options["record"]
        try:
            data = sys.stdin.buffer.read() if name == "-" else Path(name).read_bytes()
        except OSError as exc:
            raise CommandError(f"{name}: cannot read ({exc.strerror})", returncode=2) from exc
        try:
            result = replay_for_judge(record=record_parse(data), lang=options["lang"])
        except DomainError as exc:
            raise CommandError(f"{name}: {exc.message}", returncode=2) from exc
        lang = options["lang"]
        if options["text"]:
            self.stdout.write(result.text(lang), ending="")
        else:
            self.stdout.write(json.dumps(result.json(lang), ensure_ascii=False, indent=2))
