"""Frozen value types that go in and out of the pairing engine."""

from __future__ import annotations

from dataclasses import dataclass

from tournaments.pairing.explain import Reason

__all__ = [
    "Bye",
    "InvalidPairingInputError",
    "MatchResult",
    "Pairing",
    "PairingObjective",
    "PlayerRecord",
    "RoundPairings",
    "RoundSummary",
    "ScoringConfig",
    "games_to_win",
]


class InvalidPairingInputError(ValueError):
    """The input to the engine is inconsistent (duplicate ids, negative counts, …).

    ``field`` names the offending input, e.g. ``players[3].opponents[0]``.
    """

    def __init__(self, field_name: str, message: str) -> None:
        super().__init__(f"{field_name}: {message}")
        self.field = field_name
        self.message = message


@dataclass(frozen=True, slots=True)
class ScoringConfig:
    """Match points per result, per event.

    ``double_loss`` says whether a match may end with both players taking a loss
    (for example both late); ``draws`` whether an unfinished match may be a draw.
    """

    win: int = 3
    draw: int = 1
    loss: int = 0
    bye: int = 3
    draws: bool = True
    double_loss: bool = False

    def __post_init__(self) -> None:
        if self.win <= 0:
            raise InvalidPairingInputError("config.win", "must be positive")
        for name in ("draw", "loss", "bye"):
            value: int = getattr(self, name)
            if value < 0 or value > self.win:
                raise InvalidPairingInputError(f"config.{name}", "must be between 0 and win")


@dataclass(frozen=True, slots=True)
class PlayerRecord:
    """One player as the pairing engine sees them before a round.

    ``wins``/``losses``/``draws`` are match results against opponents (byes are counted in
    ``byes``, missed rounds of a late entry in ``late_rounds_missed``, which score as losses).
    ``points`` overrides the match points computed from the record (the JSON CLI passes
    points only). ``rank`` is the player's place in the current standings (1 = top); when it
    is missing, players on equal points are ordered by a seeded hash of their id.
    ``awarded_byes``: byes given in advance for the first rounds (an invited player with 2 sits
    out rounds 1 and 2 with a match win each); ``fixed_table``: the table this player always
    plays at (a player who needs a particular seat), honoured unless a higher-placed player
    with a fixed table of their own is at the same table.
    """

    id: str
    wins: int = 0
    losses: int = 0
    draws: int = 0
    game_wins: int = 0
    game_losses: int = 0
    game_draws: int = 0
    opponents: tuple[str, ...] = ()
    byes: int = 0
    dropped: bool = False
    late_rounds_missed: int = 0
    points: int | None = None
    rank: int | None = None
    awarded_byes: int = 0
    fixed_table: int | None = None

    def match_points(self, config: ScoringConfig) -> int:
        if self.points is not None:
            return self.points
        return (
            self.wins * config.win
            + self.draws * config.draw
            + (self.losses + self.late_rounds_missed) * config.loss
            + self.byes * config.bye
        )


def games_to_win(best_of: int) -> int:
    """The games a player must win to take a best-of-``best_of`` match.

    >>> games_to_win(1), games_to_win(3), games_to_win(5)
    (1, 2, 3)
    """
    return best_of // 2 + 1


@dataclass(frozen=True, slots=True)
class MatchResult:
    """One table's result in one round.

    ``games`` is ``(wins of players[0], wins of players[1], drawn games)``. A bye has one
    player, ``bye=True`` and counts as a 2-0 match win. ``winner`` is ``None`` for a draw
    (or, with ``double_loss``, for a match both players lost).
    """

    players: tuple[str, ...]
    winner: str | None = None
    games: tuple[int, int, int] = (0, 0, 0)
    bye: bool = False
    double_loss: bool = False

    def __post_init__(self) -> None:
        if self.bye:
            if len(self.players) != 1:
                raise InvalidPairingInputError("players", "a bye has exactly one player")
            return
        if len(self.players) != 2 or self.players[0] == self.players[1]:
            raise InvalidPairingInputError("players", "a match has two different players")
        if self.winner is not None and self.winner not in self.players:
            raise InvalidPairingInputError("winner", f"{self.winner!r} did not play this match")
        if self.double_loss and self.winner is not None:
            raise InvalidPairingInputError("winner", "a double loss has no winner")
        if any(g < 0 for g in self.games):
            raise InvalidPairingInputError("games", "game counts cannot be negative")


@dataclass(frozen=True, slots=True, order=True)
class PairingObjective:
    """The quantity the engine minimises, compared lexicographically field by field.

    See the package docstring for the definition of each field. ``pair_downs`` (the number
    of tables whose players have different match points) is compared right after the bye.
    """

    rematches: int
    repeat_byes: int
    bye_height: int
    pair_downs: int
    crossings: tuple[int, ...]
    score_gap: int
    float_distance: int
    fold: int


@dataclass(frozen=True, slots=True)
class Pairing:
    """One table: ``players[0]`` is the higher-placed player."""

    table: int
    players: tuple[str, str]
    reason: Reason
    rematch: bool = False
    pair_down: bool = False
    seat_reason: Reason | None = None
    """Why the table has its number when a player's fixed seating decided it."""


@dataclass(frozen=True, slots=True)
class Bye:
    player: str
    reason: Reason


@dataclass(frozen=True, slots=True)
class RoundSummary:
    """What the round looks like as a whole.

    ``pair_downs`` counts the tables whose two players have different match points (a
    rematch included); a table spanning several groups counts once. ``pair_downs_lower_bound``
    walks the score groups of the active players (the bye player left out) from the top: a
    group whose size plus the floater it received is odd passes one player down, and the
    figure is the number of distinct players passed down (a floater that a still-odd group
    passes on is the same player, counted once). It ignores rematches. It is a true lower
    bound: no pairing of these players has fewer pair-downs, and without rematch constraints
    one has exactly that many (the proof is in :mod:`tournaments.pairing.swiss`).
    """

    pairs: int
    pair_downs: int
    rematches: tuple[tuple[str, str], ...]
    byes: int
    repeat_byes: int
    reason: Reason
    pair_downs_lower_bound: int = 0


@dataclass(frozen=True, slots=True)
class RoundPairings:
    round_number: int
    seed: int
    pairings: tuple[Pairing, ...]
    bye: Bye | None
    summary: RoundSummary
    objective: PairingObjective
    awarded_byes: tuple[Bye, ...] = ()
    """Byes given in advance (``PlayerRecord.awarded_byes``), beside the odd-player ``bye``."""
