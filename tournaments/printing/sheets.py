"""Printable PDFs for running an event: pairings, standings and match slips.

Plain functions: each takes frozen dataclasses defined here and returns the bytes of a PDF.
There is no database access, no Django model and no request in this module; the caller (a
Celery task) builds the dataclasses and stores or serves the bytes.

Labels are bilingual, English / Japanese ("Table / 卓"), so one PDF serves every venue.
Text is drawn in runs: characters that Helvetica can show (Windows-1252) in Helvetica, every
other character in the Japanese font of ``printing.pdf_fonts`` (IPAGothic, embedded), so
Japanese names show in every reader; what no font draws (emoji) prints as 〓. Text that does
not fit its column is shrunk a little and then cut with an ellipsis; nothing overflows into
the next column.

Every function takes ``compress`` (default ``True``); ``compress=False`` writes the page
content streams uncompressed, which lets tests look for the Latin text in the bytes.

Pages are drawn directly on the canvas (no platypus tables), so 2,000 players' pairings by
name take well under a second.
"""

from __future__ import annotations

import io
import itertools
import math
import unicodedata
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from datetime import datetime
from functools import lru_cache
from typing import Final

from reportlab.graphics.barcode.qr import QrCodeWidget  # type: ignore[import-untyped]
from reportlab.lib.pagesizes import A4  # type: ignore[import-untyped]
from reportlab.pdfbase import pdfmetrics  # type: ignore[import-untyped]
from reportlab.pdfgen.canvas import Canvas  # type: ignore[import-untyped]

from tournaments.pairing import games_to_win
from tournaments.printing.pdf_fonts import PLACEHOLDER, japanese_font

__all__ = [
    "NAME_LINES_PER_PAGE",
    "STANDING_LINES_PER_PAGE",
    "TABLE_ROWS_PER_PAGE",
    "PairingLine",
    "PrintHeader",
    "QrImage",
    "SlipData",
    "StandingLine",
    "encode_qr",
    "match_slips_pdf",
    "pairings_by_name_pdf",
    "pairings_by_table_pdf",
    "slip_layout",
    "standings_pdf",
]

# --------------------------------------------------------------------------------------------
# Input data
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class PrintHeader:
    """What every page says about the event.

    ``round_number`` is ``None`` for documents that belong to no round (final standings).
    ``stage_label`` is shown as given (e.g. "Swiss / スイス", "Top 8"); it may be empty.
    ``generated_at`` is printed as given, so pass it in the event's local time.
    ``best_of`` is the number of games in a match (1, 3 or 5); slips draw that many boxes.
    """

    event_name: str
    round_number: int | None
    stage_label: str
    generated_at: datetime
    best_of: int = 3


@dataclass(frozen=True, slots=True)
class PairingLine:
    """One player's line of the pairings: where they sit and whom they play.

    For pairings by name, give one line per player (so each match appears twice). A bye has
    ``is_bye=True`` and ``opponent=None``; its ``table`` is not printed.
    """

    table: int
    player: str
    player_id: str
    opponent: str | None
    points: int
    opponent_points: int | None
    is_bye: bool = False


@dataclass(frozen=True, slots=True)
class StandingLine:
    """One row of the standings; ``record`` is "W-L-D"; ``tiebreaks`` are preformatted."""

    rank: int
    player: str
    points: int
    record: str
    tiebreaks: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class SlipData:
    """One match slip: the table, both players and the URL the slip's QR code opens."""

    table: int
    player_a: str
    player_b: str
    report_url: str


@dataclass(frozen=True, slots=True)
class QrImage:
    """A QR code as encoded by reportlab's QR widget: the value and its dark modules."""

    value: str
    modules: tuple[tuple[bool, ...], ...]

    @property
    def size(self) -> int:
        """Modules per side (21 for version 1, plus 4 per version)."""
        return len(self.modules)


# --------------------------------------------------------------------------------------------
# Fonts and text
# --------------------------------------------------------------------------------------------

LATIN: Final = "Helvetica"
LATIN_BOLD: Final = "Helvetica-Bold"

PAGE_W: Final[float] = float(A4[0])
PAGE_H: Final[float] = float(A4[1])
MARGIN: Final = 28.0
ELLIPSIS: Final = "…"

GREY: Final = (0.35, 0.35, 0.35)
ZEBRA: Final = (0.92, 0.92, 0.92)
BLACK: Final = (0.0, 0.0, 0.0)


def _register_fonts() -> None:
    japanese_font()


@lru_cache(maxsize=8192)
def _encodable(ch: str, codec: str) -> bool:
    try:
        ch.encode(codec)
    except UnicodeEncodeError:
        return False
    return True


@lru_cache(maxsize=4096)
def _glyph(ch: str) -> str:
    """The character itself if Helvetica or the Japanese font draws it, else a stand-in.

    Helvetica covers Windows-1252; the Japanese font (``printing.pdf_fonts``) says what it
    draws. Other letters lose their accents ("ễ" -> "e") when that makes them printable; what
    is left (an emoji, say) is printed as the placeholder 〓 rather than vanishing. Format
    characters (joiners, variation selectors) are dropped, other controls become spaces.
    """
    category = unicodedata.category(ch)
    if category == "Cf":
        return ""
    if category.startswith("C"):
        return " "
    if _encodable(ch, "cp1252") or japanese_font().draws(ch):
        return ch
    bare = "".join(c for c in unicodedata.normalize("NFKD", ch) if not unicodedata.combining(c))
    if bare and all(_encodable(c, "cp1252") for c in bare):
        return bare
    return PLACEHOLDER


def fonts_reset() -> None:
    """Forget the chosen font and what it draws (tests that take the font away)."""
    japanese_font.cache_clear()
    _glyph.cache_clear()
    _runs.cache_clear()


@lru_cache(maxsize=8192)
def _runs(text: str) -> tuple[tuple[bool, str], ...]:
    """Split text into (is_latin, run) pieces: Helvetica runs and Japanese-font runs."""
    clean = "".join(_glyph(ch) for ch in text)
    return tuple(
        (latin, "".join(chars))
        for latin, chars in itertools.groupby(clean, lambda ch: _encodable(ch, "cp1252"))
    )


def _font(latin: bool, bold: bool) -> str:
    if not latin:
        return japanese_font().name
    return LATIN_BOLD if bold else LATIN


def _width(text: str, size: float, bold: bool = False) -> float:
    total = 0.0
    for latin, run in _runs(text):
        total += float(pdfmetrics.stringWidth(run, _font(latin, bold), size))
    return total


def _fit(
    text: str, size: float, width: float, bold: bool = False, shrink: float = 0.8
) -> tuple[str, float]:
    """Shrink down to ``size * shrink``, then cut with an ellipsis, so the text fits ``width``."""
    if _width(text, size, bold) <= width:
        return text, size
    smallest = size * shrink
    fitted = size * width / _width(text, size, bold)
    if fitted >= smallest:
        return text, fitted
    # Binary search for the longest prefix that fits with the ellipsis at the smallest size.
    lo, hi = 0, len(text)
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if _width(text[:mid].rstrip() + ELLIPSIS, smallest, bold) <= width:
            lo = mid
        else:
            hi = mid - 1
    return text[:lo].rstrip() + ELLIPSIS, smallest


def _text(
    c: Canvas,
    x: float,
    y: float,
    text: str,
    size: float,
    *,
    width: float | None = None,
    bold: bool = False,
    align: str = "left",
    shrink: float = 0.8,
) -> None:
    """Draw mixed Latin/Japanese text at baseline ``y``; fit it into ``width`` if given."""
    if width is not None:
        text, size = _fit(text, size, width, bold, shrink)
    if align != "left":
        w = _width(text, size, bold)
        x -= w if align == "right" else w / 2
    for latin, run in _runs(text):
        font = _font(latin, bold)
        c.setFont(font, size)
        c.drawString(x, y, run)
        x += pdfmetrics.stringWidth(run, font, size)


def _head(c: Canvas, x: float, y: float, title: str, width: float, align: str) -> None:
    """A column title; "English / 日本語" goes on two lines, the second 8 points lower."""
    first, sep, second = title.partition(" / ")
    _text(c, x, y, first, 7, width=width, align=align)
    if sep:
        _text(c, x, y - 8, second, 7, width=width, align=align)


def _fill(c: Canvas, rgb: tuple[float, float, float]) -> None:
    c.setFillColorRGB(*rgb)


def _sort_key(name: str) -> tuple[str, str]:
    """Case- and accent-insensitive order; Japanese sorts after Latin by code point."""
    folded = unicodedata.normalize("NFKC", name).casefold().strip()
    base = "".join(
        ch for ch in unicodedata.normalize("NFKD", folded) if not unicodedata.combining(ch)
    )
    return base, folded


# --------------------------------------------------------------------------------------------
# Page furniture
# --------------------------------------------------------------------------------------------

HEADER_H: Final = 52.0
FOOTER_H: Final = 26.0


def _round_label(header: PrintHeader) -> str:
    parts = []
    if header.round_number is not None:
        parts.append(f"Round {header.round_number} / 第{header.round_number}回戦")
    if header.stage_label:
        parts.append(header.stage_label)
    return "  ·  ".join(parts)


def _new_canvas(buf: io.BytesIO, header: PrintHeader, title: str, compress: bool) -> Canvas:
    _register_fonts()
    c = Canvas(buf, pagesize=A4, pageCompression=1 if compress else 0)
    c.setTitle(f"{header.event_name} — {title}")
    c.setCreator("zutomayo-to")
    return c


def _page_header(c: Canvas, header: PrintHeader, title: str, page: int, pages: int) -> float:
    """Draw the header and footer of a page; return the y just below the header."""
    top = PAGE_H - MARGIN
    right = PAGE_W - MARGIN
    _fill(c, BLACK)
    title_w = min(_width(title, 12, bold=True) + 4, 230)
    _text(c, MARGIN, top - 15, header.event_name, 16, width=right - MARGIN - title_w, bold=True)
    _text(c, right, top - 15, title, 12, width=title_w, bold=True, align="right")
    _fill(c, GREY)
    _text(c, MARGIN, top - 33, _round_label(header), 11, width=(right - MARGIN) * 0.62)
    stamp = f"Generated / 作成 {header.generated_at:%Y-%m-%d %H:%M}"
    _text(c, right, top - 33, stamp, 8, align="right")
    c.setLineWidth(0.8)
    c.setStrokeColorRGB(*BLACK)
    c.line(MARGIN, top - 41, right, top - 41)
    # Footer.
    _text(c, PAGE_W / 2, MARGIN - 10, f"Page {page}/{pages}", 9, align="center")
    _text(c, MARGIN, MARGIN - 10, header.event_name, 7, width=PAGE_W / 2 - MARGIN - 40)
    _fill(c, BLACK)
    return top - HEADER_H


def _finish(c: Canvas, buf: io.BytesIO) -> bytes:
    c.save()
    return buf.getvalue()


# --------------------------------------------------------------------------------------------
# Pairings by name
# --------------------------------------------------------------------------------------------

NAME_ROW_H: Final = 17.0
NAME_COL_GAP: Final = 14.0
COL_HEAD_H: Final = 16.0


def _rows_per_column(row_h: float) -> int:
    usable = PAGE_H - 2 * MARGIN - HEADER_H - FOOTER_H + 10 - COL_HEAD_H
    return int(usable // row_h)


#: Players per page of the pairings by name (two columns).
NAME_LINES_PER_PAGE: Final = 2 * _rows_per_column(NAME_ROW_H)


def pairings_by_name_pdf(
    header: PrintHeader, lines: Sequence[PairingLine], *, compress: bool = True
) -> bytes:
    """Pairings sorted by player name, for the wall: A4 portrait, two columns.

    Every player appears once, with their table (large), points, opponent and the opponent's
    points, so each match appears twice. Names sort case- and accent-insensitively; Japanese
    names come after Latin ones. Columns fill top to bottom, left column first.
    """
    title = "Pairings by name / 名前順"
    ordered = sorted(lines, key=lambda ln: (*_sort_key(ln.player), ln.player_id))
    per_col = _rows_per_column(NAME_ROW_H)
    per_page = NAME_LINES_PER_PAGE
    pages = max(1, math.ceil(len(ordered) / per_page))
    col_w = (PAGE_W - 2 * MARGIN - NAME_COL_GAP) / 2
    buf = io.BytesIO()
    c = _new_canvas(buf, header, title, compress)
    # Offsets inside a column: table | player | pts | opponent | pts.
    table_r, name_x, pts_r, opp_x, opp_pts_r = 34.0, 39.0, 152.0, 158.0, col_w - 2
    name_w = pts_r - 14 - name_x
    opp_w = opp_pts_r - 16 - opp_x
    for page in range(pages):
        y0 = _page_header(c, header, title, page + 1, pages)
        chunk = ordered[page * per_page : (page + 1) * per_page]
        for col in range(2):
            part = chunk[col * per_col : (col + 1) * per_col]
            if not part and col:
                continue
            x0 = MARGIN + col * (col_w + NAME_COL_GAP)
            _fill(c, GREY)
            _text(c, x0 + table_r, y0 - 10, "Table / 卓", 7, align="right")
            _text(c, x0 + name_x, y0 - 10, "Player / プレイヤー", 7)
            _text(c, x0 + pts_r, y0 - 10, "Pts", 7, align="right")
            _text(c, x0 + opp_x, y0 - 10, "Opponent / 対戦相手", 7)
            _text(c, x0 + opp_pts_r, y0 - 10, "Pts", 7, align="right")
            y = y0 - COL_HEAD_H
            for i, ln in enumerate(part):
                if i % 2:
                    _fill(c, ZEBRA)
                    c.rect(x0, y - NAME_ROW_H, col_w, NAME_ROW_H, stroke=0, fill=1)
                base = y - NAME_ROW_H + 4.5
                _fill(c, BLACK)
                _text(c, x0 + name_x, base, ln.player, 11, width=name_w, bold=True)
                if ln.is_bye:
                    _text(c, x0 + table_r, base, "—", 14, bold=True, align="right")
                    _text(c, x0 + opp_x, base, "BYE / 不戦勝", 9, width=opp_w, bold=True)
                else:
                    _text(c, x0 + table_r, base, str(ln.table), 14, bold=True, align="right")
                    _text(c, x0 + opp_x, base, ln.opponent or "", 9, width=opp_w)
                    if ln.opponent_points is not None:
                        _text(c, x0 + opp_pts_r, base, str(ln.opponent_points), 9, align="right")
                _fill(c, GREY)
                _text(c, x0 + pts_r, base, str(ln.points), 9, align="right")
                y -= NAME_ROW_H
        c.showPage()
    return _finish(c, buf)


# --------------------------------------------------------------------------------------------
# Pairings by table
# --------------------------------------------------------------------------------------------

TABLE_ROW_H: Final = 19.0
#: Rows per page of the pairings by table (the byes heading takes a row too).
TABLE_ROWS_PER_PAGE: Final = _rows_per_column(TABLE_ROW_H)


@dataclass(frozen=True, slots=True)
class _TableRow:
    table: int | None
    player_a: str
    points_a: int
    player_b: str | None
    points_b: int | None


def _table_rows(lines: Iterable[PairingLine]) -> tuple[list[_TableRow], list[_TableRow]]:
    """Matches by table (each once, first line given wins), then byes by name."""
    seen: dict[int, _TableRow] = {}
    byes: list[PairingLine] = []
    for ln in lines:
        if ln.is_bye:
            byes.append(ln)
        elif ln.table not in seen:
            seen[ln.table] = _TableRow(
                ln.table, ln.player, ln.points, ln.opponent, ln.opponent_points
            )
    matches = [seen[t] for t in sorted(seen)]
    byes.sort(key=lambda ln: (*_sort_key(ln.player), ln.player_id))
    return matches, [_TableRow(None, b.player, b.points, None, None) for b in byes]


def pairings_by_table_pdf(
    header: PrintHeader, lines: Sequence[PairingLine], *, compress: bool = True
) -> bytes:
    """Pairings in table order: one row per table with both players and their points.

    ``lines`` may hold each match once or twice (one line per player, as for pairings by
    name); the first line seen for a table decides which player is on the left. Byes follow
    the last table, in name order, under a heading that is never left alone at the foot of a
    page.
    """
    title = "Pairings by table / 卓順"
    matches, byes = _table_rows(lines)
    per_page = TABLE_ROWS_PER_PAGE
    # Rows to draw: matches, then (if any) a heading row and the byes.
    rows: list[_TableRow | str] = [*matches]
    if byes:
        if len(rows) % per_page == per_page - 1:
            rows.append("")  # keep the heading with the first bye, on the next page
        rows.append("Byes / 不戦勝")
        rows.extend(byes)
    pages = max(1, math.ceil(len(rows) / per_page))
    buf = io.BytesIO()
    c = _new_canvas(buf, header, title, compress)
    width = PAGE_W - 2 * MARGIN
    table_r, a_x, a_pts_r, vs_x, b_x, b_pts_r = 44.0, 54.0, 256.0, 272.0, 292.0, width - 4
    name_w = a_pts_r - 22 - a_x
    for page in range(pages):
        y0 = _page_header(c, header, title, page + 1, pages)
        _fill(c, GREY)
        _text(c, MARGIN + table_r, y0 - 10, "Table / 卓", 7, align="right")
        _text(c, MARGIN + a_x, y0 - 10, "Player / プレイヤー", 7)
        _text(c, MARGIN + a_pts_r, y0 - 10, "Pts", 7, align="right")
        _text(c, MARGIN + b_x, y0 - 10, "Player / プレイヤー", 7)
        _text(c, MARGIN + b_pts_r, y0 - 10, "Pts", 7, align="right")
        y = y0 - COL_HEAD_H
        for i, row in enumerate(rows[page * per_page : (page + 1) * per_page]):
            base = y - TABLE_ROW_H + 5
            if isinstance(row, str):
                if row:
                    _fill(c, BLACK)
                    _text(c, MARGIN + 4, base, row, 11, bold=True)
                    c.line(MARGIN, base - 3, MARGIN + width, base - 3)
                y -= TABLE_ROW_H
                continue
            if i % 2:
                _fill(c, ZEBRA)
                c.rect(MARGIN, y - TABLE_ROW_H, width, TABLE_ROW_H, stroke=0, fill=1)
            _fill(c, BLACK)
            table = "—" if row.table is None else str(row.table)
            _text(c, MARGIN + table_r, base, table, 15, bold=True, align="right")
            _text(c, MARGIN + a_x, base, row.player_a, 11, width=name_w, bold=True)
            _text(c, MARGIN + a_pts_r, base, str(row.points_a), 10, align="right")
            if row.table is None:
                _text(c, MARGIN + b_x, base, "BYE / 不戦勝", 10, bold=True)
            else:
                _fill(c, GREY)
                _text(c, MARGIN + vs_x, base, "vs", 9)
                _fill(c, BLACK)
                _text(c, MARGIN + b_x, base, row.player_b or "", 11, width=name_w, bold=True)
                if row.points_b is not None:
                    _text(c, MARGIN + b_pts_r, base, str(row.points_b), 10, align="right")
            y -= TABLE_ROW_H
        c.showPage()
    return _finish(c, buf)


# --------------------------------------------------------------------------------------------
# Standings
# --------------------------------------------------------------------------------------------

STANDING_ROW_H: Final = 16.0
#: Lines per page of the standings (the column titles take two lines).
STANDING_LINES_PER_PAGE: Final = int(
    (PAGE_H - 2 * MARGIN - HEADER_H - FOOTER_H + 10 - COL_HEAD_H - 6) // STANDING_ROW_H
)


def standings_pdf(
    header: PrintHeader,
    lines: Sequence[StandingLine],
    columns: Sequence[str],
    *,
    compress: bool = True,
) -> bytes:
    """Standings in the order given: rank, player, points, record and tiebreak columns.

    ``columns`` are the titles of the tiebreak columns (e.g. "OMW% / OMW%"), one per entry
    of every line's ``tiebreaks``. Raises ``ValueError`` if a line has a different count.
    """
    for ln in lines:
        if len(ln.tiebreaks) != len(columns):
            msg = f"{ln.player!r} has {len(ln.tiebreaks)} tiebreaks for {len(columns)} columns"
            raise ValueError(msg)
    title = "Standings / 順位表"
    width = PAGE_W - 2 * MARGIN
    per_page = STANDING_LINES_PER_PAGE
    pages = max(1, math.ceil(len(lines) / per_page))
    rank_r, name_x = 30.0, 38.0
    tb_w = min(58.0, max(34.0, (width - 270) / max(1, len(columns))))
    tb_start = width - tb_w * len(columns)
    rec_r = tb_start - 6
    pts_r = rec_r - 56
    name_w = pts_r - 30 - name_x
    buf = io.BytesIO()
    c = _new_canvas(buf, header, title, compress)
    for page in range(pages):
        y0 = _page_header(c, header, title, page + 1, pages)
        _fill(c, GREY)
        head_y = y0 - 10
        _head(c, MARGIN + rank_r, head_y, "Rank / 順位", 30, "right")
        _head(c, MARGIN + name_x, head_y, "Player / プレイヤー", name_w, "left")
        _head(c, MARGIN + pts_r, head_y, "Points / 勝点", 40, "right")
        _head(c, MARGIN + rec_r, head_y, "W-L-D / 勝-敗-分", 50, "right")
        for k, col in enumerate(columns):
            right = MARGIN + tb_start + (k + 1) * tb_w - 2
            _head(c, right, head_y, col, tb_w - 4, "right")
        y = y0 - COL_HEAD_H - 6
        for i, ln in enumerate(lines[page * per_page : (page + 1) * per_page]):
            if i % 2:
                _fill(c, ZEBRA)
                c.rect(MARGIN, y - STANDING_ROW_H, width, STANDING_ROW_H, stroke=0, fill=1)
            base = y - STANDING_ROW_H + 4.5
            _fill(c, BLACK)
            _text(c, MARGIN + rank_r, base, str(ln.rank), 11, bold=True, align="right")
            _text(c, MARGIN + name_x, base, ln.player, 10.5, width=name_w, bold=True)
            _text(c, MARGIN + pts_r, base, str(ln.points), 10.5, bold=True, align="right")
            _text(c, MARGIN + rec_r, base, ln.record, 10, align="right")
            for k, value in enumerate(ln.tiebreaks):
                right = MARGIN + tb_start + (k + 1) * tb_w - 2
                _text(c, right, base, value, 9.5, width=tb_w - 4, align="right")
            y -= STANDING_ROW_H
        c.showPage()
    return _finish(c, buf)


# --------------------------------------------------------------------------------------------
# Match slips
# --------------------------------------------------------------------------------------------

SLIP_MARGIN: Final = 20.0
INSTRUCTIONS_EN: Final = (
    "Tick the winner of each game (bottom row: drawn game) and the match winner; both players sign."
)
INSTRUCTIONS_JA: Final = (
    "各ゲームと試合の勝者に印を付け(引き分けは下の行)、両者が署名してください。"
)


def slip_layout(n_slips: int, per_page: int) -> list[list[int | None]]:
    """Which slip goes where: ``result[page][position]`` is a 0-based slip index or ``None``.

    With ``k = per_page`` places per page and ``P = ceil(n / k)`` pages, place ``i`` of page
    ``p`` holds slip ``i * P + p``. Print the pages, keep them in one stack, cut the stack
    into its ``k`` piles (one per place) and put pile 1 on pile 2 on pile 3 ...: the slips
    then run 0, 1, 2, ... n - 1 from the top, i.e. in table order. Empty places (``None``)
    only occur in the last places of the last pages.
    """
    if per_page < 1:
        raise ValueError("per_page must be at least 1")
    if n_slips < 0:
        raise ValueError("n_slips must not be negative")
    pages = math.ceil(n_slips / per_page)
    return [
        [i * pages + p if i * pages + p < n_slips else None for i in range(per_page)]
        for p in range(pages)
    ]


def encode_qr(value: str) -> QrImage:
    """Encode ``value`` with reportlab's QR widget (error correction M); return its modules."""
    widget = QrCodeWidget(value, barLevel="M")
    qr = widget.qr
    qr.make()
    modules = tuple(tuple(bool(m) for m in row) for row in qr.modules)
    return QrImage(value=str(widget.value), modules=modules)


def _draw_qr(c: Canvas, qr: QrImage, x: float, y: float, size: float) -> None:
    """Draw the QR code with a 2-module quiet zone into the square at (x, y) of ``size``."""
    quiet = 2
    box = size / (qr.size + 2 * quiet)
    c.saveState()
    # Module coordinates: origin at the top-left module, one unit per module, rows downward.
    c.translate(x + quiet * box, y + size - quiet * box)
    c.scale(box, -box)
    path = c.beginPath()
    for r, row in enumerate(qr.modules):
        col = 0
        for dark, run in itertools.groupby(row):
            count = len(list(run))
            if dark:
                # A hair of overlap hides the seams some viewers show between rectangles.
                path.rect(col, r, count + 0.04, 1.04)
            col += count
    _fill(c, BLACK)
    c.drawPath(path, stroke=0, fill=1)
    c.restoreState()


def _check_box(c: Canvas, cx: float, cy: float, side: float) -> None:
    c.rect(cx - side / 2, cy - side / 2, side, side, stroke=1, fill=0)


def _draw_slip(
    c: Canvas, header: PrintHeader, slip: SlipData, x: float, y: float, w: float, h: float
) -> None:
    """One slip in the box (x, y, w, h): y is the bottom edge."""
    pad = 8.0
    caption = 9.0
    qr_size = min(h - 2 * pad - caption, 112.0)
    qr_x = x + w - pad - qr_size
    qr_y = y + h - pad - qr_size
    _draw_qr(c, encode_qr(slip.report_url), qr_x, qr_y, qr_size)
    c.linkURL(slip.report_url, (qr_x, qr_y, qr_x + qr_size, qr_y + qr_size), relative=0)
    _fill(c, GREY)
    _text(c, qr_x + qr_size / 2, qr_y - 7, "Scan to report / 結果報告", 6.5, align="center")

    body_r = qr_x - 10
    top = y + h - pad
    # Table number block.
    _fill(c, BLACK)
    _text(c, x + pad, top - 8, "Table / 卓", 7.5)
    table_size = 26.0 if h >= 150 else 20.0
    table_str = str(slip.table)
    _text(c, x + pad, top - 8 - table_size * 0.9, table_str, table_size, width=70, bold=True)
    info_x = x + pad + max(62.0, _width(table_str, table_size, bold=True) + 14)
    _text(c, info_x, top - 9, header.event_name, 10, width=body_r - info_x, bold=True, shrink=0.7)
    _fill(c, GREY)
    meta = "  ·  ".join(p for p in (_round_label(header), "Match slip / 対戦結果票") if p)
    _text(c, info_x, top - 21, meta, 8, width=body_r - info_x)
    bo = max(1, header.best_of)
    best = "Best of 1 / 1本勝負" if bo == 1 else f"Best of {bo} / {games_to_win(bo)}本先取"
    _text(c, info_x, top - 31, best, 7, width=body_r - info_x)

    # Result grid: header row, player A, player B, draws; instructions below if there is room.
    grid_top = top - 8 - table_size * 0.9 - 8
    grid_bottom = y + pad
    if h >= 150:
        _fill(c, GREY)
        _text(c, x + pad, y + pad + 1, INSTRUCTIONS_EN, 7, width=body_r - x - pad)
        _text(c, x + pad, y + pad + 10, INSTRUCTIONS_JA, 7, width=body_r - x - pad)
        grid_bottom += 22
    head_h = 11.0
    row_h = min(36.0, (grid_top - head_h - grid_bottom) / 3)
    box_w = 24.0 if bo <= 3 else 20.0
    sig_w = 124.0 if w > 400 else 90.0
    win_w = 44.0
    sig_x = body_r - sig_w
    win_x = sig_x - 6 - win_w
    games_x = win_x - 4 - bo * box_w
    name_x = x + pad
    name_w = games_x - 6 - name_x
    head_base = grid_top - head_h + 3
    _fill(c, GREY)
    _text(c, name_x, head_base, "Player / プレイヤー", 7)
    for g in range(bo):
        _text(c, games_x + (g + 0.5) * box_w, head_base, f"G{g + 1}", 7, align="center")
    _text(c, win_x + win_w / 2, head_base, "Winner / 勝者", 6.5, width=win_w, align="center")
    _text(c, sig_x, head_base, "Signature / 署名", 7)
    c.setStrokeColorRGB(*BLACK)
    c.setLineWidth(0.8)
    side = min(row_h - 8, 16.0)
    rows: list[tuple[str, bool, str]] = [
        (slip.player_a, True, "Winner"),
        (slip.player_b, True, "Winner"),
        ("Draw / 引き分け", False, "Draw"),
    ]
    for k, (label, is_player, _) in enumerate(rows):
        row_top = grid_top - head_h - k * row_h
        mid = row_top - row_h / 2
        base = mid - 4
        _fill(c, BLACK if is_player else GREY)
        if is_player:
            _text(c, name_x, base, label, 12, width=name_w, bold=True, shrink=0.6)
        else:
            _text(c, name_x, base, label, 9, width=name_w)
        for g in range(bo):
            _check_box(c, games_x + (g + 0.5) * box_w, mid, side)
        _check_box(c, win_x + win_w / 2, mid, side)
        if is_player:
            c.setLineWidth(0.5)
            c.line(sig_x, base - 2, body_r, base - 2)
            c.setLineWidth(0.8)
        if k < 2:
            c.setStrokeColorRGB(0.75, 0.75, 0.75)
            c.setLineWidth(0.3)
            c.line(name_x, row_top - row_h, body_r, row_top - row_h)
            c.setStrokeColorRGB(*BLACK)
            c.setLineWidth(0.8)
    _fill(c, BLACK)


def match_slips_pdf(
    header: PrintHeader,
    slips: Sequence[SlipData],
    *,
    per_page: int = 4,
    compress: bool = True,
) -> bytes:
    """Match slips, ``per_page`` to an A4 portrait page, laid out for a cut stack.

    Each slip shows the event, the round, the table (big), both players, one box per game
    (``header.best_of`` of them) for each player and a row for drawn games, a "winner" box
    (the draw row's box is for a drawn match), a signature line per player, and a QR code
    that opens ``report_url`` (also a clickable link in the PDF).

    Slips are sorted by table and placed by :func:`slip_layout`: place ``i`` of page ``p``
    holds slip ``i * P + p`` (``P`` pages). Cut the printed stack along the dashed lines,
    put the pile of the top place on the pile of the second place and so on: the cut stack
    is in table order.
    """
    if not 1 <= per_page <= 8:
        raise ValueError("per_page must be between 1 and 8")
    ordered = sorted(slips, key=lambda s: s.table)
    layout = slip_layout(len(ordered), per_page) or [[None] * per_page]
    buf = io.BytesIO()
    c = _new_canvas(buf, header, "Match slips / 対戦結果票", compress)
    w = PAGE_W - 2 * SLIP_MARGIN
    h = (PAGE_H - 2 * SLIP_MARGIN) / per_page
    for places in layout:
        for i, idx in enumerate(places):
            y = PAGE_H - SLIP_MARGIN - (i + 1) * h
            if idx is not None:
                _draw_slip(c, header, ordered[idx], SLIP_MARGIN, y, w, h)
        c.setDash(4, 3)
        c.setLineWidth(0.4)
        c.setStrokeColorRGB(0.5, 0.5, 0.5)
        for i in range(1, per_page):
            cut = PAGE_H - SLIP_MARGIN - i * h
            c.line(0, cut, PAGE_W, cut)
        c.setDash()
        c.setStrokeColorRGB(*BLACK)
        c.showPage()
    return _finish(c, buf)
