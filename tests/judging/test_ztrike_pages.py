"""The judge pages for a ZTRIKE event, as a judge uses them: open a case, upload a ``ztrike-game/1``
record, read the ruling answer first (who won and why, the rule's quoted sentence), the board
after each round; the cards come from the database (the invented demo set). Expected values are
worked out from the rules text (Red > Green; 20 Victory Points win), not copied from a run."""

from __future__ import annotations

import json
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.core.management import call_command
from django.test import Client

from cardpool.importers import records_from_text
from cardpool.services import card_import
from judging.models import JudgeCase, Ruling
from judging.services import judge_case_open
from tournaments.services import event_role_grant

pytestmark = pytest.mark.django_db
REPO = Path(__file__).resolve().parents[2]
DEMO = REPO / "cardpool" / "demo" / "ztrike-demo-cards.json"
FILL = "ZD-N0"  # Paper Crane: Generic, power 0, 1 VP


def deck(*top: str) -> list[str]:
    return [*top, *[FILL] * (36 - len(top))]


def ztrike_record(rounds: list[list[str]], p0: list[str], p1: list[str], **extra: Any) -> str:
    return json.dumps({
        "format": "ztrike-game/1",
        "players": [{"name": "Aki", "deck": p0}, {"name": "Ben", "deck": p1}],
        "main_player": 0,
        "rounds": [{"play": r} for r in rounds],
        **extra,
    })  # fmt: skip


@pytest.fixture
def ztrike_cards() -> None:
    records = records_from_text(DEMO.read_text(encoding="utf-8"), filename=DEMO.name)
    card_import(game_slug="ztrike", records=records, source=DEMO.name, is_demo=True)


@pytest.fixture
def ztrike_rules(shared_dir: Path) -> None:
    call_command("import_rules", "--game", "ztrike", "--version", "1", "--document",
                 "official-rules", str(shared_dir / "rules" / "ztrike-official-rules.en.txt"),
                 stdout=StringIO())  # fmt: skip


@pytest.fixture
def people(make_user: Any, make_event: Any) -> dict[str, Any]:
    organiser, judge, player = make_user("zo"), make_user("zj"), make_user("zp")
    event = make_event(organiser=organiser, game_slug="ztrike", name="ZTRIKE Test Meetup")
    event_role_grant(event=event, user=judge, role="judge", granted_by=organiser)
    return {"organiser": organiser, "judge": judge, "player": player, "event": event}


def _client(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def _open(people: dict[str, Any]) -> JudgeCase:
    return judge_case_open(event_id=people["event"].pk, by=people["judge"], title="Who won R1?")


def test_a_judge_opens_a_ztrike_case_from_the_case_list(
    people: dict[str, Any], ztrike_cards: None
) -> None:
    client = _client(people["judge"])
    event = people["event"]
    response = client.post(f"/judging/events/{event.pk}/cases/", {"title": "Round 3 dispute"})
    assert response.status_code == 302
    case = JudgeCase.objects.get(event=event, title="Round 3 dispute")
    page = client.get(f"/judging/cases/{case.pk}/").content.decode()
    assert "or upload a game record (JSON)" in page
    assert "Enter the disputed round by card names" in page  # the round entry by card name
    assert client.get(f"/judging/cases/{case.pk}/turn/").status_code == 200


def test_upload_replays_with_the_database_cards_and_answers_first(
    people: dict[str, Any], ztrike_cards: None, ztrike_rules: None
) -> None:
    case = _open(people)
    client = _client(people["judge"])
    # Round 1: Ember Fox (Red 5, 2 VP) against Moss Golem (Green 5): Red > Green, Aki wins by
    # colour weakness ("red defeats green"); no card data in the record: the database's.
    record = ztrike_record([["ZD-R5", "ZD-G5"]], deck("ZD-R5"), deck("ZD-G5"))
    response = client.post(f"/judging/cases/{case.pk}/", {"kind": "upload",
                           "upload-record": record})  # fmt: skip
    assert response.status_code == 302
    ruling = Ruling.objects.get(case=case)
    assert ruling.output["en"]["format"] == "ztrike-replay/1"
    body = client.get(f"/judging/cases/{case.pk}/").content.decode()
    assert body.index("The answer") < body.index("The board after each round")
    assert body.index("The board after each round") < body.index("Step by step")
    assert (
        "Round 1: Aki wins the round by colour weakness (Red against Green, power 5 to 5)" in body
    )
    assert (
        "“The Color weaknesses is red defeats green, green defeats blue, and blue defeats red.”"
        in body
    )
    assert "After round 1 the game goes on: 2 to 0 Victory Points." in body
    assert "Ember Fox" in body  # the Victory Zone by card name
    assert "ZD-R5" not in body.split("Step by step")[0]


def test_the_japanese_ztrike_ruling_page(
    people: dict[str, Any], ztrike_cards: None, ztrike_rules: None
) -> None:
    case = _open(people)
    client = _client(people["judge"])
    record = ztrike_record([["ZD-R5", "ZD-G5"]], deck("ZD-R5"), deck("ZD-G5"))
    client.post(f"/judging/cases/{case.pk}/", {"kind": "upload", "upload-record": record})
    client.cookies["django_language"] = "ja"
    body = client.get(f"/judging/cases/{case.pk}/", HTTP_ACCEPT_LANGUAGE="ja").content.decode()
    assert "1ラウンド目：色の弱点でAkiの勝ち（赤対緑、パワー5対5）。" in body
    assert "各ラウンド後の盤面" in body
    assert "ビクトリーゾーン" in body
    assert "基本ルール" not in body  # ZTRIKE has no Japanese basic rules to point to


def test_twenty_victory_points_win_the_game_on_the_page(
    people: dict[str, Any], ztrike_cards: None, ztrike_rules: None
) -> None:
    case = _open(people)
    client = _client(people["judge"])
    # Two Star Whales (10 VP each) win two rounds: 20 Victory Points, "The first player to win
    # 20 Victory Points wins the game."
    record = ztrike_record([["ZD-N10", FILL], ["ZD-N10", FILL]], deck("ZD-N10", "ZD-N10"), deck())
    client.post(f"/judging/cases/{case.pk}/", {"kind": "upload", "upload-record": record})
    body = client.get(f"/judging/cases/{case.pk}/").content.decode()
    assert "Aki wins the game in round 2: 20 Victory Points (20 to 0)." in body
    assert "“The first player to win 20 Victory Points wins the game.”" in body


def test_a_zutomayo_record_on_a_ztrike_event_is_a_400_naming_the_format(
    people: dict[str, Any], ztrike_cards: None
) -> None:
    case = _open(people)
    client = _client(people["judge"])
    response = client.post(f"/judging/cases/{case.pk}/", {"kind": "upload",
                           "upload-record": json.dumps({"format": "zutomayo-game/1"})})  # fmt: skip
    assert response.status_code == 400
    assert "ztrike-game/1" in response.content.decode()
    assert not Ruling.objects.filter(case=case).exists()


def test_an_illegal_play_is_answered_first_with_its_rule(
    people: dict[str, Any], ztrike_cards: None, ztrike_rules: None
) -> None:
    case = _open(people)
    client = _client(people["judge"])
    record = ztrike_record([["ZD-R5", FILL]], deck(), deck())  # Ember Fox is not in the hand
    client.post(f"/judging/cases/{case.pk}/", {"kind": "upload", "upload-record": record})
    body = client.get(f"/judging/cases/{case.pk}/").content.decode()
    assert "Round 1: the record breaks" in body
    assert "rounds[0].play[0]" in body


@pytest.mark.parametrize("role", ["organiser", "player", "anonymous"])
def test_who_may_see_a_ztrike_case(people: dict[str, Any], role: str) -> None:
    case = _open(people)
    client = Client() if role == "anonymous" else _client(people[role])
    status = client.get(f"/judging/cases/{case.pk}/").status_code
    expected = {"organiser": 200, "player": 403, "anonymous": 302}[role]
    assert status == expected


def test_the_ztrike_deck_check_reads_the_database_cards(ztrike_cards: None) -> None:
    """The decklist check of a ZTRIKE event reads the cards ``import_cards --game ztrike`` (here
    the invented demo set) stored: 36 cards, up to 2 copies of a Card ID, 1 ZTRIKE card."""
    from cardpool.services import decklist_check

    legal = "\n".join(f"2 {cid}" for cid in (
        "ZD-R5", "ZD-R3", "ZD-G5", "ZD-G7", "ZD-B5", "ZD-B2", "ZD-N0", "ZD-N3", "ZD-N5",
        "ZD-N9", "ZD-N10", "ZD-NB", "ZD-NM", "ZD-NP", "ZD-RC", "ZD-GW", "ZD-RL", "ZD-NL",
    ))  # fmt: skip
    report = decklist_check(game="ztrike", data=legal)
    assert [i.code for i in report.issues if i.severity.value == "error"] == []
    two_comets = legal.replace("2 ZD-NL", "2 ZD-Z8")
    codes = [i.code for i in decklist_check(game="ztrike", data=two_comets).issues]
    assert "ztrike_card_count" in codes  # "can only have 1 copy of this card in your deck"


def test_load_demo_imports_the_invented_ztrike_set(shared_dir: Path) -> None:
    from cardpool.models import Card

    call_command("load_demo", stdout=StringIO())
    assert (
        Card.objects.filter(game__slug="ztrike", code="ZD-Z8").exists()
        or (shared_dir / "data" / "ztrike" / "cards.json").exists()
    )


def test_claims_about_a_round_in_plain_words(
    people: dict[str, Any], ztrike_cards: None, ztrike_rules: None
) -> None:
    case = _open(people)
    client = _client(people["judge"])
    record = ztrike_record([["ZD-R5", "ZD-G5"]], deck("ZD-R5"), deck("ZD-G5"))
    client.post(f"/judging/cases/{case.pk}/", {"kind": "upload", "upload-record": record})
    page = client.get(f"/judging/cases/{case.pk}/").content.decode()
    assert "who won the round" in page
    # Aki says she won round 1, Ben says he did: Red > Green, Aki is right (ztr.victor#s4).
    response = client.post(f"/judging/cases/{case.pk}/", {
        "kind": "claims", "c0-round": "1", "c0-what": "winner", "c0-answer": "0",
        "c1-round": "1", "c1-what": "winner", "c1-answer": "1",
    })  # fmt: skip
    assert response.status_code == 302
    body = client.get(f"/judging/cases/{case.pk}/").content.decode()
    assert (
        "Aki is right: the round&#x27;s winner was Aki in round 1, rule ZTRIKE › Determining a "
        "Round Victor, sentence 4." in body
    )
    assert Ruling.objects.filter(case=case).count() == 2  # the first ruling stays
    # Ben says he has 3 Victory Points after round 1: he has 0 (his card was discarded).
    response = client.post(f"/judging/cases/{case.pk}/", {
        "kind": "claims", "c1-round": "1", "c1-what": "victory_points[1]", "c1-number": "3",
    })  # fmt: skip
    assert response.status_code == 302
    body = client.get(f"/judging/cases/{case.pk}/").content.decode()
    assert "Ben is wrong: Ben&#x27;s Victory Points was 0 in round 1" in body


def test_a_claim_without_its_answer_is_a_400(people: dict[str, Any], ztrike_cards: None) -> None:
    case = _open(people)
    client = _client(people["judge"])
    record = ztrike_record([["ZD-R5", "ZD-G5"]], deck("ZD-R5"), deck("ZD-G5"))
    client.post(f"/judging/cases/{case.pk}/", {"kind": "upload", "upload-record": record})
    response = client.post(f"/judging/cases/{case.pk}/", {
        "kind": "claims", "c0-round": "1", "c0-what": "winner",
    })  # fmt: skip
    assert response.status_code == 400
    assert "choose who won, or a tie" in response.content.decode()
