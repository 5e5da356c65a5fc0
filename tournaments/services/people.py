"""A person leaving: their registrations stay (the events' results need them), shown under an
anonymous name; their decklists go once an event no longer needs them."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.db import transaction

from core.audit import audit_log
from tournaments.live.snapshots import snapshots_rename_player
from tournaments.models import Decklist, Event, Registration
from tournaments.selectors.people import public_name_of

#: Events whose rules no longer need the players' decklists.
OVER = (Event.Status.FINISHED, Event.Status.CANCELLED)


@transaction.atomic
def person_anonymise(*, user: User, pseudonym: str) -> None:
    """Show the person's registrations (and so their results) under ``pseudonym``, forget their
    registration details (email, player ID, unused claim code), delete their decklists for
    events that are over (kept while the event is not, as its rules need them), and rename them
    in the stored public snapshots (the standings stay exactly as they were computed).
    Called by ``core.profiles.account_delete``."""
    registrations = list(
        Registration.objects.select_for_update(of=("self",))
        .filter(user=user)
        .select_related("user__profile")
    )
    event_ids = sorted({reg.event_id for reg in registrations})
    for reg in registrations:
        old_names = {reg.display_name, public_name_of(reg)}
        snapshots_rename_player(registration=reg, old_names=old_names, new=pseudonym)
        reg.display_name = pseudonym
        reg.email = ""
        reg.player_id = ""
        reg.claim_code = None
        reg.save(update_fields=["display_name", "email", "player_id", "claim_code"])
    gone, _ = Decklist.objects.filter(
        registration__in=registrations, registration__event__status__in=OVER
    ).delete()
    for event_id in event_ids:
        audit_log(
            action="tournaments.registration.anonymised",
            actor=user,
            event_id=event_id,
            data={"name": pseudonym},
        )
    if gone:
        audit_log(action="tournaments.decklist.erased", actor=user, data={"rows": gone})
