"""The effect vocabulary: frozen data, one stable code per meaning, so that an
encoded card keeps its meaning when the engine changes.

A card's effect is data (``CardEffect``), not code per card. Codes are strings with a prefix
that says what they are: ``cond.`` conditions, ``act.`` actions, ``time.`` timings, ``dur.``
durations, ``area.`` area-enchant destinations on ending. The codes are stable: a record,
the encoding file and the ``effects`` command's ``missing`` lists all use them, so a code is never
renamed, only added. The families and the conventions of the encoding (the area-enchant ending,
the unnamed subject, ``zone``/``elements``, amount 0) are in ``README.md`` beside this file.

What a code means is written beside it with the rule it comes from (Ground Rules 1.0.1).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum

from judging.engine.core.errors import RecordError
from judging.engine.core.jsontypes import JSON


class Cond(StrEnum):
    """Conditions ("…なら"). Each is checked when the effect resolves (5.2.7, 1.3.1); an
    ``…になった``/``…したターン`` condition is the state or event of this turn, checked at the
    clause's timing. With no subject written, a condition is about this card's player."""

    ALWAYS = "cond.always"  # no condition written
    ALL_OF = "cond.all_of"  # …で、今が昼なら / …かつ、…なら: every condition in ``parts`` holds
    DID_PREVIOUS = "cond.did_previous"  # そうしたなら / この効果でカードを引いたなら: the action
    # of the clause before was done
    # -- time of day (3.8)
    NIGHT = "cond.night"  # 夜なら (Chronos mark in the night half, 3.8)
    DAY = "cond.day"  # 昼なら
    MIDNIGHT = "cond.midnight"  # 真夜中なら (the single midnight mark)
    DAY_TO_NIGHT = "cond.day_to_night"  # 昼から夜に変わると (the mark crossed this turn)
    NIGHT_TO_DAY = "cond.night_to_day"  # 夜から昼に変わると / 夜じゃなくなったら
    DAY_NIGHT_CHANGED = "cond.day_night_changed"  # 昼と夜が入れ替わった (either way, this turn)
    # -- characters: element, power cost, attack, song
    OPP_CHAR_ELEMENT = "cond.opp_char_element"  # 相手のキャラクターカードの属性がXなら
    OWN_CHAR_ELEMENT = "cond.own_char_element"  # 自分のキャラクターカードの属性がXなら
    PREV_CHAR_ELEMENT = "cond.prev_char_element"  # 前のターンで使用したキャラクターカードの属性がX
    OPP_CHAR_COST_AT_LEAST = (
        "cond.opp_char_cost_at_least"  # 相手のキャラクターカードのパワーコストが★N以上なら
    )
    OPP_CHAR_COST_AT_MOST = "cond.opp_char_cost_at_most"  # …★０か★１なら (at most 1)
    OWN_CHAR_COST_AT_LEAST = "cond.own_char_cost_at_least"  # (自分の)キャラクターカードが
    # Nコスト以上なら / …のパワーコストがN以上なら
    OWN_CHAR_COST_AT_MOST = "cond.own_char_cost_at_most"  # キャラクターカードがNコスト以下なら
    SAME_CHAR_COST = "cond.same_char_cost"  # 自分と相手のキャラクターカードが同じパワーコストなら
    OWN_CHAR_SET_WITH_THIS = (
        "cond.own_char_set_with_this"  # 同時に出した自分のキャラクターカード (set with it, 5.2.5)
    )
    OPP_ATTACK_ZERO = "cond.opp_attack_zero"  # 相手のキャラクターの攻撃力が０なら
    OPP_CHAR_SEND_TO_POWER = "cond.opp_char_send_to_power"  # 相手のキャラクターのSEND TO POWERが★N
    # A "（song）" in a text is the card's own song (its ``song_ja``); a card is "of" that song when
    # its name carries "（song）" (Q47).
    SWAPPED_IN_SONG = "cond.swapped_in_song"  # このターンに（song）のキャラクターと入れ替えていた
    SWAPPED_TO_OTHER_SONG = "cond.swapped_to_other_song"  # バトルゾーンのキャラクターを（song）
    # 以外のキャラクターに入れ替えたら
    BATTLE_CHAR_SONG = "cond.battle_char_song"  # バトルゾーンのカードが（song）のキャラクター
    # -- HP and damage (3.7)
    OWN_HP_AT_MOST = "cond.own_hp_at_most"  # (自分の)HPがN以下(になった)なら
    OPP_HP_AT_MOST = "cond.opp_hp_at_most"  # 相手のHPがN以下になった(ターンの終了時): the state
    # then (Q29: also if it already was)
    OPP_HP_EQUALS = "cond.opp_hp_equals"  # 相手のHPがNなら
    OWN_HP_BELOW_OPP = "cond.own_hp_below_opp"  # HPが相手のHPより少ないなら
    OWN_DAMAGED_AT_LEAST = "cond.own_damaged_at_least"  # Nダメージ以上を受けたなら: one damage of
    # N or more reaching own HP after any reduction (Q37: 受ける is what is left after 軽減); Q16
    LOST_BATTLE = "cond.lost_battle"  # バトルに負けたとき (5.3)
    # -- zones: counts by element, type and number (``zone``, ``elements``, ``amount``)
    OPP_ABYSS_EMPTY = "cond.opp_abyss_empty"  # 相手のアビスにカードがないなら
    ZONE_ELEMENT_ONLY = "cond.zone_element_only"  # <zone>のカードがX属性だけ(だった)なら
    ZONE_HAS_ELEMENT = "cond.zone_has_element"  # <zone>にX属性のカードがあるなら (one or more)
    ZONE_ELEMENT_COUNT_AT_LEAST = (
        "cond.zone_element_count_at_least"  # <zone>にX属性のカードがN枚以上
    )
    ZONE_DISTINCT_ELEMENTS_AT_LEAST = "cond.zone_distinct_elements_at_least"  # N属性(以上)ある /
    # N種類の属性: ``elements`` empty counts any of the five (2.3.2, chaos too), else only those
    ZONE_COUNT_AT_LEAST = "cond.zone_count_at_least"  # <zone>のカードがN枚以上
    ZONE_COUNT_AT_MOST = "cond.zone_count_at_most"  # <zone>のカードがN枚以下
    # -- what happened this turn (an event, not a state)
    OPP_SET_AREA_ENCHANT = "cond.opp_set_area_enchant"  # 相手がエリアエンチャントを出したターン
    OPP_PUT_TO_ABYSS_THIS_TURN = "cond.opp_put_to_abyss_this_turn"  # 相手がアビスにカードを
    # 置いたターン: the opponent put a card in (its) abyss this turn
    OPP_ABYSS_CARD_PLACED = "cond.opp_abyss_card_placed"  # 相手のアビスにカードが置かれたとき
    # (by either player)
    OWN_CHAR_TO_POWER = (
        "cond.own_char_to_power"  # キャラクターカードを自分のパワーチャージャーに置いたターン
    )
    OWN_POWER_CARD_PLACED = "cond.own_power_card_placed"  # パワーチャージャーにカードを置いたとき
    # (any card)
    # -- the opponent's field
    OPP_AREA_ENCHANT_IN_PLAY = "cond.opp_area_enchant_in_play"  # 相手のエリアエンチャントが置かれて
    # いるなら / 相手のフィールドにエリアエンチャントがあるなら (a state)
    # -- revealed cards (10.3)
    REVEALED_IS_NAMED = "cond.revealed_is_named"  # (公開した)そのカード名のカードなら (Q50)
    REVEALED_COST_AT_LEAST = (
        "cond.revealed_cost_at_least"  # パワーコストがN以上のカードが山札から公開されたら
    )
    REVEALED_NO_SEND_TO_POWER = (
        "cond.revealed_no_send_to_power"  # (公開した)相手のカードにSEND TO POWER★が無ければ
    )
    REVEALED_HAS_SEND_TO_POWER = (
        "cond.revealed_has_send_to_power"  # (公開した)カードにSEND TO POWER★があったなら
    )


class Act(StrEnum):
    """Actions. Every change is applied at its own moment, with floors and caps at each step
    (7.1, Q54: attack never below 0; 3.7: HP 0–100; 3.8.2: the medal 0–17). ``amount`` is the
    number printed (★★ is 2); an action with no number printed carries 0 (see README.md). With no
    subject written, an action is this card's player's, on their own side."""

    # -- attack (7.1)
    ATTACK_PLUS = "act.attack_plus"  # 攻撃力+N (own character, this turn)
    ATTACK_MINUS = "act.attack_minus"  # 攻撃力-N
    ATTACK_SET = "act.attack_set"  # 攻撃力をNにする
    ATTACK_PLUS_PER = "act.attack_plus_per"  # <zone>の(X属性の)カード１枚につき / の数だけ
    # 攻撃力+N: ``zone`` and ``elements`` name the cards counted
    ATTACK_PLUS_PER_SONG_CARD = (
        "act.attack_plus_per_song_card"  # <zone>にある（song）のカードの数だけ、攻撃力+N (Q47, Q57)
    )
    ATTACK_PLUS_PER_REVEALED_SONG = "act.attack_plus_per_revealed_song"  # 手札から（song）の
    # キャラクターを好きな枚数公開し、その数だけ攻撃力+N
    ATTACK_PLUS_OWN_HP_BOTH = "act.attack_plus_own_hp_both"  # お互いの自分のHPの分だけ攻撃力+ (Q33)
    ATTACK_SWAP_DAY_NIGHT = "act.attack_swap_day_night"  # 攻撃力を昼夜逆転する
    ATTACK_ALWAYS_DAY = "act.attack_always_day"  # 自分の攻撃力は常に昼の攻撃力となる (5.2.8)
    OPP_ATTACK_MINUS = "act.opp_attack_minus"  # 相手の(キャラクターの)攻撃力-N (7.1, Q54: floor 0)
    OPP_ATTACK_SET = "act.opp_attack_set"  # 相手の攻撃力をNにする
    OPP_ATTACK_SWAP_DAY_NIGHT = "act.opp_attack_swap_day_night"  # 相手の攻撃力を昼夜逆転する
    # -- HP and damage (3.7, 5.4)
    HEAL = "act.heal"  # HPをN回復 / HP+N (Q58: the same effect)
    HEAL_OPP = "act.heal_opp"  # 相手のHPをN回復させ / お互いのHPをN回復 (with HEAL)
    DAMAGE = "act.damage"  # 相手のHPをN減らす / Nダメージを与える
    DAMAGE_UNREDUCIBLE = "act.damage_unreducible"  # このキャラクターが与えるダメージは軽減されない
    DAMAGE_REDUCED_THIS_TURN = (
        "act.damage_reduced_this_turn"  # このターンに軽減した数値分のダメージを相手に与える
    )
    REDUCE_DAMAGE = "act.reduce_damage"  # 自分がダメージを受けたときNダメージを軽減する (Q62)
    # -- clock and Chronos (3.8, 5.2.4)
    CLOCK_SET = "act.clock_set"  # 時計を…にする in general: no card uses it, the settings below
    # have their own codes (a code is never removed)
    CLOCK_SET_MIDNIGHT = "act.clock_set_midnight"  # 時計が真夜中になる / 時計を真夜中にする (3.8.1;
    # Q15: in the priority player's order, 6.3.1)
    CLOCK_SET_NOON = "act.clock_set_noon"  # 時計が正午になる / 時計を真昼にする
    CLOCK_SET_ANY = "act.clock_set_any"  # クロノスを好きな時間にする (a choice)
    CLOCK_ADVANCE = "act.clock_advance"  # 時計をN進める
    CLOCK_ADVANCE_UP_TO = "act.clock_advance_up_to"  # 時計を０～Nつまで進めてもよい (a choice)
    CLOCK_NEGATE = "act.clock_negate"  # 時計を無効
    OPP_CHAR_CLOCK_NEGATE = "act.opp_char_clock_negate"  # 相手のキャラクターカードの時計を無効
    # (counts as 0 when time moves forward, 5.2.4; Q63: from the turn after it is set)
    CLOCK_REWIND = "act.clock_rewind"  # このターンのはじまりの時間に戻る
    CLOCK_REWIND_BY_OPP_CLOCK = "act.clock_rewind_by_opp_clock"  # このターンのはじまりの時間から
    # 相手の時計分、時間が戻る (the clocks of the cards the opponent played this turn, 5.2.4)
    ALL_CLOCKS_SET = "act.all_clocks_set"  # すべてのカードの時計をNにする (Q31: from next turn)
    MIDNIGHT_WIDEN = "act.midnight_widen"  # 真夜中の前後Nマスも真夜中として扱う
    # -- power (9.1)
    POWER_COST_CHANGE = "act.power_cost_change"  # (自分のキャラクターカードの)パワーコストを★N
    # 減らす: the cost goes down by ``amount`` (floor 0); which character is the clause's condition
    # (同時にセットした: own_char_set_with_this; バトルゾーンの: battle_char_song); Q36
    POWER_PLUS_PER = "act.power_plus_per"  # <zone>の(X属性の)カード１枚につき、★+N: the power
    # available (9.1) grows by N per card counted (Q24); the card's own cost is met from the power
    # charger only (Q72)
    # -- draws and mills (8.2.2: a short deck loses)
    DRAW = "act.draw"  # カードをN枚引く
    DRAW_SAME_NUMBER = "act.draw_same_number"  # 同じ数だけ(デッキから)カードを引く
    MILL = "act.mill"  # デッキの上からN枚をアビスに置く
    OPP_MILL = "act.opp_mill"  # 相手のデッキの上からN枚を相手のアビスに置く (8.2.2: a short deck
    # loses; the official Q70 text of 2026-03-11 says it does not and is reported revised)
    OPP_MILL_SAME_NUMBER = (
        "act.opp_mill_same_number"  # 相手のデッキの上から、それと同じ枚数をアビスに置く
    )
    OPP_DECK_TOP_TO_OPP_ABYSS = "act.opp_deck_top_to_opp_abyss"  # 相手のデッキの一番上のカードを
    # パワーの有無に関わらずアビスに置く (one card, no number printed)
    DECK_TOP_TO_POWER_OR_ABYSS = "act.deck_top_to_power_or_abyss"  # デッキの一番上のカードを
    # パワーがあればパワーチャージャーに、なければアビスに置く
    # -- moves between zones (``elements``: only cards of those; none: any card)
    MOVE = "act.move"  # a card between zones in general: no card uses it, each move below has its
    # own code
    HAND_TO_ABYSS = "act.hand_to_abyss"  # 手札から(X属性の)カードをN枚選び、アビスに置く
    # (パワーの有無に関わらず: any card, ``elements`` empty)
    HAND_TO_ABYSS_ANY = (
        "act.hand_to_abyss_any"  # 手札から(X属性の)カードを好きな枚数選び、アビスに置く
    )
    HAND_TO_DECK_BOTTOM = "act.hand_to_deck_bottom"  # 手札をN枚選んでデッキの底に置く
    HAND_TO_DECK_BOTTOM_ANY = (
        "act.hand_to_deck_bottom_any"  # 手札からカードを好きな枚数選び、デッキの底に置く
    )
    HAND_SONG_CHAR_TO_POWER_MAY = "act.hand_song_char_to_power_may"  # 手札にある（song）の
    # キャラクターをN枚選び、パワーチャージャーに置いてもよい (Q57)
    SWAP_HAND_ABYSS = "act.swap_hand_abyss"  # 手札N枚とアビスの好きなカードN枚を入れ替える
    ABYSS_TO_DECK_BOTTOM = "act.abyss_to_deck_bottom"  # アビスのカードをN枚選び、デッキの底に置く
    ABYSS_TO_DECK_BOTTOM_SHUFFLED = "act.abyss_to_deck_bottom_shuffled"  # アビスのカードをN枚
    # 選び、裏向きにして混ぜ、デッキの底に置く
    ABYSS_TO_DECK_BOTTOM_SHUFFLED_AT_LEAST = "act.abyss_to_deck_bottom_shuffled_at_least"
    # アビスのカードをN枚以上選び、裏向きにして混ぜ…
    OPP_ABYSS_TO_OPP_DECK_BOTTOM = "act.opp_abyss_to_opp_deck_bottom"  # 相手のアビスの(にある)
    # カードをN枚選んで(相手の)デッキの底に戻(させ)る: this card's player chooses
    OPP_POWER_TO_OPP_DECK_BOTTOM = "act.opp_power_to_opp_deck_bottom"  # 相手のパワーチャージャー
    # からSEND TO POWER★N (amount N) のカードを１枚選び、相手のデッキの底に置く (Q64: none, nothing)
    BOTH_POWER_TO_ABYSS = (
        "act.both_power_to_abyss"  # お互いのパワーチャージャーのカードをすべてアビスに置く
    )
    OPP_POWER_CHAR_SWAP_IN = "act.opp_power_char_swap_in"  # 相手のパワーチャージャーの
    # キャラクターをN枚選び、(相手の)バトルゾーンのキャラクターと入れ替える。この効果で出した
    # キャラクターの効果は発動しない (Q67–Q69)
    # -- the opponent's area enchant (6.1.3)
    OPP_AREA_TO_OPP_DECK_BOTTOM = (
        "act.opp_area_to_opp_deck_bottom"  # 相手のエリアエンチャントを相手のデッキの底に置く/戻す
    )
    OPP_AREA_TO_OPP_DECK_TOP = (
        "act.opp_area_to_opp_deck_top"  # 相手のエリアエンチャント(カード)を相手のデッキの上に置く
    )
    OPP_AREA_TO_OPP_ABYSS = "act.opp_area_to_opp_abyss"  # 相手のエリアエンチャントを、相手の
    # アビスに置く
    # -- this area enchant's destination on ending (6.1.3.3): the only action of its ending clause
    AREA_TO_ABYSS = "area.to_abyss"  # (このカードを)アビスに置く
    AREA_TO_POWER = "area.to_power"  # (このカードを)パワーチャージャーに置く (Q20, Q46)
    # -- reorders and reveals (10.3)
    REORDER = "act.reorder"  # 好きな順番に入れ替えて戻す
    OPP_DECK_TOP_REORDER = (
        "act.opp_deck_top_reorder"  # 相手のデッキの上からN枚を見て、好きな順番に入れ替えて戻す
    )
    REVEAL = "act.reveal"  # <zone>を公開する: 手札を公開し (own.hand), 相手の手札を公開する
    # (opp.hand; 10.3.1: all of it, then back)
    REVEAL_FROM_OPP_HAND = "act.reveal_from_opp_hand"  # 相手の手札からN枚を選んで公開し: this
    # card's player picks N of the opponent's hidden hand; revealed, then back (10.3)
    REVEAL_OPP_DECK_TOP = (
        "act.reveal_opp_deck_top"  # 相手のデッキの一番上を公開する (10.3.2, Q45: put back)
    )
    NAME_CARD = "act.name_card"  # カード名を１つ指定する (Q50, 2.1.2: the full name, brackets)
    # -- plays, choices, prohibitions, negation, copies
    HAND_SIZE_CHANGE = "act.hand_size_change"  # 手札の数は…１枚増える
    EXTRA_PLAY = "act.extra_play"  # 手札からエンチャントを追加で１枚使っても良い
    OPTIONAL_KEEP = "act.optional_keep"  # 同時に出したキャラクターカードを、変えなくてもよい
    PROHIBIT = "act.prohibit"  # 以後…できない
    PROHIBIT_OPP_AREA_ENCHANT = (
        "act.prohibit_opp_area_enchant"  # 以後相手はエリアエンチャントをセットできない (Q28)
    )
    NEGATE = "act.negate"  # 効果をすべて無効にする
    NEGATE_OPP_ENCHANTS = (
        "act.negate_opp_enchants"  # 相手のエンチャントの効果をすべて無効にする (Q51, Q52)
    )
    OTHERWISE_LOSE = "act.otherwise_lose"  # そうしない場合、ゲームに敗北する (8.2.3)
    COPY_EFFECT = "act.copy_effect"  # このカードの効果として使う
    COPY_ABYSS_ENCHANT = "act.copy_abyss_enchant"  # アビスにあるエンチャントカードの中から自由に
    # １枚選び、このカードの効果として使う (Q48: its cost need not be met; Q49: one card twice)
    COPY_SONG_CHAR_EFFECT = "act.copy_song_char_effect"  # <zone>にある（song）のキャラクターを
    # N枚選び、このカードの効果として使用する (Q65: chosen again each turn; Q66: the chosen card's
    # own condition must hold)
    COPY_SONG_CHAR_EFFECT_UP_TO = "act.copy_song_char_effect_up_to"  # …をN枚まで選び、…として
    # 使用する (1.3.5.1: from a public zone, 1 to N when any are there)
    ELEMENT_SET = "act.element_set"  # 相手のキャラクターカードの属性を…にする (``elements``: the
    # one it becomes)


class Timing(StrEnum):
    """When an effect resolves (5.2.7 and chapter 6)."""

    EFFECT_STEP = "time.effect_step"  # the effect step of the turn (5.2.7)
    ON_DAMAGE = "time.on_damage"  # 自分がダメージを受けたとき (5.4)
    START_OF_TURN = "time.start_of_turn"  # ターンの開始時
    END_OF_TURN = "time.end_of_turn"  # ターンの終了時
    IMMEDIATELY = "time.immediately"  # すぐに (when its condition becomes true; Q12: an ending
    # with no timing written is immediate too)
    ON_CLOCK = "time.on_clock"  # when time moves forward (5.2.4)
    ON_SWAP_IN = "time.on_swap_in"  # at the character swap (5.2.5)
    AFTER_OPP_ENCHANTS = "time.after_opp_enchants"  # ※相手のエンチャント発動のち有効: after every
    # effect of the opponent's enchants has resolved (5.2.7)
    BATTLE = "time.battle"  # 攻撃力の決定時 (Q33: the HP at the moment attack is decided)


class Duration(StrEnum):
    """How long a change lasts. Every clause has one (``dur.this_turn`` when none is written) and
    ``CardEffect.codes`` reports it: the executor covers each."""

    THIS_TURN = "dur.this_turn"
    WHILE_ON_FIELD = "dur.while_on_field"  # バトルフィールドにいる間 / area enchant in play
    # (6.1.3.3: its effect and its end condition hold each turn while it is in set zone C)
    UNTIL_GAME_END = "dur.until_game_end"
    UNTIL_BATTLE_END = "dur.until_battle_end"  # バトル終了まで (to the end of 5.2.9)


class Zone(StrEnum):
    """Zones as the texts name them, with whose they are."""

    OWN_ABYSS = "own.abyss"
    OPP_ABYSS = "opp.abyss"
    OWN_POWER = "own.power"  # パワーチャージャー
    OPP_POWER = "opp.power"
    OWN_HAND = "own.hand"
    OPP_HAND = "opp.hand"


ELEMENTS = ("darkness", "flame", "electric", "wind", "chaos")
"""The five elements of 2.3.2 (basic rules: 闇, 炎, 電気, 風, カオス) as the card data's
``element`` field spells them."""

DESTINATIONS = frozenset({Act.AREA_TO_ABYSS, Act.AREA_TO_POWER})
"""An area enchant's destinations on ending (6.1.3.3), each the only action of its ending clause."""
ENDING_TIMINGS = frozenset({Timing.IMMEDIATELY, Timing.END_OF_TURN})
"""When an ending clause is checked: すぐに / no timing written (Q12), or ターンの終了時."""


@dataclass(frozen=True, slots=True)
class Condition:
    """One condition. ``elements``: any of them satisfies it (…炎・風なら: fire or wind), or
    which are counted; ``amount``: the threshold; ``zone``: where cards are counted; ``parts``:
    for ``cond.all_of``, the conditions that must all hold."""

    code: Cond
    elements: tuple[str, ...] = ()
    amount: int = 0
    zone: Zone | None = None
    parts: tuple[Condition, ...] = ()

    def codes(self) -> tuple[str, ...]:
        return (self.code.value, *(c for p in self.parts for c in p.codes()))

    def key(self) -> ConditionKey:
        """The condition as a frozen value an event can carry (``messages`` puts it in words):
        (code, amount, elements, zone or "", the parts' keys)."""
        zone = self.zone.value if self.zone is not None else ""
        return (self.code.value, self.amount, self.elements, zone,
                tuple(p.key() for p in self.parts))  # fmt: skip


ConditionKey = tuple[str, int, tuple[str, ...], str, tuple["ConditionKey", ...]]
"""``Condition.key``."""


@dataclass(frozen=True, slots=True)
class Action:
    """One action. ``amount``: the number printed on the card (0: none printed); ``zone`` and
    ``elements``: which cards it counts, reveals or moves (…にある風属性のカードの数だけ: own
    abyss, wind), or the element it sets (``act.element_set``)."""

    code: Act
    amount: int = 0
    zone: Zone | None = None
    elements: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class Clause:
    """If ``condition`` then ``actions`` in order, at ``timing``, lasting ``duration``."""

    condition: Condition
    actions: tuple[Action, ...]
    timing: Timing = Timing.EFFECT_STEP
    duration: Duration = Duration.THIS_TURN


@dataclass(frozen=True, slots=True)
class CardEffect:
    """A card's effect as structure: its clauses, and the sha256 (hex) of the ``effect_ja`` it
    was written from (a changed text makes the card ``manual``, ``text_changed``)."""

    card_id: str
    text_sha256: str
    clauses: tuple[Clause, ...]

    def codes(self) -> tuple[str, ...]:
        """Every vocabulary code the effect uses, in order, without repeats: each clause's
        condition (with every part of a conjunction), timing, duration and actions."""
        seen: dict[str, None] = {}
        for clause in self.clauses:
            for code in clause.condition.codes():
                seen[code] = None
            seen[clause.timing.value] = None
            seen[clause.duration.value] = None
            for action in clause.actions:
                seen[action.code.value] = None
        return tuple(seen)


def _obj(data: JSON, path: str) -> Mapping[str, JSON]:
    if not isinstance(data, dict):
        raise RecordError(path, "must be an object")
    return data


def _int(data: Mapping[str, JSON], key: str, path: str) -> int:
    value = data.get(key, 0)
    if not isinstance(value, int) or isinstance(value, bool):
        raise RecordError(f"{path}.{key}", "must be an integer")
    return value


def _code[E: StrEnum](kind: type[E], value: JSON, path: str) -> E:
    try:
        if not isinstance(value, str):
            raise ValueError(value)
        return kind(value)
    except ValueError:
        raise RecordError(path, f"unknown code {value!r}") from None


def _elements(obj: Mapping[str, JSON], path: str) -> tuple[str, ...]:
    elements = obj.get("elements", [])
    if not isinstance(elements, list) or not all(e in ELEMENTS for e in elements):
        raise RecordError(f"{path}.elements", f"must be a list of {', '.join(ELEMENTS)}")
    return tuple(str(e) for e in elements)


def _zone(obj: Mapping[str, JSON], path: str) -> Zone | None:
    zone = obj.get("zone")
    return None if zone is None else _code(Zone, zone, f"{path}.zone")


def condition_from_json(data: JSON, path: str) -> Condition:
    obj = _obj(data, path)
    code = _code(Cond, obj.get("code"), f"{path}.code")
    parts = obj.get("parts", [])
    if not isinstance(parts, list):
        raise RecordError(f"{path}.parts", "must be a list")
    if (code is Cond.ALL_OF) != bool(parts) or (code is Cond.ALL_OF and len(parts) < 2):
        raise RecordError(f"{path}.parts", "two or more conditions with cond.all_of, else none")
    return Condition(
        code=code,
        elements=_elements(obj, path),
        amount=_int(obj, "amount", path),
        zone=_zone(obj, path),
        parts=tuple(condition_from_json(p, f"{path}.parts[{i}]") for i, p in enumerate(parts)),
    )


def action_from_json(data: JSON, path: str) -> Action:
    """One action: ``code``, and optional ``amount`` (an integer, 0 when absent), ``zone`` (a
    ``Zone`` code) and ``elements`` (a list of ``ELEMENTS``)."""
    obj = _obj(data, path)
    return Action(
        code=_code(Act, obj.get("code"), f"{path}.code"),
        amount=_int(obj, "amount", path),
        zone=_zone(obj, path),
        elements=_elements(obj, path),
    )


def clause_from_json(data: JSON, path: str) -> Clause:
    obj = _obj(data, path)
    actions = obj.get("actions")
    if not isinstance(actions, list) or not actions:
        raise RecordError(f"{path}.actions", "must be a non-empty list")
    clause = Clause(
        condition=condition_from_json(
            obj.get("condition", {"code": "cond.always"}), f"{path}.condition"
        ),
        actions=tuple(action_from_json(a, f"{path}.actions[{i}]") for i, a in enumerate(actions)),
        timing=_code(Timing, obj.get("timing", Timing.EFFECT_STEP.value), f"{path}.timing"),
        duration=_code(Duration, obj.get("duration", Duration.THIS_TURN.value), f"{path}.duration"),
    )
    if any(a.code in DESTINATIONS for a in clause.actions) and (
        len(clause.actions) != 1
        or clause.timing not in ENDING_TIMINGS
        or clause.duration is not Duration.WHILE_ON_FIELD
    ):
        raise RecordError(
            f"{path}.actions",
            "an area enchant's destination is the only action of its ending clause, with "
            "time.immediately or time.end_of_turn and dur.while_on_field (6.1.3.3)",
        )
    return clause


def card_effect_from_json(card_id: str, data: JSON, path: str) -> CardEffect:
    obj = _obj(data, path)
    sha = obj.get("sha256")
    if not isinstance(sha, str) or len(sha) != 64:
        raise RecordError(f"{path}.sha256", "must be 64 hex digits")
    clauses = obj.get("clauses")
    if not isinstance(clauses, list):
        raise RecordError(f"{path}.clauses", "must be a list")
    return CardEffect(
        card_id=card_id,
        text_sha256=sha,
        clauses=tuple(clause_from_json(c, f"{path}.clauses[{i}]") for i, c in enumerate(clauses)),
    )
