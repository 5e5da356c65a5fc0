"""Standings: the event's records in the pairing engine's terms, and the standings computed from
them."""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any

from django.db.models import Prefetch

from tournaments.models import (
    Event,
    Match,
    Registration,
    ResultReport,
    Round,
)
from tournaments.pairing import (
    Entrant,
    MatchResult,
    StandingRow,
    compute_standings,
    tiebreak_profile,
)
from tournaments.selectors.events import scoring_for
from tournaments.selectors.matches import match_result_of


def engine_id(registration: Registration) -> str:
    """A registration as the pure engine names it: readable in explanations, and unique."""
    return f"{registration.display_name} #{registration.pk}"


_ENGINE_ID_SUFFIX = re.compile(r" #\d+(?!\d)")


def readable(reason: Mapping[str, Any]) -> dict[str, Any]:
    """A stored reason (code, en, ja, fields) as people read it: players by name, without the
    ``#<registration>`` the engine's ids carry (no internal id is shown)."""
    return {
        **reason,
        "en": _ENGINE_ID_SUFFIX.sub("", str(reason.get("en", ""))),
        "ja": _ENGINE_ID_SUFFIX.sub("", str(reason.get("ja", ""))),
    }


def registration_pk(player: str) -> int:
    """The registration behind an engine id (see ``engine_id``)."""
    return int(player.rsplit("#", 1)[1])


#: Registrations the engine sees as out of the event: dropped, disqualified, or not advanced to
#: day 2 (they keep their results and their day-1 place, and are not paired again).
_NOT_PLAYING = (
    Registration.Status.DROPPED,
    Registration.Status.DISQUALIFIED,
    Registration.Status.NOT_ADVANCED,
)


@dataclass(frozen=True)
class EngineView:
    """An event as the pure engine sees it: entrants and confirmed results per Swiss round."""

    entrants: tuple[Entrant, ...]
    results: tuple[tuple[MatchResult, ...], ...]
    registrations: dict[int, Registration]
    rounds: tuple[Round, ...]


def engine_view(*, event: Event, through_round: int | None = None) -> EngineView:
    """Four queries: registrations, Swiss rounds, their matches, and confirmed reports."""
    registrations = {
        reg.pk: reg
        for reg in Registration.objects.filter(event=event).exclude(
            status__in=[Registration.Status.WAITLISTED, Registration.Status.REGISTERED]
        )
    }
    rounds_qs = Round.objects.filter(event=event, stage=Round.Stage.SWISS).order_by("number")
    if through_round is not None:
        rounds_qs = rounds_qs.filter(number__lte=through_round)
    rounds = tuple(rounds_qs)
    names = {pk: engine_id(reg) for pk, reg in registrations.items()}
    confirmed = ResultReport.objects.filter(status=ResultReport.Status.CONFIRMED)
    matches = Match.objects.filter(round__in=rounds).prefetch_related(
        Prefetch("reports", queryset=confirmed, to_attr="confirmed_reports")
    )
    by_round: dict[int, list[MatchResult]] = defaultdict(list)
    for match in matches:
        reports = getattr(match, "confirmed_reports", [])
        result = match_result_of(match, reports[0] if reports else None, names)
        if result is not None:
            by_round[match.round_id].append(result)
    entrants = tuple(
        Entrant(
            id=names[reg.pk],
            dropped=reg.status in _NOT_PLAYING,
            late_rounds_missed=reg.late_rounds_missed,
        )
        for reg in sorted(registrations.values(), key=lambda r: r.pk)
    )
    return EngineView(
        entrants=entrants,
        results=tuple(tuple(by_round[r.pk]) for r in rounds),
        registrations=registrations,
        rounds=rounds,
    )


def standings_compute(
    *, event: Event, through_round: int | None = None, view: EngineView | None = None
) -> Sequence[StandingRow]:
    """The standings after ``through_round`` (every Swiss round when None). Once day 2's players
    are decided, those who did not advance come after every day-2 player, in their final day-1
    order (their day-1 place is kept on the registration and shown beside the row). ``view``:
    the ``engine_view`` of the same round, when the caller has it already (no query then)."""
    if view is None:
        view = engine_view(event=event, through_round=through_round)
    rows = compute_standings(
        view.entrants,
        view.results,
        profile=tiebreak_profile(event.tiebreak_profile),
        scoring=scoring_for(event),
        seed=event.pk,
    )
    if event.advanced_at is None:
        return rows
    return day_two_order(rows, view.registrations)


def day_two_order(
    rows: Sequence[StandingRow], registrations: dict[int, Registration]
) -> tuple[StandingRow, ...]:
    """Day-2 players first (in their order), then the players who did not advance in their
    day-1 order; places numbered again from 1."""

    def key(row: StandingRow) -> tuple[int, int]:
        reg = registrations.get(registration_pk(row.player_id))
        if reg is not None and reg.advancement.get("code") == "does_not_advance":
            return (1, reg.day_one_rank or row.rank)
        return (0, row.rank)

    ordered = sorted(rows, key=key)
    return tuple(replace(row, rank=place) for place, row in enumerate(ordered, start=1))
