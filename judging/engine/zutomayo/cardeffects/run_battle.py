"""Executor family: actions on attack, HP and damage, the clock and Chronos, power (act.attack_*,
act.opp_attack_*, act.damage*, act.heal_opp, act.clock_*, act.power_*, act.element_set).

Each action is applied at its own moment, in the order the pipeline resolves the effects (the
priority player's first, 6.3.1; each player's own order, 6.3.3), with its floor or cap at that step:
attack never below 0 (7.1, Q54), HP at most 100 (3.7.1, Q59) and not below 0 (5.4.1), the medal on
marks 0-17 counted clockwise round past midnight (3.8.2, ``chronos.advance``).

A change that lasts beyond the action is a field of ``effects.EffectState``, read by the pipeline
at the one place it matters:

========================  ==========================  ==========================================
action                    field (duration)            read by
========================  ==========================  ==========================================
attack_swap_day_night     ``attack_swaps`` (turn)     ``EffectState.printed_for`` (printed attack)
attack_always_day         ``always_day`` (turn)       ``printed_for`` (5.2.8: DAY's attack)
damage_unreducible        ``unreducible`` (turn)      ``Game._battle``, ``deal_damage``
(every reduction)         ``reduced`` (turn)          ``act.damage_reduced_this_turn``
clock_negate              ``clocks_negated`` (turn)   ``Game._advance_time`` (5.2.4)
opp_char_clock_negate     ``char_clocks_negated``     ``Game._advance_time`` (Q63)
all_clocks_set            ``all_clocks`` (turn)       ``Game._advance_time`` (Q31)
midnight_widen            ``midnight_width`` (turn)   ``cond.midnight`` (``is_midnight``)
power_cost_change         ``cost_changes`` (turn)     ``Game._attacks`` (Q36)
element_set               ``elements`` (while the     ``run_base.character_element``
                          character stays)
========================  ==========================  ==========================================

"This turn" fields end with the turn (``EffectState.new_turn``); an area enchant's continuing effect
puts them in place again each turn it takes effect (6.1.3.3). Damage reductions
(自分がダメージを受けたとき…軽減する) cover every damage the player receives, battle and effect
damage alike (受ける), each damage reduced by the reductions in force (``effects``
``deal_damage``, ``Game._battle``).

Choices go through ``game.choose``; the options are listed in a documented order and the default
is the first: ``clock_set_any`` offers the marks clockwise from where the medal is (so the default
leaves it there), ``clock_advance_up_to`` the counts 0..N (default 0).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace

from judging.engine.core.jsontypes import Value
from judging.engine.zutomayo import rules as R  # noqa: N812 - R.R_5_2_1 reads as a citation
from judging.engine.zutomayo.cardeffects.run_base import (
    ActionDef,
    ConditionCheck,
    Resolution,
    run_primitive,
    via_primitive,
)
from judging.engine.zutomayo.cardeffects.vocab import Act, Action, Cond, Duration
from judging.engine.zutomayo.chronos import CHRONOS_MARKS, MIDNIGHT, NOON, advance
from judging.engine.zutomayo.effects import EffectContext, attack_after

CONDITIONS: Mapping[Cond, ConditionCheck] = {}

THIS_TURN = "this_turn"
WHILE_ON_FIELD = "while_on_field"


def _not_done(
    game: EffectContext, r: Resolution, op: str, t: int, rule: R.RuleRef, reason: str,
    qa: str = "",
) -> bool:  # fmt: skip
    if qa:
        game.emit("EFFECT_NOT_DONE", (rule,), t, None, None, card=r.card_id, op=op,
                  reason=reason, qa=qa)  # fmt: skip
    else:
        game.emit("EFFECT_NOT_DONE", (rule,), t, None, None, card=r.card_id, op=op, reason=reason)
    return False


def _changed(
    game: EffectContext, r: Resolution, op: str, t: int, refs: tuple[R.RuleRef, ...],
    before: Value, after: Value, duration: str = THIS_TURN, qa: str = "",
) -> bool:  # fmt: skip
    """A change that lasts (a field of ``EffectState``) was put in place."""
    if qa:
        game.emit("EFFECT_CHANGE_ADDED", (R.R_1_3_1, *refs), t, before, after, card=r.card_id,
                  op=op, duration=duration, qa=qa)  # fmt: skip
    else:
        game.emit("EFFECT_CHANGE_ADDED", (R.R_1_3_1, *refs), t, before, after, card=r.card_id,
                  op=op, duration=duration)  # fmt: skip
    return True


def _current_attack(game: EffectContext, t: int) -> int | None:
    printed, _ = game.printed_attack(t)
    if printed is None:
        return None
    return attack_after(printed, game.effects.attack_changes[t])


# --- attack -------------------------------------------------------------------------------------


def _swap_day_night(op: str, opponent: bool) -> ActionDef:
    """(相手の)(基礎)攻撃力を昼夜逆転する: the character's printed attack is the other time's this
    turn (a base value: the +/- of 7.1 apply to it); twice swaps back. No character: nothing to
    swap (1.3.2, Q43)."""

    def run(game: EffectContext, action: Action, r: Resolution) -> bool:
        t = 1 - r.player if opponent else r.player
        before = _current_attack(game, t)
        if before is None:
            return _not_done(game, r, op, t, R.R_1_3_2, "no_character", "Q43")
        swapped = not game.effects.attack_swaps[t]
        game.effects = game.effects.with_flag("attack_swaps", t, swapped)
        return _changed(game, r, op, t, (R.R_3_8_4, R.R_7_1), before, _current_attack(game, t))

    return ActionDef(op=op, run=run, target="opponent" if opponent else "self")


def _always_day(game: EffectContext, action: Action, r: Resolution) -> bool:
    """自分の攻撃力は常に昼の攻撃力となる: the DAY attack is the printed one this turn, whatever the
    time when attack is decided (5.2.8, 5.1.3.1, 1.3.1)."""
    op, t = "attack_always_day", r.player
    if game.effects.always_day[t]:
        return _not_done(game, r, op, t, R.R_1_3_2_1, "already_so")
    before = _current_attack(game, t)
    game.effects = game.effects.with_flag("always_day", t)
    return _changed(game, r, op, t, (R.R_5_2_8, R.R_3_8_4), before, _current_attack(game, t))


def _plus_own_hp_both(game: EffectContext, action: Action, r: Resolution) -> bool:
    """お互いの自分のHPの分だけ攻撃力+: each player's character +its own player's HP, when attack
    is decided (Q33: own 70, opponent 40 → +70 and +40); the priority player's side first."""
    done = False
    for t in (r.player, 1 - r.player):
        done = run_primitive(game, r, "attack_plus", game.players[t].hp, player=t) or done
    return done


# --- damage -------------------------------------------------------------------------------------


def _unreducible(game: EffectContext, action: Action, r: Resolution) -> bool:
    """このキャラクターが与えるダメージは軽減されない: this turn the opponent's reductions do not
    apply to the damage this player deals (battle damage 5.1.4.2 and effect damage; 1.3.1 beats
    5.1.4.3)."""
    op, t = "damage_unreducible", r.player
    if game.effects.unreducible[t]:
        return _not_done(game, r, op, t, R.R_1_3_2_1, "already_so")
    game.effects = game.effects.with_flag("unreducible", t)
    return _changed(game, r, op, t, (R.R_5_1_4_2,), None, None)


def _damage_reduced_this_turn(game: EffectContext, action: Action, r: Resolution) -> bool:
    """このターンに軽減した数値分のダメージを相手に与える: as much damage as this player's
    reductions took away this turn (0: not done, 1.3.2.2); the opponent's reductions apply."""
    return run_primitive(game, r, "deal_damage", game.effects.reduced[r.player], "opponent")


# --- the clock and Chronos ------------------------------------------------------------------------


def _move_medal(
    game: EffectContext, r: Resolution, op: str, after: int, direction: str,
    refs: tuple[R.RuleRef, ...], qa: str = "",
) -> bool:  # fmt: skip
    """The medal to ``after`` (3.8.2): not done where it already is (1.3.2.1) or if moving it is
    prohibited (1.3.3)."""
    if game.effects.is_prohibited(r.player, "move_medal", game.turn):
        return _not_done(game, r, op, r.player, R.R_1_3_3, "prohibited")
    before = game.medal
    if after == before:
        return _not_done(game, r, op, r.player, R.R_1_3_2_1, "already_there", qa)
    game.medal = after
    time_before, time_after, keys = game.time_change(before)
    rules = (R.R_1_3_1, *refs, R.R_3_8_2, R.R_3_8_4)
    if qa:
        game.emit("MEDAL_MOVED", rules, None, before, after, keys, time_before=time_before,
                  time_after=time_after, direction=direction, card=r.card_id, op=op,
                  qa=qa)  # fmt: skip
    else:
        game.emit("MEDAL_MOVED", rules, None, before, after, keys, time_before=time_before,
                  time_after=time_after, direction=direction, card=r.card_id, op=op)  # fmt: skip
    return True


def _set_to(op: str, mark: int) -> ActionDef:
    """時計が真夜中になる / 時計を真夜中にする (mark 0), …正午になる / 真昼にする (mark 9, 3.8.1):
    the medal is put there when this effect resolves, in the priority player's order (6.3.1; Q15:
    after an opponent's 方位時計 rewound it, the medal ends on midnight). A change of NIGHT and
    DAY by it does not change who resolves first (6.3.2)."""

    def run(game: EffectContext, action: Action, r: Resolution) -> bool:
        return _move_medal(game, r, op, mark, "forward", (R.R_3_8_1, R.R_6_3_1, R.R_6_3_2), "Q15")

    return ActionDef(op=op, run=run)


def _advance(game: EffectContext, action: Action, r: Resolution) -> bool:
    """時計をN進める / クロノスの時計をN進ませる: N marks clockwise, round past midnight (17 + 1
    is 0, 3.8.2)."""
    if action.amount <= 0:
        return _not_done(game, r, "clock_advance", r.player, R.R_1_3_2_2, "zero_times")
    after = advance(game.medal, action.amount)
    return _move_medal(game, r, "clock_advance", after, "forward", ())


def _advance_up_to(game: EffectContext, action: Action, r: Resolution) -> bool:
    """時計を０～Nつまで進めてもよい: the player picks how many (options "0" … "N", default "0":
    0 is not done, 1.3.2.2)."""
    op = "clock_advance_up_to"
    options = [str(n) for n in range(max(action.amount, 0) + 1)]
    chosen = game.choose(r.player, r.card_id, "pick", options, 1)
    steps = int(chosen[0]) if chosen else 0
    if steps <= 0:
        return _not_done(game, r, op, r.player, R.R_1_3_2_2, "zero_times")
    return _move_medal(game, r, op, advance(game.medal, steps), "forward", (R.R_1_3_5,))


def _set_any(game: EffectContext, action: Action, r: Resolution) -> bool:
    """クロノスを好きな時間にする: the player picks a mark (options: the 18 marks clockwise from
    where the medal is, so the default leaves it there: not done, 1.3.2.1)."""
    options = [str(advance(game.medal, n)) for n in range(CHRONOS_MARKS)]
    chosen = game.choose(r.player, r.card_id, "pick", options, 1)
    mark = int(chosen[0]) if chosen else game.medal
    return _move_medal(game, r, "clock_set_any", mark, "forward", (R.R_1_3_5,))


def _turn_start_mark(game: EffectContext) -> tuple[int, tuple[Value, ...]]:
    """Where the medal was at the start of this turn (before time moved forward, 5.2.4 / 5.1.1),
    and what each card's clock counted then ((player, card, clock), …)."""
    for event in game.turn_events():
        if event.kind == "TIME_ADVANCED" and isinstance(event.before, int):
            contributions = event.param("contributions")
            return event.before, contributions if isinstance(contributions, tuple) else ()
    return game.medal, ()


def _rewind(game: EffectContext, action: Action, r: Resolution) -> bool:
    """このターンのはじまりの時間に戻る: the medal goes back to where this turn began. A NIGHT/DAY
    change that already happened still happened (Q17); in the priority player's order (Q15)."""
    start, _ = _turn_start_mark(game)
    return _move_medal(game, r, "clock_rewind", start, "back", (R.R_6_3_1,), "Q15")


def _rewind_by_opponent(game: EffectContext, action: Action, r: Resolution) -> bool:
    """このターンのはじまりの時間から相手の時計分、時間が戻る: from the mark this turn began on,
    back by the clocks the opponent's cards counted this turn (5.2.4; 0 - 2 is 16, 3.8.2)."""
    start, contributions = _turn_start_mark(game)
    theirs = 0
    for c in contributions:
        if isinstance(c, tuple) and c[0] == 1 - r.player and isinstance(c[2], int):
            theirs += c[2]
    return _move_medal(game, r, "clock_rewind_by_opp_clock", advance(start, -theirs), "back",
                       (R.R_5_2_4_1,))  # fmt: skip


def _clock_negate(game: EffectContext, action: Action, r: Resolution) -> bool:
    """時計を無効: every card's clock counts 0 when time moves forward this turn (5.2.4). At the
    effect step time has already moved: the rewind beside it (1st_8) takes the medal back."""
    op = "clock_negate"
    if game.effects.clocks_negated:
        return _not_done(game, r, op, r.player, R.R_1_3_2_1, "already_so")
    game.effects = replace(game.effects, clocks_negated=True, in_digest=True)
    return _changed(game, r, op, r.player, (R.R_5_2_4_1,), None, 0)


def _opp_char_clock_negate(game: EffectContext, action: Action, r: Resolution) -> bool:
    """相手のキャラクターカードの時計を無効にする: the opponent's character cards count clock 0 when
    time moves forward this turn (5.2.4). Put in place when it resolves: the turn the card is set,
    time has already moved (Q63: from the next turn)."""
    op, t = "opp_char_clock_negate", 1 - r.player
    if game.effects.char_clocks_negated[t]:
        return _not_done(game, r, op, t, R.R_1_3_2_1, "already_so")
    game.effects = game.effects.with_flag("char_clocks_negated", t)
    return _changed(game, r, op, t, (R.R_5_2_4_1,), None, 0, qa="Q63")


def _all_clocks_set(game: EffectContext, action: Action, r: Resolution) -> bool:
    """すべてのカードの時計をNにする: every card set this turn counts clock N when time moves
    forward (5.2.4); put in place before the clock step it applies to (Q31: from the next turn)."""
    op = "all_clocks_set"
    if game.effects.all_clocks == action.amount:
        return _not_done(game, r, op, r.player, R.R_1_3_2_1, "already_so")
    game.effects = replace(game.effects, all_clocks=action.amount, in_digest=True)
    return _changed(game, r, op, r.player, (R.R_5_2_4_1,), None, action.amount, qa="Q31")


def _midnight_widen(game: EffectContext, action: Action, r: Resolution) -> bool:
    """真夜中の前後Nマスも真夜中として扱う: this turn, a medal within N marks of midnight (3.8.1:
    16, 17, 0, 1, 2 for N = 2) is midnight for every 真夜中なら. The time of day (3.8.4) is
    unchanged."""
    op = "midnight_widen"
    width = max(game.effects.midnight_width, action.amount)
    if width == game.effects.midnight_width:
        return _not_done(game, r, op, r.player, R.R_1_3_2_1, "already_so")
    before = game.effects.midnight_width
    game.effects = replace(game.effects, midnight_width=width, in_digest=True)
    return _changed(game, r, op, r.player, (R.R_3_8_1,), before, width)


# --- power cost and element -----------------------------------------------------------------------


def _power_cost_change(game: EffectContext, action: Action, r: Resolution) -> bool:
    """(自分のキャラクターカードの)パワーコストを★N減らす: the character in this player's battle
    zone (the clause's condition says which: 同時にセットした, バトルゾーンの（song）) needs N less
    power to attack this turn (Q36: ★3 meets a ★5 character with ★2 off), never below ★0."""
    op, t = "power_cost_change", r.player
    card_id = game.players[t].battle_zone
    if card_id is None:
        return _not_done(game, r, op, t, R.R_1_3_2, "no_character", "Q43")
    if action.amount <= 0:
        return _not_done(game, r, op, t, R.R_1_3_2_2, "zero_times")
    printed = game.card(card_id).power_cost
    before = game.effects.power_cost(t, card_id, printed)
    changes = (*game.effects.cost_changes, (t, card_id, action.amount))
    game.effects = replace(game.effects, cost_changes=changes, in_digest=True)
    after = game.effects.power_cost(t, card_id, printed)
    return _changed(game, r, op, t, (R.R_9_1_3, R.R_2_3_6), before, after, qa="Q36")


def _element_set(game: EffectContext, action: Action, r: Resolution) -> bool:
    """相手のキャラクターカードの属性をバトルフィールドにいる間Xにする: the opponent's character in
    the battle zone is of element X while it stays there (ends when it leaves)."""
    op, t = "element_set", 1 - r.player
    card_id = game.players[t].battle_zone
    if card_id is None:
        return _not_done(game, r, op, t, R.R_1_3_2, "no_character", "Q43")
    element = action.elements[0] if action.elements else ""
    before = game.effects.element(t, card_id, game.card(card_id).element)
    if not element or before == element:
        return _not_done(game, r, op, t, R.R_1_3_2_1, "already_so")
    kept = tuple(e for e in game.effects.elements if e[:2] != (t, card_id))
    game.effects = replace(game.effects, elements=(*kept, (t, card_id, element)), in_digest=True)
    return _changed(game, r, op, t, (), before, element, WHILE_ON_FIELD)


ACTIONS: Mapping[Act, ActionDef] = {
    Act.ATTACK_MINUS: via_primitive("attack_minus"),
    Act.ATTACK_SET: via_primitive("set_attack"),
    Act.ATTACK_SWAP_DAY_NIGHT: _swap_day_night("attack_swap_day_night", opponent=False),
    Act.ATTACK_ALWAYS_DAY: ActionDef(op="attack_always_day", run=_always_day),
    Act.ATTACK_PLUS_OWN_HP_BOTH: ActionDef(
        op="attack_plus_own_hp_both", run=_plus_own_hp_both, target="both"
    ),
    Act.OPP_ATTACK_MINUS: via_primitive("attack_minus", "opponent"),
    Act.OPP_ATTACK_SET: via_primitive("set_attack", "opponent"),
    Act.OPP_ATTACK_SWAP_DAY_NIGHT: _swap_day_night("opp_attack_swap_day_night", opponent=True),
    Act.DAMAGE: via_primitive("deal_damage", "opponent"),
    Act.DAMAGE_UNREDUCIBLE: ActionDef(op="damage_unreducible", run=_unreducible),
    Act.DAMAGE_REDUCED_THIS_TURN: ActionDef(
        op="damage_reduced_this_turn", run=_damage_reduced_this_turn, target="opponent"
    ),
    Act.HEAL_OPP: via_primitive("heal", "opponent"),
    Act.CLOCK_SET_MIDNIGHT: _set_to("clock_set_midnight", MIDNIGHT),
    Act.CLOCK_SET_NOON: _set_to("clock_set_noon", NOON),
    Act.CLOCK_SET_ANY: ActionDef(op="clock_set_any", run=_set_any),
    Act.CLOCK_ADVANCE: ActionDef(op="clock_advance", run=_advance),
    Act.CLOCK_ADVANCE_UP_TO: ActionDef(op="clock_advance_up_to", run=_advance_up_to),
    Act.CLOCK_NEGATE: ActionDef(op="clock_negate", run=_clock_negate, target="both"),
    Act.OPP_CHAR_CLOCK_NEGATE: ActionDef(
        op="opp_char_clock_negate", run=_opp_char_clock_negate, target="opponent"
    ),
    Act.CLOCK_REWIND: ActionDef(op="clock_rewind", run=_rewind),
    Act.CLOCK_REWIND_BY_OPP_CLOCK: ActionDef(
        op="clock_rewind_by_opp_clock", run=_rewind_by_opponent
    ),
    Act.ALL_CLOCKS_SET: ActionDef(op="all_clocks_set", run=_all_clocks_set, target="both"),
    Act.MIDNIGHT_WIDEN: ActionDef(op="midnight_widen", run=_midnight_widen, target="both"),
    Act.POWER_COST_CHANGE: ActionDef(op="power_cost_change", run=_power_cost_change),
    # the element it sets lasts while the character stays in the battle zone (EffectState.elements)
    Act.ELEMENT_SET: ActionDef(
        op="element_set",
        run=_element_set,
        target="opponent",
        lasts=frozenset({Duration.WHILE_ON_FIELD.value}),
    ),
}
"""攻撃力-N, 攻撃力をNにする, (相手の)攻撃力を昼夜逆転する, 常に昼の攻撃力, お互いの自分のHPの
分だけ攻撃力+, 相手の攻撃力-N (Q54: never below 0, at each step), 相手の攻撃力をNにする,
相手のHPをN減らす / Nダメージを与える (the opponent's reductions apply), 軽減されない,
このターンに軽減した数値分, 相手のHPをN回復させ (Q59: at most 100), the clock and Chronos
(above), パワーコストを★N減らす, 属性をXにする."""
