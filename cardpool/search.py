"""Matching for card search: one key for names, codes and effect texts.

``search_key`` is ``normalize_name`` (width, case, bracket style, middle dots, quotes and
dashes folded) with katakana folded to hiragana, so "ニラちゃん" finds "にらちゃん". The same key
is stored on each card (``Card.search_text`` for the code and names, ``Card.effect_search_text``
for the effect texts) and applied to the query.
"""

from __future__ import annotations

from collections.abc import Iterable

from cardpool.legality.names import normalize_name

#: Katakana ァ (U+30A1) … ヶ (U+30F6) to hiragana ぁ (U+3041) … ゖ (U+3096); ー stays.
_KATAKANA_TO_HIRAGANA = {code: code - 0x60 for code in range(0x30A1, 0x30F7)}


def search_key(text: str) -> str:
    """The comparison key of search text: ``normalize_name``, katakana folded to hiragana."""
    return normalize_name(text).translate(_KATAKANA_TO_HIRAGANA)


def search_text_for(*, code: str, names: Iterable[str]) -> str:
    """The text stored on a card and matched against the query's key: code and names."""
    parts = [search_key(code)]
    parts.extend(search_key(name) for name in names if name)
    return "\n".join(dict.fromkeys(part for part in parts if part))


def effect_search_text_for(*, effects: Iterable[str]) -> str:
    """The effect texts (English and Japanese) as stored for effect search."""
    return "\n".join(search_key(effect) for effect in effects if effect)
