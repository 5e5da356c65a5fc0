"""Players' pages: register, drop, my table and the match's report page (which judges also use)."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from core.profiles import registration_name_for
from core.views import request_user
from tournaments import services
from tournaments.forms import (
    ResultForm,
)
from tournaments.models import Match
from tournaments.selectors.checkin import player_desk
from tournaments.selectors.events import event_get_visible
from tournaments.selectors.matches import match_for_viewer, my_current_match
from tournaments.selectors.registrations import registration_of_user
from tournaments.selectors.staff import match_appeal_state
from tournaments.views.common import (
    run_and_redirect,
)


@login_required
@require_POST
def event_register(request: HttpRequest, event_id: int) -> HttpResponse:
    user = request_user(request)
    event = event_get_visible(event_id=event_id, user=user)
    name = registration_name_for(user=user)
    return run_and_redirect(
        request,
        lambda: services.registration_create(event=event, user=user, display_name=name, by=user),
        success=_("You are registered."),
        then=reverse("tournaments:event-detail", args=[event.pk]),
    )


@login_required
@require_POST
def event_drop_self(request: HttpRequest, event_id: int) -> HttpResponse:
    user = request_user(request)
    registration = registration_of_user(event_id=event_id, user=user)
    return run_and_redirect(
        request,
        lambda: services.registration_drop(registration_id=registration.pk, by=user),
        success=_("You have dropped from the event."),
        then=reverse("tournaments:event-detail", args=[event_id]),
    )


@login_required
def my_match(request: HttpRequest, event_id: int) -> HttpResponse:
    """The player's table and opponent in the current round, and the report form."""
    user = request_user(request)
    event = event_get_visible(event_id=event_id, user=user)
    found = my_current_match(event=event, user=user)
    desk = player_desk(event=event, registration=found["registration"])  # type: ignore[arg-type]
    return render(request, "tournaments/my_match.html", {"event": event, **found, **desk})


@login_required
def match_report(request: HttpRequest, match_id: int) -> HttpResponse:
    """The page a match slip's QR code opens: players report, judges enter."""
    user = request_user(request)
    view = match_for_viewer(match_id=match_id, user=user)
    match: Match = view["match"]
    view |= match_appeal_state(match=match)
    back = reverse("tournaments:match-report", args=[match.pk])
    if request.method == "POST":
        form = ResultForm(request.POST)
        action = request.POST.get("action", "report")
        if action == "confirm":
            return run_and_redirect(
                request,
                lambda: services.result_confirm(match_id=match.pk, user=user),
                success=_("Result confirmed."),
                then=back,
            )
        if action == "concede":
            return run_and_redirect(
                request,
                lambda: services.result_report(
                    match_id=match.pk, user=user, wins_a=0, wins_b=0, concede=True
                ),
                success=_("You conceded the match."),
                then=back,
            )
        if not form.is_valid():
            return render(
                request, "tournaments/match_report.html", {**view, "form": form}, status=400
            )
        score = dict(form.cleaned_data)  # wins_a, wins_b, draws, intentional_draw
        if view["is_staff"] and not view["side"]:
            return run_and_redirect(
                request,
                lambda: services.result_enter_by_judge(
                    match_id=match.pk, judge=user, reason=request.POST.get("reason", ""), **score
                ),
                success=_("Result entered."),
                then=back,
            )
        return run_and_redirect(
            request,
            lambda: services.result_report(
                match_id=match.pk, user=user,
                idempotency_key=request.POST.get("idempotency_key", ""), **score,
            ),
            success=_("Result sent. Your opponent confirms it."),
            then=back,
        )  # fmt: skip
    return render(request, "tournaments/match_report.html", {**view, "form": ResultForm()})
