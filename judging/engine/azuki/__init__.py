"""Azuki TCG judge assist (standard library only): the FAQ's stable citation keys (``rules``), the
``azuki-game/1`` record (``record``), the replay of turns and the seven attack steps (``game``,
``replay``) and the overtime tiebreak of "Tournaments and organized play" (``overtime``).

Entry point for the judge pages: ``replay_record(record_json, cards=cards_from_list(pool),
lang=...)`` → ``AzukiReport`` (``to_json(lang)``, ``to_text(lang)``, ``illegal_input``).
"""

# Only what callers import from the package itself; the plug-in (``plugin``) is the game's
# interface, and everything else is imported from its own module.
from judging.engine.azuki.overtime import OvertimeSide, decide_overtime
from judging.engine.azuki.record import cards_from_list, schema_text
from judging.engine.azuki.replay import replay_record
from judging.engine.azuki.rules import RULES

__all__ = [
    "RULES",
    "OvertimeSide",
    "cards_from_list",
    "decide_overtime",
    "replay_record",
    "schema_text",
]
