"""Copying an event to start the next one: same settings, structure and staff; no players."""

from __future__ import annotations

import datetime as dt

from django.contrib.auth.models import User
from django.db import transaction
from django.utils.translation import gettext

from core.audit import audit_log
from core.errors import InvalidInputError, validate_model
from core.names import display_name_clean
from tournaments.models import Event, EventRole
from tournaments.permissions import event_get_for_organiser
from tournaments.services.events import EVENT_TEXT_MAX, _validate_structure, event_creation_allow

#: What a copy takes from its source as it is: the game, the structure, the place, the fee,
#: the contact and the time of day. Not copied: registrations, rounds, decklists, the check-in
#: window and its token, whether decklists are published, the status (a copy is a draft).
COPIED_FIELDS = (
    "game_id", "format_id", "start_time", "time_zone", "venue", "region", "capacity",
    "entry_fee", "contact", "swiss_rounds", "top_cut", "best_of", "top_cut_best_of",
    "round_minutes", "top_cut_round_minutes", "scoring", "tiebreak_profile", "draws_allowed",
    "structure_style", "drop_absent_at_round_one", "decklist_required",
    # the championship structure: day 2 and what happens when time is called
    "advancement_kind", "advancement_value", "day_two_rounds", "end_of_round",
    "end_of_round_extra_turns",
)  # fmt: skip
#: Moments that move with the date: registration opening and closing, the decklist deadline.
SHIFTED_FIELDS = ("registration_opens_at", "registration_closes_at", "decklist_deadline")


def copy_name(name: str) -> str:
    """What a copy is called until the organiser names it: "Spring Open (copy)", so that two
    events of one name never sit side by side in the organiser's list."""
    return gettext("%(name)s (copy)") % {"name": name}


@transaction.atomic
def event_copy(*, actor: User, event_id: int, name: str, date: dt.date) -> Event:
    """A new draft event named ``name`` on ``date`` with the settings and structure of event
    ``event_id`` and the same staff (every organiser, head judge, judge and scorekeeper role);
    no registrations. Registration times and the decklist deadline move by as many days as the
    date. Only the source's organisers may copy it."""
    source = event_get_for_organiser(user=actor, event_id=event_id)
    event_creation_allow(by=actor)
    name = name.strip()
    if not name:
        raise InvalidInputError(gettext("an event needs a name"), field="name")
    name = display_name_clean(name, field="name", max_length=EVENT_TEXT_MAX)
    shift = date - source.date
    copy = Event(
        name=name,
        date=date,
        status=Event.Status.DRAFT,
        copied_from=source,
        created_by=actor,
        **{field: getattr(source, field) for field in COPIED_FIELDS},
    )
    if isinstance(copy.scoring, dict):
        copy.scoring = dict(copy.scoring)
    for field in SHIFTED_FIELDS:
        moment = getattr(source, field)
        setattr(copy, field, moment + shift if moment is not None else None)
    _validate_structure(copy)
    validate_model(copy)
    copy.save()
    roles = list(EventRole.objects.filter(event=source).order_by("pk"))
    EventRole.objects.bulk_create(
        [EventRole(event=copy, user_id=role.user_id, role=role.role) for role in roles]
    )
    audit_log(
        action="tournaments.event.copied",
        actor=actor,
        obj=copy,
        event_id=copy.pk,
        data={"from": source.pk, "staff": len(roles)},
    )
    return copy
