"""ZTRIKE as a plug-in (``PLUGIN``): what the registry, the command line and the judge pages know
of this game."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from types import MappingProxyType

from judging.engine.core.jsontypes import JSON
from judging.engine.core.plugin import GamePlugin, PluginBase, Tiebreak, own_cards
from judging.engine.ztrike import messages, rules
from judging.engine.ztrike.messages import COLOUR, ZONE
from judging.engine.ztrike.randomgame import random_game
from judging.engine.ztrike.record import (
    DECK_SIZE,
    FORMAT,
    Card,
    Effect,
    ZtrikeRecord,
    cards_from_list,
    parse_record,
)
from judging.engine.ztrike.record import schema_text as _schema_text
from judging.engine.ztrike.replay import REPORT_FORMAT, ZtrikeReport, replay_record, replay_text
from judging.engine.ztrike.rules import BOOK, RULES

#: The contract's ``PLUGIN``, and what the judge pages (``judging/games/ztrike.py``) read of this
#: game besides it (its rules and message tables, the card model): application code imports this
#: game from here only.
__all__ = ["COLOUR", "DECK_SIZE", "PLUGIN", "RULES", "ZONE", "Card", "Effect", "messages", "rules"]

#: Claim kind (the board value a claim names after a round) → the rule that decides it.
CLAIM_KINDS: Mapping[str, str] = MappingProxyType({
    "main_player": "ztr.round.end",
    "decided_by": "ztr.round.play",
    "winner": "ztr.round.play",
    "victory_points": "ztr.play.victory",
    "hand": "ztr.round.start",
    "deck": "ztr.mat.dz",
    "discard": "ztr.mat.dp",
    "victory_zone": "ztr.victor#s10",
})  # fmt: skip


class ZtrikePlugin(PluginBase):
    """The ZTRIKE engine behind the ``GamePlugin`` contract."""

    slug = "ztrike"
    title = "ZTRIKE"
    package = __package__ or ""
    record_format = FORMAT
    report_format = REPORT_FORMAT
    claim_kinds = CLAIM_KINDS
    book = BOOK
    tiebreak: Tiebreak | None = None

    def cards_from_list(self, rows: Sequence[Mapping[str, JSON]]) -> dict[str, Card]:
        return cards_from_list(list[JSON](dict(row) for row in rows))

    def parse(self, record: JSON, *, cards: object | None = None) -> ZtrikeRecord:
        return parse_record(record, own_cards(cards, dict))

    def replay(self, record: JSON, *, cards: object | None, lang: str) -> ZtrikeReport:
        return replay_record(record, cards=own_cards(cards, dict), lang=lang)

    def replay_text(self, record_text: str, cards_text: str | None, lang: str) -> ZtrikeReport:
        return replay_text(record_text, cards_text, lang)

    def schema_text(self) -> str:
        return _schema_text()

    def random_game(self, rng: random.Random, *, cards: object | None = None) -> JSON:
        """A random legal game over ``cards`` (from ``cards_from_list``), or over the package's
        sample pool, which the record then carries."""
        catalogue: dict[str, Card] | None = own_cards(cards, dict)
        if catalogue is None:
            return random_game(rng, [row for row in self.sample_rows() if isinstance(row, dict)])
        rows: list[dict[str, JSON]] = [{"id": c.id, "colour": c.colour} for c in catalogue.values()]
        return random_game(rng, rows, catalogue=catalogue)


PLUGIN: GamePlugin = ZtrikePlugin()
