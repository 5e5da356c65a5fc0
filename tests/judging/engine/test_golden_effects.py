"""Golden scenarios with real cards whose effects run by themselves (golden_effects/*.json).

Each file holds a record and what the card texts, the ground rules and the Q&A say must come of
it, worked out by hand (the title says how); checked as the golden scenarios are. A file may give
invented cards in the record's own ``cards`` and their encoding (``encoding``: card id → effect, in
the shape of ``cardeffects/encoding/<pack>.json``), written from their Japanese texts.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from judging.engine import CardCatalogue, replay_record
from judging.engine.zutomayo.cardeffects.status import FORMAT, parse_encoding

from .test_golden import check_golden

FILES = sorted((Path(__file__).parent / "golden_effects").glob("*.json"))


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_golden_with_effects(path: Path, real_cards: CardCatalogue) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    extra = data.get("encoding")
    encoding = parse_encoding({"format": FORMAT, "cards": extra}) if extra else None
    report = replay_record(data["record"], cards=real_cards, encoding=encoding)
    check_golden(report, data["expect"])
    assert not report.undescribed_effects, "every card here runs by itself"


def test_there_are_goldens_with_effects() -> None:
    assert len(FILES) >= 14


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_golden_with_effects_follows_the_schema(path: Path) -> None:
    """The JSON Schema (version 2) documents every field these records use, choices included."""
    import jsonschema  # type: ignore[import-untyped]  # the dev venv has no jsonschema stubs

    from judging.engine.zutomayo.record import schema

    jsonschema.validate(json.loads(path.read_text(encoding="utf-8"))["record"], schema())
