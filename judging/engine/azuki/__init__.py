"""Azuki TCG judge assist (standard library only): the FAQ's stable citation keys (``rules``), the
``azuki-game/1`` record (``record``), the replay of turns and the seven attack steps (``game``,
``replay``) and the overtime tiebreak of "Tournaments and organized play" (``overtime``).

Entry point for the judge pages: ``replay_record(record_json, cards=cards_from_list(pool),
lang=...)`` → ``AzukiReport`` (``to_json(lang)``, ``to_text(lang)``, ``illegal_input``).
"""

from judging.engine.azuki.game import Game, TurnSnapshot
from judging.engine.azuki.overtime import (
    TIEBREAKERS,
    OvertimeDecision,
    OvertimeSide,
    decide_overtime,
    overtime_from_json,
)
from judging.engine.azuki.profile import AMBIGUITIES
from judging.engine.azuki.record import (
    FORMAT,
    AzukiRecord,
    Card,
    card_from_dict,
    cards_from_list,
    parse_record,
    schema_text,
)
from judging.engine.azuki.replay import AzukiReport, replay_record, replay_text
from judging.engine.azuki.rules import RULES, AzukiRule, display, rule

__all__ = [
    "AMBIGUITIES",
    "FORMAT",
    "RULES",
    "TIEBREAKERS",
    "AzukiRecord",
    "AzukiReport",
    "AzukiRule",
    "Card",
    "Game",
    "OvertimeDecision",
    "OvertimeSide",
    "TurnSnapshot",
    "card_from_dict",
    "cards_from_list",
    "decide_overtime",
    "display",
    "overtime_from_json",
    "parse_record",
    "replay_record",
    "replay_text",
    "rule",
    "schema_text",
]
