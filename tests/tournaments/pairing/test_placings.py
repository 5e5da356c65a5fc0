"""Final placings from the top cut and the Swiss standings, worked out by hand."""

from __future__ import annotations

import pytest

from tournaments.pairing.placings import BracketResult, elimination_band, final_placings
from tournaments.pairing.types import InvalidPairingInputError

SWISS = tuple(f"P{n}" for n in range(1, 11))  # P1 finished the Swiss first, P10 last


def m(a: str, b: str, winner: str) -> BracketResult:
    return BracketResult(players=(a, b), winner=winner)


def places(placings: object) -> list[tuple[str, str]]:
    return [(p.player, p.label) for p in placings]  # type: ignore[attr-defined]


def test_top_8_bands_then_swiss_order() -> None:
    # Quarter-finals in bracket order 1v8, 4v5, 2v7, 3v6: seeds 1, 5, 7 and 3 win.
    quarters = [m("P1", "P8", "P1"), m("P4", "P5", "P5"), m("P2", "P7", "P7"), m("P3", "P6", "P3")]
    semis = [m("P1", "P5", "P5"), m("P7", "P3", "P3")]
    final = [m("P5", "P3", "P3")]
    result = final_placings(SWISS, [quarters, semis, final])
    assert places(result) == [
        ("P3", "1"),  # the champion
        ("P5", "2"),  # the other finalist
        ("P1", "3-4"),  # semi-final losers share 3rd-4th, in Swiss order
        ("P7", "3-4"),
        ("P2", "5-8"),  # quarter-final losers share 5th-8th, in Swiss order
        ("P4", "5-8"),
        ("P6", "5-8"),
        ("P8", "5-8"),
        ("P9", "9"),  # below the cut: Swiss order
        ("P10", "10"),
    ]
    assert [p.top_cut for p in result] == [True] * 8 + [False] * 2
    assert result[2].first == 3
    assert result[2].last == 4
    assert result[2].shared
    assert not result[0].shared


def test_top_4() -> None:
    semis = [m("P1", "P4", "P4"), m("P2", "P3", "P2")]
    final = [m("P4", "P2", "P4")]
    result = final_placings(SWISS[:6], [semis, final])
    assert places(result) == [
        ("P4", "1"),
        ("P2", "2"),
        ("P1", "3-4"),
        ("P3", "3-4"),
        ("P5", "5"),
        ("P6", "6"),
    ]


def test_no_top_cut_is_the_swiss_order() -> None:
    assert places(final_placings(("B", "A", "C"))) == [("B", "1"), ("A", "2"), ("C", "3")]


def test_top_2_final_only() -> None:
    assert places(final_placings(("A", "B", "C"), [[m("A", "B", "B")]])) == [
        ("B", "1"),
        ("A", "2"),
        ("C", "3"),
    ]


@pytest.mark.parametrize(
    "bracket",
    [
        [[m("P1", "P4", "P4"), m("P2", "P3", "P2")]],  # the final is missing
        [[m("P1", "P4", "P9")]],  # the winner did not play
        [[m("P1", "P4", "P4"), m("P2", "P3", "P2")], [m("P4", "P2", "P4"), m("P1", "P3", "P1")]],
        [[m("P1", "X", "P1")]],  # a player not in the standings
    ],
)
def test_bad_brackets_are_refused(bracket: list[list[BracketResult]]) -> None:
    with pytest.raises(InvalidPairingInputError):
        final_placings(SWISS, bracket)


def test_duplicate_in_standings_refused() -> None:
    with pytest.raises(InvalidPairingInputError):
        final_placings(("A", "A"))


def test_elimination_bands() -> None:
    assert [elimination_band(n) for n in (2, 4, 8, 16)] == [(2, 2), (3, 4), (5, 8), (9, 16)]
    with pytest.raises(InvalidPairingInputError):
        elimination_band(6)
