"""Cards that became automated when the executor families were merged: codes of two
families (a zone, play or time condition with a battle, cards or deck action), each run by itself
from its Japanese text (``effect_ja``; 2nd_6 and 3rd_31 as their errata, which read the same), the
ground rules and the Q&A, the expected values worked out by hand.

Every record is a judge's snapshot at turn 3 (both players at 100 HP unless a row says otherwise,
night side P0, nobody typing an effect). The medal after 5.2.4 is the start mark plus the clocks
of the cards set this turn (5.2.4.1); marks 0-4 and 14-17 are NIGHT, 5-13 DAY (default mat, SYM9,
3.8.4); midnight is mark 0, noon mark 9 (3.8.1). The battle compares the attacks at 5.2.8 with the
time then (7.1); the loser takes the difference (5.1.4). At 5.2.5 the replaced character goes to
the power charger if it has SEND TO POWER, else to the abyss (3.6). Stats from
SHARED_DIR/data/zutomayo/cards.json (night / day attack):

=======  =========  ========  =====  ====  =========  ===
card     type       element   clock  cost  n / d      STP
=======  =========  ========  =====  ====  =========  ===
1st_67   character  darkness  1      0     50 / 30    -
1st_72   character  flame     1      0     40 / 20    1
1st_74   character  electric  1      0     20 / 40    1
1st_79   character  wind      1      0     20 / 40    1
1st_9    character  darkness  1      0     50 / 10    1
1st_17   character  electric  5      0     10 / 50    1
1st_16   character  flame     1      5     80 / 80    1
2nd_38   character  flame     0      0     20 / 20    2
2nd_65   character  darkness  0      0     30 / 10    2
1st_30   enchant    electric  1      3     自分の攻撃力+30
=======  =========  ========  =====  ====  =========  ===

The cards tested (cost, clock): 1st_5 (★4, 0), 2nd_6 (★2, 2), 2nd_11 (darkness 50/20, ★2, 3),
2nd_19 (electric 20/40, ★2, 1), 2nd_24 (wind 50/20, ★2, 1), 2nd_27 (★0, 3), 2nd_31 (★0, 1),
2nd_36 (darkness 70/60, ★4, 2), 2nd_41 (flame 40/40, ★2, 1), 2nd_50 (wind 70/50, ★3, 5), 2nd_62
(★3, 5), 2nd_82 (★0, 4), 2nd_94 (★0, 2), 2nd_106 (electric 70/80, ★5, 2), 3rd_5 (★5, 2), 3rd_7
(★5, 3), 3rd_27 (★6, 1), 3rd_31 (★0, 2).
"""

from __future__ import annotations

from collections import Counter
from typing import Any

import pytest

from judging.engine import CardCatalogue, ReplayReport
from judging.engine.zutomayo.state import event_json
from tests.judging.engine.cardeffects.test_run_cards import at_effects, statuses
from tests.judging.engine.test_card_effects_run import POWER, hps, play

FILLERS = ["1st_9", "1st_17"]


def rec(
    sets: tuple[list[str], list[str]],
    *,
    battle: tuple[str | None, str | None] = ("1st_67", "1st_67"),
    hp: tuple[int, int] = (100, 100),
    power: tuple[list[str], list[str]] = (POWER, POWER),
    abyss: tuple[list[str], list[str]] = ([], []),
    hand: tuple[list[str], list[str]] = (FILLERS, FILLERS),
    deck: tuple[list[str], list[str]] = ([], []),
    medal: int = 0,
    previous_winner: int | None = None,
    picks: dict[str, Any] | None = None,
    claims: list[dict[str, Any]] | None = None,
) -> dict[str, Any]:
    """A zutomayo-game/3 snapshot: each player's hand is what it sets plus ``hand``; ``deck`` is
    top first, the rest of the 20 cards unknown; ``picks`` are P0's answers by card."""
    players = []
    for p in (0, 1):
        cards = [*sets[p], *hand[p]]
        known = len(cards) + len(power[p]) + len(abyss[p]) + len(deck[p])
        known += battle[p] is not None
        players.append({
            "hp": hp[p], "battle_zone": battle[p], "power_charger": power[p], "abyss": abyss[p],
            "hand": cards, "deck": deck[p], "deck_unknown": 20 - known,
        })  # fmt: skip
    turn: dict[str, Any] = {
        "set": [{"A": s[0], **({"B": s[1]} if len(s) > 1 else {})} for s in sets],
        "effects": [],
    }
    if picks is not None:
        turn["choices"] = {"picks": [picks, None]}
    data: dict[str, Any] = {
        "format": "zutomayo-game/3", "night_side": 0,
        "players": [{"name": "Ann"}, {"name": "Bo"}],
        "start": {"turn": 3, "medal": medal, "previous_winner": previous_winner,
                  "players": players},
        "turns": [turn],
    }  # fmt: skip
    if claims:
        data["claims"] = claims
    return data


def battle_of(report: ReplayReport) -> tuple[int, tuple[int, int]]:
    """The medal after the turn and the attacks compared at 5.2.8."""
    battle = report.turns[-1].battle
    assert battle is not None
    return report.turns[-1].medal, battle.attack


def ruling(report: ReplayReport, card: str) -> str:
    """How the card's own clause ended: "failed" on its condition (6.2.1.1), "not_done" if an
    action of it was not done after it took effect (EFFECT_NOT_DONE, 1.3.2), else "resolved"."""
    events = [e for e in report.events if e.turn == 3]
    mine = [i for i, e in enumerate(events) if e.param("card") == card and e.param("auto")]
    assert mine, card
    first = events[mine[0]]
    if first.kind == "EFFECT_FAILED":
        assert "6.2.1.1" in first.rules
        return "failed"
    assert first.kind == "EFFECT_RESOLVED", first.kind
    for e in events[mine[0] + 1 :]:
        if e.kind in ("EFFECT_RESOLVED", "EFFECT_FAILED", "ATTACK_DETERMINED"):
            break
        if e.kind == "EFFECT_NOT_DONE":
            return "not_done"
    return "resolved"


def not_done(report: ReplayReport, card: str) -> Any:
    """The EFFECT_NOT_DONE that follows the card's EFFECT_RESOLVED."""
    events = [e for e in report.events if e.turn == 3]
    start = next(i for i, e in enumerate(events)
                 if e.kind == "EFFECT_RESOLVED" and e.param("card") == card)  # fmt: skip
    return next(e for e in events[start:] if e.kind == "EFFECT_NOT_DONE")


# --- conditions met and not met that decide the clock, the HP or the battle --------------------

BATTLE_ROWS: list[tuple[str, str, dict[str, Any], int, tuple[int, int], list[int], str]] = [
    # (card, the phrase and the arithmetic, rec arguments, medal, attacks, HP, ruling)
    # 2nd_106 アビスに風属性のカードが２枚以上あるなら、時計が正午になる: 0 + 2 + 1 = 3 (NIGHT) → 9;
    # DAY: 80 v 30, P1 takes 50. The own abyss also gets P0's 1st_67 at 5.2.5 (darkness).
    ("2nd_106", "風属性のカードが２枚以上: 1st_79 ×2 → noon (9): 80 v 30",
     {"sets": (["2nd_106"], ["1st_67"]), "abyss": (["1st_79", "1st_79"], [])},
     9, (80, 30), [100, 50], "resolved"),
    ("2nd_106", "one wind card only: stays on 3 (NIGHT): 70 v 50",
     {"sets": (["2nd_106"], ["1st_67"]), "abyss": (["1st_79", "1st_72"], [])},
     3, (70, 50), [100, 80], "failed"),
    ("2nd_106", "two wind cards in the OPPONENT's abyss do not count (アビス = own): 3",
     {"sets": (["2nd_106"], ["1st_67"]), "abyss": ([], ["1st_79", "1st_79"])},
     3, (70, 50), [100, 80], "failed"),
    # 2nd_36 アビスに炎属性のカードが２枚以上あるなら、時計が真夜中になる: 6 + 2 + 1 = 9 (DAY) → 0
    ("2nd_36", "炎属性のカードが２枚以上: 1st_72 ×2 → midnight: 70 v 50",
     {"sets": (["2nd_36"], ["1st_67"]), "abyss": (["1st_72", "1st_72"], []), "medal": 6},
     0, (70, 50), [100, 80], "resolved"),
    ("2nd_36", "one flame card: stays on 9 (DAY): 60 v 30",
     {"sets": (["2nd_36"], ["1st_67"]), "abyss": (["1st_72"], []), "medal": 6},
     9, (60, 30), [100, 70], "failed"),
    # 2nd_50 アビスに電気属性のカードがあるなら、相手のHPを20減らす: 0 + 5 + 1 = 6 (DAY): 50 v 30;
    # P1 loses 20 at 5.2.7 and 20 in the battle (5.1.4)
    ("2nd_50", "電気属性のカードがある: 1st_74: 100 - 20 - 20",
     {"sets": (["2nd_50"], ["1st_67"]), "abyss": (["1st_74"], [])},
     6, (50, 30), [100, 60], "resolved"),
    ("2nd_50", "no electric card (1st_72): only the battle's 20",
     {"sets": (["2nd_50"], ["1st_67"]), "abyss": (["1st_72"], [])},
     6, (50, 30), [100, 80], "failed"),
    # 3rd_5 HPが相手のHPより少ないなら、時計を真夜中にする: P1 sets 1st_17: 2 + 2 + 5 = 9 (DAY) → 0;
    # NIGHT: 50 v 10, P1 takes 40
    ("3rd_5", "HPが相手のHPより少ない: 90 < 100 → midnight: 50 v 10",
     {"sets": (["3rd_5"], ["1st_17"]), "hp": (90, 100), "medal": 2},
     0, (50, 10), [90, 60], "resolved"),
    ("3rd_5", "90 = 90 is not 少ない: 9 (DAY): 30 v 50, P0 takes 20",
     {"sets": (["3rd_5"], ["1st_17"]), "hp": (90, 90), "medal": 2},
     9, (30, 50), [70, 90], "failed"),
    ("3rd_5", "100 > 90: 9 (DAY)",
     {"sets": (["3rd_5"], ["1st_17"]), "hp": (100, 90), "medal": 2},
     9, (30, 50), [80, 90], "failed"),
    # 3rd_7 HPが相手のHPより少ないなら、時計を真昼にする: 14 + 3 + 1 = 18 = 0 (NIGHT) → 9; P0 keeps
    # 1st_74: DAY 40 v 30, P1 takes 10
    ("3rd_7", "HPが相手のHPより少ない: 90 < 100 → noon: 40 v 30",
     {"sets": (["3rd_7"], ["1st_67"]), "battle": ("1st_74", "1st_67"), "hp": (90, 100),
      "medal": 14}, 9, (40, 30), [90, 90], "resolved"),
    ("3rd_7", "100 = 100: stays on 0 (NIGHT): 20 v 50, P0 takes 30",
     {"sets": (["3rd_7"], ["1st_67"]), "battle": ("1st_74", "1st_67"), "medal": 14},
     0, (20, 50), [70, 100], "failed"),
    # 2nd_11 前のターンで使用したキャラクターカードの属性が炎なら、さらに追加で時計を０～５つまで
    # 進めてもよい: last turn 1st_72 (flame); 0 + 3 + 1 = 4 (NIGHT). Answered 5 → 9 (DAY): 20 v 30,
    # P0 takes 10; answered 1 → 5 (DAY); the default 0 is not done (1.3.2.2): NIGHT 50 v 50
    ("2nd_11", "炎, ５つ進める: 4 → 9 (DAY): 20 v 30",
     {"sets": (["2nd_11"], ["1st_67"]), "battle": ("1st_72", "1st_67"),
      "picks": {"2nd_11": [["5"]]}}, 9, (20, 30), [90, 100], "resolved"),
    ("2nd_11", "炎, １つ進める: 4 → 5 (DAY): 20 v 30",
     {"sets": (["2nd_11"], ["1st_67"]), "battle": ("1st_72", "1st_67"),
      "picks": {"2nd_11": [["1"]]}}, 5, (20, 30), [90, 100], "resolved"),
    ("2nd_11", "炎, ０つ (the default): 4 (NIGHT): 50 v 50, a draw",
     {"sets": (["2nd_11"], ["1st_67"]), "battle": ("1st_72", "1st_67")},
     4, (50, 50), [100, 100], "not_done"),
    ("2nd_11", "darkness (1st_67) last turn: no advance, no choice: 4, 50 v 50",
     {"sets": (["2nd_11"], ["1st_67"])}, 4, (50, 50), [100, 100], "failed"),
    # 1st_5 相手の攻撃力を昼夜逆転する: 0 + 0 + 1 = 1 (NIGHT): P1's 1st_67 attacks with its DAY 30
    ("1st_5", "昼夜逆転: P1's 1st_67 at NIGHT attacks 30: 50 v 30, P1 takes 20",
     {"sets": (["1st_5"], ["1st_67"])}, 1, (50, 30), [100, 80], "resolved"),
    # with P1's 1st_30 (自分の攻撃力+30, clock 1): 0 + 0 + 1 = 1 (NIGHT); the +30 is on 1st_67's
    # attack whichever of its values is used, so swapped: 30 + 30 = 60 v 50, P0 takes 10 (not
    # 50 + 30 = 80). The order (※相手のエンチャント発動のち) is tested below.
    ("1st_5", "昼夜逆転 with the opponent's +30: 30 + 30 = 60",
     {"sets": (["1st_5"], ["1st_30"])}, 1, (50, 60), [90, 100], "resolved"),
    # 2nd_6 このターン、同時にセットした自分のキャラクターカードのパワーコストを★２減らす (Q36): P0
    # lost the last battle and sets 1st_16 (★5) with it; total power 4 (2nd_38 + 2nd_65): ★5 - 2
    # = ★3 ≤ 4, 1st_16 attacks 80; 0 + 2 + 1 + 1 = 4 (NIGHT): 80 v 50, P1 takes 30
    ("2nd_6", "同時にセットした: 1st_16 costs ★3 ≤ 4: 80 v 50",
     {"sets": (["1st_16", "2nd_6"], ["1st_67"]), "power": (["2nd_38", "2nd_65"], POWER),
      "previous_winner": 1}, 4, (80, 50), [100, 70], "resolved"),
    # … 2nd_6 alone, 1st_16 from last turn in the battle zone: ★5 > 4, it cannot attack (5.1.3.2,
    # Q40): 0 + 2 + 1 = 3 (NIGHT): 0 v 50, P0 takes 50
    ("2nd_6", "not set with it: 1st_16 costs ★5 > 4: 0 v 50",
     {"sets": (["2nd_6"], ["1st_67"]), "battle": ("1st_16", "1st_67"),
      "power": (["2nd_38", "2nd_65"], POWER)}, 3, (0, 50), [50, 100], "failed"),
    # 2nd_62 同時に出したキャラクターカードを、変えなくてもよい: P0 lost, sets 1st_72 with it;
    # 0 + 5 + 1 + 1 = 7 (DAY). Kept (the default "yes"): 1st_67 DAY 30 v 30, a draw; answered
    # "no": the swap of 5.2.5.1, 1st_72 DAY 20 v 30, P0 takes 10
    ("2nd_62", "変えなくてもよい, kept: 1st_67 stays: 30 v 30",
     {"sets": (["2nd_62", "1st_72"], ["1st_67"]), "previous_winner": 1},
     7, (30, 30), [100, 100], "resolved"),
    ("2nd_62", "answered no: 1st_72 swapped in: 20 v 30",
     {"sets": (["2nd_62", "1st_72"], ["1st_67"]), "previous_winner": 1,
      "picks": {"2nd_62": [["no"]]}}, 7, (20, 30), [90, 100], "resolved"),
    # 3rd_27 相手のHPを50回復させ、ターン終了時に50ダメージを与える: 0 + 1 + 1 = 2 (NIGHT), 1st_67 v
    # 1st_67 50 v 50: a draw (Q25: the end-of-turn damage decides no battle). 40 → 90 → 40 at 5.2.10
    ("3rd_27", "50回復 then ターン終了時に50ダメージ: 40 → 90 → 40",
     {"sets": (["3rd_27"], ["1st_67"]), "hp": (100, 40)}, 2, (50, 50), [100, 40], "resolved"),
    # … 80 → 100 (the cap, 3.7.1: +20 only) → 50
    ("3rd_27", "capped at 100: 80 → 100 → 50",
     {"sets": (["3rd_27"], ["1st_67"]), "hp": (100, 80)}, 2, (50, 50), [100, 50], "resolved"),
]  # fmt: skip


@pytest.mark.parametrize(("card", "why", "args", "medal", "attack", "hp", "how"), BATTLE_ROWS,
                         ids=[f"{r[0]}-{i}" for i, r in enumerate(BATTLE_ROWS)])  # fmt: skip
def test_condition_met_and_not_met(
    real_cards: CardCatalogue,
    card: str,
    why: str,
    args: dict[str, Any],
    medal: int,
    attack: tuple[int, int],
    hp: list[int],
    how: str,
) -> None:
    report = play(real_cards, rec(**args))
    assert not report.undescribed_effects
    assert battle_of(report) == (medal, attack), why
    assert hps(report) == hp, why
    assert ruling(report, card) == how, why


def test_3rd_27_the_damage_comes_at_the_end_of_the_turn_q25(real_cards: CardCatalogue) -> None:
    """3rd_27: at 5.2.7 P1 is at 90 (healed), the 50 damage comes at 5.2.10 (ターン終了時); P1 at
    40 after the heal of 50 and the damage at the turn's end."""
    claims = [at_effects("players[1].hp", 90),
              {"party": "0", "at": "T3/5.2.9", "path": "players[1].hp", "value": 90}]  # fmt: skip
    report = play(real_cards, rec((["3rd_27"], ["1st_67"]), hp=(100, 40), claims=claims))
    assert statuses(report) == ["CONSISTENT", "CONSISTENT"]
    assert hps(report) == [100, 40]


def test_3rd_27_without_characters_q61(real_cards: CardCatalogue) -> None:
    """Q61: with no character in either battle zone the effect still takes place (HP outside the
    battle): P1 60 → 100 (capped, 3.7.1) → 50 at the turn's end. P1 sets 2nd_94 (an enchant whose
    effect changes no HP), so no character enters either battle zone."""
    report = play(real_cards, rec((["3rd_27"], ["2nd_94"]), battle=(None, None), hp=(100, 60)))
    assert hps(report) == [100, 50]


def test_2nd_62_kept_or_swapped(real_cards: CardCatalogue) -> None:
    """2nd_62 kept (1.3.1: the character set with it stays in set zone B at the battle) or not
    (answered "no": 5.2.5.1's swap, 1st_67 to the abyss as it has no STP)."""
    args: dict[str, Any] = {"sets": (["2nd_62", "1st_72"], ["1st_67"]), "previous_winner": 1}
    kept = play(real_cards, rec(**args, claims=[at_effects("players[0].zone_b", "1st_72")]))
    assert [e.kind for e in kept.events].count("CHARACTER_KEPT") == 1
    assert statuses(kept) == ["DEPENDS_ON"]
    assert kept.claims[0].actual == "1st_72"
    # 5.2.11.1: cards played this turn still in set zone A or B go to the power charger (both
    # have SEND TO POWER ★1): 2nd_62 (zone A) then 1st_72 (zone B); 1st_67 stays in battle
    end = kept.turns[-1].players[0]
    assert (end.battle_zone, end.zone_b, end.abyss) == ("1st_67", None, ())
    assert end.power_charger == (*POWER, "2nd_62", "1st_72")
    claims = [at_effects("players[0].abyss", ["1st_67"])]
    swapped = play(real_cards, rec(**args, picks={"2nd_62": [["no"]]}, claims=claims))
    assert "CHARACTER_KEPT" not in [e.kind for e in swapped.events]
    assert statuses(swapped) == ["CONSISTENT"]


def test_1st_5_after_the_opponents_enchant(real_cards: CardCatalogue) -> None:
    """※相手のエンチャント発動のち有効: at NIGHT (mark 1) P0 is the priority player (10.2.1) and
    would resolve first (6.3.1), but 1st_5 takes effect after P1's enchant 1st_30 has."""
    report = play(real_cards, rec((["1st_5"], ["1st_30"])))
    assert report.turns[-1].priority == 0
    order = [e.param("card") for e in report.events
             if e.turn == 3 and e.kind == "EFFECT_RESOLVED" and e.param("auto")]  # fmt: skip
    assert order == ["1st_30", "1st_5"]


def test_3rd_27_two_copies_q26(real_cards: CardCatalogue) -> None:
    """Q26: two 3rd_27 set by the loser of the last battle both take effect (total power 8 meets
    ★6 for each, 9.1.3): P1 50 → 100 → 100 (the second heal is not done at 100, 3.7.1, Q59),
    then at the turn's end 100 - 50 - 50 = 0: P1 has lost (8.1.1). 0 + 1 + 1 + 1 = 3 (NIGHT),
    1st_67 v 1st_67: a draw, no battle damage (5.1.4.4)."""
    report = play(real_cards, rec((["3rd_27", "3rd_27"], ["1st_67"]), hp=(100, 50),
                                  previous_winner=1))  # fmt: skip
    assert hps(report) == [100, 0]
    assert report.result.winner == 0


def test_2nd_6_this_turn_only_q36(real_cards: CardCatalogue) -> None:
    """Q36: このターン: the ★2 off is gone the next turn. Turn 3 as the 2nd_6 row (1st_16 attacks
    80 at ★3 ≤ 4; P1 100 - 30 = 70). Turn 4: P0 sets 2nd_82 (clock 4; the hand card it puts
    under the deck changes nothing here), P1 sets 1st_9 (clock 1): 4 + 4 + 1 = 9 (DAY). 1st_16
    is still there at ★5 > 4 (P0's power charger took nothing: 1st_67 went to the abyss, 3.6):
    it attacks 0 (5.1.3.2) v 1st_9's DAY 10: P0 takes 10."""
    data = rec((["1st_16", "2nd_6"], ["1st_67"]), power=(["2nd_38", "2nd_65"], POWER),
               previous_winner=1, hand=(["1st_9", "1st_17", "2nd_82"], FILLERS))  # fmt: skip
    data["turns"].append({"set": [{"A": "2nd_82"}, {"A": "1st_9"}], "effects": []})
    report = play(real_cards, data)
    first, second = report.turns[-2], report.turns[-1]
    assert first.battle is not None
    assert second.battle is not None
    assert (first.medal, first.battle.attack) == (4, (80, 50))
    assert (second.medal, second.battle.attack) == (9, (0, 10))
    assert hps(report) == [90, 70]


def test_1st_5_power_cost_not_met(real_cards: CardCatalogue) -> None:
    """9.1.3: ★4 with total power 2: no swap, 50 v 50 at NIGHT (mark 1), a draw."""
    report = play(real_cards, rec((["1st_5"], ["1st_67"]), power=(["2nd_38"], POWER)))
    assert battle_of(report) == (1, (50, 50))


# --- 前のターンで使用したキャラクターカード… moves of the opponent's power charger (Q64) ---------

P1_POWER = ["2nd_38", "1st_72", "2nd_38", "1st_74"]  # bottom first: ★2 + ★1 + ★2 + ★1 = 6

POWER_ROWS: list[tuple[str, str, dict[str, Any], list[str], int, str]] = [
    # (card, why, rec arguments, P1's power charger after 5.2.7 (bottom first), its total, ruling)
    # 2nd_19 …属性が風なら相手のパワーチャージャーからSEND TO POWER★１のカードを１枚選び、相手の
    # デッキの底に置く: last turn 1st_79 (wind). Options top first: 1st_74, 1st_72; default 1st_74
    ("2nd_19", "風, the default (top first): 1st_74 goes, 6 - 1 = 5",
     {"sets": (["2nd_19"], ["1st_9"]), "battle": ("1st_79", "1st_67")},
     ["2nd_38", "1st_72", "2nd_38"], 5, "resolved"),
    ("2nd_19", "風, answered 1st_72",
     {"sets": (["2nd_19"], ["1st_9"]), "battle": ("1st_79", "1st_67"),
      "picks": {"2nd_19": [["1st_72"]]}}, ["2nd_38", "2nd_38", "1st_74"], 5, "resolved"),
    ("2nd_19", "flame (1st_72) last turn: nothing moves",
     {"sets": (["2nd_19"], ["1st_9"]), "battle": ("1st_72", "1st_67")}, P1_POWER, 6, "failed"),
    # 2nd_24 …属性が電気で、今が夜なら…: last turn 1st_74 (electric); 0 + 1 + 1 = 2 (NIGHT)
    ("2nd_24", "電気 and 夜 (2): 1st_74 goes",
     {"sets": (["2nd_24"], ["1st_9"]), "battle": ("1st_74", "1st_67")},
     ["2nd_38", "1st_72", "2nd_38"], 5, "resolved"),
    ("2nd_24", "電気 but 8 + 2 = 10 is DAY: nothing moves",
     {"sets": (["2nd_24"], ["1st_9"]), "battle": ("1st_74", "1st_67"), "medal": 8},
     P1_POWER, 6, "failed"),
    ("2nd_24", "夜 but wind (1st_79) last turn: nothing moves",
     {"sets": (["2nd_24"], ["1st_9"]), "battle": ("1st_79", "1st_67")}, P1_POWER, 6, "failed"),
]  # fmt: skip


@pytest.mark.parametrize(("card", "why", "args", "charger", "total", "how"), POWER_ROWS,
                         ids=[f"{r[0]}-{i}" for i, r in enumerate(POWER_ROWS)])  # fmt: skip
def test_opponent_power_card_to_the_bottom_of_their_deck(
    real_cards: CardCatalogue,
    card: str,
    why: str,
    args: dict[str, Any],
    charger: list[str],
    total: int,
    how: str,
) -> None:
    """P1 keeps 1st_67 (no STP) replaced by 1st_9: 1st_67 goes to P1's abyss, not the power
    charger (3.6); the claims read P1's power charger after the effect step (5.2.7)."""
    claims = [at_effects("players[1].power_charger", charger),
              at_effects("players[1].total_power", total)]  # fmt: skip
    report = play(real_cards, rec(**args, power=(POWER, P1_POWER), claims=claims))
    # defaulted, which card is left depends on the pick (DEPENDS_ON, req 4); the total does not
    depends = how == "resolved" and "picks" not in args
    assert statuses(report) == ["DEPENDS_ON" if depends else "CONSISTENT", "CONSISTENT"], why
    assert [c.actual for c in report.claims] == [charger, total], why
    assert ruling(report, card) == how, why
    if how == "resolved":
        (moved,) = (Counter(P1_POWER) - Counter(charger)).elements()
        assert report.turns[-1].players[1].deck[-1] == moved, "the bottom (deck is top first)"


def test_2nd_19_no_send_to_power_1_card_q64(real_cards: CardCatalogue) -> None:
    """Q64: only ★2 cards in the opponent's power charger: the effect cannot be used."""
    claims = [at_effects("players[1].total_power", 8)]
    report = play(real_cards, rec((["2nd_19"], ["1st_9"]), battle=("1st_79", "1st_67"),
                                  claims=claims))  # fmt: skip
    assert statuses(report) == ["CONSISTENT"]
    assert ruling(report, "2nd_19") == "not_done"
    assert event_json(not_done(report, "2nd_19"))["qa"] == ["Q64"]
    assert report.choices == ()


# --- 2nd_41 前のターンで使用したキャラクターカードの属性が闇なら、デッキの一番上のカードを
# パワーがあればパワーチャージャーに、なければアビスに置く -------------------------------------


@pytest.mark.parametrize(
    ("last", "top", "charger", "abyss"),
    [
        # last turn 1st_67 (darkness, no STP: to the abyss at 5.2.5); the top 1st_72 (★1) → the
        # power charger, total 8 + 1 = 9
        ("1st_67", "1st_72", [*POWER, "1st_72"], ["1st_67"]),
        # the top 1st_67 has no power → the abyss, on top of the replaced 1st_67
        ("1st_67", "1st_67", POWER, ["1st_67", "1st_67"]),
        # last turn 1st_74 (electric, ★1: to the power charger at 5.2.5): nothing from the deck
        ("1st_74", "1st_72", [*POWER, "1st_74"], []),
    ],
)
def test_2nd_41_deck_top_to_power_or_abyss(
    real_cards: CardCatalogue, last: str, top: str, charger: list[str], abyss: list[str]
) -> None:
    claims = [at_effects("players[0].power_charger", charger),
              at_effects("players[0].abyss", abyss)]  # fmt: skip
    report = play(real_cards, rec((["2nd_41"], ["1st_67"]), battle=(last, "1st_67"),
                                  deck=([top, "1st_79"], []), claims=claims))  # fmt: skip
    assert statuses(report) == ["CONSISTENT", "CONSISTENT"]
    assert ruling(report, "2nd_41") == ("resolved" if last == "1st_67" else "failed")


# --- 手札をN枚選んでデッキの底に置き、カードをN枚引く / 手札から…１枚を選び、アビスに置く。
# デッキからカードを１枚引く ---------------------------------------------------------------------

HAND_ROWS: list[tuple[str, int, dict[str, Any] | None, list[str], list[str], list[str]]] = [
    # (card, N, P0's picks, hand after 5.2.7, the deck's bottom after it (bottom first), abyss)
    # P0's hand after setting: 1st_9, 1st_17, 1st_79; the deck's top: 1st_72, 1st_74, 1st_67.
    # Two chosen go under the deck, the last answered at the very bottom; then the top two drawn.
    ("2nd_27", 2, None, ["1st_79", "1st_72", "1st_74"], ["1st_17", "1st_9"], []),
    ("2nd_27", 2, {"2nd_27": [["1st_79", "1st_17"]]}, ["1st_9", "1st_72", "1st_74"],
     ["1st_17", "1st_79"], []),
    ("2nd_31", 2, {"2nd_31": [["1st_17", "1st_79"]]}, ["1st_9", "1st_72", "1st_74"],
     ["1st_79", "1st_17"], []),
    ("2nd_82", 1, None, ["1st_17", "1st_79", "1st_72"], ["1st_9"], []),
    ("2nd_94", 1, {"2nd_94": [["1st_79"]]}, ["1st_9", "1st_17", "1st_72"], ["1st_79"], []),
    # 3rd_31 パワーの有無に関わらず: 1st_79 (★1) goes to the abyss all the same; one drawn
    ("3rd_31", 0, {"3rd_31": [["1st_79"]]}, ["1st_9", "1st_17", "1st_72"], [], ["1st_79"]),
    ("3rd_31", 0, None, ["1st_17", "1st_79", "1st_72"], [], ["1st_9"]),
]  # fmt: skip


@pytest.mark.parametrize(("card", "n", "picks", "hand", "bottom", "abyss"), HAND_ROWS,
                         ids=[f"{r[0]}-{i}" for i, r in enumerate(HAND_ROWS)])  # fmt: skip
def test_hand_cards_away_then_draw(
    real_cards: CardCatalogue,
    card: str,
    n: int,
    picks: dict[str, Any] | None,
    hand: list[str],
    bottom: list[str],
    abyss: list[str],
) -> None:
    """The hand and the abyss read at 5.2.7 (after the effect step); P1 sets 1st_67 (its 1st_67
    replaced goes to P1's abyss, not P0's). The deck: 3 known cards on top, the rest unknown."""
    deck = ["1st_72", "1st_74", "1st_67"]
    claims = [at_effects("players[0].hand", hand), at_effects("players[0].abyss", abyss)]
    data = rec(([card], ["1st_67"]), hand=(["1st_9", "1st_17", "1st_79"], FILLERS),
               deck=(deck, []), picks=picks, battle=(None, "1st_67"), claims=claims)  # fmt: skip
    report = play(real_cards, data)
    # defaulted, the hand (and 3rd_31's abyss) would differ under another pick: DEPENDS_ON (req 4)
    hand_status = "CONSISTENT" if picks else "DEPENDS_ON"
    abyss_status = "DEPENDS_ON" if not picks and abyss else "CONSISTENT"
    assert statuses(report) == [hand_status, abyss_status]
    assert [c.actual for c in report.claims] == [hand, abyss]
    assert ruling(report, card) == "resolved"
    if bottom:
        assert list(report.turns[-1].players[0].deck[-len(bottom) :]) == bottom[::-1]
    assert bool(picks) == (not [c for c in report.choices if c.defaulted])


TESTED_CARDS: frozenset[str] = frozenset(
    {r[0] for r in BATTLE_ROWS}
    | {r[0] for r in POWER_ROWS}
    | {"2nd_41"}
    | {r[0] for r in HAND_ROWS}
)
"""Every card a test here runs from its Japanese text (``test_card_effects_encoding`` checks that
each ``automated`` card is tested)."""


def test_the_cards_of_this_file() -> None:
    assert len(TESTED_CARDS) == 18
