from __future__ import annotations

import copy
import json
from io import StringIO
from pathlib import Path
from typing import Any

import pytest
from django.core.management import CommandError, call_command

from cardpool.models import Card, CardRevision
from cardpool.services import card_import
from core.errors import InvalidInputError
from tests.cardpool.conftest import DEMO_CARDS, demo_records

pytestmark = pytest.mark.django_db


def test_import_twice_changes_nothing() -> None:
    first = card_import(game_slug="zutomayo", records=demo_records(), source="a")
    second = card_import(game_slug="zutomayo", records=demo_records(), source="a")
    assert (first.created, first.updated, first.unchanged) == (24, 0, 0)
    assert (second.created, second.updated, second.unchanged) == (0, 0, 24)
    assert CardRevision.objects.count() == 0


def test_changed_card_is_updated_and_old_values_kept() -> None:
    card_import(game_slug="zutomayo", records=demo_records(), source="v1")
    records = demo_records()
    records[0]["clock"] = 4
    records[0]["effect_ja"] = "新しい効果。"
    summary = card_import(game_slug="zutomayo", records=records, source="v2")
    assert (summary.created, summary.updated, summary.unchanged) == (0, 1, 23)
    card = Card.objects.get(code="DEMO_1")
    assert card.clock == 4
    revision = CardRevision.objects.get(card=card)
    assert revision.old_values == {"clock": 1, "effect_ja": ""}
    assert revision.new_values == {"clock": 4, "effect_ja": "新しい効果。"}
    assert revision.source == "v2"


def test_send_to_power_absent_is_not_zero() -> None:
    records = demo_records()
    card_import(game_slug="zutomayo", records=records, source="a")
    no_stp = next(r for r in records if r["send_to_power"] is None)
    assert Card.objects.get(code=no_stp["id"]).send_to_power is None
    records[0]["send_to_power"] = 0
    card_import(game_slug="zutomayo", records=records, source="b")
    assert Card.objects.get(code=records[0]["id"]).send_to_power == 0


@pytest.mark.parametrize(
    ("mutate", "message"),
    [
        (lambda r: r[5].pop("clock"), "record 6 (id 'DEMO_6'), field 'clock': is required"),
        (lambda r: r[2].update(type="monster"), "record 3 (id 'DEMO_3'), field 'type'"),
        (lambda r: r[0].update(clock="late"), "field 'clock': expected a whole number"),
        (lambda r: r[0].update(clock=18), "field 'clock': 18 is outside 0..17"),
        (lambda r: r[1].update(id="DEMO_1"), "record 2 (id 'DEMO_1'), field 'id': duplicate"),
        (lambda r: r[20].update(attack_night=50), "field 'attack_night': a enchant card"),
    ],
)
def test_one_bad_record_imports_nothing_and_names_record_and_field(
    mutate: Any, message: str
) -> None:
    records = demo_records()
    mutate(records)
    with pytest.raises(InvalidInputError) as error:
        card_import(game_slug="zutomayo", records=records, source="bad")
    assert message in error.value.message
    assert Card.objects.count() == 0


def test_a_bad_update_keeps_the_old_pool() -> None:
    card_import(game_slug="zutomayo", records=demo_records(), source="a")
    records = demo_records()
    records[0]["clock"] = 3
    records[1]["power_cost"] = -1
    with pytest.raises(InvalidInputError):
        card_import(game_slug="zutomayo", records=records, source="b")
    assert Card.objects.get(code="DEMO_1").clock == 1


def test_ztrike_cards_come_in_by_csv(tmp_path: Path) -> None:
    path = tmp_path / "ztrike.csv"
    path.write_text(
        "id,name,colour,power,bonus,bonus_text,victory_points\n"
        "ZT-001,Invented Striker,red,7,battle,+1 power in battle,1\n"
        "ZT-002,Invented Keeper,ztrike,10,none,,3\n",
        encoding="utf-8",
    )
    out = StringIO()
    call_command("import_cards", "--game", "ztrike", str(path), stdout=out)
    assert "2 created, 0 updated, 0 unchanged" in out.getvalue()
    striker = Card.objects.get(code="ZT-001")
    assert (striker.colour, striker.power, striker.bonus) == ("red", 7, "battle")


def test_ztrike_structured_bonuses_come_in_as_a_json_cell(tmp_path: Path) -> None:
    path = tmp_path / "ztrike.csv"
    path.write_text(
        "id,name,colour,power,victory_points,bonuses\n"
        'ZT-010,Invented Gear,generic,4,1,"[{""when"": ""battle"", ""effects"": '
        '[{""op"": ""set_power"", ""value"": 9}]}]"\n'
        "ZT-011,Invented Plain,red,3,1,\n",
        encoding="utf-8",
    )
    call_command("import_cards", "--game", "ztrike", str(path), stdout=StringIO())
    gear = Card.objects.get(code="ZT-010")
    assert gear.extra["bonuses"] == [
        {"when": "battle", "effects": [{"op": "set_power", "value": 9}]}
    ]
    assert Card.objects.get(code="ZT-011").extra["bonuses"] == []  # the Empty bonus


def test_ztrike_demo_set_imports(tmp_path: Path) -> None:
    demo = Path(__file__).parents[2] / "cardpool" / "demo" / "ztrike-demo-cards.json"
    call_command("import_cards", "--game", "ztrike", str(demo), stdout=StringIO())
    assert Card.objects.get(code="ZD-RC").extra["bonuses"][0]["when"] == "battle"


def test_ztrike_bonus_with_an_unknown_timing_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "ztrike.json"
    path.write_text(
        '[{"id": "ZT-012", "name": "X", "colour": "red", "power": 1, '
        '"victory_points": 1, "bonuses": [{"when": "later", "effects": []}]}]'
    )
    with pytest.raises(CommandError, match=r"bonuses\[0\]\.when"):
        call_command("import_cards", "--game", "ztrike", str(path))


def test_csv_power_over_ten_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "ztrike.csv"
    path.write_text("id,name,colour,power\nZT-009,Too Strong,blue,11\n", encoding="utf-8")
    with pytest.raises(CommandError, match=r"record 1 .*field 'power': 11 is outside 0\.\.10"):
        call_command("import_cards", "--game", "ztrike", str(path))
    assert Card.objects.count() == 0


def test_command_prints_a_summary_and_is_idempotent() -> None:
    out = StringIO()
    call_command("import_cards", "--game", "zutomayo", str(DEMO_CARDS), stdout=out)
    call_command("import_cards", "--game", "zutomayo", str(DEMO_CARDS), stdout=out)
    lines = out.getvalue().splitlines()
    assert "24 created, 0 updated, 0 unchanged" in lines[0]
    assert "0 created, 0 updated, 24 unchanged" in lines[1]


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("{not json", r"not valid JSON \(line 1"),
        ('{"a": 1}', "expected a list of card objects"),
        ("[]", "holds no card records"),
        ("[1, 2]", "record 1: expected an object"),
    ],
)
def test_command_refuses_unusable_files(tmp_path: Path, content: str, message: str) -> None:
    path = tmp_path / "cards.json"
    path.write_text(content, encoding="utf-8")
    with pytest.raises(CommandError, match=message):
        call_command("import_cards", "--game", "zutomayo", str(path))


def test_command_refuses_binary_files(tmp_path: Path) -> None:
    path = tmp_path / "cards.json"
    path.write_bytes(b"\x89PNG\r\n\x1a\n\x00\x00")
    with pytest.raises(CommandError, match=r"cannot read|binary"):
        call_command("import_cards", "--game", "zutomayo", str(path))


def test_real_card_pool_imports(shared_dir: Path) -> None:
    records = json.loads((shared_dir / "data" / "zutomayo" / "cards.json").read_text("utf-8"))
    summary = card_import(game_slug="zutomayo", records=copy.deepcopy(records), source="real")
    assert summary.created == 425
    azuki = json.loads((shared_dir / "data" / "azuki" / "cards.json").read_text("utf-8"))
    assert card_import(game_slug="azuki", records=azuki, source="real").created == 92
    raizan = Card.objects.get(game__slug="azuki", code="STT01-001")
    assert raizan.card_type == "leader"
    assert len(raizan.variants) == 2


# --- importer checks: bad card data is refused before it is stored ------------------------------


def _zutomayo(code: str, pack: str, number: int, **extra: Any) -> dict[str, Any]:
    record = {
        "id": code, "pack": pack, "number": number, "name_ja": f"カード{code}",
        "type": "enchant", "element": "flame", "clock": 1, "power_cost": 1, "rarity": "N",
    }  # fmt: skip
    record.update(extra)
    return record


def _problems(game: str, records: list[dict[str, Any]]) -> list[str]:
    with pytest.raises(InvalidInputError) as caught:
        card_import(game_slug=game, records=records, source="t")
    problems = caught.value.extra["problems"]
    assert isinstance(problems, list | tuple)
    return [str(problem) for problem in problems]


def test_a_second_record_for_one_pack_and_number_is_refused() -> None:
    records = [_zutomayo("1st_10", "1st", 10), _zutomayo("1st_010", "1st", 10)]
    (problem,) = _problems("zutomayo", records)
    assert problem.startswith("record 2 (id '1st_010'), field 'id'")
    assert "already record 1" in problem


def test_a_second_printing_with_a_suffix_is_accepted() -> None:
    summary = card_import(
        game_slug="zutomayo",
        records=[_zutomayo("1st_5", "1st", 5), _zutomayo("1st_5_SE", "1st", 5, rarity="SE")],
        source="t",
    )
    assert summary.created == 2


def test_a_pack_and_number_already_stored_under_another_id_is_refused() -> None:
    card_import(game_slug="zutomayo", records=[_zutomayo("1st_10", "1st", 10)], source="a")
    (problem,) = _problems("zutomayo", [_zutomayo("1st_010", "1st", 10)])
    assert "record 1 (id '1st_010')" in problem
    assert "already the stored card '1st_10'" in problem


@pytest.mark.parametrize(
    ("game", "record", "fragment"),
    [
        ("zutomayo", _zutomayo("10_1st", "1st", 10), "is not <pack>_<number>"),
        ("zutomayo", _zutomayo("1st_11", "1st", 10), "does not agree with pack '1st'"),
        ("zutomayo", _zutomayo("2nd_10", "1st", 10), "does not agree"),
        ("azuki", {"id": "STT01_001", "set": "STT01", "name": "X", "card_type": "entity",
                   "element": "fire"}, "is not a set code"),
        ("azuki", {"id": "STT02-001", "set": "STT01", "name": "X", "card_type": "entity",
                   "element": "fire"}, "does not begin with its set 'STT01'"),
        ("ztrike", {"id": "ZX 01", "name": "X", "colour": "red", "power": 1,
                    "victory_points": 1}, "is not a Card ID"),
    ],
)  # fmt: skip
def test_each_games_id_convention(game: str, record: dict[str, Any], fragment: str) -> None:
    (problem,) = _problems(game, [record])
    assert "field 'id'" in problem
    assert fragment in problem


def test_stored_cards_missing_from_the_file_are_kept_and_listed() -> None:
    card_import(
        game_slug="zutomayo",
        records=[_zutomayo("1st_1", "1st", 1), _zutomayo("1st_2", "1st", 2)],
        source="a",
    )
    summary = card_import(game_slug="zutomayo", records=[_zutomayo("1st_1", "1st", 1)], source="b")
    assert summary.missing == ("1st_2",)
    assert summary.as_dict()["missing"] == ["1st_2"]
    assert Card.objects.filter(code="1st_2").exists()


@pytest.mark.parametrize(
    ("element", "stored"),
    [("lightning/water", ["lightning", "water"]), ("fire, water", ["fire", "water"]),
     (["earth", "fire"], ["earth", "fire"]), ("normal", ["neutral"]), ("Water", ["water"])],
)  # fmt: skip
def test_azuki_elements_as_the_pure_loader_reads_them(element: Any, stored: list[str]) -> None:
    record = {"id": "STT01-001", "set": "STT01", "name": "X", "card_type": "entity",
              "element": element}  # fmt: skip
    card_import(game_slug="azuki", records=[record], source="t")
    card = Card.objects.get(code="STT01-001")
    assert card.elements == stored
    assert card.element == "|".join(stored)


def test_ztrike_accepts_the_loaders_other_key_names() -> None:
    record = {"card_id": "ZX-001", "name": "X", "color": "red", "power": 3, "vp": 2}
    card_import(game_slug="ztrike", records=[record], source="t")
    card = Card.objects.get(code="ZX-001")
    assert (card.colour, card.power, card.victory_points) == ("red", 3, 2)


def test_a_zutomayo_id_may_be_left_to_pack_and_number() -> None:
    record = _zutomayo("", "1st", 7)
    del record["id"]
    card_import(game_slug="zutomayo", records=[record], source="t")
    assert Card.objects.filter(code="1st_7").exists()
