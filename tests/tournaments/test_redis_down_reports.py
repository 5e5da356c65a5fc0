"""Results are reported and confirmed while Redis is down (a cache, not a dependency)."""

from __future__ import annotations

from typing import Any

from rest_framework.test import APIClient

from tests.core.test_redis_down import redis_down
from tests.tournaments.test_api import world
from tournaments.models import ResultReport

__all__ = ["redis_down", "world"]


def test_a_result_is_reported_and_confirmed_without_redis(
    world: dict[str, Any], redis_down: str
) -> None:
    match = world["match"]
    url = f"{world['url']}/matches/{match.pk}/"
    reporter, opponent = APIClient(), APIClient()
    reporter.force_login(world["player_in"])
    opponent.force_login(world["opponent"])
    first = reporter.post(url + "report/", {"wins_a": 1, "wins_b": 0}, format="json")
    assert first.status_code == 201, first.content
    second = opponent.post(url + "confirm/", {}, format="json")
    assert second.status_code == 201, second.content
    assert ResultReport.objects.get(match=match, status="confirmed").wins_a == 1
