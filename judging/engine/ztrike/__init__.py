"""The ZTRIKE judge assist: replays a ``ztrike-game/1`` record round by round and cites the
official rules by stable keys (``ztr.victor#s3``…). Standard library only.

Vocabulary (the rules' own words): Main Player (the counter passes each round), Play Zone,
Victory Zone (the "Victory Pile", TA-10), Deck Zone, Discard Pile, Battle / Win / Lose bonus,
colour weakness (a cycle: Red > Green, Green > Blue, Blue > Red), power (0-10), Victory Points.
"""

from judging.engine.ztrike.game import BEATS, Game, RoundSnapshot
from judging.engine.ztrike.profile import AMBIGUITIES
from judging.engine.ztrike.record import (
    FORMAT,
    Card,
    ZtrikeRecord,
    card_from_dict,
    cards_from_list,
    parse_record,
    schema_text,
)
from judging.engine.ztrike.replay import ZtrikeReport, replay_record, replay_text
from judging.engine.ztrike.rules import RULES, ZtrikeRule, display, rule

__all__ = [
    "AMBIGUITIES",
    "BEATS",
    "FORMAT",
    "RULES",
    "Card",
    "Game",
    "RoundSnapshot",
    "ZtrikeRecord",
    "ZtrikeReport",
    "ZtrikeRule",
    "card_from_dict",
    "cards_from_list",
    "display",
    "parse_record",
    "replay_record",
    "replay_text",
    "rule",
    "schema_text",
]
