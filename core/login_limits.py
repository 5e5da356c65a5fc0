"""The one failed-login limiter, for every way in: the site's log-in page, ``/admin/login/`` (the
same page), the two-factor code step and the API's token endpoint.

Two rules, both with atomic operations only (no read-modify-write):

- **Per account**: the first ``LOGIN_FAILURE_LIMIT`` (5) attempts are checked at once; after
  them each further attempt waits a growing delay after the one before it
  (``LOGIN_FAILURE_DELAY_SECONDS``, doubling, at most ``LOGIN_FAILURE_DELAY_MAX_SECONDS``).
  Attempts refused while waiting do not lengthen the delay, so a stranger can slow an account
  down by at most the cap, never lock it. Failures are forgotten ``LOGIN_FAILURE_WINDOW_SECONDS``
  after each was made; a full log-in forgets them all.
- **Per client address** (``core.client_address``, through ``TRUSTED_PROXY_HOPS``): never a
  refusal, because many players share one venue's address and a correct password for an account
  without failures of its own must go through at once whatever the others mistyped. After
  ``LOGIN_ADDRESS_FAILURE_LIMIT`` (100) failures within ``LOGIN_ADDRESS_WINDOW_SECONDS`` (5 min),
  each further *failure* from the address waits before it is answered: 1, 2, 4 … seconds
  (``LOGIN_ADDRESS_DELAY_SECONDS``, doubling, at most ``LOGIN_ADDRESS_DELAY_MAX_SECONDS``), so a
  script that sprays one address across many accounts is slowed while right passwords are not.
  Failures in flight at once each take their own, longer wait (the counter is atomic).

An attempt takes its place *before* the password is checked: each checked attempt of an account
wins one numbered slot with an atomic "add if absent" (Redis ``SET NX``, a unique row in the
database), so concurrent attempts can never be checked more often than the rule allows; the
address's attempts are an atomic counter, given back when the attempt turns out not to be a
failure. The wait itself is ``pause`` (``time.sleep``), which tests replace.

The counters live in the cache (Redis, shared by every web node). When the cache cannot be
reached the limiter logs a warning and uses the database instead (``LoginLimitEntry``): it never
fails open and never turns a log-in into a 500.
"""

from __future__ import annotations

import contextlib
import datetime as dt
import hashlib
import logging
import math
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Protocol

from allauth.account.models import EmailAddress
from django.conf import settings
from django.contrib.auth import get_user_model
from django.core.cache import cache
from django.db import IntegrityError, transaction
from django.db.models import F
from django.utils import timezone

from core.models import LoginLimitEntry

logger = logging.getLogger(__name__)

#: Slots looked at per account; more attempts than this within the window are refused.
MAX_SLOTS = 64


class LoginRefusedError(Exception):
    """The attempt may not be checked now; ``retry_after`` seconds until it may.
    ``reason`` is ``"account"`` (an address is never refused, only slowed)."""

    def __init__(self, *, retry_after: int, reason: str) -> None:
        super().__init__(f"log-in refused for {retry_after} s ({reason})")
        self.retry_after = max(1, retry_after)
        self.reason = reason


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


def _digest(text: str) -> str:
    return hashlib.sha256(text.strip().casefold().encode()).hexdigest()[:32]


#: How a failure waits before it is answered (tests swap it for a recorder, so they never sleep).
pause: Callable[[float], None] = time.sleep


def address_delay_after(extra: int) -> float:
    """Seconds the ``extra``-th failure beyond the address's limit waits before its answer."""
    base = float(settings.LOGIN_ADDRESS_DELAY_SECONDS)
    ceiling = float(settings.LOGIN_ADDRESS_DELAY_MAX_SECONDS)
    return float(min(ceiling, base * 2 ** min(extra - 1, 32)))


def delay_after(extra: int) -> float:
    """Seconds the ``extra``-th attempt beyond the limit waits after the attempt before it."""
    base = float(settings.LOGIN_FAILURE_DELAY_SECONDS)
    ceiling = float(settings.LOGIN_FAILURE_DELAY_MAX_SECONDS)
    return float(min(ceiling, base * 2 ** min(extra - 1, 32)))


# -- where the counters live -------------------------------------------------------------------


class Store(Protocol):
    name: str

    def add(self, key: str, value: float, ttl: float) -> bool: ...
    def get_many(self, keys: Iterable[str]) -> dict[str, float]: ...
    def incr(self, key: str, ttl: float) -> int: ...
    def decr(self, key: str) -> None: ...
    def delete_many(self, keys: Iterable[str]) -> None: ...


class CacheStore:
    """Django's cache (Redis in production): ``add`` is ``SET NX``, ``incr`` is ``INCR``."""

    name = "cache"

    def add(self, key: str, value: float, ttl: float) -> bool:
        return bool(cache.add(key, value, timeout=math.ceil(ttl)))

    def get_many(self, keys: Iterable[str]) -> dict[str, float]:
        return {key: float(value) for key, value in cache.get_many(list(keys)).items()}

    def incr(self, key: str, ttl: float) -> int:
        for _ in range(3):
            cache.add(key, 0, timeout=math.ceil(ttl))
            try:
                return int(cache.incr(key))
            except ValueError:  # expired between add and incr
                continue
        raise RuntimeError(f"the counter {key} keeps expiring")

    def decr(self, key: str) -> None:
        with contextlib.suppress(ValueError):  # already expired: nothing to give back
            cache.decr(key)

    def delete_many(self, keys: Iterable[str]) -> None:
        cache.delete_many(list(keys))


class DatabaseStore:
    """The database, while the cache is down: one row per key, ``add`` is an insert under the
    primary key (or taking over an expired row with one conditional update), ``incr`` one
    ``UPDATE … SET value = value + 1``."""

    name = "database"

    def _now(self) -> dt.datetime:
        return timezone.now()

    def add(self, key: str, value: float, ttl: float) -> bool:
        now = self._now()
        expires = now + dt.timedelta(seconds=ttl)
        try:
            with transaction.atomic():
                LoginLimitEntry.objects.create(key=key, value=value, expires_at=expires)
            return True
        except IntegrityError:
            taken = LoginLimitEntry.objects.filter(key=key, expires_at__lte=now).update(
                value=value, expires_at=expires
            )
            return taken == 1

    def get_many(self, keys: Iterable[str]) -> dict[str, float]:
        rows = LoginLimitEntry.objects.filter(key__in=list(keys), expires_at__gt=self._now())
        return dict(rows.values_list("key", "value"))

    def incr(self, key: str, ttl: float) -> int:
        self.add(key, 0, ttl)
        with transaction.atomic():
            LoginLimitEntry.objects.filter(key=key).update(value=F("value") + 1)
            value = LoginLimitEntry.objects.filter(key=key).values_list("value", flat=True).get()
        return int(value)

    def decr(self, key: str) -> None:
        LoginLimitEntry.objects.filter(key=key, expires_at__gt=self._now()).update(
            value=F("value") - 1
        )

    def delete_many(self, keys: Iterable[str]) -> None:
        LoginLimitEntry.objects.filter(key__in=list(keys)).delete()


CACHE_STORE = CacheStore()
DATABASE_STORE = DatabaseStore()


def _stores() -> tuple[Store, ...]:
    return (CACHE_STORE, DATABASE_STORE)


# -- the rules -----------------------------------------------------------------------------------


@dataclass
class LoginAttempt:
    """An attempt let through to be checked: the slot it holds and where it came from."""

    account: str
    address: str
    slot: int
    store: Store
    address_counted: bool = True
    #: The address's attempts not known to be right, this one included, when it began.
    address_attempts: int = 0


def _slot_key(account: str, slot: int) -> str:
    return f"login-slot:{_digest(account)}:{slot}"


def _address_key(address: str) -> str:
    return f"login-address:{_digest(address)}"


def _begin(store: Store, *, account: str, address: str, now: float) -> LoginAttempt:
    limit = int(settings.LOGIN_FAILURE_LIMIT)
    window = float(settings.LOGIN_FAILURE_WINDOW_SECONDS)
    address_counted = False
    attempts = 0
    if address:
        # Counted, never refused here: the address's bound is a wait on failures (module doc).
        attempts = store.incr(_address_key(address), float(settings.LOGIN_ADDRESS_WINDOW_SECONDS))
        address_counted = True
    try:
        keys = [_slot_key(account, slot) for slot in range(1, MAX_SLOTS + 1)]
        taken = store.get_many(keys)
        slot = next((n for n in range(1, MAX_SLOTS + 1) if keys[n - 1] not in taken), MAX_SLOTS + 1)
        while slot <= MAX_SLOTS:
            if slot > limit:
                before = taken.get(keys[slot - 2])
                if before is None:
                    before = store.get_many([keys[slot - 2]]).get(keys[slot - 2], now)
                ready = before + delay_after(slot - limit)
                if now < ready:
                    raise LoginRefusedError(retry_after=math.ceil(ready - now), reason="account")
            if store.add(keys[slot - 1], now, window):
                return LoginAttempt(
                    account=account, address=address, slot=slot, store=store,
                    address_counted=address_counted, address_attempts=attempts,
                )  # fmt: skip
            taken[keys[slot - 1]] = store.get_many([keys[slot - 1]]).get(keys[slot - 1], now)
            slot += 1
        cap = int(settings.LOGIN_FAILURE_DELAY_MAX_SECONDS)
        raise LoginRefusedError(retry_after=cap, reason="account")
    except BaseException:
        if address_counted:
            store.decr(_address_key(address))
        raise


def _fallback_warning(action: str, error: Exception) -> None:
    logger.warning(
        "login limiter: the cache is unavailable (%s: %s); %s in the database instead",
        type(error).__name__,
        error,
        action,
    )


def login_attempt_begin(*, account: str, address: str, now: float | None = None) -> LoginAttempt:
    """Let one attempt for ``account`` from ``address`` be checked, or raise ``LoginRefusedError``.
    Every begun attempt ends with one of the three ``login_attempt_*`` calls below (one that
    never ends counts as a failure)."""
    moment = time.time() if now is None else now
    try:
        return _begin(CACHE_STORE, account=account, address=address, now=moment)
    except LoginRefusedError:
        raise
    except Exception as error:
        _fallback_warning("counting", error)
        return _begin(DATABASE_STORE, account=account, address=address, now=moment)


def _release_address(attempt: LoginAttempt) -> None:
    key = _address_key(attempt.address)
    try:
        attempt.store.decr(key)
    except Exception as error:
        if attempt.store is DATABASE_STORE:
            raise
        _fallback_warning("releasing", error)
        DATABASE_STORE.decr(key)


def login_attempt_failed(attempt: LoginAttempt) -> float:
    """The password (or code) was wrong: the slot stays taken and the address's attempt counts.
    Beyond the address's limit the failure waits (``pause``) before it is answered; the seconds
    waited are returned (0 within the limit)."""
    extra = attempt.address_attempts - int(settings.LOGIN_ADDRESS_FAILURE_LIMIT)
    if not attempt.address or extra <= 0:
        return 0.0
    seconds = address_delay_after(extra)
    logger.warning("login limiter: an address past its failure limit waits %.0f s", seconds)
    pause(seconds)
    return seconds


def login_attempt_first_factor_passed(attempt: LoginAttempt) -> None:
    """The password was right but a second factor is still to come: the address's attempt is
    given back, the account's slot stays taken (so codes cannot be guessed for free)."""
    if attempt.address_counted:
        _release_address(attempt)
        attempt.address_counted = False


def login_attempt_succeeded(attempt: LoginAttempt) -> None:
    """A full log-in: the account's failures are forgotten, the address's attempt given back."""
    login_attempt_first_factor_passed(attempt)
    login_failures_clear(username=attempt.account)


def login_failures_clear(*, username: str) -> None:
    """Forget every failure of the account (in the cache and in the database)."""
    keys = tuple(_slot_key(username, slot) for slot in range(1, MAX_SLOTS + 1))
    for store in _stores():
        try:
            store.delete_many(keys)
        except Exception as error:
            if store is DATABASE_STORE:
                raise
            _fallback_warning("forgetting", error)


def login_retry_after(*, username: str, now: float | None = None) -> int:
    """Seconds until ``username``'s next attempt may be checked; 0 when now (for pages that
    show the wait; the rule itself is ``login_attempt_begin``)."""
    moment = time.time() if now is None else now
    limit = int(settings.LOGIN_FAILURE_LIMIT)
    keys = [_slot_key(username, slot) for slot in range(1, MAX_SLOTS + 1)]
    try:
        taken = CACHE_STORE.get_many(keys)
    except Exception as error:
        _fallback_warning("reading", error)
        taken = DATABASE_STORE.get_many(keys)
    slot = next((n for n in range(1, MAX_SLOTS + 1) if keys[n - 1] not in taken), MAX_SLOTS + 1)
    if slot <= limit:
        return 0
    if slot > MAX_SLOTS:
        return int(settings.LOGIN_FAILURE_DELAY_MAX_SECONDS)
    ready = taken[keys[slot - 2]] + delay_after(slot - limit)
    return max(0, math.ceil(ready - moment))
