"""Who may do what on which event. Views and API endpoints ask here, never decide themselves.

Staff roles are per event: the organiser of event X has no rights on event Y. Every
logged-in person can be a player. Organisers can do everything judges can.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from rest_framework.permissions import BasePermission
from rest_framework.request import Request

from core.access import Access, Subject
from core.errors import NotFoundError, PermissionDeniedError
from tournaments.models import Event, EventRole, Match, Registration

ORGANISER = EventRole.Role.ORGANISER
HEAD_JUDGE = EventRole.Role.HEAD_JUDGE
JUDGE = EventRole.Role.JUDGE
SCOREKEEPER = EventRole.Role.SCOREKEEPER
StaffRole = EventRole.Role

AnyUser = AbstractBaseUser | AnonymousUser


def event_roles_of(*, user: AnyUser, event_id: int) -> frozenset[str]:
    """The staff roles ``user`` holds on the event (empty for anonymous people and players)."""
    if not user.is_authenticated:
        return frozenset()
    return frozenset(
        EventRole.objects.filter(event_id=event_id, user_id=user.pk).values_list("role", flat=True)
    )


def is_event_organiser(*, user: AnyUser, event_id: int) -> bool:
    return ORGANISER in event_roles_of(user=user, event_id=event_id)


def is_event_staff(*, user: AnyUser, event_id: int) -> bool:
    """Organiser or judge of this event."""
    return bool(event_roles_of(user=user, event_id=event_id) & {ORGANISER, JUDGE})


def require_event_staff(*, user: AnyUser, event_id: int) -> None:
    """For selectors of staff data: PermissionDeniedError unless ``user`` judges or organises."""
    if not is_event_staff(user=user, event_id=event_id):
        raise PermissionDeniedError("this is for the event's judges and organisers", field="event")


def require_event_organiser(*, user: AnyUser, event_id: int) -> None:
    """For selectors of organisers' data: PermissionDeniedError unless ``user`` organises."""
    if not is_event_organiser(user=user, event_id=event_id):
        raise PermissionDeniedError("this is for the event's organisers", field="event")


def event_get_for_role(*, user: AnyUser, event_id: int, roles: frozenset[str]) -> Event:
    """The event, if ``user`` holds one of ``roles`` on it.

    Raises NotFoundError when the event does not exist, PermissionDeniedError otherwise.
    """
    event = Event.objects.filter(pk=event_id).first()
    if event is None:
        raise NotFoundError(f"event {event_id} does not exist", field="event")
    if not event_roles_of(user=user, event_id=event_id) & roles:
        raise PermissionDeniedError(
            f"you need to be {' or '.join(sorted(roles))} of this event", field="event"
        )
    return event


def event_get_for_organiser(*, user: AnyUser, event_id: int) -> Event:
    return event_get_for_role(user=user, event_id=event_id, roles=frozenset({ORGANISER}))


def event_get_for_staff(*, user: AnyUser, event_id: int) -> Event:
    return event_get_for_role(user=user, event_id=event_id, roles=frozenset({ORGANISER, JUDGE}))


# --- what the routes' arguments name (``core.access``), registered in ``access.py`` ---------


def event_levels_held(user: AnyUser, event_id: int) -> frozenset[Access]:
    """The event levels ``user`` holds: player (any registration), judge, head judge (a judge
    who decides appeals), scorekeeper, organiser (who can do all that the others can)."""
    if not user.is_authenticated:
        return frozenset()
    roles = event_roles_of(user=user, event_id=event_id)
    held = set()
    if ORGANISER in roles:
        held |= {
            Access.EVENT_ORGANISER,
            Access.EVENT_HEAD_JUDGE,
            Access.EVENT_JUDGE,
            Access.EVENT_SCOREKEEPER,
        }
    if HEAD_JUDGE in roles:
        held |= {Access.EVENT_HEAD_JUDGE, Access.EVENT_JUDGE}
    if JUDGE in roles:
        held.add(Access.EVENT_JUDGE)
    if SCOREKEEPER in roles:
        held.add(Access.EVENT_SCOREKEEPER)
    if Registration.objects.filter(event_id=event_id, user_id=user.pk).exists():
        held.add(Access.EVENT_PLAYER)
    return frozenset(held)


def event_subject(event_id: int) -> Subject | None:
    return Subject(event_id=event_id) if Event.objects.filter(pk=event_id).exists() else None


def match_subject(match_id: int) -> Subject | None:
    """A match: its event, and its players' accounts."""
    row = (
        Match.objects.filter(pk=match_id)
        .values_list("round__event_id", "player_a__user_id", "player_b__user_id")
        .first()
    )
    if row is None:
        return None
    event_id, *users = row
    return Subject(
        event_id=event_id,
        owner_level=Access.MATCH_PLAYER,
        owners=frozenset(users) - {None},
    )


def registration_subject(registration_id: int) -> Subject | None:
    """A registration: its event, and the player's account (none for a player without one)."""
    row = Registration.objects.filter(pk=registration_id).values_list("event_id", "user_id").first()
    if row is None:
        return None
    event_id, user_id = row
    return Subject(
        event_id=event_id,
        owner_level=Access.REGISTRATION_OWNER,
        owners=frozenset({user_id}) - {None},
    )


class _EventRolePermission(BasePermission):
    """DRF permission: the view's ``event_id`` URL argument names the event."""

    roles: frozenset[str] = frozenset()

    def has_permission(self, request: Request, view: Any) -> bool:
        event_id = view.kwargs.get("event_id")
        if event_id is None:
            return False
        roles = event_roles_of(user=request.user, event_id=int(event_id))
        return bool(roles & self.roles)


class IsEventOrganiser(_EventRolePermission):
    roles = frozenset({ORGANISER})


class IsEventStaff(_EventRolePermission):
    roles = frozenset({ORGANISER, JUDGE})
