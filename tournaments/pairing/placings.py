"""Final placings: the top cut decides the places it covers, the Swiss standings the rest.

The champion is 1st and the other finalist 2nd; the two players who lost in the semi-finals
share 3rd–4th, the four who lost in the quarter-finals share 5th–8th, and so on (a band of
``2**k`` players for each earlier round of the bracket). Inside a shared band players are
listed in Swiss order, but their place is the band. Everyone who did not make the cut follows
in Swiss order: in a top 8, the 9th in the Swiss standings is 9th.

Without a top cut the Swiss standings are the final placings.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tournaments.pairing.types import InvalidPairingInputError

__all__ = ["BracketResult", "Placing", "elimination_band", "final_placings"]


@dataclass(frozen=True, slots=True)
class BracketResult:
    """One decided match of the top cut: its two players and the winner (one of them)."""

    players: tuple[str, str]
    winner: str

    @property
    def loser(self) -> str:
        return self.players[1] if self.winner == self.players[0] else self.players[0]


@dataclass(frozen=True, slots=True)
class Placing:
    """A player's final place: ``first``–``last`` is the band (equal outside shared bands)."""

    player: str
    first: int
    last: int
    top_cut: bool

    @property
    def shared(self) -> bool:
        return self.first != self.last

    @property
    def label(self) -> str:
        """``1``, ``3-4``, ``9``: the place as a person reads it (without an ordinal suffix)."""
        return str(self.first) if not self.shared else f"{self.first}-{self.last}"


def _check_bracket(rounds: Sequence[Sequence[BracketResult]]) -> int:
    """The bracket's size, after checking that each round halves the one before."""
    if not rounds:
        return 0
    size = 2 * len(rounds[0])
    if size < 2 or size & (size - 1):
        raise InvalidPairingInputError("bracket", "the first round must have 1, 2, 4, 8 … matches")
    expected = len(rounds[0])
    for number, matches in enumerate(rounds, start=1):
        if len(matches) != expected:
            raise InvalidPairingInputError(
                "bracket", f"bracket round {number} has {len(matches)} matches, not {expected}"
            )
        for match in matches:
            if match.winner not in match.players:
                raise InvalidPairingInputError(
                    "bracket", f"bracket round {number}: the winner is not one of the players"
                )
        expected //= 2
    if expected != 0:
        raise InvalidPairingInputError("bracket", "the final has not been played")
    return size


def final_placings(
    swiss_order: Sequence[str], bracket: Sequence[Sequence[BracketResult]] = ()
) -> tuple[Placing, ...]:
    """Every player of ``swiss_order`` (the Swiss standings, best first) with their final place.

    ``bracket`` lists the top cut's rounds in order, each its decided matches; empty without a
    top cut. Players of the bracket who are missing from ``swiss_order`` are an error.
    """
    if len(set(swiss_order)) != len(swiss_order):
        raise InvalidPairingInputError("swiss_order", "a player appears twice")
    size = _check_bracket(bracket)
    swiss_rank = {player: index for index, player in enumerate(swiss_order)}
    placings: list[Placing] = []
    placed: set[str] = set()
    if size:
        champion = bracket[-1][0].winner
        bands: list[list[str]] = [[champion]]
        # The final's loser is 2nd; each earlier round's losers share the next band.
        for matches in reversed(bracket):
            bands.append([match.loser for match in matches])
        first = 1
        for band in bands:
            unknown = [player for player in band if player not in swiss_rank]
            if unknown:
                raise InvalidPairingInputError(
                    "bracket", f"{unknown[0]} is in the bracket but not in the standings"
                )
            last = first + len(band) - 1
            for player in sorted(band, key=swiss_rank.__getitem__):
                if player in placed:
                    raise InvalidPairingInputError("bracket", f"{player} lost twice")
                placed.add(player)
                placings.append(Placing(player, first, last, top_cut=True))
            first = last + 1
    place = len(placings)
    for player in swiss_order:
        if player in placed:
            continue
        place += 1
        placings.append(Placing(player, place, place, top_cut=False))
    return tuple(placings)


def elimination_band(out_at: int) -> tuple[int, int]:
    """The places shared by the players who lost in a bracket round of ``out_at`` players:
    2 -> (2, 2) (the final), 4 -> (3, 4), 8 -> (5, 8)."""
    if out_at < 2 or out_at & (out_at - 1):
        raise InvalidPairingInputError("out_at", "a bracket round has 2, 4, 8 … players")
    return (2, 2) if out_at == 2 else (out_at // 2 + 1, out_at)
