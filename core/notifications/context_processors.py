"""The unread count in the site header: one query per page for a logged-in person, none for
anyone else, and none at all when the page does not show it.

``unread_notifications`` is a cached callable: the template calls it (templates call callables)
wherever it is used, and the count is read once."""

from __future__ import annotations

import functools
from collections.abc import Callable

from django.http import HttpRequest

from core.notifications.selectors import notification_unread_count


def _none() -> int:
    return 0


def unread_notifications(request: HttpRequest) -> dict[str, Callable[[], int]]:
    user = getattr(request, "user", None)
    if user is None or not user.is_authenticated:
        return {"unread_notifications": _none}
    return {"unread_notifications": functools.cache(lambda: notification_unread_count(user=user))}
