"""Check-in: the window the organiser opens and closes, players checking themselves in (on their
page or by scanning the venue's QR code), bulk check-in at the desk, and the automatic drop of
players who never checked in when round 1 is paired (when the event asks for it).

The one-by-one desk check-in is ``registration_check_in`` (``services.registration``); every
way of checking in ends in ``check_in_record`` there, which stamps ``checked_in_at`` and audits
how the player came in.
"""

from __future__ import annotations

import datetime as dt
import secrets
from collections.abc import Iterable
from dataclasses import dataclass

from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone
from django.utils.formats import date_format
from django.utils.translation import gettext as _

from core.audit import audit_log
from core.errors import ConflictError, InvalidInputError, NotFoundError, PermissionDeniedError
from tournaments.models import Event, Registration
from tournaments.selectors.checkin import CLOSED_EVENT, check_in_is_open
from tournaments.services import fixes
from tournaments.services.locks import event_lock
from tournaments.services.registration import can_check_in_players, check_in_record


def _event_for_check_in_staff(event_id: int, by: User) -> Event:
    """The event row, locked, if ``by`` organises it or keeps its score."""
    event = event_lock(event_id, None)
    if not can_check_in_players(user=by, event_id=event_id):
        raise PermissionDeniedError(
            _("only the event's organisers and scorekeepers run the check-in"), field="event"
        )
    return event


@transaction.atomic
def event_check_in_open(*, event_id: int, by: User, now: dt.datetime | None = None) -> Event:
    """Open the check-in window now (until it is closed). The venue's QR code token is made the
    first time; opening again keeps it, so a code already printed still works."""
    event = _event_for_check_in_staff(event_id, by)
    if event.status in CLOSED_EVENT:
        raise ConflictError(_("the event is over; check-in cannot open"), field="event")
    moment = now or timezone.now()
    if check_in_is_open(event, moment):
        raise ConflictError(_("check-in is already open"), field="event")
    event.check_in_opens_at = moment
    event.check_in_closes_at = None
    if not event.check_in_token:
        event.check_in_token = secrets.token_urlsafe(24)
    event.save(update_fields=["check_in_opens_at", "check_in_closes_at", "check_in_token"])
    audit_log(action="tournaments.event.check_in_opened", actor=by, obj=event, event_id=event.pk)
    return event


@transaction.atomic
def event_check_in_close(*, event_id: int, by: User, now: dt.datetime | None = None) -> Event:
    event = _event_for_check_in_staff(event_id, by)
    moment = now or timezone.now()
    if not check_in_is_open(event, moment):
        raise ConflictError(_("check-in is not open"), field="event")
    event.check_in_closes_at = moment
    event.save(update_fields=["check_in_closes_at"])
    audit_log(action="tournaments.event.check_in_closed", actor=by, obj=event, event_id=event.pk)
    return event


@transaction.atomic
def event_drop_absent_set(*, event_id: int, by: User, enabled: bool) -> Event:
    """Whether players who did not check in are dropped when round 1 is paired (an event
    setting: organisers only)."""
    event = event_lock(event_id, by)
    if event.status in CLOSED_EVENT:
        raise ConflictError(_("the event is over"), field="event")
    before = event.drop_absent_at_round_one
    event.drop_absent_at_round_one = enabled
    event.save(update_fields=["drop_absent_at_round_one"])
    audit_log(
        action="tournaments.event.updated",
        actor=by,
        obj=event,
        event_id=event.pk,
        data={
            "before": {"drop_absent_at_round_one": str(before)},
            "after": {"drop_absent_at_round_one": str(enabled)},
        },
    )
    return event


@dataclass(frozen=True)
class SelfCheckIn:
    """A player's own check-in: their registration, and whether they were already in."""

    registration: Registration
    already: bool


@transaction.atomic
def registration_check_in_self(
    *, event_id: int, user: User, token: str | None = None, now: dt.datetime | None = None
) -> SelfCheckIn:
    """The player checks themself in while the window is open: on their page (``token`` None)
    or by opening the venue's QR code (``token``: the code's). Checking in twice is no error:
    the answer says they already were."""
    event = Event.objects.filter(pk=event_id).first()
    if event is None:
        raise NotFoundError(
            _("event %(event_id)s does not exist") % {"event_id": event_id}, field="event"
        )
    # Compared as UTF-8 bytes: ``compare_digest`` refuses a str holding anything but ASCII, and a
    # scanned or typed code can hold any character (a wrong one is a wrong code, never a 500).
    if token is not None and not (
        event.check_in_token
        and secrets.compare_digest(
            token.encode("utf-8", "surrogatepass"), event.check_in_token.encode()
        )
    ):
        raise InvalidInputError(
            _("this check-in code is not %(event)s's; scan the code at the venue again")
            % {"event": event.name},
            field="token",
        )
    registration = (
        Registration.objects.select_for_update(of=("self",))
        .select_related("event")
        .filter(event_id=event_id, user_id=user.pk)
        .first()
    )
    if registration is None:
        raise NotFoundError(
            _("you are not registered for %(event)s; ask at the desk") % {"event": event.name},
            field="registration",
            code="not_registered",
        )
    if registration.status == Registration.Status.CHECKED_IN:
        return SelfCheckIn(registration, already=True)
    if registration.status != Registration.Status.REGISTERED:
        raise ConflictError(
            _("you cannot check in: you are %(status)s")
            % {"status": registration.get_status_display().lower()},
            field="registration",
        )
    moment = now or timezone.now()
    if not check_in_is_open(event, moment):
        if event.check_in_opens_at is None or moment < event.check_in_opens_at:
            message = _("check-in has not opened yet")
        else:
            closed = timezone.localtime(event.check_in_closes_at, event.zone)
            message = _("check-in closed at %(time)s; ask at the desk") % {
                "time": date_format(closed, "TIME_FORMAT")
            }
        raise ConflictError(
            message,
            field="event",
            code="check_in_closed",
            fixes=[fixes.my_event_page(event_id=event_id)],
        )
    via = "self" if token is None else "qr"
    return SelfCheckIn(check_in_record(registration, by=user, via=via, now=moment), already=False)


@transaction.atomic
def registrations_check_in_bulk(
    *, event_id: int, by: User, registration_ids: Iterable[int]
) -> list[Registration]:
    """Check in every chosen player who is registered (not yet checked in); the others (already
    in, waiting, dropped) are left as they are. Every id must be a registration of this event."""
    event = _event_for_check_in_staff(event_id, by)
    if event.status == Event.Status.FINISHED:
        raise ConflictError(_("the event is finished"), field="event")
    wanted = sorted(set(registration_ids))
    if not wanted:
        raise InvalidInputError(_("choose at least one player"), field="registrations")
    rows = list(
        Registration.objects.select_for_update(of=("self",))
        .select_related("event")
        .filter(event_id=event_id, pk__in=wanted)
        .order_by("display_name", "pk")
    )
    if len(rows) != len(wanted):
        raise InvalidInputError(
            _("some of the chosen players are not registered for this event"),
            field="registrations",
        )
    moment = timezone.now()
    done = [
        check_in_record(registration, by=by, via="bulk", now=moment)
        for registration in rows
        if registration.status == Registration.Status.REGISTERED
    ]
    audit_log(
        action="tournaments.registration.bulk_checked_in",
        actor=by,
        obj=event,
        event_id=event_id,
        data={"checked_in": len(done), "chosen": len(wanted)},
    )
    return done


def registrations_drop_absent(*, event: Event, by: User | None) -> list[str]:
    """When round 1 is paired and the event asks for it: drop every player still registered
    but not checked in (inside the pairing's transaction; the event row is locked). Returns
    their names, for the round's summary."""
    if not event.drop_absent_at_round_one:
        return []
    absent = list(
        Registration.objects.select_for_update(of=("self",))
        .filter(event=event, status=Registration.Status.REGISTERED)
        .order_by("display_name", "pk")
    )
    for registration in absent:
        registration.status = Registration.Status.DROPPED
        registration.dropped_after_round = 0
        registration.save(update_fields=["status", "dropped_after_round"])
        audit_log(
            action="tournaments.registration.dropped",
            actor=by,
            obj=registration,
            event_id=event.pk,
            reason="did not check in before round 1 (the event drops absent players)",
            data={"after_round": 0, "automatic": True},
        )
    return [registration.display_name for registration in absent]
