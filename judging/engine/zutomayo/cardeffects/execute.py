"""Running an encoded card effect by itself, so that a judge need not type it in: data-driven,
per code.

Each condition code has one predicate (``CONDITIONS``), each action code one ``ActionDef`` that
carries it out (``ACTIONS``), each timing code the pipeline step that resolves it (``TIMINGS``),
each duration how long its change lasts (``DURATIONS``). The condition and action tables are merged
from the executor families (``run_base`` and ``run_zones``, ``run_play``, ``run_battle``,
``run_cards``, ``run_deck``, ``run_area``); a code is in one family only. A card whose every code is
in these tables is ``automated`` (``status.EXECUTED`` is built from them): a newly encoded card that
uses only these codes runs without further code.

The pipeline (``apply.Game``) decides *when* a card's effect comes to be resolved (6.1.3, the
priority player first, 5.2.7.1 and 6.3.1; each player's own order, 5.2.7.3 and 6.3.3, a named
choice), checks the power cost (9.1.3), and then resolves each clause in printed order
(``Game._resolve_auto``): the condition is checked at that moment (6.2.1.1, 1.3.1), after the
effects resolved before it, and each action is carried out by its ``ActionDef`` (most through
the primitive of ``effects.apply_primitive``), so each change is applied at its own moment with
its floor or cap (7.1 and Q54: attack never below 0; 3.7.1 and Q59: HP at most 100; 1.3.2.2: a
count of 0 or less is not done).

Each family's docstrings say which codes it runs, with the Japanese they were written for
(``run_area``: an area enchant's destination on ending). Timings here (``TIMINGS``): each names the
pipeline step that resolves it — the start of the turn (5.2.3), time moving forward (5.2.4, before
the clocks are added up), the character swap (5.2.5, before it), the effect step (5.1.2.1 on turn
1, 5.2.7.1 later; "when you take damage" is set up there and used when the damage is dealt,
5.1.4.3), after every other effect of the effect step (※相手のエンチャント発動のち有効), the
moment attack is decided (5.2.8) and the end of the turn (5.2.10); ``time.immediately`` is an
area enchant's ending, checked after each change (Q12). Turn 1 has the effect step only (5.1.2).
Durations (``DURATIONS``): this turn (the changes end with the turn, 7.1, 5.1.4.3); an area
enchant's clauses take effect again each turn while it is in set zone C (6.1.3.3); a lasting
change on another card needs an action that keeps it (``ActionDef.lasts``).
"""

from __future__ import annotations

from collections.abc import Mapping
from types import ModuleType

from judging.engine.zutomayo.cardeffects import (
    run_area,
    run_base,
    run_battle,
    run_cards,
    run_deck,
    run_play,
    run_zones,
)
from judging.engine.zutomayo.cardeffects.run_base import ActionDef, ConditionCheck, Resolution
from judging.engine.zutomayo.cardeffects.vocab import (
    DESTINATIONS,
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

FAMILIES: tuple[ModuleType, ...] = (
    run_base,
    run_zones,
    run_play,
    run_battle,
    run_cards,
    run_deck,
    run_area,
)


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

# The pipeline steps of a later turn that resolve effects (``apply.Game._later_turn``), each with
# its clause of the rules. Turn 1 has only "main" (5.1.2.1).
START = "start"  # 5.2.3 ターンの開始時 (before time moves forward and the swaps)
CLOCK = "clock"  # 5.2.4, before the clocks are added up: what changes how time moves forward
SWAP = "swap"  # 5.2.5, before the character swap
MAIN = "main"  # 5.2.7 (5.1.2.1 on turn 1)
LATE = "late"  # 5.2.7, after every other effect of the step (※相手のエンチャント発動のち有効)
BATTLE = "battle"  # 5.2.8 攻撃力の決定時, before attack is decided
END = "end"  # 5.2.10 ターンの終了時
IMMEDIATE = "immediate"  # no step: checked after each change (すぐに, Q12; 6.1.3.5)

TIMINGS: Mapping[Timing, str] = {
    Timing.EFFECT_STEP: MAIN,
    Timing.ON_DAMAGE: MAIN,
    Timing.START_OF_TURN: START,
    Timing.END_OF_TURN: END,
    Timing.IMMEDIATELY: IMMEDIATE,
    Timing.ON_CLOCK: CLOCK,
    Timing.ON_SWAP_IN: SWAP,
    Timing.AFTER_OPP_ENCHANTS: LATE,
    Timing.BATTLE: BATTLE,
}
"""Timing code → the pipeline step whose resolution runs it (``EffectEntry.timing`` for the three
a record can type: start, main, end). "When you take damage" reductions are put in place at the
effect step and used when damage is dealt. ``time.immediately`` belongs to no step: the pipeline
checks such a clause after each change (``apply.Game._check_endings``); it is executed only as an
area enchant's ending (its condition, then its destination as its only action)."""

ON_DAMAGE_ACTIONS = frozenset({Act.REDUCE_DAMAGE})
"""The only actions an on-damage timing is executed with (a reduction of this turn's damage)."""

DURATIONS: frozenset[Duration] = frozenset(Duration)
"""Durations executed. ``dur.this_turn``: the changes end with the turn
(``EffectState.new_turn``). ``dur.while_on_field`` on an area enchant: its clause takes effect
again each turn at its step while the card is in set zone C (6.1.3.3), its ending is armed while
it is there. A lasting duration on any other card (``dur.while_on_field``, ``dur.until_game_end``,
``dur.until_battle_end``) is executed only with actions that keep their change that long
themselves (``ActionDef.lasts``): ``clause_missing`` names the duration otherwise."""


def executed_codes() -> frozenset[str]:
    """Every code the replay executes by itself (``status.EXECUTED``)."""
    codes: set[str] = {c.value for c in CONDITIONS}
    codes |= {a.value for a in ACTIONS}
    codes |= {t.value for t in TIMINGS}
    codes |= {d.value for d in DURATIONS}
    return frozenset(codes)


def _condition_executable(condition: Condition) -> bool:
    return condition.code in CONDITIONS and all(_condition_executable(p) for p in condition.parts)


def is_area_enchant_effect(effect: CardEffect) -> bool:
    """An area enchant's effect: it has an ending clause (every real area enchant names where its
    end condition sends it, 6.1.3.3; only area enchants may, ``vocab.clause_from_json``)."""
    return any(a.code in DESTINATIONS for c in effect.clauses for a in c.actions)


def clause_missing(clause: Clause, *, area_enchant: bool = False) -> tuple[str, ...]:
    """The codes that keep ``clause`` from running by itself (empty: it is executable): each code
    not executed, else the one that is not executed in this combination (an on-damage or
    immediate timing with other actions, a lasting duration with actions that do not last)."""
    missing = [c for c in clause.condition.codes() if Cond(c) not in CONDITIONS]
    if clause.timing not in TIMINGS:
        missing.append(clause.timing.value)
    if clause.duration not in DURATIONS:
        missing.append(clause.duration.value)
    missing += [a.code.value for a in clause.actions if a.code not in ACTIONS]
    if missing:
        return tuple(dict.fromkeys(missing))
    codes = {a.code for a in clause.actions}
    if clause.timing == Timing.ON_DAMAGE and not codes <= ON_DAMAGE_ACTIONS:
        return (clause.timing.value,)
    if clause.timing == Timing.IMMEDIATELY and not codes <= DESTINATIONS:
        return (clause.timing.value,)  # only an ending is checked after each change
    if codes & DESTINATIONS and not area_enchant:
        return tuple(a.code.value for a in clause.actions)
    lasting = clause.duration is not Duration.THIS_TURN
    each_turn = area_enchant and clause.duration is Duration.WHILE_ON_FIELD
    lasts = all(clause.duration.value in ACTIONS[a.code].lasts for a in clause.actions)
    if lasting and not each_turn and not lasts:
        return (clause.duration.value,)
    return ()


def clause_executable(clause: Clause, *, area_enchant: bool = False) -> bool:
    """The clause's condition, timing, duration and every action are executed together
    (``area_enchant``: the clause is an area enchant's, re-applied each turn in set zone C)."""
    return not clause_missing(clause, area_enchant=area_enchant)


def effect_missing(effect: CardEffect) -> tuple[str, ...]:
    """The codes that keep ``effect`` from running by itself, in order, without repeats."""
    area = is_area_enchant_effect(effect)
    seen: dict[str, None] = {}
    for clause in effect.clauses:
        for code in clause_missing(clause, area_enchant=area):
            seen[code] = None
    return tuple(seen)


def effect_executable(effect: CardEffect) -> bool:
    return bool(effect.clauses) and not effect_missing(effect)


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
