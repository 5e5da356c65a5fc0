"""Rounds: an event's rounds, one round by number, the latest round and its published snapshot, the
top cut's last round."""

from __future__ import annotations

from django.db.models import QuerySet
from django.utils.translation import gettext as _

from core.errors import InvalidInputError, NotFoundError
from tournaments.models import (
    Event,
    Round,
    RoundSnapshot,
)
from tournaments.permissions import (
    AnyUser,
)
from tournaments.selectors.events import event_get_visible


def event_rounds(*, event_id: int) -> QuerySet[Round]:
    return Round.objects.filter(event_id=event_id).order_by("number")


def round_get(*, event_id: int, number: int) -> Round:
    round_obj = (
        Round.objects.select_related("event").filter(event_id=event_id, number=number).first()
    )
    if round_obj is None:
        raise NotFoundError(
            _("round %(number)s of this event does not exist") % {"number": number}, field="round"
        )
    return round_obj


def round_id_for_number(*, event_id: int, number: int | None) -> int | None:
    """The id of round ``number`` of the event, for input that names a round (400 if absent)."""
    if number is None:
        return None
    round_id = Round.objects.filter(event_id=event_id, number=number).values_list("pk", flat=True)
    found = round_id.first()
    if found is None:
        raise InvalidInputError(
            _("this event has no round %(number)s") % {"number": number}, field="round"
        )
    return found


#: The snapshot's large JSON bodies: the selectors below leave them out, so that a conditional
#: request is answered from the small row (its digests) alone; reading ``snapshot.pairings`` or
#: ``snapshot.standings`` afterwards loads that one body (one query), only for a full answer.
SNAPSHOT_BODIES = ("pairings", "standings")


def round_snapshot_get(*, event_id: int, number: int, user: AnyUser) -> tuple[Round, RoundSnapshot]:
    """A round and its public snapshot (one query after the visibility check)."""
    event_get_visible(event_id=event_id, user=user)
    round_obj = round_get(event_id=event_id, number=number)
    snapshot = RoundSnapshot.objects.defer(*SNAPSHOT_BODIES).filter(round=round_obj).first()
    if snapshot is None:
        raise NotFoundError(
            _("round %(number)s has no published pairings yet") % {"number": number}, field="round"
        )
    return round_obj, snapshot


def latest_snapshot(*, event_id: int) -> tuple[Round, RoundSnapshot] | None:
    """The newest round that has a snapshot, with it; None before round 1."""
    snapshot = (
        RoundSnapshot.objects.select_related("round")
        .defer(*SNAPSHOT_BODIES)
        .filter(round__event_id=event_id)
        .order_by("-round__number")
        .first()
    )
    return None if snapshot is None else (snapshot.round, snapshot)


def round_snapshot(
    *, event: Event, number: int | None, swiss_only: bool = False
) -> tuple[Round | None, RoundSnapshot | None]:
    rounds = Round.objects.filter(event=event)
    if swiss_only:
        rounds = rounds.filter(stage=Round.Stage.SWISS)
    round_obj = (
        rounds.filter(number=number).first()
        if number is not None
        else rounds.order_by("-number").first()
    )
    if round_obj is None:
        return None, None
    return round_obj, RoundSnapshot.objects.defer(*SNAPSHOT_BODIES).filter(round=round_obj).first()


def round_id_in_event(*, event: Event, round_id: int) -> int:
    """The id of a round of this event; another event's round is a 400 naming the field."""
    if not Round.objects.filter(pk=round_id, event=event).exists():
        raise InvalidInputError(_("that round is not part of this event"), field="round")
    return round_id


def latest_top_cut_round(*, event: Event) -> Round | None:
    return event.rounds.filter(stage=Round.Stage.TOP_CUT).order_by("-number").first()
