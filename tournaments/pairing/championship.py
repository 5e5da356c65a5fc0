"""Championship structures: who advances from day 1 to day 2 (pure: standard library only).

A championship plays day 1 Swiss, then the players who meet the advancement rule play day 2
Swiss with the same records and tiebreakers, then the top cut. Players who do not advance keep
their final day-1 placing. The rule is one of:

``points``
    at least ``value`` match points after day 1 ("19 points or more");
``record``
    a record of at most ``value`` losses "or better", read as match points, the way
    championships announce it: "X-2 or better" after 9 rounds is the points of 7 wins and
    2 losses (21 with 3 for a win), so a 6-1-2 record (20 points) does not advance while
    7-2-0 and 6-0-3 (21 each) do. Byes count as the wins they score; a missed round of a late
    entry as the loss it scores;
``top``
    the top ``value`` of the day-1 standings (ties are split by the tiebreakers, as ranks are).

Dropped players never advance. Every player gets a bilingual :class:`Reason` saying what they
needed and what they had.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from tournaments.pairing.explain import Reason
from tournaments.pairing.standings import StandingRow
from tournaments.pairing.types import InvalidPairingInputError, ScoringConfig

__all__ = [
    "ADVANCEMENT_KINDS",
    "AdvancementDecision",
    "AdvancementRule",
    "DayTwoCut",
    "advance_to_day_two",
]

AdvancementKind = Literal["points", "record", "top"]
ADVANCEMENT_KINDS: tuple[AdvancementKind, ...] = ("points", "record", "top")


@dataclass(frozen=True, slots=True)
class AdvancementRule:
    """How players advance to day 2 (see the module docstring)."""

    kind: AdvancementKind
    value: int

    def __post_init__(self) -> None:
        if self.kind not in ADVANCEMENT_KINDS:
            raise InvalidPairingInputError(
                "advancement.kind", f"must be one of {', '.join(ADVANCEMENT_KINDS)}"
            )
        if self.value < 0 or (self.kind == "top" and self.value < 2):
            raise InvalidPairingInputError(
                "advancement.value",
                "the top N must be at least 2" if self.kind == "top" else "cannot be negative",
            )

    def threshold_points(self, *, rounds: int, config: ScoringConfig) -> int | None:
        """The match points needed (None for ``top``): a record rule read as points."""
        if self.kind == "points":
            return self.value
        if self.kind == "record":
            if self.value > rounds:
                raise InvalidPairingInputError(
                    "advancement.value", f"more losses ({self.value}) than rounds ({rounds})"
                )
            return (rounds - self.value) * config.win + self.value * config.loss
        return None

    def describe(self, *, rounds: int, config: ScoringConfig) -> Reason:
        """The rule in words, with the points it means."""
        points = self.threshold_points(rounds=rounds, config=config)
        if self.kind == "points":
            return Reason(
                "advance_rule_points",
                f"Day 2: {points} match points or more after day 1.",
                f"2日目進出：1日目終了時に勝ち点{points}以上。",
                (("points", str(points)),),
            )
        if self.kind == "record":
            wins = rounds - self.value
            return Reason(
                "advance_rule_record",
                f"Day 2: X-{self.value} or better after {rounds} rounds, that is at least the "
                f"{points} match points of {wins} wins and {self.value} losses.",
                f"2日目進出：{rounds}回戦終了時にX-{self.value}以上"
                f"（{wins}勝{self.value}敗の勝ち点{points}以上）。",
                (("losses", str(self.value)), ("points", str(points))),
            )
        return Reason(
            "advance_rule_top",
            f"Day 2: the top {self.value} of the day-1 standings.",
            f"2日目進出：1日目の順位で上位{self.value}名。",
            (("top", str(self.value)),),
        )


@dataclass(frozen=True, slots=True)
class AdvancementDecision:
    """One player's day-2 decision; ``day_one_rank`` is kept as the final place of those who
    do not advance."""

    player_id: str
    advances: bool
    day_one_rank: int
    match_points: int
    reason: Reason


@dataclass(frozen=True, slots=True)
class DayTwoCut:
    """The decisions in day-1 standings order, the players who advance, and the rule."""

    rule: Reason
    threshold_points: int | None
    advancing: tuple[str, ...]
    decisions: tuple[AdvancementDecision, ...]


def _decision(row: StandingRow, advances: bool, why_en: str, why_ja: str) -> AdvancementDecision:
    code = "advances" if advances else "does_not_advance"
    head_en = "Advances to day 2" if advances else "Does not advance to day 2"
    head_ja = "2日目に進出" if advances else "2日目に進出できません"
    return AdvancementDecision(
        player_id=row.player_id,
        advances=advances,
        day_one_rank=row.rank,
        match_points=row.match_points,
        reason=Reason(
            code,
            f"{head_en}: {why_en}",
            f"{head_ja}：{why_ja}",
            (
                ("player", row.player_id),
                ("rank", str(row.rank)),
                ("points", str(row.match_points)),
            ),
        ),
    )


def advance_to_day_two(
    rows: Sequence[StandingRow], rule: AdvancementRule, *, rounds: int, config: ScoringConfig
) -> DayTwoCut:
    """Apply ``rule`` to the final day-1 standings ``rows`` (after ``rounds`` Swiss rounds)."""
    if rounds < 1:
        raise InvalidPairingInputError("rounds", "day 1 must have at least one round")
    ordered = sorted(rows, key=lambda r: r.rank)
    threshold = rule.threshold_points(rounds=rounds, config=config)
    decisions: list[AdvancementDecision] = []
    places_taken = 0
    for row in ordered:
        points = row.match_points
        if row.dropped:
            decisions.append(
                _decision(row, False, "dropped from the event.", "大会をドロップしました。")
            )
            continue
        if threshold is not None:
            if points >= threshold:
                why = (f"{points} match points, at least the {threshold} needed.",
                       f"勝ち点{points}（必要な勝ち点{threshold}以上）。")  # fmt: skip
            else:
                why = (f"{points} match points, fewer than the {threshold} needed.",
                       f"勝ち点{points}（必要な勝ち点{threshold}に届きません）。")  # fmt: skip
            decisions.append(_decision(row, points >= threshold, *why))
            continue
        advances = places_taken < rule.value
        if advances:
            places_taken += 1
            why = (f"placed {row.rank}, within the top {rule.value}.",
                   f"{row.rank}位（上位{rule.value}名以内）。")  # fmt: skip
        else:
            why = (f"placed {row.rank}, outside the top {rule.value} still playing.",
                   f"{row.rank}位（継続中の上位{rule.value}名の外）。")  # fmt: skip
        decisions.append(_decision(row, advances, *why))
    return DayTwoCut(
        rule=rule.describe(rounds=rounds, config=config),
        threshold_points=threshold,
        advancing=tuple(d.player_id for d in decisions if d.advances),
        decisions=tuple(decisions),
    )
