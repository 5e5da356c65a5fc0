"""Card search: the page and the API match names ignoring width, case and bracket style."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    "query",
    [
        "Cassette Bear (Demo)",
        "cassette bear（demo）",
        "ＣＡＳＳＥＴＴＥ　ＢＥＡＲ【DEMO】",
        "カセットくま(デモ)",
    ],
)
def test_name_search_ignores_width_case_and_brackets(
    client: Client, demo_cards: Any, query: str
) -> None:
    response = client.get("/api/v1/cards/", {"game": "zutomayo", "q": query})
    assert response.status_code == 200
    assert [card["code"] for card in response.json()["results"]] == ["DEMO_12"]


@pytest.mark.parametrize(
    ("params", "codes"),
    [
        ({"clock": 5}, ["DEMO_14"]),
        ({"power_cost": 7}, ["DEMO_12"]),
        ({"card_type": "area_enchant"}, ["DEMO_23", "DEMO_24"]),
        ({"element": "chaos"}, ["DEMO_14"]),
        ({"q": "cassette", "element": "darkness"}, ["DEMO_13"]),
        ({"pack": "demo", "clock": 4}, ["DEMO_12"]),
    ],
)
def test_stat_filters(
    client: Client, demo_cards: Any, params: dict[str, Any], codes: list[str]
) -> None:
    response = client.get("/api/v1/cards/", {"game": "zutomayo", **params})
    assert [card["code"] for card in response.json()["results"]] == codes


def test_bad_filter_is_a_400_naming_the_field(client: Client, demo_cards: Any) -> None:
    response = client.get("/api/v1/cards/", {"clock": "noon"})
    assert response.status_code == 400
    assert response.json()["field"] == "clock"
    page = client.get("/cards/zutomayo/", {"clock": "99"})
    assert page.status_code == 400
    assert b"Clock" in page.content


def test_card_api_keeps_absent_send_to_power_apart_from_zero(
    client: Client, demo_cards: Any
) -> None:
    body = client.get("/api/v1/cards/zutomayo/DEMO_2/").json()
    assert body["send_to_power"] is None
    assert body["is_demo"] is True
    assert client.get("/api/v1/cards/zutomayo/NOPE/").status_code == 404


def test_card_pages(client: Client, demo_cards: Any, django_assert_max_num_queries: Any) -> None:
    with django_assert_max_num_queries(6):
        listing = client.get("/cards/zutomayo/", {"q": "kettle"})
    assert listing.status_code == 200
    assert b"Kettle Dragon" in listing.content
    assert b"Neon Moth" not in listing.content
    detail = client.get("/cards/zutomayo/DEMO_15/")
    assert detail.status_code == 200
    assert "宿題なだれ".encode() in detail.content
    assert b"invented demo set" in detail.content
    assert client.get("/cards/zutomayo/NOPE/").status_code == 404
    assert client.get("/cards/chess/").status_code == 404
