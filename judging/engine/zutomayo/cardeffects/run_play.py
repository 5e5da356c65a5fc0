"""Executor family: conditions on characters, songs, changes of the time of day, HP and what
happened this turn or last turn (cond.*_char_*, cond.*_song*, cond.day_to_night …, events).

Every condition is checked when its clause resolves (6.2.1.1, 1.3.1), on the state then. What the
state alone does not say is kept as it happens, not looked for in the events: the character used
last turn and the one a swap replaced (``zones.PlayerZones``), the most HP lost at once this turn
(``PlayerZones.hp``), the cards put on each power charger and abyss (``zones.Pile``) and the
changes of the time of day (``apply.Game.medal``, ``time_shift``). A check sets
``Resolution.qa`` when an official Q&A answer decides it; the pipeline cites it on its event.

Where a condition looks at "the character" and there is none in the battle zone, it is not met
(Q43: 参照するカードがないため発動できません), except 相手のキャラクターの攻撃力が０ (Q60).

See ``run_base`` for the shapes; ``execute`` merges this module's tables.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping

from judging.engine.zutomayo.cardeffects.run_base import ActionDef, ConditionCheck, Resolution
from judging.engine.zutomayo.cardeffects.vocab import Act, Cond, Condition
from judging.engine.zutomayo.cards import AREA_ENCHANT, UNKNOWN_CARD, CardDef
from judging.engine.zutomayo.chronos import DAY, NIGHT
from judging.engine.zutomayo.effects import EffectContext, attack_after

# --- characters -------------------------------------------------------------------------------


def _character(game: EffectContext, p: int) -> CardDef | None:
    """``p``'s character in the battle zone now (None: none, or a hidden card)."""
    card_id = game.players[p].battle_zone
    if card_id is None or card_id == UNKNOWN_CARD:
        return None
    return game.card(card_id)


def _previous_character_element(game: EffectContext, p: int, c: Condition, r: Resolution) -> bool:
    """前のターンで使用したキャラクターカードの属性がXなら: the character that was in the battle
    zone last turn, whether or not it could attack or was new then (Q23); none: not met."""
    card_id = game.players[p].previous_character
    if card_id is None or card_id == UNKNOWN_CARD:
        return False
    r.qa = "Q23"
    return game.card(card_id).element in c.elements


def _cost_check(whose: int, test: Callable[[int, int], bool]) -> ConditionCheck:
    """(自分/相手の)キャラクターカードのパワーコストが★N以上/以下なら: the printed power cost of
    the character in the battle zone when the clause resolves (after 5.2.5, Q22)."""

    def check(game: EffectContext, p: int, c: Condition, r: Resolution) -> bool:
        card = _character(game, p if whose == 0 else 1 - p)
        return card is not None and test(card.power_cost, c.amount)

    return check


def _same_cost(game: EffectContext, p: int, c: Condition, r: Resolution) -> bool:
    """自分のキャラクターカードと相手のキャラクターカードが同じパワーコストなら: both there."""
    own, opp = _character(game, p), _character(game, 1 - p)
    return own is not None and opp is not None and own.power_cost == opp.power_cost


def _opponent_attack_zero(game: EffectContext, p: int, c: Condition, r: Resolution) -> bool:
    """相手のキャラクターの攻撃力が０なら: the opponent's attack as it stands when the clause
    resolves: printed for the time now with this turn's changes so far, one by one (7.1, Q54).
    Q60: also 0 when the opponent has no character or its power cost is not met (it cannot
    attack, 5.1.3.2)."""
    q = 1 - p
    card = _character(game, q)
    if card is None or game.players[q].total_power < card.power_cost:
        r.qa = "Q60"
        return True
    printed, _ = game.printed_attack(q)
    return attack_after(printed or 0, game.effects.attack_changes[q]) == 0


def _opponent_send_to_power(game: EffectContext, p: int, c: Condition, r: Resolution) -> bool:
    """相手のキャラクターのSEND TO POWERが★Nなら: exactly N stars printed (★★ is 2)."""
    card = _character(game, 1 - p)
    return card is not None and card.send_to_power == c.amount


def _set_with_this(game: EffectContext, p: int, c: Condition, r: Resolution) -> bool:
    """同時に出した(セットした)自分のキャラクターカード: this card and a character were set
    together this turn (5.2.1) and that character was swapped in and is in the battle zone now
    (5.2.5); Q36: that character, this turn."""
    player = game.players[p]
    other = player.swapped_in
    if other is None or other == r.card_id or r.card_id not in player.played_this_turn:
        return False
    r.qa = "Q36"
    return other in player.played_this_turn and player.battle_zone == other


# --- songs (Q47: a card of the song has "（song）" in its name) ------------------------------


def _song(game: EffectContext, r: Resolution) -> str:
    """The "（song）" in this card's text: the card's own song (``CardDef.song``)."""
    return game.card(r.card_id).song


def _battle_song(game: EffectContext, p: int, c: Condition, r: Resolution) -> bool:
    """バトルゾーンのカードが（song）のキャラクターなら (Q47)."""
    card = _character(game, p)
    r.qa = "Q47"
    return card is not None and card.is_of_song(_song(game, r))


def _swapped_in_for_song(game: EffectContext, p: int, c: Condition, r: Resolution) -> bool:
    """このターンに（song）のキャラクターと入れ替えていたなら: this card came into the battle zone
    this turn (5.2.5) in place of a character of the song (Q47). Used as another card's effect
    it was not swapped in: not met (Q66)."""
    player = game.players[p]
    if player.swapped_in != r.card_id:
        r.qa = "Q66"
        return False
    r.qa = "Q47"
    old = player.swapped_out
    return old is not None and old != UNKNOWN_CARD and game.card(old).is_of_song(_song(game, r))


def _swapped_to_other_song(game: EffectContext, p: int, c: Condition, r: Resolution) -> bool:
    """バトルゾーンのキャラクターを（song）以外のキャラクターに入れ替えたら: a character was swapped
    into the battle zone this turn (5.2.5) and it is not of the song (Q47)."""
    new = game.players[p].swapped_in
    if new is None or new == UNKNOWN_CARD:
        return False
    r.qa = "Q47"
    return not game.card(new).is_of_song(_song(game, r))


# --- the time of day (3.8.4) ------------------------------------------------------------------


def _shift(to_night: bool | None) -> ConditionCheck:
    """昼から夜に変わると (True) / 夜から昼に変わると, 夜じゃなくなったら (False) /
    昼と夜が入れ替わった (None: either): the time of day changed that way this turn up
    to now, by the time moving forward (5.2.4) or by an effect resolved before this one
    (Q19). It counts once it happened: Q17 if it has changed back since, Q18 if it went
    round (NIGHT → DAY → NIGHT in one move)."""

    def check(game: EffectContext, p: int, c: Condition, r: Resolution) -> bool:
        day_to_night, night_to_day = game.time_shift()
        if to_night is None:
            return day_to_night or night_to_day
        met = day_to_night if to_night else night_to_day
        if met:
            target = NIGHT if to_night else DAY
            now, _ = game.time_now()
            if now != target:
                r.qa = "Q17"
            elif game.time_of_day(game.turn_start_medal) == target:
                r.qa = "Q18"
        return met

    return check


# --- HP and damage ----------------------------------------------------------------------------


def _opponent_hp_at_most(game: EffectContext, p: int, c: Condition, r: Resolution) -> bool:
    """相手のHPがN以下になった(ターンの終了時): the HP when it is checked; Q29: also if it was
    already N or less before this turn."""
    met = game.players[1 - p].hp <= c.amount
    if met:
        r.qa = "Q29"
    return met


def _own_damaged_at_least(game: EffectContext, p: int, c: Condition, r: Resolution) -> bool:
    """Nダメージ以上を受けたなら: this turn, one loss of N HP or more at once, by battle or by an
    effect (3.7, 5.4), what is left after a reduction (Q37: 受ける is after 軽減); Q16."""
    met = game.players[p].largest_hp_loss >= c.amount
    if met:
        r.qa = "Q16"
    return met


def _lost_battle(game: EffectContext, p: int, c: Condition, r: Resolution) -> bool:
    """バトルに負けたとき: this turn's battle was won by the opponent (5.1.4.1); Q37: lost even
    when a reduction left no damage."""
    battle = game.battle
    if battle is None or battle.winner != 1 - p:
        return False
    if battle.damage == 0:
        r.qa = "Q37"
    return True


# --- what was put where this turn (zones.Pile) ------------------------------------------------


def _opponent_put_to_abyss(game: EffectContext, p: int, c: Condition, r: Resolution) -> bool:
    """相手がアビスにカードを置いたターン: the opponent put a card in their abyss this turn, by the
    rules (3.6) or by their own effect; a card this player's effect put there does not count
    (the opponent did not put it). Q28."""
    met = any(not foreign for _, foreign in game.players[1 - p].abyss.placed_this_turn())
    if met:
        r.qa = "Q28"
    return met


def _in_zone_c(game: EffectContext, p: int, r: Resolution) -> bool:
    return game.players[p].zone_c == r.card_id


def _opponent_abyss_placed(game: EffectContext, p: int, c: Condition, r: Resolution) -> bool:
    """相手のアビスにカードが置かれたとき: a card was put in the opponent's abyss, by either
    player, this turn since this card came into set zone C (an area enchant's effect holds while
    it is in play, 6.1.3.3; before that it was not there to see it)."""
    since = game.players[p].zone_c_marks[1] if _in_zone_c(game, p, r) else 0
    return bool(game.players[1 - p].abyss.placed_this_turn(since))


def _own_power_placed(game: EffectContext, p: int, c: Condition, r: Resolution) -> bool:
    """パワーチャージャーにカードを置いたとき: this player put a card (any card) in their own power
    charger this turn since this card came into set zone C (6.1.3.3); one the opponent's effect
    put there is not one this player put."""
    since = game.players[p].zone_c_marks[0] if _in_zone_c(game, p, r) else 0
    placed = game.players[p].power_charger.placed_this_turn(since)
    return any(not foreign for _, foreign in placed)


def _own_character_to_power(game: EffectContext, p: int, c: Condition, r: Resolution) -> bool:
    """キャラクターカードを自分のパワーチャージャーに置いたターン: this player put a character
    card in their own power charger this turn (3.4: by its SEND TO POWER when it left the battle
    zone, or by their own effect)."""
    placed = game.players[p].power_charger.placed_this_turn()
    return any(
        not foreign and card_id != UNKNOWN_CARD and game.card(card_id).is_character
        for card_id, foreign in placed
    )


def _opponent_set_area_enchant(game: EffectContext, p: int, c: Condition, r: Resolution) -> bool:
    """相手がエリアエンチャントを出したターン: the opponent set an area enchant from their hand this
    turn (5.2.1), whether or not it came into set zone C (Q11)."""
    return any(
        card_id != UNKNOWN_CARD and game.card(card_id).type == AREA_ENCHANT
        for card_id in game.players[1 - p].played_this_turn
    )


def _opponent_area_enchant_in_play(
    game: EffectContext, p: int, c: Condition, r: Resolution
) -> bool:
    """相手のエリアエンチャントが置かれているなら / 相手のフィールドにエリアエンチャントがあるなら:
    the opponent has an area enchant in set zone C, where an area enchant in play is (3.3)."""
    return game.players[1 - p].zone_c is not None


CONDITIONS: Mapping[Cond, ConditionCheck] = {
    Cond.PREV_CHAR_ELEMENT: _previous_character_element,
    Cond.OPP_CHAR_COST_AT_LEAST: _cost_check(1, lambda cost, n: cost >= n),
    Cond.OPP_CHAR_COST_AT_MOST: _cost_check(1, lambda cost, n: cost <= n),
    Cond.OWN_CHAR_COST_AT_LEAST: _cost_check(0, lambda cost, n: cost >= n),
    Cond.OWN_CHAR_COST_AT_MOST: _cost_check(0, lambda cost, n: cost <= n),
    Cond.SAME_CHAR_COST: _same_cost,
    Cond.OPP_ATTACK_ZERO: _opponent_attack_zero,
    Cond.OPP_CHAR_SEND_TO_POWER: _opponent_send_to_power,
    Cond.OWN_CHAR_SET_WITH_THIS: _set_with_this,
    Cond.BATTLE_CHAR_SONG: _battle_song,
    Cond.SWAPPED_IN_SONG: _swapped_in_for_song,
    Cond.SWAPPED_TO_OTHER_SONG: _swapped_to_other_song,
    Cond.DAY_TO_NIGHT: _shift(True),
    Cond.NIGHT_TO_DAY: _shift(False),
    Cond.DAY_NIGHT_CHANGED: _shift(None),
    Cond.OPP_HP_AT_MOST: _opponent_hp_at_most,
    Cond.OWN_HP_BELOW_OPP: lambda game, p, c, r: game.players[p].hp < game.players[1 - p].hp,
    Cond.OWN_DAMAGED_AT_LEAST: _own_damaged_at_least,
    Cond.LOST_BATTLE: _lost_battle,
    Cond.OPP_PUT_TO_ABYSS_THIS_TURN: _opponent_put_to_abyss,
    Cond.OPP_ABYSS_CARD_PLACED: _opponent_abyss_placed,
    Cond.OWN_POWER_CARD_PLACED: _own_power_placed,
    Cond.OWN_CHAR_TO_POWER: _own_character_to_power,
    Cond.OPP_SET_AREA_ENCHANT: _opponent_set_area_enchant,
    Cond.OPP_AREA_ENCHANT_IN_PLAY: _opponent_area_enchant_in_play,
}
"""前のターンで使用した…, (自分/相手の)キャラクターカードのパワーコスト, 同じパワーコスト,
相手のキャラクターの攻撃力が０, SEND TO POWER, 同時に出した, （song）, 昼から夜/夜から昼/昼と夜が
入れ替わった, HP, ダメージを受けた, バトルに負けた, アビス/パワーチャージャーに置いた(置かれた),
エリアエンチャントを出した/がある."""

ACTIONS: Mapping[Act, ActionDef] = {}
