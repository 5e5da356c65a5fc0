from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from cardpool.services import card_import

DEMO_CARDS = Path(__file__).resolve().parents[2] / "cardpool" / "demo" / "zutomayo-demo-cards.json"


def demo_records() -> list[dict[str, Any]]:
    records: list[dict[str, Any]] = json.loads(DEMO_CARDS.read_text(encoding="utf-8"))["cards"]
    return records


@pytest.fixture
def demo_cards(db: None) -> list[dict[str, Any]]:
    records = demo_records()
    card_import(game_slug="zutomayo", records=records, source="demo", is_demo=True)
    return records
