"""ZTRIKE as a plug-in (``PLUGIN``): what the registry, the command line and the judge pages know
of this game."""

from __future__ import annotations

import json
import random
from collections.abc import Mapping, Sequence
from importlib import resources
from types import MappingProxyType

from judging.engine.core.jsontypes import JSON
from judging.engine.core.plugin import GamePlugin, Tiebreak
from judging.engine.ztrike.randomgame import random_game
from judging.engine.ztrike.record import FORMAT, Card, cards_from_list
from judging.engine.ztrike.record import schema_text as _schema_text
from judging.engine.ztrike.replay import REPORT_FORMAT, ZtrikeReport, replay_record, replay_text
from judging.engine.ztrike.rules import BY_KEY, display

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


class ZtrikePlugin:
    """The ZTRIKE engine behind the ``GamePlugin`` contract."""

    slug = "ztrike"
    title = "ZTRIKE"
    record_format = FORMAT
    also_reads: tuple[str, ...] = ()
    report_format = REPORT_FORMAT
    claim_kinds = CLAIM_KINDS
    tiebreak: Tiebreak | None = None

    def reads(self, fmt: str) -> bool:
        return fmt == self.record_format or fmt in self.also_reads

    def cards_from_list(self, rows: Sequence[Mapping[str, JSON]]) -> dict[str, Card]:
        return cards_from_list(list[JSON](dict(row) for row in rows))

    def replay(self, record: JSON, *, cards: object | None, lang: str) -> ZtrikeReport:
        if cards is not None and not isinstance(cards, dict):
            raise TypeError(f"cards must come from cards_from_list, not {type(cards).__name__}")
        return replay_record(record, cards=cards, lang=lang)

    def replay_text(self, record_text: str, cards_text: str | None, lang: str) -> ZtrikeReport:
        return replay_text(record_text, cards_text, lang)

    def schema_text(self) -> str:
        return _schema_text()

    def rule_display(self, key: str, lang: str) -> str:
        return display(key, lang)

    def rule_text(self, key: str, lang: str) -> str | None:
        # The engine carries the English sentence it cites; there is no official Japanese text.
        found = BY_KEY.get(key)
        return found.quote if found is not None and lang == "en" else None

    def random_game(self, rng: random.Random, *, cards: object | None = None) -> JSON:
        """A random legal game over the package's sample pool (rows in the record's ``cards``)."""
        del cards  # a ZTRIKE record always carries its cards
        rows: list[dict[str, JSON]] = json.loads(
            resources.files(__package__ or "").joinpath("sample_cards.json").read_text("utf-8")
        )
        return random_game(rng, rows)


PLUGIN: GamePlugin = ZtrikePlugin()
