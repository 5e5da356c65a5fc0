"""Card-name normalisation, shared by search and by the decklist parser."""

from __future__ import annotations

import re
import unicodedata

# Every opening / closing bracket style players type, after NFKC (which already turns
# full-width （）［］｛｝ into ()[]{}). All of them compare as round brackets.
_OPENING = "([{【〔〖〘〚「『〈《⦅«"
_CLOSING = ")]}】〕〗〙〛」』〉》⦆»"
# The normalisation table: what players type (or a phone substitutes) for the same mark.
#: Middle dots: katakana ・ (U+30FB), bullet • (U+2022), middle dot · (U+00B7), one-dot leader
#: ‧ (U+2027), dot operator ⋅ (U+22C5), bullet operator ∙ (U+2219), and NFKC's ･ -> ・.
_DOTS = "•·‧⋅∙"
#: Quotes: ‘ ’ ‚ ‛ ′ ｀ ´ -> ' ; “ ” „ ‟ ″ -> ".
_SINGLE_QUOTES = "‘’‚‛′`´"
_DOUBLE_QUOTES = "“”„‟″"
#: Dashes and minus signs (not the katakana long vowel ー): ‐ ‑ ‒ – — ― − ﹣ -> -.
_DASHES = "‐‑‒–—―−﹣"
#: Wave dashes: 〜 (U+301C) and ～ (NFKC's ~) -> ~.
_WAVES = "〜"
_MARKS = str.maketrans(
    {
        **dict.fromkeys(map(ord, _DOTS), "・"),
        **dict.fromkeys(map(ord, _SINGLE_QUOTES), "'"),
        **dict.fromkeys(map(ord, _DOUBLE_QUOTES), '"'),
        **dict.fromkeys(map(ord, _DASHES), "-"),
        **dict.fromkeys(map(ord, _WAVES), "~"),
        # Variation selectors (an iPhone adds them after some quotes and symbols) are dropped.
        **dict.fromkeys(range(0xFE00, 0xFE10), None),
    }
)
_BRACKETS = str.maketrans(_OPENING + _CLOSING, "(" * len(_OPENING) + ")" * len(_CLOSING))
_SPACE = re.compile(r"\s+")
_SPACE_IN_BRACKETS = re.compile(r"\s*([()])\s*")
_SPACE_AT_DOT = re.compile(r"\s*・\s*")


def normalize_marks(s: str) -> str:
    """NFKC, then one spelling for middle dots, quotes, dashes and wave dashes (the table
    above); variation selectors dropped. Used on whole decklist lines before they are split."""
    return unicodedata.normalize("NFKC", s).translate(_MARKS)


def normalize_name(s: str) -> str:
    """The comparison key of a card name.

    Two names match when their keys are equal. The key ignores full-width / half-width
    (NFKC), case, bracket style (（）, (), 【】, [] …), the spelling of middle dots, quotes,
    dashes and wave dashes (``normalize_marks``), space next to a bracket or a middle dot, and
    surrounding or repeated whitespace: "にらちゃん【お勉強しといてよ】" and
    "にらちゃん (お勉強しといてよ)" have the same key, as do "NIRA-CHAN (STUDY ME)" and
    "nira-chan(study me)", and "NIRA-CHAN•KIRA-CHAN" and "NIRA-CHAN · KIRA-CHAN".

    Distinct cards can share a key (the real pool has NIRA-CHAN·KIRA-CHAN and
    NIRA-CHAN•KIRA-CHAN, different cards whose printed dots nobody can tell apart when typing):
    the card index keeps every card of a key, and the parser reports such a name as
    ``ambiguous_card`` with the candidates, never as one of them.
    """
    text = normalize_marks(s).casefold().translate(_BRACKETS)
    text = _SPACE.sub(" ", text).strip()
    if "(" in text or ")" in text:
        text = _SPACE_IN_BRACKETS.sub(r"\1", text)
    if "・" in text:
        text = _SPACE_AT_DOT.sub("・", text)
    return text
