"""ZUTOMAYO CARD as a plug-in (``PLUGIN``): what the registry, the command line and the judge pages
know of this game."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from types import MappingProxyType

from judging.engine.core.errors import RecordError
from judging.engine.core.jsonread import load_json
from judging.engine.core.jsontypes import JSON
from judging.engine.core.plugin import GamePlugin, PluginBase, Tiebreak, own_cards
from judging.engine.zutomayo.cards import CardCatalogue
from judging.engine.zutomayo.messages import (
    STEP_TITLES,
    ambiguity_answer,
    ambiguity_question,
    checkpoint_words,
    claim_subject,
    claim_value,
    illegal_message,
    rule_display,
    step_title,
    word,
)
from judging.engine.zutomayo.randomgame import RandomGame, random_game
from judging.engine.zutomayo.record import (
    FORMAT,
    FORMAT_V1,
    FORMAT_V2,
    GameRecord,
    load_record_text,
    parse_record,
)
from judging.engine.zutomayo.record import schema_text as _schema_text
from judging.engine.zutomayo.replay import (
    ENGINE_VERSION,
    REPORT_FORMAT,
    ReplayReport,
    party_seat,
    replay_record,
)
from judging.engine.zutomayo.rulestext import parse_ground_rules

#: The contract's ``PLUGIN``, and what the judge pages (``judging/games/zutomayo.py``) read of this
#: game besides it (message tables, a party's seat, the rules text's reader): application code
#: imports this game from here only.
__all__ = [
    "PLUGIN",
    "STEP_TITLES",
    "CardCatalogue",
    "ambiguity_answer",
    "ambiguity_question",
    "checkpoint_words",
    "claim_subject",
    "claim_value",
    "illegal_message",
    "parse_ground_rules",
    "party_seat",
    "rule_display",
    "step_title",
    "word",
]

#: Claim kind (the state path a claim names) → the step of a turn after the first that decides
#: it (the engine maps a turn-1 claim to turn 1's steps, 5.1.x).
CLAIM_KINDS: Mapping[str, str] = MappingProxyType({
    "hp": "5.2.9",
    "battle_zone": "5.2.5",
    "zone_a": "5.2.1",
    "zone_b": "5.2.1",
    "zone_c": "5.2.6",
    "power_charger": "5.2.11",
    "abyss": "5.2.11",
    "hand": "5.2.11",
    "deck_count": "5.2.11",
    "total_power": "5.2.11",
    "chronos.position": "5.2.4",
    "chronos.time": "5.2.4",
    "medal": "5.2.4",
    "priority": "5.2.4",
    "battle.attack": "5.2.8",
    "battle.winner": "5.2.9",
    "battle.damage": "5.2.9",
    "result.outcome": "5.2.11",
    "result.winner": "5.2.11",
})  # fmt: skip


def _catalogue(text: str | None) -> CardCatalogue | None:
    if text is None:
        return None
    data = load_json(text, "--cards")
    if not isinstance(data, list):
        raise RecordError("--cards", "must be a JSON list of card objects")
    items: list[dict[str, JSON]] = []
    for i, item in enumerate(data):
        if not isinstance(item, dict):
            raise RecordError(f"--cards[{i}]", "must be an object")
        items.append(item)
    return CardCatalogue.from_dicts(items, path="--cards")


class ZutomayoPlugin(PluginBase):
    """The ZUTOMAYO CARD engine behind the ``GamePlugin`` contract."""

    slug = "zutomayo"
    title = "ZUTOMAYO CARD"
    engine_version = ENGINE_VERSION
    package = __package__ or ""
    record_format = FORMAT
    also_reads: tuple[str, ...] = (FORMAT_V2, FORMAT_V1)
    report_format = REPORT_FORMAT
    claim_kinds = CLAIM_KINDS
    tiebreak: Tiebreak | None = None

    def cards_from_list(self, rows: Sequence[Mapping[str, JSON]]) -> CardCatalogue:
        return CardCatalogue.from_dicts(rows)

    def parse(self, record: JSON, *, cards: object | None = None) -> GameRecord:
        return parse_record(record, own_cards(cards, CardCatalogue))

    def replay(
        self, record: JSON, *, cards: object | None, lang: str, auto_effects: bool = True
    ) -> ReplayReport:
        """``auto_effects=False``: encoded card effects do not run by themselves (the judge's
        primitives only), as before they could; the benchmarks compare the two."""
        if not isinstance(record, dict):
            raise RecordError("record", "must be an object")
        return replay_record(
            record, cards=own_cards(cards, CardCatalogue), lang=lang, auto_effects=auto_effects
        )

    def replay_text(self, record_text: str, cards_text: str | None, lang: str) -> ReplayReport:
        return replay_record(load_record_text(record_text, _catalogue(cards_text)), lang=lang)

    def schema_text(self) -> str:
        return _schema_text()

    def rule_display(self, key: str, lang: str) -> str:
        return rule_display(key, lang)

    def rule_text(self, key: str, lang: str) -> str | None:
        # The clauses are numbered and their text is the ground rules document, imported beside
        # the engine (not shipped in it): the judge pages read it from the database.
        return None

    def random_game(self, rng: random.Random, *, cards: object | None = None) -> JSON:
        """A random legal game; without ``cards`` over the package's invented sample pool,
        whose rows the record then carries (so it replays on its own)."""
        catalogue = own_cards(cards, CardCatalogue)
        if catalogue is not None:
            return random_game(rng, catalogue).data
        rows = [row for row in self.sample_rows() if isinstance(row, dict)]
        return {**random_game(rng, CardCatalogue.from_dicts(rows)).data, "cards": list[JSON](rows)}

    def play_random(
        self, rng: random.Random, cards: object, *, auto_effects: bool = True
    ) -> RandomGame:
        """A random legal game over ``cards`` with what the engine made of it as it played (its
        events and result), in one run: the engine benchmark's games per second."""
        catalogue = own_cards(cards, CardCatalogue)
        if catalogue is None:
            raise TypeError("cards must come from cards_from_list")
        return random_game(rng, catalogue, auto_effects=auto_effects)


PLUGIN: GamePlugin = ZutomayoPlugin()
