"""Results from the player's side: "I won / I lost / Draw" and "my wins – my opponent's wins"
(never seat order); the player who must confirm sees the opponent's report with "Confirm" and
"Dispute"; a dispute says a judge will decide; a concession counts at once. In English and
Japanese, and in the API (``you`` and ``must_confirm`` beside ``wins_a``/``wins_b``)."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from rest_framework.test import APIClient

from tests.tournaments.conftest import TournamentKit
from tournaments.models import Match, ResultReport, Round
from tournaments.services import result_report, round_complete, round_start

pytestmark = pytest.mark.django_db


@pytest.fixture
def match(kit: TournamentKit) -> Match:
    """Round 1 of a best-of-three event, started: table 1."""
    event = kit.event(best_of=3)
    kit.players(event, 2)
    round_obj = kit.pair(event)
    round_start(round_id=round_obj.pk, by=kit.organiser)
    return kit.matches(round_obj)[0]


def _client(user: Any, language: str = "en") -> Client:
    client = Client(headers={"accept-language": language})
    client.force_login(user)
    return client


def _url(match: Match) -> str:
    return f"/events/matches/{match.pk}/"


def _table(match: Match) -> str:
    return f"/events/{match.round.event_id}/me/"


def test_seat_b_reports_their_own_win_from_their_side(kit: TournamentKit, match: Match) -> None:
    """The player in the second seat says "I won 2–1": the stored result is seat b's win."""
    form = {"outcome": "won", "my_wins": 2, "their_wins": 1, "draws": 0}
    assert _client(kit.user_b(match)).post(_url(match), form).status_code == 302
    report = ResultReport.objects.get(match=match)
    assert (report.wins_a, report.wins_b) == (1, 2)


def test_the_form_asks_from_the_players_side(kit: TournamentKit, match: Match) -> None:
    page = _client(kit.user_b(match)).get(_url(match)).content.decode()
    for words in ("I won", "I lost", "My wins", "My opponent"):
        assert words in page, words
    assert 'name="wins_a"' not in page
    assert "Games won by" not in page
    japanese = _client(kit.user_b(match), "ja").get(_url(match)).content.decode()
    for words in ("勝った", "負けた", "自分の勝ち数", "相手の勝ち数"):
        assert words in japanese, words
    assert "I won" not in japanese


def test_an_outcome_the_games_contradict_is_refused(kit: TournamentKit, match: Match) -> None:
    form = {"outcome": "won", "my_wins": 0, "their_wins": 2, "draws": 0}
    assert _client(kit.user_a(match)).post(_url(match), form).status_code == 400
    assert not ResultReport.objects.filter(match=match).exists()


@pytest.mark.parametrize("language", ["en", "ja"])
def test_the_player_who_must_confirm_sees_confirm_and_dispute(
    kit: TournamentKit, match: Match, language: str
) -> None:
    result_report(match_id=match.pk, user=kit.user_a(match), wins_a=2, wins_b=0)
    confirmer = _client(kit.user_b(match), language)
    for page in (confirmer.get(_table(match)), confirmer.get(_url(match))):
        html = page.content.decode()
        if language == "en":
            assert "You lost 0–2" in html  # the opponent's report, read from b's side
            assert "Confirm" in html
            assert "Dispute" in html
            assert "waiting for the opponent" not in html.lower()
            assert "Report the result" not in html
        else:
            assert "あなたの負け 0–2" in html
            assert "確定する" in html
            assert "異議を申し立てる" in html
            assert "対戦相手の確認待ち" not in html
            assert "結果を報告" not in html
    reporter = _client(kit.user_a(match), language).get(_table(match)).content.decode()
    assert ("waiting for your opponent" if language == "en" else "相手が確定するのを待って") in (
        reporter
    )


def test_confirm_on_the_page_confirms(kit: TournamentKit, match: Match) -> None:
    result_report(match_id=match.pk, user=kit.user_a(match), wins_a=2, wins_b=1)
    response = _client(kit.user_b(match)).post(_url(match), {"action": "confirm"})
    assert response.status_code == 302
    assert ResultReport.objects.get(match=match, status="confirmed").wins_a == 2


@pytest.mark.parametrize("language", ["en", "ja"])
def test_a_dispute_says_a_judge_will_decide(
    kit: TournamentKit, match: Match, language: str
) -> None:
    result_report(match_id=match.pk, user=kit.user_a(match), wins_a=2, wins_b=0)
    client = _client(kit.user_b(match), language)
    form_page = client.get(_url(match) + "?dispute=1").content.decode()
    assert 'name="outcome"' in form_page
    answer = client.post(
        _url(match), {"outcome": "won", "my_wins": 2, "their_wins": 1, "draws": 0}, follow=True
    )
    assert ResultReport.objects.filter(match=match, status="disputed").count() == 2
    table = client.get(_table(match)).content.decode()
    for html in (answer.content.decode(), table):
        assert ("a judge will decide" if language == "en" else "ジャッジが判断します") in html
        assert "wait" not in html.lower() or language == "ja"
        assert "待って" not in html


def test_a_concession_counts_at_once_and_the_round_can_complete(
    kit: TournamentKit, match: Match
) -> None:
    client = _client(kit.user_a(match))
    answer = client.post(_url(match), {"action": "concede", "confirm": "yes"}, follow=True)
    assert "counts at once" in answer.content.decode()
    report = ResultReport.objects.get(match=match)
    assert (report.status, report.conceded_by, report.wins_a, report.wins_b) == (
        "confirmed",
        "a",
        0,
        2,
    )
    winner_page = _client(kit.user_b(match)).get(_table(match)).content.decode()
    assert "You won 2–0" in winner_page
    assert "your opponent conceded" in winner_page
    completed = round_complete(round_id=match.round_id, by=kit.organiser)
    assert completed.status == Round.Status.COMPLETE


def test_a_concession_after_the_opponents_report_still_counts(
    kit: TournamentKit, match: Match
) -> None:
    result_report(match_id=match.pk, user=kit.user_b(match), wins_a=2, wins_b=0)
    result_report(match_id=match.pk, user=kit.user_a(match), wins_a=0, wins_b=0, concede=True)
    confirmed = ResultReport.objects.get(match=match, status="confirmed")
    assert (confirmed.wins_a, confirmed.wins_b, confirmed.conceded_by) == (0, 2, "a")
    assert not ResultReport.objects.filter(match=match, status="pending").exists()


def test_the_api_says_who_you_are_and_whether_you_must_confirm(
    kit: TournamentKit, match: Match
) -> None:
    event_url = f"/api/v1/events/{match.round.event_id}"
    a, b = APIClient(), APIClient()
    a.force_authenticate(kit.user_a(match))
    b.force_authenticate(kit.user_b(match))
    reported = a.post(
        f"{event_url}/matches/{match.pk}/report/", {"wins_a": 2, "wins_b": 1}, format="json"
    )
    assert reported.status_code == 201
    body = reported.json()
    assert (body["wins_a"], body["wins_b"], body["you"], body["must_confirm"]) == (2, 1, "a", False)
    mine_b = b.get(f"{event_url}/rounds/1/my-match/").json()
    assert (mine_b["you"], mine_b["must_confirm"]) == ("b", True)
    mine_a = a.get(f"{event_url}/rounds/1/my-match/").json()
    assert (mine_a["you"], mine_a["must_confirm"]) == ("a", False)
    confirmed = b.post(f"{event_url}/matches/{match.pk}/confirm/", format="json").json()
    assert (confirmed["status"], confirmed["you"], confirmed["wins_b"]) == ("confirmed", "b", 1)
