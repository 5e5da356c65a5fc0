"""Card browser pages."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.contrib.auth.models import User
from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from cardpool.forms import CardSearchForm
from cardpool.models import Game
from cardpool.selectors import (
    CardFilters,
    card_facets,
    card_get,
    card_revisions,
    card_search,
    deck_check_for_judge,
    decklist_current_for_viewer,
)
from cardpool.services import decklist_submit
from core.errors import DomainError, InvalidInputError, NotFoundError, PermissionDeniedError
from core.views import domain_error_response
from tournaments.forms import DeckCheckForm, DecklistForm
from tournaments.models import Registration
from tournaments.permissions import is_event_staff

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
        filters = form.filters(game=game) if form.is_bound else CardFilters(game=game)
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


@login_required
def decklist_submit_page(request: HttpRequest, registration_id: int) -> HttpResponse:
    """A player's decklist: the current version, and a form to submit a new one."""
    user = request.user
    assert isinstance(user, User)  # login_required  # noqa: S101
    registration = Registration.objects.select_related("event").filter(pk=registration_id).first()
    if registration is None:
        raise Http404("no such registration")
    staff = is_event_staff(user=user, event_id=registration.event_id)
    deck_check = None
    # The deck-check form is the judges' (only they are shown it); a player's post is a list.
    if request.method == "POST" and staff and "presented" in request.POST:
        check_form = DeckCheckForm(request.POST)
        try:
            if not check_form.is_valid():
                raise InvalidInputError("paste the deck as presented", field="presented")
            deck_check = deck_check_for_judge(
                registration_id=registration_id, user=user,
                data=check_form.cleaned_data["presented"],
            )  # fmt: skip
        except DomainError as error:
            return domain_error_response(request, error)
    form = DecklistForm(None if deck_check is not None else (request.POST or None),
                        request.FILES or None)  # fmt: skip
    report = None
    status = 200
    if request.method == "POST" and deck_check is None and form.is_valid():
        try:
            decklist_submit(
                registration_id=registration_id, submitted_by=user, data=form.data_bytes()
            )
        except DomainError as error:
            status = error.status_code
            report = error.extra.get("report_ja" if request.LANGUAGE_CODE == "ja" else "report")
            form.add_error(None, error.message)
        else:
            messages.success(request, _("Decklist saved."))
            return redirect("cardpool:decklist-submit", registration_id=registration_id)
    try:
        current = decklist_current_for_viewer(registration_id=registration_id, user=user)
    except NotFoundError:
        current = None
    except PermissionDeniedError as error:
        return domain_error_response(request, error)
    return render(
        request,
        "cardpool/decklist_submit.html",
        {
            "form": form,
            "current": current,
            "report": report,
            "registration": registration,
            "deck_check": deck_check,
            "check_form": DeckCheckForm(),
            "is_staff": staff,
        },
        status=status,
    )
