"""Real cards whose effects run by themselves, from their Japanese text.

Every record starts from a judge's snapshot at turn 3 with the medal on midnight (0) and both
players at 100 HP, and nobody typing any effect: the engine reads the card. The vanilla
characters used (no effect, power cost 0; stats from SHARED_DIR/data/zutomayo/cards.json):

========  ========  =====  ===========  =========
card      element   clock  night / day  STP
========  ========  =====  ===========  =========
1st_67    darkness  1      50 / 30      none
1st_72    flame     1      40 / 20      1
1st_74    electric  1      20 / 40      1
1st_79    wind      1      20 / 40      1
========  ========  =====  ===========  =========

Power charger: 2nd_38 ×2 and 2nd_65 ×2 (SEND TO POWER ★2 each), total power 8 (9.1.1), so every
power cost up to ★8 is met unless a test says otherwise. The medal after 5.2.4 is 0 plus the
clocks of the cards set this turn (5.2.4.1); marks 0-4 are NIGHT and 5-13 DAY under the default
mat (3.8.4, SYM9); the night side (P0) is the priority player at night, P1 by day (10.2.1).
Expected attacks follow 7.1 (printed attack plus the changes, in resolution order, 6.3.1).
"""

from __future__ import annotations

from typing import Any

import pytest

from judging.engine import CardCatalogue, ReplayReport, replay_record
from judging.engine.zutomayo.cardeffects.status import EXECUTED
from judging.engine.zutomayo.state import event_digest, event_json, event_text

VANILLA = {"darkness": "1st_67", "flame": "1st_72", "electric": "1st_74", "wind": "1st_79"}
ATTACK = {"1st_67": (50, 30), "1st_72": (40, 20), "1st_74": (20, 40), "1st_79": (20, 40)}
POWER = ["2nd_38", "2nd_38", "2nd_65", "2nd_65"]


def snapshot(
    sets: tuple[list[str], list[str]],
    *,
    battle: tuple[str | None, str | None] = ("1st_67", "1st_67"),
    hp: tuple[int, int] = (100, 100),
    power: tuple[list[str], list[str]] = (POWER, POWER),
    abyss: tuple[list[str], list[str]] = ([], []),
    medal: int = 0,
    previous_winner: int | None = None,
    effects: list[dict[str, Any]] | None = None,
    choices: dict[str, Any] | None = None,
    claims: list[dict[str, Any]] | None = None,
) -> dict[str, Any]:
    players = []
    for p in (0, 1):
        hand = [*sets[p], "1st_9", "1st_17"]
        known = len(hand) + len(power[p]) + len(abyss[p]) + (battle[p] is not None)
        players.append({
            "hp": hp[p], "battle_zone": battle[p], "power_charger": power[p], "abyss": abyss[p],
            "hand": hand, "deck_unknown": 20 - known,
        })  # fmt: skip
    turn: dict[str, Any] = {
        "set": [{"A": s[0], **({"B": s[1]} if len(s) > 1 else {})} for s in sets],
        "effects": effects or [],
    }
    if choices is not None:
        turn["choices"] = choices
    data: dict[str, Any] = {
        "format": "zutomayo-game/2",
        "night_side": 0,
        "players": [{"name": "Ann"}, {"name": "Bo"}],
        "start": {"turn": 3, "medal": medal, "previous_winner": previous_winner,
                  "players": players},
        "turns": [turn],
    }  # fmt: skip
    if claims:
        data["claims"] = claims
    return data


def play(real_cards: CardCatalogue, data: dict[str, Any]) -> ReplayReport:
    report = replay_record(data, cards=real_cards)
    assert report.illegal_input is None, report.illegal_input
    return report


def attacks(report: ReplayReport) -> tuple[int, int]:
    battle = report.turns[-1].battle
    assert battle is not None
    return battle.attack


def hps(report: ReplayReport) -> list[int]:
    return [p.hp for p in report.turns[-1].players]


def auto_events(report: ReplayReport, kind: str) -> list[Any]:
    return [e for e in report.events if e.kind == kind and e.param("auto")]


# --- 相手のキャラクターカードの属性がXなら攻撃力+N (enchants: P0 sets it, P1 sets a character) ---

OPP_ELEMENT_ENCHANTS = [
    # card, the elements its text names, +N (from effect_ja)
    ("1st_25", ("wind",), 50),  # 相手のキャラクターカードの属性が風なら攻撃力+50
    ("1st_27", ("electric",), 50),  # …電気なら攻撃力+50
    ("1st_29", ("darkness",), 50),  # …闇なら攻撃力+50
    ("1st_31", ("flame",), 50),  # …炎なら攻撃力+50
    ("1st_54", ("wind",), 30),
    ("1st_56", ("electric",), 30),
    ("1st_60", ("darkness",), 30),
    ("1st_62", ("flame",), 30),
    ("1st_91", ("flame", "wind"), 20),  # …炎・風なら攻撃力+20 (either)
    ("1st_95", ("darkness", "electric"), 20),  # …闇・電気なら攻撃力+20
]


def _clock(real_cards: CardCatalogue, card_id: str) -> int:
    card = real_cards.get(card_id)
    assert card is not None
    return card.clock


def _printed(real_cards: CardCatalogue, card_id: str, medal: int) -> int:
    night = medal <= 4 or medal >= 14  # SYM9 (3.8.4)
    return ATTACK[card_id][0 if night else 1]


@pytest.mark.parametrize(("card", "elements", "plus"), OPP_ELEMENT_ENCHANTS)
def test_opponent_element_condition_met_and_not_met(
    real_cards: CardCatalogue, card: str, elements: tuple[str, ...], plus: int
) -> None:
    """7.1, 6.2.1.1: +N only if the opponent's character (swapped in at 5.2.5, before 5.2.7)
    has an element the text names; otherwise the effect does not take effect."""
    for element, expected_plus in (*((e, plus) for e in elements),
                                   *((e, 0) for e in VANILLA if e not in elements)):  # fmt: skip
        opponent = VANILLA[element]
        medal = _clock(real_cards, card) + 1  # the opponent's vanilla character has clock 1
        report = play(real_cards, snapshot(([card], [opponent])))
        mine = _printed(real_cards, "1st_67", medal) + expected_plus
        assert attacks(report) == (mine, _printed(real_cards, opponent, medal)), element
        failed = auto_events(report, "EFFECT_FAILED")
        assert bool(failed) == (expected_plus == 0), element
        if failed:
            assert "6.2.1.1" in failed[0].rules


# --- 自分のキャラクターカードの属性がXなら攻撃力+N / HPを10回復 ---

OWN_ELEMENT_ATTACK = [
    ("1st_82", "darkness", 20), ("1st_88", "flame", 20), ("1st_94", "electric", 20),
    ("1st_100", "wind", 20), ("2nd_54", "flame", 30), ("2nd_57", "darkness", 30),
    ("2nd_60", "wind", 30), ("2nd_63", "electric", 30), ("3rd_54", "darkness", 60),
    ("3rd_81", "flame", 20), ("3rd_89", "darkness", 50), ("3rd_90", "flame", 30),
    ("3rd_93", "wind", 30), ("3rd_96", "electric", 50), ("3rd_99", "wind", 30),
    ("3rd_100", "electric", 40),
]  # fmt: skip


@pytest.mark.parametrize(("card", "element", "plus"), OWN_ELEMENT_ATTACK)
def test_own_element_attack(real_cards: CardCatalogue, card: str, element: str, plus: int) -> None:
    """自分のキャラクターカードの属性がXなら攻撃力+N: the own character in the battle zone."""
    for own_element, own in VANILLA.items():
        medal = _clock(real_cards, card) + 1
        report = play(real_cards, snapshot(([card], ["1st_67"]), battle=(own, "1st_67")))
        expected = _printed(real_cards, own, medal) + (plus if own_element == element else 0)
        assert attacks(report)[0] == expected, own_element


OWN_ELEMENT_HEAL = [("1st_81", "darkness"), ("1st_87", "flame"), ("1st_93", "electric"),
                    ("1st_99", "wind"), ("2nd_85", "darkness"), ("2nd_91", "flame"),
                    ("2nd_97", "electric"), ("2nd_103", "wind")]  # fmt: skip


@pytest.mark.parametrize(("card", "element"), OWN_ELEMENT_HEAL)
def test_own_element_heal_10_capped_at_100(
    real_cards: CardCatalogue, card: str, element: str
) -> None:
    """自分のキャラクターカードの属性がXならHPを10回復 (3.7.1; Q58, Q59): at 95 HP → 100 (capped),
    at 100 → not done (Q59), and nothing with another element. Both characters are the same
    vanilla card, so the battle is a tie and no damage follows (5.1.4.4)."""
    own = VANILLA[element]
    report = play(real_cards, snapshot(([card], [own]), battle=(own, own), hp=(95, 100)))
    assert hps(report) == [100, 100]
    healed = [e for e in report.events if e.kind == "HEALED"]
    assert [(e.before, e.after) for e in healed] == [(95, 100)]
    full = play(real_cards, snapshot(([card], [own]), battle=(own, own)))
    not_done = [e for e in full.events if e.kind == "EFFECT_NOT_DONE"]
    assert [event_json(e)["qa"] for e in not_done] == [["Q59"]]
    other = next(v for e, v in VANILLA.items() if e != element)
    report = play(real_cards, snapshot(([card], [other]), battle=(other, other), hp=(50, 50)))
    assert hps(report) == [50, 50]


# --- 自分の攻撃力+N (no condition) ---

PLAIN_PLUS = [("1st_30", 30), ("1st_89", 10), ("2nd_32", 30), ("2nd_101", 20)]


@pytest.mark.parametrize(("card", "plus"), PLAIN_PLUS)
def test_plain_attack_plus(real_cards: CardCatalogue, card: str, plus: int) -> None:
    medal = _clock(real_cards, card) + 1
    report = play(real_cards, snapshot(([card], ["1st_67"])))
    assert attacks(report)[0] == _printed(real_cards, "1st_67", medal) + plus


# --- 夜なら / 昼なら / 真夜中なら ---

TIME_CARDS = [
    ("1st_53", "night", 30), ("1st_83", "night", 20), ("2nd_25", "night", 50),
    ("2nd_83", "night", 30), ("3rd_53", "night", 40), ("1st_59", "day", 30),
    ("1st_102", "day", 20), ("2nd_30", "day", 50), ("2nd_95", "day", 30), ("3rd_29", "day", 50),
]  # fmt: skip


@pytest.mark.parametrize(("card", "when", "plus"), TIME_CARDS)
def test_time_of_day_condition_checked_when_it_resolves(
    real_cards: CardCatalogue, card: str, when: str, plus: int
) -> None:
    """夜なら/昼なら: the time when the effect resolves (5.2.7, after 5.2.4 moved the medal).
    From mark 0 the medal ends on clock+1 (night); from mark 6 on clock+7 (day up to 13)."""
    for start in (0, 6):
        medal = start + _clock(real_cards, card) + 1
        time = "night" if medal <= 4 or medal >= 14 else "day"
        report = play(real_cards, snapshot(([card], ["1st_67"]), medal=start))
        assert report.turns[-1].time == time
        expected = _printed(real_cards, "1st_67", medal) + (plus if time == when else 0)
        assert attacks(report)[0] == expected, (start, medal)


MIDNIGHT_CARDS = [("3rd_25", 70)]


def test_midnight_enchant_3rd_25(real_cards: CardCatalogue) -> None:
    """3rd_25 真夜中なら攻撃力+70 (clock 0? no: read the clock): the medal must be on the single
    midnight mark (3.8.1) when it resolves. From mark 17 with clocks adding up to 1 it is on 0."""
    clock = _clock(real_cards, "3rd_25")
    start = (18 - clock - 1) % 18  # the opponent's character adds 1
    report = play(real_cards, snapshot((["3rd_25"], ["1st_67"]), medal=start))
    assert report.turns[-1].medal == 0
    assert attacks(report) == (50 + 70, 50)
    report = play(real_cards, snapshot((["3rd_25"], ["1st_67"]), medal=(start + 1) % 18))
    assert report.turns[-1].medal == 1
    assert attacks(report) == (50, 50), "mark 1 is night but not midnight"


@pytest.mark.parametrize(("card", "plus"), [("3rd_1", 100), ("3rd_9", 50)])
def test_midnight_characters(real_cards: CardCatalogue, card: str, plus: int) -> None:
    """3rd_1 (110/110, ★7, clock 1) and 3rd_9 (90/40, ★3, clock 0): 真夜中なら攻撃力+N, a
    character swapped in this turn (6.1.3.1). The opponent sets 1st_67 (clock 1)."""
    clock = _clock(real_cards, card)
    start = (18 - clock - 1) % 18
    report = play(real_cards, snapshot(([card], ["1st_67"]), medal=start))
    printed = {"3rd_1": 110, "3rd_9": 90}[card]
    assert attacks(report) == (printed + plus, 50)


# --- 相手のHPが100なら / 自分のHPがN以下なら / 相手のアビスにカードがないなら ---


@pytest.mark.parametrize(("card", "plus"), [("3rd_6", 100), ("3rd_87", 40)])
def test_opponent_hp_100_enchants(real_cards: CardCatalogue, card: str, plus: int) -> None:
    medal = _clock(real_cards, card) + 1
    base = _printed(real_cards, "1st_67", medal)
    report = play(real_cards, snapshot(([card], ["1st_67"])))
    assert attacks(report)[0] == base + plus
    report = play(real_cards, snapshot(([card], ["1st_67"]), hp=(100, 90)))
    assert attacks(report)[0] == base


@pytest.mark.parametrize(("card", "plus", "printed"), [("3rd_42", 50, 60), ("3rd_106", 100, 120)])
def test_opponent_hp_100_characters(
    real_cards: CardCatalogue, card: str, plus: int, printed: int
) -> None:
    """3rd_42 (60/60, ★4) and 3rd_106 (120/120, ★8): 相手のHPが100なら攻撃力+N."""
    report = play(real_cards, snapshot(([card], ["1st_67"])))
    assert attacks(report)[0] == printed + plus
    report = play(real_cards, snapshot(([card], ["1st_67"]), hp=(100, 99)))
    assert attacks(report)[0] == printed


@pytest.mark.parametrize(("card", "limit", "plus"), [("1st_32", 30, 50), ("1st_55", 50, 20)])
def test_own_hp_at_most_both_ends(
    real_cards: CardCatalogue, card: str, limit: int, plus: int
) -> None:
    """自分のHPがN以下なら: N itself meets it (以下), N+1 does not."""
    medal = _clock(real_cards, card) + 1
    base = _printed(real_cards, "1st_67", medal)
    assert attacks(play(real_cards, snapshot(([card], ["1st_67"]), hp=(limit, 100))))[0] == (
        base + plus
    )
    assert attacks(play(real_cards, snapshot(([card], ["1st_67"]), hp=(limit + 1, 100))))[0] == (
        base
    )


@pytest.mark.parametrize("card", ["4th_29", "4th_56"])
def test_opponent_abyss_empty_enchants(real_cards: CardCatalogue, card: str) -> None:
    """相手のアビスにカードがないなら、攻撃力+100 (4th_29) / +50 (4th_56)."""
    plus = {"4th_29": 100, "4th_56": 50}[card]
    medal = _clock(real_cards, card) + 1
    base = _printed(real_cards, "1st_67", medal)
    # P1's battle zone is empty, so nothing goes to P1's abyss at 5.2.5 when P1's 1st_67 enters
    empty = snapshot(([card], ["1st_67"]), battle=("1st_67", None))
    assert attacks(play(real_cards, empty))[0] == base + plus
    full = snapshot(([card], ["1st_67"]), battle=("1st_67", None), abyss=([], ["1st_68"]))
    assert attacks(play(real_cards, full))[0] == base


def test_opponent_abyss_empty_character_4th_11(real_cards: CardCatalogue) -> None:
    """4th_11 (80/60, ★5, clock 6): with the opponent's 1st_67 (clock 1) the medal is on 7, DAY:
    60 + 50 = 110 if the opponent's abyss is empty, else 60 (6.2.1.3: it still attacks).

    The abyss is looked at when the effect resolves (5.2.7), after 5.2.5: a character the
    opponent's new one replaces has gone to the abyss by then (1st_67 has no SEND TO POWER, 3.6),
    so the condition fails even though the abyss was empty at the start of the turn."""
    empty = snapshot((["4th_11"], ["1st_67"]), battle=("1st_67", None))
    assert attacks(play(real_cards, empty))[0] == 110
    report = play(real_cards, snapshot((["4th_11"], ["1st_67"]), battle=("1st_67", None),
                                       abyss=([], ["1st_68"])))  # fmt: skip
    assert attacks(report)[0] == 60
    replaced = play(real_cards, snapshot((["4th_11"], ["1st_67"])))
    assert replaced.turns[-1].players[1].abyss == ("1st_67",)
    assert attacks(replaced)[0] == 60
    assert "6.2.1.3" in auto_events(report, "EFFECT_FAILED")[0].rules


# --- characters: 相手のキャラクターカードの属性がXなら攻撃力+20 ---

CHAR_OPP_ELEMENT = [("2nd_9", "wind", (30, 20)), ("2nd_21", "darkness", (30, 20)),
                    ("2nd_69", "electric", None), ("2nd_76", "flame", None)]  # fmt: skip


@pytest.mark.parametrize(("card", "element", "stats"), CHAR_OPP_ELEMENT)
def test_characters_with_opponent_element(
    real_cards: CardCatalogue, card: str, element: str, stats: tuple[int, int] | None
) -> None:
    """A character set this turn and swapped in (6.1.3.1): +20 against the element."""
    c = real_cards.get(card)
    assert c is not None
    medal = c.clock + 1
    night = medal <= 4 or medal >= 14
    printed = (c.attack_night if night else c.attack_day) or 0
    if stats is not None:  # the printed values checked by hand for two of them
        assert (c.attack_night, c.attack_day) == stats
    report = play(real_cards, snapshot(([card], [VANILLA[element]])))
    assert attacks(report)[0] == printed + 20
    other = next(v for e, v in VANILLA.items() if e != element)
    assert attacks(play(real_cards, snapshot(([card], [other]))))[0] == printed


# --- 自分がダメージを受けたときNダメージを軽減する ---

REDUCERS = [("1st_28", 40), ("1st_57", 30), ("1st_85", 20), ("2nd_89", 20), ("2nd_90", 30)]


@pytest.mark.parametrize(("card", "amount"), REDUCERS)
def test_damage_reduction_q37_q62(real_cards: CardCatalogue, card: str, amount: int) -> None:
    """5.1.4.3: the loser's damage is reduced by N; Q37: reduced to 0 the battle is still lost;
    Q62: it takes effect with no character in P0's battle zone (attack 0, 5.1.3.1, Q43).

    P1 sets 1st_67 (50 at night) against P0's empty battle zone: difference 50, damage 50 - N."""
    report = play(real_cards, snapshot(([card], ["1st_67"]), battle=(None, "1st_67")))
    assert attacks(report) == (0, 50)
    assert hps(report) == [100 - (50 - amount), 100]
    resolved = auto_events(report, "EFFECT_RESOLVED")
    assert [event_json(e)["qa"] for e in resolved] == [["Q62"]]
    assert report.turns[-1].battle is not None
    assert report.turns[-1].battle.winner == 1


def test_q37_1st_28_reduces_40_to_0_and_still_loses(real_cards: CardCatalogue) -> None:
    """Q37 with 1st_28 (お勉強会): own attack 40, the opponent's 80 → no HP lost, battle lost.
    P0 keeps 1st_72 (40 at night); P1 sets 1st_49 (wind, clock 2, 70/10) … 70 - 40 = 30 ≤ 40."""
    report = play(real_cards, snapshot((["1st_28"], ["1st_49"]), battle=("1st_72", "1st_67")))
    assert report.turns[-1].medal == 2  # 0 + 0 (1st_28) + 2
    assert attacks(report) == (40, 70)
    assert hps(report) == [100, 100]
    battle = next(e for e in report.events if e.kind == "BATTLE_RESOLVED")
    assert battle.after == 1
    assert event_json(battle)["qa"] == ["Q37"]


# --- power cost (9.1.3), Q40, priority order, choices, overrides ---


def test_power_cost_not_met_no_effect_9_1_3(real_cards: CardCatalogue) -> None:
    """2nd_25 夜なら攻撃力+50 has power cost ★3; with total power 2 it does not take effect."""
    report = play(real_cards, snapshot((["2nd_25"], ["1st_67"]), power=(["2nd_38"], POWER)))
    assert attacks(report)[0] == 50
    failed = auto_events(report, "EFFECT_FAILED")
    assert failed
    assert "9.1.3" in failed[0].rules
    assert failed[0].param("reason") == "power_cost"


def test_q40_character_cost_not_met_attack_plus_does_not_count(real_cards: CardCatalogue) -> None:
    """Q40 (1st_83 回廊): a character whose cost is not met attacks 0, +20 or not. P0's 3rd_9 (★3)
    with total power 2; 1st_83 (★0, clock 1) at night."""
    report = play(
        real_cards,
        snapshot((["1st_83"], ["1st_67"]), battle=("3rd_9", "1st_67"), power=(["2nd_38"], POWER)),
    )
    assert attacks(report)[0] == 0
    determined = [e for e in report.events if e.kind == "ATTACK_DETERMINED" and e.player == 0]
    assert event_json(determined[0])["qa"] == ["Q40"]


def test_both_players_priority_player_first_6_3_1(real_cards: CardCatalogue) -> None:
    """Both set 1st_53 (夜なら攻撃力+30, clock 3): medal 6, DAY → the day side P1 resolves first
    (6.3.1) and neither condition holds. From mark 12: 12 + 6 = 18 → 0, night: P0 first, +30
    each."""
    day = play(real_cards, snapshot((["1st_53"], ["1st_53"])))
    assert day.turns[-1].medal == 6
    assert attacks(day) == (30, 30)
    night = play(real_cards, snapshot((["1st_53"], ["1st_53"]), medal=12))
    assert night.turns[-1].medal == 0
    assert attacks(night) == (80, 80)
    order = [e.player for e in auto_events(night, "EFFECT_RESOLVED")]
    assert order == [0, 1]
    order = [e.player for e in auto_events(day, "EFFECT_FAILED")]
    assert order == [1, 0]


def two_enchants(order: list[str] | None = None, claims: list[dict[str, Any]] | None = None) -> Any:
    """P0 lost the last battle (previous_winner 1) and sets 2 (5.2.1.3): 1st_81 (HPを10回復 if
    darkness) and 1st_55 (HP50以下なら攻撃力+20), at 45 HP with 1st_67 (darkness).

    Heal first: 45 → 55, then 55 > 50: no +20. +20 first: 45 ≤ 50 → +20, then heal → 55."""
    return snapshot(
        (["1st_81", "1st_55"], ["1st_67"]),
        hp=(45, 100),
        previous_winner=1,
        choices=None if order is None else {"order": [order, None]},
        claims=claims,
    )


def test_order_is_a_choice_5_2_7_3_default_and_answered(real_cards: CardCatalogue) -> None:
    """Clocks 0 + 1 + 1 (P1's 1st_67) → medal 2, night: printed 50 for both."""
    default = play(real_cards, two_enchants())  # zone A (1st_81) first
    assert attacks(default) == (50, 50)
    assert hps(default)[0] == 55
    answered = play(real_cards, two_enchants(["1st_55", "1st_81"]))
    assert attacks(answered) == (70, 50)
    assert hps(answered) == [55, 100 - 20]
    assert [c.path for c in default.defaulted_choices] == ["turns[0].choices.order[0]"]
    assert answered.defaulted_choices == ()


def test_claim_depends_on_the_order_choice(real_cards: CardCatalogue) -> None:
    """A claim on P0's attack changes with the order P0 could have chosen: DEPENDS_ON, named by
    the choice's path; answered, the same claim is CONSISTENT."""
    claim = [{"party": "0", "at": "T3/5.2.8", "path": "battle.attack[0]", "value": 50}]
    report = play(real_cards, two_enchants(claims=claim))
    assert report.claims[0].status == "DEPENDS_ON"
    assert report.claims[0].depends_on == ("turns[0].choices.order[0]",)
    report = play(real_cards, two_enchants(["1st_81", "1st_55"], claims=claim))
    assert report.claims[0].status == "CONSISTENT"


def test_manual_primitive_overrides_the_automatic_effect_req5(real_cards: CardCatalogue) -> None:
    """1st_30 自分の攻撃力+30 typed as +10 by the judge: the entry drives (50 + 10), nothing is
    applied twice, and the automatic result (+30) is shown beside it."""
    typed = [{"player": 0, "card": "1st_30", "op": "attack_plus", "amount": 10}]
    report = play(real_cards, snapshot((["1st_30"], ["1st_67"]), effects=typed))
    assert attacks(report) == (60, 50)  # medal 0 + 1 + 1 = 2: night, 50 printed
    shown = [e for e in report.events if e.kind == "EFFECT_AUTOMATIC_RESULT"]
    assert [e.param("automatic") for e in shown] == [(("attack_plus", 30),)]
    assert "攻撃力" in event_text(shown[0], "ja")
    assert "attack" not in event_text(shown[0], "ja").lower()
    assert not auto_events(report, "EFFECT_RESOLVED")


def test_auto_effects_off_is_the_old_behaviour(real_cards: CardCatalogue) -> None:
    from judging.engine.zutomayo.apply import run_record
    from judging.engine.zutomayo.record import parse_record

    record = parse_record(snapshot((["1st_30"], ["1st_67"])), real_cards)
    game = run_record(record, auto_effects=False)
    assert game.attacks == (50, 50)
    assert "1st_30" in game.undescribed


def test_executed_codes() -> None:
    assert {"act.attack_plus", "act.heal", "act.reduce_damage", "time.effect_step"} <= EXECUTED


TESTED_CARDS: frozenset[str] = frozenset(
    {c for c, *_ in OPP_ELEMENT_ENCHANTS}
    | {c for c, *_ in OWN_ELEMENT_ATTACK}
    | {c for c, *_ in OWN_ELEMENT_HEAL}
    | {c for c, *_ in PLAIN_PLUS}
    | {c for c, *_ in TIME_CARDS}
    | {c for c, *_ in MIDNIGHT_CARDS}
    | {"3rd_1", "3rd_9", "3rd_6", "3rd_87", "3rd_42", "3rd_106", "1st_32", "1st_55"}
    | {"4th_29", "4th_56", "4th_11"}
    | {c for c, *_ in CHAR_OPP_ELEMENT}
    | {c for c, *_ in REDUCERS}
)
"""Every card a test here (or in ``cardeffects/test_run_<family>.py``) runs from its Japanese
text (the encoding test checks that each ``automated`` card is among them)."""


def test_choices_needed_lists_the_order_choice_for_the_form(real_cards: CardCatalogue) -> None:
    """The pure function the entry form will ask: the order of P0's two enchants (5.2.7.3),
    options in the default order (zone A, then zone B), nothing for P1 (one card)."""
    from judging.engine import choices_needed

    needed = choices_needed(two_enchants(), 0, cards=real_cards)
    assert [(c.path, c.kind, c.options, c.defaulted) for c in needed] == [
        ("turns[0].choices.order[0]", "order", ("1st_81", "1st_55"), True)
    ]
    answered = choices_needed(two_enchants(["1st_55", "1st_81"]), 0, cards=real_cards)
    assert [(c.chosen, c.defaulted) for c in answered] == [(("1st_55", "1st_81"), False)]


def test_version_1_record_is_read_without_choices(real_cards: CardCatalogue) -> None:
    """The reader of the old version: the same record as zutomayo-game/1 replays the same; a
    ``choices`` field is refused there (it is a version 2 field)."""
    from judging.engine import RecordError

    data = snapshot((["1st_30"], ["1st_67"]))
    v2 = play(real_cards, data)
    v1 = play(real_cards, {**data, "format": "zutomayo-game/1"})
    assert [event_digest(e) for e in v1.events] == [event_digest(e) for e in v2.events]
    old = two_enchants(["1st_55", "1st_81"])
    old["format"] = "zutomayo-game/1"
    with pytest.raises(RecordError, match="choices"):
        replay_record(old, cards=real_cards)


def test_an_order_naming_an_unknown_card_is_refused(real_cards: CardCatalogue) -> None:
    """Bad input names what and where (house rule 7): no silent guess about an order."""
    from judging.engine import RecordError

    with pytest.raises(RecordError, match=r"turns\[0\]\.choices\.order\[0\]\[1\]"):
        replay_record(two_enchants(["1st_55", "9th_99"]), cards=real_cards)
    with pytest.raises(RecordError, match="twice"):
        replay_record(two_enchants(["1st_55", "1st_55"]), cards=real_cards)
