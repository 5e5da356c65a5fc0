"""The effect vocabulary: frozen data, one stable code per kind (issue 14, requirement 1).

A card's effect is data (``CardEffect``), not code per card. Codes are strings with a prefix
that says what they are: ``cond.`` conditions, ``act.`` actions, ``time.`` timings, ``dur.``
durations, ``area.`` area-enchant end conditions and destinations. The codes are stable: a record,
the encoding file and the ``effects`` command's ``missing`` lists all use them, so a code is never
renamed, only added.

What a code means is written beside it with the rule it comes from (Ground Rules 1.0.1).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum

from judging.engine.core.errors import RecordError
from judging.engine.core.jsontypes import JSON


class Cond(StrEnum):
    """Conditions ("…なら"). Each is checked when the effect resolves (5.2.7, 1.3.1)."""

    ALWAYS = "cond.always"  # no condition written
    NIGHT = "cond.night"  # 夜なら (Chronos mark in the night half, 3.8)
    DAY = "cond.day"  # 昼なら
    MIDNIGHT = "cond.midnight"  # 真夜中なら (the single midnight mark)
    OPP_CHAR_ELEMENT = "cond.opp_char_element"  # 相手のキャラクターカードの属性がXなら
    OWN_CHAR_ELEMENT = "cond.own_char_element"  # 自分のキャラクターカードの属性がXなら
    OWN_HP_AT_MOST = "cond.own_hp_at_most"  # 自分のHPがN以下なら
    OPP_HP_EQUALS = "cond.opp_hp_equals"  # 相手のHPがNなら
    OPP_ABYSS_EMPTY = "cond.opp_abyss_empty"  # 相手のアビスにカードがないなら
    OPP_CHAR_COST_AT_LEAST = (
        "cond.opp_char_cost_at_least"  # 相手のキャラクターカードのパワーコストが★N以上なら
    )
    OPP_CHAR_COST_AT_MOST = "cond.opp_char_cost_at_most"  # …★０か★１なら (at most 1)
    ZONE_ELEMENT_ONLY = "cond.zone_element_only"  # <zone>のカードがX属性だけ(だった)なら
    ZONE_ELEMENT_COUNT_AT_LEAST = (
        "cond.zone_element_count_at_least"  # <zone>にX属性のカードがN枚以上
    )
    ZONE_DISTINCT_ELEMENTS_AT_LEAST = "cond.zone_distinct_elements_at_least"  # N属性(以上)ある
    ZONE_COUNT_AT_LEAST = "cond.zone_count_at_least"  # <zone>のカードがN枚以上
    ZONE_COUNT_AT_MOST = "cond.zone_count_at_most"  # <zone>のカードがN枚以下
    PREV_CHAR_ELEMENT = "cond.prev_char_element"  # 前のターンで使用したキャラクターカードの属性がX
    SWAPPED_IN_SONG = "cond.swapped_in_song"  # このターンに（song）のキャラクターと入れ替えていた
    BATTLE_CHAR_SONG = "cond.battle_char_song"  # バトルゾーンのカードが（song）のキャラクター
    OPP_ATTACK_ZERO = "cond.opp_attack_zero"  # 相手のキャラクターの攻撃力が０なら
    OPP_CHAR_SEND_TO_POWER = "cond.opp_char_send_to_power"  # 相手のキャラクターのSEND TO POWERが★N
    DAY_TO_NIGHT = "cond.day_to_night"  # 昼から夜に変わると (the mark crossed this turn)
    NIGHT_TO_DAY = "cond.night_to_day"  # 夜から昼に変わると
    OWN_HP_BELOW_OPP = "cond.own_hp_below_opp"  # HPが相手のHPより少ないなら
    # added for 1st/2nd
    ALL_OF = "cond.all_of"  # …で、今が昼なら / …かつ、…なら: every condition in ``parts`` holds
    ZONE_HAS_ELEMENT = "cond.zone_has_element"  # <zone>にX属性のカードがあるなら (one or more)
    SAME_CHAR_COST = "cond.same_char_cost"  # 自分と相手のキャラクターカードが同じパワーコストなら
    OWN_CHAR_SET_WITH_THIS = (
        "cond.own_char_set_with_this"  # 同時に出した自分のキャラクターカード (set with it, 5.2.5)
    )
    OWN_CHAR_COST_AT_LEAST = "cond.own_char_cost_at_least"  # キャラクターカードがNコスト以上なら
    OWN_CHAR_COST_AT_MOST = "cond.own_char_cost_at_most"  # キャラクターカードがNコスト以下なら
    OPP_HP_AT_MOST = "cond.opp_hp_at_most"  # 相手のHPがN以下になった (Q29: also if already so)
    DAY_NIGHT_CHANGED = "cond.day_night_changed"  # 昼と夜が入れ替わった (either way, this turn)
    OPP_SET_AREA_ENCHANT = "cond.opp_set_area_enchant"  # 相手がエリアエンチャントを出した(ターン)
    OWN_CHAR_TO_POWER = (
        "cond.own_char_to_power"  # キャラクターカードを自分のパワーチャージャーに置いた
    )
    PER_ZONE_ELEMENT = "cond.per_zone_element"  # <zone>のX属性のカード１枚につき: always holds;
    # names the cards the clause's *_per actions count (zone, elements)
    # added for 3rd
    # N ダメージ以上を受けたなら (no subject: this card's player): one damage of N or more
    # reaching own HP after any reduction (Q37: 受ける is what is left after 軽減); Q16.
    OWN_DAMAGED_AT_LEAST = "cond.own_damaged_at_least"
    # 相手がアビスにカードを置いたターン(の終了時): the opponent put a card in the abyss this turn.
    OPP_PUT_TO_ABYSS_THIS_TURN = "cond.opp_put_to_abyss_this_turn"
    OPP_AREA_ENCHANT_PRESENT = (
        "cond.opp_area_enchant_present"  # 相手のフィールドにエリアエンチャントがあるなら
    )
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
    # added for 4th
    # A "（song）" in a text is the card's own song (its ``song_ja``); a card is "of" that song when
    # its name carries "（song）" (Q47).
    DID_PREVIOUS = (
        "cond.did_previous"  # そうしたなら / この効果でカードを引いたなら: the action before
    )
    OPP_ABYSS_CARD_PLACED = "cond.opp_abyss_card_placed"  # 相手のアビスにカードが置かれたとき
    OPP_AREA_ENCHANT_IN_PLAY = (
        "cond.opp_area_enchant_in_play"  # 相手のエリアエンチャントが置かれているなら
    )
    OWN_POWER_CARD_PLACED = "cond.own_power_card_placed"  # パワーチャージャーにカードを置いたとき
    LOST_BATTLE = "cond.lost_battle"  # バトルに負けたとき (5.3)
    # バトルゾーンのキャラクターを（song）以外のキャラクターに入れ替えたら
    SWAPPED_TO_OTHER_SONG = "cond.swapped_to_other_song"


class Act(StrEnum):
    """Actions. Every change is applied at its own moment, with floors and caps at each step
    (7.1, Q54: attack never below 0; 3.7: HP 0–100; 3.8.2: the medal 0–17)."""

    ATTACK_PLUS = "act.attack_plus"  # 攻撃力+N (own character, this turn)
    ATTACK_MINUS = "act.attack_minus"  # 攻撃力-N
    ATTACK_SET = "act.attack_set"  # 攻撃力をNにする
    ATTACK_PLUS_PER = "act.attack_plus_per"  # …の数だけ/１枚につき 攻撃力+N
    ATTACK_SWAP_DAY_NIGHT = "act.attack_swap_day_night"  # 攻撃力を昼夜逆転する
    HEAL = "act.heal"  # HPをN回復 / HP+N (Q58: the same effect)
    DAMAGE = "act.damage"  # 相手のHPをN減らす / Nダメージを与える
    DAMAGE_UNREDUCIBLE = "act.damage_unreducible"  # このキャラクターが与えるダメージは軽減されない
    REDUCE_DAMAGE = "act.reduce_damage"  # 自分がダメージを受けたときNダメージを軽減する (Q62)
    CLOCK_SET = "act.clock_set"  # 時計が真夜中/正午になる, クロノスを好きな時間にする
    CLOCK_ADVANCE = "act.clock_advance"  # 時計をN進める
    CLOCK_NEGATE = "act.clock_negate"  # 時計を無効
    CLOCK_REWIND = "act.clock_rewind"  # このターンのはじまりの時間に戻る
    POWER_COST_CHANGE = "act.power_cost_change"  # パワーコストを★N減らす / ★+1
    DRAW = "act.draw"  # カードをN枚引く
    MILL = "act.mill"  # デッキの上からN枚をアビスに置く
    MOVE = "act.move"  # a card between zones (either player, deck top/bottom)
    REORDER = "act.reorder"  # 好きな順番に入れ替えて戻す
    HAND_SIZE_CHANGE = "act.hand_size_change"  # 手札の数は…１枚増える
    EXTRA_PLAY = "act.extra_play"  # 手札からエンチャントを追加で１枚使っても良い
    OPTIONAL_KEEP = "act.optional_keep"  # 同時に出したキャラクターカードを、変えなくてもよい
    PROHIBIT = "act.prohibit"  # 以後…できない
    NEGATE = "act.negate"  # 効果をすべて無効にする
    REVEAL = "act.reveal"  # 公開する
    OTHERWISE_LOSE = "act.otherwise_lose"  # そうしない場合、ゲームに敗北する (8.2.3)
    COPY_EFFECT = "act.copy_effect"  # このカードの効果として使う
    ELEMENT_SET = "act.element_set"  # 相手のキャラクターカードの属性を…にする
    # added for 1st/2nd
    OPP_ATTACK_SWAP_DAY_NIGHT = "act.opp_attack_swap_day_night"  # 相手の攻撃力を昼夜逆転する
    COPY_ABYSS_ENCHANT = "act.copy_abyss_enchant"  # アビスにあるエンチャントカードの中から自由に
    # １枚選び、このカードの効果として使う (Q48: its cost need not be met; Q49: one card twice)
    CLOCK_REWIND_BY_OPP_CLOCK = "act.clock_rewind_by_opp_clock"  # このターンのはじまりの時間から
    # 相手の時計分、時間が戻る (the clocks of the cards the opponent played this turn, 5.2.4)
    SWAP_HAND_ABYSS = "act.swap_hand_abyss"  # 手札N枚とアビスの好きなカードN枚を入れ替える
    OPP_ABYSS_TO_OPP_DECK_BOTTOM = (
        "act.opp_abyss_to_opp_deck_bottom"  # 相手のアビスのカードをN枚選んでデッキの底に戻させる
    )
    OPP_DECK_TOP_TO_OPP_ABYSS = "act.opp_deck_top_to_opp_abyss"  # 相手のデッキの一番上のカードを
    # パワーの有無に関わらずアビスに置く (one card)
    OPP_CHAR_CLOCK_NEGATE = "act.opp_char_clock_negate"  # 相手のキャラクターカードの時計を無効
    # (counts as 0 when time moves forward, 5.2.4; Q63: from the turn after it is set)
    AREA_TO_ABYSS = "act.area_to_abyss"  # (this area enchant) アビスに置く (6.1.3.3, 6.1.3.4)
    AREA_TO_POWER = "act.area_to_power"  # (this area enchant) パワーチャージャーに置く (Q20)
    POWER_COST_MINUS = "act.power_cost_minus"  # 同時にセットした自分のキャラクターカードの
    # パワーコストを★N減らす (this turn only, Q36)
    ATTACK_ALWAYS_DAY = "act.attack_always_day"  # 自分の攻撃力は常に昼の攻撃力となる (5.2.8)
    OPP_POWER_TO_OPP_DECK_BOTTOM = "act.opp_power_to_opp_deck_bottom"  # 相手のパワーチャージャー
    # からSEND TO POWER★N (amount N) のカードを１枚選び、相手のデッキの底に置く (Q64: none, nothing)
    CLOCK_ADVANCE_UP_TO = "act.clock_advance_up_to"  # 時計を０～Nつまで進めてもよい (a choice)
    HAND_TO_DECK_BOTTOM = "act.hand_to_deck_bottom"  # 手札をN枚選んでデッキの底に置く
    CLOCK_SET_MIDNIGHT = "act.clock_set_midnight"  # 時計が真夜中になる
    CLOCK_SET_NOON = "act.clock_set_noon"  # 時計が正午になる
    DECK_TOP_TO_POWER_OR_ABYSS = "act.deck_top_to_power_or_abyss"  # デッキの一番上のカードを
    # パワーがあればパワーチャージャーに、なければアビスに置く
    OPP_AREA_TO_OPP_DECK_TOP = "act.opp_area_to_opp_deck_top"  # 相手のエリアエンチャントカードを
    # 相手のデッキの上に置く
    POWER_PLUS_PER = "act.power_plus_per"  # …１枚につき、★+N: the power available (9.1) grows by
    # N per card counted (Q24); the card's own cost is met from the power charger only (Q72)
    # added for 3rd
    CLOCK_TO_MIDNIGHT = "act.clock_to_midnight"  # 時計を真夜中にする (3.8.1; Q15: 6.3.1 order)
    CLOCK_TO_NOON = "act.clock_to_noon"  # 時計を真昼にする
    MIDNIGHT_WIDEN = "act.midnight_widen"  # 真夜中の前後Nマスも真夜中として扱う
    HEAL_OPP = "act.heal_opp"  # 相手のHPをN回復させ / お互いのHPをN回復 (with HEAL)
    OPP_AREA_TO_OPP_DECK_BOTTOM = (
        "act.opp_area_to_opp_deck_bottom"  # 相手のエリアエンチャントを相手のデッキの底に置く/戻す
    )
    HAND_TO_ABYSS = "act.hand_to_abyss"  # 手札からパワーの有無に関わらずN枚を選び、アビスに置く
    REVEAL_OPP_HAND = "act.reveal_opp_hand"  # 相手の手札を公開する (10.3.1: all, then back)
    NAME_CARD = "act.name_card"  # カード名を１つ指定する (Q50, 2.1.2: the full name, brackets)
    # 相手の手札からN枚を選んで公開し: this card's player (the text names no other) picks N of the
    # opponent's hidden hand; they are revealed, then go back (10.3).
    REVEAL_FROM_OPP_HAND = "act.reveal_from_opp_hand"
    PROHIBIT_OPP_AREA_ENCHANT = (
        "act.prohibit_opp_area_enchant"  # 以後相手はエリアエンチャントをセットできない (Q28)
    )
    SELF_TO_ABYSS = "act.self_to_abyss"  # (このカードを)アビスに置く: an area enchant ending
    SELF_TO_POWER = "act.self_to_power"  # (このカードを)パワーチャージャーに置く (Q46)
    ALL_CLOCKS_SET = "act.all_clocks_set"  # すべてのカードの時計をNにする (Q31: from next turn)
    ATTACK_PLUS_OWN_HP_BOTH = "act.attack_plus_own_hp_both"  # お互いの自分のHPの分だけ攻撃力+ (Q33)
    REVEAL_OPP_DECK_TOP = (
        "act.reveal_opp_deck_top"  # 相手のデッキの一番上を公開する (10.3.2, Q45: put back)
    )
    # added for 4th
    OPP_ATTACK_MINUS = "act.opp_attack_minus"  # 相手の(キャラクターの)攻撃力-N (7.1, Q54: floor 0)
    OPP_ATTACK_SET = "act.opp_attack_set"  # 相手の攻撃力をNにする
    # 相手のデッキの上からN枚を相手のアビスに置く (8.2.2: a short deck loses; the Q70 text in
    # ../shared, of 2026-03-11, says it does not and is reported revised)
    OPP_MILL = "act.opp_mill"
    OPP_MILL_SAME_NUMBER = (
        "act.opp_mill_same_number"  # 相手のデッキの上から、それと同じ枚数をアビスに置く
    )
    # 手札から（song）のキャラクターを好きな枚数公開し、その数だけ攻撃力+N
    ATTACK_PLUS_PER_REVEALED_SONG = "act.attack_plus_per_revealed_song"
    ATTACK_PLUS_PER_SONG_CARD = (
        "act.attack_plus_per_song_card"  # <zone>にある（song）のカードの数だけ、攻撃力+N (Q47, Q57)
    )
    HAND_TO_ABYSS_ANY = (
        "act.hand_to_abyss_any"  # 手札から<element>のカードを好きな枚数選び、アビスに置く
    )
    HAND_TO_DECK_BOTTOM_ANY = (
        "act.hand_to_deck_bottom_any"  # 手札からカードを好きな枚数選び、デッキの底に置く
    )
    # 手札にある（song）のキャラクターをN枚選び、パワーチャージャーに置いてもよい (Q57)
    HAND_SONG_CHAR_TO_POWER_MAY = "act.hand_song_char_to_power_may"
    DRAW_SAME_NUMBER = "act.draw_same_number"  # 同じ数だけ(デッキから)カードを引く
    ABYSS_TO_DECK_BOTTOM = "act.abyss_to_deck_bottom"  # アビスのカードをN枚選び、デッキの底に置く
    # アビスのカードをN枚選び、裏向きにして混ぜ、デッキの底に置く
    ABYSS_TO_DECK_BOTTOM_SHUFFLED = "act.abyss_to_deck_bottom_shuffled"
    # アビスのカードをN枚以上選び、裏向きにして混ぜ…
    ABYSS_TO_DECK_BOTTOM_SHUFFLED_AT_LEAST = "act.abyss_to_deck_bottom_shuffled_at_least"
    OPP_DECK_TOP_REORDER = (
        "act.opp_deck_top_reorder"  # 相手のデッキの上からN枚を見て、好きな順番に入れ替えて戻す
    )
    BOTH_POWER_TO_ABYSS = (
        "act.both_power_to_abyss"  # お互いのパワーチャージャーのカードをすべてアビスに置く
    )
    OPP_AREA_ENCHANT_TO_ABYSS = (
        "act.opp_area_enchant_to_abyss"  # 相手のエリアエンチャントを、相手のアビスに置く
    )
    # 相手のパワーチャージャーのキャラクターをN枚選び、(相手の)バトルゾーンの
    # キャラクターと入れ替える。この効果で出したキャラクターの効果は発動しない (Q67–Q69)
    OPP_POWER_CHAR_SWAP_IN = "act.opp_power_char_swap_in"
    CLOCK_SET_ANY = "act.clock_set_any"  # クロノスを好きな時間にする
    NEGATE_OPP_ENCHANTS = (
        "act.negate_opp_enchants"  # 相手のエンチャントの効果をすべて無効にする (Q51, Q52)
    )
    DAMAGE_REDUCED_THIS_TURN = (
        "act.damage_reduced_this_turn"  # このターンに軽減した数値分のダメージを相手に与える
    )
    # <zone>にある（song）のキャラクターをN枚選び、このカードの効果として使用する
    # (Q65: chosen again each turn; Q66: the chosen card's own condition must hold)
    COPY_SONG_CHAR_EFFECT = "act.copy_song_char_effect"
    # …をN枚まで選び、…として使用する (1.3.5.1: from a public zone, 1 to N when any are there)
    COPY_SONG_CHAR_EFFECT_UP_TO = "act.copy_song_char_effect_up_to"
    POWER_COST_REDUCE = "act.power_cost_reduce"  # そのキャラクターのパワーコストを★N減らす
    AREA_END_TO_ABYSS = (
        "area.to_abyss"  # (このカードを)アビスに置く: the area enchant ends (6.1.3.3)
    )
    AREA_END_TO_POWER = "area.to_power"  # パワーチャージャーに置く: the area enchant ends (6.1.3.3)


class Timing(StrEnum):
    """When an effect resolves (5.2.7 and chapter 6)."""

    EFFECT_STEP = "time.effect_step"  # the effect step of the turn (5.2.7)
    ON_DAMAGE = "time.on_damage"  # 自分がダメージを受けたとき (5.4)
    START_OF_TURN = "time.start_of_turn"  # ターンの開始時
    END_OF_TURN = "time.end_of_turn"  # ターンの終了時
    IMMEDIATELY = "time.immediately"  # すぐに (when its condition becomes true)
    # added for 1st/2nd
    ON_CLOCK = "time.on_clock"  # when time moves forward (5.2.4)
    ON_SWAP_IN = "time.on_swap_in"  # at the character swap (5.2.5)
    AFTER_OPP_ENCHANTS = "time.after_opp_enchants"  # ※相手のエンチャント発動のち有効: after every
    # effect of the opponent's enchants has resolved (5.2.7)
    # added for 3rd
    BATTLE = "time.battle"  # 攻撃力の決定時 (Q33: the HP at the moment attack is decided)


class Duration(StrEnum):
    """How long a change lasts."""

    THIS_TURN = "dur.this_turn"
    WHILE_ON_FIELD = "dur.while_on_field"  # バトルフィールドにいる間 / area enchant in play
    UNTIL_GAME_END = "dur.until_game_end"
    # added for 1st/2nd
    UNTIL_BATTLE_END = "dur.until_battle_end"  # バトル終了まで (to the end of 5.2.9)


class Zone(StrEnum):
    """Zones as the texts name them, with whose they are."""

    OWN_ABYSS = "own.abyss"
    OPP_ABYSS = "opp.abyss"
    OWN_POWER = "own.power"  # パワーチャージャー
    OPP_POWER = "opp.power"
    OWN_HAND = "own.hand"
    OPP_HAND = "opp.hand"


ELEMENTS = ("darkness", "flame", "electric", "wind")
"""The four elements as the card data's ``element`` field spells them (闇, 炎, 電気, 風)."""


@dataclass(frozen=True, slots=True)
class Condition:
    """One condition. ``elements``: any of them satisfies it (…炎・風なら: fire or wind);
    ``amount``: the threshold; ``zone``: where cards are counted."""

    code: Cond
    elements: tuple[str, ...] = ()
    amount: int = 0
    zone: Zone | None = None
    parts: tuple[Condition, ...] = ()
    """For ``cond.all_of``: the conditions that must all hold."""

    def codes(self) -> tuple[str, ...]:
        return (self.code.value, *(c for p in self.parts for c in p.codes()))


@dataclass(frozen=True, slots=True)
class Action:
    """One action; ``amount`` is the number printed on the card; ``zone`` and ``elements`` say
    which cards it counts, reveals or moves (…にある風属性のカードの数だけ: own abyss, wind)."""

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
        """Every vocabulary code the effect uses, in order, without repeats."""
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
    zone = obj.get("zone")
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
        zone=None if zone is None else _code(Zone, zone, f"{path}.zone"),
        parts=tuple(condition_from_json(p, f"{path}.parts[{i}]") for i, p in enumerate(parts)),
    )


def action_from_json(data: JSON, path: str) -> Action:
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
    return Clause(
        condition=condition_from_json(
            obj.get("condition", {"code": "cond.always"}), f"{path}.condition"
        ),
        actions=tuple(action_from_json(a, f"{path}.actions[{i}]") for i, a in enumerate(actions)),
        timing=_code(Timing, obj.get("timing", Timing.EFFECT_STEP.value), f"{path}.timing"),
        duration=_code(Duration, obj.get("duration", Duration.THIS_TURN.value), f"{path}.duration"),
    )


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
