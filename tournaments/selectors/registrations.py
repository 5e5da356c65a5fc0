"""Registrations: an event's players (staff and public views), one registration of the event, the
person's own."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass

from django.contrib.auth.models import User
from django.db.models import QuerySet
from django.http import Http404
from django.utils.translation import gettext as _

from core.errors import InvalidInputError, NotFoundError
from tournaments.models import (
    Event,
    Match,
    Registration,
    Round,
)
from tournaments.permissions import (
    AnyUser,
    require_event_staff,
)


def registrations_of_event(event_id: int) -> QuerySet[Registration]:
    return (
        Registration.objects.filter(event_id=event_id)
        .select_related("user")
        .order_by("display_name", "id")
    )


def event_registrations(*, event_id: int, user: AnyUser) -> QuerySet[Registration]:
    """Every registration with the player's account, e-mail and player id (for the event's
    judges and organisers)."""
    require_event_staff(user=user, event_id=event_id)
    return registrations_of_event(event_id)


def event_registrations_public(*, event_id: int) -> QuerySet[Registration]:
    """The registrations as the public sees them: names and status."""
    return (
        Registration.objects.filter(event_id=event_id)
        .only("id", "display_name", "status")
        .order_by("display_name", "id")
    )


def registration_get(*, event_id: int, registration_id: int) -> Registration:
    registration = Registration.objects.filter(pk=registration_id, event_id=event_id).first()
    if registration is None:
        raise NotFoundError(
            _("registration %(registration_id)s is not part of this event")
            % {"registration_id": registration_id},
            field="registration",
        )
    return registration


def registration_id_in_event(*, event: Event, registration_id: int) -> int:
    """The id of a registration of this event; another event's is a 400 naming the field."""
    if not Registration.objects.filter(pk=registration_id, event=event).exists():
        raise InvalidInputError(
            _("that player is not registered for this event"), field="registration"
        )
    return registration_id


def registration_of_user(*, event_id: int, user: User) -> Registration:
    """The person's own registration for the event; 404 when they have none."""
    registration = Registration.objects.filter(event_id=event_id, user=user).first()
    if registration is None:
        raise Http404("not registered")
    return registration


# --- naming a player: by name or by table, never by id ------------------------------------------

#: "12", "table 12", "t12", "#12", "12卓", "卓12", "テーブル12": a table of the current round.
TABLE_TEXT = re.compile(
    r"^\s*(?:table|tbl|t|卓|テーブル)?\s*#?\s*(?P<table>\d{1,4})\s*(?:番?卓|番)?\s*$", re.IGNORECASE
)
#: A choice's label as the autocomplete shows it: "Aiko Tanaka · table 12" (or "· 12卓").
LABEL_TEXT = re.compile(r"^(?P<name>.+?)\s+·\s+\D*?(?P<table>\d{1,4})\D*$")
#: How many players the autocomplete and the "which one?" question offer at most.
CHOICES_LIMIT = 20


@dataclass(frozen=True)
class PlayerChoice:
    """A player a typed text may mean: the registration, its table in the current round."""

    registration: Registration
    table: int | None

    @property
    def name(self) -> str:
        return self.registration.display_name

    @property
    def value(self) -> str:
        """What a form posts to pick this player (hidden; never shown or typed)."""
        return str(self.registration.pk)

    @property
    def label(self) -> str:
        if self.table is None:
            return self.name
        return _("%(name)s · table %(table)s") % {"name": self.name, "table": self.table}


class AmbiguousPlayerError(InvalidInputError):
    """The text names more than one player: the form asks which one (``candidates``)."""

    def __init__(self, message: str, *, field: str, candidates: list[PlayerChoice]) -> None:
        super().__init__(message, field=field, extra={"candidates": [c.label for c in candidates]})
        self.candidates = candidates


def _seating(event: Event) -> dict[int, int]:
    """Registration id -> table in the event's latest round (one query)."""
    seating: dict[int, int] = {}
    rows = Match.objects.filter(
        round=Round.objects.filter(event=event).order_by("-number").values("pk")[:1]
    ).values_list("table", "player_a_id", "player_b_id")
    for table, player_a, player_b in rows:
        seating[player_a] = table
        if player_b is not None:
            seating[player_b] = table
    return seating


def player_choices(*, event: Event, query: str, limit: int = CHOICES_LIMIT) -> list[PlayerChoice]:
    """The event's players (not the waiting list) a typed text may mean: both players of a
    table of the current round ("12", "table 12", "12卓"), or the names containing the text,
    whole-name matches first. Two queries."""
    text = query.strip()
    if not text:
        return []
    seating = _seating(event)
    players = Registration.objects.filter(event=event).exclude(
        status=Registration.Status.WAITLISTED
    )
    table = TABLE_TEXT.match(text)
    if table is not None:
        number = int(table["table"])
        seated = [pk for pk, at in seating.items() if at == number]
        found = list(players.filter(pk__in=seated).order_by("display_name", "id")[:limit])
    else:
        found = list(players.filter(display_name__icontains=text).order_by("display_name", "id"))
        found.sort(key=lambda reg: reg.display_name.casefold() != text.casefold())
        found = found[:limit]
    return [PlayerChoice(registration=reg, table=seating.get(reg.pk)) for reg in found]


def registration_resolve(
    *, event: Event, text: str, pick: str = "", field: str = "player"
) -> Registration:
    """The one player of the event a form names: the picked choice (the autocomplete's hidden
    value, or the answer to "which one?"), else the typed name or table. None matching is a 400
    naming the field; several is an AmbiguousPlayerError carrying the candidates to pick from.
    Another event's player is never found."""
    if pick.strip():
        try:
            registration_id = int(pick)
        except ValueError:
            registration_id = 0
        registration = Registration.objects.filter(pk=registration_id, event=event).first()
        if registration is None:
            raise InvalidInputError(_("that player is not registered for this event"), field=field)
        return registration
    text = text.strip()
    if not text:
        raise InvalidInputError(_("type the player's name or table number"), field=field)
    label = LABEL_TEXT.match(text)
    if label is not None:  # a label of the autocomplete, typed or chosen without the script
        named = [
            choice
            for choice in player_choices(event=event, query=label["name"])
            if choice.name == label["name"] and choice.table == int(label["table"])
        ]
        if len(named) == 1:
            return named[0].registration
    choices = player_choices(event=event, query=text)
    whole = [c for c in choices if c.name.casefold() == text.casefold()]
    if len(whole) == 1:
        return whole[0].registration
    if len(choices) == 1:
        return choices[0].registration
    if not choices:
        raise InvalidInputError(
            _("no player of this event is called “%(text)s” or sits at that table")
            % {"text": text},
            field=field,
        )
    raise AmbiguousPlayerError(
        _("“%(text)s” may mean %(count)s players: pick one")
        % {"text": text, "count": len(choices)},
        field=field,
        candidates=choices,
    )


def registration_names(*, event_id: int) -> dict[int, str]:
    """Each registration's name as staff see it, by its id (one query of two columns)."""
    rows = Registration.objects.filter(event_id=event_id).values_list("pk", "display_name")
    return dict(rows)


def registrations_not_waitlisted(*, event_id: int) -> QuerySet[Registration]:
    """The event's players who hold a place (the waiting list left out), for the seating page."""
    return Registration.objects.filter(event_id=event_id).exclude(
        status=Registration.Status.WAITLISTED
    )


def registrations_checked_in_except(
    *, event_id: int, excluded: Iterable[int]
) -> list[Registration]:
    """The event's checked-in players other than ``excluded`` (ids): those the organiser may
    still seat by hand in a round paired before they checked in."""
    return list(
        Registration.objects.filter(
            event_id=event_id, status=Registration.Status.CHECKED_IN
        ).exclude(pk__in=list(excluded))
    )


def registration_with_game_get(*, registration_id: int) -> Registration:
    """A registration with its event and game (for file names and card links); 404 if absent."""
    registration = (
        Registration.objects.select_related("event__game").filter(pk=registration_id).first()
    )
    if registration is None:
        raise NotFoundError(
            _("registration %(registration_id)s does not exist")
            % {"registration_id": registration_id},
            field="registration",
        )
    return registration
