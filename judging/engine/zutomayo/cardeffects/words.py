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

DECK: Mapping[str, tuple[str, str]] = {}
"""``run_deck``: draws, mills, reveals, copies, negation, prohibitions, plays."""

ZONES: Mapping[str, tuple[str, str]] = {
    "attack_plus_per": ("Attack + per card counted", "数えたカード１枚につき攻撃力+"),
    "attack_plus_per_song_card": ("Attack + per card of the song", "楽曲のカード１枚につき攻撃力+"),
    "power_plus_per": ("★+ per card counted", "数えたカード１枚につき★+"),
}
"""``run_zones``: actions that count the cards of a zone."""

WORDS: Mapping[str, tuple[str, str]] = {**BATTLE, **CARDS, **DECK, **ZONES}
"""``op`` → (English, Japanese)."""
