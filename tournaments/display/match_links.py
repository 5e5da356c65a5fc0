"""Links a higher layer adds to a match's page (``tournaments:match-report``): the judging app
adds the ruling filed on the match. Providers register at start-up (``judging.apps``), as the
overtime tiebreak does (``procedures.end_of_round``); this layer never imports theirs."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from django.contrib.auth.models import User

from tournaments.models import Match


@dataclass(frozen=True)
class MatchLink:
    """A link on the match page: its words (translated already) and where it goes."""

    label: str
    url: str


#: (match, viewer, is_staff) -> the viewer's links; ``is_staff``: the viewer is one of the event's
#: judges, scorekeepers or organisers (the page's own answer).
MatchLinks = Callable[[Match, User, bool], list[MatchLink]]
_PROVIDERS: list[MatchLinks] = []


def register_match_links(provider: MatchLinks) -> None:
    """Called once at start-up by the layer that has something to show on a match's page."""
    if provider not in _PROVIDERS:
        _PROVIDERS.append(provider)


def match_links(*, match: Match, user: User, is_staff: bool) -> list[MatchLink]:
    """Every registered provider's links for this viewer, in the order they registered."""
    return [link for provider in _PROVIDERS for link in provider(match, user, is_staff)]
