"""A registration's decklist page: the player (or an organiser) submits a new version; the
event's judges and organisers also compare a presented deck with the registered list."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from core.errors import InvalidInputError
from core.views import form_service_call, request_user
from tournaments import services
from tournaments.forms.events import DeckCheckForm, DecklistForm
from tournaments.permissions import is_event_staff
from tournaments.selectors.decklists import (
    deck_check_for_judge,
    decklist_current_or_none,
    registration_for_decklist_page,
)
from tournaments.views.decks import decklist_page_extras  # reading a list by card


@login_required
def decklist_submit_page(request: HttpRequest, registration_id: int) -> HttpResponse:
    """A player's decklist: the current version, and a form to submit a new one."""
    user = request_user(request)
    registration = registration_for_decklist_page(registration_id=registration_id)
    if registration is None:
        raise Http404("no such registration")
    staff = is_event_staff(user=user, event_id=registration.event_id)
    deck_check = None
    # The deck-check form is the judges' (only they are shown it); a player's post is a list.
    if request.method == "POST" and staff and "presented" in request.POST:
        check_form = DeckCheckForm(request.POST)
        if not check_form.is_valid():
            raise InvalidInputError(_("paste the deck as presented"), field="presented")
        deck_check = deck_check_for_judge(
            registration_id=registration_id, user=user, data=check_form.cleaned_data["presented"]
        )
    form = DecklistForm(None if deck_check is not None else (request.POST or None),
                        request.FILES or None)  # fmt: skip
    report = None
    status = 200
    if request.method == "POST" and deck_check is None and form.is_valid():
        _version, status, error = form_service_call(
            form,
            lambda: services.decklist_submit(
                registration_id=registration_id, submitted_by=user, data=form.data_bytes()
            ),
        )
        if error is None:
            messages.success(request, _("Decklist saved."))
            return redirect("tournaments:decklist-submit", registration_id=registration_id)
        report = error.extra.get("report_ja" if request.LANGUAGE_CODE == "ja" else "report")
    current = decklist_current_or_none(registration_id=registration_id, user=user)
    return render(
        request,
        "tournaments/decklist_submit.html",
        {
            "form": form,
            "current": current,
            "report": report,
            "registration": registration,
            "deck_check": deck_check,
            "check_form": DeckCheckForm(),
            "is_staff": staff,
            **decklist_page_extras(
                request, registration=registration, current=current, form=form, report=report
            ),
        },
        status=status,
    )
