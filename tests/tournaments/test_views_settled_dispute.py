"""A disputed match as the judge settles it, seen by the judge, the players and in Japanese.

Found by walking the judge's side in a browser: the reports did not say which player reported
which score, and the player's table still offered "Report the result" with no result after a
judge had entered it.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from tournaments.models import Match
from tournaments.services import result_enter_by_judge, result_report

from .conftest import TournamentKit

pytestmark = pytest.mark.django_db


def _client(user: Any, lang: str = "en") -> Client:
    client = Client(HTTP_ACCEPT_LANGUAGE=lang)
    client.force_login(user)
    return client


@pytest.fixture
def disputed(kit: TournamentKit) -> Match:
    """Round 1 of a two-player event: Ann says she won 1–0, Bo says he won 0–1."""
    event = kit.event(name="Dispute Cup")
    registrations = [kit.register(event, "Ann Aoki"), kit.register(event, "Bo Baba")]
    match = kit.matches(kit.pair(event))[0]
    assert match.player_b is not None
    names = {match.player_a.display_name, match.player_b.display_name}
    assert names == {r.display_name for r in registrations}
    result_report(match_id=match.pk, user=kit.user_a(match), wins_a=1, wins_b=0)
    result_report(match_id=match.pk, user=kit.user_b(match), wins_a=0, wins_b=1)
    return match


def test_the_reports_name_the_player_who_made_each(kit: TournamentKit, disputed: Match) -> None:
    a, b = disputed.player_a.display_name, disputed.player_b.display_name  # type: ignore[union-attr]
    judge = _client(kit.judge)
    page = judge.get(f"/events/matches/{disputed.pk}/").content.decode()
    assert f"<td>{a}</td><td>1–0–0</td>" in page
    assert f"<td>{b}</td><td>0–1–0</td>" in page
    desk = judge.get(f"/events/{disputed.round.event_id}/judge/").content.decode()
    assert f"{a}: 1–0–0 (Disputed)" in desk
    assert f"{b}: 0–1–0 (Disputed)" in desk
    result_enter_by_judge(match_id=disputed.pk, judge=kit.judge, wins_a=1, wins_b=0, reason="r")
    after = judge.get(f"/events/matches/{disputed.pk}/").content.decode()
    # the judge by name (the username: this judge set no display or full name)
    assert "<td>Judge · judge</td><td>1–0–0</td><td>Confirmed</td>" in after


def test_the_players_table_shows_the_judges_result(kit: TournamentKit, disputed: Match) -> None:
    a, b = disputed.player_a.display_name, disputed.player_b.display_name  # type: ignore[union-attr]
    url = f"/events/{disputed.round.event_id}/me/"
    player = _client(kit.user_a(disputed))
    before = player.get(url).content.decode()
    assert "a judge will decide" in before
    assert "wait" not in before  # nobody waits for the opponent: the judge decides
    result_enter_by_judge(match_id=disputed.pk, judge=kit.judge, wins_a=1, wins_b=0, reason="r")
    for user, said in (
        (kit.user_a(disputed), "You won 1–0"),
        (kit.user_b(disputed), "You lost 0–1"),
    ):
        page = _client(user).get(url).content.decode()
        assert f"Result: <strong>{said}</strong>" in page
        assert "entered by a judge" in page
        assert "Report the result" not in page
        assert "See the result" in page
    assert f"{a} 1–0 {b}" not in page  # never in seat order on a player's own page
    japanese = _client(kit.user_b(disputed), "ja").get(url).content.decode()
    assert "結果: <strong>あなたの負け 0–1</strong>" in japanese
    assert "ジャッジが入力" in japanese
    assert "結果を見る" in japanese


def test_the_case_of_a_match_links_to_its_result_page(kit: TournamentKit, disputed: Match) -> None:
    """After filing the ruling the judge enters the result: the case page links to the match."""
    from judging.services import judge_case_open

    case = judge_case_open(event_id=disputed.round.event_id, by=kit.judge, title="Attack?",
                           match_id=disputed.pk)  # fmt: skip
    page = _client(kit.judge).get(f"/judging/cases/{case.pk}/").content.decode()
    assert f'<a href="/events/matches/{disputed.pk}/">table {disputed.table}</a>' in page


def test_the_match_page_says_the_result_a_judge_entered(
    kit: TournamentKit, disputed: Match
) -> None:
    a, b = disputed.player_a.display_name, disputed.player_b.display_name  # type: ignore[union-attr]
    url = f"/events/matches/{disputed.pk}/"
    assert "Result: " not in _client(kit.user_a(disputed)).get(url).content.decode()
    result_enter_by_judge(match_id=disputed.pk, judge=kit.judge, wins_a=0, wins_b=1, reason="r")
    judge_page = _client(kit.judge).get(url).content.decode()
    assert f"<strong>Result: {a} 0–1 {b}</strong> · entered by a judge" in judge_page
    for user, said in (
        (kit.user_a(disputed), "You lost 0–1"),
        (kit.user_b(disputed), "You won 1–0"),
    ):
        page = _client(user).get(url).content.decode()
        assert f"Result: <strong>{said}</strong>" in page
        assert "entered by a judge" in page
    japanese = _client(kit.user_a(disputed), "ja").get(url).content.decode()
    assert "結果: <strong>あなたの負け 0–1</strong>" in japanese
    assert "ジャッジが入力" in japanese


def test_the_reports_table_speaks_japanese(kit: TournamentKit, disputed: Match) -> None:
    """The versions' column was headed "v", and an intentional draw read " ID", on the Japanese
    page too (found walking the judge's side)."""
    result_report(match_id=disputed.pk, user=kit.user_a(disputed), wins_a=0, wins_b=0, draws=1,
                  intentional_draw=True)  # fmt: skip
    page = _client(kit.judge, "ja").get(f"/events/matches/{disputed.pk}/").content.decode()
    assert "<th>版</th>" in page
    assert "<th>v</th>" not in page
    assert "0–0–1 · 合意の引き分け（ID）" in page
