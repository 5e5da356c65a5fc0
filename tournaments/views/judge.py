"""The judge desk: the queue, fast result entry, penalties and time extensions."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from core.errors import InvalidInputError
from core.views import request_user
from tournaments import services
from tournaments.forms import (
    PenaltyForm,
)
from tournaments.permissions import (
    event_get_for_result_keeper,
    event_get_for_staff,
)
from tournaments.selectors.checkin import judge_calls_open
from tournaments.selectors.events import latest_round
from tournaments.selectors.judge_desk import judge_queue, penalties_recent
from tournaments.selectors.matches import match_at_table
from tournaments.selectors.registrations import registration_id_in_event
from tournaments.selectors.staff import appeals_open
from tournaments.views.common import (
    post_int,
    run_and_redirect,
)

QUICK_SCORES = {
    "20": (2, 0, 0), "21": (2, 1, 0), "12": (1, 2, 0), "02": (0, 2, 0), "111": (1, 1, 1),
    "10": (1, 0, 0), "01": (0, 1, 0), "11": (1, 1, 0), "001": (0, 0, 1), "000": (0, 0, 0),
}  # fmt: skip


@login_required
def judge_desk(request: HttpRequest, event_id: int) -> HttpResponse:
    """Disputed and missing results of the current round, the fast entry form, penalties."""
    user = request_user(request)
    event = event_get_for_result_keeper(user=user, event_id=event_id)
    context = {
        "event": event,
        "penalty_form": PenaltyForm(),
        "penalties": penalties_recent(event=event, user=user),
        "judge_calls": judge_calls_open(event=event, user=user),
        "appeals": appeals_open(event_id=event.pk, user=user),
        **judge_queue(event=event, user=user),
    }
    return render(request, "tournaments/judge_desk.html", context)


@login_required
@require_POST
def judge_fast_entry(request: HttpRequest, event_id: int) -> HttpResponse:
    """Type the table number and a key (20, 21, 111 …): the result is entered and confirmed."""
    user = request_user(request)
    back = reverse("tournaments:judge-desk", args=[event_id])

    def enter() -> object:
        event = event_get_for_result_keeper(user=user, event_id=event_id)
        match = match_at_table(
            round_obj=latest_round(event=event), table=post_int(request, "table")
        )
        key = request.POST.get("score", "").strip()
        if key not in QUICK_SCORES:
            raise InvalidInputError(
                _("score key %(key)s is not one of %(keys)s")
                % {"key": key, "keys": ", ".join(QUICK_SCORES)},
                field="score",
            )
        wins_a, wins_b, draws = QUICK_SCORES[key]
        return services.result_enter_by_judge(
            match_id=match.pk, judge=user, wins_a=wins_a, wins_b=wins_b, draws=draws,
            intentional_draw=key == "000", reason=request.POST.get("reason", ""),
        )  # fmt: skip

    return run_and_redirect(request, enter, success=_("Result entered."), then=back)


@login_required
@require_POST
def judge_penalty(request: HttpRequest, event_id: int) -> HttpResponse:
    user = request_user(request)
    form = PenaltyForm(request.POST)

    def record() -> object:
        event = event_get_for_staff(user=user, event_id=event_id)
        if not form.is_valid():
            field, errors = next(iter(form.errors.items()))
            raise InvalidInputError(f"{field}: {errors[0]}", field=field)
        data = form.cleaned_data
        round_obj = latest_round(event=event)
        return services.penalty_record(
            registration_id=registration_id_in_event(
                event=event, registration_id=data["registration"]
            ),
            judge=user,
            infraction=data["infraction"], penalty=data["penalty"],
            round_id=round_obj.pk if round_obj else None, table=data["table"], note=data["note"],
        )  # fmt: skip

    return run_and_redirect(
        request, record, success=_("Penalty recorded."),
        then=reverse("tournaments:judge-desk", args=[event_id]),
    )  # fmt: skip


@login_required
@require_POST
def judge_extend(request: HttpRequest, event_id: int) -> HttpResponse:
    user = request_user(request)

    def extend() -> object:
        event = event_get_for_staff(user=user, event_id=event_id)
        match = match_at_table(
            round_obj=latest_round(event=event), table=post_int(request, "table")
        )
        return services.match_extend_time(
            match_id=match.pk, judge=user, minutes=post_int(request, "minutes"),
            reason=request.POST.get("reason", ""),
        )  # fmt: skip

    return run_and_redirect(
        request, extend, success=_("Time extension recorded."),
        then=reverse("tournaments:judge-desk", args=[event_id]),
    )  # fmt: skip
