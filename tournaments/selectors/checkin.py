"""Reads for the check-in desk, the players' receipts and the judge calls."""

from __future__ import annotations

import datetime as dt
from typing import TypedDict

from django.db.models import Exists, OuterRef, Q, QuerySet
from django.utils import timezone

from core.errors import PermissionDeniedError
from tournaments.forms.checkin import JudgeCallForm
from tournaments.models import Decklist, Event, JudgeCall, Registration
from tournaments.permissions import (
    HEAD_JUDGE,
    JUDGE,
    ORGANISER,
    SCOREKEEPER,
    AnyUser,
    event_roles_of,
)
from tournaments.selectors.decklists import DecklistState, decklist_states

CLOSED_EVENT = (Event.Status.FINISHED, Event.Status.CANCELLED)


def check_in_is_open(event: Event, now: dt.datetime | None = None) -> bool:
    """Whether players may check themselves in at ``now``: the window is opened and not closed."""
    moment = now or timezone.now()
    if event.status in CLOSED_EVENT or event.check_in_opens_at is None:
        return False
    if moment < event.check_in_opens_at:
        return False
    return event.check_in_closes_at is None or moment < event.check_in_closes_at


#: The ways the bulk check-in form can pre-select players: name -> which registered players.
BULK_FILTERS: dict[str, Q] = {
    "registered": Q(),
    "decklist": Q(has_decklist=True),
    "account": Q(user__isnull=False),
    "none": Q(pk__in=[]),
}


def _require(user: AnyUser, event_id: int, roles: frozenset[str], what: str) -> None:
    if not event_roles_of(user=user, event_id=event_id) & roles:
        raise PermissionDeniedError(what, field="event")


def require_check_in_staff(*, user: AnyUser, event_id: int) -> None:
    _require(
        user,
        event_id,
        frozenset({ORGANISER, SCOREKEEPER}),
        "this is for the event's organisers and scorekeepers",
    )


def registrations_with_decklist(event: Event) -> QuerySet[Registration]:
    submitted = Decklist.objects.filter(registration=OuterRef("pk"), current_version__gt=0)
    return (
        Registration.objects.filter(event=event)
        .annotate(has_decklist=Exists(submitted))
        .select_related("user")
        .order_by("display_name", "pk")
    )


class CheckInBoard(TypedDict):
    """The check-in desk's part of its page's context."""

    check_in_open: bool
    not_checked_in: list[Registration]
    checked_in: list[Registration]
    selected_ids: set[int]
    select: str
    decklist_states: dict[int, DecklistState]


def check_in_board(*, event: Event, user: AnyUser, select: str = "") -> CheckInBoard:
    """The check-in desk: the window's state, counts, and the registered players (not yet
    checked in) with which of them the chosen filter pre-selects, and each player's decklist
    state (three queries)."""
    require_check_in_staff(user=user, event_id=event.pk)
    rows = list(registrations_with_decklist(event))
    waiting = [r for r in rows if r.status == Registration.Status.REGISTERED]
    chosen = BULK_FILTERS.get(select, BULK_FILTERS["none"])
    selected_ids = set(
        registrations_with_decklist(event)
        .filter(status=Registration.Status.REGISTERED)
        .filter(chosen)
        .values_list("pk", flat=True)
    )
    return {
        "check_in_open": check_in_is_open(event),
        "not_checked_in": waiting,
        "checked_in": [r for r in rows if r.status == Registration.Status.CHECKED_IN],
        "selected_ids": selected_ids,
        "select": select if select in BULK_FILTERS else "",
        "decklist_states": decklist_states(event_id=event.pk),
    }


def bulk_filter_ids(*, event: Event, user: AnyUser, select: str) -> list[int]:
    """The registered players a filter names (for the API's bulk check-in)."""
    require_check_in_staff(user=user, event_id=event.pk)
    return list(
        registrations_with_decklist(event)
        .filter(status=Registration.Status.REGISTERED)
        .filter(BULK_FILTERS[select])
        .values_list("pk", flat=True)
    )


def registration_receipts(
    *, event: Event, user: AnyUser, registration_id: int | None = None
) -> list[Registration]:
    """The players' registration receipts (with claim codes), for the organisers and
    scorekeepers who hand them out: every player, or one."""
    require_check_in_staff(user=user, event_id=event.pk)
    rows = Registration.objects.filter(event=event).select_related("user")
    if registration_id is not None:
        rows = rows.filter(pk=registration_id)
    else:
        rows = rows.exclude(
            status__in=[Registration.Status.DROPPED, Registration.Status.DISQUALIFIED]
        )
    return list(rows.order_by("display_name", "pk"))


def judge_calls_open(*, event: Event, user: AnyUser) -> list[JudgeCall]:
    """The event's calls not yet done, oldest first, with the player and the judge who took
    each (one query), for the judge desk."""
    _require(
        user,
        event.pk,
        frozenset({ORGANISER, HEAD_JUDGE, JUDGE}),
        "this is for the event's judges and organisers",
    )
    calls = list(
        JudgeCall.objects.filter(event=event, resolved_at__isnull=True)
        .select_related("registration", "taken_by")
        .order_by("created_at", "pk")
    )
    now = timezone.now()
    for call in calls:
        call.waiting_minutes = int((now - call.created_at).total_seconds() // 60)  # type: ignore[attr-defined]
    return calls


def my_judge_call(*, registration: Registration | None) -> JudgeCall | None:
    """The player's open call, if any."""
    if registration is None:
        return None
    return (
        JudgeCall.objects.filter(registration=registration, resolved_at__isnull=True)
        .select_related("taken_by")
        .first()
    )


class PlayerDesk(TypedDict):
    """The check-in and judge-call part of the player's own page."""

    check_in_open: bool
    my_call: JudgeCall | None
    judge_call_form: JudgeCallForm


def player_desk(*, event: Event, registration: Registration | None) -> PlayerDesk:
    """What the player's own page shows of check-in and judge calls."""
    return {
        "check_in_open": check_in_is_open(event),
        "my_call": my_judge_call(registration=registration),
        "judge_call_form": JudgeCallForm(),
    }


def judge_calls_signature(calls: list[JudgeCall]) -> str:
    """What the calls list shows, as text for its ETag (the list's HTML holds CSRF tokens,
    which differ on every render, so the tag names the calls, not the HTML)."""
    return ";".join(
        f"{c.pk}:{c.taken_by_id or ''}:{getattr(c, 'waiting_minutes', '')}:{c.table}:{c.note}"
        for c in calls
    )
