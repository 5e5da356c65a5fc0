"""Running an encoded card effect by itself (issue 14, requirement 2): data-driven, per code.

Each condition code has one predicate (``CONDITIONS``), each action code one translation into
the engine's effect primitives (``ACTIONS``), each timing code the pipeline step that resolves it
(``TIMINGS``), each duration how long its change lasts (``DURATIONS``). A card whose every code is
in these tables is ``automated`` (``status.EXECUTED`` is built from them): a newly encoded card that
uses only these codes runs without further code.

The pipeline (``apply.Game``) decides *when* a card's effect comes to be resolved (6.1.3, the
priority player first, 5.2.7.1 and 6.3.1; each player's own order, 5.2.7.3 and 6.3.3, a named
choice), checks the power cost (9.1.3), and then calls ``resolve_clause`` for each clause in
printed order: the condition is checked at that moment (6.2.1.1, 1.3.1), after the effects
resolved before it, and each action goes through the primitive of ``effects.apply_primitive``, so
each change is applied at its own moment with its floor or cap (7.1 and Q54: attack never below 0;
3.7.1 and Q59: HP at most 100; 1.3.2.2: a count of 0 or less is not done).

Which codes are here, with the Japanese they were written for:

* conditions: なし, 夜なら, 昼なら, 真夜中なら (the single midnight mark, 3.8.1), 相手/自分の
  キャラクターカードの属性がXなら (the card in the battle zone when the effect resolves; no
  character: not met, 6.2.1.1), 自分のHPがN以下なら, 相手のHPがNなら, 相手のアビスにカードが
  ないなら;
* actions: 攻撃力+N (own character, this turn: 7.1), HPをN回復 (3.7.1; Q58: HP+N is the same),
  自分がダメージを受けたときNダメージを軽減する (this turn's battle damage, 5.1.4.3; Q37: the loser
  still loses; Q62: it takes effect with no character in the battle zone);
* timings: the effect step (5.1.2.1 on turn 1, 5.2.7.1 later) and "when you take damage" (set up
  at the effect step, used when the damage is dealt, 5.1.4.3);
* durations: this turn (the changes end with the turn, 7.1, 5.1.4.3).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass

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
from judging.engine.zutomayo.chronos import MIDNIGHT, NIGHT
from judging.engine.zutomayo.effects import EffectContext

ConditionCheck = Callable[[EffectContext, int, Condition], bool]


def _opponent_character_element(game: EffectContext, p: int, c: Condition) -> bool:
    card_id = game.players[1 - p].battle_zone
    return card_id is not None and game.card(card_id).element in c.elements


def _own_character_element(game: EffectContext, p: int, c: Condition) -> bool:
    card_id = game.players[p].battle_zone
    return card_id is not None and game.card(card_id).element in c.elements


def _time_is(wanted: str) -> ConditionCheck:
    def check(game: EffectContext, p: int, c: Condition) -> bool:
        time, _ = game.time_now()
        return time == wanted

    return check


def _day(game: EffectContext, p: int, c: Condition) -> bool:
    time, _ = game.time_now()
    return time != NIGHT


CONDITIONS: Mapping[Cond, ConditionCheck] = {
    Cond.ALWAYS: lambda game, p, c: True,
    Cond.NIGHT: _time_is(NIGHT),
    Cond.DAY: _day,
    Cond.MIDNIGHT: lambda game, p, c: game.medal == MIDNIGHT,
    Cond.OPP_CHAR_ELEMENT: _opponent_character_element,
    Cond.OWN_CHAR_ELEMENT: _own_character_element,
    Cond.OWN_HP_AT_MOST: lambda game, p, c: game.players[p].hp <= c.amount,
    Cond.OPP_HP_EQUALS: lambda game, p, c: game.players[1 - p].hp == c.amount,
    Cond.OPP_ABYSS_EMPTY: lambda game, p, c: not game.players[1 - p].abyss,
}
"""Condition code → whether it holds for player ``p`` now (checked when the effect resolves)."""


@dataclass(frozen=True, slots=True)
class Primitive:
    """What an action does, as an effect primitive: its ``op`` and whose it is (``target``)."""

    op: str
    target: str = "self"


ACTIONS: Mapping[Act, Primitive] = {
    Act.ATTACK_PLUS: Primitive("attack_plus"),
    Act.HEAL: Primitive("heal"),
    Act.REDUCE_DAMAGE: Primitive("reduce_damage"),
}
"""Action code → the primitive that carries it out (``effects.apply_primitive``)."""

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


def clause_executable(clause: Clause) -> bool:
    """The clause's condition, timing, duration and every action are executed together."""
    if clause.condition.code not in CONDITIONS or clause.timing not in TIMINGS:
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


def primitive_of(action: Action) -> Primitive:
    return ACTIONS[action.code]


def condition_holds(game: EffectContext, p: int, condition: Condition) -> bool:
    return CONDITIONS[condition.code](game, p, condition)
