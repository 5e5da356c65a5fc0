"""The words of each card-effect action that is not one effect primitive, by its ``op``, in
English and Japanese (rule 6: the ruling reads in both; no English word on a Japanese page).

The primitives' words are ``messages.OP_WORDS``. One section per executor family; this module
imports nothing of the engine, so that ``messages`` can read it.
"""

from __future__ import annotations

from collections.abc import Mapping

BATTLE: Mapping[str, tuple[str, str]] = {}
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

DECK: Mapping[str, tuple[str, str]] = {}
"""``run_deck``: draws, mills, reveals, copies, negation, prohibitions, plays."""

WORDS: Mapping[str, tuple[str, str]] = {**BATTLE, **CARDS, **DECK}
"""``op`` → (English, Japanese)."""
