"""The person's own time zone (their profile's) for the pages they see.

Kept in the session when they log in or save their profile, so no request queries the profile;
``PersonTimeZoneMiddleware`` activates it (the site's ``TIME_ZONE`` otherwise)."""

from __future__ import annotations

import zoneinfo
from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.utils import timezone

SESSION_KEY = "person_time_zone"


def session_time_zone_set(request: HttpRequest, name: str) -> None:
    if hasattr(request, "session"):
        request.session[SESSION_KEY] = name


class PersonTimeZoneMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        name = request.session.get(SESSION_KEY) if hasattr(request, "session") else None
        zone = None
        if isinstance(name, str) and name:
            try:
                zone = zoneinfo.ZoneInfo(name)
            except (zoneinfo.ZoneInfoNotFoundError, ValueError):
                zone = None
        if zone is not None:
            timezone.activate(zone)
        else:
            timezone.deactivate()
        try:
            return self.get_response(request)
        finally:
            timezone.deactivate()
