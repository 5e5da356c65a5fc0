"""The judge-facing texts in plain words (issue 15): names, verdict words, claims as sentences."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

from judging.engine import CardCatalogue, replay_record

C42 = Path(__file__).parent / "replays" / "design_example_c42.json"
CODES = ("CONSISTENT", "CONTRADICTED", "ILLEGAL_INPUT", "DEPENDS_ON", "UNDETERMINED")


def _c42(cards: CardCatalogue, **extra: Any) -> dict[str, Any]:
    record: dict[str, Any] = json.loads(C42.read_text(encoding="utf-8"))["record"]
    record.update(extra)
    return record


def test_japanese_text_has_no_codes_paths_or_none(cards: CardCatalogue) -> None:
    text = replay_record(_c42(cards), cards=cards).to_text("ja")
    for code in (*CODES, "None", "players[", "chronos.", "battle.", "P0", "P1", "ZA-"):
        assert code not in text, code
    assert "矛盾" in text
    assert "一致" in text
    # Design 4.6: D says it was night; the medal is on 12 (day) after 5.2.4 (rule 3.8.4).
    assert "時間帯は夜：矛盾 [5.2.4.1, 3.8.2, 3.8.4]。リプレイでは昼" in text
    assert "BoのHPは70：一致" in text
    assert "クロノスのどのマークが夜か？ → 14〜17と0〜4が夜" in text


def test_english_text_names_the_players(cards: CardCatalogue) -> None:
    text = replay_record(_c42(cards), cards=cards).to_text("en")
    assert not re.search(r"\bP[01]\b", text)
    assert "Bo's HP is 70: consistent" in text
    assert "the winner of the battle is Bo: contradicted" in text


def test_a_claim_that_a_zone_holds_a_card(cards: CardCatalogue) -> None:
    """W left Bo's battle zone for the power charger at T3/5.2.5 (5.2.5.2): "contains" is
    consistent for W and contradicted for V, which stayed in Ann's battle zone."""
    claims = [
        {"party": "1", "at": "T3", "path": "players[1].power_charger", "op": "contains",
         "value": "Z_W"},
        {"party": "0", "at": "T3", "path": "players[1].power_charger", "op": "contains",
         "value": "Z_V"},
    ]  # fmt: skip
    report = replay_record(_c42(cards, claims=claims), cards=cards)
    assert [c.status for c in report.claims] == ["CONSISTENT", "CONTRADICTED"]
    assert "Bo's power charger holds W" in report.to_text("en")
