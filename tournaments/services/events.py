"""Events and their staff."""

from __future__ import annotations

import datetime as dt
from typing import Any

from django.conf import settings
from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

from cardpool.models import Format
from cardpool.services import game_ensure
from core.audit import audit_log
from core.errors import (
    ConflictError,
    InvalidInputError,
    RateLimitedError,
    validate_model,
)
from core.names import display_name_clean
from core.time_zones import is_valid_zone
from tournaments.models import Event, EventRole
from tournaments.notifications import players as notify
from tournaments.pairing import AdvancementRule, InvalidPairingInputError, ScoringConfig
from tournaments.procedures.presets import PRESETS
from tournaments.services.locks import event_lock

EDITABLE_FIELDS = frozenset(
    {
        "name", "venue", "date", "capacity", "registration_opens_at", "registration_closes_at",
        "decklist_deadline", "swiss_rounds", "top_cut", "best_of", "top_cut_best_of",
        "round_minutes", "top_cut_round_minutes", "scoring", "tiebreak_profile", "draws_allowed",
        "structure_style", "decklists_published", "decklist_required",
    }
    # what a player needs to decide to come: when, where, how much and whom to ask
    | {"start_time", "time_zone", "region", "entry_fee", "contact"}
    # the championship structure: day 1, advancement, day 2; what happens when time is called
    | {"advancement_kind", "advancement_value", "day_two_rounds", "end_of_round",
       "end_of_round_extra_turns"}
)  # fmt: skip
SCORING_KEYS = frozenset({"win", "draw", "loss", "bye"})
FINISHED_OR_CANCELLED = (Event.Status.FINISHED, Event.Status.CANCELLED)


def _validate_details(event: Event) -> None:
    """When and how many: the zone is one zoneinfo knows, the capacity at least two."""
    if not is_valid_zone(event.time_zone):
        raise InvalidInputError(
            gettext("unknown time zone %(zone)s; use an IANA name such as Asia/Tokyo")
            % {"zone": repr(event.time_zone)},
            field="time_zone",
        )
    if event.capacity is not None and event.capacity < 2:
        raise InvalidInputError(gettext("capacity must be at least 2 players"), field="capacity")


def _validate_championship(event: Event) -> None:
    """Day 2 needs a rule with a value and at least one round; the rule is the pure
    package's (a record rule may not have more losses than day 1 has rounds)."""
    if event.advancement_kind not in ("", *Event.AdvancementKind.values):
        raise InvalidInputError(
            gettext("advance by points, record or top N"), field="advancement_kind"
        )
    if not 0 <= event.day_two_rounds <= 20:
        raise InvalidInputError(gettext("day 2 has 0 to 20 Swiss rounds"), field="day_two_rounds")
    if event.end_of_round not in Event.EndOfRound.values:
        raise InvalidInputError(
            gettext("choose what happens when time is called"), field="end_of_round"
        )
    if not 1 <= event.end_of_round_extra_turns <= 10:
        raise InvalidInputError(gettext("1 to 10 extra turns"), field="end_of_round_extra_turns")
    if not event.advancement_kind:
        return
    if event.advancement_value is None:
        raise InvalidInputError(gettext("say the rule's number"), field="advancement_value")
    if event.day_two_rounds < 1:
        raise InvalidInputError(
            gettext("day 2 needs at least one Swiss round"), field="day_two_rounds"
        )
    try:
        rule = AdvancementRule(event.advancement_kind, event.advancement_value)  # type: ignore[arg-type]
        if event.swiss_rounds:
            rule.threshold_points(rounds=event.swiss_rounds, config=ScoringConfig())
    except InvalidPairingInputError as exc:
        raise InvalidInputError(exc.message, field="advancement_value") from exc


def _validate_structure(event: Event) -> None:
    _validate_details(event)
    _validate_championship(event)
    if event.top_cut not in (0, 2, 4, 8, 16, 32, 64):
        raise InvalidInputError(
            gettext("top cut must be 0, 2, 4, 8, 16, 32 or 64"), field="top_cut"
        )
    if event.structure_style not in ("mtr", "pokemon", "bo1"):
        raise InvalidInputError(
            gettext("structure style must be mtr, pokemon or bo1"), field="structure_style"
        )
    if event.tiebreak_profile not in ("mtr", "pokemon"):
        raise InvalidInputError(
            gettext("tiebreak profile must be mtr or pokemon"), field="tiebreak_profile"
        )
    if event.swiss_rounds is not None and not 1 <= event.swiss_rounds <= 20:
        raise InvalidInputError(
            gettext("Swiss rounds must be 1 to 20 (or empty)"), field="swiss_rounds"
        )
    if not 5 <= event.round_minutes <= 240:
        raise InvalidInputError(gettext("a round lasts 5 to 240 minutes"), field="round_minutes")
    if not 5 <= event.top_cut_round_minutes <= 240:
        raise InvalidInputError(
            gettext("a round lasts 5 to 240 minutes"), field="top_cut_round_minutes"
        )
    for field in ("registration_opens_at", "registration_closes_at", "decklist_deadline"):
        moment = getattr(event, field)
        if moment is not None and not 2000 <= moment.year <= 2100:
            raise InvalidInputError(gettext("a date between the years 2000 and 2100"), field=field)
    if not 2000 <= event.date.year <= 2100:
        raise InvalidInputError(gettext("a date between the years 2000 and 2100"), field="date")
    unknown = set(event.scoring) - SCORING_KEYS
    if unknown:
        raise InvalidInputError(
            gettext("unknown scoring key(s) %(names)s; use win, draw, loss, bye")
            % {"names": ", ".join(sorted(unknown))},
            field="scoring",
        )
    for key, value in event.scoring.items():
        if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 10:
            raise InvalidInputError(
                gettext("scoring.%(key)s must be a whole number 0-10") % {"key": key},
                field="scoring",
            )
    opens, closes = event.registration_opens_at, event.registration_closes_at
    if opens and closes and closes <= opens:
        raise InvalidInputError(
            gettext("registration must close after it opens"), field="registration_closes_at"
        )


#: The longest event name or venue (their columns' length).
EVENT_TEXT_MAX = 200


def venue_clean(venue: str) -> str:
    """A venue as people read it: blank, or a name by the one name rule (``core.names``)."""
    venue = venue.strip()
    return display_name_clean(venue, field="venue", max_length=EVENT_TEXT_MAX) if venue else ""


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
    """Create an event with its game's preset structure; its creator becomes its organiser
    (at most ``EVENTS_PER_DAY_MAX`` a day: ``event_creation_allow``)."""
    event_creation_allow(by=created_by)
    name = name.strip()
    if not name:
        raise InvalidInputError(gettext("an event needs a name"), field="name")
    name = display_name_clean(name, field="name", max_length=EVENT_TEXT_MAX)
    venue = venue_clean(venue)
    if capacity is not None and capacity < 2:
        raise InvalidInputError(gettext("capacity must be at least 2 players"), field="capacity")
    unknown = set(structure) - EDITABLE_FIELDS - {"status"}
    if unknown:
        raise InvalidInputError(
            gettext("unknown field(s): %(names)s") % {"names": ", ".join(sorted(unknown))},
            field="event",
        )
    game = game_ensure(slug=game_slug)
    event_format = None
    if format_slug:
        event_format = Format.objects.filter(game=game, slug=format_slug).first()
        if event_format is None:
            raise InvalidInputError(
                gettext("unknown format %(format_slug)r") % {"format_slug": format_slug},
                field="format",
            )
    event = Event(
        name=name,
        game=game,
        format=event_format,
        date=date,
        venue=venue,
        capacity=capacity,
        created_by=created_by,
        **{**PRESETS[game_slug], **structure},
    )
    _validate_structure(event)
    validate_model(event)
    event.save()
    if created_by is not None:
        EventRole.objects.create(event=event, user=created_by, role=EventRole.Role.ORGANISER)
    audit_log(action="tournaments.event.created", actor=created_by, obj=event, event_id=event.pk)
    return event


def event_creation_allow(*, by: User | None) -> None:
    """Refuse (429, with when to try again) a person's event past ``EVENTS_PER_DAY_MAX`` in 24
    hours: any account may create events and import into them, so one account must not fill
    the site. Site staff, and the system (no person), are not limited. The person's row is
    locked while this counts, so two requests at once cannot both take the last place."""
    if by is None or by.is_staff:
        return
    limit = int(settings.EVENTS_PER_DAY_MAX)
    User.objects.select_for_update().filter(pk=by.pk).exists()
    now = timezone.now()
    recent = Event.objects.filter(created_by=by, created_at__gt=now - dt.timedelta(days=1))
    moments = list(recent.order_by("-created_at").values_list("created_at", flat=True)[:limit])
    if len(moments) < limit:
        return
    wait = moments[-1] + dt.timedelta(days=1) - now
    minutes = max(1, -(-int(wait.total_seconds()) // 60))
    raise RateLimitedError(
        gettext(
            "one account may create at most %(limit)s events in 24 hours, and you have; "
            "you can create the next in %(minutes)s minutes"
        )
        % {"limit": limit, "minutes": minutes},
        field="event",
        retry_after=minutes * 60,
    )


@transaction.atomic
def event_update(
    *, event_id: int, by: User, changes: dict[str, Any], confirm: bool = False
) -> Event:
    """Change the event's settings. Publishing the decklists of an event not over yet needs
    ``confirm`` (409 ``confirmation_required``): every list becomes public while it runs."""
    event = event_lock(event_id, by)
    unknown = set(changes) - EDITABLE_FIELDS
    if unknown:
        raise InvalidInputError(
            gettext("cannot change %(names)s") % {"names": ", ".join(sorted(unknown))},
            field="event",
        )
    publishing = bool(changes.get("decklists_published")) and not event.decklists_published
    if publishing and event.status not in FINISHED_OR_CANCELLED and not confirm:
        raise ConflictError(
            gettext(
                "the event has not finished: publishing now makes every player's decklist "
                "public while it runs; confirm to publish"
            ),
            field="decklists_published",
            code="confirmation_required",
        )
    # Publishing the decklists is what an organiser does once the event is over, so
    # it is the one change a finished event still takes.
    if event.status == Event.Status.FINISHED and set(changes) != {"decklists_published"}:
        raise ConflictError(gettext("the event is finished"), field="event")
    if event.rounds.exists() and {"best_of", "scoring", "draws_allowed"} & set(changes):
        raise ConflictError(
            gettext("scoring and match format cannot change once rounds are paired")
        )
    if "name" in changes:
        changes = {**changes, "name": str(changes["name"]).strip()}
        if not changes["name"]:
            raise InvalidInputError(gettext("an event needs a name"), field="name")
        changes["name"] = display_name_clean(
            changes["name"], field="name", max_length=EVENT_TEXT_MAX
        )
    if "venue" in changes:
        changes = {**changes, "venue": venue_clean(str(changes["venue"] or ""))}
    before = {key: str(getattr(event, key)) for key in changes}
    for key, value in changes.items():
        setattr(event, key, value)
    _validate_structure(event)
    validate_model(event)
    event.save(update_fields=list(changes))
    audit_log(
        action="tournaments.event.updated",
        actor=by,
        obj=event,
        event_id=event.pk,
        data={"before": before, "after": {key: str(value) for key, value in changes.items()}},
    )
    notify.event_updated(event, before)
    return event


ALLOWED_STATUS_CHANGES = {
    Event.Status.DRAFT: {Event.Status.REGISTRATION_OPEN, Event.Status.CANCELLED},
    Event.Status.REGISTRATION_OPEN: {Event.Status.REGISTRATION_CLOSED, Event.Status.CANCELLED},
    Event.Status.REGISTRATION_CLOSED: {Event.Status.REGISTRATION_OPEN, Event.Status.CANCELLED},
    # A running event can be called off (a venue closed); its rounds and results stay.
    Event.Status.RUNNING: {Event.Status.CANCELLED},
}


@transaction.atomic
def event_set_status(*, event_id: int, by: User, status: str) -> Event:
    """Open or close registration, or cancel the event (running and finished follow from
    rounds). Players are told of a cancellation (``notify.event_status_changed``)."""
    event = event_lock(event_id, by)
    if status not in ALLOWED_STATUS_CHANGES.get(Event.Status(event.status), set()):
        raise ConflictError(
            gettext("an event that is %(status)s cannot become %(new_status)s")
            % {
                "status": event.get_status_display().lower(),
                "new_status": str(dict(Event.Status.choices).get(status, status)).lower(),
            }
        )
    old = event.status
    event.status = status
    event.save(update_fields=["status"])
    audit_log(
        action="tournaments.event.status_changed",
        actor=by,
        obj=event,
        event_id=event.pk,
        data={"from": old, "to": status},
    )
    notify.event_status_changed(event)
    return event


@transaction.atomic
def event_finish(*, event_id: int, by: User | None) -> Event:
    event = event_lock(event_id, by)
    if event.status == Event.Status.FINISHED:
        raise ConflictError(gettext("the event is already finished"), field="event")
    open_rounds = event.rounds.exclude(status="complete").values_list("number", flat=True)
    if open_rounds:
        raise ConflictError(
            gettext("round %(rounds)s is not complete")
            % {"rounds": ", ".join(map(str, open_rounds))},
            field="round",
        )
    if event.penalties.filter(penalty="disqualification", status="pending").exists():
        raise ConflictError(
            gettext(
                "a disqualification is waiting for a second person: confirm or withdraw it "
                "before finishing the event"
            ),
            field="disqualification",
        )
    event.status = Event.Status.FINISHED
    event.save(update_fields=["status"])
    audit_log(action="tournaments.event.finished", actor=by, obj=event, event_id=event.pk)
    return event


@transaction.atomic
def event_role_grant(*, event: Event, user: User, role: str, granted_by: User | None) -> EventRole:
    if role not in EventRole.Role.values:
        raise InvalidInputError(gettext("unknown role %(role)r") % {"role": role}, field="role")
    granted, _ = EventRole.objects.get_or_create(event=event, user=user, role=role)
    audit_log(
        action="tournaments.event_role.granted",
        actor=granted_by,
        obj=granted,
        event_id=event.pk,
        data={"user": user.pk, "role": role},
    )
    return granted
