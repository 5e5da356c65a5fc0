"""Inputs a fuzzing run turned into server errors; each is now a 4xx (or a clean report)."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from django.urls import URLPattern, URLResolver, get_resolver
from rest_framework.test import APIClient

pytestmark = pytest.mark.django_db

TOO_BIG = "9223372036854775808"  # 2**63: no 64-bit key holds it


def _routes(patterns: list[Any], prefix: str = "") -> list[str]:
    found: list[str] = []
    for pattern in patterns:
        route = prefix + str(pattern.pattern)
        if isinstance(pattern, URLResolver):
            found.extend(_routes(pattern.url_patterns, route))
        elif isinstance(pattern, URLPattern) and "<id:" in route:
            found.append(route)
    return found


ROUTES = _routes(get_resolver().url_patterns)


def _fill(route: str) -> str:
    path = re.sub(r"<id:\w+>", TOO_BIG, route)
    path = re.sub(r"<slug:\w+>", "zutomayo", path)
    return "/" + re.sub(r"<(?:str:)?\w+>", "x", path)


def test_every_id_route_was_found() -> None:
    assert len(ROUTES) > 30


@pytest.mark.parametrize("route", ROUTES)
def test_an_id_too_large_for_the_database_is_not_a_server_error(route: str, make_user: Any) -> None:
    client = APIClient()
    client.force_authenticate(make_user("fuzzer"))
    path = _fill(route)
    assert client.get(path).status_code < 500, path
    assert client.post(path, {}, format="json").status_code < 500, path


def test_json_nested_absurdly_deep_is_a_400() -> None:
    body = "[" * 20_000
    response = APIClient().post("/api/v1/decklists/check/", body, content_type="application/json")
    assert response.status_code == 400


@pytest.mark.parametrize(
    "decklist",
    ['[{"card": "1st_1", "count": ' + "1" * 4301 + "}]", "[" * 20_000],
    ids=["4301-digit-count", "deep-nesting"],
)
def test_unusable_decklist_json_is_reported_not_raised(decklist: str) -> None:
    response = APIClient().post(
        "/api/v1/decklists/check/",
        {"game": "zutomayo", "format": "json", "decklist": decklist},
        format="json",
    )
    assert response.status_code == 200
    assert response.json()["errors"][0]["code"] == "bad_json"


def test_a_game_record_nested_too_deep_is_a_400(make_user: Any) -> None:
    client = APIClient()
    client.force_authenticate(make_user("judge"))
    value: Any = []
    for _ in range(500):
        value = [value]
    record = {
        "format": "zutomayo-game/1",
        "night_side": 0,
        "players": [{"deck": []}, {"deck": []}],
        "claims": [{"party": "a", "at": "T1", "path": "medal", "value": value}],
    }
    response = client.post("/api/v1/judging/replay/", json.dumps({"record": record}),
                           content_type="application/json")  # fmt: skip
    assert response.status_code == 400
    assert "nested" in response.json()["detail"]


def test_a_year_one_datetime_is_a_400(make_user: Any) -> None:
    client = APIClient()
    client.force_authenticate(make_user("organiser"))
    response = client.post(
        "/api/v1/events/",
        {"name": "x", "game": "zutomayo", "date": "2027-01-01",
         "decklist_deadline": "0001-01-01T00:00:00"},
        format="json",
    )  # fmt: skip
    assert response.status_code == 400
    assert response.json()["field"] == "decklist_deadline"
