"""Decklists of an event: the page's registration, the current list as a person may see it, its
versions, re-checks and a judge's deck check."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import F, QuerySet
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
        .select_related("decklist")
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
    """Every version of a registration's list, newest first, if ``user`` may read its current
    one (``decklist_current_for_viewer``)."""
    current = decklist_current_for_viewer(registration_id=registration_id, user=user)
    return DecklistVersion.objects.filter(decklist_id=current.decklist_id).order_by("-version")


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
