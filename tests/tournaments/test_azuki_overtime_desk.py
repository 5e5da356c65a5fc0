"""Azuki TCG overtime at the result desk: when overtime ends
with the game unfinished, the FAQ's tiebreakers decide it ("higher Leader health, then cards left
in deck, Garden entities, Alley entities, cards in hand, and finally the player who took damage
last wins", ``azk.op.overtime``). Players report the values and the opponent confirms them like
a result; judges enter them; the API takes them too. Expected winners come from that sentence."""

from __future__ import annotations

from typing import Any

import pytest
from django.urls import reverse

from core.errors import InvalidInputError
from tests.clients import api
from tests.tournaments.conftest import TournamentKit
from tournaments.models import Match, ResultReport
from tournaments.services import result_confirm, result_enter_by_judge, result_report

pytestmark = pytest.mark.django_db

EVEN = {"leader_health": 6, "deck": 20, "garden": 2, "alley": 1, "hand": 3}


def counts(**changes: int) -> dict[str, int]:
    return EVEN | changes


def overtime_of(report: ResultReport) -> dict[str, Any]:
    assert report.overtime is not None
    return dict(report.overtime)


def azuki_match(kit: TournamentKit) -> Match:
    event = kit.event(game_slug="azuki", swiss_rounds=2)
    kit.players(event, 2)
    return kit.matches(kit.pair(event))[0]


def test_the_opponent_confirms_the_values_and_the_site_decides_the_game(
    kit: TournamentKit,
) -> None:
    match = azuki_match(kit)
    values = {"a": counts(deck=12), "b": counts(deck=15), "took_damage_last": "a"}
    result_report(
        match_id=match.pk, user=kit.user_a(match), wins_a=0, wins_b=0,
        time_outcome="time_tiebreak", overtime=values,
    )  # fmt: skip
    pending = ResultReport.objects.get(match=match, status="pending")
    # Equal leader health; player B has more cards left in deck: B wins the game, 0-1.
    assert (pending.wins_a, pending.wins_b) == (0, 1)
    assert overtime_of(pending)["decision"]["decided_by"] == "deck"
    assert overtime_of(pending)["before"] == [0, 0]
    result_confirm(match_id=match.pk, user=kit.user_b(match))
    confirmed = ResultReport.objects.get(match=match, status="confirmed")
    assert (confirmed.wins_a, confirmed.wins_b, confirmed.time_outcome) == (0, 1, "time_tiebreak")
    assert overtime_of(confirmed)["a"] == values["a"]


def test_leader_health_decides_before_the_deck(kit: TournamentKit) -> None:
    match = azuki_match(kit)
    values = {"a": counts(leader_health=7, deck=0), "b": counts(deck=40)}
    outcome = result_enter_by_judge(
        match_id=match.pk, judge=kit.judge, wins_a=0, wins_b=0, time_outcome="time_tiebreak",
        overtime=values,
    )  # fmt: skip
    assert outcome.status == "confirmed"
    report = ResultReport.objects.get(match=match, status="confirmed")
    assert (report.wins_a, report.wins_b) == (1, 0)
    assert overtime_of(report)["decision"]["rules"] == ["azk.op.overtime"]


def test_different_values_from_the_two_players_are_a_dispute(kit: TournamentKit) -> None:
    match = azuki_match(kit)
    result_report(
        match_id=match.pk, user=kit.user_a(match), wins_a=0, wins_b=0,
        time_outcome="time_tiebreak", overtime={"a": counts(hand=5), "b": counts()},
    )  # fmt: skip
    # Same winner (A, more cards in hand) but another count: the record is not agreed.
    result_report(
        match_id=match.pk, user=kit.user_b(match), wins_a=0, wins_b=0,
        time_outcome="time_tiebreak", overtime={"a": counts(hand=6), "b": counts()},
    )  # fmt: skip
    assert ResultReport.objects.filter(match=match, status="disputed").count() == 2


def test_all_equal_and_no_damage_goes_to_a_judge_never_a_draw(kit: TournamentKit) -> None:
    match = azuki_match(kit)
    with pytest.raises(InvalidInputError, match="call a judge") as caught:
        result_report(
            match_id=match.pk, user=kit.user_a(match), wins_a=0, wins_b=0,
            time_outcome="time_tiebreak", overtime={"a": counts(), "b": counts()},
        )  # fmt: skip
    assert caught.value.field == "overtime"
    assert not ResultReport.objects.filter(match=match).exists()
    # The judge decides it as a judge's decision (no draws in Azuki TCG).
    result_enter_by_judge(
        match_id=match.pk, judge=kit.judge, wins_a=1, wins_b=0, time_outcome="time_judge"
    )
    with pytest.raises(InvalidInputError, match="no draws"):
        result_enter_by_judge(
            match_id=match.pk, judge=kit.judge, wins_a=0, wins_b=0, draws=1, reason="x"
        )


@pytest.mark.parametrize(
    ("values", "field"),
    [
        (None, "overtime"),
        ({"a": counts(garden=6), "b": counts()}, "overtime.a.garden"),
        ({"a": counts(), "b": {"leader_health": 3}}, "overtime.b.deck"),
        ({"a": counts(), "b": counts(), "took_damage_last": "c"}, "overtime.took_damage_last"),
    ],
)
def test_bad_values_name_the_field_and_store_nothing(
    kit: TournamentKit, values: dict[str, Any] | None, field: str
) -> None:
    match = azuki_match(kit)
    with pytest.raises(InvalidInputError) as caught:
        result_report(
            match_id=match.pk, user=kit.user_a(match), wins_a=0, wins_b=0,
            time_outcome="time_tiebreak", overtime=values,
        )  # fmt: skip
    assert caught.value.field == field
    assert not ResultReport.objects.filter(match=match).exists()


def test_values_without_the_tiebreak_outcome_are_refused(kit: TournamentKit) -> None:
    match = azuki_match(kit)
    with pytest.raises(InvalidInputError) as caught:
        result_report(
            match_id=match.pk, user=kit.user_a(match), wins_a=1, wins_b=0,
            overtime={"a": counts(), "b": counts()},
        )  # fmt: skip
    assert caught.value.field == "overtime"


def test_tiebreak_needs_a_tied_score_before_the_decided_game(kit: TournamentKit) -> None:
    match = azuki_match(kit)  # best of one in Swiss: the score before is 0-0
    with pytest.raises(InvalidInputError, match="KA-03"):
        result_report(
            match_id=match.pk, user=kit.user_a(match), wins_a=1, wins_b=0,
            time_outcome="time_tiebreak", overtime={"a": counts(hand=9), "b": counts()},
        )  # fmt: skip


def test_a_zutomayo_event_has_no_tiebreak(kit: TournamentKit) -> None:
    event = kit.event(swiss_rounds=2)
    kit.players(event, 2)
    match = kit.matches(kit.pair(event))[0]
    with pytest.raises(InvalidInputError) as caught:
        result_report(
            match_id=match.pk, user=kit.user_a(match), wins_a=0, wins_b=0,
            time_outcome="time_tiebreak", overtime={"a": counts(), "b": counts()},
        )  # fmt: skip
    assert caught.value.field == "time_outcome"


def test_the_api_takes_the_values_and_answers_bad_ones_with_a_4xx(kit: TournamentKit) -> None:
    match = azuki_match(kit)
    url = f"/api/v1/events/{match.round.event_id}/matches/{match.pk}/report/"
    bad = api(kit.user_a(match)).post(
        url,
        {"wins_a": 0, "wins_b": 0, "time_outcome": "time_tiebreak",
         "overtime": {"a": counts(alley=9), "b": counts()}},
        format="json",
    )  # fmt: skip
    assert bad.status_code == 400
    assert "alley" in bad.content.decode()
    good = api(kit.user_a(match)).post(
        url,
        {"wins_a": 0, "wins_b": 0, "time_outcome": "time_tiebreak",
         "overtime": {"a": counts(), "b": counts(), "took_damage_last": "b"}},
        format="json",
    )  # fmt: skip
    assert good.status_code == 201, good.content
    # Everything equal: the player whose leader took damage last (B) wins.
    assert ResultReport.objects.get(match=match).wins_b == 1
    judge_url = f"/api/v1/events/{match.round.event_id}/matches/{match.pk}/judge-result/"
    entered = api(kit.judge).post(
        judge_url,
        {"wins_a": 0, "wins_b": 0, "time_outcome": "time_tiebreak", "reason": "recount",
         "overtime": {"a": counts(leader_health=9), "b": counts()}},
        format="json",
    )  # fmt: skip
    assert entered.status_code == 201, entered.content
    assert ResultReport.objects.get(match=match, status="confirmed").wins_a == 1


def test_the_report_page_asks_for_the_counts_and_shows_the_decision(
    kit: TournamentKit, client: Any
) -> None:
    match = azuki_match(kit)
    client.force_login(kit.user_a(match))
    url = reverse("tournaments:match-report", args=[match.pk])
    page = client.get(url).content.decode()
    assert 'name="ot_a_leader_health"' in page
    assert 'name="ot_took_damage_last"' in page
    form = {"my_wins": 0, "their_wins": 0, "draws": 0, "time_outcome": "time_tiebreak"}
    for side, hand in (("a", 2), ("b", 4)):
        for name, value in counts(hand=hand).items():
            form[f"ot_{side}_{name}"] = value
    answer = client.post(url, form, follow=True)
    assert answer.status_code == 200
    report = ResultReport.objects.get(match=match)
    assert (report.wins_a, report.wins_b) == (0, 1)  # B has more cards in hand
    text = answer.content.decode()
    assert match.player_b is not None
    assert match.player_b.display_name in text
    assert "cards in hand" in text


def test_the_round_clock_counts_the_published_overtime(kit: TournamentKit, client: Any) -> None:
    import datetime as dt

    from tournaments.services import round_start

    match = azuki_match(kit)
    round_obj = match.round
    round_start(round_id=round_obj.pk, by=kit.organiser, now=dt.datetime.now(dt.UTC))
    url = reverse("tournaments:clock", args=[round_obj.event_id])
    state = client.get(url, headers={"Accept": "application/json"}).json()
    assert state["overtime_minutes"] == 5  # Swiss: up to 5 minutes or 2 turns each
    page = client.get(url).content.decode()
    assert "data-overtime" in page
    assert "up to 2 turns each" in page
    zutomayo = kit.event(swiss_rounds=2)
    kit.players(zutomayo, 2)
    kit.pair(zutomayo)
    other = client.get(
        reverse("tournaments:clock", args=[zutomayo.pk]), headers={"Accept": "application/json"}
    ).json()
    assert other["overtime_minutes"] == 0


def test_the_report_page_offers_no_draw_where_the_event_has_none(
    kit: TournamentKit, client: Any
) -> None:
    # Azuki TCG's published structure has no draws: the report page asks for no drawn games
    # and offers no intentional draw (it sends 0 drawn games); a ZUTOMAYO CARD event does.
    azuki = azuki_match(kit)
    assert not azuki.round.event.draws_allowed
    client.force_login(kit.user_a(azuki))
    page = client.get(reverse("tournaments:match-report", args=[azuki.pk])).content.decode()
    assert 'name="intentional_draw"' not in page
    assert '<input type="hidden" name="draws" value="0">' in page
    event = kit.event(swiss_rounds=2)
    kit.players(event, 2)
    zutomayo = kit.matches(kit.pair(event))[0]
    client.force_login(kit.user_a(zutomayo))
    page = client.get(reverse("tournaments:match-report", args=[zutomayo.pk])).content.decode()
    assert 'name="intentional_draw"' in page
    assert 'type="number" name="draws"' in page


def _azuki_final(kit: TournamentKit) -> Match:
    """The final of an Azuki event: Swiss best of one, top cut of 2 best of three."""
    from tournaments.services import topcut_start

    event = kit.event(game_slug="azuki", swiss_rounds=1, top_cut=2, top_cut_best_of=3)
    kit.players(event, 4)
    kit.play(kit.pair(event))
    return Match.objects.select_related("player_a__user", "player_b__user").get(
        round=topcut_start(event_id=event.pk, by=kit.organiser)
    )


def test_a_top_cut_match_goes_to_overtime_only_at_one_game_each(kit: TournamentKit) -> None:
    """The FAQ gives the top cut's longer overtime to a match tied 1-1: its tiebreakers decide
    the third game (2-1); at 1-0 or 0-0 when time is called the FAQ is silent, and the site
    refuses the tiebreak and asks for a judge (ambiguity KA-03, escalate by default)."""
    final = _azuki_final(kit)
    for wins_a, wins_b in ((1, 0), (0, 0), (0, 1)):
        with pytest.raises(InvalidInputError, match="KA-03") as refused:
            result_report(
                match_id=final.pk, user=kit.user_a(final), wins_a=wins_a, wins_b=wins_b,
                time_outcome="time_tiebreak", overtime={"a": counts(hand=9), "b": counts()},
            )  # fmt: skip
        assert refused.value.field == "wins_a"
    assert not ResultReport.objects.filter(match=final).exists()
    # 1-1, equal everything but B's Garden (3 against 2): B wins the third game, 1-2.
    result_report(
        match_id=final.pk, user=kit.user_a(final), wins_a=1, wins_b=1,
        time_outcome="time_tiebreak", overtime={"a": counts(), "b": counts(garden=3)},
    )  # fmt: skip
    pending = ResultReport.objects.get(match=final, status="pending")
    assert (pending.wins_a, pending.wins_b) == (1, 2)
    assert overtime_of(pending)["decision"]["decided_by"] == "garden"
    assert overtime_of(pending)["before"] == [1, 1]


def test_the_round_clock_of_the_top_cut_counts_fifteen_minutes(
    kit: TournamentKit, client: Any
) -> None:
    """Top cut: "15 minutes (5 turns)" of overtime when the match is tied 1-1 (FAQ,
    azk.op.overtime), not Swiss's 5 minutes."""
    import datetime as dt

    from tournaments.services import round_start

    final = _azuki_final(kit)
    round_start(round_id=final.round_id, by=kit.organiser, now=dt.datetime.now(dt.UTC))
    url = reverse("tournaments:clock", args=[final.round.event_id])
    assert client.get(url, headers={"Accept": "application/json"}).json()["overtime_minutes"] == 15
    assert "15 minutes (5 turns)" in client.get(url).content.decode()
