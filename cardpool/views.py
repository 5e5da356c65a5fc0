"""Card browser pages. (A registration's decklist page is ``tournaments.views.decklists``.)"""

from __future__ import annotations

from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import get_language

from cardpool.forms import SORT_LABELS, CardSearchForm
from cardpool.models import Game
from cardpool.selectors import CardFilters, card_facets, card_get, card_revisions, card_search

PAGE_SIZE = 60


def card_list(request: HttpRequest, game: str = "zutomayo") -> HttpResponse:
    if game not in Game.Slug.values:
        raise Http404("unknown game")
    form = CardSearchForm(request.GET or None)
    status = 200
    if form.is_bound and not form.is_valid():
        page = None
        status = 400
    else:
        language = get_language() or "en"
        filters = (
            form.filters(game=game, language=language)
            if form.is_bound
            else CardFilters(game=game, language=language)
        )
        paginator = Paginator(card_search(filters=filters), PAGE_SIZE)
        page = paginator.get_page(request.GET.get("page"))
    query = request.GET.copy()
    query.pop("page", None)
    return render(
        request,
        "cardpool/card_list.html",
        {
            "form": form,
            "page": page,
            "game": game,
            "games": Game.Slug.choices,
            "facets": card_facets(game=game),
            "sorts": SORT_LABELS.items(),
            "query": query.urlencode(),
        },
        status=status,
    )


def card_detail(request: HttpRequest, game: str, code: str) -> HttpResponse:
    card = card_get(game=game, code=code)
    if card is None:
        raise Http404("no such card")
    return render(
        request,
        "cardpool/card_detail.html",
        {"card": card, "revisions": card_revisions(card=card)[:20]},
    )
