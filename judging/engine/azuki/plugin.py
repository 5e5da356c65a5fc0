"""Azuki TCG as a plug-in (``PLUGIN``): what the registry, the command line, the judge pages and the
tournaments' overtime know of this game."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from types import MappingProxyType

from judging.engine.azuki import rules
from judging.engine.azuki.overtime import TIEBREAKERS, overtime_from_json
from judging.engine.azuki.randomgame import random_game
from judging.engine.azuki.record import FORMAT, AzukiRecord, Card, cards_from_list, parse_record
from judging.engine.azuki.record import schema_text as _schema_text
from judging.engine.azuki.replay import REPORT_FORMAT, AzukiReport, replay_record, replay_text
from judging.engine.azuki.rules import BOOK, RULES
from judging.engine.core.jsontypes import JSON
from judging.engine.core.plugin import GamePlugin, PluginBase, TiebreakDecision, own_cards

#: The contract's ``PLUGIN``, and what the judge pages (``judging/games/azuki.py``) read of this
#: game besides it (its report type, its rules): application code imports this game from here
#: only.
__all__ = ["PLUGIN", "RULES", "AzukiReport", "rules"]

#: Claim kind (a player's value a claim names after a turn) → the step that decides it.
CLAIM_KINDS: Mapping[str, str] = MappingProxyType({
    "leader_health": "azk.attack.damage",
    "ikz": "azk.turn.phases#step2",
    "hand": "azk.turn.phases#step1",
    "deck": "azk.turn.phases#step1",
})  # fmt: skip


class Overtime:
    """The FAQ's overtime tiebreakers (``judging.engine.azuki.overtime``)."""

    fields: tuple[str, ...] = TIEBREAKERS

    def decide(self, data: JSON) -> TiebreakDecision:
        return overtime_from_json(data)


class AzukiPlugin(PluginBase):
    """The Azuki TCG engine behind the ``GamePlugin`` contract."""

    slug = "azuki"
    title = "Azuki TCG"
    package = __package__ or ""
    record_format = FORMAT
    report_format = REPORT_FORMAT
    claim_kinds = CLAIM_KINDS
    book = BOOK
    tiebreak = Overtime()

    def cards_from_list(self, rows: Sequence[Mapping[str, JSON]]) -> dict[str, Card]:
        return cards_from_list(list[JSON](dict(row) for row in rows))

    def parse(self, record: JSON, *, cards: object | None = None) -> AzukiRecord:
        return parse_record(record, own_cards(cards, dict))

    def replay(self, record: JSON, *, cards: object | None, lang: str) -> AzukiReport:
        return replay_record(record, cards=own_cards(cards, dict), lang=lang)

    def replay_text(self, record_text: str, cards_text: str | None, lang: str) -> AzukiReport:
        return replay_text(record_text, cards_text, lang)

    def schema_text(self) -> str:
        return _schema_text()

    def random_game(self, rng: random.Random, *, cards: object | None = None) -> JSON:
        """A random legal game over ``cards`` (from ``cards_from_list``), or over the package's
        invented sample pool, whose rows the record then carries (so it replays on its own)."""
        catalogue = own_cards(cards, dict)
        if catalogue is not None:
            return random_game(rng, catalogue)
        rows = self.sample_rows()
        data = random_game(rng, cards_from_list(rows))
        return {"format": data.pop("format"), "cards": rows, **data}


PLUGIN: GamePlugin = AzukiPlugin()
