"""Reads for events: the engine's view of an event, standings, pairings, queues."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass

from django.db.models import Count, Prefetch, Q, QuerySet

from tournaments.models import Event, Match, Registration, ResultReport, Round
from tournaments.pairing import (
    Entrant,
    MatchResult,
    ScoringConfig,
    StandingRow,
    compute_standings,
    tiebreak_profile,
)


def event_list_upcoming() -> QuerySet[Event]:
    """Events for the home page, with their game and player count, in one query."""
    return (
        Event.objects.exclude(status=Event.Status.DRAFT)
        .select_related("game")
        .annotate(
            player_count=Count(
                "registrations",
                filter=~Q(
                    registrations__status__in=[
                        Registration.Status.WAITLISTED,
                        Registration.Status.DISQUALIFIED,
                    ]
                ),
            )
        )
        .order_by("-date", "name")[:50]
    )


def scoring_for(event: Event) -> ScoringConfig:
    points = {key: int(value) for key, value in (event.scoring or {}).items()}
    return ScoringConfig(
        win=points.get("win", 3),
        draw=points.get("draw", 1),
        loss=points.get("loss", 0),
        bye=points.get("bye", points.get("win", 3)),
        draws=event.draws_allowed,
        double_loss=True,  # a judge may give both players a loss (e.g. both late)
    )


def engine_id(registration: Registration) -> str:
    """A registration as the pure engine names it: readable in explanations, and unique."""
    return f"{registration.display_name} #{registration.pk}"


def registration_pk(player: str) -> int:
    """The registration behind an engine id (see ``engine_id``)."""
    return int(player.rsplit("#", 1)[1])


def match_result_of(
    match: Match, report: ResultReport | None, names: dict[int, str]
) -> MatchResult | None:
    """The engine's view of one match, or None while it has no confirmed result."""
    a = names[match.player_a_id]
    if match.is_bye:
        return MatchResult(players=(a,), bye=True, games=(2, 0, 0))
    if report is None:
        return None
    b = names[int(match.player_b_id or 0)]
    if report.double_loss:
        return MatchResult(players=(a, b), double_loss=True, games=(0, 0, 0))
    winner = a if report.wins_a > report.wins_b else b if report.wins_b > report.wins_a else None
    return MatchResult(
        players=(a, b), winner=winner, games=(report.wins_a, report.wins_b, report.draws)
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
            dropped=reg.status in (Registration.Status.DROPPED, Registration.Status.DISQUALIFIED),
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


def standings_compute(*, event: Event, through_round: int | None = None) -> Sequence[StandingRow]:
    view = engine_view(event=event, through_round=through_round)
    return compute_standings(
        view.entrants,
        view.results,
        profile=tiebreak_profile(event.tiebreak_profile),
        scoring=scoring_for(event),
        seed=event.pk,
    )


def round_matches(*, round_obj: Round) -> QuerySet[Match]:
    """A round's matches with both players and the latest reports (two queries)."""
    return (
        Match.objects.filter(round=round_obj)
        .select_related("player_a", "player_b", "round")
        .prefetch_related(Prefetch("reports", queryset=ResultReport.objects.order_by("version")))
        .order_by("table")
    )


def match_state(match: Match) -> str:
    """``bye``, ``confirmed``, ``disputed``, ``pending`` (one side reported) or ``missing``."""
    if match.is_bye:
        return "bye"
    reports = list(match.reports.all())
    if any(r.status == ResultReport.Status.CONFIRMED for r in reports):
        return "confirmed"
    live = [r for r in reports if r.status != ResultReport.Status.SUPERSEDED]
    if any(r.status == ResultReport.Status.DISPUTED for r in live):
        return "disputed"
    return "pending" if live else "missing"


def confirmed_report(match: Match) -> ResultReport | None:
    return next((r for r in match.reports.all() if r.status == ResultReport.Status.CONFIRMED), None)
