"""The recommended-structure tables shown beside the event forms (so an organiser need not know
them): the Swiss rounds and top cut per attendance, the default when the organiser leaves the Swiss
rounds empty."""

from __future__ import annotations

from dataclasses import dataclass

from cardpool.models import Game
from tournaments.models import Event
from tournaments.pairing import (
    AdvancementRule,
    InvalidPairingInputError,
    StructureBand,
    structure_table,
)
from tournaments.procedures.presets import PRESETS
from tournaments.selectors.events import scoring_for


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
    games: dict[str, list[str]] = {}
    for slug, preset in PRESETS.items():  # one table per style, naming its games
        games.setdefault(str(preset["structure_style"]), []).append(
            str(dict(Game.Slug.choices).get(slug, slug))
        )
    return [
        StructureTable(", ".join(names), style, structure_table(style))
        for style, names in games.items()
    ]


def day_two_rule(event: Event) -> dict[str, object] | None:
    """The event's day-2 rule in words (English and Japanese), None for a one-day event or
    while a record rule cannot be read as points yet (day 1's rounds still by attendance)."""
    if not event.has_day_two or event.advancement_value is None:
        return None
    try:
        rule = AdvancementRule(event.advancement_kind, event.advancement_value)  # type: ignore[arg-type]
        reason = rule.describe(rounds=event.swiss_rounds or 0, config=scoring_for(event))
    except InvalidPairingInputError:
        return None
    return {"en": reason.en, "ja": reason.ja}
