"""The turn entry page every game's ``EntryPage`` shows: its form, filled in by card name, is
replayed as the case's ruling and the judge goes back to the case to add the claims; an invalid
form, or a record the engine refuses, is shown again with its errors.

The game gives the form (a ``RecordEntryForm``), its template and what else that template shows.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING

from django.contrib import messages
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from core.views import form_service_call
from judging.services import ruling_compute

if TYPE_CHECKING:
    from django.contrib.auth.models import User
    from django.http import HttpRequest, HttpResponse

    from judging.forms import RecordEntryForm
    from judging.models import JudgeCase


def entry_page(
    request: HttpRequest,
    case: JudgeCase,
    user: User,
    form: RecordEntryForm,
    *,
    template: str,
    context: Callable[[], Mapping[str, object]],
) -> HttpResponse:
    """On a valid POST, ``form``'s record replayed for ``case`` (back to the case); else the page,
    400 for an invalid form, the service's status for a refused record. ``context`` is read
    after the form is cleaned (a field's help may depend on the card entered)."""
    status = 200
    if request.method == "POST":
        if form.is_valid():
            _ruling, status, _error = form_service_call(
                form, lambda: ruling_compute(case_id=case.pk, by=user, record=form.record())
            )
            if status == 200:
                messages.success(request, _("Replayed. Add each player's claim below."))
                return redirect("judging:case-detail", case_id=case.pk)
        else:
            status = 400
    return render(
        request,
        template,
        {"case": case, "event": case.event, "form": form, **context()},
        status=status,
    )
