"""Reads behind the event pages (each a fixed, small number of queries)."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser, User
from django.db.models import Q
from django.http import Http404

from core.errors import NotFoundError, PermissionDeniedError
from tournaments.models import Event, Match, Registration, Round, RoundSnapshot
from tournaments.permissions import is_event_staff
from tournaments.selectors import match_state, round_matches

AnyUser = AbstractBaseUser | AnonymousUser


def event_public_get(*, event_id: int, user: AnyUser) -> Event:
    """An event anyone may see; a draft only its staff. Raises Http404 otherwise."""
    event = Event.objects.select_related("game", "format").filter(pk=event_id).first()
    if event is None:
        raise Http404("no such event")
    if event.status == Event.Status.DRAFT and not is_event_staff(user=user, event_id=event.pk):
        raise Http404("no such event")
    return event


def latest_round(*, event: Event) -> Round | None:
    return Round.objects.filter(event=event).order_by("-number").first()


def round_snapshot(
    *, event: Event, number: int | None, swiss_only: bool = False
) -> tuple[Round | None, RoundSnapshot | None]:
    rounds = Round.objects.filter(event=event)
    if swiss_only:
        rounds = rounds.filter(stage=Round.Stage.SWISS)
    round_obj = (
        rounds.filter(number=number).first()
        if number is not None
        else rounds.order_by("-number").first()
    )
    if round_obj is None:
        return None, None
    return round_obj, RoundSnapshot.objects.filter(round=round_obj).first()


def my_current_match(*, event: Event, user: User) -> dict[str, object]:
    """The player's registration, current round and match (with opponent), if any."""
    registration = Registration.objects.filter(event=event, user=user).first()
    round_obj = latest_round(event=event)
    match = None
    if registration is not None and round_obj is not None:
        match = (
            Match.objects.filter(round=round_obj)
            .filter(Q(player_a=registration) | Q(player_b=registration))
            .select_related("player_a", "player_b")
            .first()
        )
    opponent = None
    if match is not None and registration is not None:
        opponent = match.player_b if match.player_a_id == registration.pk else match.player_a
    return {"registration": registration, "round": round_obj, "match": match, "opponent": opponent}


def match_for_viewer(*, match_id: int, user: User) -> dict[str, Any]:
    """A match as its players and the event's staff see it; anyone else is refused."""
    match = (
        Match.objects.select_related("round", "round__event", "player_a", "player_b")
        .prefetch_related("reports")
        .filter(pk=match_id)
        .first()
    )
    if match is None:
        raise NotFoundError(f"match {match_id} does not exist", field="match")
    side = (
        "a" if match.player_a.user_id == user.pk
        else "b" if match.player_b is not None and match.player_b.user_id == user.pk
        else ""
    )  # fmt: skip
    staff = is_event_staff(user=user, event_id=match.round.event_id)
    if not side and not staff:
        raise PermissionDeniedError("this is not your match")
    reports = sorted(match.reports.all(), key=lambda report: report.version)
    pending_from_opponent = next(
        (
            r
            for r in reversed(reports)
            if r.status == "pending" and r.source == "player" and r.reported_by_id != user.pk
        ),
        None,
    )
    return {
        "match": match,
        "event": match.round.event,
        "round": match.round,
        "side": side,
        "is_staff": staff,
        "state": match_state(match),
        "reports": reports,
        "pending_from_opponent": pending_from_opponent,
        "best_of": match.round.event.top_cut_best_of
        if match.round.stage == Round.Stage.TOP_CUT
        else match.round.event.best_of,
    }


def judge_queue(*, event: Event) -> dict[str, object]:
    """The current round's disputed and missing results, sorted by table, and the counter."""
    round_obj = latest_round(event=event)
    if round_obj is None:
        return {"round": None, "queue": [], "reported": 0, "total": 0}
    rows: list[dict[str, Any]] = []
    reported = total = 0
    for match in round_matches(round_obj=round_obj):
        state = match_state(match)
        if state == "bye":
            continue
        total += 1
        if state == "confirmed":
            reported += 1
            continue
        rows.append(
            {
                "match": match,
                "table": match.table,
                "state": state,
                "reports": list(match.reports.all()),
            }
        )
    rows.sort(key=lambda row: (row["state"] != "disputed", row["table"]))
    return {"round": round_obj, "queue": rows, "reported": reported, "total": total}
