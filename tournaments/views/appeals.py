"""Appeals: a player appeals a judge's decision from the match page; the head judge decides
it at the judge desk."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponseBase
from django.urls import reverse
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from core.errors import InvalidInputError
from core.views import request_user
from tournaments.forms.events import AppealDecisionForm, AppealForm
from tournaments.services.appeals import appeal_decide, appeal_file
from tournaments.views.common import run_and_redirect


def _first_error(form: AppealForm | AppealDecisionForm) -> InvalidInputError:
    field, errors = next(iter(form.errors.items()))
    return InvalidInputError(f"{field}: {errors[0]}", field=field)


@login_required
@require_POST
def match_appeal(request: HttpRequest, match_id: int) -> HttpResponseBase:
    user = request_user(request)
    form = AppealForm(request.POST)

    def file() -> object:
        if not form.is_valid():
            raise _first_error(form)
        return appeal_file(match_id=match_id, user=user, reason=form.cleaned_data["reason"])

    return run_and_redirect(
        request, file, success=_("Your appeal is sent to the head judge."),
        then=reverse("tournaments:match-report", args=[match_id]),
    )  # fmt: skip


@login_required
@require_POST
def appeal_decision(request: HttpRequest, event_id: int, appeal_id: int) -> HttpResponseBase:
    user = request_user(request)
    form = AppealDecisionForm(request.POST)

    def decide() -> object:
        if not form.is_valid():
            raise _first_error(form)
        data = form.cleaned_data
        return appeal_decide(
            appeal_id=appeal_id, event_id=event_id, by=user, outcome=data["outcome"],
            note=data["note"], wins_a=data["wins_a"] or 0, wins_b=data["wins_b"] or 0,
            draws=data["draws"] or 0,
        )  # fmt: skip

    return run_and_redirect(
        request, decide, success=_("The appeal is decided."),
        then=reverse("tournaments:judge-desk", args=[event_id]),
    )  # fmt: skip
