"""Azuki TCG judge assist (standard library only). Today: the overtime tiebreak of the FAQ's
"Tournaments and organized play" (``overtime``); the attack-sequence engine comes with issue 19."""

from judging.engine.azuki.overtime import (
    TIEBREAKERS,
    OvertimeDecision,
    OvertimeSide,
    decide_overtime,
    overtime_from_json,
)

__all__ = [
    "TIEBREAKERS",
    "OvertimeDecision",
    "OvertimeSide",
    "decide_overtime",
    "overtime_from_json",
]
