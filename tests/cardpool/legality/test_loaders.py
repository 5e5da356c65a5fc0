"""Card loaders and the card index: shapes accepted, and clear errors naming row and field."""

from __future__ import annotations

from datetime import date

import pytest

from cardpool.legality import (
    AzukiCardType,
    BanList,
    CardDataError,
    CardIndex,
    FormatRules,
    Game,
    ZtrikeColour,
    azuki_card,
    card_index_from_json,
    load_card_index,
    ztrike_card,
    zutomayo_card,
)
from tests.cardpool.legality.cards import zutomayo_rows

ZUTOMAYO_ROW: dict[str, object] = zutomayo_rows()[0]
AZUKI_ROW: dict[str, object] = {
    "id": "TST09-001",
    "name": "Test Twin",
    "card_type": "leader",
    "element": "Lightning/Water",
    "ikz_cost": None,
    "attack": None,
    "health": 15,
    "gate_points": None,
    "keywords": [],
    "variants": [{"rarity": "L"}, {"rarity": "L_S"}],
}
ZTRIKE_ROW: dict[str, object] = {
    "card_id": "ZX-100",
    "name": "Test",
    "color": "Red",
    "power": 7,
    "bonus": "",
    "vp": 2,
}


def test_zutomayo_card_fields() -> None:
    card = zutomayo_card(ZUTOMAYO_ROW)
    assert (card.id, card.pack, card.number, card.copy_key) == ("1st_1", "1st", 1, "1st_1")
    assert card.names == ("TEST HERO 1ST 1", "テスト1stの1")


def test_send_to_power_none_is_not_zero() -> None:
    none = zutomayo_card({**ZUTOMAYO_ROW, "send_to_power": None})
    zero = zutomayo_card({**ZUTOMAYO_ROW, "send_to_power": 0})
    assert none.send_to_power is None
    assert zero.send_to_power == 0


def test_zutomayo_id_defaults_to_pack_and_number() -> None:
    row = {k: v for k, v in ZUTOMAYO_ROW.items() if k != "id"}
    assert zutomayo_card(row).id == "1st_1"


def test_azuki_card_elements_and_variants() -> None:
    card = azuki_card(AZUKI_ROW)
    assert card.elements == ("lightning", "water")
    assert card.set == "TST09"
    assert card.variants == ("L", "L_S")
    assert card.number == "TST09-001"
    assert azuki_card({**AZUKI_ROW, "element": "normal"}).elements == ("neutral",)
    assert azuki_card({**AZUKI_ROW, "element": ["Fire", "Earth"]}).elements == ("fire", "earth")


@pytest.mark.parametrize(
    ("changes", "token"),
    [
        ({"card_type": "ikz", "name": "IKZ Card"}, False),
        ({"card_type": "ikz", "name": "Extra IKZ Card"}, True),
        (
            {
                "card_type": "ikz",
                "name": "X",
                "variants": [{"rarity": "IKZ", "image_file": "a-Token.jpg"}],
            },
            True,
        ),
        ({"card_type": "ikz", "name": "Extra", "is_token": False}, False),
        ({"card_type": "ikz_token", "name": "X"}, True),
    ],
)
def test_azuki_ikz_token(changes: dict[str, object], token: bool) -> None:
    card = azuki_card({**AZUKI_ROW, **changes})
    assert (card.card_type is AzukiCardType.IKZ_TOKEN) is token


def test_ztrike_card_alternative_keys() -> None:
    card = ztrike_card(ZTRIKE_ROW)
    assert (card.id, card.colour, card.power, card.bonus, card.victory_points) == (
        "ZX-100",
        ZtrikeColour.RED,
        7,
        None,
        2,
    )


@pytest.mark.parametrize(
    ("game", "row", "message"),
    [
        (Game.ZUTOMAYO, {**ZUTOMAYO_ROW, "number": "1"}, "field 'number': expected an integer"),
        (Game.ZUTOMAYO, {**ZUTOMAYO_ROW, "number": True}, "field 'number'"),
        (Game.ZUTOMAYO, {**ZUTOMAYO_ROW, "number": 0}, "field 'number': must be 1 or more"),
        (Game.ZUTOMAYO, {**ZUTOMAYO_ROW, "type": "spell"}, "field 'type': unknown card type"),
        (
            Game.ZUTOMAYO,
            {k: v for k, v in ZUTOMAYO_ROW.items() if k != "clock"},
            "'clock': missing",
        ),
        (Game.ZUTOMAYO, {**ZUTOMAYO_ROW, "send_to_power": "1"}, "field 'send_to_power'"),
        (Game.AZUKI, {**AZUKI_ROW, "element": 3}, "field 'element'"),
        (Game.AZUKI, {**AZUKI_ROW, "element": ""}, "field 'element': empty"),
        (Game.AZUKI, {**AZUKI_ROW, "card_type": "token"}, "field 'card_type'"),
        (Game.AZUKI, {**AZUKI_ROW, "keywords": "Charge"}, "field 'keywords'"),
        (Game.AZUKI, {**AZUKI_ROW, "variants": [3]}, "field 'variants'"),
        (Game.ZTRIKE, {**ZTRIKE_ROW, "power": 11}, "field 'power': must be 0 to 10"),
        (Game.ZTRIKE, {**ZTRIKE_ROW, "color": "purple"}, "field 'colour'"),
        (
            Game.ZTRIKE,
            {k: v for k, v in ZTRIKE_ROW.items() if k != "vp"},
            "'victory_points': missing",
        ),
        (Game.ZTRIKE, "not a dict", "card 1: expected an object"),
    ],
)
def test_bad_rows_name_the_row_and_field(game: Game, row: object, message: str) -> None:
    good = {Game.ZUTOMAYO: ZUTOMAYO_ROW, Game.AZUKI: AZUKI_ROW, Game.ZTRIKE: ZTRIKE_ROW}[game]
    with pytest.raises(CardDataError, match=message) as caught:
        load_card_index(
            game,
            [
                {**good, "id": "FIRST-1"}
                if game is not Game.ZTRIKE
                else {**good, "card_id": "ZX-1"},
                row,
            ],
        )
    assert "card 1" in str(caught.value)


def test_duplicate_ids_are_refused() -> None:
    with pytest.raises(CardDataError, match="duplicate id '1st_1'"):
        load_card_index(Game.ZUTOMAYO, [ZUTOMAYO_ROW, ZUTOMAYO_ROW])


@pytest.mark.parametrize(("text", "message"), [("{", "not valid JSON"), ("{}", "JSON list")])
def test_bad_json_card_data(text: str, message: str) -> None:
    with pytest.raises(CardDataError, match=message):
        card_index_from_json(Game.ZUTOMAYO, text)


def test_index_lookups() -> None:
    index = load_card_index("zutomayo", zutomayo_rows())
    assert isinstance(index, CardIndex)
    assert index.get("1st_1") is not None
    assert index.get("1ST_1") is None
    assert index.find_id(" １ＳＴ_1 ") is index.get("1st_1")
    assert [c.id for c in index.find_name("shared muse(test song)")] == ["1st_7", "2nd_7"]
    assert index.find_name("no such card") == ()


def test_ban_list_in_force_is_the_latest_on_or_before_the_day() -> None:
    lists = (BanList(date(2026, 3, 1), ()), BanList(date(2026, 1, 1), ()))
    rules = FormatRules(Game.ZTRIKE, "T", lists)
    assert rules.ban_list_on(date(2025, 1, 1)) is None
    assert rules.ban_list_on(date(2026, 1, 1)) is lists[1]
    assert rules.ban_list_on(date(2026, 2, 28)) is lists[1]
    assert rules.ban_list_on(date(2026, 3, 1)) is lists[0]
    assert rules.ban_list_on(None) is lists[0]


def test_index_aliases_resolve_to_their_card() -> None:
    cards = load_card_index("zutomayo", zutomayo_rows()).cards
    index = CardIndex(Game.ZUTOMAYO, cards, aliases={"P-001": "1st_1"})
    assert index.find_id("p-001") is index.get("1st_1")
    with pytest.raises(CardDataError, match="unknown card id"):
        CardIndex(Game.ZUTOMAYO, cards, aliases={"P-002": "9th_9"})
