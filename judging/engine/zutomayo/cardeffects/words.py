"""The words of each card-effect action that is not one effect primitive, by its ``op``, in
English and Japanese (rule 6: the ruling reads in both; no English word on a Japanese page).

The primitives' words are ``messages.OP_WORDS``. One section per executor family; this module
imports nothing of the engine, so that ``messages`` can read it.
"""

from __future__ import annotations

from collections.abc import Mapping

BATTLE: Mapping[str, tuple[str, str]] = {
    "attack_swap_day_night": ("swap own base attack's NIGHT and DAY", "自分の基礎攻撃力を昼夜逆転"),
    "opp_attack_swap_day_night": ("swap the opponent's attack's NIGHT and DAY",
                                  "相手の攻撃力を昼夜逆転"),
    "attack_always_day": ("own attack is always the DAY attack", "自分の攻撃力は常に昼の攻撃力"),
    "attack_plus_own_hp_both": ("each player's attack + their own HP",
                                "お互いの自分のHPの分だけ攻撃力+"),
    "damage_unreducible": ("the damage this character deals is not reduced",
                           "このキャラクターが与えるダメージは軽減されない"),
    "damage_reduced_this_turn": ("deal as much damage as was reduced this turn",
                                 "このターンに軽減した数値分のダメージを与える"),
    "clock_set_midnight": ("set the Chronos to midnight", "時計を真夜中にする"),
    "clock_set_noon": ("set the Chronos to noon", "時計を真昼にする"),
    "clock_set_any": ("set the Chronos to any time", "クロノスを好きな時間にする"),
    "clock_advance": ("move the clock forward", "時計を進める"),
    "clock_advance_up_to": ("move the clock forward up to", "時計を指定の数まで進めてもよい"),
    "clock_negate": ("negate the clocks", "時計を無効"),
    "opp_char_clock_negate": ("negate the clock of the opponent's character cards",
                              "相手のキャラクターカードの時計を無効"),
    "clock_rewind": ("back to the time this turn began", "このターンのはじまりの時間に戻る"),
    "clock_rewind_by_opp_clock": ("back from this turn's start by the opponent's clocks",
                                  "このターンのはじまりの時間から相手の時計分戻る"),
    "all_clocks_set": ("set every card's clock", "すべてのカードの時計を変える"),
    "midnight_widen": ("marks next to midnight count as midnight",
                       "真夜中の前後のマスも真夜中として扱う"),
    "power_cost_change": ("lower the power cost", "パワーコストを減らす"),
    "element_set": ("set the element of the opponent's character",
                    "相手のキャラクターカードの属性を変える"),
}  # fmt: skip
"""``run_battle``: attack, HP and damage, the clock, power."""

CARDS: Mapping[str, tuple[str, str]] = {
    "hand_to_abyss": ("put cards chosen from the hand in the abyss",
                      "手札からカードを選んでアビスに置く"),
    "hand_to_abyss_any": ("put any number of cards chosen from the hand in the abyss",
                          "手札からカードを好きな枚数選んでアビスに置く"),
    "hand_to_deck_bottom": ("put cards chosen from the hand at the bottom of the deck",
                            "手札からカードを選んでデッキの底に置く"),
    "hand_to_deck_bottom_any": ("put any number of cards chosen from the hand at the bottom of "
                                "the deck",
                                "手札からカードを好きな枚数選んでデッキの底に置く"),
    "hand_song_char_to_power_may": ("may put a character of this card's song from the hand in "
                                    "the power charger",
                                    "手札にあるこのカードの楽曲のキャラクターをパワーチャージャーに"
                                    "置いてもよい"),
    "swap_hand_abyss": ("swap cards of the hand with cards of the abyss",
                        "手札のカードとアビスのカードを入れ替える"),
    "abyss_to_deck_bottom": ("put cards chosen from the abyss at the bottom of the deck",
                             "アビスのカードを選んでデッキの底に置く"),
    "abyss_to_deck_bottom_shuffled": ("shuffle cards chosen from the abyss face down and put "
                                      "them at the bottom of the deck",
                                      "アビスのカードを選び、裏向きにして混ぜ、デッキの底に置く"),
    "abyss_to_deck_bottom_shuffled_at_least": ("shuffle at least that many cards chosen from "
                                               "the abyss face down and put them at the bottom "
                                               "of the deck",
                                               "アビスのカードをその枚数以上選び、裏向きにして混ぜ、"
                                               "デッキの底に置く"),
    "opp_abyss_to_opp_deck_bottom": ("put cards chosen from the opponent's abyss at the bottom "
                                     "of the opponent's deck",
                                     "相手のアビスのカードを選んで相手のデッキの底に戻す"),
    "opp_power_to_opp_deck_bottom": ("put a card with that SEND TO POWER chosen from the "
                                     "opponent's power charger at the bottom of the opponent's "
                                     "deck",
                                     "相手のパワーチャージャーからそのSEND TO POWERのカードを選び、"
                                     "相手のデッキの底に置く"),
    "both_power_to_abyss": ("put every card of both power chargers in the abyss",
                            "お互いのパワーチャージャーのカードをすべてアビスに置く"),
    "opp_power_char_swap_in": ("swap a character chosen from the opponent's power charger with "
                               "the opponent's character in the battle zone",
                               "相手のパワーチャージャーのキャラクターを選び、バトルゾーンの"
                               "キャラクターと入れ替える"),
    "opp_area_to_opp_deck_bottom": ("put the opponent's area enchant at the bottom of the "
                                    "opponent's deck",
                                    "相手のエリアエンチャントを相手のデッキの底に置く"),
    "opp_area_to_opp_deck_top": ("put the opponent's area enchant on top of the opponent's deck",
                                 "相手のエリアエンチャントを相手のデッキの上に置く"),
    "opp_area_to_opp_abyss": ("put the opponent's area enchant in the opponent's abyss",
                              "相手のエリアエンチャントを相手のアビスに置く"),
    "reveal_from_opp_hand": ("reveal cards chosen from the opponent's hand",
                             "相手の手札からカードを選んで公開する"),
    "name_card": ("name a card name", "カード名を１つ指定する"),
}  # fmt: skip
"""``run_cards``: cards chosen and moved between zones."""

DECK: Mapping[str, tuple[str, str]] = {
    "deck_top_to_power_or_abyss": (
        "put the top card of the deck in the power charger if it has power, else in the abyss",
        "デッキの一番上のカードをパワーがあればパワーチャージャーに、なければアビスに置く",
    ),
    "opp_deck_top_to_opp_abyss": (
        "put the top card of the opponent's deck in their abyss, with or without power",
        "相手のデッキの一番上のカードをパワーの有無に関わらずアビスに置く",
    ),
    "reveal": ("reveal the hand", "手札を公開する"),
    "reveal_opp_deck_top": ("reveal the top card of the opponent's deck",
                            "相手のデッキの一番上を公開する"),
    "opp_deck_top_reorder": ("look at the top cards of the opponent's deck and put them back in "
                             "any order", "相手のデッキの上から見て、好きな順番に入れ替えて戻す"),
    "hand_size_change": ("hand size changes", "手札の数が変わる"),
    "prohibit_opp_area_enchant": ("the opponent may not set an area enchant",
                                  "相手はエリアエンチャントをセットできない"),
    "negate_opp_enchants": ("negate the opponent's enchants' effects",
                            "相手のエンチャントの効果をすべて無効にする"),
    "optional_keep": ("the character set with it need not be swapped in",
                      "同時に出したキャラクターカードを、変えなくてもよい"),
    "copy": ("use another card's effect as this card's", "このカードの効果として使う"),
    "set_area_enchant": ("set an area enchant", "エリアエンチャントのセット"),
}  # fmt: skip
"""``run_deck``: draws, mills, reveals, copies, negation, prohibitions, plays."""

ZONES: Mapping[str, tuple[str, str]] = {
    "attack_plus_per": ("Attack + per card counted", "数えたカード１枚につき攻撃力+"),
    "attack_plus_per_song_card": ("Attack + per card of the song", "楽曲のカード１枚につき攻撃力+"),
    "power_plus_per": ("★+ per card counted", "数えたカード１枚につき★+"),
    "attack_plus_per_revealed_song": (
        "Attack + per character of the song revealed",
        "公開した楽曲のキャラクター１枚につき攻撃力+",
    ),
}
"""``run_zones``: actions that count the cards of a zone."""

WORDS: Mapping[str, tuple[str, str]] = {**BATTLE, **CARDS, **DECK, **ZONES}
"""``op`` → (English, Japanese)."""
