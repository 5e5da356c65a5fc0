"""The encoded pool, checked against the cards: structure written from each card's Japanese text.

Card texts are read from the shared data folder at test time. The expected values below were typed
by hand from the Japanese texts of 1st_53 (night, +30), 1st_28 (reduce 40 when damaged), 1st_91
(opponent's character flame or wind, +20) and 1st_32 (own HP 30 or less, +50).
"""

from __future__ import annotations

import json
import os
import re
from pathlib import Path
from typing import Any

import pytest

from judging.engine.core.errors import RecordError
from judging.engine.core.jsontypes import JSON
from judging.engine.zutomayo.cardeffects.status import classify, encoding, text_sha256
from judging.engine.zutomayo.cardeffects.vocab import (
    ELEMENTS,
    Act,
    Cond,
    Duration,
    Timing,
    card_effect_from_json,
)

#: SHARED_DIR as in the settings (`make mutation` runs this file from its copy in mutants/).
SHARED = Path(os.environ.get("SHARED_DIR") or Path(__file__).resolve().parents[3].parent / "shared")
CARDS = SHARED / "data" / "zutomayo" / "cards.json"
pytestmark = pytest.mark.skipif(not CARDS.exists(), reason="shared card data not present")

AMOUNTLESS = frozenset(
    {
        # The one rule for every pack: these actions print no number, so they carry amount 0;
        # every other action's amount is printed in its text (digits, or a run of stars: ★★ is 2).
        # Typed from the phrases: 時計が真夜中になる / 時計を真昼にする / 好きな時間にする,
        # 時計を無効, このターンのはじまりの時間に戻る, 相手の時計分、時間が戻る, 昼夜逆転する,
        # 常に昼の攻撃力, お互いの自分のHPの分だけ, 軽減されない, 軽減した数値分, 一番上のカード,
        # 好きな枚数, 同じ数だけ / 同じ枚数, すべて, 公開する, 属性を…にする, 変えなくてもよい,
        # 以後…できない, 無効にする, 敗北する, and a card's own destination (アビスに置く).
        Act.ATTACK_SWAP_DAY_NIGHT,
        Act.OPP_ATTACK_SWAP_DAY_NIGHT,
        Act.ATTACK_ALWAYS_DAY,
        Act.ATTACK_PLUS_OWN_HP_BOTH,
        Act.DAMAGE_UNREDUCIBLE,
        Act.DAMAGE_REDUCED_THIS_TURN,
        Act.CLOCK_SET,
        Act.CLOCK_SET_MIDNIGHT,
        Act.CLOCK_SET_NOON,
        Act.CLOCK_SET_ANY,
        Act.CLOCK_NEGATE,
        Act.OPP_CHAR_CLOCK_NEGATE,
        Act.CLOCK_REWIND,
        Act.CLOCK_REWIND_BY_OPP_CLOCK,
        Act.DRAW_SAME_NUMBER,
        Act.OPP_MILL_SAME_NUMBER,
        Act.OPP_DECK_TOP_TO_OPP_ABYSS,
        Act.DECK_TOP_TO_POWER_OR_ABYSS,
        Act.HAND_TO_ABYSS_ANY,
        Act.HAND_TO_DECK_BOTTOM_ANY,
        Act.BOTH_POWER_TO_ABYSS,
        Act.OPP_AREA_TO_OPP_DECK_BOTTOM,
        Act.OPP_AREA_TO_OPP_DECK_TOP,
        Act.OPP_AREA_TO_OPP_ABYSS,
        Act.AREA_TO_ABYSS,
        Act.AREA_TO_POWER,
        Act.REVEAL,
        Act.REVEAL_OPP_DECK_TOP,
        Act.ELEMENT_SET,
        Act.OPTIONAL_KEEP,
        Act.PROHIBIT_OPP_AREA_ENCHANT,
        Act.NEGATE_OPP_ENCHANTS,
        Act.OTHERWISE_LOSE,
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
    printed in the text (no amount invented): digits, or a run of stars (SEND TO POWER★★ is 2). A
    condition without a threshold, and an action of ``AMOUNTLESS``, carries 0; every other action
    carries a printed number."""
    texts = {str(r["id"]): str(r.get("effect_ja") or "") for r in _rows()}
    for cid, effect in encoding().items():
        text = texts[cid]
        assert effect.text_sha256 == text_sha256(text), cid
        printed = {int(n) for n in re.findall(r"\d+", text)}
        printed |= {len(run) for run in re.findall(r"★+", text)}
        for clause in effect.clauses:
            for condition in (clause.condition, *clause.condition.parts):
                assert condition.amount in printed | {0}, cid
            for action in clause.actions:
                if action.code in AMOUNTLESS:
                    assert action.amount == 0, (cid, action.code)
                else:
                    assert action.amount in printed, (cid, action.code)
        first = effect.clauses[0].condition.codes()
        if "夜なら" in text and "真夜中" not in text:
            assert Cond.NIGHT.value in first, cid
        if "昼なら" in text:
            assert Cond.DAY.value in first, cid


def test_elements_are_the_five_of_the_rules_and_the_data() -> None:
    """2.3.2 and the basic rules: 闇・炎・電気・風・カオス, five; the card data spells them so."""
    assert ELEMENTS == ("darkness", "flame", "electric", "wind", "chaos")
    assert {r.get("element") for r in _rows()} == set(ELEMENTS)


def test_cards_that_count_elements() -> None:
    """N属性 / N種類の属性 counts any of the five, chaos too (2.3.2): no element listed; a text that
    names the four (闇・炎・電気・風の４属性: 3rd_8, 3rd_22) counts only those."""
    texts = {str(r["id"]): str(r.get("effect_ja") or "") for r in _rows()}
    four = ("darkness", "flame", "electric", "wind")
    seen: dict[str, tuple[str, ...]] = {}
    for cid, effect in encoding().items():
        for clause in effect.clauses:
            if clause.condition.code is Cond.ZONE_DISTINCT_ELEMENTS_AT_LEAST:
                named = "闇・炎・電気・風" in texts[cid]
                assert clause.condition.elements == (four if named else ()), cid
                seen[cid] = clause.condition.elements
    assert seen["3rd_8"] == seen["3rd_22"] == four
    assert seen["1st_7"] == seen["3rd_51"] == seen["4th_8"] == ()


def test_area_enchant_endings_have_one_shape() -> None:
    """Every area enchant ends by one clause of its own: its end condition, checked すぐに
    (time.immediately; also when no timing is written, Q12) or at ターンの終了時, with the
    destination (area.to_abyss / area.to_power) as the only action, armed while it is in play
    (6.1.3.3); every other clause of an area enchant is dur.while_on_field too. No other card
    uses a destination."""
    types = {str(r["id"]): r.get("type") for r in _rows()}
    destinations = {Act.AREA_TO_ABYSS, Act.AREA_TO_POWER}
    for cid, effect in encoding().items():
        ends = [c for c in effect.clauses if {a.code for a in c.actions} & destinations]
        assert len(ends) == (1 if types[cid] == "area_enchant" else 0), cid
        if types[cid] == "area_enchant":
            # its effect takes effect each turn while it is in play, as its ending is checked
            assert {c.duration for c in effect.clauses} == {Duration.WHILE_ON_FIELD}, cid
        for end in ends:
            assert len(end.actions) == 1, cid
            assert end.timing in (Timing.IMMEDIATELY, Timing.END_OF_TURN), cid
            assert end.duration is Duration.WHILE_ON_FIELD, cid


@pytest.mark.parametrize(
    "ending",
    [
        # a second action beside the destination
        {"actions": [{"code": "area.to_abyss"}, {"code": "act.draw", "amount": 1}]},
        # checked at the effect step, not すぐに or ターンの終了時
        {"actions": [{"code": "area.to_power"}], "duration": "dur.while_on_field"},
        # not armed while the card is in play
        {"actions": [{"code": "area.to_abyss"}], "timing": "time.end_of_turn"},
    ],
)
def test_an_ending_of_another_shape_is_refused(ending: JSON) -> None:
    with pytest.raises(RecordError, match="ending clause"):
        card_effect_from_json("x", {"sha256": "0" * 64, "clauses": [ending]}, "cards.x")


def test_codes_report_every_duration() -> None:
    """codes() names every clause's duration, dur.this_turn included (1st_53: 夜なら攻撃力+30)."""
    assert encoding()["1st_53"].codes() == (
        "cond.night",
        "time.effect_step",
        "dur.this_turn",
        "act.attack_plus",
    )


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
    # A card is "automated" only if a test written from its text runs it (test_card_effects_run
    # and each family's cardeffects/test_run_*.py, by their TESTED_CARDS).
    automated = {c["id"] for c in cards if c["status"] == "automated"}
    assert counts["automated"] == len(automated)
    tested = run_tested_cards()
    assert automated <= tested, sorted(automated - tested)


def run_tested_cards() -> frozenset[str]:
    """The union of the ``TESTED_CARDS`` of the run tests: test_card_effects_run and every
    ``cardeffects/test_run_*.py`` (one per executor family)."""
    import importlib

    from tests.judging.engine.test_card_effects_run import TESTED_CARDS

    tested = set(TESTED_CARDS)
    for path in sorted((Path(__file__).parent / "cardeffects").glob("test_run_*.py")):
        module = importlib.import_module(f"tests.judging.engine.cardeffects.{path.stem}")
        tested |= module.TESTED_CARDS  # every family's run tests say which cards they run
    return frozenset(tested)


def test_text_changed_and_not_encoded() -> None:
    rows = [{"id": "1st_53", "effect_ja": "夜なら攻撃力+40"}, {"id": "9th_1", "effect_ja": "x"}]
    cards = classify(rows)["cards"]
    assert cards == [
        {"id": "1st_53", "status": "manual", "missing": ["text_changed"]},
        {"id": "9th_1", "status": "manual", "missing": ["not_encoded"]},
    ]
