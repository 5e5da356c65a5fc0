"""The recommended-structure tables shown beside the event forms (issue 12): the Swiss rounds
and top cut per attendance, the default when the organiser leaves the Swiss rounds empty."""

from __future__ import annotations

from dataclasses import dataclass

from cardpool.models import Game
from tournaments.models import Event
from tournaments.pairing import StructureBand, structure_table
from tournaments.services.events import PRESETS


@dataclass(frozen=True)
class StructureTable:
    game: str
    style: str
    bands: tuple[StructureBand, ...]


def structure_tables(event: Event | None = None) -> list[StructureTable]:
    """The event's table (its structure style); for a new event, each game's preset's."""
    if event is not None:
        return [
            StructureTable(
                event.game.name, event.structure_style, structure_table(event.structure_style)
            )
        ]
    return [
        StructureTable(
            str(dict(Game.Slug.choices).get(slug, slug)),
            str(preset["structure_style"]),
            structure_table(str(preset["structure_style"])),
        )
        for slug, preset in PRESETS.items()
    ]
