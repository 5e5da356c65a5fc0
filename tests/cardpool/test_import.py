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
