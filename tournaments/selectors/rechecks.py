"""Re-checks of an event's lists and the lists they found illegal (after a ban-list change)."""

from __future__ import annotations

from dataclasses import dataclass

from tournaments.models import Decklist, DecklistRecheck, Registration
from tournaments.permissions import AnyUser, require_event_organiser

RUNNING = (DecklistRecheck.Status.QUEUED, DecklistRecheck.Status.RUNNING)


@dataclass(frozen=True)
class RecheckRow:
    recheck: DecklistRecheck
    illegal_names: list[str]

    @property
    def in_progress(self) -> bool:
        return self.recheck.status in RUNNING

    @property
    def percent(self) -> int:
        total = self.recheck.total
        return round(100 * self.recheck.done / total) if total else 0


def rechecks_with_names(*, event_id: int, user: AnyUser, limit: int = 10) -> list[RecheckRow]:
    """The event's latest re-checks, newest first, naming the players found illegal (for its
    organisers; two queries)."""
    require_event_organiser(user=user, event_id=event_id)
    rechecks = list(
        DecklistRecheck.objects.filter(event_id=event_id).order_by("-created_at")[:limit]
    )
    ids = {int(row["registration"]) for r in rechecks for row in r.illegal}
    names = dict(
        Registration.objects.filter(pk__in=ids, event_id=event_id).values_list("pk", "display_name")
    )
    return [
        RecheckRow(r, [names.get(int(row["registration"]), "?") for row in r.illegal])
        for r in rechecks
    ]


def illegal_decklists(*, event_id: int) -> list[Decklist]:
    """The event's lists a re-check found illegal and not yet fixed (one query)."""
    return list(
        Decklist.objects.filter(registration__event_id=event_id, illegal_since__isnull=False)
        .select_related("registration")
        .order_by("registration__display_name")
    )
