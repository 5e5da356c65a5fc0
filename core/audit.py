"""Writing audit entries. Called by services, inside their transaction."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db import models

from core.models import AuditEntry


def audit_log(
    *,
    action: str,
    actor: AbstractBaseUser | AnonymousUser | None,
    obj: models.Model | None = None,
    event_id: int | None = None,
    reason: str = "",
    data: Mapping[str, Any] | None = None,
) -> AuditEntry:
    """Record one write. ``actor`` None means the system (a command or a task)."""
    entry = _entry(action, actor, obj, event_id, reason, data or {})
    entry.save(force_insert=True)
    return entry


def audit_log_many(
    *,
    action: str,
    actor: AbstractBaseUser | AnonymousUser | None,
    entries: Iterable[tuple[models.Model, int | None, Mapping[str, Any]]],
) -> list[AuditEntry]:
    """``audit_log`` for many objects of one action at once (one INSERT): each entry is the
    object, its event's id and the entry's data."""
    return AuditEntry.objects.bulk_create(
        [_entry(action, actor, obj, event_id, "", data) for obj, event_id, data in entries]
    )


def _entry(
    action: str,
    actor: AbstractBaseUser | AnonymousUser | None,
    obj: models.Model | None,
    event_id: int | None,
    reason: str,
    data: Mapping[str, Any],
) -> AuditEntry:
    """One audit row, not stored yet (an anonymous actor is the system)."""
    user = actor if isinstance(actor, AbstractBaseUser) and actor.pk is not None else None
    return AuditEntry(
        action=action,
        actor=user,  # type: ignore[misc]  # AUTH_USER_MODEL is the default User
        object_type=obj._meta.label_lower if obj is not None else "",
        object_id=str(obj.pk) if obj is not None and obj.pk is not None else "",
        event_id=event_id,
        reason=reason,
        data=dict(data),
    )
