"""Pack 4th, written by hand from each card's Japanese text (``effect_ja``, which prevails).

Each row: the card id, the Japanese phrase that decides the encoding (it must be in the card's
text, read from SHARED_DIR at test time), the clauses as read from it, the official Q&A numbers
that decide how the card works, and whether the text is an erratum's corrected text.

A "（song）" in a text is always the card's own song (``song_ja``), checked below; which cards are
"of" that song is decided by their names (Q47).
"""

from __future__ import annotations

import json
import re
from dataclasses import dataclass
from typing import Any

import pytest

from judging.engine.core.errors import RecordError
from judging.engine.zutomayo.cardeffects.status import encoding, text_sha256
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
from tests.judging.engine.conftest import SHARED

CARDS = SHARED / "data" / "zutomayo" / "cards.json"
QA = SHARED / "rules" / "zutomayo-qa.ja.json"
ERRATA = SHARED / "rules" / "zutomayo-errata.ja.json"
pytestmark = pytest.mark.skipif(not CARDS.exists(), reason="shared card data not present")

W = Duration.WHILE_ON_FIELD
NOW = Timing.IMMEDIATELY


def a(code: Act, n: int = 0, zone: Zone | None = None, el: tuple[str, ...] = ()) -> Action:
    return Action(code=code, amount=n, zone=zone, elements=el)


def cl(
    cond: Cond,
    *acts: Action,
    n: int = 0,
    zone: Zone | None = None,
    el: tuple[str, ...] = (),
    t: Timing = Timing.EFFECT_STEP,
    d: Duration = Duration.THIS_TURN,
) -> Clause:
    return Clause(Condition(cond, el, n, zone), tuple(acts), t, d)


@dataclass(frozen=True)
class Row:
    card: str
    phrase: str
    clauses: tuple[Clause, ...]
    qa: tuple[str, ...] = ()
    erratum: str | None = None  # the errata id whose corrected text the encoding follows


ALWAYS = Cond.ALWAYS
SWAP = Cond.SWAPPED_IN_SONG
BZ = Cond.BATTLE_CHAR_SONG
ONLY = Cond.ZONE_ELEMENT_ONLY
KINDS = Cond.ZONE_DISTINCT_ELEMENTS_AT_LEAST
LOSE = a(Act.OTHERWISE_LOSE)

ROWS: tuple[Row, ...] = (
    # 手札から（TAIDADA）のキャラクターを好きな枚数公開し、その数だけ攻撃力+N
    Row(
        "4th_1",
        "好きな枚数公開し、その数だけ攻撃力+30",
        (cl(ALWAYS, a(Act.ATTACK_PLUS_PER_REVEALED_SONG, 30)),),
    ),
    Row(
        "4th_7",
        "好きな枚数公開し、その数だけ攻撃力+20",
        (cl(ALWAYS, a(Act.ATTACK_PLUS_PER_REVEALED_SONG, 20)),),
    ),
    Row(
        "4th_10",
        "好きな枚数公開し、その数だけ攻撃力+20",
        (cl(ALWAYS, a(Act.ATTACK_PLUS_PER_REVEALED_SONG, 20)),),
    ),
    Row(
        "4th_35",
        "好きな枚数公開し、その数だけ攻撃力+10",
        (cl(ALWAYS, a(Act.ATTACK_PLUS_PER_REVEALED_SONG, 10)),),
    ),
    # "２枚まで" from the power charger (public): 1 to 2 when any are there (GR 1.3.5.1, Q79).
    Row(
        "4th_2",
        "パワーチャージャーから（シェードの埃は延長）のキャラクターを２枚まで選び、このカードの効果として使用する",
        (cl(ALWAYS, a(Act.COPY_SONG_CHAR_EFFECT_UP_TO, 2, Zone.OWN_POWER)),),
    ),
    Row(
        "4th_5",
        "アビスにある風属性のカードの数だけ、攻撃力+20",
        (cl(ALWAYS, a(Act.ATTACK_PLUS_PER, 20, Zone.OWN_ABYSS, ("wind",))),),
    ),
    Row(
        "4th_20",
        "アビスにある電気属性のカードの数だけ、攻撃力+20",
        (cl(ALWAYS, a(Act.ATTACK_PLUS_PER, 20, Zone.OWN_ABYSS, ("electric",))),),
    ),
    Row(
        "4th_6",
        "アビスのカードを４枚選び、裏向きにして混ぜ、デッキの底に置く。そうしない場合、ゲームに敗北する",
        (
            cl(ALWAYS, a(Act.ABYSS_TO_DECK_BOTTOM_SHUFFLED, 4), LOSE),
            cl(ALWAYS, a(Act.OPP_POWER_CHAR_SWAP_IN, 1)),
        ),
        qa=("Q67", "Q68", "Q69"),
    ),
    Row(
        "4th_8",
        "手札を公開し、４属性以上あるなら、攻撃力+80",
        (
            cl(ALWAYS, a(Act.REVEAL, zone=Zone.OWN_HAND)),
            cl(KINDS, a(Act.ATTACK_PLUS, 80), n=4, zone=Zone.OWN_HAND),
        ),
    ),
    Row(
        "4th_97",
        "手札を公開し、３属性以上あるなら、攻撃力+50",
        (
            cl(ALWAYS, a(Act.REVEAL, zone=Zone.OWN_HAND)),
            cl(KINDS, a(Act.ATTACK_PLUS, 50), n=3, zone=Zone.OWN_HAND),
        ),
    ),
    Row(
        "4th_9",
        "アビスに３枚以上カードがあるなら、相手のキャラクターの攻撃力-30",
        (cl(Cond.ZONE_COUNT_AT_LEAST, a(Act.OPP_ATTACK_MINUS, 30), n=3, zone=Zone.OWN_ABYSS),),
    ),
    Row(
        "4th_14",
        "パワーチャージャーが闇属性だけなら、攻撃力+60",
        (cl(ONLY, a(Act.ATTACK_PLUS, 60), zone=Zone.OWN_POWER, el=("darkness",)),),
    ),
    Row(
        "4th_17",
        "パワーチャージャーが炎属性だけなら、攻撃力+50",
        (cl(ONLY, a(Act.ATTACK_PLUS, 50), zone=Zone.OWN_POWER, el=("flame",)),),
    ),
    Row(
        "4th_37",
        "パワーチャージャーが闇属性だけなら、攻撃力+20",
        (cl(ONLY, a(Act.ATTACK_PLUS, 20), zone=Zone.OWN_POWER, el=("darkness",)),),
    ),
    Row(
        "4th_23",
        "のキャラクターと入れ替えていたなら、攻撃力+100",
        (cl(SWAP, a(Act.ATTACK_PLUS, 100)),),
    ),
    Row(
        "4th_87",
        "のキャラクターと入れ替えていたなら、攻撃力+50",
        (cl(SWAP, a(Act.ATTACK_PLUS, 50)),),
    ),
    Row(
        "4th_24",
        "入れ替えていたなら、攻撃力+110。\nこのキャラクターが与えるダメージは軽減されない",
        (cl(SWAP, a(Act.ATTACK_PLUS, 110)), cl(ALWAYS, a(Act.DAMAGE_UNREDUCIBLE))),
    ),
    # Q70 concerns the opponent's deck running short; its official text (2026-03-11) and GR
    # 8.2.2 disagree on the loss, which the executor decides, not the encoding.
    Row(
        "4th_27",
        "アビスのカードを１枚以上選び、裏向きにして混ぜ、デッキの底に置く。そうしない場合、ゲームに敗北する。\n相手のデッキの上から、それと同じ枚数をアビスに置く",
        (
            cl(ALWAYS, a(Act.ABYSS_TO_DECK_BOTTOM_SHUFFLED_AT_LEAST, 1), LOSE),
            cl(ALWAYS, a(Act.OPP_MILL_SAME_NUMBER)),
        ),
        qa=("Q70",),
    ),
    Row(
        "4th_28",
        "アビスのカードを６枚選び、裏向きにして混ぜ、デッキの底に置く。そうしない場合、ゲームに敗北する。\nクロノスを好きな時間にする",
        (
            cl(ALWAYS, a(Act.ABYSS_TO_DECK_BOTTOM_SHUFFLED, 6), LOSE),
            cl(ALWAYS, a(Act.CLOCK_SET_ANY)),
        ),
    ),
    Row(
        "4th_105",
        "アビスのカードを８枚選び、裏向きにして混ぜ、デッキの底に置く。そうしない場合、ゲームに敗北する。\nお互いのパワーチャージャーのカードをすべてアビスに置く",
        (
            cl(ALWAYS, a(Act.ABYSS_TO_DECK_BOTTOM_SHUFFLED, 8), LOSE),
            cl(ALWAYS, a(Act.BOTH_POWER_TO_ABYSS)),
        ),
    ),
    Row(
        "4th_88",
        "アビスのカードを１枚選び、デッキの底に置く。そうしない場合、ゲームに敗北する。相手のデッキの上から３枚を見て、好きな順番に入れ替えて戻す",
        (
            cl(ALWAYS, a(Act.ABYSS_TO_DECK_BOTTOM, 1), LOSE),
            cl(ALWAYS, a(Act.OPP_DECK_TOP_REORDER, 3)),
        ),
        erratum="errata-012",
    ),
    Row(
        "4th_30",
        "相手のアビスにカードがないなら、攻撃力+40。\n相手のアビスにカードが置かれたとき、すぐにこのカードをアビスに置く",
        (
            cl(Cond.OPP_ABYSS_EMPTY, a(Act.ATTACK_PLUS, 40), d=W),
            cl(Cond.OPP_ABYSS_CARD_PLACED, a(Act.AREA_TO_ABYSS), t=NOW, d=W),
        ),
        qa=("Q71",),
    ),
    Row(
        "4th_31",
        "パワーチャージャーに４属性以上あるなら、攻撃力+100",
        (cl(KINDS, a(Act.ATTACK_PLUS, 100), n=4, zone=Zone.OWN_POWER),),
    ),
    Row(
        "4th_32",
        "手札を公開し、４属性以上あるなら、攻撃力+50。\n相手のエリアエンチャントが置かれているなら、すぐにアビスに置く",
        (
            cl(ALWAYS, a(Act.REVEAL, zone=Zone.OWN_HAND), d=W),
            cl(KINDS, a(Act.ATTACK_PLUS, 50), n=4, zone=Zone.OWN_HAND, d=W),
            cl(Cond.OPP_AREA_ENCHANT_IN_PLAY, a(Act.AREA_TO_ABYSS), t=NOW, d=W),
        ),
    ),
    Row(
        "4th_33",
        "アビスにあるカードが風属性だけなら、攻撃力+20。\nパワーチャージャーにカードを置いたとき、すぐにこのカードをアビスに置く",
        (
            cl(ONLY, a(Act.ATTACK_PLUS, 20), zone=Zone.OWN_ABYSS, el=("wind",), d=W),
            cl(Cond.OWN_POWER_CARD_PLACED, a(Act.AREA_TO_ABYSS), t=NOW, d=W),
        ),
    ),
    # Q60: "攻撃力が０" includes no character set and a character whose power cost is not met.
    Row(
        "4th_34",
        "相手のキャラクターの攻撃力が０なら、攻撃力+30",
        (cl(Cond.OPP_ATTACK_ZERO, a(Act.ATTACK_PLUS, 30)),),
        qa=("Q60",),
    ),
    Row(
        "4th_39",
        "相手のキャラクターの攻撃力が０なら、攻撃力+40",
        (cl(Cond.OPP_ATTACK_ZERO, a(Act.ATTACK_PLUS, 40)),),
        qa=("Q60",),
    ),
    Row(
        "4th_84",
        "相手のキャラクターの攻撃力が０なら、攻撃力+50",
        (cl(Cond.OPP_ATTACK_ZERO, a(Act.ATTACK_PLUS, 50)),),
        qa=("Q60",),
    ),
    Row(
        "4th_101",
        "相手のキャラクターの攻撃力が０なら、攻撃力+20",
        (cl(Cond.OPP_ATTACK_ZERO, a(Act.ATTACK_PLUS, 20)),),
        qa=("Q60",),
    ),
    # Q51: enchant cards only; Q52: not an effect already resolved (the opponent's, first).
    Row(
        "4th_41",
        "相手のエンチャントの効果をすべて無効にする（すでに処理された効果は無効にできない）",
        (cl(SWAP, a(Act.NEGATE_OPP_ENCHANTS)),),
        qa=("Q51", "Q52"),
    ),
    Row(
        "4th_53",
        "のキャラクターを1枚選び、パワーチャージャーに置いてもよい。そうしたなら、カードを１枚引く",
        (cl(ALWAYS, a(Act.HAND_SONG_CHAR_TO_POWER_MAY, 1)), cl(Cond.DID_PREVIOUS, a(Act.DRAW, 1))),
        qa=("Q57",),
    ),
    Row(
        "4th_54",
        "手札から電気属性のカードを１枚選び、アビスに置く。そうしたならカードを１枚引く",
        (
            cl(ALWAYS, a(Act.HAND_TO_ABYSS, 1, el=("electric",))),
            cl(Cond.DID_PREVIOUS, a(Act.DRAW, 1)),
        ),
    ),
    Row(
        "4th_58",
        "手札から風属性のカードを１枚選び、アビスに置く。そうしたならカードを１枚引く",
        (cl(ALWAYS, a(Act.HAND_TO_ABYSS, 1, el=("wind",))), cl(Cond.DID_PREVIOUS, a(Act.DRAW, 1))),
    ),
    Row(
        "4th_55",
        "バトルゾーンのカードが（TAIDADA）のキャラクターなら、HP+20",
        (cl(BZ, a(Act.HEAL, 20)),),
        qa=("Q58",),
    ),
    Row(
        "4th_57",
        "アビスに３枚以上のカードがあるなら、相手のデッキの上から２枚を相手のアビスに置く",
        (cl(Cond.ZONE_COUNT_AT_LEAST, a(Act.OPP_MILL, 2), n=3, zone=Zone.OWN_ABYSS),),
        qa=("Q70",),
    ),
    Row(
        "4th_59",
        "パワーチャージャーに３属性以上あるなら、HP+50",
        (cl(KINDS, a(Act.HEAL, 50), n=3, zone=Zone.OWN_POWER),),
        qa=("Q58",),
    ),
    Row(
        "4th_93",
        "パワーチャージャーに２属性以上あるなら、HP+30",
        (cl(KINDS, a(Act.HEAL, 30), n=2, zone=Zone.OWN_POWER),),
        qa=("Q58",),
    ),
    Row(
        "4th_60",
        "相手のキャラクターのSEND TO POWERが★★なら、攻撃力+20",
        (cl(Cond.OPP_CHAR_SEND_TO_POWER, a(Act.ATTACK_PLUS, 20), n=2),),
    ),
    Row(
        "4th_66",
        "相手のキャラクターのSEND TO POWERが★★なら、攻撃力+30",
        (cl(Cond.OPP_CHAR_SEND_TO_POWER, a(Act.ATTACK_PLUS, 30), n=2),),
    ),
    Row(
        "4th_61",
        "手札からカードを好きな枚数選び、デッキの底に置く。そうしたなら、同じ数だけデッキからカードを引く",
        (
            cl(ALWAYS, a(Act.HAND_TO_DECK_BOTTOM_ANY)),
            cl(Cond.DID_PREVIOUS, a(Act.DRAW_SAME_NUMBER)),
        ),
        erratum="errata-010",
    ),
    Row(
        "4th_62",
        "手札から闇属性のカードを好きな枚数選び、アビスに置く。そうしたなら、同じ数だけカードを引く",
        (
            cl(ALWAYS, a(Act.HAND_TO_ABYSS_ANY, el=("darkness",))),
            cl(Cond.DID_PREVIOUS, a(Act.DRAW_SAME_NUMBER)),
        ),
    ),
    Row(
        "4th_63",
        "手札から炎属性のカードを好きな枚数選び、アビスに置く。そうしたなら、同じ数だけカードを引く",
        (
            cl(ALWAYS, a(Act.HAND_TO_ABYSS_ANY, el=("flame",))),
            cl(Cond.DID_PREVIOUS, a(Act.DRAW_SAME_NUMBER)),
        ),
    ),
    Row(
        "4th_64",
        "アビスにあるカードが風属性だけなら、攻撃力+60",
        (cl(ONLY, a(Act.ATTACK_PLUS, 60), zone=Zone.OWN_ABYSS, el=("wind",)),),
    ),
    Row(
        "4th_103",
        "アビスにあるカードが風属性だけなら、攻撃力+40",
        (cl(ONLY, a(Act.ATTACK_PLUS, 40), zone=Zone.OWN_ABYSS, el=("wind",)),),
    ),
    Row(
        "4th_65",
        "そのキャラクターのパワーコストを★★減らす。\nバトルゾーンのキャラクターを（お勉強しといてよ）以外のキャラクターに入れ替えたら、すぐにアビスに置く",
        (
            cl(BZ, a(Act.POWER_COST_CHANGE, 2), d=W),
            cl(Cond.SWAPPED_TO_OTHER_SONG, a(Act.AREA_TO_ABYSS), t=NOW, d=W),
        ),
        qa=("Q47",),
    ),
    Row("4th_73", "入れ替えていたなら、HP+20", (cl(SWAP, a(Act.HEAL, 20)),), qa=("Q58",)),
    Row(
        "4th_74",
        "入れ替えていたなら、相手の攻撃力-30",
        (cl(SWAP, a(Act.OPP_ATTACK_MINUS, 30)),),
        qa=("Q54",),
    ),
    # "相手のHP-20": HP-N is HPをN減らす as HP+N is HPをN回復 (Q58), which the vocabulary counts as
    # damage (act.damage); Q66 rules on this card's condition.
    Row("4th_75", "入れ替えていたなら、相手のHP-20", (cl(SWAP, a(Act.DAMAGE, 20)),), qa=("Q66",)),
    Row(
        "4th_89",
        "カードを１枚引く。\nこのカードの効果でカードを引いたなら、手札の数はゲーム終了まで１枚増える",
        (
            cl(BZ, a(Act.DRAW, 1)),
            cl(Cond.DID_PREVIOUS, a(Act.HAND_SIZE_CHANGE, 1), d=Duration.UNTIL_GAME_END),
        ),
    ),
    Row(
        "4th_90",
        "相手のアビスにあるカード１枚を、相手のデッキの底に戻す",
        (cl(ALWAYS, a(Act.OPP_ABYSS_TO_OPP_DECK_BOTTOM, 1)),),
    ),
    Row(
        "4th_91",
        "その数だけ攻撃力+10。\nHPが50以下になったなら、パワーチャージャーに置く",
        (
            cl(ALWAYS, a(Act.ATTACK_PLUS_PER_REVEALED_SONG, 10), d=W),
            # 6.1.3.5: no "すぐに" nor "ターン終了時" written, so at once (Q12).
            cl(Cond.OWN_HP_AT_MOST, a(Act.AREA_TO_POWER), n=50, t=NOW, d=W),
        ),
        qa=("Q12",),
    ),
    # Q54: -40 floors the opponent's attack at 0 before the opponent's +80 (0+80=80); Q53.
    Row(
        "4th_92",
        "バトルゾーンのキャラクターが（シェードの埃は延長）なら、相手の攻撃力-40",
        (cl(BZ, a(Act.OPP_ATTACK_MINUS, 40)),),
        qa=("Q53", "Q54"),
    ),
    Row(
        "4th_94",
        "（シェードの埃は延長）のキャラクターを１枚選び、このカードの効果として使用する。\nパワーチャージャーにカードが５枚以上置かれているなら、すぐにアビスに置く",
        (
            cl(ALWAYS, a(Act.COPY_SONG_CHAR_EFFECT, 1, Zone.OWN_POWER), d=W),
            cl(
                Cond.ZONE_COUNT_AT_LEAST, a(Act.AREA_TO_ABYSS), n=5, zone=Zone.OWN_POWER, t=NOW, d=W
            ),
        ),
        qa=("Q65", "Q66"),
    ),
    Row(
        "4th_95",
        "パワーチャージャーに４属性以上あるなら、攻撃力+50。\nバトルに負けたとき、すぐにアビスに置く",
        (
            cl(KINDS, a(Act.ATTACK_PLUS, 50), n=4, zone=Zone.OWN_POWER, d=W),
            cl(Cond.LOST_BATTLE, a(Act.AREA_TO_ABYSS), t=NOW, d=W),
        ),
    ),
    Row(
        "4th_96",
        "自分がダメージを受けたとき、50ダメージを軽減する",
        (cl(BZ, a(Act.REDUCE_DAMAGE, 50), t=Timing.ON_DAMAGE),),
        qa=("Q62",),
    ),
    Row(
        "4th_98",
        "自分がダメージを受けたとき、100ダメージを軽減する",
        (cl(BZ, a(Act.REDUCE_DAMAGE, 100), t=Timing.ON_DAMAGE),),
        qa=("Q62",),
    ),
    Row(
        "4th_99",
        "のキャラクターなら、相手の攻撃力を100にする",
        (cl(BZ, a(Act.OPP_ATTACK_SET, 100)),),
    ),
    Row(
        "4th_100",
        "ターン終了時に、\nこのターンに軽減した数値分のダメージを相手に与える",
        (cl(BZ, a(Act.DAMAGE_REDUCED_THIS_TURN), t=Timing.END_OF_TURN),),
    ),
    Row(
        "4th_102",
        "パワーチャージャーにある（お勉強しといてよ）のカードの数だけ、攻撃力+10",
        (cl(ALWAYS, a(Act.ATTACK_PLUS_PER_SONG_CARD, 10, Zone.OWN_POWER)),),
        qa=("Q47", "Q57"),
    ),
    Row(
        "4th_104",
        "パワーチャージャーにある（お勉強しといてよ）のカードの数だけ、攻撃力+20",
        (cl(ALWAYS, a(Act.ATTACK_PLUS_PER_SONG_CARD, 20, Zone.OWN_POWER)),),
        qa=("Q47", "Q57"),
    ),
    Row("4th_106", "クロノスの時計を９つ進ませる", (cl(ALWAYS, a(Act.CLOCK_ADVANCE, 9)),)),
    Row(
        "4th_107",
        "相手のエリアエンチャントを、相手のアビスに置く",
        (cl(ALWAYS, a(Act.OPP_AREA_TO_OPP_ABYSS)),),
    ),
)

SONG_CODES = {Cond.SWAPPED_IN_SONG, Cond.BATTLE_CHAR_SONG, Cond.SWAPPED_TO_OTHER_SONG}
SONG_ACTS = {
    Act.ATTACK_PLUS_PER_REVEALED_SONG,
    Act.ATTACK_PLUS_PER_SONG_CARD,
    Act.HAND_SONG_CHAR_TO_POWER_MAY,
    Act.COPY_SONG_CHAR_EFFECT,
    Act.COPY_SONG_CHAR_EFFECT_UP_TO,
}


def _rows() -> dict[str, dict[str, Any]]:
    data: list[dict[str, Any]] = json.loads(CARDS.read_text(encoding="utf-8"))
    return {str(r["id"]): r for r in data}


@pytest.mark.parametrize("row", ROWS, ids=[r.card for r in ROWS])
def test_card_as_read_from_its_japanese_text(row: Row) -> None:
    card = _rows()[row.card]
    text = str(card["effect_ja"])
    assert row.phrase in text
    effect = encoding()[row.card]
    assert effect.text_sha256 == text_sha256(text)
    assert effect.clauses == row.clauses


GENERAL_QA = {"Q12", "Q54", "Q57", "Q58", "Q62"}
"""Cited for the wording they rule on, not only for the card they name: Q12 (an area enchant's
end with no timing written is at once), Q54 (attack floor 0 at each step), Q57 (a card in the
power charger without SEND TO POWER is still counted), Q58 (HP+N is healing), Q62 (reduction is
about one's own HP)."""


@pytest.mark.parametrize("row", [r for r in ROWS if r.qa], ids=[r.card for r in ROWS if r.qa])
def test_cited_qa_exists_and_concerns_the_card(row: Row) -> None:
    """Every cited Q&A is in the official Q&A and names this card, or a card with the same text
    but for its numbers, or is a general ruling on the wording (GENERAL_QA)."""
    qa = {q["id"]: q for q in json.loads(QA.read_text(encoding="utf-8"))}
    rows = _rows()

    def shape(cid: str) -> str:
        return re.sub(r"\d+", "N", str(rows[cid]["effect_ja"]))

    for number in row.qa:
        assert number in qa, number
        named = {c["card_id"] for c in qa[number].get("related_cards", [])}
        same = {cid for cid in named if cid in rows and shape(cid) == shape(row.card)}
        assert row.card in named or same or number in GENERAL_QA, (row.card, number)


def test_errata_are_the_text() -> None:
    """Where the errata have a 4th card with an effect, the data's effect_ja is the corrected
    text and the row says it follows the erratum (errata-011 corrects a name, not an effect)."""
    errata = json.loads(ERRATA.read_text(encoding="utf-8"))
    rows = _rows()
    by_card = {r.card: r for r in ROWS}
    for e in errata:
        if e["card_id"] in by_card and "effect" in e["fields"]:
            assert rows[e["card_id"]]["effect_ja"] == e["corrected_text_ja"]
            assert by_card[e["card_id"]].erratum == e["id"]
    assert {r.erratum for r in ROWS if r.erratum} == {"errata-010", "errata-012"}


def test_songs_are_the_cards_own() -> None:
    """The song codes carry no name: the text's （song） is the card's own song_ja."""
    rows = _rows()
    for row in ROWS:
        codes = {c.condition.code for c in row.clauses} | {
            x.code for c in row.clauses for x in c.actions
        }
        if codes & (SONG_CODES | SONG_ACTS):
            songs = set(re.findall(r"（\s*([^）]+?)\s*）", str(rows[row.card]["effect_ja"])))
            songs.discard("すでに処理された効果は無効にできない")
            assert songs == {rows[row.card]["song_ja"]}, row.card


def test_every_4th_card_with_an_effect_is_in_the_table() -> None:
    ids = {cid for cid, r in _rows().items() if r["pack"] == "4th" and r.get("effect_ja")}
    table = {r.card for r in ROWS} | {"4th_11", "4th_29", "4th_56"}
    assert ids == table
    assert len(ROWS) == 62


def test_action_zone_and_elements_are_parsed_and_checked() -> None:
    sha = "0" * 64
    ok = card_effect_from_json(
        "x",
        {
            "sha256": sha,
            "clauses": [
                {
                    "actions": [
                        {
                            "code": "act.attack_plus_per",
                            "amount": 20,
                            "zone": "own.abyss",
                            "elements": ["wind"],
                        }
                    ]
                }
            ],
        },
        "cards.x",
    )
    assert ok.clauses[0].actions[0] == Action(Act.ATTACK_PLUS_PER, 20, Zone.OWN_ABYSS, ("wind",))
    assert (
        "area.to_abyss"
        in card_effect_from_json(
            "y",
            {
                "sha256": sha,
                "clauses": [
                    {
                        "actions": [{"code": "area.to_abyss"}],
                        "timing": "time.immediately",
                        "duration": "dur.while_on_field",
                    }
                ],
            },
            "cards.y",
        ).codes()
    )
    with pytest.raises(RecordError, match=r"actions\[0\]\.zone"):
        card_effect_from_json(
            "z",
            {"sha256": sha, "clauses": [{"actions": [{"code": "act.reveal", "zone": "own.moon"}]}]},
            "cards.z",
        )
    with pytest.raises(RecordError, match=r"actions\[0\]\.elements"):
        card_effect_from_json(
            "z",
            {
                "sha256": sha,
                "clauses": [{"actions": [{"code": "act.reveal", "elements": ["ice"]}]}],
            },
            "cards.z",
        )
