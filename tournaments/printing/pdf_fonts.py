"""The Japanese font of every printed PDF (pairings, standings, slips, deck sheets).

IPAGothic from Debian's ``fonts-ipafont-gothic`` (``apt-get install fonts-ipafont-gothic``), a
TrueType font, embedded (as a subset of the characters used), so every reader shows the
Japanese text, with or without a Japanese font of its own. ``PDF_JAPANESE_FONT`` names another
TrueType file. When no file is found, a warning is logged once and the PDFs fall back to
reportlab's built-in CID font ``HeiseiKakuGo-W5`` (not embedded: the reader's own Japanese
font draws it).

A character the chosen font cannot draw (an emoji, say) is printed as ``PLACEHOLDER`` (〓, the
geta mark Japanese typesetting uses for a missing character) instead of vanishing.
"""

from __future__ import annotations

import logging
import os
from collections.abc import Callable
from dataclasses import dataclass
from functools import lru_cache
from typing import Final

from reportlab.pdfbase import pdfmetrics  # type: ignore[import-untyped]
from reportlab.pdfbase.cidfonts import UnicodeCIDFont  # type: ignore[import-untyped]
from reportlab.pdfbase.ttfonts import TTFont  # type: ignore[import-untyped]

logger = logging.getLogger(__name__)

#: Where Debian's fonts-ipafont-gothic puts IPAGothic (the file, and its alternatives link).
IPA_GOTHIC_PATHS: Final = (
    "/usr/share/fonts/opentype/ipafont-gothic/ipag.ttf",
    "/usr/share/fonts/truetype/fonts-japanese-gothic.ttf",
)
EMBEDDED_NAME: Final = "IPAGothic"
CID_FALLBACK: Final = "HeiseiKakuGo-W5"
PLACEHOLDER: Final = "〓"


@dataclass(frozen=True)
class JapaneseFont:
    """The registered font's name, whether it is embedded, and which characters it draws."""

    name: str
    embedded: bool
    draws: Callable[[str], bool]


def _cp932(ch: str) -> bool:
    try:
        ch.encode("cp932")
    except UnicodeEncodeError:
        return False
    return True


def font_paths() -> tuple[str, ...]:
    """The TrueType files tried, in order: ``PDF_JAPANESE_FONT`` first when set."""
    chosen = os.environ.get("PDF_JAPANESE_FONT", "")
    return ((chosen,) if chosen else ()) + IPA_GOTHIC_PATHS


def _in(glyphs: frozenset[int]) -> Callable[[str], bool]:
    return lambda ch: ord(ch) in glyphs


@lru_cache(maxsize=1)
def japanese_font() -> JapaneseFont:
    """Register the Japanese font once per process and describe it."""
    for path in font_paths():
        if not os.path.isfile(path):
            continue
        try:
            font = TTFont(EMBEDDED_NAME, path)
        except Exception as exc:  # a damaged or non-TrueType file: try the next, say why
            logger.warning("PDF font %s could not be read (%s); trying the next", path, exc)
            continue
        if EMBEDDED_NAME not in pdfmetrics.getRegisteredFontNames():
            pdfmetrics.registerFont(font)
        registered = pdfmetrics.getFont(EMBEDDED_NAME)
        glyphs = frozenset(registered.face.charToGlyph)
        return JapaneseFont(EMBEDDED_NAME, True, _in(glyphs))
    logger.warning(
        "no Japanese TrueType font found (install Debian's fonts-ipafont-gothic, or set "
        "PDF_JAPANESE_FONT): PDFs use the non-embedded CID font %s, which readers without a "
        "Japanese font show as boxes",
        CID_FALLBACK,
    )
    if CID_FALLBACK not in pdfmetrics.getRegisteredFontNames():
        pdfmetrics.registerFont(UnicodeCIDFont(CID_FALLBACK))
    return JapaneseFont(CID_FALLBACK, False, _cp932)
