"""The row locks services take before they change an event or a registration.

Each is ``SELECT … FOR UPDATE`` of that row only (related rows are read, not locked), inside the
caller's transaction; a missing row is a NotFoundError naming it.
"""

from __future__ import annotations

from django.contrib.auth.models import User

from core.errors import NotFoundError, PermissionDeniedError
from tournaments.models import Event, Registration
from tournaments.permissions import is_event_organiser


def event_lock(
    event_id: int, by: User | None, *, refusal: str = "only the event's organisers can do this"
) -> Event:
    """The event row, locked; refused with ``refusal`` unless ``by`` organises it (None: the
    system itself)."""
    event = (
        Event.objects.select_for_update(of=("self",))
        .select_related("game")
        .filter(pk=event_id)
        .first()
    )
    if event is None:
        raise NotFoundError(f"event {event_id} does not exist", field="event")
    if by is not None and not is_event_organiser(user=by, event_id=event_id):
        raise PermissionDeniedError(refusal, field="event")
    return event


def registration_lock(registration_id: int) -> Registration:
    """The registration row (with its event), locked."""
    registration = (
        Registration.objects.select_for_update(of=("self",))
        .select_related("event")
        .filter(pk=registration_id)
        .first()
    )
    if registration is None:
        raise NotFoundError(f"registration {registration_id} does not exist", field="registration")
    return registration
