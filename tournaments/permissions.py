"""Who may do what on which event. Views and API endpoints ask here, never decide themselves.

Staff roles are per event: the organiser of event X has no rights on event Y. Every
logged-in person can be a player. Organisers can do everything judges can.
"""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from rest_framework.permissions import BasePermission
from rest_framework.request import Request

from core.errors import NotFoundError, PermissionDeniedError
from tournaments.models import Event, EventRole

ORGANISER = EventRole.Role.ORGANISER
JUDGE = EventRole.Role.JUDGE
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
