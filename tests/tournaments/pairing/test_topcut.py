"""Top-cut bracket order and the recommended-structure table."""

from __future__ import annotations

import itertools
import json
from importlib import resources

import pytest

from tournaments.pairing import (
    InvalidPairingInputError,
    bracket_order,
    recommended_structure,
    structure_table,
    top_cut_bracket,
)
from tournaments.pairing.recommended import STYLES


@pytest.mark.parametrize(
    ("size", "order"),
    [
        (2, (1, 2)),
        (4, (1, 4, 2, 3)),
        (8, (1, 8, 4, 5, 2, 7, 3, 6)),
        (16, (1, 16, 8, 9, 4, 13, 5, 12, 2, 15, 7, 10, 3, 14, 6, 11)),
    ],
)
def test_bracket_order(size: int, order: tuple[int, ...]) -> None:
    assert bracket_order(size) == order


def test_top_eight_first_round() -> None:
    seeds = [f"s{i}" for i in range(1, 11)]
    bracket = top_cut_bracket(seeds, 8, best_of=1)
    assert [m.seeds for m in bracket.matches] == [(1, 8), (4, 5), (2, 7), (3, 6)]
    assert bracket.matches[0].players == ("s1", "s8")
    assert (bracket.rounds, bracket.best_of) == (3, 1)
    assert "Seed 4 (s4) plays seed 5 (s5)" in bracket.matches[1].reason.en


@pytest.mark.parametrize("size", [2, 4, 8, 16, 32, 64])
def test_seeds_one_and_two_meet_only_in_the_final(size: int) -> None:
    order = bracket_order(size)
    half = size // 2
    assert 1 in order[:half]
    assert 2 in order[half:]
    # Each first-round match adds up to size + 1, and every seed appears once.
    assert sorted(order) == list(range(1, size + 1))
    assert all(order[i] + order[i + 1] == size + 1 for i in range(0, size, 2))
    # If the better seed always wins, the survivors of every round are the top seeds:
    # the best seeds of the sub-brackets of each size are exactly 1..(number of sub-brackets).
    block = 2
    while block <= size:
        best = sorted(min(order[start : start + block]) for start in range(0, size, block))
        assert best == list(range(1, size // block + 1))
        block *= 2


@pytest.mark.parametrize(("size", "seeds", "best_of"), [(6, 8, 3), (8, 7, 3), (4, 4, 2)])
def test_invalid_cut(size: int, seeds: int, best_of: int) -> None:
    with pytest.raises(InvalidPairingInputError):
        top_cut_bracket([f"s{i}" for i in range(seeds)], size, best_of=best_of)


@pytest.mark.parametrize(
    ("attendance", "style", "rounds", "cut", "best_of"),
    [
        (8, "mtr", 3, 0, 3),
        (16, "mtr", 5, 4, 3),
        (17, "mtr", 5, 8, 3),
        (100, "mtr", 7, 8, 3),
        (500, "mtr", 10, 8, 3),
        (10, "pokemon", 4, 2, 3),
        (300, "pokemon", 9, 32, 3),
        (40, "bo1", 7, 8, 1),
        (3, "pokemon", 3, 0, 3),
    ],
)
def test_recommended_structure(
    attendance: int, style: str, rounds: int, cut: int, best_of: int
) -> None:
    got = recommended_structure(attendance, style)
    assert (got.swiss_rounds, got.top_cut, got.best_of) == (rounds, cut, best_of)
    assert not got.overridden
    assert str(rounds) in got.reason.en
    assert "回戦" in got.reason.ja


def test_event_can_override_the_table() -> None:
    got = recommended_structure(100, "mtr", swiss_rounds=5, top_cut=4)
    assert (got.swiss_rounds, got.top_cut, got.overridden) == (5, 4, True)
    with pytest.raises(InvalidPairingInputError, match="top_cut"):
        recommended_structure(10, "mtr", top_cut=16)
    with pytest.raises(InvalidPairingInputError, match="style"):
        recommended_structure(10, "chess")


@pytest.mark.parametrize("style", STYLES)
def test_table_is_contiguous_and_growing(style: str) -> None:
    bands = structure_table(style)
    for lower, upper in itertools.pairwise(bands):
        assert lower.maximum is not None
        assert upper.minimum == lower.maximum + 1
        assert upper.swiss_rounds >= lower.swiss_rounds
    assert bands[-1].maximum is None


def test_table_is_package_data() -> None:
    text = resources.files("tournaments.pairing").joinpath("recommended_structure.json")
    data = json.loads(text.read_text(encoding="utf-8"))
    assert set(data["styles"]) == set(STYLES)
