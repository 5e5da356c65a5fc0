"""Exports of an event (organisers only): players, pairings, results and standings as flat rows."""

from __future__ import annotations

from collections.abc import Sequence

from tournaments.models import (
    Event,
    Match,
    Registration,
    ResultReport,
    Round,
)
from tournaments.permissions import (
    AnyUser,
    require_event_organiser,
)
from tournaments.selectors.matches import match_state, round_matches
from tournaments.selectors.placings import placing_rows
from tournaments.selectors.registrations import registrations_of_event
from tournaments.selectors.rounds import event_rounds, latest_snapshot

EXPORT_KINDS = ("players", "pairings", "results", "standings", "placings")


def _name(registration: Registration | None) -> str:
    return "" if registration is None else registration.display_name


def _players(event_id: int) -> list[dict[str, object]]:
    return [
        {
            "registration": reg.pk,
            "name": reg.display_name,
            "player_id": reg.player_id,
            "email": reg.email,
            "status": reg.status,
            "late_rounds_missed": reg.late_rounds_missed,
            "dropped_after_round": reg.dropped_after_round,
            # championship structures: byes in advance, fixed table, the day-2 decision, day-1 place
            "awarded_byes": reg.awarded_byes,
            "fixed_table": reg.fixed_table,
            "day_one_rank": reg.day_one_rank,
            "advancement": reg.advancement.get("code", ""),
            "advancement_en": reg.advancement.get("en", ""),
            "advancement_ja": reg.advancement.get("ja", ""),
        }
        for reg in registrations_of_event(event_id)
    ]


def _matches(event_id: int) -> list[tuple[Round, Match]]:
    rows: list[tuple[Round, Match]] = []
    for round_obj in event_rounds(event_id=event_id):
        rows.extend((round_obj, match) for match in round_matches(round_obj=round_obj))
    return rows


def _pairings(event_id: int) -> list[dict[str, object]]:
    return [
        {
            "round": round_obj.number,
            "stage": round_obj.stage,
            "day": round_obj.day,
            "table": match.table,
            "match": match.pk,
            "player_a": match.player_a_id,
            "player_a_name": _name(match.player_a),
            "player_b": match.player_b_id,
            "player_b_name": _name(match.player_b),
            "bye": match.is_bye,
        }
        for round_obj, match in _matches(event_id)
    ]


def _results(event_id: int) -> list[dict[str, object]]:
    rows: list[dict[str, object]] = []
    for round_obj, match in _matches(event_id):
        report = next(
            (r for r in match.reports.all() if r.status == ResultReport.Status.CONFIRMED), None
        )
        rows.append(
            {
                "round": round_obj.number,
                "day": round_obj.day,
                "table": match.table,
                "match": match.pk,
                "player_a_name": _name(match.player_a),
                "player_b_name": _name(match.player_b),
                "state": match_state(match),
                "wins_a": None if report is None else report.wins_a,
                "wins_b": None if report is None else report.wins_b,
                "draws": None if report is None else report.draws,
                "double_loss": None if report is None else report.double_loss,
                "intentional_draw": None if report is None else report.intentional_draw,
                "source": "" if report is None else report.source,
                "time_outcome": "" if report is None else report.time_outcome,
            }
        )
    return rows


def _standings(event_id: int) -> list[dict[str, object]]:
    latest = latest_snapshot(event_id=event_id)
    if latest is None:
        return []
    rows: list[dict[str, object]] = []
    for row in latest[1].standings:
        flat: dict[str, object] = {
            key: row.get(key)
            for key in ("rank", "registration", "name", "points", "record", "games", "dropped")
        }
        flat["day_one_rank"] = row.get("day_one_rank")  # kept by non-advancers
        flat["not_advanced"] = bool(row.get("not_advanced"))
        for tiebreak in row.get("tiebreaks", []):
            flat[f"tiebreak_{tiebreak['key']}"] = tiebreak["value"]
        rows.append(flat)
    return rows


def _placings(event_id: int) -> list[dict[str, object]]:
    """Final placings: empty until the event is finished (the bracket decides them)."""
    return placing_rows(Event.objects.get(pk=event_id))


def event_export(*, event_id: int, kind: str, user: AnyUser) -> Sequence[dict[str, object]]:
    """Flat rows (one dict per line) of players, pairings, results or standings (for the
    event's organisers)."""
    require_event_organiser(user=user, event_id=event_id)
    producers = {
        "players": _players,
        "pairings": _pairings,
        "results": _results,
        "standings": _standings,
        "placings": _placings,
    }
    return producers[kind](event_id)
