"""Rate limiting of failed logins, per account, shared by every web node through the cache.

After ``LOGIN_FAILURE_LIMIT`` failures within ``LOGIN_FAILURE_WINDOW_SECONDS`` for one account,
further attempts for that account are refused until the oldest failure leaves the window.
With Redis configured the count is shared by all web nodes.
"""

from __future__ import annotations

import hashlib
import time

from allauth.account.models import EmailAddress
from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.cache import cache


def login_account_name(login: str) -> str:
    """The account a log-in attempt names, whether by username or by email address: its
    username, so that failures by either count against the same account. An attempt that names
    no account counts against what was typed."""
    typed = login.strip()
    users = get_user_model().objects
    by_username = users.filter(username__iexact=typed).values_list("username", flat=True).first()
    if by_username is not None:
        return str(by_username)
    if "@" in typed:
        owner = (
            EmailAddress.objects.filter(email__iexact=typed)
            .values_list("user__username", flat=True)
            .first()
        ) or users.filter(email__iexact=typed).values_list("username", flat=True).first()
        if owner is not None:
            return str(owner)
    return typed


def _key(username: str) -> str:
    digest = hashlib.sha256(username.strip().casefold().encode()).hexdigest()[:32]
    return f"login-failures:{digest}"


def _recent(username: str, now: float) -> list[float]:
    window = settings.LOGIN_FAILURE_WINDOW_SECONDS
    stamps = cache.get(_key(username)) or []
    return [stamp for stamp in stamps if now - stamp < window]


def login_failure_record(*, username: str, now: float | None = None) -> int:
    """Count one failed login for ``username``; returns the failures now in the window."""
    moment = time.time() if now is None else now
    stamps = [*_recent(username, moment), moment]
    cache.set(_key(username), stamps, timeout=settings.LOGIN_FAILURE_WINDOW_SECONDS)
    return len(stamps)


def login_retry_after(*, username: str, now: float | None = None) -> int:
    """Seconds until ``username`` may try again; 0 when not blocked."""
    moment = time.time() if now is None else now
    stamps = _recent(username, moment)
    if len(stamps) < settings.LOGIN_FAILURE_LIMIT:
        return 0
    oldest_counted = sorted(stamps)[-settings.LOGIN_FAILURE_LIMIT]
    return max(1, int(settings.LOGIN_FAILURE_WINDOW_SECONDS - (moment - oldest_counted)) + 1)


def login_failures_clear(*, username: str) -> None:
    cache.delete(_key(username))
