"""The judge pages for an Azuki TCG event, as a judge uses them: open a case, upload an
``azuki-game/1`` record, read the ruling answer first (who won, why it goes to the head judge,
or the illegal input with its FAQ sentence), the board after each turn, the steps. The cards
come from the database (the shared pool ``import_cards --game azuki`` stores). Expected values
are worked out by hand from the FAQ ("Bring your opponent's leader to 0 health", Defender takes
the attack), not copied from a run."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from django.test import Client

from cardpool.importers import records_from_text
from cardpool.services import card_import
from judging.models import JudgeCase, Ruling
from judging.services import judge_case_open
from tournaments.services import event_role_grant

pytestmark = pytest.mark.django_db
REPO = Path(__file__).resolve().parents[2]
GOLDEN = REPO / "tests" / "judging" / "engine" / "golden_azuki"
INVENTED = REPO / "tests" / "judging" / "engine" / "azuki_invented_cards.json"


def golden(prefix: str) -> dict[str, Any]:
    path = next(GOLDEN.glob(f"{prefix}*.json"))
    record: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))["record"]
    return record


def with_invented_cards(record: dict[str, Any]) -> str:
    """A golden record played with the engine tests' invented cards (Stout Ox, Test Leader):
    they are not in the pool, so the record brings them in its own ``cards`` section."""
    cards = json.loads(INVENTED.read_text(encoding="utf-8"))
    return json.dumps({**record, "cards": cards})


@pytest.fixture
def azuki_cards(shared_dir: Path) -> None:
    pool = shared_dir / "data" / "azuki" / "cards.json"
    if not pool.exists():
        pytest.skip("the shared Azuki card data is not present")
    records = records_from_text(pool.read_text(encoding="utf-8"), filename=pool.name)
    card_import(game_slug="azuki", records=records, source=pool.name, is_demo=False)


@pytest.fixture
def people(make_user: Any, make_event: Any) -> dict[str, Any]:
    organiser, head, judge, player = (make_user(n) for n in ("ao", "ah", "aj", "ap"))
    event = make_event(organiser=organiser, game_slug="azuki", name="Azuki Test Open")
    event_role_grant(event=event, user=judge, role="judge", granted_by=organiser)
    event_role_grant(event=event, user=head, role="head_judge", granted_by=organiser)
    return {"organiser": organiser, "head_judge": head, "judge": judge, "player": player,
            "event": event}  # fmt: skip


def _client(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def _open(people: dict[str, Any]) -> JudgeCase:
    return judge_case_open(event_id=people["event"].pk, by=people["judge"], title="Who won?")


def _upload(client: Client, case: JudgeCase, record: str) -> Any:
    return client.post(f"/judging/cases/{case.pk}/", {"kind": "upload", "upload-record": record})


def test_real_cards_from_the_database_answer_first_then_the_board(
    people: dict[str, Any], azuki_cards: None
) -> None:
    case = _open(people)
    client = _client(people["judge"])
    page = client.get(f"/judging/cases/{case.pk}/").content.decode()
    assert "Upload a game record (JSON)" in page
    assert "Enter the disputed turn by card names" not in page  # turn_entry=False
    assert client.get(f"/judging/cases/{case.pk}/turn/").status_code == 404
    # Indra (Charge, 3 attack) attacks Ben's leader; Ben responds with Aquatic Veil and Penny
    # (Defender, 0 attack, 1 health) takes the attack and is destroyed: no leader is hurt.
    response = _upload(client, case, json.dumps(golden("53_")))  # no cards section
    assert response.status_code == 302
    ruling = Ruling.objects.get(case=case)
    assert ruling.output["en"]["format"] == "azuki-replay/1"
    body = client.get(f"/judging/cases/{case.pk}/").content.decode()
    assert body.index("The answer") < body.index("The board after each turn")
    assert body.index("The board after each turn") < body.index("Step by step")
    assert (
        "Nobody has won yet after turn 3: Aki&#x27;s leader has 20 health, Ben&#x27;s 20." in body
    )
    board = body.split("The board after each turn")[1].split("Step by step")[0]
    assert "Before play starts" in board
    assert "Turn 3 (Aki)" in board
    assert "Penny" in board  # Ben's Garden before play resumes, by card name
    assert "Indra" in board  # Aki's Garden after turn 3
    assert "STT01-010" not in board
    assert "AZK01-001" not in board
    assert "0 of 5 untapped" in board  # Aki paid 5 IKZ for Indra
    # the step's folded citations quote the FAQ
    assert (
        "“After responses, the defending player may tap an untapped Garden entity with Defender"
        in body
    )


def test_a_win_by_leader_health_quotes_the_faq(people: dict[str, Any], azuki_cards: None) -> None:
    case = _open(people)
    client = _client(people["judge"])
    # Ben's leader is at 2; Stout Ox (2 attack) attacks it: 0 health, Aki wins.
    assert _upload(client, case, with_invented_cards(golden("10_"))).status_code == 302
    body = client.get(f"/judging/cases/{case.pk}/").content.decode()
    assert "Aki wins the game in turn 3: Ben&#x27;s leader&#x27;s health reached 0." in body
    assert "“Bring your opponent’s leader to 0 health." in body
    assert "Stout Ox" in body


def test_both_leaders_at_zero_goes_to_the_head_judge(
    people: dict[str, Any], azuki_cards: None
) -> None:
    case = _open(people)
    client = _client(people["judge"])
    _upload(client, case, with_invented_cards(golden("11_")))
    body = client.get(f"/judging/cases/{case.pk}/").content.decode()
    assert (
        "The head judge decides (turn 3): both leaders&#x27; health reached 0 at the same time, "
        "and there are no draws." in body
    )
    assert "There are no draws.”" in body


def test_an_illegal_mulligan_is_answered_first_with_its_rule(
    people: dict[str, Any], azuki_cards: None
) -> None:
    case = _open(people)
    client = _client(people["judge"])
    _upload(client, case, with_invented_cards(golden("05_")))
    body = client.get(f"/judging/cases/{case.pk}/").content.decode()
    answer = body.split("The answer")[1].split("The board after each turn")[0]
    assert "The record breaks a rule at turn 0 (mulligans[0].cards)" in answer
    assert "You cannot keep some cards and swap others.”" in answer


def test_the_japanese_azuki_ruling_page(people: dict[str, Any], azuki_cards: None) -> None:
    case = _open(people)
    client = _client(people["judge"])
    _upload(client, case, with_invented_cards(golden("10_")))
    client.cookies["django_language"] = "ja"
    body = client.get(f"/judging/cases/{case.pk}/", HTTP_ACCEPT_LANGUAGE="ja").content.decode()
    assert "3ターン目にAkiの勝ち：Benのリーダーの体力が0になった。" in body
    assert "各ターン終了時の盤面" in body
    for japanese in ("リーダーの体力", "ガーデン", "アレイ"):
        assert japanese in body
    assert "基本ルール" not in body  # Azuki has no Japanese basic rules to point to
    # the FAQ's own sentences are quoted in English, marked lang="en"; nothing else is English
    ours = re.sub(r'<p lang="en">.*?</p>', "", body, flags=re.S)
    for english in ("The answer", "Before play starts", "Leader health", "untapped", "wins"):
        assert english not in ours


def test_a_record_of_another_game_is_a_400_naming_both_formats(
    people: dict[str, Any], azuki_cards: None
) -> None:
    case = _open(people)
    client = _client(people["judge"])
    response = _upload(client, case, json.dumps({"format": "ztrike-game/1"}))
    assert response.status_code == 400
    body = response.content.decode()
    assert "azuki-game/1" in body
    assert "ztrike-game/1" in body
    assert not Ruling.objects.filter(case=case).exists()


def test_claims_about_a_turn_in_plain_words(people: dict[str, Any], azuki_cards: None) -> None:
    case = _open(people)
    client = _client(people["judge"])
    _upload(client, case, json.dumps(golden("53_")))
    page = client.get(f"/judging/cases/{case.pk}/").content.decode()
    assert "Ben&#x27;s leader health" in page
    # Aki says Indra hit Ben's leader (17 left); Ben says Penny took the attack (still 20).
    response = client.post(f"/judging/cases/{case.pk}/", {
        "kind": "claims", "c0-turn": "3", "c0-what": "players[1].leader_health", "c0-number": "17",
        "c1-turn": "3", "c1-what": "players[1].leader_health", "c1-number": "20",
    })  # fmt: skip
    assert response.status_code == 302
    body = client.get(f"/judging/cases/{case.pk}/").content.decode()
    assert (
        "Ben is right: Ben&#x27;s leader health was 20 after turn 3, rule Azuki FAQ › Attacking "
        "› How is combat damage dealt?</p>" in body
    )
    assert Ruling.objects.filter(case=case).count() == 2  # the first ruling stays
    response = client.post(f"/judging/cases/{case.pk}/", {
        "kind": "claims", "c0-turn": "3", "c0-what": "players[1].leader_health",
    })  # fmt: skip
    assert response.status_code == 400


@pytest.mark.parametrize("role", ["organiser", "head_judge", "judge", "player", "anonymous"])
def test_who_may_see_an_azuki_case(people: dict[str, Any], role: str) -> None:
    case = _open(people)
    client = Client() if role == "anonymous" else _client(people[role])
    status = client.get(f"/judging/cases/{case.pk}/").status_code
    expected = {"organiser": 200, "head_judge": 200, "judge": 200, "player": 403,
                "anonymous": 302}[role]  # fmt: skip
    assert status == expected
