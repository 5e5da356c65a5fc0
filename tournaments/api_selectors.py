"""Reads the REST API needs beyond ``tournaments.selectors``: objects scoped to one event,
the judges' queue, the reported counter, the public snapshot reads and the exports.

Every ``*_get`` here raises ``NotFoundError`` (404) rather than returning another event's
object: a match, round or registration is only ever found through its own event.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db.models import Q, QuerySet

from core.errors import InvalidInputError, NotFoundError
from tournaments.models import (
    Event,
    Match,
    Penalty,
    Registration,
    ResultReport,
    Round,
    RoundSnapshot,
)
from tournaments.permissions import is_event_staff, require_event_organiser, require_event_staff
from tournaments.selectors import match_state, round_matches

AnyUser = AbstractBaseUser | AnonymousUser
EXPORT_KINDS = ("players", "pairings", "results", "standings")


def event_get_visible(*, event_id: int, user: AnyUser) -> Event:
    """An event as the public sees it: drafts only for its staff."""
    event = Event.objects.select_related("game", "format").filter(pk=event_id).first()
    if event is None or (
        event.status == Event.Status.DRAFT and not is_event_staff(user=user, event_id=event_id)
    ):
        raise NotFoundError(f"event {event_id} does not exist", field="event")
    return event


def _registrations(event_id: int) -> QuerySet[Registration]:
    return (
        Registration.objects.filter(event_id=event_id)
        .select_related("user")
        .order_by("display_name", "id")
    )


def event_registrations(*, event_id: int, user: AnyUser) -> QuerySet[Registration]:
    """Every registration with the player's account, e-mail and player id (for the event's
    judges and organisers)."""
    require_event_staff(user=user, event_id=event_id)
    return _registrations(event_id)


def event_registrations_public(*, event_id: int) -> QuerySet[Registration]:
    """The registrations as the public sees them: names and status."""
    return (
        Registration.objects.filter(event_id=event_id)
        .only("id", "display_name", "status")
        .order_by("display_name", "id")
    )


def registration_get(*, event_id: int, registration_id: int) -> Registration:
    registration = Registration.objects.filter(pk=registration_id, event_id=event_id).first()
    if registration is None:
        raise NotFoundError(
            f"registration {registration_id} is not part of this event", field="registration"
        )
    return registration


def event_rounds(*, event_id: int) -> QuerySet[Round]:
    return Round.objects.filter(event_id=event_id).order_by("number")


def round_get(*, event_id: int, number: int) -> Round:
    round_obj = (
        Round.objects.select_related("event").filter(event_id=event_id, number=number).first()
    )
    if round_obj is None:
        raise NotFoundError(f"round {number} of this event does not exist", field="round")
    return round_obj


def round_id_for_number(*, event_id: int, number: int | None) -> int | None:
    """The id of round ``number`` of the event, for input that names a round (400 if absent)."""
    if number is None:
        return None
    round_id = Round.objects.filter(event_id=event_id, number=number).values_list("pk", flat=True)
    found = round_id.first()
    if found is None:
        raise InvalidInputError(f"this event has no round {number}", field="round")
    return found


def round_snapshot_get(*, event_id: int, number: int, user: AnyUser) -> tuple[Round, RoundSnapshot]:
    """A round and its public snapshot (one query after the visibility check)."""
    event_get_visible(event_id=event_id, user=user)
    round_obj = round_get(event_id=event_id, number=number)
    snapshot = RoundSnapshot.objects.filter(round=round_obj).first()
    if snapshot is None:
        raise NotFoundError(f"round {number} has no published pairings yet", field="round")
    return round_obj, snapshot


def latest_snapshot(*, event_id: int) -> tuple[Round, RoundSnapshot] | None:
    """The newest round that has a snapshot, with it; None before round 1."""
    snapshot = (
        RoundSnapshot.objects.select_related("round")
        .filter(round__event_id=event_id)
        .order_by("-round__number")
        .first()
    )
    return None if snapshot is None else (snapshot.round, snapshot)


def match_get(*, event_id: int, match_id: int) -> Match:
    match = Match.objects.filter(pk=match_id, round__event_id=event_id).first()
    if match is None:
        raise NotFoundError(f"match {match_id} is not part of this event", field="match")
    return match


def match_for_player(*, round_obj: Round, user: AnyUser) -> Match:
    """The logged-in player's match in the round (with players and reports)."""
    match = (
        round_matches(round_obj=round_obj)
        .filter(Q(player_a__user_id=user.pk) | Q(player_b__user_id=user.pk))
        .first()
    )
    if match is None:
        raise NotFoundError(f"you have no match in round {round_obj.number}", field="round")
    return match


def live_reports(match: Match) -> list[ResultReport]:
    """The match's reports that still count (not superseded), oldest first."""
    return [r for r in match.reports.all() if r.status != ResultReport.Status.SUPERSEDED]


def round_queue(*, round_obj: Round, user: AnyUser) -> list[Match]:
    """Matches a judge must look at: disputed, waiting for the opponent, or not reported at all;
    sorted by table. Each carries ``state`` (see ``match_state``). For the event's staff."""
    require_event_staff(user=user, event_id=round_obj.event_id)
    queue = []
    for match in round_matches(round_obj=round_obj):
        state = match_state(match)
        if state in ("disputed", "pending", "missing"):
            match.state = state  # type: ignore[attr-defined]  # read by the output serializer
            queue.append(match)
    return queue


def round_progress(*, round_obj: Round, user: AnyUser) -> dict[str, Any]:
    """The reported counter: how many tables have a confirmed result (byes not counted). For
    the event's staff."""
    require_event_staff(user=user, event_id=round_obj.event_id)
    counts = {"confirmed": 0, "pending": 0, "disputed": 0, "missing": 0, "bye": 0}
    for match in round_matches(round_obj=round_obj):
        counts[match_state(match)] += 1
    total = counts["confirmed"] + counts["pending"] + counts["disputed"] + counts["missing"]
    return {
        "round": round_obj.number,
        "status": round_obj.status,
        "total": total,
        "reported": counts["confirmed"],
        "pending": counts["pending"],
        "disputed": counts["disputed"],
        "missing": counts["missing"],
        "byes": counts["bye"],
        "text": f"reported {counts['confirmed']} / {total}",
    }


def event_penalties(*, event_id: int, user: AnyUser) -> QuerySet[Penalty]:
    """The event's penalties, newest first (for its judges and organisers)."""
    require_event_staff(user=user, event_id=event_id)
    return (
        Penalty.objects.filter(event_id=event_id)
        .select_related("registration", "round", "judge")
        .order_by("-created_at", "-id")
    )


# --- exports -----------------------------------------------------------------------------------


def _name(registration: Registration | None) -> str:
    return "" if registration is None else registration.display_name


def _players(event_id: int) -> list[dict[str, Any]]:
    return [
        {
            "registration": reg.pk,
            "name": reg.display_name,
            "player_id": reg.player_id,
            "email": reg.email,
            "status": reg.status,
            "late_rounds_missed": reg.late_rounds_missed,
            "dropped_after_round": reg.dropped_after_round,
        }
        for reg in _registrations(event_id)
    ]


def _matches(event_id: int) -> list[tuple[Round, Match]]:
    rows: list[tuple[Round, Match]] = []
    for round_obj in event_rounds(event_id=event_id):
        rows.extend((round_obj, match) for match in round_matches(round_obj=round_obj))
    return rows


def _pairings(event_id: int) -> list[dict[str, Any]]:
    return [
        {
            "round": round_obj.number,
            "stage": round_obj.stage,
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


def _results(event_id: int) -> list[dict[str, Any]]:
    rows: list[dict[str, Any]] = []
    for round_obj, match in _matches(event_id):
        report = next(
            (r for r in match.reports.all() if r.status == ResultReport.Status.CONFIRMED), None
        )
        rows.append(
            {
                "round": round_obj.number,
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
            }
        )
    return rows


def _standings(event_id: int) -> list[dict[str, Any]]:
    latest = latest_snapshot(event_id=event_id)
    if latest is None:
        return []
    rows: list[dict[str, Any]] = []
    for row in latest[1].standings:
        flat = {
            key: row.get(key)
            for key in ("rank", "registration", "name", "points", "record", "games", "dropped")
        }
        for tiebreak in row.get("tiebreaks", []):
            flat[f"tiebreak_{tiebreak['key']}"] = tiebreak["value"]
        rows.append(flat)
    return rows


def event_export(*, event_id: int, kind: str, user: AnyUser) -> Sequence[dict[str, Any]]:
    """Flat rows (one dict per line) of players, pairings, results or standings (for the
    event's organisers)."""
    require_event_organiser(user=user, event_id=event_id)
    producers = {
        "players": _players,
        "pairings": _pairings,
        "results": _results,
        "standings": _standings,
    }
    return producers[kind](event_id)
