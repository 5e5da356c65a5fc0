"""Reads of an event's staff and appeals: who holds which role, the pending invitations, the
appeals waiting for the head judge."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.contrib.auth.base_user import AbstractBaseUser
from django.db.models import QuerySet

from tournaments.models import EventRole, Match, ResultAppeal, ResultReport, StaffInvitation
from tournaments.permissions import (
    AnyUser,
    is_event_head_judge,
    require_event_organiser,
)

#: The order roles are listed in.
ROLE_ORDER = list(EventRole.Role.values)


def event_staff(*, event_id: int, user: AnyUser) -> list[EventRole]:
    """Every role of the event with its account, by role then username (for its organisers).
    One query after the permission check."""
    require_event_organiser(user=user, event_id=event_id)
    roles = EventRole.objects.filter(event_id=event_id).select_related("user")
    return sorted(roles, key=lambda r: (ROLE_ORDER.index(r.role), r.user.get_username().lower()))


def event_invitations_pending(*, event_id: int, user: AnyUser) -> QuerySet[StaffInvitation]:
    """Invitations nobody has accepted and the organisers have not withdrawn."""
    require_event_organiser(user=user, event_id=event_id)
    return StaffInvitation.objects.filter(
        event_id=event_id, accepted_at=None, revoked_at=None
    ).order_by("-created_at")


def appeals_open(*, event_id: int, user: AnyUser) -> list[ResultAppeal]:
    """The appeals waiting for a decision, oldest first: for the head judge and organisers;
    an empty list for anyone else (a judge's desk shows none)."""
    if not is_event_head_judge(user=user, event_id=event_id):
        return []
    return list(
        ResultAppeal.objects.filter(
            decision__match__round__event_id=event_id, status=ResultAppeal.Status.OPEN
        )
        .select_related(
            "decision", "decision__match", "decision__match__round", "decision__match__player_a",
            "decision__match__player_b", "appellant",
        )
        .order_by("created_at")
    )  # fmt: skip


def match_appeal_state(*, match: Match) -> dict[str, object]:
    """For a match's page: the judge's decision a player may appeal (None when there is none),
    and the appeals of the match so far."""
    decision = (
        ResultReport.objects.filter(
            match=match, status=ResultReport.Status.CONFIRMED, source=ResultReport.Source.JUDGE
        )
        .select_related("appeal")
        .first()
    )
    appeals = list(
        ResultAppeal.objects.filter(decision__match=match).select_related("decision", "result")
    )
    appealable = decision if decision is not None and not hasattr(decision, "appeal") else None
    return {"appealable_decision": appealable, "appeals": appeals}


def person_get(*, user_id: int) -> AbstractBaseUser | None:
    """The account ``user_id``, or None (a staff page checks its role on the event itself)."""
    return get_user_model().objects.filter(pk=user_id).first()
