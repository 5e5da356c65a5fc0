"""allauth's rate limits (sign-up, password reset, e-mail confirmation…) that survive a cache
outage (Redis is a cache, not a dependency).

allauth keeps each limit's history in Django's cache (Redis in production) under a cache lock
(``cache.add``). When Redis is down its calls raise and every sign-up or password-reset POST
would answer 500. ``FallbackCache`` is the cache allauth's limiter uses instead (``install``,
from ``core.apps``): each call goes to the cache and, when the cache cannot be reached, logs a
warning and goes to the database (``RateLimitEntry``): ``add`` is an insert under the primary
key (or taking over an expired row with one conditional update), so the lock, and with it the
limit, is enforced by the database. It never fails open, and never silently.
"""

from __future__ import annotations

import datetime as dt
import logging

from django.core.cache import cache
from django.db import IntegrityError, transaction
from django.utils import timezone

from core.models import RateLimitEntry

logger = logging.getLogger(__name__)


def _cache_errors() -> tuple[type[BaseException], ...]:
    try:
        from redis.exceptions import RedisError
    except ImportError:  # pragma: no cover - redis is a dependency
        return (OSError,)
    return (RedisError, OSError)


CACHE_ERRORS = _cache_errors()


class DatabaseLimits:
    """The database side: the four calls allauth's limiter makes."""

    def _expires(self, timeout: float | None) -> dt.datetime:
        return timezone.now() + dt.timedelta(seconds=timeout if timeout else 300)

    def add(self, key: str, value: object, timeout: float | None = None) -> bool:
        expires = self._expires(timeout)
        try:
            with transaction.atomic():
                RateLimitEntry.objects.create(key=key, value=value, expires_at=expires)
            return True
        except IntegrityError:
            taken = RateLimitEntry.objects.filter(key=key, expires_at__lte=timezone.now()).update(
                value=value, expires_at=expires
            )
            return taken == 1

    def get(self, key: str, default: object = None) -> object:
        row = RateLimitEntry.objects.filter(key=key, expires_at__gt=timezone.now()).first()
        return row.value if row is not None else default

    def set(self, key: str, value: object, timeout: float | None = None) -> None:
        RateLimitEntry.objects.update_or_create(
            key=key, defaults={"value": value, "expires_at": self._expires(timeout)}
        )

    def delete(self, key: str) -> None:
        RateLimitEntry.objects.filter(key=key).delete()


DATABASE = DatabaseLimits()


class FallbackCache:
    """Django's cache while it answers, the database (with a warning) while it does not."""

    def _call(self, name: str, *args: object, **kwargs: object) -> object:
        try:
            return getattr(cache, name)(*args, **kwargs)
        except CACHE_ERRORS as error:
            logger.warning(
                "the cache is unreachable (%r): rate limit %s of %s kept in the database",
                error, name, args[0] if args else "?",
            )  # fmt: skip
            return getattr(DATABASE, name)(*args, **kwargs)

    def add(self, key: str, value: object, timeout: float | None = None) -> bool:
        return bool(self._call("add", key, value, timeout=timeout))

    def get(self, key: str, default: object = None) -> object:
        return self._call("get", key, default)

    def set(self, key: str, value: object, timeout: float | None = None) -> None:
        self._call("set", key, value, timeout=timeout)

    def delete(self, key: str) -> None:
        self._call("delete", key)


def install() -> None:
    """Point allauth's limiter (``allauth.core.internal.ratelimit``, which reads the module's
    ``cache``) at ``FallbackCache``. tests/core/test_rate_limits.py fails if allauth moves it."""
    from allauth.core.internal import ratelimit

    if not hasattr(ratelimit, "cache"):  # pragma: no cover - allauth changed: fail loudly
        raise RuntimeError("allauth.core.internal.ratelimit has no cache to replace")
    ratelimit.cache = FallbackCache()
