"""Day and night, set counts, damage and copy limits at every boundary, through the public API.

Written against the survivors of `make mutation`. Every expected value comes from the ground
rules 1.0.1 (SHARED_DIR/rules/zutomayo-ground-rules-1.0.1.en.txt) or, for which Chronos marks
are NIGHT, from the mat layouts of ambiguity ZA-01 (``judging.engine.zutomayo.chronos``): SYM9 NIGHT
= {14-17, 0-4}, DAY = {5-13}; HALF9 NIGHT = {0-8}, DAY = {9-17}; "0-4 are NIGHT and 9-13 are DAY"
under both, and "positions 5-8 and 14-17 flip between the two profiles".

Cards (invented catalogue): T_1 Owl, clock 1, NIGHT 50 / DAY 10; T_2 Lark, clock 1, NIGHT 10 /
DAY 50, SEND TO POWER 1; T_3 Even 30, clock 2; T_4 Big 90, power cost 3; T_14 Filler 35.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from judging.engine import (
    CardCatalogue,
    RecordError,
    ReplayReport,
    TurnSnapshot,
    replay_record,
)

SYM9_NIGHT = frozenset({14, 15, 16, 17, 0, 1, 2, 3, 4})
HALF9_NIGHT = frozenset(range(9))
FLIPPING_MARKS = frozenset({5, 6, 7, 8, 14, 15, 16, 17})
MARKS = 18  # 3.8.2
GOLDEN = Path(__file__).parent / "golden"


def player(hand: list[str], **fields: Any) -> dict[str, Any]:
    snapshot: dict[str, Any] = {
        "hp": 100,
        "battle_zone": "T_14",
        "zone_c": None,
        "power_charger": [],
        "abyss": [],
        "hand": hand,
        "deck": [],
        "deck_unknown": 14,
    }
    snapshot.update(fields)
    return snapshot


def record(
    sets: list[list[str]],
    *,
    medal: int = 9,
    previous_winner: int | None = None,
    players: tuple[dict[str, Any], dict[str, Any]] | None = None,
    profile: dict[str, str] | None = None,
    night_side: int = 0,
) -> dict[str, Any]:
    """A game entered by a judge at turn 4 (medal on ``medal``), then one turn of ``sets``."""
    if players is None:
        players = (
            player(["T_1", "T_15", "T_3", "T_14", "T_8"]),
            player(["T_2", "T_14", "T_3", "T_1", "T_8"]),
        )
    data: dict[str, Any] = {
        "format": "zutomayo-game/1",
        "night_side": night_side,
        "players": [{"name": "Ann"}, {"name": "Bo"}],
        "start": {
            "turn": 4,
            "medal": medal,
            "previous_winner": previous_winner,
            "players": list(players),
        },
        "turns": [{"set": [dict(zip("AB", cards, strict=False)) for cards in sets]}],
    }
    if profile:
        data["profile"] = profile
    return data


def turn4(report: ReplayReport) -> TurnSnapshot:
    assert report.illegal_input is None, report.illegal_input
    (snapshot,) = [t for t in report.turns if t.turn == 4]
    return snapshot


# --- day and night (3.8.1-3.8.4, 5.1.3.1, 5.2.4.1; ZA-01) -----------------------------------


@pytest.mark.parametrize(("layout", "night"), [("SYM9", SYM9_NIGHT), ("HALF9", HALF9_NIGHT)])
@pytest.mark.parametrize("mark", range(MARKS))
def test_the_mark_the_medal_lands_on_decides_night_or_day(
    cards: CardCatalogue, layout: str, night: frozenset[int], mark: int
) -> None:
    # Owl (clock 1) against Lark (clock 1): the medal moves 2 marks clockwise (5.2.4.1), wrapping
    # past 17 to 0 (3.8.2); then the attacks are NIGHT's or DAY's (5.1.3.1).
    start = (mark - 2) % MARKS
    report = replay_record(
        record([["T_1"], ["T_2"]], medal=start, profile={"ZA-01": layout}), cards=cards
    )
    snapshot = turn4(report)
    assert snapshot.medal == mark
    is_night = mark in night
    assert snapshot.time == ("night" if is_night else "day")
    assert snapshot.battle is not None
    assert list(snapshot.battle.attack) == ([50, 10] if is_night else [10, 50])
    # The lower attack loses and takes the difference (5.1.4.1, 5.1.4.2).
    assert snapshot.battle.winner == (0 if is_night else 1)
    assert snapshot.battle.damage == 40
    assert [p.hp for p in snapshot.players] == ([100, 60] if is_night else [60, 100])
    # The priority player is the one on whose side the medal is: night side 0 at NIGHT (10.2.1).
    assert snapshot.priority == (0 if is_night else 1)
    if mark in FLIPPING_MARKS:
        assert "ZA-01" in report.profile_keys_used


@pytest.mark.parametrize("mark", [0, 1, 2, 3, 4, 9, 10, 11, 12, 13])
def test_marks_fixed_by_the_text_are_the_same_under_both_layouts(
    cards: CardCatalogue, mark: int
) -> None:
    times = {
        turn4(
            replay_record(
                record([["T_1"], ["T_2"]], medal=(mark - 2) % MARKS, profile={"ZA-01": layout}),
                cards=cards,
            )
        ).time
        for layout in ("SYM9", "HALF9")
    }
    assert times == {"night" if mark <= 4 else "day"}


def test_night_side_is_the_priority_player_at_night_whichever_seat(cards: CardCatalogue) -> None:
    # Night side 1 (4.2.1): at NIGHT (mark 2) player 1 has priority, at DAY (mark 11) player 0.
    at_night = turn4(replay_record(record([["T_1"], ["T_2"]], medal=0, night_side=1), cards=cards))
    assert (at_night.time, at_night.priority) == ("night", 1)
    at_day = turn4(replay_record(record([["T_1"], ["T_2"]], medal=9, night_side=1), cards=cards))
    assert (at_day.time, at_day.priority) == ("day", 0)


def test_clocks_add_up_across_both_players_and_both_zones(cards: CardCatalogue) -> None:
    # P0 lost the previous battle, so sets 2 (5.2.1.2): T_3 (clock 2) and T_1 (clock 1); P1 sets
    # T_2 (clock 1). The medal moves 2 + 1 + 1 = 4 marks (5.2.4.1): 16 -> 2, wrapping past 17.
    report = replay_record(
        record([["T_3", "T_1"], ["T_2"]], medal=16, previous_winner=1), cards=cards
    )
    snapshot = turn4(report)
    assert snapshot.medal == 2
    assert snapshot.time == "night"


# --- how many cards a player may set (5.2.1.1-5.2.1.5) ---------------------------------------


@pytest.mark.parametrize(
    ("previous_winner", "sets", "illegal_rule"),
    [
        # 5.2.1.1: the previous battle's winner sets 1.
        (0, [["T_1", "T_3"], ["T_2"]], "5.2.1.1"),
        (1, [["T_1"], ["T_2", "T_3"]], "5.2.1.1"),
        # 5.2.1.2 / 5.2.1.4: the loser may set 2, or 1.
        (1, [["T_1", "T_3"], ["T_2"]], None),
        (0, [["T_1"], ["T_2", "T_3"]], None),
        (1, [["T_1"], ["T_2"]], None),
        (0, [["T_1"], ["T_2"]], None),
        # 5.2.1.3: after a battle draw both set 1.
        (None, [["T_1", "T_3"], ["T_2"]], "5.2.1.3"),
        (None, [["T_1"], ["T_2", "T_3"]], "5.2.1.3"),
        (None, [["T_1"], ["T_2"]], None),
    ],
)
def test_set_counts_follow_the_previous_battle(
    cards: CardCatalogue,
    previous_winner: int | None,
    sets: list[list[str]],
    illegal_rule: str | None,
) -> None:
    report = replay_record(record(sets, previous_winner=previous_winner), cards=cards)
    if illegal_rule is None:
        snapshot = turn4(report)
        # Each player then draws as many cards as they set (5.2.11.2) from a deck of 14.
        assert [p.deck_count for p in snapshot.players] == [14 - len(cards) for cards in sets]
    else:
        assert report.illegal_input is not None
        assert report.illegal_input.rule == illegal_rule
        assert report.result.outcome == "unfinished"
        assert report.result.reason == "illegal_input"


def test_setting_no_card_is_refused(cards: CardCatalogue) -> None:
    # 5.2.1.5: neither player can choose to set "0" cards; a set without zone A is not a set.
    data = record([["T_1"], ["T_2"]], previous_winner=1)
    data["turns"][0]["set"][0] = {}
    with pytest.raises(RecordError, match=r"set\[0\]\.A"):
        replay_record(data, cards=cards)


# --- damage (5.1.3.2, 5.1.4.1-5.1.4.4, 1.2.3) ------------------------------------------------


def test_equal_attacks_are_a_draw_with_no_damage(cards: CardCatalogue) -> None:
    # Even 30 against Even 30 (5.1.4.4).
    snapshot = turn4(replay_record(record([["T_3"], ["T_3"]], medal=0), cards=cards))
    assert snapshot.battle is not None
    assert list(snapshot.battle.attack) == [30, 30]
    assert snapshot.battle.winner is None
    assert snapshot.battle.damage == 0
    assert [p.hp for p in snapshot.players] == [100, 100]


@pytest.mark.parametrize(("hp", "left"), [(41, 1), (40, 0), (39, 0)])
def test_damage_is_the_difference_and_hp_zero_ends_the_game(
    cards: CardCatalogue, hp: int, left: int
) -> None:
    # At NIGHT (medal 0 -> 2) Owl 50 beats Lark 10: Lark's player takes 40 (5.1.4.2). HP 0 ends the
    # game, and the other player wins (1.2.3, 5.4.1); HP never goes below 0.
    players = (
        player(["T_1", "T_15", "T_3", "T_14", "T_8"]),
        player(["T_2", "T_14", "T_3", "T_1", "T_8"], hp=hp),
    )
    report = replay_record(record([["T_1"], ["T_2"]], medal=0, players=players), cards=cards)
    snapshot = turn4(report)
    assert snapshot.battle is not None
    assert snapshot.battle.damage == 40
    assert [p.hp for p in snapshot.players] == [100, left]
    if left == 0:
        assert (report.result.outcome, report.result.winner) == ("win", 0)
        assert report.result.reason == "hp_zero"
    else:
        assert report.result.outcome == "unfinished"


@pytest.mark.parametrize(("charged", "attack"), [(2, 0), (3, 90)])
def test_power_cost_is_met_at_exactly_the_cost(
    cards: CardCatalogue, charged: int, attack: int
) -> None:
    # Big 90 has power cost 3; each card in the power charger here gives 1 power (SEND TO POWER
    # 1, 3.4): a Lark, an enchant and an area enchant, different cards since a deck holds at
    # most 2 of one (4.1.2). Power 2: the cost is not met and its attack counts as 0 (5.1.3.2);
    # power 3: it is.
    # The character it replaces (Filler 25) has no SEND TO POWER: it goes to the abyss (3.6).
    players = (
        player(
            ["T_4", "T_15", "T_3", "T_14", "T_8"],
            battle_zone="T_15",
            power_charger=["T_2", "T_9", "T_12"][:charged],
            deck_unknown=14 - charged,
        ),
        player(["T_3", "T_14", "T_15", "T_1", "T_8"]),
    )
    snapshot = turn4(
        replay_record(record([["T_4"], ["T_3"]], medal=0, players=players), cards=cards)
    )
    assert snapshot.battle is not None
    assert list(snapshot.battle.attack) == [attack, 30]
    assert snapshot.battle.winner == (1 if attack == 0 else 0)
    assert snapshot.battle.damage == abs(attack - 30)


# --- copy limits (4.1.1, 4.1.2 / 2.3.10.1) ---------------------------------------------------


def full_game(deck0: list[str]) -> dict[str, Any]:
    deck1 = ["T_2", "T_1", "T_3", "T_9", "T_11", "T_14", "T_15", "T_8", "T_3", "T_5"]
    deck1 += ["T_16", "T_9", "T_10", "T_12", "T_13", "T_1", "T_2", "T_6", "T_7", "T_4"]
    return {
        "format": "zutomayo-game/1",
        "night_side": 0,
        "players": [{"name": "Ann", "deck": deck0}, {"name": "Bo", "deck": deck1}],
        "turns": [{"set": [{"A": deck0[0]}, {"A": "T_2"}]}],
    }


TWO_EACH = [f"T_{n}" for n in range(1, 11)] * 2  # 20 cards, 2 of each pack and number


def test_two_of_each_pack_and_number_is_a_legal_deck(cards: CardCatalogue) -> None:
    report = replay_record(full_game(TWO_EACH), cards=cards)
    assert report.illegal_input is None


def test_a_third_copy_is_illegal(cards: CardCatalogue) -> None:
    deck = [*TWO_EACH[:-1], "T_1"]  # T_10 once, T_1 three times
    report = replay_record(full_game(deck), cards=cards)
    assert report.illegal_input is not None
    assert report.illegal_input.rule == "4.1.2"


@pytest.mark.parametrize("size", [19, 21])
def test_a_deck_is_exactly_20_cards(cards: CardCatalogue, size: int) -> None:
    deck = TWO_EACH[:size] if size < 20 else [*TWO_EACH, "T_11"]
    report = replay_record(full_game(deck), cards=cards)
    assert report.illegal_input is not None
    assert report.illegal_input.rule == "4.1.1"


def test_a_third_copy_is_reported_with_its_pack_number_and_the_deck(cards: CardCatalogue) -> None:
    deck = [*TWO_EACH[:-1], "T_1"]
    report = replay_record(full_game(deck), cards=cards)
    assert report.illegal_input is not None
    assert report.illegal_input.path == "players[0].deck"
    assert "more than 2" in report.illegal_input.message
    assert "pack T and number 1" in report.illegal_input.message


@pytest.mark.parametrize("size", [19, 21])
def test_a_wrong_deck_size_is_reported_with_both_counts(cards: CardCatalogue, size: int) -> None:
    deck = TWO_EACH[:size] if size < 20 else [*TWO_EACH, "T_11"]
    report = replay_record(full_game(deck), cards=cards)
    assert report.illegal_input is not None
    assert report.illegal_input.path == "players[0].deck"
    assert f"{size} cards" in report.illegal_input.message
    assert "20" in report.illegal_input.message


def test_each_players_deck_is_checked_at_20_cards(cards: CardCatalogue) -> None:
    report = replay_record(full_game(TWO_EACH), cards=cards)
    checked = [e for e in report.setup_events if e.kind == "DECK_CHECKED"]
    assert [(e.player, e.after) for e in checked] == [(0, 20), (1, 20)]
    assert all({"4.1.1", "4.1.2"} <= set(e.rules) for e in checked)


# --- both HP at 0 at once (ZA-04) --------------------------------------------------------------


@pytest.mark.parametrize(
    ("golden", "outcome"),
    [("41_both_hp_zero_escalates", "escalate"), ("42_both_hp_zero_draw_profile", "draw")],
)
def test_both_hp_zero_ending_names_the_ambiguity_it_depends_on(
    cards: CardCatalogue, golden: str, outcome: str
) -> None:
    # The rules presuppose one survivor (1.2.3, 5.4.1): the game end depends on ZA-04, and the
    # event that ends it says so (each event records the switches it read, so a ruling can
    # say what it depended on).
    data = json.loads((GOLDEN / f"{golden}.json").read_text(encoding="utf-8"))
    report = replay_record(data["record"], cards=cards)
    assert report.result.outcome == outcome
    (ended,) = [e for t in report.turns for e in t.events if e.kind == "GAME_ENDED"]
    assert "ZA-04" in ended.profile_keys


# --- card text that changes the set count (1.3.1, 1.3.3) -------------------------------------


def two_turns(effect: dict[str, Any], p1_sets_at_turn_5: list[str]) -> dict[str, Any]:
    """Turn 4 at NIGHT: P0's Effect 20 (20) beats Lark (10) and resolves ``effect``; so P1 lost
    and could set 2 on turn 5 (5.2.1.2), unless the effect says otherwise."""
    data = record(
        [["T_6"], ["T_2"]],
        medal=0,
        previous_winner=None,
        players=(
            player(["T_6", "T_15", "T_3", "T_14", "T_8"]),
            player(["T_2", "T_14", "T_3", "T_1", "T_8"]),
        ),
    )
    data["turns"][0]["effects"] = [{"player": 0, "card": "T_6", **effect}]
    data["turns"].append({"set": [{"A": "T_15"}, dict(zip("AB", p1_sets_at_turn_5, strict=False))]})
    return data


@pytest.mark.parametrize(
    ("effect", "illegal"),
    [
        # "Your opponent cannot set a second card" for 2 turns: this one and the next (1.3.3).
        ({"op": "prohibit", "action": "second_card", "target": "opponent", "turns": 2}, True),
        # For this turn only: the next turn is free again.
        ({"op": "prohibit", "action": "second_card", "target": "opponent", "turns": 1}, False),
        # On its own player: the opponent is not bound.
        ({"op": "prohibit", "action": "second_card", "target": "self", "turns": 2}, False),
        # Another action prohibited: setting two cards is not.
        ({"op": "prohibit", "action": "draw", "target": "opponent", "turns": 2}, False),
    ],
)
def test_a_prohibited_second_card_binds_its_target_for_its_turns(
    cards: CardCatalogue, effect: dict[str, Any], illegal: bool
) -> None:
    report = replay_record(two_turns(effect, ["T_14", "T_3"]), cards=cards)
    if illegal:
        assert report.illegal_input is not None
        assert report.illegal_input.rule == "1.3.3"
    else:
        assert report.illegal_input is None, report.illegal_input
        (turn5,) = [t for t in report.turns if t.turn == 5]
        assert turn5.players[1].deck_count == 13 - 2  # 14, -1 after turn 4, -2 after turn 5


@pytest.mark.parametrize("p0_sets", [["T_15", "T_3"], ["T_15"]])
def test_allowed_second_card_lets_a_winner_set_two_or_one(
    cards: CardCatalogue, p0_sets: list[str]
) -> None:
    # P0 wins turn 4, so would set only 1 on turn 5 (5.2.1.1); "you can set a second card" on
    # P0 lets it set 2 (1.3.1), or still 1 (5.2.1.4).
    data = two_turns({"op": "allow_second_card"}, ["T_14"])
    data["turns"][1]["set"][0] = dict(zip("AB", p0_sets, strict=False))
    report = replay_record(data, cards=cards)
    assert report.illegal_input is None, report.illegal_input
    (turn5,) = [t for t in report.turns if t.turn == 5]
    assert turn5.players[0].deck_count == 13 - len(p0_sets)


# --- the priority player resolves first, at DAY too (6.3.1, 10.2.1) --------------------------


@pytest.mark.parametrize(("medal", "night_side", "first"), [(0, 1, 1), (9, 1, 0), (9, 0, 1)])
def test_the_priority_player_resolves_first_by_day_or_night(
    cards: CardCatalogue, medal: int, night_side: int, first: int
) -> None:
    # Both set Effect 20 (clock 1): the medal moves 2, to NIGHT (0 -> 2) or DAY (9 -> 11). The
    # player whose side it is on resolves first: the night side at NIGHT, the day side at DAY.
    data = record(
        [["T_6"], ["T_6"]],
        medal=medal,
        night_side=night_side,
        players=(
            player(["T_6", "T_15", "T_3", "T_14", "T_8"]),
            player(["T_6", "T_14", "T_3", "T_1", "T_8"]),
        ),
    )
    data["turns"][0]["effects"] = [
        {"player": 0, "op": "attack_plus", "card": "T_6", "amount": 10},
        {"player": 1, "op": "attack_plus", "card": "T_6", "amount": 20},
    ]
    report = replay_record(data, cards=cards)
    assert report.illegal_input is None, report.illegal_input
    resolved = [e.player for t in report.turns for e in t.events if e.kind == "EFFECT_RESOLVED"]
    assert resolved[0] == first


# --- a player who must set with an empty hand (5.2.1.5, ZA-14) -------------------------------


@pytest.mark.parametrize("swapped", [False, True])
@pytest.mark.parametrize(("choice", "outcome"), [("ESCALATE", "escalate"), ("LOSE", "win")])
def test_an_empty_hand_that_must_set_follows_za14(
    cards: CardCatalogue, choice: str, outcome: str, swapped: bool
) -> None:
    data = json.loads((GOLDEN / "68_empty_hand_must_set_escalates.json").read_text("utf-8"))
    record_json = data["record"]
    record_json["profile"] = {"ZA-14": choice}
    if swapped:  # the same position with the seats exchanged
        start = record_json["start"]
        start["players"].reverse()
        if start["previous_winner"] is not None:
            start["previous_winner"] = 1 - start["previous_winner"]
        record_json["night_side"] = 1 - record_json["night_side"]
        for turn in record_json["turns"]:
            turn["set"].reverse()
    empty = [not p["hand"] for p in record_json["start"]["players"]].index(True)
    report = replay_record(record_json, cards=cards)
    assert (report.result.outcome, report.result.reason) == (outcome, "cannot_set")
    # LOSE: the player who cannot set loses, so the other one wins; ESCALATE: nobody yet.
    assert report.result.winner == (1 - empty if choice == "LOSE" else None)
    (ended,) = [e for t in report.turns for e in t.events if e.kind == "GAME_ENDED"]
    assert "ZA-14" in ended.profile_keys
