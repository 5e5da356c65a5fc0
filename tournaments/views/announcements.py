"""The organiser's announcements page: write one to every player, see the ones made."""

from __future__ import annotations

from django import forms
from django.contrib import messages
from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from core.views import form_service_call, request_user
from tournaments import services
from tournaments.permissions import event_get_for_organiser
from tournaments.selectors.announcements import announcement_list
from tournaments.services.announcements import MAX_ANNOUNCEMENT_CHARS


class AnnouncementForm(forms.Form):
    text = forms.CharField(
        label=gettext_lazy("Announcement"),
        max_length=MAX_ANNOUNCEMENT_CHARS,
        widget=forms.Textarea(attrs={"rows": 4}),
        help_text=gettext_lazy("Shown on the event page and sent to every player."),
    )


@login_required
def event_announcements(request: HttpRequest, event_id: int) -> HttpResponse:
    user = request_user(request)
    event = event_get_for_organiser(user=user, event_id=event_id)
    form = AnnouncementForm(request.POST or None)
    status = 200
    if request.method == "POST":
        status = 400
        if form.is_valid():
            text = form.cleaned_data["text"]
            outcome = form_service_call(
                form,
                lambda: services.announcement_create(event_id=event.pk, by=user, text=text),
            )
            if outcome.error is None:
                messages.success(request, _("The announcement is posted and sent to the players."))
                return redirect("tournaments:event-announcements", event_id=event.pk)
            status = outcome.status
    return render(
        request,
        "tournaments/announcements.html",
        {"event": event, "form": form, "announcements": announcement_list(event_id=event.pk)},
        status=status,
    )
