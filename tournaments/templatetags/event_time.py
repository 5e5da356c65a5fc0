"""``{% event_start event %}``: an event's start in its own zone and the reader's (see
``tournaments.display.event_time``). The reader's zone is looked up once per request."""

from __future__ import annotations

from django import template
from django.conf import settings
from django.http import HttpRequest
from django.template import Context

from core.time_zones import viewer_zone_name
from tournaments.display.event_time import event_start as start_of
from tournaments.models import Event

register = template.Library()

_CACHE_ATTRIBUTE = "_viewer_zone_name"


def viewer_zone_for(request: HttpRequest | None) -> str:
    """The reader's zone, remembered on the request so a list of cards costs one query."""
    if request is None:
        return str(settings.TIME_ZONE)
    cached = getattr(request, _CACHE_ATTRIBUTE, None)
    if cached is None:
        cached = viewer_zone_name(request.user)
        setattr(request, _CACHE_ATTRIBUTE, cached)
    return str(cached)


@register.inclusion_tag("tournaments/_event_start.html", takes_context=True)
def event_start(context: Context, event: Event, *, compact: bool = False) -> dict[str, object]:
    """The start of ``event``: ``compact`` (cards) prints it on one or two short lines."""
    start = start_of(event, viewer_zone_for(context.get("request")))
    return {"start": start, "compact": compact}
