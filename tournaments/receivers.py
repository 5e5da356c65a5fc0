"""What tournaments does when the card side announces a change (``cardpool.signals``).

A saved ban or limited list re-checks the submitted lists of every event of that format that
is not over and whose date falls on or after the list's first day (the list in force on the
event's date may have changed). Loaded (and so connected) by ``TournamentsConfig.ready``.
"""

from __future__ import annotations

import datetime as dt

from django.contrib.auth.models import User

from cardpool.signals import ban_list_saved
from tournaments.models import DecklistVersion, Event
from tournaments.services.decklists import decklist_recheck_start

OVER = (Event.Status.FINISHED, Event.Status.CANCELLED)


def affected_event_ids(*, format_id: int, effective_from: dt.date) -> list[int]:
    """Events of the format, not over, on or after the date, with a submitted list."""
    with_lists = DecklistVersion.objects.values("decklist__registration__event_id")
    return list(
        Event.objects.filter(format_id=format_id, date__gte=effective_from, pk__in=with_lists)
        .exclude(status__in=OVER)
        .order_by("date", "pk")
        .values_list("pk", flat=True)
    )


def recheck_after_ban_list(
    sender: object,
    *,
    format_id: int,
    effective_from: dt.date,
    by: User | None = None,
    **kwargs: object,
) -> None:
    for event_id in affected_event_ids(format_id=format_id, effective_from=effective_from):
        decklist_recheck_start(event_id=event_id, requested_by=by)


ban_list_saved.connect(recheck_after_ban_list, dispatch_uid="tournaments.recheck_ban_list")
