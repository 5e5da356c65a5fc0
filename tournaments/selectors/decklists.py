"""Decklists of an event: the page's registration, the current list as a person may see it, its
versions, re-checks and a judge's deck check."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from django.db.models import F, QuerySet
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from cardpool.legality.parser import parse_decklist
from cardpool.selectors import card_index_for_game, decklist_format, decklist_refuse_unencodable
from core.errors import NotFoundError, PermissionDeniedError
from tournaments.models import (
    DecklistRecheck,
    DecklistVersion,
    Registration,
)
from tournaments.permissions import (
    AnyUser,
    is_event_staff,
    require_event_organiser,
)


def registration_for_decklist_page(*, registration_id: int) -> Registration | None:
    """The registration with its event (and game, for the card links), or None."""
    return (
        Registration.objects.select_related("event", "event__game")
        .filter(pk=registration_id)
        .first()
    )


@dataclass(frozen=True)
class DecklistState:
    """Where a player's list stands for pairing: legal, illegal (with the first reason, in both
    languages) or missing."""

    state: Literal["legal", "illegal", "missing"]
    reason_en: str = ""
    reason_ja: str = ""

    @property
    def reason(self) -> str:
        """The first reason in the language in use."""
        return self.reason_ja if (get_language() or "").startswith("ja") else self.reason_en


_MISSING = DecklistState("missing")


def _first_message(errors: object) -> str:
    if isinstance(errors, list) and errors and isinstance(errors[0], dict):
        return str(errors[0].get("message", ""))
    return ""


def decklist_states(*, event_id: int) -> dict[int, DecklistState]:
    """Each registration's list state by registration id, from one query (a registration with
    no submitted list is absent: ``decklist_state_of`` gives it as missing). A list a re-check
    found illegal gives the re-check's first reason."""
    rows = DecklistVersion.objects.filter(
        decklist__registration__event_id=event_id, version=F("decklist__current_version")
    ).values_list(
        "decklist__registration_id", "legal", "report", "decklist__illegal_since",
        "decklist__recheck_report",
    )  # fmt: skip
    states: dict[int, DecklistState] = {}
    for registration_id, legal, report, illegal_since, recheck in rows:
        if legal and illegal_since is None:
            states[registration_id] = DecklistState("legal")
            continue
        if illegal_since is not None and recheck:
            english, japanese = _first_message(recheck.get("en")), _first_message(recheck.get("ja"))
        else:
            english = _first_message((report.get("en") or {}).get("errors"))
            japanese = _first_message((report.get("ja") or {}).get("errors"))
        states[registration_id] = DecklistState("illegal", english, japanese)
    return states


def decklist_state_of(states: dict[int, DecklistState], registration_id: int) -> DecklistState:
    return states.get(registration_id, _MISSING)


@dataclass(frozen=True)
class UnlistedPlayer:
    """A checked-in player whose list is missing or illegal when round 1 is paired."""

    registration_id: int
    name: str
    decklist: DecklistState

    def as_json(self) -> dict[str, object]:
        return {
            "registration": self.registration_id,
            "name": self.name,
            "decklist": self.decklist.state,
            "reason": self.decklist.reason_en,
            "reason_ja": self.decklist.reason_ja,
        }


def players_without_legal_list(*, event_id: int) -> list[UnlistedPlayer]:
    """The event's checked-in players whose list is missing or illegal, by name."""
    states = decklist_states(event_id=event_id)
    checked_in = Registration.objects.filter(
        event_id=event_id, status=Registration.Status.CHECKED_IN
    ).order_by("display_name", "pk")
    return [
        UnlistedPlayer(reg.pk, reg.display_name, decklist_state_of(states, reg.pk))
        for reg in checked_in.only("pk", "display_name")
        if decklist_state_of(states, reg.pk).state != "legal"
    ]


def decklist_current_for_viewer(*, registration_id: int, user: AnyUser) -> DecklistVersion:
    """The current list of a registration, if ``user`` may read it.

    The player and the event's staff always may; other people only once the organiser has
    published the event's lists. Raises NotFoundError / PermissionDeniedError.
    """
    registration = Registration.objects.select_related("event").filter(pk=registration_id).first()
    if registration is None:
        raise NotFoundError(
            _("registration %(registration_id)s does not exist")
            % {"registration_id": registration_id},
            field="registration",
        )
    is_owner = user.is_authenticated and registration.user_id == user.pk
    if not (
        is_owner
        or registration.event.decklists_published
        or is_event_staff(user=user, event_id=registration.event_id)
    ):
        raise PermissionDeniedError(
            _("decklists of this event are visible to the player and the event's staff only"),
            field="registration",
        )
    version = (
        DecklistVersion.objects.filter(
            decklist__registration_id=registration_id, version=F("decklist__current_version")
        )
        .select_related("decklist__registration")
        .first()
    )
    if version is None:
        raise NotFoundError(_("no decklist has been submitted for this registration"))
    return version


def decklist_current_or_none(*, registration_id: int, user: AnyUser) -> DecklistVersion | None:
    """The current list as ``decklist_current_for_viewer`` gives it, or None when none has been
    submitted yet (a person who may not read it is still refused)."""
    try:
        return decklist_current_for_viewer(registration_id=registration_id, user=user)
    except NotFoundError as error:
        if error.field == "registration":
            raise
        return None


def decklist_versions(*, registration_id: int, user: AnyUser) -> QuerySet[DecklistVersion]:
    """The versions of a registration's list ``user`` may read, newest first: every one for the
    player and the event's staff; for anyone else (the lists are published) only the list the
    player played, the current one (the version in force when round 1 was paired, or a
    correction the organiser let them make after it), never the drafts before it."""
    current = decklist_current_for_viewer(registration_id=registration_id, user=user)
    versions = DecklistVersion.objects.filter(decklist_id=current.decklist_id)
    registration = current.decklist.registration
    is_owner = user.is_authenticated and registration.user_id == user.pk
    if not (is_owner or is_event_staff(user=user, event_id=registration.event_id)):
        versions = versions.filter(pk=current.pk)
    return versions.order_by("-version")


def decklist_rechecks_recent(
    *, event_id: int, user: AnyUser, limit: int = 10
) -> QuerySet[DecklistRecheck]:
    """The event's latest re-checks of every list, newest first (for its organisers)."""
    require_event_organiser(user=user, event_id=event_id)
    return DecklistRecheck.objects.filter(event_id=event_id).order_by("-created_at")[:limit]


@dataclass(frozen=True)
class DeckDifference:
    card: str
    registered: int
    presented: int

    @property
    def delta(self) -> int:
        return self.presented - self.registered


def deck_differences(
    *, registered: list[dict[str, object]], presented: dict[str, int]
) -> list[DeckDifference]:
    """Cards whose count differs between the registered list and the presented deck."""
    counts = {str(row["id"]): int(str(row["count"])) for row in registered}
    return [
        DeckDifference(card=card, registered=counts.get(card, 0), presented=presented.get(card, 0))
        for card in sorted(set(counts) | set(presented))
        if counts.get(card, 0) != presented.get(card, 0)
    ]


def deck_check_for_judge(
    *, registration_id: int, user: AnyUser, data: str | bytes, fmt: str = "auto"
) -> dict[str, object]:
    """Compare a presented deck with the registered list (event staff only)."""
    registration = (
        Registration.objects.select_related("event__game").filter(pk=registration_id).first()
    )
    if registration is None:
        raise NotFoundError(
            _("registration %(registration_id)s does not exist")
            % {"registration_id": registration_id},
            field="registration",
        )
    if not is_event_staff(user=user, event_id=registration.event_id):
        raise PermissionDeniedError(_("deck checks are for the event's judges and organisers"))
    current = decklist_current_for_viewer(registration_id=registration_id, user=user)
    index = card_index_for_game(game=registration.event.game.slug)
    decklist_refuse_unencodable(data=data, fmt=decklist_format(fmt))
    parsed = parse_decklist(data, index, fmt=decklist_format(fmt))
    differences = deck_differences(registered=current.cards, presented=parsed.decklist.counts())
    return {
        "matches": not differences and parsed.ok,
        "registered_version": current.version,
        "differences": [
            {"card": d.card, "registered": d.registered, "presented": d.presented, "delta": d.delta}
            for d in differences
        ],
        "presented_issues": [
            {"code": i.code, "line": i.line, "message": i.message_en, "message_ja": i.message_ja}
            for i in parsed.issues
        ],
    }


def decklist_recheck_get(*, recheck_id: int) -> DecklistRecheck:
    """A re-check as stored now (its task may already have run, when tasks run eagerly)."""
    return DecklistRecheck.objects.get(pk=recheck_id)
