"""The ruling page as a judge reads it at the table: the answer first, the board, the steps, in
English and Japanese; the record, print, PDF and the players' link."""

from __future__ import annotations

import json
import re
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command
from django.test import Client

from judging.models import JudgeCase, Ruling
from judging.services import judge_case_open, ruling_compute
from tournaments.services import event_role_grant

pytestmark = pytest.mark.django_db
GOLDEN = Path(__file__).resolve().parent / "engine" / "golden"
C42 = GOLDEN / "77_design_worked_example_c42.json"


@pytest.fixture
def rules(shared_dir: Path) -> None:
    for slug, version, name in (
        ("ground-rules", "1.0.1", "zutomayo-ground-rules-1.0.1.en.txt"),
        ("basic-rules", "1", "zutomayo-basic-rules.ja.txt"),
    ):
        call_command("import_rules", "--game", "zutomayo", "--version", version, "--document",
                     slug, str(shared_dir / "rules" / name), stdout=StringIO())  # fmt: skip


@pytest.fixture
def case(make_user: Any, make_event: Any) -> tuple[JudgeCase, Client]:
    organiser, judge = make_user("o"), make_user("j")
    event = make_event(organiser=organiser)
    event_role_grant(event=event, user=judge, role="judge", granted_by=organiser)
    client = Client()
    client.force_login(judge)
    return judge_case_open(event_id=event.pk, by=judge, title="夜だったか？"), client


def _upload(client: Client, case: JudgeCase, path: Path) -> Any:
    return client.post(f"/judging/cases/{case.pk}/", {"kind": "upload",
                       "upload-record": path.read_text(encoding="utf-8")})  # fmt: skip


def test_a_golden_file_opens_on_the_page_and_answers_first(
    case: tuple[JudgeCase, Client], rules: None
) -> None:
    judge_case, client = case
    assert _upload(client, judge_case, C42).status_code == 302
    body = client.get(f"/judging/cases/{judge_case.pk}/").content.decode()
    answer = body.index("The answer")
    assert answer < body.index("The board after each turn") < body.index("Step by step")
    # The worked time-of-day dispute: Bo (D) says it was night; the medal went 7 → 12, day (3.8.4).
    # Ann's claim that Bo is at 70 HP is right.
    assert "Bo is wrong: the time of day was DAY (the medal was on mark 12)" in body
    assert "rule 3.8.4" in body
    assert "Ann is right: Bo&#x27;s HP was 70 at the end of turn 3." in body
    assert "players[" not in body
    assert not re.search(r"\bP[01]\b", body)
    assert "“When the Chronos medal is on the moon side" in body


def test_the_japanese_page_has_no_english_words_outside_quotations(
    case: tuple[JudgeCase, Client], rules: None
) -> None:
    judge_case, client = case
    _upload(client, judge_case, C42)
    client.cookies["django_language"] = "ja"
    body = client.get(
        f"/judging/cases/{judge_case.pk}/", HTTP_ACCEPT_LANGUAGE="ja"
    ).content.decode()
    assert "結論" in body
    assert "矛盾" in body
    assert "時間帯は昼だった（メダルは12の位置にあった）" in body
    assert "基本ルール（日本語）： クロノスメダル" in body
    main = body[body.index("<main") :]
    # Outside English quotations (lang="en"), card names, rule numbers and the digest: no
    # English word of ours (CONTRADICTED, None, Turn, HP is a game word).
    text = re.sub(r'<p lang="en">.*?</p>', "", main, flags=re.S)
    text = re.sub(r"<[^>]+>", " ", text)
    for word in ("CONTRADICTED", "CONSISTENT", "None", "Turn ", "Claim", "battle zone", "night"):
        assert word not in text, word


def test_claims_in_plain_words_make_a_new_ruling(
    case: tuple[JudgeCase, Client], rules: None
) -> None:
    judge_case, client = case
    record = json.loads(C42.read_text(encoding="utf-8"))["record"]
    del record["claims"]
    judge = judge_case.opened_by
    assert judge is not None
    ruling_compute(case_id=judge_case.pk, by=judge, record=record)
    form = {
        "kind": "claims",
        "c0-turn": 3, "c0-step": "", "c0-what": "time", "c0-answer": "day",
        "c1-turn": 3, "c1-step": "", "c1-what": "time", "c1-answer": "night",
    }  # fmt: skip
    assert client.post(f"/judging/cases/{judge_case.pk}/", form).status_code == 302
    newest = Ruling.objects.filter(case=judge_case).first()
    assert newest is not None
    assert [c["path"] for c in newest.record["claims"]] == ["chronos.time", "chronos.time"]
    body = client.get(f"/judging/cases/{judge_case.pk}/").content.decode()
    assert "Ann is right: the time of day was DAY (the medal was on mark 12)" in body
    bad = dict(form, **{"c0-answer": ""})
    assert client.post(f"/judging/cases/{judge_case.pk}/", bad).status_code == 400


def test_record_print_pdf_and_the_players_link(case: tuple[JudgeCase, Client], rules: None) -> None:
    judge_case, client = case
    _upload(client, judge_case, C42)
    client.post(f"/judging/cases/{judge_case.pk}/", {"kind": "notes", "notes-notes": "Bo was rude"})
    page = client.get(f"/judging/cases/{judge_case.pk}/")
    share = page.context["share_url"]
    record = client.get(f"/judging/cases/{judge_case.pk}/record/")
    assert json.loads(record.content)["claims"][0]["path"] == "chronos.time"
    pdf = client.get(f"/judging/cases/{judge_case.pk}/ruling.pdf")
    assert pdf["Content-Type"] == "application/pdf"
    assert pdf.content.startswith(b"%PDF")
    printed = client.get(f"/judging/cases/{judge_case.pk}/print/").content.decode()
    assert "Bo was rude" in printed
    assert "sha256" in printed
    players = Client().get(share)
    assert players.status_code == 200
    assert "Bo is wrong" in players.content.decode()
    assert "Bo was rude" not in players.content.decode()
    assert Client().get(share[:-4] + "xyz/").status_code == 404


def test_the_ruling_page_reads_a_pinned_number_of_queries(
    case: tuple[JudgeCase, Client], rules: None, django_assert_num_queries: Any
) -> None:
    judge_case, client = case
    _upload(client, judge_case, C42)
    client.get(f"/judging/cases/{judge_case.pk}/")
    # Session, user; the route guard (case's event, role, registration); the case, its event and
    # the judge's role; the rulings; the card pool for the claim form; the rules documents and
    # their clauses; the unread notifications of the header: 13, however many turns and claims.
    with django_assert_num_queries(13):
        client.get(f"/judging/cases/{judge_case.pk}/")


def test_the_japanese_page_of_illegal_input_has_no_english_words(
    case: tuple[JudgeCase, Client], rules: None, tmp_path: Path
) -> None:
    """Ann sets X, a card in Bo's hand and not in hers (5.2.1): the message is Japanese too."""
    judge_case, client = case
    golden = json.loads(C42.read_text(encoding="utf-8"))
    record = golden["record"]
    for index, card in enumerate(record["cards"]):
        card["name_ja"] = f"札{index}"
    record["turns"][0]["set"][0]["A"] = "Z_X"
    path = tmp_path / "not_in_hand.json"
    path.write_text(json.dumps(golden, ensure_ascii=False), encoding="utf-8")
    client.cookies["django_language"] = "ja"
    assert _upload(client, judge_case, path).status_code == 302
    body = client.get(
        f"/judging/cases/{judge_case.pk}/", HTTP_ACCEPT_LANGUAGE="ja"
    ).content.decode()
    x = f"札{[c['id'] for c in record['cards']].index('Z_X')}"
    assert f"Annの手札に{x}はない" in body
    main = body[body.index("<main") :]
    main = main[: main.index("</main>")]
    text = re.sub(r'<p lang="en">.*?</p>', "", main, flags=re.S)
    text = re.sub(r"<(script|style)[^>]*>.*?</\1>", " ", text, flags=re.S)
    text = re.sub(r"<[^>]+>", " ", text)
    text = re.sub(r"sha256 [0-9a-f…]+|https?://\S+", " ", text)
    text = text.replace(judge_case.event.name, " ")  # the organiser's words
    for keep in ("Ann", "Bo", "HP", "PDF", "JSON", "ZUTOMAYO CARD", "Z_X", "Z_V", "Z_W", "Z_Y"):
        text = text.replace(keep, " ")
    assert re.findall(r"[A-Za-z]{2,}", text) == [], re.findall(r".{20}[A-Za-z]{2,}.{20}", text)
