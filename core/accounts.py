"""django-allauth, fitted to the project: its log-in and its two-factor code step go through the
project's one failed-login limiter (``core.login_limits``), accounts made before allauth (with
no email address on file) can still log in, and a person's preferred language applies once they
log in.

allauth's own ``login_failed`` limit is switched off in the settings (``ACCOUNT_RATE_LIMITS``):
the log-in page, ``/admin/login/`` (the same page), the code step and the API's token endpoint
all count in the same limiter. A right password of an account with two-factor on counts as
half-way: the account's failures are forgotten only once the code is right too.

allauth's mails are not sent in the request: the adapter renders each in the recipient's
language and queues it in the outbox (``core.account_mail``), so a mail server that refuses or
hangs never breaks sign-up, a password reset or an e-mail change.
"""

from __future__ import annotations

import logging
from collections.abc import Mapping

from allauth.account import app_settings as allauth_settings
from allauth.account.adapter import DefaultAccountAdapter
from allauth.account.forms import LoginForm as AllauthLoginForm
from allauth.account.models import EmailAddress
from allauth.core import context
from allauth.core import context as allauth_context
from allauth.mfa import app_settings as mfa_settings
from allauth.mfa.adapter import get_adapter as get_mfa_adapter
from allauth.mfa.base.forms import AuthenticateForm
from allauth.mfa.models import Authenticator
from allauth.mfa.totp.internal.auth import validate_totp_code
from allauth.mfa.utils import decrypt, is_mfa_enabled
from django import forms
from django.conf import settings
from django.contrib.auth.base_user import AbstractBaseUser
from django.contrib.sites.shortcuts import get_current_site
from django.http import HttpRequest, HttpResponse
from django.utils import translation
from django.utils.translation import gettext_lazy as _

from core.account_mail import account_mail_language, account_mail_queue
from core.client_address import client_address
from core.login_limits import (
    DATABASE_STORE,
    LoginAttempt,
    LoginRefusedError,
    login_account_name,
    login_attempt_begin,
    login_attempt_failed,
    login_attempt_first_factor_passed,
    login_attempt_succeeded,
)
from core.models import Profile
from core.names import display_name_problem
from core.time_zones import session_time_zone_set

logger = logging.getLogger(__name__)

RATE_LIMITED = "rate_limited"
ACCOUNT_LIMITED_MESSAGE = _(
    "Too many failed logins for this account. Wait %(seconds)s seconds and try again."
)
#: Where the view finds how long the person must wait (the response's Retry-After).
RETRY_AFTER_ATTRIBUTE = "login_retry_after"


def refusal_message(refused: LoginRefusedError) -> str:
    """The refusal in words, in the language in use."""
    return str(ACCOUNT_LIMITED_MESSAGE) % {"seconds": refused.retry_after}


def attempt_begin(request: HttpRequest, account: str) -> LoginAttempt:
    """Let one log-in attempt be checked, or raise the form error that says how long to wait
    (and leave that wait on the request for the view's ``Retry-After``)."""
    try:
        return login_attempt_begin(account=account, address=client_address(request))
    except LoginRefusedError as refused:
        setattr(request, RETRY_AFTER_ATTRIBUTE, refused.retry_after)
        raise forms.ValidationError(refusal_message(refused), code=RATE_LIMITED) from None


def _login_of(credentials: Mapping[str, object]) -> str:
    return str(credentials.get("username") or credentials.get("email") or "")


class AccountAdapter(DefaultAccountAdapter):
    """allauth's adapter, counting every password check in the project's limiter."""

    def pre_authenticate(self, request: HttpRequest, **credentials: object) -> None:
        """Nothing: the limiter is applied around the check itself (``authenticate``)."""

    def authenticate(self, request: HttpRequest, **credentials: object) -> AbstractBaseUser | None:
        login = _login_of(credentials)
        attempt = attempt_begin(request, login_account_name(login) if login else "")
        user: AbstractBaseUser | None = super().authenticate(request, **credentials)
        if user is None:
            login_attempt_failed(attempt)
        elif is_mfa_enabled(user):
            login_attempt_first_factor_passed(attempt)
        else:
            login_attempt_succeeded(attempt)
        return user

    def send_mail(self, template_prefix: str, email: str, context: dict[str, object]) -> None:
        """Render the mail now, in the recipient's language, and queue it (the outbox sends it):
        the page that asked for it answers whether or not a mail server does."""
        request = allauth_context.request
        with translation.override(account_mail_language(email=email, user=context.get("user"))):
            message = self.render_mail(
                template_prefix,
                email,
                {
                    "request": request,
                    "email": email,
                    "current_site": get_current_site(request),
                    **context,
                },
            )
        account_mail_queue(message=message, kind=template_prefix)

    def clean_username(self, username: str, shallow: bool = False) -> str:
        """A username is the name events show until the profile gives another: the one name
        rule (``core.names``) on top of allauth's."""
        username = super().clean_username(username, shallow=shallow)
        problem = display_name_problem(username)
        if problem:
            raise forms.ValidationError(problem, code="invalid_name")
        return username

    def post_login(
        self, request: HttpRequest, user: AbstractBaseUser, **kwargs: object
    ) -> HttpResponse:
        """After log-in, the site shows times in the person's time zone and speaks their
        profile's language, unless they chose a language on this device (the language cookie:
        the switcher's choice stays; their mail still follows the profile)."""
        response: HttpResponse = super().post_login(request, user, **kwargs)
        chosen, zone = Profile.objects.filter(user_id=user.pk).values_list(
            "language", "time_zone"
        ).first() or ("", "")
        if zone:
            session_time_zone_set(request, zone)
        if chosen and settings.LANGUAGE_COOKIE_NAME not in request.COOKIES:
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

    def clean(self) -> dict[str, object]:
        cleaned: dict[str, object] = super().clean()
        login = getattr(self, "_login", None)
        if login is not None and not EmailAddress.objects.filter(user_id=login.user.pk).exists():
            login.email_verification = allauth_settings.EmailVerificationMethod.NONE
        return cleaned


class MfaAuthenticateForm(AuthenticateForm):
    """allauth's two-factor code step, each code checked through the project's limiter.
    Its field is "Authenticator code" (allauth's "Code" would take the card pool's Japanese,
    カードID)."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)
        field = self.fields["code"]
        field.label = _("Authenticator code")
        field.widget.attrs["placeholder"] = _("6-digit code or recovery code")
        field.widget.attrs["inputmode"] = "text"

    def clean_code(self) -> str:
        request = context.request
        attempt = attempt_begin(request, self.user.get_username())
        code = str(self.cleaned_data["code"])
        for authenticator in _code_authenticators(self.user):
            if _code_matches(authenticator, code):
                authenticator.user = self.user
                self.authenticator = authenticator
                login_attempt_succeeded(attempt)
                return code
        login_attempt_failed(attempt)
        raise get_mfa_adapter().validation_error("incorrect_code")


def _code_authenticators(user: AbstractBaseUser) -> list[Authenticator]:
    """The account's authenticators that take a typed code (TOTP first, then recovery codes)."""
    found = Authenticator.objects.filter(user_id=user.pk).exclude(type=Authenticator.Type.WEBAUTHN)
    return sorted(found, key=lambda item: item.type != Authenticator.Type.TOTP)


def _code_matches(authenticator: Authenticator, code: str) -> bool:
    """allauth's check of one code. A TOTP code is marked used in the cache so that it cannot be
    replayed; while the cache is down the mark goes to the database (a log line says so)
    instead of the log-in failing."""
    try:
        return bool(authenticator.wrap().validate_code(code))
    except Exception as error:
        if authenticator.type != Authenticator.Type.TOTP:
            raise
        logger.warning(
            "two-factor: the cache is unavailable (%s: %s); marking the used code in the database",
            type(error).__name__,
            error,
        )
        secret = decrypt(authenticator.data["secret"])
        if not validate_totp_code(secret, code):
            return False
        used_key = f"totp-used:{authenticator.pk}:{code.strip()}"
        return DATABASE_STORE.add(used_key, 1, float(mfa_settings.TOTP_PERIOD))


def mfa_code_valid(*, user: AbstractBaseUser, code: str) -> bool:
    """Whether ``code`` is the account's current authenticator code or one of its unused
    recovery codes (a recovery code is used up), as allauth's own code step decides."""
    for authenticator in _code_authenticators(user):
        if _code_matches(authenticator, code):
            authenticator.record_usage()
            return True
    return False
