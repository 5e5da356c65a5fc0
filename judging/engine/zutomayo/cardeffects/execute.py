"""Running an encoded card effect by itself (issue 14, requirement 2): data-driven, per code.

Each condition code has one predicate (``CONDITIONS``), each action code one ``ActionDef`` that
carries it out (``ACTIONS``), each timing code the pipeline step that resolves it (``TIMINGS``),
each duration how long its change lasts (``DURATIONS``). The condition and action tables are merged
from the executor families (``run_base`` and ``run_zones``, ``run_play``, ``run_battle``,
``run_cards``, ``run_deck``); a code is in one family only. A card whose every code is
in these tables is ``automated`` (``status.EXECUTED`` is built from them): a newly encoded card that
uses only these codes runs without further code.

The pipeline (``apply.Game``) decides *when* a card's effect comes to be resolved (6.1.3, the
priority player first, 5.2.7.1 and 6.3.1; each player's own order, 5.2.7.3 and 6.3.3, a named
choice), checks the power cost (9.1.3), and then calls ``resolve_clause`` for each clause in
printed order: the condition is checked at that moment (6.2.1.1, 1.3.1), after the effects
resolved before it, and each action goes through the primitive of ``effects.apply_primitive``, so
each change is applied at its own moment with its floor or cap (7.1 and Q54: attack never below 0;
3.7.1 and Q59: HP at most 100; 1.3.2.2: a count of 0 or less is not done).

Each family's docstrings say which codes it runs, with the Japanese they were written for.
Timings here: the effect step (5.1.2.1 on turn 1, 5.2.7.1 later) and "when you take damage" (set
up at the effect step, used when the damage is dealt, 5.1.4.3); durations: this turn (the changes
end with the turn, 7.1, 5.1.4.3).
"""

from __future__ import annotations

from collections.abc import Mapping
from types import ModuleType

from judging.engine.zutomayo.cardeffects import (
    run_base,
    run_battle,
    run_cards,
    run_deck,
    run_play,
    run_zones,
)
from judging.engine.zutomayo.cardeffects.run_base import ActionDef, ConditionCheck, Resolution
from judging.engine.zutomayo.cardeffects.vocab import (
    Act,
    Action,
    CardEffect,
    Clause,
    Cond,
    Condition,
    Duration,
    Timing,
)
from judging.engine.zutomayo.effects import EffectContext

FAMILIES: tuple[ModuleType, ...] = (run_base, run_zones, run_play, run_battle, run_cards, run_deck)


def _merged[K, V](tables: list[Mapping[K, V]], what: str) -> dict[K, V]:
    merged: dict[K, V] = {}
    for table in tables:
        twice = set(table) & set(merged)
        if twice:
            raise AssertionError(f"{what} executed by two families: {sorted(map(str, twice))}")
        merged.update(table)
    return merged


CONDITIONS: Mapping[Cond, ConditionCheck] = _merged([f.CONDITIONS for f in FAMILIES], "conditions")
"""Condition code → whether it holds for player ``p`` now (checked when the effect resolves)."""


def _all_of(game: EffectContext, p: int, c: Condition, r: Resolution) -> bool:
    """…で、…なら / …かつ…なら: every part holds, checked in printed order."""
    return all(CONDITIONS[part.code](game, p, part, r) for part in c.parts)


CONDITIONS = {**CONDITIONS, Cond.ALL_OF: _all_of}

ACTIONS: Mapping[Act, ActionDef] = _merged([f.ACTIONS for f in FAMILIES], "actions")
"""Action code → how it is carried out."""

TIMINGS: Mapping[Timing, str] = {
    Timing.EFFECT_STEP: "main",
    Timing.ON_DAMAGE: "main",
}
"""Timing code → the pipeline step whose resolution runs it (``EffectEntry.timing``). "When you
take damage" reductions are put in place at the effect step and used when damage is dealt."""

ON_DAMAGE_ACTIONS = frozenset({Act.REDUCE_DAMAGE})
"""The only actions an on-damage timing is executed with (a reduction of this turn's damage)."""

DURATIONS: frozenset[Duration] = frozenset({Duration.THIS_TURN})
"""Durations executed: this turn's changes end with it (``EffectState.new_turn``)."""


def executed_codes() -> frozenset[str]:
    """Every code the replay executes by itself (``status.EXECUTED``)."""
    codes: set[str] = {c.value for c in CONDITIONS}
    codes |= {a.value for a in ACTIONS}
    codes |= {t.value for t in TIMINGS}
    codes |= {d.value for d in DURATIONS}
    return frozenset(codes)


def _condition_executable(condition: Condition) -> bool:
    return condition.code in CONDITIONS and all(_condition_executable(p) for p in condition.parts)


def clause_executable(clause: Clause) -> bool:
    """The clause's condition, timing, duration and every action are executed together."""
    if not _condition_executable(clause.condition) or clause.timing not in TIMINGS:
        return False
    if clause.duration not in DURATIONS:
        return False
    if any(a.code not in ACTIONS for a in clause.actions):
        return False
    if clause.timing == Timing.ON_DAMAGE:
        return all(a.code in ON_DAMAGE_ACTIONS for a in clause.actions)
    return True


def effect_executable(effect: CardEffect) -> bool:
    return bool(effect.clauses) and all(clause_executable(c) for c in effect.clauses)


def op_of(action: Action) -> str:
    """The action's name in the ruling (``messages.OP_WORDS`` or ``words.WORDS``)."""
    return ACTIONS[action.code].op


def target_of(action: Action) -> str:
    return ACTIONS[action.code].target


def run_action(game: EffectContext, action: Action, resolution: Resolution) -> bool:
    """Carry out ``action``; True if it was done."""
    return ACTIONS[action.code].run(game, action, resolution)


def condition_holds(
    game: EffectContext, p: int, condition: Condition, resolution: Resolution
) -> bool:
    return CONDITIONS[condition.code](game, p, condition, resolution)
