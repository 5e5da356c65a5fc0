"""The rules engines of the three games, pure Python (standard library only, no Django); this
module re-exports the ZUTOMAYO CARD engine's API, and Azuki TCG and ZTRIKE have sub-packages.

The ZUTOMAYO CARD engine replays a game record (``zutomayo-game/1``) step by step through the
ground rules and explains every state change with the rule numbers that decided it, in English
and Japanese.

Vocabulary (the game's own words, ground rules 1.0.1):

Chronos
    The shared clock face (3.8) with 18 marks counted clockwise from midnight (3.8.2). Position 0
    is midnight (the full moon), position 9 noon (the sun) (3.8.1).
medal
    The Chronos medal; its position (0-17) is the game's time. It starts on midnight (4.2.2) and
    moves clockwise by the clocks of the cards played each turn (5.1.1.1, 5.2.4.1).
night / day
    NIGHT when the medal is on the moon side, DAY on the sun side (3.8.4). Which marks are which is
    the mat's layout (ambiguity ZA-01; default SYM9: NIGHT = 14-17 and 0-4).
night side / day side
    The rock-paper-scissors winner is the night side, the loser the day side (4.2.1, 3.8.3).
priority player
    The player whose side the medal is on at the moment it is asked (10.2.1, 10.2.4 (Priority
    player)); they choose and resolve first (1.3.4, 6.3.1).
battle zone
    Where the character that battles is (3.2).
set zone (zones A, B, C)
    Cards played from the hand this turn are set in zone A, or A and B (5.2.1); zone C holds the
    area enchant whose effect has taken effect (3.3, 5.2.6.1). "Zone C" in reports is set zone C.
power charger
    A player's public stack of cards that have SEND TO POWER (3.4, 3.4.1); bottom first.
abyss
    A player's public stack of cards without SEND TO POWER (3.6, 3.6.1); bottom first.
SEND TO POWER
    A value some cards have (2.3.7): the sum over the power charger is the player's total power
    (3.4, 9.1.1). A card without it goes to the abyss when it leaves the battle or set zone.
POWER COST
    The total power a card needs for its attack and effect (2.3.6, 9.1.3); not met: attack 0 and no
    effect (5.1.3.2, 5.2.7.2, 7.1.2). Power is never spent (9.1.2).
battle draw / game draw
    Equal attacks make a battle draw (5.1.4.4, ``BattleResult.winner is None``); a game draw is a
    game result (5.4.3.1, 10.1.1.3, ``GameResult.outcome == "draw"``).
event
    One state change, with its rule numbers, before/after values and a digest of the whole state.

Importing this package loads no game: the names below are imported on first use (so that
``judging.engine.registry`` stays lazy), and a type checker sees them as plain imports.

Public API: ``replay_record`` (record JSON -> ``ReplayReport`` with ``to_json``/``to_text``),
``CardCatalogue.from_dicts``, ``parse_ground_rules`` (rules text -> ``RulesDocument``),
``CITABLE_RULES`` / ``coverage_report``, ``random_game`` and the frozen value types below.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING

from judging.engine.core.claims import ClaimVerdict
from judging.engine.core.errors import EngineError, IllegalInputError, RecordError
from judging.engine.core.events import Event, Outcome
from judging.engine.core.jsontypes import JSON, Value
from judging.engine.core.profile import Ambiguity, Settled
from judging.engine.core.report import IllegalInput

if TYPE_CHECKING:
    from judging.engine.core.jsonread import unwrap_record
    from judging.engine.zutomayo.apply import TurnSnapshot
    from judging.engine.zutomayo.cards import CardCatalogue, CardDef, card_from_dict
    from judging.engine.zutomayo.choices import choices_needed
    from judging.engine.zutomayo.claims import value_at
    from judging.engine.zutomayo.coverage import CoverageReport, coverage_report
    from judging.engine.zutomayo.profile import AMBIGUITIES, SETTLED, Profile
    from judging.engine.zutomayo.randomgame import (
        RandomGame,
        random_deck,
        random_game,
        record_to_json,
    )
    from judging.engine.zutomayo.record import (
        Claim,
        EffectEntry,
        GameRecord,
        SetChoice,
        StartSnapshot,
        TurnRecord,
        load_record_text,
        parse_record,
        schema,
    )
    from judging.engine.zutomayo.replay import (
        ENGINE_VERSION,
        ReplayReport,
        replay_record,
    )
    from judging.engine.zutomayo.rules import (
        CITABLE_RULES,
        INFORMATIONAL_RULES,
        RuleRef,
        rule_by_key,
    )
    from judging.engine.zutomayo.rulestext import Anomaly, Clause, RulesDocument, parse_ground_rules
    from judging.engine.zutomayo.state import BattleResult, GameResult, GameState, PlayerState

    __version__ = ENGINE_VERSION

#: Each public name → the module that defines it (imported on first use).
_LAZY: dict[str, str] = {
    "TurnSnapshot": "judging.engine.zutomayo.apply",
    "CardCatalogue": "judging.engine.zutomayo.cards",
    "CardDef": "judging.engine.zutomayo.cards",
    "card_from_dict": "judging.engine.zutomayo.cards",
    "choices_needed": "judging.engine.zutomayo.choices",
    "value_at": "judging.engine.zutomayo.claims",
    "CoverageReport": "judging.engine.zutomayo.coverage",
    "coverage_report": "judging.engine.zutomayo.coverage",
    "AMBIGUITIES": "judging.engine.zutomayo.profile",
    "SETTLED": "judging.engine.zutomayo.profile",
    "Profile": "judging.engine.zutomayo.profile",
    "RandomGame": "judging.engine.zutomayo.randomgame",
    "random_deck": "judging.engine.zutomayo.randomgame",
    "random_game": "judging.engine.zutomayo.randomgame",
    "record_to_json": "judging.engine.zutomayo.randomgame",
    "Claim": "judging.engine.zutomayo.record",
    "EffectEntry": "judging.engine.zutomayo.record",
    "GameRecord": "judging.engine.zutomayo.record",
    "SetChoice": "judging.engine.zutomayo.record",
    "StartSnapshot": "judging.engine.zutomayo.record",
    "TurnRecord": "judging.engine.zutomayo.record",
    "load_record_text": "judging.engine.zutomayo.record",
    "parse_record": "judging.engine.zutomayo.record",
    "schema": "judging.engine.zutomayo.record",
    "unwrap_record": "judging.engine.core.jsonread",
    "ReplayReport": "judging.engine.zutomayo.replay",
    "replay_record": "judging.engine.zutomayo.replay",
    "CITABLE_RULES": "judging.engine.zutomayo.rules",
    "INFORMATIONAL_RULES": "judging.engine.zutomayo.rules",
    "RuleRef": "judging.engine.zutomayo.rules",
    "rule_by_key": "judging.engine.zutomayo.rules",
    "Anomaly": "judging.engine.zutomayo.rulestext",
    "Clause": "judging.engine.zutomayo.rulestext",
    "RulesDocument": "judging.engine.zutomayo.rulestext",
    "parse_ground_rules": "judging.engine.zutomayo.rulestext",
    "BattleResult": "judging.engine.zutomayo.state",
    "GameResult": "judging.engine.zutomayo.state",
    "GameState": "judging.engine.zutomayo.state",
    "PlayerState": "judging.engine.zutomayo.state",
    "ENGINE_VERSION": "judging.engine.zutomayo.replay",
}


def __getattr__(name: str) -> object:
    if name == "__version__":
        name = "ENGINE_VERSION"
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value: object = getattr(importlib.import_module(module), name)
    return value


__all__ = [
    "AMBIGUITIES",
    "CITABLE_RULES",
    "ENGINE_VERSION",
    "INFORMATIONAL_RULES",
    "JSON",
    "SETTLED",
    "Ambiguity",
    "Anomaly",
    "BattleResult",
    "CardCatalogue",
    "CardDef",
    "Claim",
    "ClaimVerdict",
    "Clause",
    "CoverageReport",
    "EffectEntry",
    "EngineError",
    "Event",
    "GameRecord",
    "GameResult",
    "GameState",
    "IllegalInput",
    "IllegalInputError",
    "Outcome",
    "PlayerState",
    "Profile",
    "RandomGame",
    "RecordError",
    "ReplayReport",
    "RuleRef",
    "RulesDocument",
    "SetChoice",
    "Settled",
    "StartSnapshot",
    "TurnRecord",
    "TurnSnapshot",
    "Value",
    "__version__",
    "card_from_dict",
    "choices_needed",
    "coverage_report",
    "load_record_text",
    "parse_ground_rules",
    "parse_record",
    "random_deck",
    "random_game",
    "record_to_json",
    "replay_record",
    "rule_by_key",
    "schema",
    "unwrap_record",
    "value_at",
]
