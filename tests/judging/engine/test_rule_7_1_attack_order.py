"""Attack changes apply one by one, in resolution order, and never take attack below 0 (7.1, Q54).

6.3.1 and 6.3.3 order the effects (the priority player's first, then each player's in the order
they choose, which the record gives); 7.1 adds the attack effects give to the printed attack. The
official Q&A Q54 works one case through: a 30-attack character gets -40 and then +80, and "its
attack doesn't go below 0", so it is 0 after the first change and 80 after the second (not
30 - 40 + 80 = 70). "Set the attack to N" replaces whatever the attack is at that moment: what
comes after it still applies (Q82 describes the same with 4th_99).

Every expected value below is worked out by hand from those texts. The cards are the invented
test cards: T_3 is a character with 30 attack by night and by day, T_8 one with 30 and clock 0,
T_9 and T_10 enchants with an effect (clocks 1 and 2); all have power cost 0.
"""

from __future__ import annotations

from typing import Any

import pytest

from judging.engine import CardCatalogue, RecordError, ReplayReport, replay_record
from judging.engine.zutomayo.state import event_json


def record(
    effects: list[dict[str, Any]],
    *,
    night_side: int = 0,
    previous_winner: int | None = None,
    sets: tuple[dict[str, str], dict[str, str]] = ({"A": "T_9"}, {"A": "T_10"}),
    profile: dict[str, str] | None = None,
) -> dict[str, Any]:
    """Turn 3 from a snapshot, medal on midnight; both players have T_3 (30/30) in the battle zone.

    With the default sets the clocks are 1 + 2, so the medal ends on 3: NIGHT under every mat
    layout, and the night side is the priority player.
    """
    p0 = {"hp": 100, "battle_zone": "T_3", "hand": ["T_9", "T_3", "T_8", "T_14", "T_1"],
          "deck_unknown": 14}  # fmt: skip
    p1 = {"hp": 100, "battle_zone": "T_3", "hand": ["T_10", "T_9", "T_13", "T_1", "T_14"],
          "deck_unknown": 14}  # fmt: skip
    data: dict[str, Any] = {
        "format": "zutomayo-game/1",
        "night_side": night_side,
        "players": [{"name": "Ann"}, {"name": "Bo"}],
        "start": {
            "turn": 3,
            "medal": 0,
            "previous_winner": previous_winner,
            "players": [p0, p1],
        },
        "turns": [{"set": list(sets), "effects": effects}],
    }
    if profile:
        data["profile"] = profile
    return data


def play(cards: CardCatalogue, data: dict[str, Any]) -> ReplayReport:
    report = replay_record(data, cards=cards)
    assert report.illegal_input is None, report.illegal_input
    return report


def attacks(report: ReplayReport) -> tuple[int, int]:
    battle = report.turns[-1].battle
    assert battle is not None
    return battle.attack


MINUS_40 = {"player": 0, "card": "T_9", "op": "attack_minus", "amount": 40, "target": "opponent"}
PLUS_80 = {"player": 1, "card": "T_10", "op": "attack_plus", "amount": 80}

PROFILES = [None, {"ZA-01": "HALF9"}, {"ZA-04": "DRAW", "ZA-08": "LOSE_WITHOUT_DRAWING"},
            {"ZA-09": "LOSS", "ZA-14": "LOSE"}]  # fmt: skip


@pytest.mark.parametrize("profile", PROFILES)
def test_q54_minus_40_then_plus_80_on_30_attack_is_80(
    cards: CardCatalogue, profile: dict[str, str] | None
) -> None:
    """Q54: P0 (priority) gives -40 to P1's 30-attack character, then P1's own +80: 0, then 80.

    The record lists P1's effect first; the priority player's resolves first all the same (6.3.1).
    """
    report = play(cards, record([PLUS_80, MINUS_40], profile=profile))
    assert attacks(report) == (30, 80)
    assert report.turns[-1].players[0].hp == 50, "P0 loses the battle by 80 - 30"


def test_q54_each_change_is_reported_with_the_attack_it_leaves(cards: CardCatalogue) -> None:
    """7.1, Q54: the first change leaves 0 (not -10), the second 80."""
    report = play(cards, record([PLUS_80, MINUS_40]))
    changes = [(e.player, e.before, e.after) for e in report.events if e.kind == "ATTACK_MODIFIED"]
    assert changes == [(1, 30, 0), (1, 0, 80)]
    qa = [event_json(e)["qa"] for e in report.events if e.kind == "ATTACK_MODIFIED"]
    assert qa == [["Q54"], []], "the change that stops at 0 names Q54"
    final = [e for e in report.events if e.kind == "ATTACK_DETERMINED" and e.player == 1]
    assert [(e.before, e.after) for e in final] == [(30, 80)]


def test_rule_6_3_1_when_the_other_player_has_priority_plus_80_comes_first(
    cards: CardCatalogue,
) -> None:
    """P1 is the night side and so the priority player: 30 + 80 = 110, then -40 = 70."""
    report = play(cards, record([MINUS_40, PLUS_80], night_side=1))
    assert attacks(report) == (30, 70)


@pytest.mark.parametrize("profile", PROFILES)
def test_rule_6_3_3_plus_80_then_set_attack_100_is_100(
    cards: CardCatalogue, profile: dict[str, str] | None
) -> None:
    """P1 orders its own effects (6.3.3): +80 (110), then "set attack to 100" replaces it: 100."""
    effects = [
        {"player": 1, "card": "T_9", "op": "attack_plus", "amount": 80},
        {"player": 1, "card": "T_10", "op": "set_attack", "amount": 100},
    ]
    data = record(effects, previous_winner=0, sets=({"A": "T_8"}, {"A": "T_9", "B": "T_10"}),
                  profile=profile)  # fmt: skip
    assert attacks(play(cards, data)) == (30, 100)


@pytest.mark.parametrize("profile", PROFILES)
def test_rule_6_3_3_set_attack_100_then_plus_80_is_180(
    cards: CardCatalogue, profile: dict[str, str] | None
) -> None:
    """The same two effects in the other order: 100, then +80 on top of it: 180."""
    effects = [
        {"player": 1, "card": "T_10", "op": "set_attack", "amount": 100},
        {"player": 1, "card": "T_9", "op": "attack_plus", "amount": 80},
    ]
    data = record(effects, previous_winner=0, sets=({"A": "T_8"}, {"A": "T_9", "B": "T_10"}),
                  profile=profile)  # fmt: skip
    assert attacks(play(cards, data)) == (30, 180)


@pytest.mark.parametrize(("night_side", "expected"), [(0, 140), (1, 100)])
def test_q82_the_priority_player_decides_which_comes_first(
    cards: CardCatalogue, night_side: int, expected: int
) -> None:
    """P0 sets P1's attack to 100, P1 gives itself +40. P0 first (night side 0): 100 + 40 = 140;
    P1 first (night side 1): 30 + 40 = 70, then set to 100 (6.3.1, Q82)."""
    effects = [
        {"player": 1, "card": "T_10", "op": "attack_plus", "amount": 40},
        {"player": 0, "card": "T_9", "op": "set_attack", "amount": 100, "target": "opponent"},
    ]
    assert attacks(play(cards, record(effects, night_side=night_side))) == (30, expected)


def test_rule_7_1_minus_below_zero_then_set_is_the_set_value(cards: CardCatalogue) -> None:
    """-40 on 30 leaves 0; a later "set attack to 20" gives 20; a later -5 gives 15."""
    effects = [
        {"player": 0, "card": "T_9", "op": "attack_minus", "amount": 40},
        {"player": 0, "card": "T_9", "op": "set_attack", "amount": 20},
        {"player": 0, "card": "T_9", "op": "attack_minus", "amount": 5},
    ]
    assert attacks(play(cards, record(effects))) == (15, 30)


def test_q54_attack_never_below_zero_is_not_a_profile_choice(cards: CardCatalogue) -> None:
    """Q54 settles what ZA-11 left open: no profile makes the attack negative."""
    report = play(cards, record([MINUS_40]))
    assert attacks(report) == (30, 0)
    assert "ZA-11" not in report.profile_keys_used
    assert "ZA-11" not in report.profile.to_json()


def test_q54_a_record_asking_for_negative_attack_is_refused(cards: CardCatalogue) -> None:
    """The settled key is still readable with its answer; the old alternative is refused."""
    assert play(cards, record([MINUS_40], profile={"ZA-11": "FLOOR"})).turns[-1].battle
    with pytest.raises(RecordError, match="Q54") as info:
        replay_record(record([MINUS_40], profile={"ZA-11": "NEGATIVE"}), cards=cards)
    assert info.value.path == "profile.ZA-11"


@pytest.mark.parametrize(
    ("effects", "afters"),
    [
        ([("heal", 50), ("deal_damage", 30)], [100, 70]),  # 90 -> 100 (the cap) -> 70
        ([("deal_damage", 30), ("heal", 50)], [60, 100]),  # 90 -> 60 -> 100
        ([("deal_damage", 95), ("heal", 10)], [0]),  # 90 -> 0: the game ends at once (1.2.3)
    ],
)
def test_rule_3_7_1_hp_changes_apply_one_by_one(
    cards: CardCatalogue, effects: list[tuple[str, int]], afters: list[int]
) -> None:
    """HP is capped at 100 (3.7.1) and floored at 0 at each change, in resolution order."""
    entries = [{"player": 1, "card": "T_10", "op": op, "amount": n} for op, n in effects]
    data = record(entries)
    data["start"]["players"][1]["hp"] = 90
    report = play(cards, data)
    assert [e.after for e in report.events if e.kind in ("HEALED", "DAMAGE_APPLIED")] == afters
