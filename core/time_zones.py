"""Time zones people pick from, and the check that a zone's name is a real IANA zone.

Events keep their own zone (an event in Osaka starts at 10:00 Japan time whoever reads the page);
people keep theirs in their profile. The select lists the zones players of these games most
often meet, Japan first; the services accept any zone ``zoneinfo`` knows.
"""

from __future__ import annotations

import zoneinfo
from collections.abc import Callable

from django.conf import settings
from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.http import HttpRequest, HttpResponse
from django.utils import timezone
from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

from core.models import Profile

#: The zones offered in forms, Japan first: (IANA name, what a person reads).
COMMON_ZONES: tuple[tuple[str, str | Promise], ...] = (
    ("Asia/Tokyo", _("Japan (Tokyo)")),
    ("Asia/Seoul", _("Korea (Seoul)")),
    ("Asia/Shanghai", _("China (Shanghai)")),
    ("Asia/Taipei", _("Taiwan (Taipei)")),
    ("Asia/Hong_Kong", _("Hong Kong")),
    ("Asia/Singapore", _("Singapore")),
    ("Asia/Bangkok", _("Thailand (Bangkok)")),
    ("Australia/Sydney", _("Australia (Sydney)")),
    ("Pacific/Auckland", _("New Zealand (Auckland)")),
    ("Pacific/Honolulu", _("Hawaii (Honolulu)")),
    ("America/Los_Angeles", _("US Pacific (Los Angeles)")),
    ("America/Denver", _("US Mountain (Denver)")),
    ("America/Chicago", _("US Central (Chicago)")),
    ("America/New_York", _("US Eastern (New York)")),
    ("America/Sao_Paulo", _("Brazil (São Paulo)")),
    ("Europe/London", _("UK (London)")),
    ("Europe/Paris", _("Central Europe (Paris)")),
    ("Europe/Berlin", _("Central Europe (Berlin)")),
    ("UTC", _("UTC")),
)
_LABELS = dict(COMMON_ZONES)


def is_valid_zone(name: str) -> bool:
    """Whether ``name`` is an IANA zone this machine knows (``Asia/Tokyo`` yes, ``Mars/Base``
    no, ``../etc`` no)."""
    if not name or name != name.strip():
        return False
    try:
        zoneinfo.ZoneInfo(name)
    except (zoneinfo.ZoneInfoNotFoundError, ValueError):
        return False
    return True


def zone_label(name: str) -> str:
    """What a person reads for a zone: its translated name for the common ones, else the IANA
    name itself."""
    label = _LABELS.get(name)
    return str(label) if label is not None else name


def viewer_zone_name(user: AbstractBaseUser | AnonymousUser) -> str:
    """The zone a person reads times in: their profile's when they have one, else the site's."""
    if user.is_authenticated:
        zone = Profile.objects.filter(user_id=user.pk).values_list("time_zone", flat=True).first()
        if zone and is_valid_zone(zone):
            return zone
    return str(settings.TIME_ZONE)


# --- the person's zone on their own requests (from their profile) ---------------------------------

#: Where the person's zone is kept: set at log-in and when the profile is saved, so that no
#: request queries the profile to find it.
SESSION_KEY = "person_time_zone"


def session_time_zone_set(request: HttpRequest, name: str) -> None:
    if hasattr(request, "session"):
        request.session[SESSION_KEY] = name


class PersonTimeZoneMiddleware:
    """Activates the person's own zone (from the session) for their request; the site's
    ``TIME_ZONE`` otherwise."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        name = request.session.get(SESSION_KEY) if hasattr(request, "session") else None
        if isinstance(name, str) and is_valid_zone(name):
            timezone.activate(zoneinfo.ZoneInfo(name))
        else:
            timezone.deactivate()
        try:
            return self.get_response(request)
        finally:
            timezone.deactivate()
