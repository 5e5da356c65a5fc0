"""Events: the upcoming list, the directory and the home page's lists, one event as a person may
see it, its latest round, the event page and the organiser's dashboard, the event's scoring."""

from __future__ import annotations

import datetime as dt
import enum
from dataclasses import dataclass
from typing import TypedDict

from django.core.paginator import Page, Paginator
from django.db.models import Case, Count, F, IntegerField, Q, QuerySet, Value, When
from django.utils import timezone
from django.utils.translation import gettext as _

from core.errors import NotFoundError
from tournaments.models import (
    Event,
    EventRole,
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
from tournaments.selectors.decklists import DecklistState, decklist_states

#: Registrations that take one of the capacity's places (as ``registration_create`` counts):
#: registered or checked in; the waiting list, the dropped and the disqualified hold none. Every
#: "players / capacity" the site shows (directory, event page, dashboard, API) counts these.
HOLDING_A_PLACE = (Registration.Status.REGISTERED, Registration.Status.CHECKED_IN)


def _with_player_count(events: QuerySet[Event]) -> QuerySet[Event]:
    """``player_count``: registrations that hold a place (``HOLDING_A_PLACE``)."""
    return events.annotate(
        player_count=Count("registrations", filter=Q(registrations__status__in=HOLDING_A_PLACE))
    )


def event_player_count(*, event: Event) -> int:
    """How many of the event's places are taken (``HOLDING_A_PLACE``): one query."""
    return event.registrations.filter(status__in=HOLDING_A_PLACE).count()


def event_list_upcoming() -> QuerySet[Event]:
    """Events open to the public (the API's list), with their game and player count, in one
    query."""
    return _with_player_count(
        Event.objects.exclude(status=Event.Status.DRAFT).select_related("game")
    ).order_by("-date", "name")[:50]


class DirectoryStatus(enum.StrEnum):
    """The directory's status filter. Upcoming: not started yet (registration open or closed);
    registration open; running; finished; cancelled. Drafts are never listed."""

    UPCOMING = "upcoming"
    REGISTRATION_OPEN = "registration_open"
    RUNNING = "running"
    FINISHED = "finished"
    CANCELLED = "cancelled"


UPCOMING_STATUSES = (Event.Status.REGISTRATION_OPEN, Event.Status.REGISTRATION_CLOSED)
#: Events the home page shows: not started yet, or running now.
CURRENT_STATUSES = (*UPCOMING_STATUSES, Event.Status.RUNNING)
STATUS_FILTERS: dict[DirectoryStatus, tuple[str, ...]] = {
    DirectoryStatus.UPCOMING: UPCOMING_STATUSES,
    DirectoryStatus.REGISTRATION_OPEN: (Event.Status.REGISTRATION_OPEN,),
    DirectoryStatus.RUNNING: (Event.Status.RUNNING,),
    DirectoryStatus.FINISHED: (Event.Status.FINISHED,),
    DirectoryStatus.CANCELLED: (Event.Status.CANCELLED,),
}
DIRECTORY_PAGE_SIZE = 12


@dataclass(frozen=True)
class DirectoryFilters:
    """What the directory is asked for; every field optional (empty: no filter)."""

    text: str = ""
    game: str = ""
    date_from: dt.date | None = None
    date_to: dt.date | None = None
    status: DirectoryStatus | None = None
    place: str = ""


def _directory_order(events: QuerySet[Event]) -> QuerySet[Event]:
    """Running events first, then those to come (soonest first; a cancelled one keeps its place
    among them until its day has passed), then the past (latest first)."""
    bucket = Case(
        When(status=Event.Status.RUNNING, then=Value(0)),
        When(status__in=UPCOMING_STATUSES, then=Value(1)),
        When(status=Event.Status.CANCELLED, date__gte=timezone.localdate(), then=Value(1)),
        default=Value(2),
        output_field=IntegerField(),
    )
    return events.annotate(bucket=bucket).order_by(
        "bucket",
        Case(When(bucket__lt=2, then=F("date"))).asc(nulls_last=True),
        "-date",
        "start_time",
        "name",
        "pk",
    )


def event_directory_queryset(filters: DirectoryFilters) -> QuerySet[Event]:
    """The public events matching ``filters`` (never drafts), with game and player count."""
    events = Event.objects.exclude(status=Event.Status.DRAFT).select_related("game")
    if filters.text:
        events = events.filter(
            Q(name__icontains=filters.text)
            | Q(venue__icontains=filters.text)
            | Q(region__icontains=filters.text)
        )
    if filters.game:
        events = events.filter(game__slug=filters.game)
    if filters.date_from is not None:
        events = events.filter(date__gte=filters.date_from)
    if filters.date_to is not None:
        events = events.filter(date__lte=filters.date_to)
    if filters.status is not None:
        events = events.filter(status__in=STATUS_FILTERS[filters.status])
    if filters.place:
        events = events.filter(
            Q(region__icontains=filters.place) | Q(venue__icontains=filters.place)
        )
    return _directory_order(_with_player_count(events))


def event_directory(
    *, filters: DirectoryFilters, page: int | str | None = 1, per_page: int = DIRECTORY_PAGE_SIZE
) -> Page[Event]:
    """One page of the directory: two queries (the count, then the page's events). A page
    number that is not a number is the first page; one past the end, the last."""
    paginator = Paginator(event_directory_queryset(filters), per_page)
    return paginator.get_page(page)


def event_regions() -> list[str]:
    """The regions public events name, for the place filter's suggestions (one query)."""
    return list(
        Event.objects.exclude(status=Event.Status.DRAFT)
        .exclude(region="")
        .order_by("region")
        .values_list("region", flat=True)
        .distinct()
    )


def event_list_current(*, limit: int = 12) -> list[Event]:
    """The home page's events: running ones, then those to come, soonest first; never drafts,
    finished or cancelled events (one query)."""
    events = Event.objects.filter(status__in=CURRENT_STATUSES).select_related("game")
    return list(_directory_order(_with_player_count(events))[:limit])


@dataclass(frozen=True)
class MyEvent:
    """One of a person's current events: as a player (their registration) and/or as staff."""

    event: Event
    registration: Registration | None
    roles: tuple[str, ...]

    @property
    def role_labels(self) -> list[str]:
        """The staff roles, in the reader's language (organiser first)."""
        return [str(EventRole.Role(role).label) for role in self.roles]

    @property
    def is_organiser(self) -> bool:
        return EventRole.Role.ORGANISER in self.roles

    @property
    def is_judge(self) -> bool:
        return bool(set(self.roles) & {EventRole.Role.HEAD_JUDGE, EventRole.Role.JUDGE})


def my_current_events(*, user: AnyUser) -> list[MyEvent]:
    """A person's registrations and staff roles on events to come or running (and, for staff,
    drafts), soonest first: three queries (none for anonymous people, two for a person with
    none)."""
    if not user.is_authenticated:
        return []
    registrations = {
        registration.event_id: registration
        for registration in Registration.objects.filter(
            user_id=user.pk, event__status__in=CURRENT_STATUSES
        )
    }
    roles: dict[int, list[str]] = {}
    for event_id, role in EventRole.objects.filter(
        user_id=user.pk, event__status__in=(*CURRENT_STATUSES, Event.Status.DRAFT)
    ).values_list("event_id", "role"):
        roles.setdefault(event_id, []).append(role)
    ids = set(registrations) | set(roles)
    if not ids:
        return []
    events = {
        event.pk: event
        for event in _with_player_count(Event.objects.filter(pk__in=ids).select_related("game"))
    }
    mine = [
        MyEvent(
            event=event,
            registration=registrations.get(event_id),
            roles=tuple(sorted(roles.get(event_id, []), key=ROLE_ORDER.index)),
        )
        for event_id, event in events.items()
    ]
    mine.sort(key=lambda item: (item.event.date, item.event.start_time, item.event.name))
    return mine


ROLE_ORDER = [role.value for role in EventRole.Role]


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
        raise NotFoundError(
            _("event %(event_id)s does not exist") % {"event_id": event_id}, field="event"
        )
    return event


def latest_round(*, event: Event) -> Round | None:
    return Round.objects.filter(event=event).order_by("-number").first()


class EventPage(TypedDict):
    """What ``event_page`` adds to the event page's context."""

    registration: Registration | None
    round: Round | None
    player_count: int
    places_left: int | None


def event_page(*, event: Event, user: AnyUser) -> EventPage:
    """What the event page shows besides the event: the viewer's registration, the latest round,
    how many places are taken (``event_player_count``, as everywhere else) and how many are
    left (None without a capacity)."""
    registration = None
    if user.is_authenticated:
        registration = Registration.objects.filter(event=event, user_id=user.pk).first()
    taken = event_player_count(event=event)
    places_left = None
    if event.capacity is not None:
        places_left = max(0, event.capacity - taken)
    return {
        "registration": registration,
        "round": latest_round(event=event),
        "player_count": taken,
        "places_left": places_left,
    }


class EventDashboard(TypedDict):
    """What ``event_dashboard`` adds to the organiser's dashboard's context."""

    registrations: QuerySet[Registration]
    rounds: list[Round]
    round: Round | None
    #: each player's decklist state, beside check-in (``decklist_state`` in the template)
    decklist_states: dict[int, DecklistState]
    #: the places taken, counted as on the event page and in the directory
    player_count: int


def event_dashboard(*, event: Event, user: AnyUser) -> EventDashboard:
    """The organiser's dashboard: registrations (with e-mails) by status and name, rounds
    newest first (for the event's organisers and scorekeepers)."""
    require_event_scorekeeper(user=user, event_id=event.pk)
    rounds = list(event.rounds.order_by("-number"))
    return {
        # the decklist joined: the player list flags lists a re-check found illegal
        "registrations": event.registrations.select_related("decklist").order_by(
            "status", "display_name"
        ),
        "rounds": rounds,
        "round": rounds[0] if rounds else None,
        "decklist_states": decklist_states(event_id=event.pk),
        "player_count": event_player_count(event=event),
    }
