"""The ruling filed on a match, linked from the match's page (``tournaments.display.match_links``):
registered at start-up by ``judging.apps``. The players of the match and the event's staff get
the players' link to the ruling (signed; without the judges' notes)."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.urls import reverse
from django.utils.translation import gettext as _

from judging.selectors import filed_rulings_of_match
from judging.views import share_token_of
from tournaments.display.match_links import MatchLink, register_match_links
from tournaments.models import Match


def filed_ruling_links(match: Match, user: User, is_staff: bool) -> list[MatchLink]:
    players = {match.player_a.user_id, match.player_b.user_id if match.player_b else None}
    if not is_staff and user.pk not in players:
        return []
    return [
        MatchLink(
            label=_("The judge's ruling on this match: %(title)s") % {"title": title},
            url=reverse("judging:ruling-shared", args=[share_token_of(ruling_id)]),
        )
        for ruling_id, title in filed_rulings_of_match(match_id=match.pk)
    ]


register_match_links(filed_ruling_links)
