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

AMOUNTLESS = frozenset(
    {
        # Actions whose text prints no number (amount 0); every other action's amount is printed.
        Act.CLOCK_TO_MIDNIGHT,
        Act.CLOCK_TO_NOON,
        Act.OPP_AREA_TO_OPP_DECK_BOTTOM,
        Act.OPP_AREA_TO_OPP_DECK_TOP,
        Act.REVEAL_OPP_HAND,
        Act.PROHIBIT_OPP_AREA_ENCHANT,
        Act.SELF_TO_ABYSS,
        Act.SELF_TO_POWER,
        Act.ATTACK_PLUS_OWN_HP_BOTH,
        Act.REVEAL_OPP_DECK_TOP,
    }
)


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
    printed in the text (no amount invented): digits, or a run of stars (★★ is 2). An action
    with nothing to count (a reveal, "otherwise you lose") has amount 0."""
    texts = {str(r["id"]): str(r.get("effect_ja") or "") for r in _rows()}
    for cid, effect in encoding().items():
        text = texts[cid]
        assert effect.text_sha256 == text_sha256(text), cid
        # A number is printed as digits, or as a run of stars (SEND TO POWER★★ is 2); 0 is "no
        # amount" (一番上のカード, 時計が真夜中になる).
        printed = {int(n) for n in re.findall(r"\d+", text)}
        printed |= {len(run) for run in re.findall(r"★+", text)} | {0}
        for clause in effect.clauses:
            for condition in (clause.condition, *clause.condition.parts):
                assert condition.amount in printed, cid
            for action in clause.actions:
                assert action.amount in printed | {0}, cid
        if "夜なら" in text and "真夜中" not in text:
            assert Cond.NIGHT.value in first, cid
        if "昼なら" in text:
            assert Cond.DAY.value in first, cid


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
    # Nothing runs by itself yet (EXECUTED is empty): no card may claim "automated".
    assert counts["automated"] == 0


def test_text_changed_and_not_encoded() -> None:
    rows = [{"id": "1st_53", "effect_ja": "夜なら攻撃力+40"}, {"id": "9th_1", "effect_ja": "x"}]
    cards = classify(rows)["cards"]
    assert cards == [
        {"id": "1st_53", "status": "manual", "missing": ["text_changed"]},
        {"id": "9th_1", "status": "manual", "missing": ["not_encoded"]},
    ]
