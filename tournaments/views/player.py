"""Players' pages: register, drop, my table and the match's report page (which judges also use)."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse, QueryDict
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy
from django.views.decorators.http import require_http_methods, require_POST

from core.live import answer_poll, is_live_poll, mark_page, render_live
from core.profiles import registration_name_for
from core.views import request_user
from tournaments import services
from tournaments.display.match_links import match_links
from tournaments.forms.events import (
    PlayerResultForm,
    ResultForm,
)
from tournaments.models import Match
from tournaments.procedures.end_of_round import (
    TIEBREAK_COUNTS,
    TIME_TIEBREAK,
    procedure_for,
    time_outcome_choices,
)
from tournaments.selectors.checkin import player_desk
from tournaments.selectors.events import event_get_visible
from tournaments.selectors.matches import match_for_viewer, my_current_match
from tournaments.selectors.registrations import registration_of_user
from tournaments.selectors.staff import match_appeal_state
from tournaments.views.common import (
    Confirm,
    confirmation_page,
    run_and_redirect,
)

DROP_SELF = Confirm(
    question=gettext_lazy("Drop from %(event)s?"),
    consequence=gettext_lazy(
        "You will not be paired in any later round; your results so far stay in the standings. "
        "You cannot undo this yourself: while registration is open you can register again, "
        "and until the event finishes the organiser can undo the drop."
    ),
    yes=gettext_lazy("Yes, drop me from the event"),
)
CONCEDE = Confirm(
    question=gettext_lazy("Concede round %(round)s, table %(table)s?"),
    consequence=gettext_lazy(
        "%(opponent)s wins the match and you lose it. A concession counts at once and you "
        "cannot take it back."
    ),
    yes=gettext_lazy("Yes, concede the match"),
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
@require_http_methods(["GET", "POST"])
def event_drop_self(request: HttpRequest, event_id: int) -> HttpResponse:
    """The player drops: the GET asks first, the confirmed POST drops."""
    user = request_user(request)
    registration = registration_of_user(event_id=event_id, user=user)
    event_page = reverse("tournaments:event-detail", args=[event_id])
    asked = confirmation_page(
        request, DROP_SELF, names={"event": registration.event.name},
        action=request.path, cancel=event_page,
    )  # fmt: skip
    if asked is not None:
        return asked
    return run_and_redirect(
        request,
        lambda: services.registration_drop(registration_id=registration.pk, by=user),
        success=_("You have dropped from the event."),
        then=reverse("tournaments:event-detail", args=[event_id]),
    )


@login_required
def my_match(request: HttpRequest, event_id: int) -> HttpResponse:
    """The player's table and opponent in the current round, and the report link. The part
    that changes (``#live``) refreshes itself by conditional requests (``core.live``)."""
    user = request_user(request)
    event = event_get_visible(event_id=event_id, user=user)
    found = my_current_match(event=event, user=user)
    desk = player_desk(event=event, registration=found["registration"])
    context = {"event": event, **found, **desk}
    html, etag = render_live(request, "tournaments/my_match.html#live", context, kind="me")
    if is_live_poll(request):
        return answer_poll(request, html, etag, private=True)
    page = {**context, "live_html": html, "live_etag": etag}
    return mark_page(render(request, "tournaments/my_match.html", page))


@login_required
def match_report(request: HttpRequest, match_id: int) -> HttpResponse:
    """The page a match slip's QR code opens: players report, judges enter."""
    user = request_user(request)
    view = match_for_viewer(match_id=match_id, user=user)
    match: Match = view["match"]
    view |= match_appeal_state(match=match)
    view |= _time_outcomes(match, by_judge=bool(view["is_staff"] and not view["side"]))
    view["match_links"] = match_links(match=match, user=user, is_staff=bool(view["is_staff"]))
    back = reverse("tournaments:match-report", args=[match.pk])
    view["disputing"] = bool(view["pending_from_opponent"]) and request.GET.get("dispute") == "1"
    if request.method == "POST":
        form = _result_form(view, request.POST)
        action = request.POST.get("action", "report")
        if action == "confirm":
            return run_and_redirect(
                request,
                lambda: services.result_confirm(match_id=match.pk, user=user),
                success=_("Result confirmed."),
                then=back,
            )
        if action == "concede":
            asked = _ask_concede(request, view, back)
            if asked is not None:
                return asked
            return run_and_redirect(
                request,
                lambda: services.result_report(
                    match_id=match.pk, user=user, wins_a=0, wins_b=0, concede=True
                ),
                success=_("You conceded the match: it counts at once."),
                then=back,
            )
        if not form.is_valid():
            return render(
                request, "tournaments/match_report.html", {**view, "form": form}, status=400
            )
        score = form.score()  # wins_a, wins_b, draws, intentional_draw, time outcome, overtime
        if view["is_staff"] and not view["side"]:
            return run_and_redirect(
                request,
                lambda: services.result_enter_by_judge(
                    match_id=match.pk, judge=user, reason=request.POST.get("reason", ""), **score
                ),
                success=_("Result entered."),
                then=back,
            )
        outcome = services.result_report(
            match_id=match.pk, user=user,
            idempotency_key=request.POST.get("idempotency_key", ""), **score,
        )  # fmt: skip
        messages.success(request, str(REPORTED.get(outcome.status, REPORTED["pending"])))
        return redirect(back)
    if request.GET.get("action") == "concede":
        asked = _ask_concede(request, view, back)
        if asked is not None:
            return asked
    return render(request, "tournaments/match_report.html", {**view, "form": _result_form(view)})


#: What a player is told once their report is stored, by where the match stands after it.
REPORTED = {
    "pending": gettext_lazy("Result sent: your opponent confirms it or disputes it."),
    "confirmed": gettext_lazy("Result confirmed: both reports agree."),
    "disputed": gettext_lazy("Your report differs from your opponent's: a judge will decide."),
}


def _result_form(view: Mapping[str, object], data: QueryDict | None = None) -> ResultForm:
    """A player's form reads the result from their side; a judge's, in seat order."""
    if view["side"]:
        needed = int(str(view["best_of"])) // 2 + 1
        return PlayerResultForm(data, side=str(view["side"]), needed=needed)
    return ResultForm(data)


def _time_outcomes(match: Match, *, by_judge: bool) -> dict[str, object]:
    """The event's end-of-round procedure and the time outcomes it offers (a game unfinished at
    time is decided by them)."""
    event = match.round.event
    procedure = procedure_for(event)
    return {
        "procedure": procedure,
        "time_choices": time_outcome_choices(event, by_judge=by_judge),
        "tiebreak_counts": TIEBREAK_COUNTS if TIME_TIEBREAK in procedure.outcomes else (),
    }


def _ask_concede(request: HttpRequest, view: dict[str, Any], back: str) -> HttpResponse | None:
    """The confirmation page of a concession (None once confirmed)."""
    match: Match = view["match"]
    side = view.get("side")
    opponent = match.player_b if side == "a" else match.player_a
    return confirmation_page(
        request, CONCEDE,
        names={
            "round": match.round.number, "table": match.table,
            "opponent": opponent.display_name if opponent else _("your opponent"),
        },
        action=back, cancel=back,
    )  # fmt: skip
