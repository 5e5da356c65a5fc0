"""The encoded pool (issue 14): structure written from each card's Japanese text.

Card texts are read from ../shared at test time. The expected values below were typed by hand
from the Japanese texts of 1st_53 (night, +30), 1st_28 (reduce 40 when damaged), 1st_91
(opponent's character flame or wind, +20) and 1st_32 (own HP 30 or less, +50).
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from judging.engine.zutomayo.cardeffects.status import classify, encoding, text_sha256
from judging.engine.zutomayo.cardeffects.vocab import Act, Cond, Timing

CARDS = Path(__file__).resolve().parents[3].parent / "shared" / "data" / "zutomayo" / "cards.json"
pytestmark = pytest.mark.skipif(not CARDS.exists(), reason="shared card data not present")


def _rows() -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = json.loads(CARDS.read_text(encoding="utf-8"))
    return rows


def test_hand_written_cards() -> None:
    enc = encoding()
    night = enc["1st_53"].clauses[0]
    assert (night.condition.code, night.actions[0].code, night.actions[0].amount) == (
        Cond.NIGHT,
        Act.ATTACK_PLUS,
        30,
    )
    reduce = enc["1st_28"].clauses[0]
    assert (reduce.timing, reduce.actions[0].code, reduce.actions[0].amount) == (
        Timing.ON_DAMAGE,
        Act.REDUCE_DAMAGE,
        40,
    )
    both = enc["1st_91"].clauses[0].condition
    assert (both.code, both.elements) == (Cond.OPP_CHAR_ELEMENT, ("flame", "wind"))
    hp = enc["1st_32"].clauses[0]
    assert (hp.condition.code, hp.condition.amount, hp.actions[0].amount) == (
        Cond.OWN_HP_AT_MOST,
        30,
        50,
    )


def test_every_encoded_card_matches_its_text() -> None:
    """Each encoded card's hash is of its current effect_ja, and every number in the structure is
    printed in the text (no amount invented)."""
    texts = {str(r["id"]): str(r.get("effect_ja") or "") for r in _rows()}
    for cid, effect in encoding().items():
        text = texts[cid]
        assert effect.text_sha256 == text_sha256(text), cid
        printed = {int(n) for n in re.findall(r"\d+", text)}
        for clause in effect.clauses:
            assert clause.condition.amount in printed | {0}, cid
            for action in clause.actions:
                assert action.amount in printed, cid
        if "夜なら" in text and "真夜中" not in text:
            assert effect.clauses[0].condition.code == Cond.NIGHT, cid
        if "昼なら" in text:
            assert effect.clauses[0].condition.code == Cond.DAY, cid


def test_command_counts_and_order() -> None:
    rows = _rows()
    report: dict[str, Any] = classify(rows)
    ids = [r["id"] for r in rows if r.get("effect_ja")]
    cards = report["cards"]
    assert isinstance(cards, list)
    assert [c["id"] for c in cards] == ids
    counts = report["counts"]
    assert isinstance(counts, dict)
    assert sum(counts.values()) == 253
    # A card is "automated" only if a test written from its text runs it (test_card_effects_run).
    from tests.judging.engine.test_card_effects_run import TESTED_CARDS

    automated = {c["id"] for c in cards if c["status"] == "automated"}
    assert counts["automated"] == len(automated)
    assert automated <= TESTED_CARDS, sorted(automated - TESTED_CARDS)


def test_text_changed_and_not_encoded() -> None:
    rows = [{"id": "1st_53", "effect_ja": "夜なら攻撃力+40"}, {"id": "9th_1", "effect_ja": "x"}]
    cards = classify(rows)["cards"]
    assert cards == [
        {"id": "1st_53", "status": "manual", "missing": ["text_changed"]},
        {"id": "9th_1", "status": "manual", "missing": ["not_encoded"]},
    ]
