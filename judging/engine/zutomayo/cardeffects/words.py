"""The words of each card-effect action that is not one effect primitive, by its ``op``, in
English and Japanese (rule 6: the ruling reads in both; no English word on a Japanese page).

The primitives' words are ``messages.OP_WORDS``. One section per executor family; this module
imports nothing of the engine, so that ``messages`` can read it.
"""

from __future__ import annotations

from collections.abc import Mapping

BATTLE: Mapping[str, tuple[str, str]] = {}
"""``run_battle``: attack, HP and damage, the clock, power."""

CARDS: Mapping[str, tuple[str, str]] = {}
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

WORDS: Mapping[str, tuple[str, str]] = {**BATTLE, **CARDS, **DECK}
"""``op`` → (English, Japanese)."""
