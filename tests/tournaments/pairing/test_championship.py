"""Championship structures (events of two days): day-2 advancement by points, by record
and by top N; byes awarded in advance; fixed seating. Expected values are worked out by hand
from the rules in the docstrings (3 points a win, 1 a draw, 0 a loss)."""

from __future__ import annotations

import json
from fractions import Fraction
from io import StringIO

import pytest

from tournaments.pairing import (
    AdvancementRule,
    InvalidPairingInputError,
    PlayerRecord,
    ScoringConfig,
    StandingRow,
    advance_to_day_two,
    pair_round,
)
from tournaments.pairing.cli import main as cli_main

CONFIG = ScoringConfig()


def row(
    rank: int, pid: str, wins: int, losses: int, draws: int = 0, *, dropped: bool = False
) -> StandingRow:
    # A row as the standings would give it after day 1 (only what advancement reads matters).
    rounds = wins + losses + draws
    return StandingRow(
        rank=rank, player_id=pid, match_points=3 * wins + draws, wins=wins, losses=losses,
        draws=draws, byes=0, rounds=rounds, game_wins=0, game_losses=0, game_draws=0,
        match_win=Fraction(wins, max(1, rounds)), dropped=dropped, late_rounds_missed=0,
        opponents=(), opponent_rounds=(),
    )  # fmt: skip


def test_record_rule_is_read_as_the_points_of_that_record() -> None:
    # X-2 or better after 9 rounds: 7 wins and 2 losses = 21 points. 6-1-2 has 20 points and
    # fewer losses, yet does not advance; 6-0-3 (18 + 3 = 21) does.
    rows = [
        row(1, "seven-two", 7, 2),
        row(2, "six-nil-three", 6, 0, 3),
        row(3, "six-one-two", 6, 1, 2),
    ]
    cut = advance_to_day_two(rows, AdvancementRule("record", 2), rounds=9, config=CONFIG)
    assert cut.threshold_points == 21
    assert cut.advancing == ("seven-two", "six-nil-three")
    refused = cut.decisions[2]
    assert not refused.advances
    assert refused.day_one_rank == 3
    assert refused.match_points == 20
    assert "fewer than the 21 needed" in refused.reason.en
    assert "勝ち点20" in refused.reason.ja
    assert "21" in refused.reason.ja
    assert "7 wins and 2 losses" in cut.rule.en
    assert "X-2" in cut.rule.ja


def test_points_rule_advances_at_the_threshold_and_not_below() -> None:
    rows = [row(1, "a", 6, 1, 1), row(2, "b", 6, 2, 0), row(3, "c", 5, 2, 1)]  # 19, 18, 16
    cut = advance_to_day_two(rows, AdvancementRule("points", 19), rounds=8, config=CONFIG)
    assert cut.advancing == ("a",)
    assert [d.advances for d in cut.decisions] == [True, False, False]
    assert "19 match points or more" in cut.rule.en


def test_dropped_players_never_advance_and_top_n_counts_those_still_playing() -> None:
    rows = [row(1, "a", 5, 0), row(2, "gone", 4, 1, dropped=True), row(3, "b", 4, 1),
            row(4, "c", 3, 2), row(5, "d", 3, 2), row(6, "e", 2, 3)]  # fmt: skip
    cut = advance_to_day_two(rows, AdvancementRule("top", 4), rounds=5, config=CONFIG)
    assert cut.advancing == ("a", "b", "c", "d")
    assert cut.threshold_points is None
    gone = next(d for d in cut.decisions if d.player_id == "gone")
    assert not gone.advances
    assert "dropped" in gone.reason.en
    assert "ドロップ" in gone.reason.ja
    # A dropped player with enough points does not advance on points either.
    by_points = advance_to_day_two(rows, AdvancementRule("points", 12), rounds=5, config=CONFIG)
    assert by_points.advancing == ("a", "b")


@pytest.mark.parametrize(
    ("rule", "field"),
    [(("top", 1), "advancement.value"), (("points", -1), "advancement.value"),
     (("cut", 4), "advancement.kind")],
)  # fmt: skip
def test_bad_rules_name_the_field(rule: tuple[str, int], field: str) -> None:
    with pytest.raises(InvalidPairingInputError) as caught:
        AdvancementRule(*rule)  # type: ignore[arg-type]
    assert caught.value.field == field


def test_more_losses_than_rounds_is_refused() -> None:
    with pytest.raises(InvalidPairingInputError, match="more losses"):
        advance_to_day_two(
            [row(1, "a", 1, 0)], AdvancementRule("record", 3), rounds=2, config=CONFIG
        )


def test_awarded_byes_sit_out_the_first_rounds_and_the_odd_bye_goes_elsewhere() -> None:
    # Six players; "invited" has two byes in advance. Rounds 1 and 2: five left to pair, so two
    # tables and one ordinary bye, never to the invited player; round 3: six at three tables.
    players = [
        PlayerRecord(id="invited", awarded_byes=2),
        *(PlayerRecord(id=f"p{i}") for i in range(5)),
    ]
    for round_number in (1, 2):
        result = pair_round(players, round_number=round_number, seed=3)
        assert [b.player for b in result.awarded_byes] == ["invited"]
        assert result.awarded_byes[0].reason.code == "bye_awarded"
        assert "first 2 round(s)" in result.awarded_byes[0].reason.en
        seated = {x for t in result.pairings for x in t.players}
        assert "invited" not in seated
        assert len(result.pairings) == 2
        assert result.bye is not None
        assert result.bye.player != "invited"
    third = pair_round(players, round_number=3, seed=3)
    assert third.awarded_byes == ()
    assert len(third.pairings) == 3
    assert third.bye is None


def test_fixed_seating_moves_the_table_and_keeps_the_others_in_order() -> None:
    # Eight players, round 1: four tables. The player with table 3 plays there; the other three
    # tables keep their order on 1, 2 and 4.
    players = [PlayerRecord(id=f"p{i}") for i in range(8)]
    plain = pair_round(players, round_number=1, seed=11)
    wheelchair = plain.pairings[0].players[1]  # sits at table 1 without the arrangement
    fixed = [PlayerRecord(id=p.id, fixed_table=3 if p.id == wheelchair else None) for p in players]
    seated = pair_round(fixed, round_number=1, seed=11)
    by_table = {t.table: t for t in seated.pairings}
    assert sorted(by_table) == [1, 2, 3, 4]
    assert wheelchair in by_table[3].players
    assert by_table[3].seat_reason is not None
    assert by_table[3].seat_reason.code == "seat_fixed"
    others = [t.players for t in plain.pairings[1:]]
    assert [by_table[n].players for n in (1, 2, 4)] == others
    assert all(by_table[n].seat_reason is None for n in (1, 2, 4))


def test_two_players_wanting_one_table_the_higher_keeps_it() -> None:
    # Ranked a > b > ... in round 2 (one group each): a plays at table 1 naturally, c at
    # table 2. Both want table 2: a's table comes first, so a gets 2 and c gets the nearest
    # free number, 1 (below and above are equally near; the lower wins).
    players = [
        PlayerRecord(id=pid, points=pts, rank=i + 1, fixed_table=2 if pid in ("a", "c") else None)
        for i, (pid, pts) in enumerate([("a", 3), ("b", 3), ("c", 0), ("d", 0)])
    ]
    result = pair_round(players, round_number=2, seed=0)
    tables = {t.table: t for t in result.pairings}
    assert set(tables) == {1, 2}
    assert "a" in tables[2].players
    assert "c" in tables[1].players
    assert tables[1].seat_reason is not None
    assert tables[1].seat_reason.code == "seat_fixed_taken"
    assert "went to a" in tables[1].seat_reason.en


def test_a_fixed_table_above_the_field_leaves_a_gap() -> None:
    players = [PlayerRecord(id=f"p{i}", fixed_table=10 if i == 0 else None) for i in range(4)]
    result = pair_round(players, round_number=1, seed=5)
    assert sorted(t.table for t in result.pairings) == [1, 10]


def test_opponents_with_different_fixed_tables_keep_the_higher_placed_ones() -> None:
    players = [
        PlayerRecord(id="top", points=3, rank=1, fixed_table=5),
        PlayerRecord(id="next", points=3, rank=2, fixed_table=7),
    ]
    result = pair_round(players, round_number=2, seed=0)
    (table,) = result.pairings
    assert table.table == 5
    assert table.seat_reason is not None
    assert table.seat_reason.code == "seat_fixed_shared"
    assert "next's fixed table is 7" in table.seat_reason.en


def test_cli_reads_awarded_byes_and_fixed_tables(capsys: pytest.CaptureFixture[str]) -> None:
    data = {
        "round": 1, "seed": 1,
        "players": [{"id": "a", "points": 0, "awarded_byes": 1},
                    {"id": "b", "points": 0, "fixed_table": 4},
                    {"id": "c", "points": 0}],
    }  # fmt: skip
    assert cli_main(["pair"], stdin=StringIO(json.dumps(data))) == 0
    answer = json.loads(capsys.readouterr().out)
    assert [b["player"] for b in answer["awarded_byes"]] == ["a"]
    assert answer["pairings"][0]["table"] == 4
    assert "fixed seating" in answer["pairings"][0]["seat_reason"]
