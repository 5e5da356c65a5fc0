"""Registrations: an event's players (staff and public views), one registration of the event, the
person's own."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.db.models import QuerySet
from django.http import Http404
from django.utils.translation import gettext as _

from core.errors import InvalidInputError, NotFoundError
from tournaments.models import (
    Event,
    Registration,
)
from tournaments.permissions import (
    AnyUser,
    require_event_staff,
)


def registrations_of_event(event_id: int) -> QuerySet[Registration]:
    return (
        Registration.objects.filter(event_id=event_id)
        .select_related("user")
        .order_by("display_name", "id")
    )


def event_registrations(*, event_id: int, user: AnyUser) -> QuerySet[Registration]:
    """Every registration with the player's account, e-mail and player id (for the event's
    judges and organisers)."""
    require_event_staff(user=user, event_id=event_id)
    return registrations_of_event(event_id)


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


def registration_id_in_event(*, event: Event, registration_id: int) -> int:
    """The id of a registration of this event; another event's is a 400 naming the field."""
    if not Registration.objects.filter(pk=registration_id, event=event).exists():
        raise InvalidInputError(
            _("that player is not registered for this event"), field="registration"
        )
    return registration_id


def registration_of_user(*, event_id: int, user: User) -> Registration:
    """The person's own registration for the event; 404 when they have none."""
    registration = Registration.objects.filter(event_id=event_id, user=user).first()
    if registration is None:
        raise Http404("not registered")
    return registration
