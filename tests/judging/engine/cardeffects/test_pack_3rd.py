"""Pack 3rd ("Off Minor"): every encoded card against its Japanese text, written by hand.

Each row gives the card id, the phrase of its ``effect_ja`` that decides the encoding (it must be
in the card's current text, read from the shared data folder at test time), the clauses expected as
read from that phrase, the official Q&A entries that decide how the card works (its
``rules/zutomayo-qa.ja.json``, each must name the card) and whether the text is an erratum's
corrected text (``zutomayo-errata.ja.json``: 3rd_8 errata-007, 3rd_22 errata-008, 3rd_31
errata-009).

Readings the Q&A settles, in the rows below:
- Q15 (3rd_5): 時計を真夜中にする resolves in the priority player's order, after the clock step.
- Q16 (3rd_58): 30ダメージ以上を受けたなら、すぐに: the card leaves at once, before the end of the
  turn, so its turn-end heal is not used: the ending clause is ``time.immediately``.
- Q25/Q26/Q61 (3rd_27): the turn-end 50 damage is not battle (no effect on who won), two copies
  add up, and it works with no character in the battle zone: no condition.
- Q27 (3rd_31, 3rd_32): the card put into the abyss counts for an abyss condition resolved later.
- Q28 (3rd_55): "cannot set" lasts while the card is in set zone C (``dur.while_on_field``).
- Q29 (2nd_64, the same words 相手のHPが30以下になったターンの終了時): "the turn it became N or
  less" is checked at the end of the turn as the state then, so 3rd_64's and the abyss-count
  endings (3rd_86/92/98/104) are ``time.end_of_turn`` conditions on the state.
- Q31 (3rd_61): the clocks are 1 from the next turn's clock step: ``time.start_of_turn``.
- Q32 (3rd_14): the move resolves in the priority player's order.
- Q33 (3rd_64): both players, each its own remaining HP, when attack is decided: ``time.battle``.
- Q35/Q45/Q46 (3rd_97): the revealed card goes back on top; at ★6 or more the card goes to the
  power charger at once (``time.immediately``), where it gives no power.
- Q50 (3rd_47 and every カード名を１つ指定する card): the full name, brackets included.
- Q54 (3rd_28): +80 is applied at its own moment, after an earlier floor at 0.

Readings from the text alone (no Q&A): a text with no subject means this card's player (アビス,
パワーチャージャー, HP, 受けた, 選んで); the opponent is named when meant (相手は…公開する, 3rd_97).
３属性のカードがある (3rd_51, 3rd_62) lists no element: any three of the five (2.3.2, chaos
included; four also has three), where 3rd_8/3rd_22 list the four and chaos does not count.
An area enchant's effect keeps taking effect each turn (6.1.3.3: ``dur.while_on_field``); its
ending is a clause of its own with the destination as action, ``すぐに`` immediate and
``ターンの終了時`` at the end of the turn (6.1.3.5, Q10, Q12).
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any

import pytest

from judging.engine.core.errors import RecordError
from judging.engine.zutomayo.cardeffects.status import classify, encoding
from judging.engine.zutomayo.cardeffects.vocab import (
    Act,
    Action,
    Clause,
    Cond,
    Condition,
    Duration,
    Timing,
    Zone,
    card_effect_from_json,
)

#: SHARED_DIR as in the settings (`make mutation` runs this file from its copy in mutants/).
SHARED = Path(os.environ.get("SHARED_DIR") or Path(__file__).resolve().parents[4].parent / "shared")
CARDS = SHARED / "data" / "zutomayo" / "cards.json"
QA = SHARED / "rules" / "zutomayo-qa.ja.json"
ERRATA = SHARED / "rules" / "zutomayo-errata.ja.json"
pytestmark = pytest.mark.skipif(not CARDS.exists(), reason="shared card data not present")

W = Duration.WHILE_ON_FIELD
FOUR = ("darkness", "flame", "electric", "wind")


def cond(
    code: Cond, amount: int = 0, zone: Zone | None = None, elements: tuple[str, ...] = ()
) -> Condition:
    return Condition(code=code, elements=elements, amount=amount, zone=zone)


def act(
    code: Act, amount: int = 0, zone: Zone | None = None, elements: tuple[str, ...] = ()
) -> Action:
    return Action(code=code, amount=amount, zone=zone, elements=elements)


def clause(
    c: Condition,
    *actions: Action,
    timing: Timing = Timing.EFFECT_STEP,
    duration: Duration = Duration.THIS_TURN,
) -> Clause:
    return Clause(condition=c, actions=actions, timing=timing, duration=duration)


ALWAYS = cond(Cond.ALWAYS)


def plus(c: Condition, n: int, duration: Duration = Duration.THIS_TURN) -> Clause:
    return clause(c, act(Act.ATTACK_PLUS, n), duration=duration)


def only(zone: Zone, element: str, n: int) -> tuple[Clause, ...]:
    """…のカードがX属性だけだったなら攻撃力+N."""
    return (plus(cond(Cond.ZONE_ELEMENT_ONLY, zone=zone, elements=(element,)), n),)


def abyss_count(element: str, k: int, n: int) -> tuple[Clause, ...]:
    """アビスにX属性のカードがK枚以上あるなら攻撃力+N."""
    c = cond(Cond.ZONE_ELEMENT_COUNT_AT_LEAST, k, Zone.OWN_ABYSS, (element,))
    return (plus(c, n),)


def named(n: int) -> tuple[Clause, ...]:
    """カード名を１つ指定する。相手の手札から１枚を選んで公開し、そのカード名のカードなら攻撃力+N."""
    return (
        clause(ALWAYS, act(Act.NAME_CARD, 1), act(Act.REVEAL_FROM_OPP_HAND, 1)),
        plus(cond(Cond.REVEALED_IS_NAMED), n),
    )


def per_abyss(element: str) -> tuple[Clause, ...]:
    """アビスのX属性のカード１枚につき、攻撃力+10。アビスのカードが４枚以上になったターンの終了時にアビスに置く."""
    return (
        clause(ALWAYS, act(Act.ATTACK_PLUS_PER, 10, Zone.OWN_ABYSS, (element,)), duration=W),
        clause(
            cond(Cond.ZONE_COUNT_AT_LEAST, 4, Zone.OWN_ABYSS),
            act(Act.AREA_TO_ABYSS),
            timing=Timing.END_OF_TURN,
            duration=W,
        ),
    )


def ends(c: Condition, to: Act, timing: Timing) -> Clause:
    """An area enchant's end condition and destination (6.1.3.3, Q10, Q12)."""
    return clause(c, act(to), timing=timing, duration=W)


OPP_PUT_ABYSS = cond(Cond.OPP_PUT_TO_ABYSS_THIS_TURN)
DAMAGED_30 = cond(Cond.OWN_DAMAGED_AT_LEAST, 30)
OP, OWP, OA = Zone.OPP_POWER, Zone.OWN_POWER, Zone.OWN_ABYSS

# (card id, deciding phrase of effect_ja, expected clauses, Q&A naming the card, erratum text)
TABLE: list[tuple[str, str, tuple[Clause, ...], tuple[str, ...], bool]] = [
    (
        "3rd_5",
        "HPが相手のHPより少ないなら、時計を真夜中にする",
        (clause(cond(Cond.OWN_HP_BELOW_OPP), act(Act.CLOCK_SET_MIDNIGHT)),),
        ("Q15",),
        False,
    ),
    (
        "3rd_7",
        "HPが相手のHPより少ないなら、時計を真昼にする",
        (clause(cond(Cond.OWN_HP_BELOW_OPP), act(Act.CLOCK_SET_NOON)),),
        (),
        False,
    ),
    (
        "3rd_8",
        "アビスに闇・炎・電気・風の４属性のカードがあるなら攻撃力+100",
        (plus(cond(Cond.ZONE_DISTINCT_ELEMENTS_AT_LEAST, 4, OA, FOUR), 100),),
        (),
        True,
    ),
    (
        "3rd_11",
        "相手のパワーチャージャーのカードが風属性だけだったなら攻撃力+40",
        only(OP, "wind", 40),
        (),
        False,
    ),
    (
        "3rd_14",
        "相手のエリアエンチャントを相手のデッキの底に置く",
        (clause(ALWAYS, act(Act.OPP_AREA_TO_OPP_DECK_BOTTOM)),),
        ("Q32",),
        False,
    ),
    (
        "3rd_17",
        "相手のパワーチャージャーのカードが闇属性だけだったなら攻撃力+40",
        only(OP, "darkness", 40),
        (),
        False,
    ),
    (
        "3rd_19",
        "パワーチャージャーのカードが電気属性だけだったなら攻撃力+30",
        only(OWP, "electric", 30),
        (),
        False,
    ),
    (
        "3rd_21",
        "相手のエリアエンチャントを相手のデッキの上に置く",
        (clause(ALWAYS, act(Act.OPP_AREA_TO_OPP_DECK_TOP)),),
        (),
        False,
    ),
    (
        "3rd_22",
        "アビスに闇・炎・電気・風の４属性のカードがあるなら攻撃力+40",
        (plus(cond(Cond.ZONE_DISTINCT_ELEMENTS_AT_LEAST, 4, OA, FOUR), 40),),
        (),
        True,
    ),
    (
        "3rd_23",
        "相手のパワーチャージャーのカードが炎属性だけだったなら攻撃力+40",
        only(OP, "flame", 40),
        (),
        False,
    ),
    (
        "3rd_26",
        "真夜中の前後２マスも真夜中として扱う",
        (clause(ALWAYS, act(Act.MIDNIGHT_WIDEN, 2)),),
        (),
        False,
    ),
    (
        "3rd_27",
        "相手のHPを50回復させ、ターン終了時に50ダメージを与える",
        (
            clause(ALWAYS, act(Act.HEAL_OPP, 50)),
            clause(ALWAYS, act(Act.DAMAGE, 50), timing=Timing.END_OF_TURN),
        ),
        ("Q25", "Q26", "Q61"),
        False,
    ),
    (
        "3rd_28",
        "パワーチャージャーのカードが炎属性だけだったなら攻撃力+80",
        only(OWP, "flame", 80),
        ("Q54",),
        False,
    ),
    (
        "3rd_30",
        "アビスに電気属性のカードが３枚以上あるなら攻撃力+70",
        abyss_count("electric", 3, 70),
        (),
        False,
    ),
    (
        "3rd_31",
        "手札からパワーの有無に関わらずカード１枚を選び、アビスに置く。\nデッキからカードを１枚引く",
        (clause(ALWAYS, act(Act.HAND_TO_ABYSS, 1), act(Act.DRAW, 1)),),
        ("Q27",),
        True,
    ),
    (
        "3rd_32",
        "アビスに風属性のカードが３枚以上あるなら攻撃力+80",
        abyss_count("wind", 3, 80),
        ("Q27",),
        False,
    ),
    (
        "3rd_33",
        "昼なら、時計を２つ進める",
        (clause(cond(Cond.DAY), act(Act.CLOCK_ADVANCE, 2)),),
        (),
        False,
    ),
    (
        "3rd_36",
        "パワーチャージャーのカードが闇属性だけだったなら攻撃力+30",
        only(OWP, "darkness", 30),
        (),
        False,
    ),
    (
        "3rd_39",
        "相手のパワーチャージャーのカードが電気属性だけだったなら攻撃力+50",
        only(OP, "electric", 50),
        (),
        False,
    ),
    (
        "3rd_40",
        "パワーチャージャーのカードが炎属性だけだったなら攻撃力+20",
        only(OWP, "flame", 20),
        (),
        False,
    ),
    (
        "3rd_45",
        "相手の手札を公開する",
        (clause(ALWAYS, act(Act.REVEAL, zone=Zone.OPP_HAND)),),
        (),
        False,
    ),
    ("3rd_47", "そのカード名のカードなら攻撃力+50", named(50), ("Q50",), False),
    (
        "3rd_51",
        "アビスに３属性のカードがあるなら攻撃力+40",
        (plus(cond(Cond.ZONE_DISTINCT_ELEMENTS_AT_LEAST, 3, OA), 40),),
        (),
        False,
    ),
    (
        "3rd_52",
        "パワーチャージャーのカードが風属性だけだったなら攻撃力+40",
        only(OWP, "wind", 40),
        (),
        False,
    ),
    (
        "3rd_55",
        "相手のエリアエンチャントをデッキの底に戻し、以後相手はエリアエンチャントをセットできない",
        (
            clause(
                ALWAYS,
                act(Act.OPP_AREA_TO_OPP_DECK_BOTTOM),
                act(Act.PROHIBIT_OPP_AREA_ENCHANT),
                duration=W,
            ),
            ends(OPP_PUT_ABYSS, Act.AREA_TO_POWER, Timing.END_OF_TURN),
        ),
        ("Q28",),
        False,
    ),
    (
        "3rd_56",
        "パワーチャージャーのカードが３枚以下なら攻撃力+50",
        (plus(cond(Cond.ZONE_COUNT_AT_MOST, 3, OWP), 50),),
        (),
        False,
    ),
    (
        "3rd_57",
        "アビスに炎属性のカードが４枚以上あるなら攻撃力+70",
        abyss_count("flame", 4, 70),
        (),
        False,
    ),
    (
        "3rd_58",
        "ターンの終了時に、お互いのHPを10回復。30ダメージ以上を受けたなら、すぐにアビスに置く",
        (
            clause(
                ALWAYS,
                act(Act.HEAL, 10),
                act(Act.HEAL_OPP, 10),
                timing=Timing.END_OF_TURN,
                duration=W,
            ),
            ends(DAMAGED_30, Act.AREA_TO_ABYSS, Timing.IMMEDIATELY),
        ),
        ("Q16",),
        False,
    ),
    ("3rd_59", "そのカード名のカードなら攻撃力+100", named(100), (), False),
    ("3rd_60", "アビスのカードが風属性だけだったなら攻撃力+70", only(OA, "wind", 70), (), False),
    (
        "3rd_61",
        "すべてのカードの時計を１にする。ターンの終了時に、相手のフィールドにエリアエンチャントがあるならパワーチャージャーに置く",
        (
            clause(ALWAYS, act(Act.ALL_CLOCKS_SET, 1), timing=Timing.START_OF_TURN, duration=W),
            ends(cond(Cond.OPP_AREA_ENCHANT_IN_PLAY), Act.AREA_TO_POWER, Timing.END_OF_TURN),
        ),
        ("Q31",),
        False,
    ),
    (
        "3rd_62",
        "アビスに３属性のカードがあるなら攻撃力+50",
        (plus(cond(Cond.ZONE_DISTINCT_ELEMENTS_AT_LEAST, 3, OA), 50),),
        (),
        False,
    ),
    (
        "3rd_63",
        "アビスのカードが電気属性だけだったなら攻撃力+60",
        only(OA, "electric", 60),
        (),
        False,
    ),
    (
        "3rd_64",
        "お互いの自分のHPの分だけ攻撃力+。相手のHPが40以下になったターンの終了時にアビスに置く",
        (
            clause(ALWAYS, act(Act.ATTACK_PLUS_OWN_HP_BOTH), timing=Timing.BATTLE, duration=W),
            ends(cond(Cond.OPP_HP_AT_MOST, 40), Act.AREA_TO_ABYSS, Timing.END_OF_TURN),
        ),
        ("Q33",),
        False,
    ),
    (
        "3rd_82",
        "パワーチャージャーのカードが闇属性だけだったなら攻撃力+40",
        only(OWP, "darkness", 40),
        (),
        False,
    ),
    (
        "3rd_83",
        "アビスに闇属性のカードが４枚以上あるなら攻撃力+60",
        abyss_count("darkness", 4, 60),
        (),
        False,
    ),
    ("3rd_84", "アビスのカードが炎属性だけだったなら攻撃力+70", only(OA, "flame", 70), (), False),
    (
        "3rd_85",
        "ターンの終了時に、昼なら時計を２つ進める。30ダメージ以上を受けたなら、すぐにアビスに置く",
        (
            clause(
                cond(Cond.DAY),
                act(Act.CLOCK_ADVANCE, 2),
                timing=Timing.END_OF_TURN,
                duration=W,
            ),
            ends(DAMAGED_30, Act.AREA_TO_ABYSS, Timing.IMMEDIATELY),
        ),
        (),
        False,
    ),
    ("3rd_86", "アビスの闇属性のカード１枚につき、攻撃力+10", per_abyss("darkness"), (), False),
    (
        "3rd_88",
        "アビスのカードが闇属性だけだったなら攻撃力+30",
        only(OA, "darkness", 30),
        (),
        False,
    ),
    (
        "3rd_91",
        "自分のキャラクターカードのパワーコストが３以上なら攻撃力+20。相手がアビスにカードを置いたターンの終了時にパワーチャージャーに置く",
        (
            plus(cond(Cond.OWN_CHAR_COST_AT_LEAST, 3), 20, duration=W),
            ends(OPP_PUT_ABYSS, Act.AREA_TO_POWER, Timing.END_OF_TURN),
        ),
        (),
        False,
    ),
    ("3rd_92", "アビスの炎属性のカード１枚につき、攻撃力+10", per_abyss("flame"), (), False),
    ("3rd_94", "そのカード名のカードなら攻撃力+40", named(40), (), False),
    (
        "3rd_95",
        "パワーチャージャーのカードが電気属性だけだったなら攻撃力+50",
        only(OWP, "electric", 50),
        (),
        False,
    ),
    (
        "3rd_97",
        "相手はターンの開始時にデッキの一番上を公開する。パワーコストが６以上のカードが山札から公開されたらパワーチャージャーに置く",
        (
            clause(ALWAYS, act(Act.REVEAL_OPP_DECK_TOP), timing=Timing.START_OF_TURN, duration=W),
            ends(cond(Cond.REVEALED_COST_AT_LEAST, 6), Act.AREA_TO_POWER, Timing.IMMEDIATELY),
        ),
        ("Q35", "Q45", "Q46"),
        False,
    ),
    ("3rd_98", "アビスの電気属性のカード１枚につき、攻撃力+10", per_abyss("electric"), (), False),
    (
        "3rd_101",
        "アビスのカードが２枚以上なら攻撃力+40",
        (plus(cond(Cond.ZONE_COUNT_AT_LEAST, 2, OA), 40),),
        (),
        False,
    ),
    (
        "3rd_102",
        "パワーチャージャーのカードが風属性だけだったなら攻撃力+40",
        only(OWP, "wind", 40),
        (),
        False,
    ),
    (
        "3rd_103",
        "相手のカードにSEND TO POWER★が無ければ自分の攻撃力+30。"
        "SEND TO POWER★があったなら、すぐにこのカードをパワーチャージャーに置く",
        (
            clause(ALWAYS, act(Act.REVEAL_OPP_DECK_TOP), timing=Timing.START_OF_TURN, duration=W),
            clause(
                cond(Cond.REVEALED_NO_SEND_TO_POWER),
                act(Act.ATTACK_PLUS, 30),
                timing=Timing.START_OF_TURN,
                duration=W,
            ),
            ends(cond(Cond.REVEALED_HAS_SEND_TO_POWER), Act.AREA_TO_POWER, Timing.IMMEDIATELY),
        ),
        (),
        False,
    ),
    ("3rd_104", "アビスの風属性のカード１枚につき、攻撃力+10", per_abyss("wind"), (), False),
    ("3rd_105", "そのカード名のカードなら攻撃力+100", named(100), (), False),
]
IDS = [row[0] for row in TABLE]


def _load(path: Path) -> Any:
    return json.loads(path.read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def texts() -> dict[str, str]:
    return {str(r["id"]): str(r.get("effect_ja") or "") for r in _load(CARDS)}


@pytest.mark.parametrize(("cid", "phrase", "expected", "qa", "erratum"), TABLE, ids=IDS)
def test_card_as_read_from_its_japanese_text(
    cid: str,
    phrase: str,
    expected: tuple[Clause, ...],
    qa: tuple[str, ...],
    erratum: bool,
    texts: dict[str, str],
) -> None:
    assert phrase in texts[cid]
    assert encoding()[cid].clauses == expected


@pytest.mark.parametrize(("cid", "phrase", "expected", "qa", "erratum"), TABLE, ids=IDS)
def test_qa_and_errata_cited(
    cid: str,
    phrase: str,
    expected: tuple[Clause, ...],
    qa: tuple[str, ...],
    erratum: bool,
    texts: dict[str, str],
) -> None:
    """Every Q&A that names the card is cited (and only those); an erratum's text is the card's."""
    naming = {
        str(q["id"])
        for q in _load(QA)
        if any(c.get("card_id") == cid for c in q.get("related_cards", []))
    }
    assert set(qa) == naming
    corrected = [e["corrected_text_ja"] for e in _load(ERRATA) if e["card_id"] == cid]
    assert bool(corrected) == erratum
    if corrected:
        assert corrected == [texts[cid]]


def test_q50_covers_every_named_card_effect(texts: dict[str, str]) -> None:
    """Q50 rules on "cards with a カード名を１つ指定する effect": 3rd_59, 3rd_94, 3rd_105 too."""
    q50 = next(q for q in _load(QA) if q["id"] == "Q50")
    assert "「カード名を１つ指定する」効果を持つカード" in q50["question"]
    for cid in ("3rd_47", "3rd_59", "3rd_94", "3rd_105"):
        assert texts[cid].startswith("カード名を１つ指定する。")
        assert encoding()[cid].clauses[0].actions[0] == act(Act.NAME_CARD, 1)


def test_q29_wording_is_the_same_as_the_became_endings(texts: dict[str, str]) -> None:
    """Q29 rules on 2nd_64's 相手のHPが30以下になったターンの終了時: the state at the turn's end.
    3rd_64 (HP 40) and the abyss-count endings share the words 〜になったターンの終了時に."""
    q29 = next(q for q in _load(QA) if q["id"] == "Q29")
    assert "相手のHPが30以下であればターン終了時に" in q29["answer"]
    assert "相手のHPが30以下になったターンの終了時" in texts["2nd_64"]
    for cid in ("3rd_64", "3rd_86", "3rd_92", "3rd_98", "3rd_104"):
        assert "になったターンの終了時にアビスに置く" in texts[cid]
        last = encoding()[cid].clauses[-1]
        assert (last.timing, last.actions) == (Timing.END_OF_TURN, (act(Act.AREA_TO_ABYSS),))


def test_q16_immediate_ending_comes_before_the_turn_end_heal() -> None:
    """Q16: after 30 damage or more 二刀流 (3rd_58) leaves at once, so its heal is not used."""
    heal, leave = encoding()["3rd_58"].clauses
    assert heal.timing == Timing.END_OF_TURN
    assert (leave.timing, leave.condition) == (Timing.IMMEDIATELY, DAMAGED_30)


def test_every_pack_3rd_card_is_encoded_and_none_is_manual(texts: dict[str, str]) -> None:
    """All 68 effect cards of 3rd are encoded (17 earlier, 51 here) and none is manual."""
    rows = [{"id": cid, "effect_ja": t} for cid, t in texts.items() if cid.startswith("3rd_") and t]
    report: dict[str, Any] = classify(rows)
    assert len(rows) == 68
    # none is manual; how many are automated rather than partial is the executor's (status.py)
    counts = report["counts"]
    assert (counts["manual"], counts["automated"] + counts["partial"]) == (0, 68)
    assert set(IDS) <= {r["id"] for r in rows}
    assert len(IDS) == 51


def test_new_codes_are_reported_as_missing() -> None:
    """codes() reports the codes added for 3rd, so the command lists them until executed."""
    codes = encoding()["3rd_103"].codes()
    assert "cond.revealed_has_send_to_power" in codes
    assert "area.to_power" in codes
    assert "time.start_of_turn" in codes
    assert "time.battle" in encoding()["3rd_64"].codes()


def test_parser_reads_what_a_per_card_action_counts() -> None:
    """``zone`` and ``elements`` on an action (added for アビスのX属性のカード１枚につき)."""
    sha = "0" * 64
    data: Any = {
        "sha256": sha,
        "clauses": [
            {
                "actions": [
                    {
                        "code": "act.attack_plus_per",
                        "amount": 10,
                        "zone": "own.abyss",
                        "elements": ["wind"],
                    }
                ]
            }
        ],
    }
    effect = card_effect_from_json("x", data, "cards.x")
    assert effect.clauses[0].actions == (act(Act.ATTACK_PLUS_PER, 10, Zone.OWN_ABYSS, ("wind",)),)
    data["clauses"][0]["actions"][0]["elements"] = ["water"]
    with pytest.raises(RecordError, match=r"actions\[0\]\.elements"):
        card_effect_from_json("x", data, "cards.x")
    data["clauses"][0]["actions"][0] = {"code": "act.self_to_park"}
    with pytest.raises(RecordError, match="unknown code"):
        card_effect_from_json("x", data, "cards.x")
