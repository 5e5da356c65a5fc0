"""Events: the upcoming list, one event as a person may see it, its latest round, the event page and
the organiser's dashboard, the event's scoring."""

from __future__ import annotations

from typing import Any

from django.db.models import Count, Q, QuerySet

from core.errors import NotFoundError
from tournaments.models import (
    Event,
    Registration,
    Round,
)
from tournaments.pairing import (
    ScoringConfig,
)
from tournaments.permissions import (
    AnyUser,
    is_event_staff,
    require_event_scorekeeper,
)


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


def scoring_for(event: Event) -> ScoringConfig:
    points = {key: int(value) for key, value in (event.scoring or {}).items()}
    return ScoringConfig(
        win=points.get("win", 3),
        draw=points.get("draw", 1),
        loss=points.get("loss", 0),
        bye=points.get("bye", points.get("win", 3)),
        draws=event.draws_allowed,
        double_loss=True,  # a judge may give both players a loss (e.g. both late)
    )


def event_get_visible(*, event_id: int, user: AnyUser) -> Event:
    """An event as the public sees it: drafts only for its staff."""
    event = Event.objects.select_related("game", "format").filter(pk=event_id).first()
    if event is None or (
        event.status == Event.Status.DRAFT and not is_event_staff(user=user, event_id=event_id)
    ):
        raise NotFoundError(f"event {event_id} does not exist", field="event")
    return event


def latest_round(*, event: Event) -> Round | None:
    return Round.objects.filter(event=event).order_by("-number").first()


def event_page(*, event: Event, user: AnyUser) -> dict[str, Any]:
    """What the event page shows besides the event: the viewer's registration, the latest round
    and how many players are in (the waiting list not counted)."""
    registration = None
    if user.is_authenticated:
        registration = Registration.objects.filter(event=event, user_id=user.pk).first()
    return {
        "registration": registration,
        "round": latest_round(event=event),
        "player_count": event.registrations.exclude(status=Registration.Status.WAITLISTED).count(),
    }


def event_dashboard(*, event: Event, user: AnyUser) -> dict[str, Any]:
    """The organiser's dashboard: registrations (with e-mails) by status and name, rounds
    newest first (for the event's organisers and scorekeepers)."""
    require_event_scorekeeper(user=user, event_id=event.pk)
    rounds = list(event.rounds.order_by("-number"))
    return {
        "registrations": event.registrations.order_by("status", "display_name"),
        "rounds": rounds,
        "round": rounds[0] if rounds else None,
    }
