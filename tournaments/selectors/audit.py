"""The event's audit log as its organisers and head judges read it: newest first, with the
person's name and the action in plain words."""

from __future__ import annotations

from dataclasses import dataclass

from django.contrib.auth.models import User
from django.core.paginator import Page, Paginator
from django.db.models import Q, QuerySet
from django.utils.translation import gettext

from core.errors import InvalidInputError, PermissionDeniedError
from core.models import AuditEntry, Profile
from tournaments.display.audit_labels import KINDS_BY_KEY, action_label
from tournaments.models import Event, EventRole
from tournaments.permissions import HEAD_JUDGE, ORGANISER, AnyUser, event_roles_of

AUDIT_PAGE_SIZE = 50


@dataclass(frozen=True)
class AuditRow:
    """One entry as a person reads it."""

    created_at: object
    who: str
    label: str
    reason: str
    details: str = ""


def can_read_event_audit(*, user: AnyUser, event_id: int) -> bool:
    """Organisers and head judges read the event's audit log (one query; none when logged
    out)."""
    return bool(event_roles_of(user=user, event_id=event_id) & {ORGANISER, HEAD_JUDGE})


def require_event_audit_reader(*, user: AnyUser, event: Event) -> None:
    """Organisers and head judges read the event's audit log."""
    if not can_read_event_audit(user=user, event_id=event.pk):
        raise PermissionDeniedError(
            gettext("the audit log is for the event's organisers and head judges"),
            field="event",
        )


def person_name(user: User | None) -> str:
    """A person's name as staff read it: their profile's display name, else their full name,
    else their username; nobody (a command or a task) is the system."""
    if user is None:
        return gettext("The system")
    try:
        display_name = user.profile.display_name
    except Profile.DoesNotExist:
        display_name = ""
    return display_name or user.get_full_name() or user.get_username()


def entry_details(data: object) -> str:
    """What an entry's data adds that a person can read (never an id): the table, the staff
    role, the status before and after."""
    if not isinstance(data, dict):
        return ""
    parts: list[str] = []
    table = data.get("table")
    if isinstance(table, int):
        parts.append(gettext("Table %(table)s") % {"table": table})
    role = data.get("role")
    if isinstance(role, str) and role in EventRole.Role.values:
        parts.append(str(EventRole.Role(role).label))
    before, after = data.get("from"), data.get("to")
    if isinstance(before, str) and isinstance(after, str):
        statuses = dict(Event.Status.choices)
        if before in statuses and after in statuses:
            parts.append(f"{statuses[before]} → {statuses[after]}")
    return " · ".join(parts)


def _entries(event: Event, kind: str, *, with_system: bool) -> QuerySet[AuditEntry]:
    entries = AuditEntry.objects.filter(event_id=event.pk).select_related("actor__profile")
    if not with_system:  # the messages a task or command sent drown the people's actions
        entries = entries.filter(actor__isnull=False)
    if kind:
        chosen = KINDS_BY_KEY.get(kind)
        if chosen is None:
            raise InvalidInputError(gettext("unknown kind of action"), field="kind")
        match = Q()
        for prefix in chosen.prefixes:
            match |= Q(action__startswith=prefix)
        entries = entries.filter(match)
    return entries.order_by("-created_at", "-pk")


def event_audit_page(
    *,
    event: Event,
    user: AnyUser,
    kind: str = "",
    page: int | str | None = 1,
    with_system: bool = False,
) -> tuple[Page[AuditEntry], list[AuditRow]]:
    """One page of the event's audit log, newest first, of one kind of action (``kind``: a key
    of ``tournaments.display.audit_labels.KINDS``; empty: all): three queries (the reader's
    roles, the count, the page with each person). People's actions only, unless
    ``with_system`` adds what the system did on its own (messages sent, timed jobs)."""
    require_event_audit_reader(user=user, event=event)
    paginator = Paginator(_entries(event, kind, with_system=with_system), AUDIT_PAGE_SIZE)
    entries = paginator.get_page(page)
    rows = [
        AuditRow(
            created_at=entry.created_at,
            who=person_name(entry.actor),
            label=action_label(entry.action),
            reason=entry.reason,
            details=entry_details(entry.data),
        )
        for entry in entries.object_list
    ]
    return entries, rows
