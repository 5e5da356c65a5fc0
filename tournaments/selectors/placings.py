"""Final placings of a finished event: the top cut's bands, then the Swiss order (computed by
the pure :func:`tournaments.pairing.placings.final_placings`)."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass

from django.db.models import Prefetch
from django.utils.translation import gettext as _

from tournaments.models import Event, Match, Registration, ResultReport, Round
from tournaments.pairing import compute_standings, tiebreak_profile
from tournaments.pairing.placings import BracketResult, Placing
from tournaments.pairing.placings import final_placings as compute_final_placings
from tournaments.pairing.types import InvalidPairingInputError
from tournaments.selectors.events import scoring_for
from tournaments.selectors.standings import engine_id, engine_view, registration_pk


@dataclass(frozen=True)
class FinalPlacing:
    """One registration's final place, with its Swiss record for the reader."""

    registration: Registration
    placing: Placing
    points: int
    record: str

    @property
    def label(self) -> str:
        """The place as a person reads it: ``1``, ``3–4``."""
        return self.placing.label.replace("-", "–")

    @property
    def title(self) -> str:
        """Champion and finalist by name; the others by their place."""
        if self.placing.top_cut and self.placing.first == 1:
            return _("Champion")
        if self.placing.top_cut and self.placing.first == 2:
            return _("Finalist")
        return ""


def _bracket(event: Event, names: dict[int, str]) -> list[list[BracketResult]]:
    """The top cut's decided matches, round by round in bracket order (two queries)."""
    confirmed = ResultReport.objects.filter(status=ResultReport.Status.CONFIRMED)
    matches = (
        Match.objects.filter(round__event=event, round__stage=Round.Stage.TOP_CUT)
        .select_related("round")
        .prefetch_related(Prefetch("reports", queryset=confirmed, to_attr="confirmed_reports"))
        .order_by("round__number", "bracket_slot", "table")
    )
    by_round: dict[int, list[BracketResult]] = defaultdict(list)
    for match in matches:
        reports = getattr(match, "confirmed_reports", [])
        report = reports[0] if reports else None
        if match.player_b_id is None or report is None or report.wins_a == report.wins_b:
            raise InvalidPairingInputError("bracket", f"top-cut table {match.table} has no winner")
        a, b = names[match.player_a_id], names[match.player_b_id]
        winner = a if report.wins_a > report.wins_b else b
        by_round[match.round.number].append(BracketResult(players=(a, b), winner=winner))
    return [by_round[number] for number in sorted(by_round)]


def final_placings(event: Event) -> list[FinalPlacing]:
    """Every placed registration, best first; empty until the event is finished (or when its
    bracket has an undecided match). Disqualified players have no placing.

    Six queries: the Swiss standings (four) and the top cut's matches with their confirmed
    reports (two).
    """
    if event.status != Event.Status.FINISHED:
        return []
    view = engine_view(event=event)
    rows = compute_standings(
        view.entrants,
        view.results,
        profile=tiebreak_profile(event.tiebreak_profile),
        scoring=scoring_for(event),
        seed=event.pk,
    )
    registrations = {
        pk: reg
        for pk, reg in view.registrations.items()
        if reg.status != Registration.Status.DISQUALIFIED
    }
    names = {pk: engine_id(reg) for pk, reg in registrations.items()}
    order = [row.player_id for row in rows if registration_pk(row.player_id) in registrations]
    try:
        placings = compute_final_placings(order, _bracket(event, names))
    except (InvalidPairingInputError, KeyError):
        return []
    by_player = {row.player_id: row for row in rows}
    result = []
    for placing in placings:
        row = by_player[placing.player]
        result.append(
            FinalPlacing(
                registration=registrations[registration_pk(placing.player)],
                placing=placing,
                points=row.match_points,
                record=f"{row.wins}-{row.losses}-{row.draws}",
            )
        )
    return result


def placing_rows(event: Event) -> list[dict[str, object]]:
    """The placings as flat rows (API and export): ``placing`` is ``1``, ``3-4``…"""
    return [
        {
            "placing": row.placing.label,
            "first": row.placing.first,
            "last": row.placing.last,
            "name": row.registration.display_name,
            "registration": row.registration.pk,
            "top_cut": row.placing.top_cut,
            "points": row.points,
            "record": row.record,
        }
        for row in final_placings(event)
    ]
