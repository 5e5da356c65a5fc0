"""Organisers' tools around an event: copy it to start the next one, and read its audit log
(organisers and head judges)."""

from __future__ import annotations

import datetime as dt

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from core.time_zones import zone_label
from core.views import form_service_call, request_user
from tournaments import services
from tournaments.display.audit_labels import KINDS
from tournaments.forms.events import EventCopyForm
from tournaments.permissions import (
    HEAD_JUDGE,
    ORGANISER,
    event_get_for_organiser,
    event_get_for_role,
)
from tournaments.selectors.audit import event_audit_page
from tournaments.services.copying import copy_name


@login_required
def event_copy(request: HttpRequest, event_id: int) -> HttpResponse:
    """A form (name and date, a week later by default) that makes a draft copy of the event
    with its settings, structure and staff, then opens the copy's dashboard."""
    user = request_user(request)
    event = event_get_for_organiser(user=user, event_id=event_id)
    initial = {"name": copy_name(event.name), "date": event.date + dt.timedelta(days=7)}
    form = EventCopyForm(request.POST or None, initial=initial)
    status = 200
    if request.method == "POST":
        status = 400
        if form.is_valid():
            data = form.cleaned_data
            copy, status, _error = form_service_call(
                form,
                lambda: services.event_copy(
                    actor=user, event_id=event.pk, name=data["name"], date=data["date"]
                ),
            )
            if copy is not None:
                messages.success(
                    request,
                    _("Copy made as a draft: check it, then open registration when ready."),
                )
                return redirect("tournaments:event-manage", event_id=copy.pk)
    return render(
        request, "tournaments/event_copy.html", {"event": event, "form": form}, status=status
    )


@login_required
def event_audit(request: HttpRequest, event_id: int) -> HttpResponse:
    """The event's audit log, newest first, one kind of action at a time if asked."""
    user = request_user(request)
    event = event_get_for_role(
        user=user, event_id=event_id, roles=frozenset({ORGANISER, HEAD_JUDGE})
    )
    kind = request.GET.get("kind", "")
    with_system = request.GET.get("system") == "1"
    page, rows = event_audit_page(
        event=event,
        user=user,
        kind=kind,
        page=request.GET.get("page", 1),
        with_system=with_system,
    )
    return render(
        request,
        "tournaments/event_audit.html",
        {
            "event": event,
            "page": page,
            "rows": rows,
            "kinds": KINDS,
            "kind": kind,
            "with_system": with_system,
            "zone_label": zone_label(event.time_zone),
        },
    )
