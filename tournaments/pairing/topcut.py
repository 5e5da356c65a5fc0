"""Top cut: single elimination after the Swiss rounds, seeded so that 1 and 2 meet last."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from tournaments.pairing.explain import Reason
from tournaments.pairing.types import InvalidPairingInputError

__all__ = ["CUT_SIZES", "Bracket", "BracketMatch", "bracket_order", "top_cut_bracket"]

CUT_SIZES = (2, 4, 8, 16, 32, 64)


@dataclass(frozen=True, slots=True)
class BracketMatch:
    """A first-round match of the cut; ``slot`` is its place in the bracket (1 = top)."""

    slot: int
    seeds: tuple[int, int]
    players: tuple[str, str]
    best_of: int
    reason: Reason


@dataclass(frozen=True, slots=True)
class Bracket:
    """The first round in bracket order: winners of slots 1 and 2 meet, then 3 and 4, …"""

    size: int
    best_of: int
    rounds: int
    matches: tuple[BracketMatch, ...]


def bracket_order(size: int) -> tuple[int, ...]:
    """Seeds in bracket order: 8 -> (1, 8, 4, 5, 2, 7, 3, 6)."""
    if size not in CUT_SIZES:
        raise InvalidPairingInputError("size", f"top cut must be one of {CUT_SIZES}")
    order = [1, 2]
    while len(order) < size:
        n = 2 * len(order)
        order = [s for seed in order for s in (seed, n + 1 - seed)]
    return tuple(order)


def top_cut_bracket(seeds: Sequence[str], size: int, *, best_of: int = 3) -> Bracket:
    """Seat the top ``size`` of ``seeds`` (the Swiss standings, best first)."""
    if best_of not in (1, 3):
        raise InvalidPairingInputError("best_of", "must be 1 or 3")
    order = bracket_order(size)
    if len(seeds) < size:
        raise InvalidPairingInputError("seeds", f"a top {size} needs {size} players")
    if len(set(seeds[:size])) != size:
        raise InvalidPairingInputError("seeds", "a player appears twice")
    matches: list[BracketMatch] = []
    for slot in range(size // 2):
        hi, lo = order[2 * slot], order[2 * slot + 1]
        a, b = seeds[hi - 1], seeds[lo - 1]
        matches.append(
            BracketMatch(
                slot=slot + 1,
                seeds=(hi, lo),
                players=(a, b),
                best_of=best_of,
                reason=Reason(
                    "top_cut_seed",
                    f"Seed {hi} ({a}) plays seed {lo} ({b}): seeds add up to {size + 1}, "
                    f"best of {best_of}.",
                    f"第{hi}シード（{a}）対 第{lo}シード（{b}）：シードの和が{size + 1}、"
                    f"ベストオブ{best_of}。",
                    (("seeds", f"{hi},{lo}"), ("best_of", str(best_of))),
                ),
            )
        )
    return Bracket(size, best_of, size.bit_length() - 1, tuple(matches))
