"""When an event starts, as a person reads it: in the event's own zone, with the zone's name,
and in the reader's zone too when that differs (``{% event_start event %}`` in cards and on the
event page)."""

from __future__ import annotations

import datetime as dt
import zoneinfo
from dataclasses import dataclass

from django.utils.formats import date_format

from core.time_zones import zone_label
from tournaments.models import Event


@dataclass(frozen=True)
class ZonedTime:
    """One moment in one zone, ready to print."""

    moment: dt.datetime
    text: str
    zone: str
    zone_label: str
    offset: str


@dataclass(frozen=True)
class EventStart:
    """The event's start in its own zone and, when the reader's differs, in the reader's."""

    local: ZonedTime
    viewer: ZonedTime | None

    @property
    def iso(self) -> str:
        return self.local.moment.isoformat()


def _offset(moment: dt.datetime) -> str:
    delta = moment.utcoffset() or dt.timedelta(0)
    minutes = int(delta.total_seconds()) // 60
    sign = "+" if minutes >= 0 else "-"
    hours, rest = divmod(abs(minutes), 60)
    return f"UTC{sign}{hours:02d}:{rest:02d}"


def zoned(moment: dt.datetime, zone_name: str) -> ZonedTime:
    """``moment`` seen in ``zone_name``: the date (localised, with the weekday) and a 24-hour
    time. The naive wall-clock value is formatted so that Django does not convert it again."""
    local = moment.astimezone(zoneinfo.ZoneInfo(zone_name))
    wall = local.replace(tzinfo=None)
    text = f"{date_format(wall, 'DATE_FORMAT')} ({date_format(wall, 'D')}) {wall:%H:%M}"
    return ZonedTime(local, text, zone_name, zone_label(zone_name), _offset(local))


def event_start(event: Event, viewer_zone: str) -> EventStart:
    """The event's start for a reader in ``viewer_zone``; ``viewer`` is None when the reader's
    zone shows the same wall-clock time as the event's (same zone or same offset that day)."""
    starts_at = event.starts_at
    zone_name = str(event.zone.key)
    local = zoned(starts_at, zone_name)
    viewer = zoned(starts_at, viewer_zone)
    same = viewer.zone == local.zone or (viewer.moment.utcoffset() == local.moment.utcoffset())
    return EventStart(local=local, viewer=None if same else viewer)
