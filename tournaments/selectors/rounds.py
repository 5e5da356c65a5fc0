"""Rounds: an event's rounds, one round by number, the latest round and its published snapshot, the
top cut's last round.

A snapshot is returned as stored, stale or not: bringing a long-stale one up to date is a write,
``tournaments.services.snapshots.snapshot_catch_up_if_due``, which the page or API answering
calls on what it read."""

from __future__ import annotations

from dataclasses import dataclass

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


def snapshot_reread(*, snapshot_id: int) -> RoundSnapshot:
    """A snapshot read again (after its rebuild), with its round and event, without its bodies."""
    again = RoundSnapshot.objects.select_related("round__event").defer(*SNAPSHOT_BODIES)
    return again.get(pk=snapshot_id)


def _published(
    *, event_id: int, number: int | None, swiss_only: bool = False
) -> RoundSnapshot | None:
    """In one query (so that a poll that gets a 304 reads one small row, as the yardstick
    does): the snapshot of round ``number`` (None: the latest round) of a published event, with
    its round and event, without its bodies; None when any is missing or the event is a draft
    (the callers then take the slow path, which words each refusal)."""
    rows = (
        RoundSnapshot.objects.select_related("round__event__game", "round__event__format")
        .defer(*SNAPSHOT_BODIES)
        .filter(round__event_id=event_id)
        .exclude(round__event__status=Event.Status.DRAFT)
    )
    if swiss_only:
        rows = rows.filter(round__stage=Round.Stage.SWISS)
    if number is not None:
        return rows.filter(round__number=number).first()
    return rows.order_by("-round__number").first()


@dataclass(frozen=True)
class RoundTag:
    """What the public pages' ETags are made of, read without the round's snapshot rows, its
    round or its event as objects (so that a poll whose tag still matches is answered from
    one narrow query, compiled from a few columns)."""

    round_id: int
    round_status: str
    pairings_digest: str
    standings_digest: str
    event_status: str
    decklists_published: bool


def round_tag_get(
    *, event_id: int, number: int | None, swiss_only: bool = False
) -> RoundTag | None:
    """The tag parts of round ``number`` (None: the latest) of a published event; None when
    there is none, the event is a draft, or the snapshot is stale (the full path then answers,
    catching up when the mark is due), so a 304 never stands for a stale answer."""
    rows = RoundSnapshot.objects.filter(round__event_id=event_id).exclude(
        round__event__status=Event.Status.DRAFT
    )
    if swiss_only:
        rows = rows.filter(round__stage=Round.Stage.SWISS)
    if number is not None:
        rows = rows.filter(round__number=number).order_by()
    else:
        rows = rows.order_by("-round__number")
    found = list(
        rows.values_list(
            "round_id", "round__status", "pairings_digest", "standings_digest",
            "round__event__status", "round__event__decklists_published", "stale_since",
        )[:1]
    )  # fmt: skip
    if not found or found[0][-1] is not None:
        return None
    round_id, round_status, pairings, standings, event_status, published, _stale = found[0]
    return RoundTag(round_id, round_status, pairings, standings, event_status, published)


def event_round_snapshot(
    *, event_id: int, user: AnyUser, number: int | None, swiss_only: bool = False
) -> tuple[Event, Round | None, RoundSnapshot | None]:
    """The visible event, its round ``number`` (None: the latest) and that round's snapshot
    (None before round 1): one query for a published event's round, as the public pages poll."""
    found = _published(event_id=event_id, number=number, swiss_only=swiss_only)
    if found is not None:
        return found.round.event, found.round, found
    event = event_get_visible(event_id=event_id, user=user)
    round_obj, snapshot = round_snapshot(event=event, number=number, swiss_only=swiss_only)
    return event, round_obj, snapshot


#: What the API's round answer and its ETag read of the snapshot, its round and its event: the
#: one query of a poll selects these columns alone (compiling and decoding a row of every
#: column of the three cost a 304 more than the query itself).
API_ROUND_FIELDS = (
    "revision", "pairings_digest", "stale_since", "stale_marks", "round__number",
    "round__stage", "round__status", "round__minutes", "round__started_at", "round__ends_at",
    "round__paused_remaining_seconds", "round__event__status",
)  # fmt: skip


def round_snapshot_get(*, event_id: int, number: int, user: AnyUser) -> tuple[Round, RoundSnapshot]:
    """A round and its public snapshot (one narrow query for a published event's round)."""
    found = (
        RoundSnapshot.objects.select_related("round__event")
        .only(*API_ROUND_FIELDS)
        .filter(round__event_id=event_id, round__number=number)
        .exclude(round__event__status=Event.Status.DRAFT)
        .first()
    )
    if found is not None:
        return found.round, found
    event_get_visible(event_id=event_id, user=user)
    round_obj = round_get(event_id=event_id, number=number)
    snapshot = RoundSnapshot.objects.defer(*SNAPSHOT_BODIES).filter(round=round_obj).first()
    if snapshot is None:
        raise NotFoundError(
            _("round %(number)s has no published pairings yet") % {"number": number}, field="round"
        )
    return round_obj, snapshot


#: What the API's standings answer and its ETag read (its one query selects these alone).
API_STANDINGS_FIELDS = (
    "revision", "standings_digest", "stale_since", "stale_marks", "round__number",
    "round__status", "round__event__status",
)  # fmt: skip


def latest_standings_snapshot_get(
    *, event_id: int, user: AnyUser
) -> tuple[Round, RoundSnapshot] | None:
    """The latest round that has a snapshot, with it (None before round 1): one narrow query
    for a published event, as a poll of the API standings needs (so that a 304 reads one
    small row); a draft or missing event is refused as ``event_get_visible`` words it."""
    found = (
        RoundSnapshot.objects.select_related("round__event")
        .only(*API_STANDINGS_FIELDS)
        .filter(round__event_id=event_id)
        .exclude(round__event__status=Event.Status.DRAFT)
        .order_by("-round__number")[:1]
    )
    rows = list(found)
    if rows:
        return rows[0].round, rows[0]
    event_get_visible(event_id=event_id, user=user)
    return latest_snapshot(event_id=event_id)


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
    snapshot = RoundSnapshot.objects.defer(*SNAPSHOT_BODIES).filter(round=round_obj).first()
    return round_obj, snapshot


def round_id_in_event(*, event: Event, round_id: int) -> int:
    """The id of a round of this event; another event's round is a 400 naming the field."""
    if not Round.objects.filter(pk=round_id, event=event).exists():
        raise InvalidInputError(_("that round is not part of this event"), field="round")
    return round_id


def latest_top_cut_round(*, event: Event) -> Round | None:
    return event.rounds.filter(stage=Round.Stage.TOP_CUT).order_by("-number").first()


def round_number_in_event(*, event: Event, round_id: int) -> int:
    """The number of a round of this event; another event's round is a 400 naming the field."""
    number = Round.objects.filter(pk=round_id, event=event).values_list("number", flat=True)
    found = number.first()
    if found is None:
        raise InvalidInputError(_("that round is not part of this event"), field="round")
    return found
