"""An event's announcements, newest first."""

from __future__ import annotations

from django.db.models import QuerySet

from tournaments.models import Announcement

#: How many the event page shows.
SHOWN_ON_EVENT_PAGE = 5


def announcement_list(*, event_id: int, limit: int | None = None) -> QuerySet[Announcement]:
    """The event's announcements, newest first (one query when read)."""
    rows = Announcement.objects.filter(event_id=event_id).order_by("-created_at", "-id")
    return rows[:limit] if limit is not None else rows
