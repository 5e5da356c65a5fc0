"""Reads for events and registrations."""

from __future__ import annotations

from django.db.models import Count, Q, QuerySet

from tournaments.models import Event, Registration


def event_list_upcoming() -> QuerySet[Event]:
    """Events for the home page, with their game and player count, in one query."""
    return (
        Event.objects.exclude(status=Event.Status.DRAFT)
        .select_related("game")
        .annotate(
            player_count=Count(
                "registrations",
                filter=~Q(
                    registrations__status__in=[
                        Registration.Status.WAITLISTED,
                        Registration.Status.DISQUALIFIED,
                    ]
                ),
            )
        )
        .order_by("-date", "name")[:50]
    )
