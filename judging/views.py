"""Judge pages: open a case on a match, enter the game (JSON or the single-turn form), read the
ruling with every cited rule's text beside its number, file it on the match."""

from __future__ import annotations

import re
from typing import Any

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.views.decorators.http import require_POST

from core.views import form_service_call, request_user
from judging.forms import CaseOpenForm, RecordUploadForm, SingleTurnForm
from judging.models import Ruling
from judging.selectors import judge_case_get_for_judge, judge_case_list, rule_texts
from judging.services import judge_case_file, judge_case_open, record_parse, ruling_compute
from tournaments.permissions import event_get_for_staff
from tournaments.selectors.events import latest_round
from tournaments.selectors.matches import match_at_table

_RULE_KEY = re.compile(r"^\d+(?:\.\d+)*(?:#\w+)?$")


@login_required
def case_list(request: HttpRequest, event_id: int) -> HttpResponse:
    user = request_user(request)
    event = event_get_for_staff(user=user, event_id=event_id)
    form = CaseOpenForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        match_id = None
        if form.cleaned_data["table"]:
            table = form.cleaned_data["table"]
            match, _status, _error = form_service_call(
                form, lambda: match_at_table(round_obj=latest_round(event=event), table=table)
            )
            match_id = match.pk if match is not None else None
        if not form.errors:
            case = judge_case_open(
                event_id=event.pk, by=user, title=form.cleaned_data["title"], match_id=match_id
            )
            return redirect("judging:case-detail", case_id=case.pk)
    cases = judge_case_list(event_id=event.pk, user=user)
    status = 400 if request.method == "POST" else 200
    return render(
        request, "judging/case_list.html", {"event": event, "form": form, "cases": cases},
        status=status,
    )  # fmt: skip


def cited_rules(ruling: Ruling, lang: str) -> list[dict[str, Any]]:
    """Every rule the ruling cites, in order of first citation, with its text."""
    output = ruling.output.get(lang) or ruling.output.get("en") or {}
    keys: list[str] = []
    turn_events = [e for turn in output.get("turns", []) for e in turn.get("events", [])]
    for event in [*output.get("setup", {}).get("events", []), *turn_events]:
        for key in event.get("rules", []):
            if key not in keys:
                keys.append(key)
    for key in output.get("result", {}).get("rules", []):
        if key not in keys:
            keys.append(key)
    clauses = rule_texts(keys=keys)
    return [{"key": key, "clause": clauses.get(key)} for key in keys if _RULE_KEY.match(str(key))]


@login_required
def case_detail(request: HttpRequest, case_id: int) -> HttpResponse:
    user = request_user(request)
    case = judge_case_get_for_judge(case_id=case_id, user=user)
    upload = RecordUploadForm(prefix="upload")
    turn = SingleTurnForm(prefix="turn")
    status = 200
    if request.method == "POST":
        kind = request.POST.get("kind")
        form: RecordUploadForm | SingleTurnForm
        if kind == "turn":
            form = turn = SingleTurnForm(request.POST, prefix="turn")
        else:
            form = upload = RecordUploadForm(request.POST, request.FILES, prefix="upload")
        if form.is_valid():
            _ruling, status, _error = form_service_call(
                form,
                lambda: ruling_compute(
                    case_id=case.pk,
                    by=user,
                    record=turn.record()
                    if isinstance(form, SingleTurnForm)
                    else record_parse(upload.record_bytes()),
                ),
            )
            if status == 200:
                messages.success(request, _("Replayed."))
                return redirect("judging:case-detail", case_id=case.pk)
        else:
            status = 400
    rulings = list(case.rulings.all()[:10])
    latest = rulings[0] if rulings else None
    lang = "ja" if request.LANGUAGE_CODE == "ja" else "en"
    return render(
        request,
        "judging/case_detail.html",
        {
            "case": case,
            "event": case.event,
            "upload_form": upload,
            "turn_form": turn,
            "rulings": rulings,
            "latest": latest,
            "latest_text": (latest.text_ja if lang == "ja" else latest.text_en) if latest else "",
            "cited": cited_rules(latest, lang) if latest else [],
        },
        status=status,
    )


@login_required
@require_POST
def case_file(request: HttpRequest, case_id: int) -> HttpResponse:
    user = request_user(request)
    raw = request.POST.get("ruling", "")
    if not (raw.isascii() and raw.isdigit()) or len(raw) > 18:
        raise Http404("bad ruling")
    judge_case_file(case_id=case_id, ruling_id=int(raw), by=user)
    messages.success(request, _("The ruling is filed on the match."))
    return redirect("judging:case-detail", case_id=case_id)
