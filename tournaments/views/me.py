"""The logged-in person's own pages across events: "my events"."""

from __future__ import annotations

from django.contrib.auth.decorators import login_required
from django.http import HttpRequest, HttpResponse
from django.shortcuts import render

from core.views import request_user
from tournaments.selectors.people import my_events


@login_required
def my_events_page(request: HttpRequest) -> HttpResponse:
    """Running, upcoming and past events of the person, with their record and placing."""
    found = my_events(user=request_user(request))
    return render(request, "tournaments/my_events.html", {"mine": found})
