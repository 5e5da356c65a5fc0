"""What the routes' arguments name, for the route guard (``core.access``): an event, a match (and
its players), a registration (and its player), an appeal (its match's event); and the levels a
person holds on an event.

Loaded once at start-up by ``core``'s ``AppConfig.ready`` (``autodiscover_modules("access")``,
as the admin loads each app's ``admin.py``)."""

from core.access import register_event_levels, register_subject
from tournaments.permissions import (
    appeal_subject,
    event_levels_held,
    event_subject,
    match_subject,
    registration_subject,
)

register_event_levels(event_levels_held)
register_subject("event_id", event_subject, is_event=True)
register_subject("match_id", match_subject)
register_subject("registration_id", registration_subject)
register_subject("appeal_id", appeal_subject)
