"""Writes for events, staff roles and registrations. Views, APIs and commands call these."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.contrib.auth.models import User
from django.db import transaction

from cardpool.models import Format
from cardpool.services import game_ensure
from core.audit import audit_log
from core.errors import ConflictError, InvalidInputError
from tournaments.models import Event, EventRole, Registration


@transaction.atomic
def event_create(
    *,
    name: str,
    game_slug: str,
    date: dt.date,
    created_by: User | None,
    venue: str = "",
    capacity: int | None = None,
    format_slug: str | None = None,
    **structure: Any,
) -> Event:
    """Create an event; its creator becomes its organiser."""
    name = name.strip()
    if not name:
        raise InvalidInputError("an event needs a name", field="name")
    if capacity is not None and capacity < 2:
        raise InvalidInputError("capacity must be at least 2 players", field="capacity")
    game = game_ensure(slug=game_slug)
    event_format = None
    if format_slug:
        event_format = Format.objects.filter(game=game, slug=format_slug).first()
        if event_format is None:
            raise InvalidInputError(f"unknown format {format_slug!r}", field="format")
    event = Event(
        name=name,
        game=game,
        format=event_format,
        date=date,
        venue=venue,
        capacity=capacity,
        created_by=created_by,
        **structure,
    )
    event.full_clean()
    event.save()
    if created_by is not None:
        EventRole.objects.create(event=event, user=created_by, role=EventRole.Role.ORGANISER)
    audit_log(action="tournaments.event.created", actor=created_by, obj=event, event_id=event.pk)
    return event


@transaction.atomic
def event_role_grant(
    *, event: Event, user: User, role: str, granted_by: User | None
) -> EventRole:
    if role not in EventRole.Role.values:
        raise InvalidInputError(f"unknown role {role!r}", field="role")
    granted, _ = EventRole.objects.get_or_create(event=event, user=user, role=role)
    audit_log(
        action="tournaments.event_role.granted",
        actor=granted_by,
        obj=granted,
        event_id=event.pk,
        data={"user": user.pk, "role": role},
    )
    return granted


@transaction.atomic
def registration_create(
    *,
    event: Event,
    user: User | None,
    display_name: str,
    player_id: str = "",
    email: str = "",
    by: User | None = None,
) -> Registration:
    display_name = display_name.strip()
    if not display_name:
        raise InvalidInputError("a player needs a name", field="display_name")
    if user is not None and Registration.objects.filter(event=event, user_id=user.pk).exists():
        raise ConflictError("you are already registered for this event", field="event")
    registration = Registration(
        event=event, user=user, display_name=display_name, player_id=player_id, email=email
    )
    registration.full_clean()
    registration.save()
    audit_log(
        action="tournaments.registration.created",
        actor=by or user,
        obj=registration,
        event_id=event.pk,
    )
    return registration
