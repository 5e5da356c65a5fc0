"""What every executor family shares, so the families agree: the resolution in progress, the shapes
of a condition check and of an action, and the codes executed since the first cards ran by
themselves.

A family module (``run_zones``, ``run_play``, ``run_battle``, ``run_cards``, ``run_deck``) holds
``CONDITIONS`` (condition code → check) and ``ACTIONS`` (action code → ``ActionDef``); an action's
``op`` is worded in ``words``. ``execute`` merges them; a code is executed by exactly one family.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field

from judging.engine.zutomayo.cardeffects.vocab import Act, Action, Cond, Condition
from judging.engine.zutomayo.chronos import NIGHT
from judging.engine.zutomayo.effects import EffectContext, apply_primitive
from judging.engine.zutomayo.record import EffectEntry


@dataclass(slots=True)
class Resolution:
    """One card's effect being resolved at one step: what its clauses and actions share.

    ``previous_done``: whether the clause before did its action (``cond.did_previous``,
    そうしたなら); ``revealed``: the cards this effect revealed (``cond.revealed_*``); ``named``:
    the card name it named (``act.name_card``); ``last_count``: how many cards its last move moved
    (``*_same_number``); ``qa``: the official Q&A answer that decided the condition just checked
    (a condition check sets it; the pipeline cites it on the event that says whether the clause
    took effect); ``last_done``: whether the action before, in this clause, was done
    (``act.otherwise_lose``, そうしない場合).
    """

    player: int
    card_id: str
    timing: str
    clause_index: int = 0
    action_index: int = 0
    previous_done: bool = True
    revealed: list[str] = field(default_factory=list)
    named: str | None = None
    last_count: int = 0
    qa: str = ""
    duration: str = "dur.this_turn"
    """The clause being resolved: how long its change lasts (``vocab.Duration``), for an action
    whose change outlasts the turn (``ActionDef.lasts``)."""
    last_done: bool = True


ConditionCheck = Callable[[EffectContext, int, Condition, Resolution], bool]
"""Whether a condition holds for player ``p`` now (checked when its clause resolves, 6.2.1.1)."""

ActionRun = Callable[[EffectContext, Action, Resolution], bool]
"""Carry out one action for ``resolution.player``; True if it was done (for そうしたなら)."""


@dataclass(frozen=True, slots=True)
class ActionDef:
    """How an action is carried out: ``op`` names it in the ruling (``words``/``OP_WORDS``),
    ``target`` is whose it is (self, opponent, both), ``run`` does it."""

    op: str
    run: ActionRun
    target: str = "self"
    lasts: frozenset[str] = frozenset()
    """The durations other than this turn that ``run`` carries out itself (``vocab.Duration``
    values, read from ``Resolution.duration``): e.g. ``dur.until_game_end`` for a change that is
    kept to the end of the game. ``execute.clause_executable`` allows a lasting clause only with
    actions that last it (an area enchant's clauses are re-applied each turn instead, 6.1.3.3)."""


def run_primitive(
    game: EffectContext,
    r: Resolution,
    op: str,
    amount: int,
    target: str = "self",
    *,
    player: int | None = None,
) -> bool:
    """One effect primitive of ``effects.apply_primitive`` for ``r``'s card with ``amount`` (its
    floors, caps, prohibitions and 1.3.2.2 apply there), as ``player``'s (default: the card's
    player's); True if it was done (no EFFECT_NOT_DONE)."""
    entry = EffectEntry(player=r.player if player is None else player, op=op, timing=r.timing,
                        card=r.card_id, amount=amount, target=target)  # fmt: skip
    before = len(game.events)
    apply_primitive(game, entry)
    return not any(e.kind == "EFFECT_NOT_DONE" for e in game.events[before:])


def via_primitive(op: str, target: str = "self") -> ActionDef:
    """An action that is one effect primitive with the printed amount (``run_primitive``)."""

    def run(game: EffectContext, action: Action, r: Resolution) -> bool:
        return run_primitive(game, r, op, action.amount, target)

    return ActionDef(op=op, run=run, target=target)


def character_element(game: EffectContext, p: int) -> str | None:
    """The element of ``p``'s character in the battle zone (None: no character), as an effect
    may have set it while it stays there (``act.element_set``, ``EffectState.element``)."""
    card_id = game.players[p].battle_zone
    if card_id is None:
        return None
    return game.effects.element(p, card_id, game.card(card_id).element)


def _opponent_character_element(game: EffectContext, p: int, c: Condition, r: Resolution) -> bool:
    return character_element(game, 1 - p) in c.elements


def _own_character_element(game: EffectContext, p: int, c: Condition, r: Resolution) -> bool:
    return character_element(game, p) in c.elements


def _time_is(wanted: str) -> ConditionCheck:
    def check(game: EffectContext, p: int, c: Condition, r: Resolution) -> bool:
        time, _ = game.time_now()
        return time == wanted

    return check


def _day(game: EffectContext, p: int, c: Condition, r: Resolution) -> bool:
    time, _ = game.time_now()
    return time != NIGHT


CONDITIONS: Mapping[Cond, ConditionCheck] = {
    Cond.ALWAYS: lambda game, p, c, r: True,
    Cond.DID_PREVIOUS: lambda game, p, c, r: r.previous_done,
    Cond.NIGHT: _time_is(NIGHT),
    Cond.DAY: _day,
    Cond.MIDNIGHT: lambda game, p, c, r: game.effects.is_midnight(game.medal),
    Cond.OPP_CHAR_ELEMENT: _opponent_character_element,
    Cond.OWN_CHAR_ELEMENT: _own_character_element,
    Cond.OWN_HP_AT_MOST: lambda game, p, c, r: game.players[p].hp <= c.amount,
    Cond.OPP_HP_EQUALS: lambda game, p, c, r: game.players[1 - p].hp == c.amount,
    Cond.OPP_ABYSS_EMPTY: lambda game, p, c, r: not game.players[1 - p].abyss,
}
"""なし, そうしたなら (the clause before did its action), 夜なら, 昼なら, 真夜中なら (the single
midnight mark, 3.8.1, or one near it while 真夜中の前後Nマス is in force:
``act.midnight_widen``), 相手/自分のキャラクターカードの属性がXなら (the card in the battle zone
when the effect resolves; no character: not met, 6.2.1.1), 自分のHPがN以下なら, 相手のHPがNなら,
相手のアビスにカードがないなら."""

ACTIONS: Mapping[Act, ActionDef] = {
    Act.ATTACK_PLUS: via_primitive("attack_plus"),
    Act.HEAL: via_primitive("heal"),
    Act.REDUCE_DAMAGE: via_primitive("reduce_damage"),
}
"""攻撃力+N (own character, this turn: 7.1), HPをN回復 (3.7.1; Q58: HP+N is the same),
自分がダメージを受けたときNダメージを軽減する (this turn's damage, 5.1.4.3; Q37: the loser still
loses; Q62: it takes effect with no character in the battle zone)."""
