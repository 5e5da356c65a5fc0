"""The ``run_battle`` family (attack, HP and damage, the clock and Chronos, power cost, element):
each card that runs through these codes, from its Japanese text, and each code in an invented
situation, expected values worked out by hand from the text, the ground rules and the Q&A.

Records start from a judge's snapshot at turn 3 (``test_card_effects_run.snapshot``): both players
at 100 HP, total power 8, night side P0, the vanilla 1st_67 (darkness, clock 1, NIGHT 50 / DAY 30,
cost 0) in both battle zones unless a row says otherwise. Marks 0-4 are NIGHT and 9-13 DAY on
either mat; 14-17 are NIGHT on the default mat (SYM9, 3.8.4). Other cards used (SHARED_DIR):

=======  =========  =====  ====  ============  ==========================================
card     type       clock  cost  DAY / NIGHT   effect_ja
=======  =========  =====  ====  ============  ==========================================
1st_8    enchant    0      3                   時計を無効　このターンのはじまりの時間に戻る
1st_17   character  5      0     50 / 10       (none)
1st_26   enchant    0      3                   このターンのはじまりの時間から相手の時計分…
1st_63   enchant    1      2                   自分の基礎攻撃力を昼夜逆転する
1st_72   character  1      0     20 / 40       (none; SEND TO POWER ★1)
1st_16   character  1      5     80 / 80       (none)
3rd_9    character  0      3     40 / 90       真夜中なら攻撃力+50
3rd_26   enchant    1      2                   真夜中の前後２マスも真夜中として扱う
3rd_33   character  4      0     40 / 30       昼なら、時計を２つ進める
4th_106  enchant    0      2                   クロノスの時計を９つ進ませる
=======  =========  =====  ====  ============  ==========================================
"""

from __future__ import annotations

import functools
import json
from typing import Any

import pytest

from judging.engine import CardCatalogue
from judging.engine.zutomayo.apply import Game, _GameOver, run_record
from judging.engine.zutomayo.cardeffects.execute import condition_holds, run_action
from judging.engine.zutomayo.cardeffects.run_base import Resolution
from judging.engine.zutomayo.cardeffects.status import classify
from judging.engine.zutomayo.cardeffects.vocab import Act, Action, Cond, Condition
from judging.engine.zutomayo.record import parse_record
from tests.judging.engine.conftest import REAL_CARDS
from tests.judging.engine.test_card_effects_run import (
    POWER,
    attacks,
    hps,
    play,
    snapshot,
)

# --- cards that run by themselves through these codes only -------------------------------------

CARD_ROWS: list[tuple[str, str, dict[str, Any], int, tuple[int, int], tuple[int, int]]] = [
    # (card, the phrase that decides, snapshot arguments, medal after the turn, attacks, HP)
    # 4th_106 クロノスの時計を９つ進ませる: 0 + 1 (5.2.4) = 1, + 9 = 10 (DAY): 30 v 30, a draw.
    ("4th_106", "時計を９つ進ませる", {"sets": (["4th_106"], ["1st_67"])}, 10, (30, 30),
     (100, 100)),
    # … 17 + 1 = 0 (round past midnight, 3.8.2), + 9 = 9 (noon, DAY).
    ("4th_106", "時計を９つ進ませる", {"sets": (["4th_106"], ["1st_67"]), "medal": 17}, 9,
     (30, 30), (100, 100)),
    # … 10 + 1 = 11, + 9 = 20 = mark 2 (NIGHT): 50 v 50.
    ("4th_106", "時計を９つ進ませる", {"sets": (["4th_106"], ["1st_67"]), "medal": 10}, 2,
     (50, 50), (100, 100)),
    # 3rd_33 昼なら、時計を２つ進める: 4 + 4 + 1 = 9 (DAY) → 11; DAY 40 v 30: P1 takes 10.
    ("3rd_33", "昼なら、時計を２つ進める", {"sets": (["3rd_33"], ["1st_67"]), "medal": 4}, 11,
     (40, 30), (100, 90)),
    # … 14 + 5 = 1 (NIGHT): not met, the medal stays; NIGHT 30 v 50: P0 takes 20.
    ("3rd_33", "昼なら、時計を２つ進める", {"sets": (["3rd_33"], ["1st_67"]), "medal": 14}, 1,
     (30, 50), (80, 100)),
    # 1st_63 自分の基礎攻撃力を昼夜逆転する: 0 + 2 = NIGHT, P0's 1st_67 has its DAY 30: P0 takes 20.
    ("1st_63", "基礎攻撃力を昼夜逆転する", {"sets": (["1st_63"], ["1st_67"])}, 2, (30, 50),
     (80, 100)),
    # … 9 + 2 = 11 (DAY): P0's 1st_67 has its NIGHT 50 v 30: P1 takes 20.
    ("1st_63", "基礎攻撃力を昼夜逆転する", {"sets": (["1st_63"], ["1st_67"]), "medal": 9}, 11,
     (50, 30), (100, 80)),
    # 1st_8 時計を無効　このターンのはじまりの時間に戻る: 13 + 5 (1st_17) = 0, NIGHT, P0 first; back
    # to 13 (DAY): 1st_67 DAY 30 v 1st_17 DAY 50: P0 takes 20 (at NIGHT it would be 50 v 10).
    ("1st_8", "このターンのはじまりの時間に戻る", {"sets": (["1st_8"], ["1st_17"]), "medal": 13},
     13, (30, 50), (80, 100)),
    # 1st_26 …はじまりの時間から相手の時計分、時間が戻る: 0 + 1 = 1; from 0 back by P1's 1 = 17.
    ("1st_26", "相手の時計分、時間が戻る", {"sets": (["1st_26"], ["1st_67"])}, 17, (50, 50),
     (100, 100)),
    # … P0 (who lost) also sets 1st_72 (clock 1): 2 + 2 = 4; back from 2 by P1's 1 only = 1.
    # 1st_72 NIGHT 40 v 50: P0 takes 10.
    ("1st_26", "相手の時計分、時間が戻る",
     {"sets": (["1st_26", "1st_72"], ["1st_67"]), "medal": 2, "previous_winner": 1}, 1,
     (40, 50), (90, 100)),
    # 3rd_26 真夜中の前後２マスも真夜中として扱う, with 3rd_9 真夜中なら攻撃力+50 resolved after it
    # (choices.order, 6.3.3): 0 + 0 + 1 + 1 = 2, within 2 of midnight: 90 + 50 = 140 v 50.
    ("3rd_26", "真夜中の前後２マスも真夜中",
     {"sets": (["3rd_9", "3rd_26"], ["1st_67"]), "previous_winner": 1,
      "choices": {"order": [["3rd_26", "3rd_9"], None]}}, 2, (140, 50), (100, 10)),
    # … the default order (the character in the battle zone first): 3rd_9 sees mark 2 before the
    # widening: not midnight: 90 v 50.
    ("3rd_26", "真夜中の前後２マスも真夜中",
     {"sets": (["3rd_9", "3rd_26"], ["1st_67"]), "previous_winner": 1}, 2, (90, 50), (100, 60)),
    # … 1 + 2 = 3: three marks from midnight, not within 2: 90 v 50.
    ("3rd_26", "真夜中の前後２マスも真夜中",
     {"sets": (["3rd_9", "3rd_26"], ["1st_67"]), "previous_winner": 1, "medal": 1,
      "choices": {"order": [["3rd_26", "3rd_9"], None]}}, 3, (90, 50), (100, 60)),
]  # fmt: skip

TESTED_CARDS: frozenset[str] = frozenset(row[0] for row in CARD_ROWS)
"""Every card a run test here covers (the encoding test checks each automated card has one)."""


@functools.cache
def _texts() -> dict[str, str]:
    rows = json.loads(REAL_CARDS.read_text(encoding="utf-8"))
    return {str(r["id"]): str(r.get("effect_ja") or "") for r in rows}


def _text(real_cards: CardCatalogue, card_id: str) -> str:
    assert real_cards.get(card_id) is not None
    return _texts()[card_id]


@pytest.mark.parametrize(
    ("card_id", "phrase", "args", "medal", "attack", "hp"),
    CARD_ROWS,
    ids=[f"{r[0]}-{i}" for i, r in enumerate(CARD_ROWS)],
)
def test_card_runs_by_itself(
    real_cards: CardCatalogue,
    card_id: str,
    phrase: str,
    args: dict[str, Any],
    medal: int,
    attack: tuple[int, int],
    hp: tuple[int, int],
) -> None:
    assert phrase in _text(real_cards, card_id)
    report = play(real_cards, snapshot(**args))
    assert not report.undescribed_effects
    assert report.turns[-1].medal == medal
    assert attacks(report) == attack
    assert tuple(hps(report)) == hp


def test_these_cards_are_automated(real_cards: CardCatalogue) -> None:
    rows = [{"id": c, "effect_ja": _text(real_cards, c)} for c in sorted(TESTED_CARDS)]
    statuses = {c["id"]: c["status"] for c in classify(rows)["cards"]}  # type: ignore[index, union-attr, call-overload]
    assert set(statuses.values()) == {"automated"}, statuses


def test_rewind_keeps_the_change_of_time_and_cites_q15(real_cards: CardCatalogue) -> None:
    """1st_8: the medal went 13 → 0 (DAY → NIGHT) and comes back (Q17: the change happened);
    the move back is a MEDAL_MOVED "back" citing 1.3.1 and 3.8.2 (Q15: in the priority order)."""
    report = play(real_cards, snapshot((["1st_8"], ["1st_17"]), medal=13))
    moved = [e for e in report.events if e.kind == "MEDAL_MOVED"]
    assert [(e.before, e.after, e.param("direction")) for e in moved] == [(0, 13, "back")]
    assert {"1.3.1", "3.8.2"} <= set(moved[0].rules)
    assert moved[0].param("qa") == "Q15"
    advanced = next(e for e in report.events if e.kind == "TIME_ADVANCED")
    assert (advanced.before, advanced.after) == (13, 0)


# --- invented situations: each code on a game stopped at the effect step of turn 3 ---------------


def game_at(
    real_cards: CardCatalogue,
    *,
    battle: tuple[str | None, str | None] = ("1st_67", "1st_67"),
    hp: tuple[int, int] = (100, 100),
    medal: int = 0,
    power: tuple[list[str], list[str]] = (POWER, POWER),
) -> Game:
    data = snapshot((["1st_9"], ["1st_9"]), battle=battle, hp=hp, medal=medal, power=power)
    data["turns"] = []
    game = run_record(parse_record(data, real_cards))
    assert game.illegal is None
    game.turn, game.step, game._turn_start = 3, "5.2.7", len(game.events)
    return game


def do(game: Game, code: Act, amount: int = 0, p: int = 0, elements: tuple[str, ...] = ()) -> bool:
    resolution = Resolution(player=p, card_id="1st_9", timing="main")
    return run_action(game, Action(code=code, amount=amount, elements=elements), resolution)


def kinds(game: Game) -> list[str]:
    return [e.kind for e in game.turn_events()]


def not_done(game: Game) -> list[str]:
    return [str(e.param("reason")) for e in game.turn_events() if e.kind == "EFFECT_NOT_DONE"]


def test_opponent_attack_minus_stops_at_0_then_plus_q54(real_cards: CardCatalogue) -> None:
    """Q54 (4th_92 相手の攻撃力-40, then the opponent's 爆ぜる +80): 30 - 40 is 0, not -10; + 80
    is 80 (at DAY, medal 10: 1st_67 DAY 30)."""
    game = game_at(real_cards, medal=10)
    do(game, Act.OPP_ATTACK_MINUS, 40)
    assert game._attacks(()) == (30, 0)
    do(game, Act.ATTACK_PLUS, 80, p=1)
    assert game._attacks(()) == (30, 80)
    q54 = [e for e in game.turn_events() if e.kind == "ATTACK_MODIFIED" and e.param("qa")]
    assert [(e.before, e.after, e.param("qa")) for e in q54] == [(30, 0, "Q54")]


def test_attack_set_and_minus(real_cards: CardCatalogue) -> None:
    """相手の攻撃力を100にする (4th_99): 50 → 100; 攻撃力-20 then 攻撃力を0にする: 50 → 30 → 0;
    at 0 a further -20 stays 0 (7.1)."""
    game = game_at(real_cards)
    do(game, Act.OPP_ATTACK_SET, 100)
    do(game, Act.ATTACK_MINUS, 20)
    assert game._attacks(()) == (30, 100)
    do(game, Act.ATTACK_SET, 0)
    do(game, Act.ATTACK_MINUS, 20)
    assert game._attacks(()) == (0, 100)


def test_opponent_swap_day_night_and_always_day(real_cards: CardCatalogue) -> None:
    """相手の攻撃力を昼夜逆転する (1st_5) at NIGHT: P1's 1st_67 has DAY's 30; 自分の攻撃力は常に昼
    の攻撃力 (2nd_7) at NIGHT: P0's has DAY's 30 too; a +20 applies on top (7.1): 50 after."""
    game = game_at(real_cards)
    do(game, Act.OPP_ATTACK_SWAP_DAY_NIGHT)
    do(game, Act.ATTACK_ALWAYS_DAY)
    assert game._attacks(()) == (30, 30)
    do(game, Act.ATTACK_PLUS, 20)
    assert game._attacks(()) == (50, 30)
    changes = [e for e in game.turn_events() if e.kind == "EFFECT_CHANGE_ADDED"]
    assert [(e.player, e.before, e.after) for e in changes] == [(1, 50, 30), (0, 50, 30)]
    decided = [e for e in game.turn_events() if e.kind == "ATTACK_DETERMINED"][-2:]
    assert [(e.before, e.param("time")) for e in decided] == [(30, "day"), (30, "day")]


def test_swap_without_a_character_is_not_done_q43(real_cards: CardCatalogue) -> None:
    game = game_at(real_cards, battle=("1st_67", None))
    assert not do(game, Act.OPP_ATTACK_SWAP_DAY_NIGHT)
    assert not_done(game) == ["no_character"]


def test_plus_own_hp_both_q33(real_cards: CardCatalogue) -> None:
    """Q33 (3rd_64): own HP 70, the opponent's 40: +70 and +40 (NIGHT 50 each): 120 v 90."""
    game = game_at(real_cards, hp=(70, 40))
    do(game, Act.ATTACK_PLUS_OWN_HP_BOTH)
    assert game._attacks(()) == (120, 90)


@pytest.mark.parametrize(
    ("hp", "amount", "after", "reasons"),
    [
        ((100, 60), 50, 100, []),  # 60 + 50 = 110 → 100 (3.7.1, Q59)
        ((100, 100), 50, 100, ["already_full"]),  # Q59: at 100 HP it does not change
        ((100, 10), 50, 60, []),
    ],
)
def test_heal_opponent_capped_q59(
    real_cards: CardCatalogue, hp: tuple[int, int], amount: int, after: int, reasons: list[str]
) -> None:
    """相手のHPを50回復させ (3rd_27)."""
    game = game_at(real_cards, hp=hp)
    do(game, Act.HEAL_OPP, amount)
    assert [p.hp for p in game.players] == [hp[0], after]
    assert not_done(game) == reasons


def test_damage_to_0_ends_the_game_q34(real_cards: CardCatalogue) -> None:
    """Q34 (2nd_50 相手のHPを20減らす at HP 20): 0, and P0 wins (5.4.1); 30 at HP 20 is 0 too."""
    for amount in (20, 30):
        game = game_at(real_cards, hp=(100, 20))
        with pytest.raises(_GameOver):
            do(game, Act.DAMAGE, amount)
        assert game.players[1].hp == 0
        assert game.result is not None
        assert game.result.winner == 0


@pytest.mark.parametrize(
    ("reduction", "damage", "hp", "reduced"),
    [(40, 50, 90, 40), (40, 20, 100, 20), (0, 50, 50, 0)],
)
def test_reduction_covers_effect_damage(
    real_cards: CardCatalogue, reduction: int, damage: int, hp: int, reduced: int
) -> None:
    """自分がダメージを受けたとき40ダメージを軽減する (1st_28) also reduces 50ダメージを与える
    (3rd_27's end-of-turn damage): 50 - 40 = 10; 20 is reduced to 0 (20 of the 40 used)."""
    game = game_at(real_cards)
    if reduction:
        do(game, Act.REDUCE_DAMAGE, reduction, p=1)
    do(game, Act.DAMAGE, damage)
    assert game.players[1].hp == hp
    assert game.effects.reduced == (0, reduced)


def test_unreducible_damage_in_battle_and_by_effect(real_cards: CardCatalogue) -> None:
    """このキャラクターが与えるダメージは軽減されない (4th_24): P1's 40 reduction does not apply;
    NIGHT: 1st_67 50 v 1st_72 40: P1 takes 10 (not 0); then 20 by effect: 20 (not 0)."""
    game = game_at(real_cards, battle=("1st_67", "1st_72"))
    do(game, Act.REDUCE_DAMAGE, 40, p=1)
    do(game, Act.DAMAGE_UNREDUCIBLE)
    game._battle(game._attacks(()), ())
    assert game.players[1].hp == 90
    do(game, Act.DAMAGE, 20)
    assert game.players[1].hp == 70
    assert game.effects.reduced == (0, 0)


def _battle_rules(game: Game) -> dict[str, tuple[str, ...]]:
    return {e.kind: e.rules for e in game.turn_events()
            if e.kind in ("BATTLE_RESOLVED", "DAMAGE_APPLIED")}  # fmt: skip


@pytest.mark.parametrize(
    ("reduction", "unreducible_by", "hp", "cites_1_3_1", "cites_5_1_4_3"),
    [
        # P0 (50) beats P1 (40) by 10. P1 reduces; P0's character's damage is not reduced: the
        # card's text over the rules (1.3.1), so 5.1.4.3 (a reduced battle) does not apply.
        (40, 0, 90, True, False),
        (1, 0, 90, True, False),  # the least reduction there is still overridden, still 1.3.1
        # No reduction to override: the text changed nothing, so the ruling cites no 1.3.1.
        (0, 0, 90, False, False),
        # The loser's own unreducible damage does not stop the winner's damage being reduced:
        # 10 - 4 = 6 damage, the reduction cited (5.1.4.3), not 1.3.1.
        (4, 1, 94, False, True),
    ],
)
def test_unreducible_damage_cites_1_3_1_only_when_it_overrides(
    real_cards: CardCatalogue,
    reduction: int,
    unreducible_by: int,
    hp: int,
    cites_1_3_1: bool,
    cites_5_1_4_3: bool,
) -> None:
    """このキャラクターが与えるダメージは軽減されない (4th_24) in a battle (5.1.4.1, 5.1.4.2): which
    rule the battle's ruling cites when the text meets a damage reduction. NIGHT: 1st_67 50 v
    1st_72 40."""
    game = game_at(real_cards, battle=("1st_67", "1st_72"))
    if reduction:
        do(game, Act.REDUCE_DAMAGE, reduction, p=1)
    do(game, Act.DAMAGE_UNREDUCIBLE, p=unreducible_by)
    game._battle(game._attacks(()), ())
    assert game.players[1].hp == hp
    rules = _battle_rules(game)
    assert set(rules) == {"BATTLE_RESOLVED", "DAMAGE_APPLIED"}
    for kind, cited in rules.items():
        assert ("1.3.1" in cited) is cites_1_3_1, (kind, cited)
        assert ("5.1.4.3" in cited) is cites_5_1_4_3, (kind, cited)
        assert "5.1.4.1" in cited if kind == "BATTLE_RESOLVED" else "5.1.4.2" in cited
    applied = next(e for e in game.turn_events() if e.kind == "DAMAGE_APPLIED")
    assert applied.param("amount") == 100 - hp
    assert applied.param("reduction") == (reduction if cites_5_1_4_3 else 0)


def test_damage_equal_to_what_was_reduced(real_cards: CardCatalogue) -> None:
    """このターンに軽減した数値分のダメージを相手に与える (4th_100): P0 reduces 40, loses 40 v 50:
    the 10 damage is reduced to 0 (10 reduced, Q37: still the loser); then 10 to P1: 90."""
    game = game_at(real_cards, battle=("1st_72", "1st_67"))
    do(game, Act.REDUCE_DAMAGE, 40)
    game._battle(game._attacks(()), ())
    assert [p.hp for p in game.players] == [100, 100]
    assert game.last_battle_winner == 1
    assert do(game, Act.DAMAGE_REDUCED_THIS_TURN)
    assert [p.hp for p in game.players] == [100, 90]


def test_damage_reduced_this_turn_is_0_without_a_reduction(real_cards: CardCatalogue) -> None:
    game = game_at(real_cards)
    assert not do(game, Act.DAMAGE_REDUCED_THIS_TURN)
    assert not_done(game) == ["zero_times"]  # 1.3.2.2
    assert game.players[1].hp == 100


@pytest.mark.parametrize(
    ("code", "medal", "after", "reasons"),
    [
        (Act.CLOCK_SET_MIDNIGHT, 11, 0, []),
        (Act.CLOCK_SET_MIDNIGHT, 0, 0, ["already_there"]),  # 1.3.2.1
        (Act.CLOCK_SET_NOON, 2, 9, []),
        (Act.CLOCK_SET_NOON, 9, 9, ["already_there"]),
    ],
)
def test_clock_set_midnight_and_noon(
    real_cards: CardCatalogue, code: Act, medal: int, after: int, reasons: list[str]
) -> None:
    """時計を真夜中にする (3rd_5) / 時計を真昼にする (3rd_7): marks 0 and 9 (3.8.1, 3.8.2)."""
    game = game_at(real_cards, medal=medal)
    do(game, code)
    assert game.medal == after
    assert not_done(game) == reasons


def test_rewind_then_midnight_in_priority_order_q15(real_cards: CardCatalogue) -> None:
    """Q15: 方位時計 (1st_8) and 我侭な合言葉 (3rd_5). Time moved 13 → 0 (P1's 1st_17, clock 5);
    the medal's side (P0) rewinds first (→ 13), then P1 sets midnight: the Chronos ends on 0."""
    game = game_at(real_cards, medal=13)
    game.players[1].played_this_turn = ["1st_17"]
    game._advance_time(())
    assert game.medal == 0
    do(game, Act.CLOCK_NEGATE)
    do(game, Act.CLOCK_REWIND)
    assert game.medal == 13
    do(game, Act.CLOCK_SET_MIDNIGHT, p=1)
    assert game.medal == 0


@pytest.mark.parametrize(("medal", "amount", "after"), [(17, 1, 0), (17, 2, 1), (0, 9, 9)])
def test_clock_advance_wraps(
    real_cards: CardCatalogue, medal: int, amount: int, after: int
) -> None:
    """時計をN進める: clockwise round past midnight (3.8.2: 17 + 1 is 0)."""
    game = game_at(real_cards, medal=medal)
    do(game, Act.CLOCK_ADVANCE, amount)
    assert game.medal == after


def test_clock_advance_up_to_is_a_choice(
    real_cards: CardCatalogue, monkeypatch: pytest.MonkeyPatch
) -> None:
    """時計を０～５つまで進めてもよい (2nd_11): options 0-5, the default 0 (not done, 1.3.2.2); 3
    chosen from 16: 1."""
    game = game_at(real_cards, medal=16)
    assert not do(game, Act.CLOCK_ADVANCE_UP_TO, 5)
    assert game.medal == 16
    point = game.choices[-1]
    assert (point.kind, point.options, point.chosen, point.defaulted) == (
        "pick", ("0", "1", "2", "3", "4", "5"), ("0",), True)  # fmt: skip
    assert point.path == "turns[0].choices.picks[0].1st_9[0]"
    monkeypatch.setattr(game, "choose", lambda *a: ("3",))
    assert do(game, Act.CLOCK_ADVANCE_UP_TO, 5)
    assert game.medal == 1


def test_clock_set_any_is_a_choice(
    real_cards: CardCatalogue, monkeypatch: pytest.MonkeyPatch
) -> None:
    """クロノスを好きな時間にする (4th_28): options the 18 marks clockwise from the medal (15:
    15, 16, 17, 0, …), default where it is (not done, 1.3.2.1); 9 chosen: 9."""
    game = game_at(real_cards, medal=15)
    assert not do(game, Act.CLOCK_SET_ANY)
    assert game.choices[-1].options[:4] == ("15", "16", "17", "0")
    assert len(game.choices[-1].options) == 18
    monkeypatch.setattr(game, "choose", lambda *a: ("9",))
    assert do(game, Act.CLOCK_SET_ANY)
    assert game.medal == 9


def test_negated_clocks_count_0(real_cards: CardCatalogue) -> None:
    """時計を無効 before time moves: 1st_17 (5) and 1st_67 (1) count 0: the medal stays."""
    game = game_at(real_cards, medal=3)
    do(game, Act.CLOCK_NEGATE)
    game.players[0].played_this_turn = ["1st_17"]
    game.players[1].played_this_turn = ["1st_67"]
    game._advance_time(())
    assert game.medal == 3


def test_opponent_character_clock_negated_q63(real_cards: CardCatalogue) -> None:
    """相手のキャラクターカードの時計を無効 (2nd_5, Q63: 0 for the opponent's characters): P1's
    1st_17 counts 0 and its enchant 1st_63 its 1; P0's 1st_67 its 1: 0 + 2 = 2."""
    game = game_at(real_cards)
    do(game, Act.OPP_CHAR_CLOCK_NEGATE)
    game.players[0].played_this_turn = ["1st_67"]
    game.players[1].played_this_turn = ["1st_17", "1st_63"]
    game._advance_time(())
    assert game.medal == 2
    advanced = game.turn_events()[-1]
    assert advanced.param("contributions") == ((0, "1st_67", 1), (1, "1st_17", 0), (1, "1st_63", 1))


def test_all_clocks_set_to_1_q31(real_cards: CardCatalogue) -> None:
    """すべてのカードの時計を１にする (3rd_61, Q31: at the clock step after it resolved): 1st_17
    (5), 1st_67 (1) and 1st_8 (0) count 1 each: 0 + 3 = 3; the next turn, printed again."""
    game = game_at(real_cards)
    do(game, Act.ALL_CLOCKS_SET, 1)
    game.players[0].played_this_turn = ["1st_17"]
    game.players[1].played_this_turn = ["1st_67", "1st_8"]
    game._advance_time(())
    assert game.medal == 3
    game.effects = game.effects.new_turn()
    game._advance_time(())
    assert game.medal == 9  # 3 + 5 + 1 + 0


@pytest.mark.parametrize(
    ("medal", "widened", "midnight"),
    [(0, False, True), (1, False, False), (16, True, True), (2, True, True), (15, True, False),
     (3, True, False)],
)  # fmt: skip
def test_midnight_widened(
    real_cards: CardCatalogue, medal: int, widened: bool, midnight: bool
) -> None:
    """真夜中の前後２マスも真夜中として扱う (3rd_26): 16, 17, 0, 1, 2 are midnight; 15 and 3 not."""
    game = game_at(real_cards, medal=medal)
    if widened:
        do(game, Act.MIDNIGHT_WIDEN, 2)
    r = Resolution(player=0, card_id="3rd_9", timing="main")
    assert condition_holds(game, 0, Condition(code=Cond.MIDNIGHT), r) is midnight


def test_power_cost_lowered_this_turn_q36(real_cards: CardCatalogue) -> None:
    """Q36 (2nd_6 パワーコストを★２減らす): ★3 in the power charger, a ★5 character (1st_16,
    80/80) attacks with ★2 off (80 v 50); the next turn it cannot (0, 2.3.6)."""
    game = game_at(real_cards, battle=("1st_16", "1st_67"), power=(["2nd_38", "1st_72"], POWER))
    assert game.players[0].total_power == 3
    assert game._attacks(()) == (0, 50)
    do(game, Act.POWER_COST_CHANGE, 2)
    assert game._attacks(()) == (80, 50)
    assert game.turn_events()[-2].param("qa") == "Q36"
    game.effects = game.effects.new_turn()
    assert game._attacks(()) == (0, 50)


def test_element_set_while_on_the_field(real_cards: CardCatalogue) -> None:
    """相手のキャラクターカードの属性をバトルフィールドにいる間電気にする (2nd_84): P1's darkness
    1st_67 is electric for 相手/自分のキャラクターカードの属性がXなら, into the next turn; when it
    leaves the battle zone it is over."""
    game = game_at(real_cards)
    r = Resolution(player=0, card_id="1st_9", timing="main")
    electric = Condition(code=Cond.OPP_CHAR_ELEMENT, elements=("electric",))
    own = Condition(code=Cond.OWN_CHAR_ELEMENT, elements=("electric",))
    assert not condition_holds(game, 0, electric, r)
    assert do(game, Act.ELEMENT_SET, elements=("electric",))
    assert condition_holds(game, 0, electric, r)
    assert condition_holds(game, 1, own, r)
    assert not condition_holds(game, 1, electric, r)  # P0's own 1st_67 is still darkness
    game.effects = game.effects.new_turn()
    assert condition_holds(game, 0, electric, r)
    game.players[1].battle_zone = None
    game.put_away(1, "1st_67", "battle_zone", ())
    game.players[1].battle_zone = "1st_67"
    assert not condition_holds(game, 0, electric, r)


def test_changes_are_in_the_digest(real_cards: CardCatalogue) -> None:
    """Two states that differ only by a lasting change have different digests."""
    plain, negated = game_at(real_cards), game_at(real_cards)
    do(negated, Act.CLOCK_NEGATE)
    assert plain.digest() != negated.digest()
    assert "EFFECT_CHANGE_ADDED" in kinds(negated)
