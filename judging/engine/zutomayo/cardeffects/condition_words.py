"""The words of each card-effect condition (``vocab.Cond``), in English and Japanese, so that an
effect that does not take effect says which condition of its text failed (rule 6: a ruling
explains itself in both languages; no English word on a Japanese page).

Fields: ``{me}`` the card's player, ``{opp}`` the opponent (their names), ``{n}`` the condition's
number, ``{elements}`` its elements (any of them: "flame or wind", 炎・風), ``{zone}`` its zone.
The Japanese follows the cards' own wording (…なら is left out: the sentence says it is the
condition). Like ``words``, this module imports nothing of the engine.
"""

from __future__ import annotations

from collections.abc import Mapping

CONDITIONS: Mapping[str, tuple[str, str]] = {
    "cond.always": ("always", "常に"),
    "cond.all_of": ("all of these", "次のすべて"),
    "cond.did_previous": ("the effect before it was done", "その前の効果を行った（そうしたなら）"),
    "cond.night": ("it is NIGHT", "夜である"),
    "cond.day": ("it is DAY", "昼である"),
    "cond.midnight": ("it is midnight", "真夜中である"),
    "cond.day_to_night": ("DAY turned to NIGHT this turn", "このターンに昼から夜に変わった"),
    "cond.night_to_day": ("NIGHT turned to DAY this turn", "このターンに夜から昼に変わった"),
    "cond.day_night_changed": ("NIGHT and DAY switched this turn",
                               "このターンに昼と夜が入れ替わった"),
    "cond.opp_char_element": ("{opp}'s character card is {elements}",
                              "{opp}のキャラクターカードの属性が{elements}"),
    "cond.own_char_element": ("{me}'s character card is {elements}",
                              "{me}のキャラクターカードの属性が{elements}"),
    "cond.prev_char_element": ("the character card {me} used the turn before was {elements}",
                               "前のターンで{me}が使用したキャラクターカードの属性が{elements}"),
    "cond.opp_char_cost_at_least": ("{opp}'s character card's power cost is ★{n} or more",
                                    "{opp}のキャラクターカードのパワーコストが★{n}以上"),
    "cond.opp_char_cost_at_most": ("{opp}'s character card's power cost is ★{n} or less",
                                   "{opp}のキャラクターカードのパワーコストが★{n}以下"),
    "cond.own_char_cost_at_least": ("{me}'s character card's power cost is ★{n} or more",
                                    "{me}のキャラクターカードのパワーコストが★{n}以上"),
    "cond.own_char_cost_at_most": ("{me}'s character card's power cost is ★{n} or less",
                                   "{me}のキャラクターカードのパワーコストが★{n}以下"),
    "cond.same_char_cost": ("both character cards have the same power cost",
                            "{me}と{opp}のキャラクターカードが同じパワーコスト"),
    "cond.own_char_set_with_this": ("{me} set a character card together with this card",
                                    "このカードと同時に{me}がキャラクターカードを出した"),
    "cond.opp_attack_zero": ("{opp}'s character's attack is 0", "{opp}のキャラクターの攻撃力が0"),
    "cond.opp_char_send_to_power": ("{opp}'s character's SEND TO POWER is ★{n}",
                                    "{opp}のキャラクターのSEND TO POWERが★{n}"),
    "cond.swapped_in_song": ("this turn {me} swapped in a character of this card's song",
                             "このターンに{me}がこのカードの楽曲のキャラクターと入れ替えていた"),
    "cond.swapped_to_other_song": (
        "{me} swapped the character in the battle zone for one not of this card's song",
        "{me}がバトルゾーンのキャラクターをこのカードの楽曲以外のキャラクターに入れ替えた",
    ),
    "cond.battle_char_song": ("the card in {me}'s battle zone is a character of this card's song",
                              "{me}のバトルゾーンのカードがこのカードの楽曲のキャラクター"),
    "cond.own_hp_at_most": ("{me}'s HP is {n} or less", "{me}のHPが{n}以下"),
    "cond.opp_hp_at_most": ("{opp}'s HP is {n} or less", "{opp}のHPが{n}以下"),
    "cond.opp_hp_equals": ("{opp}'s HP is {n}", "{opp}のHPが{n}"),
    "cond.own_hp_below_opp": ("{me}'s HP is less than {opp}'s", "{me}のHPが{opp}のHPより少ない"),
    "cond.own_damaged_at_least": ("{me} took {n} damage or more at once",
                                  "{me}が{n}ダメージ以上を受けた"),
    "cond.lost_battle": ("{me} lost the battle", "{me}がバトルに負けた"),
    "cond.opp_abyss_empty": ("{opp}'s abyss has no card", "{opp}のアビスにカードがない"),
    "cond.zone_element_only": ("the cards in {zone} are all {elements}",
                               "{zone}のカードが{elements}属性だけ"),
    "cond.zone_has_element": ("{zone} holds a {elements} card",
                              "{zone}に{elements}属性のカードがある"),
    "cond.zone_element_count_at_least": ("{zone} holds {n} or more {elements} cards",
                                         "{zone}に{elements}属性のカードが{n}枚以上"),
    "cond.zone_distinct_elements_at_least": ("{zone} holds cards of {n} or more elements",
                                             "{zone}に{n}種類以上の属性のカードがある"),
    "cond.zone_count_at_least": ("{zone} holds {n} or more cards", "{zone}のカードが{n}枚以上"),
    "cond.zone_count_at_most": ("{zone} holds {n} or fewer cards", "{zone}のカードが{n}枚以下"),
    "cond.opp_set_area_enchant": ("{opp} set an area enchant this turn",
                                  "このターンに{opp}がエリアエンチャントを出した"),
    "cond.opp_put_to_abyss_this_turn": ("{opp} put a card in their abyss this turn",
                                        "このターンに{opp}がアビスにカードを置いた"),
    "cond.opp_abyss_card_placed": ("a card was put in {opp}'s abyss",
                                   "{opp}のアビスにカードが置かれた"),
    "cond.own_char_to_power": ("this turn {me} put a character card in their power charger",
                               "このターンに{me}がキャラクターカードをパワーチャージャーに置いた"),
    "cond.own_power_card_placed": ("a card was put in {me}'s power charger",
                                   "{me}のパワーチャージャーにカードが置かれた"),
    "cond.opp_area_enchant_in_play": ("{opp} has an area enchant in play",
                                      "{opp}のエリアエンチャントが置かれている"),
    "cond.revealed_is_named": ("the card revealed has the card name named",
                               "公開したカードが宣言したカード名のカード"),
    "cond.revealed_cost_at_least": ("a card of power cost ★{n} or more was revealed",
                                    "パワーコストが★{n}以上のカードが公開された"),
    "cond.revealed_no_send_to_power": ("the card revealed has no SEND TO POWER",
                                       "公開したカードにSEND TO POWER★がない"),
    "cond.revealed_has_send_to_power": ("the card revealed has a SEND TO POWER",
                                        "公開したカードにSEND TO POWER★がある"),
}  # fmt: skip
"""``Cond`` code → (English, Japanese) templates."""

CONDITION_ZONES: Mapping[str, tuple[str, str]] = {
    "own.abyss": ("{me}'s abyss", "{me}のアビス"),
    "opp.abyss": ("{opp}'s abyss", "{opp}のアビス"),
    "own.power": ("{me}'s power charger", "{me}のパワーチャージャー"),
    "opp.power": ("{opp}'s power charger", "{opp}のパワーチャージャー"),
    "own.hand": ("{me}'s hand", "{me}の手札"),
    "opp.hand": ("{opp}'s hand", "{opp}の手札"),
}
"""``vocab.Zone`` → (English, Japanese)."""
