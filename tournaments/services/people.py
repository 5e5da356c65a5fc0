"""A person leaving: their registrations stay (the events' results need them), shown under an
anonymous name; their decklists go once an event no longer needs them."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.db import transaction

from core.audit import audit_log
from tournaments.models import Decklist, Event, Registration, Round
from tournaments.snapshots import snapshot_refresh

#: Events whose rules no longer need the players' decklists.
OVER = (Event.Status.FINISHED, Event.Status.CANCELLED)


@transaction.atomic
def person_anonymise(*, user: User, pseudonym: str) -> None:
    """Show the person's registrations (and so their results) under ``pseudonym``, forget their
    registration details (email, player ID, unused claim code), delete their decklists for
    events that are over (kept while the event is not, as its rules need them), and rebuild the
    public snapshots that named them. Called by ``core.profiles.account_delete``."""
    registrations = list(Registration.objects.select_for_update().filter(user=user))
    event_ids = sorted({reg.event_id for reg in registrations})
    for reg in registrations:
        reg.display_name = pseudonym
        reg.email = ""
        reg.player_id = ""
        reg.claim_code = None
        reg.save(update_fields=["display_name", "email", "player_id", "claim_code"])
    gone, _ = Decklist.objects.filter(
        registration__in=registrations, registration__event__status__in=OVER
    ).delete()
    for round_obj in (
        Round.objects.filter(event_id__in=event_ids, snapshot__isnull=False)
        .select_related("event")
        .order_by("event_id", "number")
    ):
        snapshot_refresh(round_obj=round_obj, standings=True)
    for event_id in event_ids:
        audit_log(
            action="tournaments.registration.anonymised",
            actor=user,
            event_id=event_id,
            data={"name": pseudonym},
        )
    if gone:
        audit_log(action="tournaments.decklist.erased", actor=user, data={"rows": gone})
