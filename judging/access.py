"""What the judging routes' arguments name, for the route guard (``core.access``): a judge case
belongs to its event.

Loaded once at start-up by ``core``'s ``AppConfig.ready`` (``autodiscover_modules("access")``,
as the admin loads each app's ``admin.py``)."""

from core.access import register_subject
from judging.selectors import case_subject

register_subject("case_id", case_subject)
