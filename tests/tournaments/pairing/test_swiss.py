"""Table-driven unit tests for the Swiss pairing engine."""

from __future__ import annotations

import random

import pytest

from tests.tournaments.pairing.conftest import drop, simulate_records
from tournaments.pairing import (
    InvalidPairingInputError,
    PlayerRecord,
    RoundPairings,
    ScoringConfig,
    pair_round,
    pairing_objective,
)
from tournaments.pairing.swiss import _pair


def seats(result: RoundPairings) -> list[tuple[str, str]]:
    return [p.players for p in result.pairings]


def field(*specs: tuple[str, int, str]) -> list[PlayerRecord]:
    """(id, points, opponents as a string of one-letter ids); rank follows the order given."""
    return [
        PlayerRecord(id=pid, points=pts, opponents=tuple(opps), rank=i + 1)
        for i, (pid, pts, opps) in enumerate(specs)
    ]


def test_round_one_pairs_everyone_and_depends_on_the_seed() -> None:
    players = [PlayerRecord(id=f"p{i:02d}") for i in range(16)]
    first = pair_round(players, round_number=1, seed=1, config=ScoringConfig())
    again = pair_round(players, round_number=1, seed=1, config=ScoringConfig())
    other = pair_round(players, round_number=1, seed=2, config=ScoringConfig())
    assert first == again
    assert seats(first) != seats(other)
    assert sorted(x for pair in seats(first) for x in pair) == sorted(p.id for p in players)
    assert first.bye is None
    assert [p.table for p in first.pairings] == list(range(1, 9))


def test_round_one_ignores_rank_hints() -> None:
    plain = [PlayerRecord(id=f"p{i}") for i in range(8)]
    ranked = [PlayerRecord(id=f"p{i}", rank=i + 1) for i in range(8)]
    assert seats(pair_round(plain, round_number=1, seed=9)) == seats(
        pair_round(ranked, round_number=1, seed=9)
    )


@pytest.mark.parametrize(
    ("players", "expected_pairs", "expected_bye"),
    [
        pytest.param(
            field(("a", 3, ""), ("b", 3, ""), ("c", 0, ""), ("d", 0, "")),
            [("a", "b"), ("c", "d")],
            None,
            id="two even groups pair inside",
        ),
        pytest.param(
            field(
                ("a", 3, ""), ("b", 3, ""), ("c", 3, ""), ("d", 0, ""), ("e", 0, ""), ("f", 0, "")
            ),
            [("a", "b"), ("c", "d"), ("e", "f")],
            None,
            id="odd group floats its lowest player to the top of the next",
        ),
        pytest.param(
            field(("a", 3, "b"), ("b", 3, "a"), ("c", 0, "d"), ("d", 0, "c")),
            [("a", "c"), ("b", "d")],
            None,
            id="rematch in the top group avoided by two pair-downs",
        ),
        pytest.param(
            field(("a", 6, ""), ("b", 3, ""), ("c", 3, ""), ("d", 3, ""), ("e", 0, "")),
            [("a", "b"), ("c", "d")],
            "e",
            id="bye to the lowest player, top player meets the top of the next group",
        ),
        pytest.param(
            field(("a", 3, "c"), ("b", 3, "d"), ("c", 3, "a"), ("d", 3, "b")),
            [("a", "b"), ("c", "d")],
            None,
            id="fold top half v bottom half, exchanged to avoid rematches",
        ),
    ],
)
def test_pairing_table(
    players: list[PlayerRecord], expected_pairs: list[tuple[str, str]], expected_bye: str | None
) -> None:
    result = pair_round(players, round_number=2, seed=0)
    assert seats(result) == expected_pairs
    assert (result.bye.player if result.bye else None) == expected_bye
    assert result.summary.rematches == ()


def test_bye_skips_players_who_already_had_one() -> None:
    players = [
        PlayerRecord(id="a", points=3, rank=1),
        PlayerRecord(id="b", points=3, rank=2),
        PlayerRecord(id="c", points=3, byes=1, rank=3),
    ]
    result = pair_round(players, round_number=2, seed=0)
    assert result.bye is not None
    assert result.bye.player == "b"
    assert result.bye.reason.code == "bye_lowest"
    assert result.summary.repeat_byes == 0


def test_bye_goes_to_next_player_when_the_lowest_would_force_a_rematch() -> None:
    # d has met a, b and c: if e (the lowest) had the bye, d could only rematch someone.
    players = field(("a", 3, "d"), ("b", 3, "d"), ("c", 3, "d"), ("d", 0, "abc"), ("e", 0, ""))
    result = pair_round(players, round_number=3, seed=0)
    assert result.summary.rematches == ()
    assert result.bye is not None
    assert result.bye.player == "d"
    assert result.bye.reason.code == "bye_lowest_pairable"
    assert result.bye.reason.field("skipped") == "e"


def test_repeat_bye_only_when_everyone_had_one() -> None:
    players = [PlayerRecord(id=x, points=3, byes=1, rank=i) for i, x in enumerate("abc", 1)]
    result = pair_round(players, round_number=4, seed=0)
    assert result.bye is not None
    assert result.bye.player == "c"
    assert result.bye.reason.code == "bye_repeat"
    assert result.summary.repeat_byes == 1


def test_unavoidable_rematch_is_named() -> None:
    players = field(("a", 3, "b"), ("b", 0, "a"))
    result = pair_round(players, round_number=2, seed=0)
    assert result.summary.rematches == (("a", "b"),)
    assert result.pairings[0].rematch
    assert result.pairings[0].reason.code == "rematch"
    assert "a v b" in result.summary.reason.en


def test_rematch_avoided_reason_names_the_opponent() -> None:
    players = field(("a", 3, "c"), ("b", 3, ""), ("c", 3, "a"), ("d", 3, ""))
    result = pair_round(players, round_number=2, seed=0)
    first = result.pairings[0]
    assert first.players == ("a", "b")
    assert first.reason.field("rematch_avoided_with") == "c"
    assert "c" in first.reason.en
    assert "再戦回避" in first.reason.ja


def test_pair_down_reason_and_summary_count() -> None:
    players = field(("a", 6, ""), ("b", 3, ""), ("c", 3, ""), ("d", 3, ""))
    result = pair_round(players, round_number=3, seed=0)
    assert seats(result) == [("a", "b"), ("c", "d")]
    assert result.pairings[0].pair_down
    assert result.pairings[0].reason.code == "pair_down"
    assert result.pairings[0].reason.field("from_points") == "6"
    assert result.summary.pair_downs == 1
    assert "ペアダウン" in result.pairings[0].reason.ja


def test_dropped_players_are_never_paired() -> None:
    players = [PlayerRecord(id=f"p{i}", points=i % 3, dropped=i % 4 == 0) for i in range(12)]
    result = pair_round(players, round_number=3, seed=5)
    seated = {x for pair in seats(result) for x in pair}
    if result.bye:
        seated.add(result.bye.player)
    assert seated == {p.id for p in players if not p.dropped}


def test_late_entry_counts_missed_rounds_as_losses() -> None:
    config = ScoringConfig(loss=1)
    late = PlayerRecord(id="late", late_rounds_missed=2)
    assert late.match_points(config) == 2
    assert late.match_points(ScoringConfig()) == 0


def test_tables_are_numbered_from_the_top() -> None:
    players = field(*((f"p{i:02d}", 12 - i // 2, "") for i in range(24)))
    result = pair_round(players, round_number=5, seed=3)
    ranks = {p.id: p.rank for p in players}
    tops = [min(ranks[a] or 0, ranks[b] or 0) for a, b in seats(result)]
    assert tops == sorted(tops)
    assert [p.table for p in result.pairings] == list(range(1, 13))


def test_fast_path_floats_a_higher_player_when_the_lowest_cannot_be_paired_below() -> None:
    # 14 players (fast path). c has met every 3-point player, so floating c (the lowest of
    # the 6-point group) would leave the group below unpairable: b must float instead.
    lower = [f"l{i:02d}" for i in range(11)]
    players = [
        PlayerRecord(id="a", points=6, rank=1),
        PlayerRecord(id="b", points=6, rank=2),
        PlayerRecord(id="c", points=6, rank=3, opponents=tuple(lower)),
        *(PlayerRecord(id=x, points=3, rank=4 + i, opponents=("c",)) for i, x in enumerate(lower)),
    ]
    result = pair_round(players, round_number=12, seed=0)
    assert result.summary.rematches == ()
    assert ("a", "c") in seats(result)
    assert ("b", "l00") in seats(result)


def test_invalid_input_names_the_field() -> None:
    with pytest.raises(InvalidPairingInputError, match=r"players\[1\]\.opponents\[0\]"):
        pair_round(
            [PlayerRecord(id="a"), PlayerRecord(id="b", opponents=("x",))], round_number=2, seed=0
        )
    with pytest.raises(InvalidPairingInputError, match=r"players\[1\]\.id"):
        pair_round([PlayerRecord(id="a"), PlayerRecord(id="a")], round_number=2, seed=0)
    with pytest.raises(InvalidPairingInputError, match="round"):
        pair_round([PlayerRecord(id="a")], round_number=0, seed=0)


def test_objective_of_the_engine_matches_pairing_objective() -> None:
    players = field(("a", 6, "b"), ("b", 3, "a"), ("c", 3, ""), ("d", 0, ""), ("e", 0, ""))
    result = pair_round(players, round_number=3, seed=4)
    assert pairing_objective(players, result) == result.objective


def test_pairing_objective_rejects_incomplete_pairings() -> None:
    players = field(("a", 3, ""), ("b", 3, ""), ("c", 0, ""), ("d", 0, ""))
    result = pair_round(players, round_number=2, seed=0)
    with pytest.raises(InvalidPairingInputError):
        pairing_objective(players[:3], result)


@pytest.mark.parametrize("size", [13, 31, 64])
def test_fast_and_exact_paths_agree_on_hard_constraints_in_simulation(size: int) -> None:
    rng = random.Random(size)
    players = [PlayerRecord(id=f"p{i:03d}") for i in range(size)]
    for rnd in range(1, 7):
        result = _pair(players, round_number=rnd, seed=rnd, config=ScoringConfig(), exact_limit=0)
        assert result.summary.rematches == ()
        assert result.summary.repeat_byes == 0
        players = simulate_records(players, result, rng)
        if rnd == 3:
            players = drop(players, {"p000", "p005"})


def test_fast_path_keeps_unavoidable_rematches_to_the_minimum() -> None:
    # x has met all 13 others, so exactly one rematch is unavoidable; the rest stay fresh.
    others = [f"o{i:02d}" for i in range(13)]
    players = [
        PlayerRecord(id="x", points=9, opponents=tuple(others), rank=1),
        *(PlayerRecord(id=o, points=3 * (i % 3), rank=2 + i) for i, o in enumerate(others)),
    ]
    result = pair_round(players, round_number=14, seed=0)
    assert len(result.summary.rematches) == 1
    assert "x" in result.summary.rematches[0]
    assert result.summary.reason.field("rematches") == "1"
    assert [p.reason.code for p in result.pairings].count("rematch") == 1
