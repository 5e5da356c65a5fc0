"""Printable PDFs: pure tests (no database) of layout, ordering and labels."""

from __future__ import annotations

import math
import re
from collections.abc import Iterator
from datetime import datetime

import pytest

from tournaments.printing import pdf_fonts
from tournaments.printing.sheets import (
    NAME_LINES_PER_PAGE,
    STANDING_LINES_PER_PAGE,
    TABLE_ROWS_PER_PAGE,
    PairingLine,
    PrintHeader,
    SlipData,
    StandingLine,
    encode_qr,
    fonts_reset,
    match_slips_pdf,
    pairings_by_name_pdf,
    pairings_by_table_pdf,
    slip_layout,
    standings_pdf,
)

HEADER = PrintHeader(
    event_name="ZUTOMAYO CARD Cup",
    round_number=3,
    stage_label="Swiss / スイス",
    generated_at=datetime(2026, 11, 29, 12, 0),  # noqa: DTZ001 - printed as given
    best_of=3,
)


@pytest.fixture(autouse=True)
def _cid_font(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """These tests read the text back from the content streams, which the CID font writes as
    UTF-16 (an embedded TrueType subset writes glyph numbers): they print without IPAGothic,
    the fallback. tests/tournaments/test_pdf_fonts.py tests the embedded font."""
    monkeypatch.setattr(pdf_fonts, "IPA_GOTHIC_PATHS", ())
    monkeypatch.delenv("PDF_JAPANESE_FONT", raising=False)
    fonts_reset()
    yield
    monkeypatch.undo()
    fonts_reset()


def _pdf_string(text: str, *, japanese: bool) -> bytes:
    """How reportlab writes ``text`` inside a PDF string in an uncompressed content stream.

    Helvetica text is written as Windows-1252, Japanese-font text as UTF-16BE; both escape
    the bytes that are not printable ASCII.
    """
    raw = text.encode("utf-16-be" if japanese else "cp1252")
    out = bytearray()
    for b in raw:
        if b in b"()\\":
            out += b"\\" + bytes([b])
        elif 32 <= b < 127:
            out.append(b)
        else:
            out += b"\\%03o" % b
    return bytes(out)


def _latin(text: str) -> bytes:
    return _pdf_string(text, japanese=False)


def _ja(text: str) -> bytes:
    return _pdf_string(text, japanese=True)


def _page_count(pdf: bytes) -> int:
    return len(re.findall(rb"/Type /Page(?![a-zA-Z])", pdf))


def _assert_pdf(pdf: bytes) -> None:
    assert pdf.startswith(b"%PDF-")
    assert pdf.rstrip().endswith(b"%%EOF")


def _pairing_lines(n_players: int) -> list[PairingLine]:
    lines = []
    for t in range(n_players // 2):
        a, b = f"Player {2 * t:04d}", f"Player {2 * t + 1:04d}"
        lines.append(PairingLine(t + 1, a, f"id{2 * t}", b, t % 7, (t + 3) % 7, False))
        lines.append(PairingLine(t + 1, b, f"id{2 * t + 1}", a, (t + 3) % 7, t % 7, False))
    if n_players % 2:
        last = f"Player {n_players - 1:04d}"
        lines.append(PairingLine(0, last, f"id{n_players - 1}", None, 3, None, True))
    return lines


# ---------------------------------------------------------------------------------------------
# Slip layout
# ---------------------------------------------------------------------------------------------


def _cut_stack(layout: list[list[int | None]], per_page: int) -> list[int]:
    """Cut the printed stack into one pile per place; pile 1 on pile 2 on ...; read from top."""
    piles = [[page[i] for page in layout] for i in range(per_page)]
    return [slip for pile in piles for slip in pile if slip is not None]


@pytest.mark.parametrize("per_page", range(1, 9))
def test_cut_stack_is_in_table_order(per_page: int) -> None:
    for n in range(130):
        layout = slip_layout(n, per_page)
        assert len(layout) == math.ceil(n / per_page)
        assert all(len(page) == per_page for page in layout)
        assert _cut_stack(layout, per_page) == list(range(n))
        for page in layout:
            # Empty places only at the end of a page: no blank slip in the middle.
            filled = [slot for slot in page if slot is not None]
            assert page[: len(filled)] == filled


def test_slip_layout_example() -> None:
    assert slip_layout(10, 4) == [[0, 3, 6, 9], [1, 4, 7, None], [2, 5, 8, None]]
    assert slip_layout(0, 4) == []


def test_slip_layout_rejects_bad_sizes() -> None:
    with pytest.raises(ValueError, match="per_page"):
        slip_layout(3, 0)
    with pytest.raises(ValueError, match="n_slips"):
        slip_layout(-1, 4)


def test_slips_are_placed_in_cut_stack_order() -> None:
    slips = [
        SlipData(t, f"Alpha{t:03d}", f"Beta{t:03d}", f"https://to.example/m/{t}")
        for t in range(1, 11)
    ]
    pdf = match_slips_pdf(HEADER, list(reversed(slips)), per_page=4, compress=False)
    assert _page_count(pdf) == 3
    positions = [pdf.index(_latin(f"Alpha{t:03d}")) for t in range(1, 11)]
    drawn = [t for _, t in sorted(zip(positions, range(1, 11), strict=True))]
    # Page 1 holds slips 1, 4, 7, 10; page 2 holds 2, 5, 8; page 3 holds 3, 6, 9.
    assert drawn == [1, 4, 7, 10, 2, 5, 8, 3, 6, 9]


# ---------------------------------------------------------------------------------------------
# QR codes
# ---------------------------------------------------------------------------------------------


def test_qr_encodes_the_report_url() -> None:
    url = "https://to.example.com/events/42/rounds/3/matches/17/report/"
    qr = encode_qr(url)
    assert qr.value == url
    assert qr.size >= 21
    assert (qr.size - 21) % 4 == 0
    assert all(len(row) == qr.size for row in qr.modules)
    # The three finder patterns: a dark 7x7 ring with a dark 3x3 centre.
    for top, left in ((0, 0), (0, qr.size - 7), (qr.size - 7, 0)):
        block = [row[left : left + 7] for row in qr.modules[top : top + 7]]
        assert all(block[0])
        assert all(block[6])
        assert all(r[0] and r[6] for r in block)
        assert not any(block[1][1:6])
        assert all(all(r[2:5]) for r in block[2:5])


def test_slips_link_and_draw_the_qr_code() -> None:
    url = "https://to.example.com/m/abc/report"
    pdf = match_slips_pdf(HEADER, [SlipData(7, "A", "B", url)], compress=False)
    assert b"/URI (" + url.encode() + b")" in pdf
    # The QR modules are filled rectangles in module units ("re" operators), many of them.
    assert pdf.count(b" re") > 50


# ---------------------------------------------------------------------------------------------
# Every document
# ---------------------------------------------------------------------------------------------


def _standings(n: int) -> list[StandingLine]:
    return [
        StandingLine(i + 1, f"Player {i:04d}", 9 - i % 10, "3-0-0", ("61.11%", "55.00%"))
        for i in range(n)
    ]


@pytest.mark.parametrize("compress", [True, False])
def test_every_document_is_a_pdf(compress: bool) -> None:
    lines = _pairing_lines(9)
    slips = [SlipData(1, "A", "B", "https://x.example/1")]
    for pdf in (
        pairings_by_name_pdf(HEADER, lines, compress=compress),
        pairings_by_table_pdf(HEADER, lines, compress=compress),
        standings_pdf(HEADER, _standings(9), ["OMW%", "GW%"], compress=compress),
        match_slips_pdf(HEADER, slips, compress=compress),
    ):
        _assert_pdf(pdf)
        assert _page_count(pdf) == 1


def test_empty_inputs_give_one_page() -> None:
    assert _page_count(pairings_by_name_pdf(HEADER, [])) == 1
    assert _page_count(pairings_by_table_pdf(HEADER, [])) == 1
    assert _page_count(standings_pdf(HEADER, [], [])) == 1
    assert _page_count(match_slips_pdf(HEADER, [])) == 1


@pytest.mark.parametrize("players", [1, NAME_LINES_PER_PAGE, NAME_LINES_PER_PAGE + 1, 333])
def test_pairings_by_name_page_count(players: int) -> None:
    pdf = pairings_by_name_pdf(HEADER, _pairing_lines(players), compress=False)
    pages = math.ceil(players / NAME_LINES_PER_PAGE)
    assert _page_count(pdf) == pages
    assert _latin(f"Page {pages}/{pages}") in pdf


@pytest.mark.parametrize("players", [2 * TABLE_ROWS_PER_PAGE, 2 * TABLE_ROWS_PER_PAGE + 1, 301])
def test_pairings_by_table_page_count(players: int) -> None:
    # One row per table, plus a heading row and a row per bye.
    rows = players // 2 + (2 if players % 2 else 0)
    pdf = pairings_by_table_pdf(HEADER, _pairing_lines(players))
    assert _page_count(pdf) == math.ceil(rows / TABLE_ROWS_PER_PAGE)


def test_byes_heading_is_not_left_alone_at_the_foot_of_a_page() -> None:
    # One table short of a full page: the heading would take the last row of page 1.
    players = 2 * (TABLE_ROWS_PER_PAGE - 1) + 1
    pdf = pairings_by_table_pdf(HEADER, _pairing_lines(players), compress=False)
    assert _page_count(pdf) == 2
    assert pdf.index(b"(Page 2/2)") < pdf.index(b"(Byes / )")


@pytest.mark.parametrize("n", [STANDING_LINES_PER_PAGE, STANDING_LINES_PER_PAGE + 1, 500])
def test_standings_page_count(n: int) -> None:
    pdf = standings_pdf(HEADER, _standings(n), ["OMW%", "GW%"])
    assert _page_count(pdf) == math.ceil(n / STANDING_LINES_PER_PAGE)


@pytest.mark.parametrize(("n", "per_page"), [(1, 4), (4, 4), (5, 4), (13, 6), (30, 1)])
def test_match_slips_page_count(n: int, per_page: int) -> None:
    slips = [SlipData(t, "A", "B", f"https://x.example/{t}") for t in range(1, n + 1)]
    pdf = match_slips_pdf(HEADER, slips, per_page=per_page)
    assert _page_count(pdf) == math.ceil(n / per_page)


def test_match_slips_rejects_bad_per_page() -> None:
    with pytest.raises(ValueError, match="per_page"):
        match_slips_pdf(HEADER, [], per_page=0)


def test_standings_reject_mismatched_tiebreaks() -> None:
    with pytest.raises(ValueError, match="tiebreaks"):
        standings_pdf(HEADER, _standings(2), ["OMW%"])


# ---------------------------------------------------------------------------------------------
# Content: labels, order, Japanese
# ---------------------------------------------------------------------------------------------


def test_bilingual_labels() -> None:
    lines = _pairing_lines(5)
    by_name = pairings_by_name_pdf(HEADER, lines, compress=False)
    by_table = pairings_by_table_pdf(HEADER, lines, compress=False)
    standings = standings_pdf(HEADER, _standings(3), ["OMW% / 相手勝率", "GW%"], compress=False)
    slips = match_slips_pdf(HEADER, [SlipData(1, "A", "B", "https://x.example/1")], compress=False)
    expected = {
        by_name: [
            ("Pairings by name / ", "名前順"),
            ("Table / ", "卓"),
            ("Opponent / ", "対戦相手"),
        ],
        by_table: [("Pairings by table / ", "卓順"), ("Byes / ", "不戦勝")],
        standings: [("Standings / ", "順位表"), ("Rank", "順位"), ("OMW%", "相手勝率")],
        slips: [
            ("Table / ", "卓"),
            ("Winner / ", "勝者"),
            ("Signature / ", "署名"),
            ("Draw / ", "引き分け"),
            ("Scan to report / ", "結果報告"),
        ],
    }
    for pdf, labels in expected.items():
        assert _latin("Round 3 / ") in pdf
        assert _ja("第") in pdf
        for english, japanese in labels:
            assert _latin(english) in pdf, english
            assert _ja(japanese) in pdf, japanese


def test_pairings_by_name_are_alphabetical_and_list_everyone_once() -> None:
    names = ["carol", "Alice", "山田太郎", "bob", "Dave"]
    lines = [
        PairingLine(1, "carol", "c", "Alice", 0, 0, False),
        PairingLine(1, "Alice", "a", "carol", 0, 0, False),
        PairingLine(2, "山田太郎", "y", "bob", 0, 0, False),
        PairingLine(2, "bob", "b", "山田太郎", 0, 0, False),
        PairingLine(0, "Dave", "d", None, 3, None, True),
    ]
    pdf = pairings_by_name_pdf(HEADER, lines, compress=False)
    # Every string drawn, with its x position, in drawing order.
    drawn = re.findall(
        rb"BT 1 0 0 1 ([\d.]+) [\d.]+ Tm (?:/F\d+ [\d.]+ Tf [\d.]+ TL )?\((.*?)\) Tj", pdf
    )
    # Alice is first in the list, so the first "Alice" drawn is in the player column.
    name_x = next(x for x, text in drawn if text == _latin("Alice"))
    players = [text for x, text in drawn if x == name_x and text != _latin("Player / ")]
    assert players == [_latin(n) for n in ("Alice", "bob", "carol", "Dave")] + [_ja("山田太郎")]
    # Everyone else appears once more, as an opponent; Dave has the bye.
    everything = [text for _, text in drawn]
    for name in names:
        encoded = _latin(name) if name.isascii() else _ja(name)
        assert everything.count(encoded) == (1 if name == "Dave" else 2), name
    assert _latin("BYE / ") in everything


def test_pairings_by_table_lists_each_match_once_and_byes_last() -> None:
    lines = [
        PairingLine(2, "Carol", "c", "Dave", 3, 0, False),
        PairingLine(1, "Alice", "a", "Bob", 6, 3, False),
        PairingLine(1, "Bob", "b", "Alice", 3, 6, False),
        PairingLine(0, "Erin", "e", None, 0, None, True),
        PairingLine(2, "Dave", "d", "Carol", 0, 3, False),
    ]
    pdf = pairings_by_table_pdf(HEADER, lines, compress=False)
    for name in ("Alice", "Bob", "Carol", "Dave", "Erin"):
        assert pdf.count(b"(" + _latin(name) + b") Tj") == 1, name
    assert pdf.index(b"(Alice)") < pdf.index(b"(Carol)") < pdf.index(b"(Byes / )")
    assert pdf.index(b"(Byes / )") < pdf.index(b"(Erin)")


def test_japanese_and_unusual_names_do_not_crash() -> None:
    names = ["ずっと真夜中でいいのに", "ACAね", "Nguyễn Thị", "😀 Emoji", "Tab\there", "x" * 500]
    lines = [
        PairingLine(i // 2 + 1, name, str(i), names[i ^ 1], 0, 0, False)
        for i, name in enumerate(names)
    ]
    by_name = pairings_by_name_pdf(HEADER, lines, compress=False)
    assert _ja("ずっと真夜中でいいのに") in by_name
    assert b"HeiseiKakuGo-W5" in by_name
    # Letters neither font has lose their accents instead of printing as boxes.
    assert _latin("Nguyen Thi") in by_name
    # Overlong names are cut to fit their column.
    assert b"x" * 500 not in by_name
    _assert_pdf(pairings_by_table_pdf(HEADER, lines))
    standings = [StandingLine(i + 1, name, 0, "0-0-0", ()) for i, name in enumerate(names)]
    _assert_pdf(standings_pdf(HEADER, standings, []))
    slips = [SlipData(1, names[0], names[-1], "https://x.example/あ")]
    _assert_pdf(match_slips_pdf(HEADER, slips))


@pytest.mark.parametrize(("best_of", "games"), [(1, 1), (3, 3), (5, 5)])
def test_slips_draw_one_box_column_per_game(best_of: int, games: int) -> None:
    header = PrintHeader("Cup", 1, "", datetime(2026, 1, 1), best_of)  # noqa: DTZ001
    pdf = match_slips_pdf(header, [SlipData(1, "A", "B", "https://x.example/1")], compress=False)
    for g in range(1, 7):
        assert (b"(G%d) Tj" % g in pdf) == (g <= games)


def test_two_thousand_players_by_name_fill_the_expected_pages() -> None:
    # Speed is measured by benchmarks/printing.py, not asserted here.
    pdf = pairings_by_name_pdf(HEADER, _pairing_lines(2000))
    assert _page_count(pdf) == math.ceil(2000 / NAME_LINES_PER_PAGE)
