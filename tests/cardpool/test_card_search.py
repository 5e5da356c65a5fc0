"""Card search, as people type: an id typed any way finds exactly that card, the
card address ignores case, effect texts are searched, katakana finds hiragana, the element
filter is exact, labels are translated, and the list sorts four ways. Invented cards only."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.utils import translation

from cardpool.selectors import CardFilters, card_facets, card_get, card_search
from cardpool.services import card_import

pytestmark = pytest.mark.django_db


def zutomayo(code: str, **values: Any) -> dict[str, Any]:
    pack, number = code.split("_")
    record: dict[str, Any] = {
        "id": code, "pack": pack, "number": int(number), "name_en": f"HERO {code}",
        "name_ja": f"ヒーロー{code}", "type": "character", "element": "flame", "clock": 1,
        "attack_night": 10, "attack_day": 10, "power_cost": 1, "rarity": "N",
    }  # fmt: skip
    record.update(values)
    return record


@pytest.fixture
def pool() -> None:
    card_import(
        game_slug="zutomayo",
        source="test",
        records=[
            zutomayo("1st_10", name_ja="にらちゃん（テスト）", power_cost=5, clock=9),
            zutomayo("1st_100", name_en="ZEBRA", power_cost=2, clock=3, element="wind"),
            zutomayo("1st_1", name_en="ALPHA", element="darkness", clock=5,
                     effect_ja="相手のパワーチャージャーからカードを１枚選ぶ"),
            zutomayo("2nd_10", name_en="BETA", element="chaos", power_cost=9, clock=0,
                     effect="Draw a card."),
        ],
    )  # fmt: skip


def codes(**filters: Any) -> list[str]:
    return [card.code for card in card_search(filters=CardFilters(game="zutomayo", **filters))]


@pytest.mark.parametrize(
    "typed", ["1st-10", "1ST_10", "１ｓｔ－１０", "1st_10", "1st 010", "1弾-10"]
)
def test_an_id_typed_any_way_finds_exactly_that_card(pool: None, typed: str) -> None:
    assert codes(q=typed) == ["1st_10"]


def test_the_card_address_ignores_case(pool: None) -> None:
    card = card_get(game="zutomayo", code="1ST_10")
    assert card is not None
    assert card.code == "1st_10"
    assert Client().get("/cards/zutomayo/1ST_10/").status_code == 200


def test_effect_text_in_either_language(pool: None) -> None:
    assert codes(text="draw a CARD") == ["2nd_10"]
    assert codes(text="ﾊﾟﾜｰﾁｬｰｼﾞｬｰ") == ["1st_1"]  # half-width katakana
    assert codes(text="ぱわーちゃーじゃー") == ["1st_1"]  # hiragana finds katakana


def test_katakana_finds_hiragana_names(pool: None) -> None:
    assert codes(q="ニラちゃん") == ["1st_10"]
    assert codes(q="ひーろー") == ["1st_1", "1st_100", "2nd_10"]


def test_the_element_filter_is_exact(pool: None) -> None:
    assert codes(element="wind") == ["1st_100"]
    assert codes(element="win") == []
    assert codes(element="FLAME") == ["1st_10"]


def test_a_card_with_two_elements_matches_each(db: None) -> None:
    card_import(
        game_slug="azuki",
        source="test",
        records=[
            {"id": "TST01-001", "set": "TST01", "name": "Twin", "card_type": "entity",
             "element": "fire|water", "ikz_cost": 1, "attack": 1, "health": 1},
            {"id": "TST01-002", "set": "TST01", "name": "Waterfall", "card_type": "entity",
             "element": "water", "ikz_cost": 1, "attack": 1, "health": 1},
        ],
    )  # fmt: skip
    found = card_search(filters=CardFilters(game="azuki", element="fire"))
    assert [c.code for c in found] == ["TST01-001"]
    found = card_search(filters=CardFilters(game="azuki", element="water"))
    assert [c.code for c in found] == ["TST01-001", "TST01-002"]


@pytest.mark.parametrize(
    ("sort", "expected"),
    [
        ("pack", ["1st_1", "1st_10", "1st_100", "2nd_10"]),
        ("name", ["1st_1", "2nd_10", "1st_10", "1st_100"]),  # ALPHA, BETA, HERO 1st_10, ZEBRA
        ("cost", ["1st_1", "1st_100", "1st_10", "2nd_10"]),  # power cost 1, 2, 5, 9
        ("clock", ["2nd_10", "1st_100", "1st_1", "1st_10"]),  # clock 0, 3, 5, 9
    ],
)
def test_four_orders(pool: None, sort: str, expected: list[str]) -> None:
    assert codes(sort=sort) == expected


def test_element_and_type_labels_are_translated(pool: None) -> None:
    with translation.override("ja"):
        facets = card_facets(game="zutomayo")
        assert ("darkness", "闇") in facets["elements"]
        assert ("character", "キャラクター") in facets["types"]
    client = Client()
    client.cookies["django_language"] = "ja"
    page = client.get("/cards/zutomayo/?q=1st_1&sort=name").content.decode()
    assert "闇" in page
    assert ">darkness<" not in page


def test_a_bad_sort_is_a_400_naming_it(pool: None) -> None:
    response = Client().get("/cards/zutomayo/?sort=price")
    assert response.status_code == 400
    assert "Sort by" in response.content.decode()
