"""Reads that matter cost a fixed number of queries, whatever the size of the event."""

from __future__ import annotations

import random
from typing import Any

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from tournaments.demo.simulation import SimulationSettings, simulate_event
from tournaments.models import Event
from tournaments.selectors.standings import engine_view, standings_compute

pytestmark = pytest.mark.django_db


def _event(players: int) -> Event:
    result = simulate_event(
        SimulationSettings(
            players=players, rounds=3, top_cut=0, stop_after_round=2, name=f"Q{players}"
        ),
        rng=random.Random(players),
        log=lambda line: None,
    )
    return Event.objects.get(pk=result.event_id)


def _queries(action: Any) -> int:
    with CaptureQueriesContext(connection) as captured:
        action()
    return len(captured.captured_queries)


def _get_queries(client: Client, url: str) -> int:
    return _queries(lambda: client.get(url))


PUBLIC = [
    "/events/{id}/pairings/", "/events/{id}/pairings/?by=table", "/events/{id}/standings/",
    "/events/{id}/clock/", "/events/{id}/",
]  # fmt: skip
STAFF = ["/events/{id}/manage/", "/events/{id}/judge/"]


def test_pages_do_not_grow_with_the_field() -> None:
    """Every public page (anonymous) and staff page (the organiser) costs the same queries for
    8 players as for 40 (two events simulated once for all the pages: simulating is what costs)."""
    from tournaments.models import EventRole

    small, large = _event(8), _event(40)
    public = Client()
    for path in PUBLIC:
        counts = [_get_queries(public, path.format(id=e.pk)) for e in (small, large)]
        assert counts[0] == counts[1], path
        assert counts[0] <= 6, path
    for path in STAFF:
        counts = []
        for event in (small, large):
            organiser = EventRole.objects.filter(event=event, role="organiser").first()
            assert organiser is not None
            client = Client()
            client.force_login(organiser.user)
            counts.append(_get_queries(client, path.format(id=event.pk)))
        assert counts[0] == counts[1], path


def test_engine_view_is_four_queries() -> None:
    event = _event(12)
    assert _queries(lambda: engine_view(event=event)) == 4
    assert _queries(lambda: standings_compute(event=event)) == 4
