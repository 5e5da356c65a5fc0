"""Captures the address of the request being served, so that a notification enqueued during
it can put absolute links in its mail when ``SITE_URL`` is not set."""

from __future__ import annotations

from collections.abc import Callable
from contextvars import ContextVar

from django.core.exceptions import DisallowedHost
from django.http import HttpRequest, HttpResponseBase

#: ``https://host`` of the request being served (empty outside a request).
current_base_url: ContextVar[str] = ContextVar("current_base_url", default="")


class RequestBaseUrlMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponseBase]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponseBase:
        try:
            base = request.build_absolute_uri("/").rstrip("/")
        except DisallowedHost:  # Django answers it with a 400 at its own place
            base = ""
        token = current_base_url.set(base)
        try:
            return self.get_response(request)
        finally:
            current_base_url.reset(token)
