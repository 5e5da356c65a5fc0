"""Card-name normalisation, shared by search and by the decklist parser."""

from __future__ import annotations

import re
import unicodedata

# Every opening / closing bracket style players type, after NFKC (which already turns
# full-width （）［］｛｝ into ()[]{}). All of them compare as round brackets.
_OPENING = "([{【〔〖〘〚「『〈《⦅«"
_CLOSING = ")]}】〕〗〙〛」』〉》⦆»"
_BRACKETS = str.maketrans(_OPENING + _CLOSING, "(" * len(_OPENING) + ")" * len(_CLOSING))
_SPACE = re.compile(r"\s+")
_SPACE_IN_BRACKETS = re.compile(r"\s*([()])\s*")


def normalize_name(s: str) -> str:
    """The comparison key of a card name.

    Two names match when their keys are equal. The key ignores full-width / half-width
    (NFKC), case, bracket style (（）, (), 【】, [] …), space next to a bracket, and
    surrounding or repeated whitespace: "にらちゃん【お勉強しといてよ】" and
    "にらちゃん (お勉強しといてよ)" have the same key, as do "NIRA-CHAN (STUDY ME)" and
    "nira-chan(study me)".
    """
    text = unicodedata.normalize("NFKC", s).casefold().translate(_BRACKETS)
    text = _SPACE.sub(" ", text).strip()
    if "(" in text or ")" in text:
        text = _SPACE_IN_BRACKETS.sub(r"\1", text)
    return text
