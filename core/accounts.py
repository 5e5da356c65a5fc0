"""django-allauth, fitted to the project: its log-in goes through the project's one failed-login
limiter (``core.login_limits``), accounts made before allauth (with no email address on file)
can still log in, and a person's preferred language applies once they log in.

allauth's own ``login_failed`` limit is switched off in the settings (``ACCOUNT_RATE_LIMITS``):
the log-in page, ``/admin/login/`` (the same page) and the API's token endpoint all count
against the same per-account counter.
"""

from __future__ import annotations

from typing import Any

from allauth.account import app_settings as allauth_settings
from allauth.account.adapter import DefaultAccountAdapter
from allauth.account.forms import LoginForm as AllauthLoginForm
from allauth.account.models import EmailAddress
from django import forms
from django.conf import settings
from django.contrib.auth.base_user import AbstractBaseUser
from django.http import HttpRequest, HttpResponse
from django.utils import translation
from django.utils.translation import gettext_lazy as _

from core.login_limits import (
    login_account_name,
    login_failure_record,
    login_failures_clear,
    login_retry_after,
)
from core.models import Profile
from core.names import display_name_problem
from core.time_zones import session_time_zone_set

RATE_LIMITED = "rate_limited"
RATE_LIMITED_MESSAGE = _(
    "Too many failed logins for this account. Try again in %(minutes)s minute(s)."
)
#: Where the view finds how long the person must wait (the response's Retry-After).
RETRY_AFTER_ATTRIBUTE = "login_retry_after"


def _login_of(credentials: dict[str, Any]) -> str:
    return str(credentials.get("username") or credentials.get("email") or "")


class AccountAdapter(DefaultAccountAdapter):
    """allauth's adapter, counting failed log-ins in the project's limiter."""

    def pre_authenticate(self, request: HttpRequest, **credentials: Any) -> None:
        login = _login_of(credentials)
        if not login:
            return
        retry_after = login_retry_after(username=login_account_name(login))
        if retry_after:
            setattr(request, RETRY_AFTER_ATTRIBUTE, retry_after)
            raise forms.ValidationError(
                RATE_LIMITED_MESSAGE,
                code=RATE_LIMITED,
                params={"minutes": (retry_after + 59) // 60},
            )

    def authenticate(self, request: HttpRequest, **credentials: Any) -> AbstractBaseUser | None:
        user: AbstractBaseUser | None = super().authenticate(request, **credentials)
        if user is not None:
            login_failures_clear(username=login_account_name(_login_of(credentials)))
        return user

    def clean_username(self, username: str, shallow: bool = False) -> str:
        """A username is the name events show until the profile gives another: the one name
        rule (``core.names``) on top of allauth's."""
        username = super().clean_username(username, shallow=shallow)
        problem = display_name_problem(username)
        if problem:
            raise forms.ValidationError(problem, code="invalid_name")
        return username

    def authentication_failed(self, request: HttpRequest, **credentials: Any) -> None:
        login = _login_of(credentials)
        if login:
            login_failure_record(username=login_account_name(login))

    def post_login(self, request: HttpRequest, user: AbstractBaseUser, **kwargs: Any) -> Any:
        """After log-in, the site speaks the person's preferred language and shows times in their
        time zone."""
        response: HttpResponse = super().post_login(request, user, **kwargs)
        chosen, zone = Profile.objects.filter(user_id=user.pk).values_list(
            "language", "time_zone"
        ).first() or ("", "")
        if zone:
            session_time_zone_set(request, zone)
        if chosen:
            translation.activate(chosen)
            response.set_cookie(
                settings.LANGUAGE_COOKIE_NAME,
                chosen,
                samesite="Lax",
                secure=request.is_secure(),
            )
        return response


class LoginForm(AllauthLoginForm):
    """allauth's log-in form (username or email, and password).

    An account made before sign-up existed (by a command, an import, the desk) has no email
    address on file, so there is nothing to verify: it logs in with its password. Every account
    made by signing up has its address on file and must verify it first.
    """

    def clean(self) -> Any:
        cleaned = super().clean()
        login = getattr(self, "_login", None)
        if login is not None and not EmailAddress.objects.filter(user_id=login.user.pk).exists():
            login.email_verification = allauth_settings.EmailVerificationMethod.NONE
        return cleaned
