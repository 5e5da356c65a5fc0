"""Final placings of a finished event: the selector, the pages, the exports
and the API."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from tests.tournaments.conftest import Score, TournamentKit
from tournaments.models import Event, Match, Registration, Round
from tournaments.selectors.people import my_events
from tournaments.selectors.placings import final_placings
from tournaments.services import event_finish, round_pair, topcut_start


def b_wins(match: Match) -> Score:
    return (0, 1, 0)


def finished_top_4(kit: TournamentKit) -> tuple[Event, list[str]]:
    """Six players, three Swiss rounds, a top 4 in which the lower seed always wins.

    Returns the event and the Swiss order (names, best first) after the last Swiss round."""
    event = kit.event(swiss_rounds=3, top_cut=4)
    kit.players(event, 6)
    for seed in (3, 5, 9):
        kit.play(kit.pair(event, seed=seed))
    last = Round.objects.filter(event=event).order_by("-number").first()
    assert last is not None
    swiss = [row["name"] for row in kit.standings(last)]
    semis = topcut_start(event_id=event.pk, by=kit.organiser)
    kit.play(semis, b_wins)
    final = round_pair(event_id=event.pk, by=kit.organiser)
    kit.play(final, b_wins)
    event_finish(event_id=event.pk, by=kit.organiser)
    event.refresh_from_db()
    return event, swiss


@pytest.fixture
def top_4(kit: TournamentKit) -> tuple[Event, list[str]]:
    return finished_top_4(kit)


def test_placings_of_a_finished_top_4(
    top_4: tuple[Event, list[str]], django_assert_num_queries: Any
) -> None:
    event, swiss = top_4
    with django_assert_num_queries(6):
        placings = final_placings(event)
    # Semi-finals 1 v 4 and 2 v 3, the lower seed wins: 4 and 3 reach the final, 3 (player b,
    # the lower seed) wins it. Seeds 1 and 2 share 3rd-4th; 5th and 6th follow the Swiss.
    assert [(p.registration.display_name, p.label) for p in placings] == [
        (swiss[2], "1"),
        (swiss[3], "2"),
        (swiss[0], "3–4"),
        (swiss[1], "3–4"),
        (swiss[4], "5"),
        (swiss[5], "6"),
    ]
    assert placings[0].title == "Champion"


def test_no_placings_before_the_event_finishes(kit: TournamentKit) -> None:
    event = kit.event(swiss_rounds=1)
    kit.players(event, 4)
    kit.play(kit.pair(event))
    assert final_placings(event) == []
    event_finish(event_id=event.pk, by=kit.organiser)
    event.refresh_from_db()
    assert len(final_placings(event)) == 4


def test_a_disqualified_player_has_no_placing(kit: TournamentKit) -> None:
    event = kit.event(swiss_rounds=1)
    players = kit.players(event, 4)
    kit.play(kit.pair(event))
    Registration.objects.filter(pk=players[0].pk).update(status="disqualified")
    event_finish(event_id=event.pk, by=kit.organiser)
    event.refresh_from_db()
    names = [p.registration.display_name for p in final_placings(event)]
    assert players[0].display_name not in names
    assert len(names) == 3


def test_pages_show_the_champion_and_final_standings(
    top_4: tuple[Event, list[str]], client: Client
) -> None:
    event, swiss = top_4
    page = client.get(reverse("tournaments:event-detail", args=[event.pk])).content.decode()
    assert "Champion" in page
    assert swiss[2] in page
    standings = client.get(reverse("tournaments:standings", args=[event.pk])).content.decode()
    assert "Final standings" in standings
    assert standings.index(swiss[2]) < standings.index(swiss[0])  # the champion first
    client.cookies["django_language"] = "ja"
    japanese = client.get(
        reverse("tournaments:standings", args=[event.pk]), HTTP_ACCEPT_LANGUAGE="ja"
    ).content.decode()
    assert "最終順位" in japanese


def test_api_and_export_carry_the_placings(
    top_4: tuple[Event, list[str]], client: Client, kit: TournamentKit
) -> None:
    event, swiss = top_4
    api = client.get(f"/api/v1/events/{event.pk}/placings/")
    assert api.status_code == 200
    rows = api.json()
    assert [(r["name"], r["placing"]) for r in rows][:4] == [
        (swiss[2], "1"),
        (swiss[3], "2"),
        (swiss[0], "3-4"),
        (swiss[1], "3-4"),
    ]
    client.force_login(kit.organiser)
    export = client.get(f"/api/v1/events/{event.pk}/export/placings/?format=csv")
    assert export.status_code == 200
    lines = export.content.decode().splitlines()
    assert lines[0].startswith("placing,")
    assert lines[1].startswith(f"1,1,1,{swiss[2]}")


def test_my_events_show_the_final_placing(top_4: tuple[Event, list[str]]) -> None:
    event, swiss = top_4
    expected = {swiss[2]: "1", swiss[3]: "2", swiss[0]: "3–4", swiss[1]: "3–4", swiss[4]: "5"}
    for name, placing in expected.items():
        registration = Registration.objects.get(event=event, display_name=name)
        assert registration.user is not None
        [item] = my_events(user=registration.user).past
        assert item.placing == placing, name
