"""Site-wide pages: health check, login and logout, and the error page every app's views use.
(The home page lists events: it is ``tournaments.views.public.home``.)"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import NamedTuple
from urllib.parse import urlsplit, urlunsplit

from allauth.account import views as allauth_views
from allauth.account.stages import LoginStageController
from allauth.mfa.base import views as allauth_mfa_views
from allauth.mfa.stages import AuthenticateStage
from django.conf import settings
from django.contrib.auth.models import User
from django.db import InterfaceError, OperationalError, connection
from django.forms import BaseForm
from django.http import HttpRequest, HttpResponse, HttpResponseBase, JsonResponse
from django.shortcuts import redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation
from django.utils.http import url_has_allowed_host_and_scheme
from django.utils.translation import gettext as _
from django.views import defaults
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from core.accounts import RETRY_AFTER_ATTRIBUTE
from core.api import DATABASE_RETRY_AFTER, error_item
from core.errors import DomainError, PermissionDeniedError, field_label
from core.selectors import yardstick_row


def _database_status() -> dict[str, object]:
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except Exception as exc:  # health checks report any failure rather than raise
        return {"ok": False, "vendor": connection.vendor, "error": exc.__class__.__name__}
    return {"ok": True, "vendor": connection.vendor}


def _redis_status() -> dict[str, object] | None:
    if not settings.REDIS_URL:
        return None
    import redis

    try:
        client = redis.Redis.from_url(
            settings.REDIS_URL, socket_connect_timeout=1, socket_timeout=1
        )
        client.ping()
    except Exception as exc:  # health checks report any failure rather than raise
        return {"ok": False, "error": exc.__class__.__name__}
    return {"ok": True}


@never_cache
@require_GET
def healthz(request: HttpRequest) -> JsonResponse:
    """Liveness for a load balancer: the database decides it (503 when it is down). Redis is
    the cache and the broker, not a dependency: when it is down the site still serves pages,
    log-ins and reports (jobs wait in their rows), so the answer is a 200 that says
    ``"status": "degraded"``, never a 503 that would take every web node out for a Redis blip."""
    database = _database_status()
    redis_status = _redis_status()
    alive = bool(database["ok"])
    if not alive:
        status = "error"
    elif redis_status is not None and not redis_status["ok"]:
        status = "degraded"
    else:
        status = "ok"
    body = {
        "status": status,
        "database": database,
        "redis": redis_status if redis_status is not None else {"configured": False},
    }
    return JsonResponse(body, status=200 if alive else 503)


@never_cache
@require_GET
def yardstick(request: HttpRequest) -> JsonResponse:
    """The load benchmark's yardstick, so that its figures mean the same on any machine: one row
    by primary key, a small JSON answer, no cache, no Redis. Every ratio ``benchmarks/load.py``
    prints is against it."""
    return JsonResponse({"row": yardstick_row()})


class LoginView(allauth_views.LoginView):
    """allauth's log-in page (username or email), answering 429 with ``Retry-After`` while the
    account is refused by the failed-login limiter (``core.accounts``)."""

    def form_invalid(self, form: BaseForm) -> HttpResponse:
        response: HttpResponse = super().form_invalid(form)
        retry_after = getattr(self.request, RETRY_AFTER_ATTRIBUTE, 0)
        if retry_after:
            response.status_code = 429
            response["Retry-After"] = str(retry_after)
        return response


class AdminLoginView(LoginView):
    """``/admin/login/``: the same log-in page and limiter as everyone's, so the admin site has
    no second way in. Someone already logged in who is not site staff is told so and may log in
    as someone else; site staff go on to the admin site."""

    def dispatch(self, request: HttpRequest, *args: object, **kwargs: object) -> HttpResponseBase:
        user = request.user
        if user.is_authenticated:
            if getattr(user, "is_staff", False):
                return redirect(self.get_success_url())
            return render(request, "core/admin_not_staff.html")
        response: HttpResponseBase = super().dispatch(request, *args, **kwargs)
        return response

    def get_success_url(self) -> str:
        return self.get_next_url() or reverse("admin:index")


class MfaAuthenticateView(allauth_mfa_views.AuthenticateView):
    """allauth's two-factor code step. Asked when no log-in waits for a code (an old link, a
    second tab), it says so and links to the log-in page instead of sending the person away
    without a word."""

    def dispatch(self, request: HttpRequest, *args: object, **kwargs: object) -> HttpResponseBase:
        if LoginStageController.enter(request, AuthenticateStage.key) is None:
            return render(request, "core/mfa_no_login.html")
        response: HttpResponseBase = super().dispatch(request, *args, **kwargs)
        return response

    def form_invalid(self, form: BaseForm) -> HttpResponse:
        """A code refused by the limiter answers 429 with ``Retry-After``, as the log-in page."""
        response: HttpResponse = super().form_invalid(form)
        retry_after = getattr(self.request, RETRY_AFTER_ATTRIBUTE, 0)
        if retry_after:
            response.status_code = 429
            response["Retry-After"] = str(retry_after)
        return response


def page_not_found(request: HttpRequest, exception: Exception) -> HttpResponse:
    """The 404 of an unknown URL: under ``/api/`` in the API's error shape (``core.api``),
    elsewhere Django's page."""
    if request.path_info.startswith("/api/"):
        body = error_item("not_found", f"no API URL {request.path_info}")
        return JsonResponse(body, status=404)
    return defaults.page_not_found(request, exception)


def _api_error(request: HttpRequest, code: str, detail: str, status: int) -> JsonResponse | None:
    if not request.path_info.startswith("/api/"):
        return None
    return JsonResponse(error_item(code, detail), status=status)


def bad_request(request: HttpRequest, exception: Exception) -> HttpResponse:
    """Django's 400 (a malformed form body, too many fields, a disallowed host): under
    ``/api/`` in the API's error shape."""
    return _api_error(request, "bad_request", "the request is malformed", 400) or (
        defaults.bad_request(request, exception)
    )


def permission_denied(request: HttpRequest, exception: Exception) -> HttpResponse:
    """Django's 403 outside DRF: under ``/api/`` in the API's error shape."""
    detail = str(exception) or "you may not do this"
    return _api_error(request, "permission_denied", detail, 403) or (
        defaults.permission_denied(request, exception)
    )


def server_error(request: HttpRequest) -> HttpResponse:
    """A 500: under ``/api/`` in the API's error shape (nothing of the failure told), else
    Django's page.

    The database lost outside DRF's views (a middleware's query when ``pg_terminate_backend``
    ends the connection: the session, the API token's look-up before the view) is no 500 but
    a 503 with ``Retry-After`` (JSON under ``/api/``), as inside them (``core.api``): Django
    calls this handler inside its ``except``, so the exception is ``sys.exc_info()``'s."""
    failure = sys.exc_info()[1]
    if isinstance(failure, (OperationalError, InterfaceError)):
        response: HttpResponse = _api_error(
            request, "database_unavailable", "the database is unreachable; retry shortly", 503
        ) or HttpResponse(
            render_to_string(
                "503.html",
                {
                    "message": _("The site cannot reach its database."),
                    "retry_after": DATABASE_RETRY_AFTER,
                    "LANGUAGE_CODE": translation.get_language(),
                },
            ),
            status=503,
        )
        response["Retry-After"] = str(DATABASE_RETRY_AFTER)
        return response
    return _api_error(request, "server_error", "something went wrong on our side", 500) or (
        defaults.server_error(request)
    )


def back_link(request: HttpRequest) -> str:
    """Where the error page's "Back" leads: the page the person came from when it is a page of
    this site (same host, and HTTPS when the request is), else nothing. A foreign or malformed
    Referer is never followed."""
    referer = request.META.get("HTTP_REFERER", "")
    if not referer or len(referer) > 2000:
        return ""
    if not url_has_allowed_host_and_scheme(
        referer, allowed_hosts={request.get_host()}, require_https=request.is_secure()
    ):
        return ""
    parts = urlsplit(referer)
    if parts.scheme and parts.scheme not in ("http", "https"):
        return ""
    return str(urlunsplit(("", "", parts.path or "/", parts.query, "")))


def domain_error_response(request: HttpRequest, error: DomainError) -> HttpResponse:
    """The one place a page turns a service's DomainError into a response: the error page,
    with the error's 4xx status, saying what is wrong and where (in words, ``field_label``),
    that nothing changed, and where to put it right (the error's ``fixes``)."""
    return render(
        request,
        "core/error.html",
        {"error": error, "where": field_label(error.field), "back": back_link(request)},
        status=error.status_code,
    )


class FormOutcome[T](NamedTuple):
    """What a service call made for a form: its result, or the refusal and its status."""

    value: T | None
    status: int
    error: DomainError | None = None


def form_service_call[T](form: BaseForm, action: Callable[[], T]) -> FormOutcome[T]:
    """Call a service for a form. A DomainError becomes the form's error and its status: on its
    field when the form has one of that name, else on the whole form with the place named (a
    record path, say); success is the result and 200. The only place a page catches a
    DomainError: every other one rises to ``core.middleware``."""
    try:
        return FormOutcome(action(), 200)
    except DomainError as error:
        if error.field in form.fields:
            form.add_error(error.field, error.message)
        else:
            label = field_label(error.field)
            form.add_error(None, error.message + (f" ({label})" if label else ""))
        return FormOutcome(None, error.status_code, error)


def request_user(request: HttpRequest) -> User:
    """The logged-in person (views behind ``login_required``)."""
    user = request.user
    if not isinstance(user, User):
        raise PermissionDeniedError(_("log in first"))
    return user
