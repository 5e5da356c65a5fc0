"""An organiser's hand-made pairing, validated: every problem found, each explained twice."""

from __future__ import annotations

import pytest

from tournaments.pairing import (
    InvalidPairingInputError,
    PairingProblem,
    PlayerRecord,
    pair_round,
    validate_pairing,
)


def field() -> list[PlayerRecord]:
    # a > b > c > d > e in the standings; a and b have met; d has had the bye; f dropped.
    return [
        PlayerRecord(id="a", points=6, opponents=("b",), rank=1),
        PlayerRecord(id="b", points=6, opponents=("a",), rank=2),
        PlayerRecord(id="c", points=3, rank=3),
        PlayerRecord(id="d", points=3, byes=1, rank=4),
        PlayerRecord(id="e", points=0, rank=5),
        PlayerRecord(id="f", points=0, dropped=True, rank=6),
    ]


def codes(problems: tuple[PairingProblem, ...]) -> list[str]:
    return [p.code for p in problems]


def test_a_sound_pairing_has_no_problems() -> None:
    assert validate_pairing(field(), [("a", "c"), ("b", "d")], "e") == ()


def test_the_engine_output_validates() -> None:
    result = pair_round(field(), round_number=3, seed=0)
    bye = result.bye.player if result.bye else None
    assert validate_pairing(field(), [t.players for t in result.pairings], bye) == ()


def test_rematch_is_flagged_not_blocking() -> None:
    problems = validate_pairing(field(), [("a", "b"), ("c", "d")], "e")
    assert codes(problems) == ["rematch"]
    (problem,) = problems
    assert not problem.blocking
    assert problem.table == 1
    assert problem.players == ("a", "b")
    assert "rematch" in problem.reason.en
    assert "再戦" in problem.reason.ja


def test_second_bye_and_a_skipped_lower_player_are_flagged() -> None:
    problems = validate_pairing(field(), [("a", "c"), ("b", "e")], "d")
    assert codes(problems) == ["repeat_bye", "bye_not_lowest"]
    assert not any(p.blocking for p in problems)
    assert problems[1].players == ("d", "e")
    assert "不戦勝" in problems[0].reason.ja


def test_missing_twice_unknown_and_dropped_players_block() -> None:
    problems = validate_pairing(field(), [("a", "c"), ("c", "x"), ("b", "f")], "e")
    assert codes(problems) == ["seated_twice", "unknown_player", "dropped_player", "not_seated"]
    assert all(p.blocking for p in problems)
    assert problems[0].players == ("c",)
    assert "table 1" in problems[0].reason.en
    assert problems[-1].players == ("d",)
    assert "d" in problems[-1].reason.ja


def test_bye_missing_or_not_needed() -> None:
    missing = validate_pairing(field(), [("a", "c"), ("b", "d")], None)
    assert codes(missing) == ["not_seated", "bye_missing"]
    assert "odd" in missing[1].reason.en
    four = field()[:4]  # a, b, c, d: an even field
    not_needed = validate_pairing(four, [("a", "c")], "b")
    assert codes(not_needed) == ["bye_not_lowest", "not_seated", "bye_not_needed"]
    assert not_needed[-1].blocking
    assert "偶数" in not_needed[-1].reason.ja


@pytest.mark.parametrize("table", [("a",), ("a", "a"), ("a", "b", "c")])
def test_a_table_must_seat_two_different_players(table: tuple[str, ...]) -> None:
    problems = validate_pairing(field(), [table], None)
    assert problems[0].code == "bad_table"
    assert problems[0].blocking


def test_inconsistent_records_raise() -> None:
    with pytest.raises(InvalidPairingInputError):
        validate_pairing([PlayerRecord(id="a"), PlayerRecord(id="a")], [], None)
