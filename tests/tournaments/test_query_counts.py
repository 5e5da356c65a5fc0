"""Reads that matter cost a fixed number of queries, whatever the size of the event."""

from __future__ import annotations

import random
from typing import Any

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from tournaments.models import Event
from tournaments.selectors.standings import engine_view, standings_compute
from tournaments.simulation import SimulationSettings, simulate_event

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


@pytest.mark.parametrize(
    "path",
    ["/events/{id}/pairings/", "/events/{id}/pairings/?by=table", "/events/{id}/standings/",
     "/events/{id}/clock/", "/events/{id}/"],
)  # fmt: skip
def test_public_pages_do_not_grow_with_the_field(path: str) -> None:
    small, large = _event(8), _event(40)
    client = Client()
    counts = [_queries(lambda e=e: client.get(path.format(id=e.pk))) for e in (small, large)]
    assert counts[0] == counts[1]
    assert counts[0] <= 6


def test_engine_view_is_four_queries() -> None:
    event = _event(24)
    assert _queries(lambda: engine_view(event=event)) == 4
    assert _queries(lambda: standings_compute(event=event)) == 4


@pytest.mark.parametrize("path", ["/events/{id}/manage/", "/events/{id}/judge/"])
def test_staff_pages_do_not_grow_with_the_field(path: str) -> None:
    from tournaments.models import EventRole

    counts = []
    for players in (8, 40):
        event = _event(players)
        organiser = EventRole.objects.filter(event=event, role="organiser").first()
        assert organiser is not None
        client = Client()
        client.force_login(organiser.user)
        counts.append(_queries(lambda e=event, c=client: c.get(path.format(id=e.pk))))
    assert counts[0] == counts[1]
