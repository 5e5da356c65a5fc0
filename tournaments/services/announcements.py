"""Announcements: an organiser's message to every player of the event, shown on the event page
and sent to each player as a notification."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.db import transaction
from django.utils.translation import gettext as _

from core.audit import audit_log
from core.errors import ConflictError, InvalidInputError
from core.names import text_clean
from tournaments.models import Announcement, Event
from tournaments.notifications import players as notify
from tournaments.services.locks import event_lock

MAX_ANNOUNCEMENT_CHARS = 2000


@transaction.atomic
def announcement_create(*, event_id: int, by: User, text: str) -> Announcement:
    """Post an announcement (organisers only); every player with an account is notified."""
    event = event_lock(event_id, by, refusal=_("only the event's organisers make announcements"))
    text = text_clean(text, field="text")
    if not text:
        raise InvalidInputError(_("write the announcement"), field="text")
    if len(text) > MAX_ANNOUNCEMENT_CHARS:
        raise InvalidInputError(
            _("an announcement has at most %(limit)s characters")
            % {"limit": MAX_ANNOUNCEMENT_CHARS},
            field="text",
        )
    if event.status == Event.Status.CANCELLED:
        raise ConflictError(_("the event is cancelled"), field="event")
    announcement = Announcement.objects.create(event=event, text=text, created_by=by)
    audit_log(
        action="tournaments.announcement.created",
        actor=by,
        obj=announcement,
        event_id=event.pk,
        data={"chars": len(text)},
    )
    notify.announcement_made(announcement)
    return announcement
