"""Decklist re-checks after a ban-list change (so an organiser sees who must fix a list): their
progress and the lists they found illegal, for the event's organisers, who can unlock a player's
list so the player fixes it after the deadline."""

from __future__ import annotations

from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from core.views import request_user
from tournaments import services
from tournaments.selectors.events import event_get_visible
from tournaments.selectors.rechecks import illegal_decklists, rechecks_with_names


@login_required
def recheck_list(request: HttpRequest, event_id: int) -> HttpResponse:
    """The event's re-checks, newest first, with progress; and the lists now illegal."""
    user = request_user(request)
    event = event_get_visible(event_id=event_id, user=user)
    rechecks = rechecks_with_names(event_id=event.pk, user=user)
    return render(
        request,
        "tournaments/results/rechecks.html",
        {
            "event": event,
            "rechecks": rechecks,
            "illegal": illegal_decklists(event_id=event.pk),
            "in_progress": any(row.in_progress for row in rechecks),
        },
    )


@login_required
def decklist_unlock(request: HttpRequest, event_id: int, registration_id: int) -> HttpResponse:
    """POST: unlock the player's list (the organiser's button)."""
    user = request_user(request)
    event = event_get_visible(event_id=event_id, user=user)
    services.decklist_unlock(registration_id=registration_id, by=user, event_id=event.pk)
    messages.success(request, _("The list is unlocked: the player can submit a new one."))
    back = "event-manage" if request.POST.get("back") == "dashboard" else "decklist-rechecks"
    return redirect(f"tournaments:{back}", event_id=event.pk)
