"""Redis is a cache, not a dependency: the site works while it is down.

With the cache pointing at a Redis that does not answer, every page and API read a logged-in
person opens answers without a 500 (sessions live in the database), a player reports a result
and the opponent confirms it, and the health check stays alive (200, "degraded").
"""

from __future__ import annotations

import socket
from collections.abc import Iterator
from functools import partial
from typing import Any

import pytest
from django.test import override_settings

from tests.test_route_access import CONVERTER, ROUTES, Walk, _ask, _methods, _value_of, walk

pytestmark = pytest.mark.django_db
__all__ = ["walk"]

ROLES = ("player of the match", "organiser", "site staff")


def _closed_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


@pytest.fixture
def redis_down() -> Iterator[str]:
    url = f"redis://127.0.0.1:{_closed_port()}/0"
    caches = {
        "default": {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": url}
    }
    with override_settings(CACHES=caches, REDIS_URL=url):
        import redis
        from django.core.cache import cache

        with pytest.raises(redis.exceptions.ConnectionError):  # the cache is really down
            cache.get("probe")
        yield url


def test_every_logged_in_read_answers_without_redis(walk: Walk, redis_down: str) -> None:
    problems = []
    for entry in ROUTES:
        methods, _known = _methods(entry)
        if "GET" not in methods:
            continue
        values = [walk.world.values(entry, kw)[0] for kw in entry.kwargs]
        filled = dict(zip(entry.kwargs, values, strict=True))
        path = "/" + CONVERTER.sub(partial(_value_of, filled), entry.route)
        for role in ROLES:
            response, _ = _ask(walk, role, "GET", path, is_api=entry.is_api, write_check=False)
            if response.status_code >= 500:
                problems.append(f"GET {path} as {role}: {response.status_code}")
    assert problems == []


def test_health_check_is_alive_and_degraded_without_redis(client: Any, redis_down: str) -> None:
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.json()["status"] == "degraded"
