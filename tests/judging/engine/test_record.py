"""The record format: the shipped schema and the pure-Python reader agree; errors name fields."""

from __future__ import annotations

import copy
import json
from typing import Any

import jsonschema  # type: ignore[import-untyped]  # the dev venv has no jsonschema stubs
import pytest

from judging.engine import CardCatalogue, RecordError, parse_record, schema
from judging.engine.zutomayo.record import load_record_text

from .test_golden import FILES, load


def _valid() -> dict[str, Any]:
    return copy.deepcopy(load(FILES[0])["record"])


def test_schema_is_a_valid_json_schema() -> None:
    jsonschema.Draft202012Validator.check_schema(schema())


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_goldens_match_the_schema(path: Any) -> None:
    jsonschema.validate(load(path)["record"], schema())


@pytest.mark.parametrize(
    ("mutate", "field"),
    [
        (lambda r: r.update(format="zutomayo-game/9"), "format"),
        (lambda r: r.update(night_side=2), "night_side"),
        (lambda r: r.update(players=[r["players"][0]]), "players"),
        (lambda r: r["players"][1].update(deck="T_1"), "players[1].deck"),
        (lambda r: r["players"][0]["deck"].__setitem__(3, "NOPE"), "players[0].deck[3]"),
        (lambda r: r["turns"][0]["set"][0].update(A=5), "turns[0].set[0].A"),
        (
            lambda r: r["turns"][0].update(effects=[{"player": 0, "op": "explode"}]),
            "turns[0].effects[0].op",
        ),
        (
            lambda r: r["turns"][0].update(effects=[{"player": 0, "op": "heal"}]),
            "turns[0].effects[0].amount",
        ),
        (lambda r: r.update(profile={"ZA-01": "ROUND"}), "profile.ZA-01"),
        (
            lambda r: r.update(
                claims=[{"party": "x", "at": "turn 3", "path": "medal", "value": 1}]
            ),
            "claims[0].at",
        ),
        (
            lambda r: r.update(claims=[{"party": "x", "at": "T3", "path": "mood", "value": 1}]),
            "claims[0].path",
        ),
        (lambda r: r.update(extra=1), "record.extra"),
    ],
)
def test_bad_records_name_the_field(mutate: Any, field: str, cards: CardCatalogue) -> None:
    record = _valid()
    mutate(record)
    with pytest.raises(RecordError) as info:
        parse_record(record, cards)
    assert info.value.path == field
    if not field.startswith("players[0].deck["):  # unknown ids are not a schema matter
        with pytest.raises(jsonschema.ValidationError):
            jsonschema.validate(record, schema())


def test_not_json_is_a_record_error(cards: CardCatalogue) -> None:
    with pytest.raises(RecordError, match="not valid JSON"):
        load_record_text("{", cards)


def test_record_cards_extend_the_catalogue() -> None:
    record = _valid()
    record["cards"] = json.loads(
        (FILES[0].parent.parent / "invented_cards.json").read_text(encoding="utf-8")
    )
    parsed = parse_record(record, None)
    assert "T_1" in parsed.cards


def test_catalogue_from_cards_json_shape_reports_bad_field() -> None:
    with pytest.raises(RecordError) as info:
        CardCatalogue.from_dicts([{"id": "X", "type": "monster"}])
    assert info.value.path == "cards[0].type"


def test_real_catalogue_loads(real_cards: CardCatalogue) -> None:
    assert len(real_cards.cards) == 425
    card = real_cards.get("1st_1")
    assert card is not None
    assert card.send_to_power is None
    assert card.attack_night == 130


def test_schema_requires_decks_without_a_snapshot(cards: CardCatalogue) -> None:
    record = _valid()
    del record["players"][0]["deck"]
    with pytest.raises(RecordError) as info:
        parse_record(record, cards)
    assert info.value.path == "players[0].deck"
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(record, schema())


def test_random_game_records_match_the_schema(cards: CardCatalogue) -> None:
    import random

    from judging.engine import random_game

    for seed in range(5):
        jsonschema.validate(random_game(random.Random(seed), cards).data, schema())
