"""Rulings stored before the judging wing was rebuilt around game plug-ins still render: each
fixture under ``fixtures/`` is a ``Ruling`` row exactly as the earlier code stored it (its record,
report JSON in English and Japanese, texts), and the case page, the players' link and the PDF
show its answer with the rules it cites. The fixtures are that code's output and are never
regenerated: old stored data is what they stand for."""

from __future__ import annotations

import base64
import json
import re
import zlib
from pathlib import Path
from typing import Any

import pytest
from django.test import Client

from judging.models import JudgeCase, Ruling
from judging.services import judge_case_open
from tournaments.services import event_role_grant

pytestmark = pytest.mark.django_db
FIXTURES = Path(__file__).resolve().parent / "fixtures"

#: For each game, what its stored ruling says: on the judge's page (the record's names), in
#: Japanese, on the players' link and in the PDF (which name the players by seat when neither the
#: report nor a match names them). The winner or the right claim, and the deciding rule as shown.
FACTS: dict[str, dict[str, tuple[str, ...]]] = {
    "zutomayo": {
        "page": ("Bo is wrong: the time of day was DAY (the medal was on mark 12)", "rule 3.8.4",
                 "Ann is right: Bo&#x27;s HP was 70 at the end of turn 3.",
                 "medal on mark 12 (DAY)"),  # the board after each turn
        "ja": ("Boの主張は誤り：3ターン目の終わり、時間帯は昼だった", "ルール3.8.4"),
        "shared": ("Bo is wrong: the time of day was DAY", "rule 3.8.4"),
        "pdf": ("Bo is wrong: the time of day was DAY", "rule 3.8.4", "Ann is right"),
    },
    "ztrike": {
        "page": ("Round 1: Aki wins the round by colour weakness (Red against Green",
                 "Aki is right: the round&#x27;s winner was Aki in round 1, rule ZTRIKE › "
                 "Determining a Round Victor, sentence 4.",
                 "Main Player: Aki"),  # the board after each round
        "ja": ("1ラウンド目：色の弱点でAkiの勝ち", "ラウンドの勝者の決定、第4文"),
        "shared": ("wins the round by colour weakness",
                   "rule ZTRIKE › Determining a Round Victor, sentence 4."),
        "pdf": ("wins the round by colour weakness", "Determining a Round Victor, sentence 4"),
    },
    "azuki": {
        "page": ("Nobody has won yet after turn 3: Aki&#x27;s leader has 20 health",
                 "Ben is right: Ben&#x27;s leader health was 20 after turn 3, rule Azuki FAQ › "
                 "Attacking › How is combat damage dealt?",
                 "0 of 5 untapped"),  # the board after each turn
        "ja": ("Benが正しい：3ターン目の後、Benのリーダーの体力は20だった",),
        "shared": ("leader health was 20 after turn 3, rule Azuki FAQ › Attacking › How is "
                   "combat damage dealt?",),
        "pdf": ("leader health was 20 after turn 3", "How is combat damage dealt?"),
    },
}  # fmt: skip


def stored(game: str) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(
        (FIXTURES / f"stored_ruling_{game}.json").read_text(encoding="utf-8")
    )
    return data


def _pdf_text(pdf: bytes) -> str:
    """The PDF's text, its lines joined by spaces: reportlab's streams (ASCII85, then deflate)
    inflated, and the strings of its Japanese font (UTF-16, escaped) decoded."""
    chunks = []
    for stream in re.findall(rb"stream\r?\n(.*?)endstream", pdf, re.DOTALL):
        try:
            chunks.append(zlib.decompress(base64.a85decode(stream.strip(), adobe=True)))
        except (ValueError, zlib.error):
            continue
    text = []
    for raw in re.findall(rb"\(((?:\\.|[^\\)])*)\)\s*Tj", b"".join(chunks), re.DOTALL):
        unescaped = re.sub(rb"\\([0-7]{1,3}|.)", _unescape, raw)
        text.append(unescaped.decode("utf-16-be", errors="replace"))
    return " ".join(" ".join(text).split())


def _unescape(found: re.Match[bytes]) -> bytes:
    token = found.group(1)
    if token[:1].isdigit():
        return bytes([int(token, 8)])
    return {b"n": b"\n", b"r": b"\r", b"t": b"\t", b"b": b"\b", b"f": b"\f"}.get(token, token)


@pytest.fixture
def stored_case(make_user: Any, make_event: Any) -> Any:
    def make(game: str) -> tuple[JudgeCase, Ruling, Client]:
        data = stored(game)
        organiser, judge = make_user(f"so-{game}"), make_user(f"sj-{game}")
        event = make_event(organiser=organiser, game_slug=game)
        event_role_grant(event=event, user=judge, role="judge", granted_by=organiser)
        case = judge_case_open(event_id=event.pk, by=judge, title="stored before")
        fields = {k: data[k] for k in ("engine_version", "record", "record_sha256", "profile",
                                       "outcome", "output", "text_en", "text_ja")}  # fmt: skip
        # The row as the earlier code wrote it (no service: this is old stored data).
        ruling = Ruling.objects.create(case=case, created_by=judge, **fields)
        client = Client()
        client.force_login(judge)
        return case, ruling, client

    return make


@pytest.mark.parametrize("game", sorted(FACTS))
def test_a_ruling_stored_before_the_plug_ins_renders_on_the_case_page(
    stored_case: Any, game: str
) -> None:
    case, _ruling, client = stored_case(game)
    response = client.get(f"/judging/cases/{case.pk}/")
    assert response.status_code == 200
    body = response.content.decode()
    for fact in FACTS[game]["page"]:
        assert fact in body
    players = Client().get(response.context["share_url"])
    assert players.status_code == 200
    for fact in FACTS[game]["shared"]:
        assert fact in players.content.decode()


@pytest.mark.parametrize("game", sorted(FACTS))
def test_a_ruling_stored_before_the_plug_ins_renders_in_japanese(
    stored_case: Any, game: str
) -> None:
    case, _ruling, client = stored_case(game)
    client.cookies["django_language"] = "ja"
    response = client.get(f"/judging/cases/{case.pk}/", HTTP_ACCEPT_LANGUAGE="ja")
    assert response.status_code == 200
    body = response.content.decode()
    assert "結論" in body
    for fact in FACTS[game]["ja"]:
        assert fact in body


@pytest.mark.parametrize("game", sorted(FACTS))
def test_a_ruling_stored_before_the_plug_ins_renders_as_a_pdf(stored_case: Any, game: str) -> None:
    case, ruling, client = stored_case(game)
    response = client.get(f"/judging/cases/{case.pk}/ruling.pdf?ruling={ruling.pk}")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    text = _pdf_text(response.content)
    for fact in FACTS[game]["pdf"]:
        assert fact in text
