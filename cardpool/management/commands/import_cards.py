"""``manage.py import_cards --game GAME PATH``: import or update cards from JSON or CSV."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from cardpool.importers import CardRecordError, records_from_text
from cardpool.models import Game
from cardpool.services import card_import
from core.errors import DomainError
from core.management.files import read_text


class Command(BaseCommand):
    help = "Import cards (JSON in the shape of shared/data/<game>/cards.json, or CSV)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--game", required=True, choices=Game.Slug.values)
        parser.add_argument("path", type=Path)
        parser.add_argument(
            "--demo", action="store_true", help="Mark new sets as invented demo sets."
        )

    def handle(self, *args: Any, **options: Any) -> None:
        path: Path = options["path"]
        text = read_text(path)
        try:
            records = records_from_text(text, filename=path.name)
            summary = card_import(
                game_slug=options["game"],
                records=records,
                source=path.name,
                is_demo=options["demo"],
            )
        except CardRecordError as exc:
            raise CommandError(f"{path}: {exc}; nothing was imported") from exc
        except DomainError as exc:
            raise CommandError(f"{path}: {exc.message}; nothing was imported") from exc
        self.stdout.write(
            f"{summary.game}: {summary.created} created, {summary.updated} updated, "
            f"{summary.unchanged} unchanged, {summary.sets_created} new set(s) "
            f"from {summary.source}"
        )
