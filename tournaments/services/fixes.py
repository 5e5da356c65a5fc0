"""Where a refusal is put right: the links a service's error carries (``core.errors.FixLink``),
which the error page shows under the message. One place, so that every refusal about the same
thing (a table with no result, the check-in, registration not open) sends the person to the same
page with the same words."""

from __future__ import annotations

from collections.abc import Iterable

from django.urls import reverse
from django.utils.translation import gettext as _

from core.errors import FixLink
from tournaments.models import Event, Match

#: At most this many tables are linked one by one; the desk lists them all.
MAX_TABLE_LINKS = 20


def results_desk(*, event_id: int, tables: Iterable[Match]) -> tuple[FixLink, ...]:
    """Each table with no result (its match page, where the result is entered), then the judge
    desk, which lists every missing result."""
    links = [
        FixLink(
            reverse("tournaments:match-report", args=[match.pk]),
            _("Enter the result of table %(table)s") % {"table": match.table},
        )
        for match in list(tables)[:MAX_TABLE_LINKS]
    ]
    links.append(
        FixLink(
            reverse("tournaments:judge-desk", args=[event_id]),
            _("Open the judge desk (every missing result)"),
        )
    )
    return tuple(links)


def check_in_desk(*, event_id: int) -> FixLink:
    return FixLink(
        reverse("tournaments:check-in-desk", args=[event_id]), _("Open the check-in desk")
    )


def open_registration(*, event: Event) -> FixLink:
    """The dashboard's "open registration" action itself (a button on the error page)."""
    return FixLink(
        reverse("tournaments:event-action", args=[event.pk, "open"]),
        _("Open registration for %(event)s") % {"event": event.name},
        post=True,
    )


def my_event_page(*, event_id: int) -> FixLink:
    """The player's page of the event, where they check in once the window is open."""
    return FixLink(reverse("tournaments:my-match", args=[event_id]), _("Your page for this event"))
