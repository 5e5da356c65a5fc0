"""Japanese prints on every reader: PDFs embed IPAGothic (Debian's fonts-ipafont-gothic, a TrueType
font), fall back to the CID font with a logged warning when it is absent, and print emoji as a
placeholder instead of dropping them."""

from __future__ import annotations

import logging
import os
import shutil
import subprocess
from collections.abc import Iterator
from datetime import datetime
from pathlib import Path

import pytest

from tournaments.printing import pdf_fonts
from tournaments.printing.deck_sheet import DeckSheet, SheetGroup, SheetLine, deck_sheet_pdf
from tournaments.printing.sheets import (
    PairingLine,
    PrintHeader,
    fonts_reset,
    pairings_by_name_pdf,
)

IPA = next((p for p in pdf_fonts.IPA_GOTHIC_PATHS if os.path.isfile(p)), None)
needs_ipa = pytest.mark.skipif(IPA is None, reason="needs fonts-ipafont-gothic (.ci/run installs)")

HEADER = PrintHeader(
    event_name="ずっと真夜中カップ", round_number=1, stage_label="Swiss / スイス",
    generated_at=datetime(2026, 12, 1, 12, 0), best_of=1,  # noqa: DTZ001 - printed as given
)  # fmt: skip
NAMES = ["山田太郎", "😀 Emoji", "Alice", "ACAね"]


@pytest.fixture(autouse=True)
def _fresh_font() -> Iterator[None]:
    fonts_reset()
    yield
    fonts_reset()


def _pairings() -> bytes:
    lines = [
        PairingLine(i // 2 + 1, name, str(i), NAMES[i ^ 1], 0, 0, False)
        for i, name in enumerate(NAMES)
    ]
    return pairings_by_name_pdf(HEADER, lines, compress=False)


@needs_ipa
def test_pdfs_embed_ipagothic_as_truetype() -> None:
    pdf = _pairings()
    assert b"/BaseFont /AAAAAA+IPAGothic" in pdf or b"IPAGothic" in pdf
    assert b"/FontFile2" in pdf  # an embedded TrueType font program
    assert b"HeiseiKakuGo" not in pdf
    sheet = DeckSheet(
        player="山田太郎", event="E", date="2026-12-01", game="ZUTOMAYO CARD", version=1,
        groups=(SheetGroup("Character / キャラクター", 1, (SheetLine(1, "猫 😀", "X-1"),)),),
        size=1,
    )  # fmt: skip
    assert b"/FontFile2" in deck_sheet_pdf(sheet, compress=False)


def test_without_the_font_a_warning_is_logged_and_the_cid_font_is_used(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    monkeypatch.setattr(pdf_fonts, "IPA_GOTHIC_PATHS", ("/nonexistent/ipag.ttf",))
    monkeypatch.delenv("PDF_JAPANESE_FONT", raising=False)
    with caplog.at_level(logging.WARNING, logger="tournaments.printing.pdf_fonts"):
        pdf = _pairings()
    assert b"HeiseiKakuGo-W5" in pdf
    assert b"/FontFile2" not in pdf
    assert any("fonts-ipafont-gothic" in r.getMessage() for r in caplog.records)


@pytest.mark.parametrize("embedded", [True, False])
def test_emoji_become_the_placeholder_not_nothing(
    embedded: bool, monkeypatch: pytest.MonkeyPatch
) -> None:
    if embedded and IPA is None:
        pytest.skip("needs fonts-ipafont-gothic")
    if not embedded:
        monkeypatch.setattr(pdf_fonts, "IPA_GOTHIC_PATHS", ())
    from tournaments.printing.sheets import _runs

    text = "".join(run for _latin, run in _runs("😀 Emoji 👩‍👩‍👧 山田"))
    assert text == "〓 Emoji 〓〓〓 山田"


@needs_ipa
@pytest.mark.skipif(shutil.which("pdftoppm") is None, reason="needs poppler-utils")
def test_a_japanese_pdf_renders_to_png(tmp_path: Path) -> None:
    """Rendered by poppler (the PNG lands in artifacts/ for a person to look at)."""
    pdf_path = tmp_path / "pairings.pdf"
    pdf_path.write_bytes(_pairings())
    out = Path("artifacts/pdf")
    out.mkdir(parents=True, exist_ok=True)
    pdftoppm = shutil.which("pdftoppm") or "pdftoppm"
    subprocess.run(
        [pdftoppm, "-png", "-r", "80", "-f", "1", "-l", "1", str(pdf_path), str(out / "ja")],
        check=True,
        timeout=60,
    )
    assert list(out.glob("ja*.png"))
