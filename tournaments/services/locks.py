"""The row locks services take before they change an event, a registration or a match.

Each is ``SELECT … FOR UPDATE`` of that row only (related rows are read, not locked), inside the
caller's transaction; a missing row is a NotFoundError naming it.
"""

from __future__ import annotations

from collections.abc import Sequence

from django.contrib.auth.models import User
from django.db.models import Model, QuerySet
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy

from core.errors import NotFoundError, PermissionDeniedError
from core.prepared import PreparedRead
from tournaments.models import Event, Match, Registration
from tournaments.permissions import ORGANISERS, event_roles_of

_ORGANISERS_ONLY = gettext_lazy("only the event's organisers can do this")
_MISSING = {
    "event": gettext_lazy("event %(pk)s does not exist"),
    "registration": gettext_lazy("registration %(pk)s does not exist"),
    "match": gettext_lazy("match %(pk)s does not exist"),
}


def _locked[M: Model](rows: QuerySet[M], pk: int, name: str) -> M:
    # by primary key, so no ORDER BY (``first()`` would compile the model's ordering)
    found = list(rows.select_for_update(of=("self",)).filter(pk=pk).order_by()[:1])
    row = found[0] if found else None
    if row is None:
        raise NotFoundError(str(_MISSING[name]) % {"pk": pk}, field=name)
    return row


def event_lock(
    event_id: int,
    by: User | None,
    *,
    refusal: str | Promise | None = None,
    roles: frozenset[str] = ORGANISERS,
) -> Event:
    """The event row, locked; refused with ``refusal`` unless ``by`` holds one of ``roles`` on
    it (organisers, unless said otherwise; None: the system itself)."""
    event = _locked(Event.objects.select_related("game"), event_id, "event")
    if by is not None and not event_roles_of(user=by, event_id=event_id) & roles:
        raise PermissionDeniedError(str(refusal or _ORGANISERS_ONLY), field="event")
    return event


def registration_lock(registration_id: int) -> Registration:
    """The registration row (with its event), locked."""
    return _locked(Registration.objects.select_related("event"), registration_id, "registration")


def match_lock(match_id: int, *, only: Sequence[str] = ()) -> Match:
    """The match row (with its round, event, game and players), locked. ``only``: the fields
    (``round__event__best_of``…) the caller reads, when it reads few: the rest are not selected
    (a field read that is not among them costs a query of its own)."""
    if only:
        found = _lean_match_lock(tuple(only)).rows(match_id)
        if not found:
            raise NotFoundError(str(_MISSING["match"]) % {"pk": match_id}, field="match")
        return found[0]
    return _locked(_match_rows(), match_id, "match")


def _match_rows() -> QuerySet[Match]:
    return Match.objects.select_related(
        "round", "round__event", "round__event__game", "player_a", "player_b"
    )


_LEAN_LOCKS: dict[tuple[str, ...], PreparedRead[Match]] = {}


def _lean_match_lock(only: tuple[str, ...]) -> PreparedRead[Match]:
    """The lock of a match with ``only`` those fields, its SQL compiled once (``core.prepared``:
    the lock is a player's report's dearest query to compile)."""
    prepared = _LEAN_LOCKS.get(only)
    if prepared is None:

        def rows(pk: int) -> QuerySet[Match]:
            lean = _match_rows().only(*only).select_for_update(of=("self",))
            return lean.filter(pk=pk).order_by()[:1]

        prepared = _LEAN_LOCKS.setdefault(only, PreparedRead(rows, -1))
    return prepared
