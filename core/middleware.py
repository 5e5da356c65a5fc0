"""The one error path of the HTML pages: a service's DomainError becomes the error page.

Views call services and let a DomainError rise; this middleware renders it with its 4xx status
(``core.views.domain_error_response``). The REST API never reaches it: DRF's own exception
handler (``core.api``) answers first, in JSON.
"""

from __future__ import annotations

from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse, HttpResponseBase
from django.middleware.gzip import GZipMiddleware

from core.errors import DomainError
from core.views import domain_error_response


class DomainErrorMiddleware:
    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_exception(self, request: HttpRequest, exception: Exception) -> HttpResponse | None:
        if isinstance(exception, DomainError):
            return domain_error_response(request, exception)
        return None


class ReadCompressionMiddleware(GZipMiddleware):
    """gzip for reads (GET and HEAD: public pages, live fragments, API reads), never for the
    answer to a write, which may echo what was posted (BREACH, below).

    BREACH: a compressed body that holds a secret beside text the attacker chooses leaks the
    secret through its length. Our pages carry a CSRF token (the log-out and language forms);
    Django masks it afresh in every response, so no two bodies hold the same token string, and
    ``GZipMiddleware`` adds random padding to every compressed body ("Heal the Breach"). Live
    fragments and API reads hold no token at all. Answers to writes (which may echo what was
    posted) are sent as they are.
    """

    def process_response(
        self, request: HttpRequest, response: HttpResponseBase
    ) -> HttpResponseBase:
        if request.method not in ("GET", "HEAD"):
            return response
        compressed: HttpResponseBase = super().process_response(request, response)
        return compressed


class PermissionsPolicyMiddleware:
    """Sends ``Permissions-Policy`` (``settings.PERMISSIONS_POLICY``) with every response: the
    browser features the site never uses (camera, microphone, geolocation, payment …) are off
    for it and for anything it might embed."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response
        self.header = ", ".join(
            f"{feature}=({' '.join(allowed)})"
            for feature, allowed in settings.PERMISSIONS_POLICY.items()
        )

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if self.header:
            response.headers.setdefault("Permissions-Policy", self.header)
        return response
