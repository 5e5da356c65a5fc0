"""An event's results once it is over (what players study after an event): the published decklists
with each player's placing, and the metagame (shares and win rates per main element, as charts
drawn in SVG with attributes and CSS classes only: no script, no inline style)."""

from __future__ import annotations

from django.contrib.auth.views import redirect_to_login
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from tournaments.selectors.events import event_get_visible
from tournaments.selectors.metagame import event_metagame, published_decks


def event_decklists(request: HttpRequest, event_id: int) -> HttpResponse:
    """Every player's list (card names in the reader's language) with their placing."""
    event = event_get_visible(event_id=event_id, user=request.user)
    if not event.decklists_published and not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())  # before publication: organisers
    decks = published_decks(event=event, user=request.user)
    return render(
        request,
        "tournaments/results/decklists.html",
        {"event": event, "decks": decks, "language": request.LANGUAGE_CODE},
    )


def event_metagame_page(request: HttpRequest, event_id: int) -> HttpResponse:
    """The metagame: main elements and card types, and how each main element performed."""
    event = event_get_visible(event_id=event_id, user=request.user)
    if not event.decklists_published and not request.user.is_authenticated:
        return redirect_to_login(request.get_full_path())
    metagame = event_metagame(event=event, user=request.user)
    return render(
        request, "tournaments/results/metagame.html", {"event": event, "metagame": metagame}
    )
