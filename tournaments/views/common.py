"""Shared pieces of the event pages: run a service and go on, read a whole number from a form.

A service's DomainError is not caught here: it rises to ``core.middleware``, which renders the
error page with its 4xx status.
"""

from __future__ import annotations

from collections.abc import Callable

from django.contrib import messages
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect
from django.utils.translation import gettext as _

from core.errors import InvalidInputError


def run_and_redirect(
    request: HttpRequest, action: Callable[[], object], *, success: str, then: str
) -> HttpResponse:
    """Call a service; then show ``success`` and go to ``then``."""
    action()
    messages.success(request, success)
    return redirect(then, permanent=False)


def post_int(request: HttpRequest, name: str) -> int:
    """A whole number from the posted form; anything else is a 400 naming the field."""
    raw = request.POST.get(name, "")
    try:
        return int(raw)
    except ValueError:
        raise InvalidInputError(
            _("%(name)s must be a whole number") % {"name": name}, field=name
        ) from None
