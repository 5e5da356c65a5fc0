"""The printable decklist sheet for deck checks (judges compare it with the deck on the table): a
PDF of one player's list.

A plain function, as ``printing.sheets``: it takes a frozen dataclass and returns the bytes
of a PDF; no database, no request. Labels are bilingual ("Player / プレイヤー"), so one sheet
serves every venue. All text is drawn in the Japanese font of ``printing.pdf_fonts``
(IPAGothic, embedded; it holds Latin letters and Japanese), so card names in either language
print in every reader; a character it cannot draw prints as 〓.
"""

from __future__ import annotations

import io
import unicodedata
from dataclasses import dataclass
from typing import Final

from reportlab.lib.pagesizes import A4  # type: ignore[import-untyped]
from reportlab.pdfbase import pdfmetrics  # type: ignore[import-untyped]
from reportlab.pdfgen.canvas import Canvas  # type: ignore[import-untyped]

from tournaments.printing.pdf_fonts import PLACEHOLDER, japanese_font

__all__ = ["DeckSheet", "SheetGroup", "SheetLine", "deck_sheet_pdf"]

_MARGIN: Final = 40.0
_LINE: Final = 15.0


@dataclass(frozen=True, slots=True)
class SheetLine:
    count: int
    name: str
    card_id: str


@dataclass(frozen=True, slots=True)
class SheetGroup:
    label: str
    count: int
    lines: tuple[SheetLine, ...]


@dataclass(frozen=True, slots=True)
class DeckSheet:
    """What the sheet says: who, which event, the cards by group, and the list's version."""

    player: str
    event: str
    date: str
    game: str
    version: int | None
    groups: tuple[SheetGroup, ...]
    size: int
    code: str = ""


def _printable(text: str) -> str:
    """``text`` with each character the font cannot draw (an emoji) as the placeholder 〓, and
    format characters (joiners, variation selectors) dropped."""
    draws = japanese_font().draws
    return "".join(
        "" if unicodedata.category(ch) == "Cf" else ch if draws(ch) or ch == " " else PLACEHOLDER
        for ch in text
    )


def _fit(text: str, size: float, width: float) -> str:
    text = _printable(text)
    font = japanese_font().name
    if pdfmetrics.stringWidth(text, font, size) <= width:
        return text
    while text and pdfmetrics.stringWidth(text + "…", font, size) > width:
        text = text[:-1]
    return text + "…"


def deck_sheet_pdf(sheet: DeckSheet, *, compress: bool = True) -> bytes:
    """The decklist sheet of ``sheet`` as PDF bytes (A4, as many pages as the list needs)."""
    font = japanese_font().name
    buf = io.BytesIO()
    c = Canvas(buf, pagesize=A4, pageCompression=1 if compress else 0)
    c.setTitle(f"Decklist / デッキリスト: {sheet.player}")
    c.setAuthor(sheet.player)
    width, height = A4
    inner = width - 2 * _MARGIN

    def header() -> float:
        y = float(height - _MARGIN)
        c.setFont(font, 16)
        c.drawString(_MARGIN, y, "Decklist / デッキリスト")
        y -= 24
        c.setFont(font, 11)
        for label, value in (
            ("Player / プレイヤー", sheet.player),
            ("Event / イベント", sheet.event),
            ("Date / 日付", sheet.date),
            ("Game / ゲーム", sheet.game),
        ):
            c.drawString(_MARGIN, y, label)
            c.drawString(_MARGIN + 140, y, _fit(value, 11, inner - 140))
            y -= _LINE
        if sheet.version is not None:
            c.drawString(_MARGIN, y, "Version / 版")
            c.drawString(_MARGIN + 140, y, str(sheet.version))
            y -= _LINE
        c.line(_MARGIN, y + 4, width - _MARGIN, y + 4)
        return y - 12

    y = header()
    for group in sheet.groups:
        if y < _MARGIN + 3 * _LINE:
            c.showPage()
            y = header()
        c.setFont(font, 12)
        c.drawString(_MARGIN, y, _printable(f"{group.label} ({group.count})"))
        y -= _LINE + 2
        c.setFont(font, 10)
        for line in group.lines:
            if y < _MARGIN + _LINE:
                c.showPage()
                y = header()
                c.setFont(font, 10)
            c.drawRightString(_MARGIN + 24, y, str(line.count))
            c.drawString(_MARGIN + 34, y, _fit(line.name, 10, inner - 150))
            c.drawRightString(width - _MARGIN, y, line.card_id)
            y -= _LINE
        y -= 6
    c.setFont(font, 11)
    c.drawString(_MARGIN, max(y, _MARGIN), f"Total / 合計: {sheet.size}")
    if sheet.code:
        c.setFont(font, 8)
        c.drawRightString(width - _MARGIN, _MARGIN - 16, f"Deck code / デッキコード: {sheet.code}")
    c.showPage()
    c.save()
    return buf.getvalue()
