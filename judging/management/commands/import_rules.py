"""``manage.py import_rules --game zutomayo --version 1.0.1 PATH``: the rules registry.

``--document`` picks the text: ``ground-rules`` (numbered, the default for zutomayo),
``basic-rules`` (the Japanese start guide), ``faq`` (Azuki) or ``official-rules`` (ZTRIKE).
Importing the same text again changes nothing.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from core.errors import DomainError
from core.management.files import read_text
from judging.games import judge_games
from judging.services import rules_import


def default_documents() -> dict[str, str]:
    """Each game's first rules document (``judging.games``): what ``--document`` defaults to."""
    return {game.slug: game.documents[0].slug for game in judge_games() if game.documents}


class Command(BaseCommand):
    help = "Import a rules document into the registry of citable rules."

    def create_parser(self, prog_name: str, subcommand: str, **kwargs: Any) -> CommandParser:
        # Our --version names the rules' version; it replaces Django's own --version flag.
        return super().create_parser(prog_name, subcommand, conflict_handler="resolve", **kwargs)

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--game", required=True, choices=sorted(default_documents()))
        parser.add_argument("--version", required=True, dest="doc_version")
        parser.add_argument("--document", default=None)
        parser.add_argument("path", type=Path)

    def handle(self, *args: Any, **options: Any) -> None:
        path: Path = options["path"]
        text = read_text(path)
        slug = options["document"] or default_documents()[options["game"]]
        try:
            summary = rules_import(
                game=options["game"], slug=slug, version=options["doc_version"], text=text,
                source_name=path.name,
            )  # fmt: skip
        except DomainError as exc:
            raise CommandError(f"{path}: {exc.message}") from exc
        if summary.unchanged_document:
            self.stdout.write(f"{summary.document}: unchanged ({summary.clauses} clauses)")
        else:
            self.stdout.write(
                f"{summary.document}: {summary.clauses} clauses "
                f"({summary.created} new, {summary.updated} changed, {summary.removed} removed)"
            )
