"""Site-wide pages: health check, login and logout, and the error page every app's views use.
(The home page lists events: it is ``tournaments.views.public.home``.)"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, NamedTuple

from django.conf import settings
from django.contrib.auth import views as auth_views
from django.contrib.auth.models import User
from django.db import connection
from django.forms import BaseForm
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.utils.translation import gettext as _
from django.views import defaults
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

from core.api import error_item
from core.errors import DomainError, PermissionDeniedError
from core.forms import RateLimitedAuthenticationForm


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
            settings.REDIS_URL, socket_connect_timeout=2, socket_timeout=2
        )
        client.ping()
    except Exception as exc:  # health checks report any failure rather than raise
        return {"ok": False, "error": exc.__class__.__name__}
    return {"ok": True}


@never_cache
@require_GET
def healthz(request: HttpRequest) -> JsonResponse:
    """Database and (when configured) Redis status; 503 when any is down."""
    checks: dict[str, object] = {"database": _database_status()}
    redis_status = _redis_status()
    checks["redis"] = redis_status if redis_status is not None else {"configured": False}
    ok = bool(checks["database"]["ok"]) and (redis_status is None or bool(redis_status["ok"]))  # type: ignore[index]  # dicts built above
    return JsonResponse({"status": "ok" if ok else "error", **checks}, status=200 if ok else 503)


class LoginView(auth_views.LoginView):
    form_class = RateLimitedAuthenticationForm
    template_name = "core/login.html"
    redirect_authenticated_user = True

    def form_invalid(self, form: Any) -> HttpResponse:
        response = super().form_invalid(form)
        if any(error.code == "rate_limited" for error in form.non_field_errors().as_data()):
            response.status_code = 429
            response["Retry-After"] = str(getattr(form, "retry_after", 300))
        return response


class LogoutView(auth_views.LogoutView):
    template_name = "core/logged_out.html"


def page_not_found(request: HttpRequest, exception: Exception) -> HttpResponse:
    """The 404 of an unknown URL: under ``/api/`` in the API's error shape (``core.api``),
    elsewhere Django's page."""
    if request.path_info.startswith("/api/"):
        body = error_item("not_found", f"no API URL {request.path_info}")
        return JsonResponse(body, status=404)
    return defaults.page_not_found(request, exception)


def domain_error_response(request: HttpRequest, error: DomainError) -> HttpResponse:
    """The one place a page turns a service's DomainError into a response: the error page,
    with the error's 4xx status, saying what is wrong and where, and that nothing changed."""
    return render(
        request,
        "core/error.html",
        {"error": error, "back": request.META.get("HTTP_REFERER", "")},
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
            where = f" ({error.field})" if error.field else ""
            form.add_error(None, error.message + where)
        return FormOutcome(None, error.status_code, error)


def request_user(request: HttpRequest) -> User:
    """The logged-in person (views behind ``login_required``)."""
    user = request.user
    if not isinstance(user, User):
        raise PermissionDeniedError(_("log in first"))
    return user
