"""A fourth game, invented for this test (``tests/toygame``), gets the judge pages by registering
its engine plug-in and its ``judging.games``-style module, with no file outside ``tests/``
changed for it: a judge enters the game, adds the players' claims, reads the answer, saves the
PDF and shares the link; the result desk decides its tiebreak through the same registration."""

from __future__ import annotations

import random
from collections.abc import Iterator
from typing import Any

import pytest
from django.test import Client

from cardpool.models import Game
from judging import games
from judging.engine import registry
from judging.models import Ruling
from judging.services import judge_case_open
from judging.tiebreaks import tiebreak_register
from tests.judging.test_stored_rulings import _pdf_text
from tests.toygame.engine import PLUGIN
from tests.toygame.pages import JUDGE_GAME
from tournaments.models import Event
from tournaments.procedures import end_of_round
from tournaments.services import event_role_grant

pytestmark = pytest.mark.django_db


@pytest.fixture
def toygame() -> Iterator[None]:
    """Toy Game registered on both sides (engine and judge pages) and its tiebreak with the
    result desk, as ``judging.apps`` does for a game of the project; all removed after."""
    registry.register(PLUGIN)
    games.register(JUDGE_GAME)
    tiebreak_register(PLUGIN)
    try:
        yield
    finally:
        end_of_round._TIEBREAKS.pop(PLUGIN.slug, None)
        games.unregister(PLUGIN.slug)
        registry.unregister(PLUGIN.slug)


@pytest.fixture
def toy_case(toygame: None, make_user: Any, make_event: Any) -> tuple[Any, Client]:
    organiser, judge = make_user("to"), make_user("tj")
    event = make_event(organiser=organiser, name="Toy Open")
    # The cardpool has no Toy Game: the test adds its row and plays the event in it.
    toy = Game.objects.create(slug=PLUGIN.slug, name=PLUGIN.title)
    Event.objects.filter(pk=event.pk).update(game=toy)
    event_role_grant(event=event, user=judge, role="judge", granted_by=organiser)
    client = Client()
    client.force_login(judge)
    return judge_case_open(event_id=event.pk, by=judge, title="Who won the toy game?"), client


def test_a_judge_enters_a_toy_game_claims_reads_the_answer_prints_and_shares(
    toy_case: tuple[Any, Client],
) -> None:
    case, client = toy_case
    page = client.get(f"/judging/cases/{case.pk}/").content.decode()
    assert "Enter the rolls" in page  # the game's entry button
    entry = f"/judging/cases/{case.pk}/turn/"
    assert client.get(entry).status_code == 200
    bad = client.post(entry, {"first": "Ann", "second": "Bo", "rolls": "3"})
    assert bad.status_code == 400
    response = client.post(entry, {"first": "Ann", "second": "Bo", "rolls": "3 5; 6 1"})
    assert response.status_code == 302
    body = client.get(f"/judging/cases/{case.pk}/").content.decode()
    assert "Ann wins the game: 9 to 6." in body
    assert "Toy rule 3" in body
    assert "“After the last round the higher score wins; equal scores draw.”" in body
    assert "toy-board" in body
    assert "The score after each round" in body
    assert "Ann&#x27;s score" in body  # the toy's claim form
    # Ann says Bo had 5 after round 2; Bo says 6.
    response = client.post(f"/judging/cases/{case.pk}/", {
        "kind": "claims", "c0-round": "2", "c0-what": "players[1].score", "c0-number": "5",
        "c1-round": "2", "c1-what": "players[1].score", "c1-number": "6",
    })  # fmt: skip
    assert response.status_code == 302
    body = client.get(f"/judging/cases/{case.pk}/").content.decode()
    assert "Ann is wrong: Bo&#x27;s score was 6 after round 2." in body
    assert "Bo is right: Bo&#x27;s score was 6 after round 2." in body
    ruling = Ruling.objects.filter(case=case).latest("pk")
    assert ruling.output["en"]["format"] == "toy-replay/1"
    pdf = client.get(f"/judging/cases/{case.pk}/ruling.pdf?ruling={ruling.pk}")
    assert pdf["Content-Type"] == "application/pdf"
    text = _pdf_text(pdf.content)
    assert "Bo is right" in text
    assert "The score after each round" in text
    shared = Client().get(client.get(f"/judging/cases/{case.pk}/").context["share_url"])
    assert shared.status_code == 200
    assert "Bo is right" in shared.content.decode()
    client.cookies["django_language"] = "ja"
    ja = client.get(f"/judging/cases/{case.pk}/", HTTP_ACCEPT_LANGUAGE="ja").content.decode()
    assert "Boが正しい：2ラウンド目の後、Boのスコアは6だった。" in ja


def test_a_toy_record_that_breaks_a_rule_is_answered_with_the_rule(
    toy_case: tuple[Any, Client],
) -> None:
    case, client = toy_case
    record = (
        '{"format": "toy-game/1", "players": [{"name": "A"}, {"name": "B"}], "rounds": [[7, 1]]}'
    )
    response = client.post(
        f"/judging/cases/{case.pk}/", {"kind": "upload", "upload-record": record}
    )
    assert response.status_code == 302
    body = client.get(f"/judging/cases/{case.pk}/").content.decode()
    assert "The record breaks a rule in round 1." in body
    assert "Toy rule 1" in body


def test_a_record_of_another_game_on_a_toy_event_is_a_400(toy_case: tuple[Any, Client]) -> None:
    case, client = toy_case
    record = '{"format": "ztrike-game/1", "players": [], "rounds": []}'
    response = client.post(
        f"/judging/cases/{case.pk}/", {"kind": "upload", "upload-record": record}
    )
    assert response.status_code == 400
    assert "toy-game/1" in response.content.decode()


def test_the_result_desk_decides_a_toy_tiebreak_through_the_registry(toy_case: Any) -> None:
    case, _client = toy_case
    decision = end_of_round.decide_tiebreak(
        event=case.event, values={"a": {"score": 4}, "b": {"score": 9}}
    )
    assert decision.winner == "b"
    assert decision.en == "{b} wins on score (4 to 9)."
    assert decision.ja == "スコアで{b}の勝ちです（4対9）。"
    with pytest.raises(Exception, match="whole number") as bad:
        end_of_round.decide_tiebreak(event=case.event, values={"a": {"score": "x"}, "b": {}})
    assert getattr(bad.value, "field", None) == "overtime.a.score"


def test_the_toy_plugin_replays_its_random_games() -> None:
    for seed in range(20):
        report = PLUGIN.replay(PLUGIN.random_game(random.Random(seed)), cards=None, lang="en")
        assert report.illegal_input is None
        result = report.to_json()["result"]
        assert isinstance(result, dict)
        assert result["outcome"] in ("win", "draw")
