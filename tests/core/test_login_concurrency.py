"""The failed-login limiter holds under concurrency: 48 wrong passwords sent at once are
checked exactly as often as the rule allows (5 per account; every one across accounts, the
failures past the address's limit each waiting its own, longer time), on the in-memory
cache (the SQLite configuration), on Redis with PostgreSQL, and in the database store that
stands in while the cache is down (on PostgreSQL)."""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from django.contrib.auth import base_user, get_user_model
from django.core.cache import caches
from django.db import connections
from django.test import override_settings
from rest_framework.test import APIClient

from core import login_limits
from core.login_limits import LoginRefusedError, login_attempt_begin, login_attempt_failed

CONCURRENT = 48
TOKEN = "/api/v1/auth/token/"
LOCMEM = {
    "default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache", "LOCATION": "race"}
}


@pytest.fixture(autouse=True)
def burst(settings: Any) -> None:
    """The attempts of a test come at once: the delay before a 6th attempt on an account (1 s)
    must not pass while the 48 threads are still arriving on a slow machine, or the 6th is
    rightly let through (these tests are about the burst; the delays have their own tests)."""
    settings.LOGIN_FAILURE_DELAY_SECONDS = 600


class CountedChecks:
    """Counts the attempts whose password was checked: the threads that reached the hasher
    (each attempt runs in its own thread; Django asks each authentication backend in turn, so
    one attempt may hash more than once)."""

    def __init__(self, monkeypatch: pytest.MonkeyPatch) -> None:
        self._threads: set[int] = set()
        self._lock = threading.Lock()
        real = base_user.check_password  # type: ignore[attr-defined]  # imported there by Django

        def counted(*args: Any, **kwargs: Any) -> bool:
            with self._lock:
                self._threads.add(threading.get_ident())
            return bool(real(*args, **kwargs))

        monkeypatch.setattr(base_user, "check_password", counted)

    @property
    def count(self) -> int:
        return len(self._threads)


@pytest.fixture
def checks(monkeypatch: pytest.MonkeyPatch) -> CountedChecks:
    return CountedChecks(monkeypatch)


def _at_once(work: Callable[[int], Any], *, uses_database: bool) -> list[Any]:
    barrier = threading.Barrier(CONCURRENT)
    results: list[Any] = [None] * CONCURRENT

    def run(index: int) -> None:
        try:
            barrier.wait()
            results[index] = work(index)
        except BaseException as error:
            results[index] = error
        finally:
            if uses_database:
                connections.close_all()

    threads = [threading.Thread(target=run, args=(index,)) for index in range(CONCURRENT)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return results


def _limiter_only(users: list[Any], *, same_account: bool) -> Callable[[int], str]:
    """One attempt as the log-in views make it: take a place, check the password, record."""

    def attempt(index: int) -> str:
        user = users[0 if same_account else index]
        try:
            place = login_attempt_begin(account=user.username, address="198.51.100.7")
        except LoginRefusedError as refused:
            return f"refused ({refused.reason})"
        assert not user.check_password("wrong-password")
        login_attempt_failed(place)
        return "checked"

    return attempt


@pytest.fixture
def locmem() -> Iterator[None]:
    with override_settings(CACHES=LOCMEM):
        caches["default"].clear()
        yield


def _users(count: int) -> list[Any]:
    model = get_user_model()
    return [
        model.objects.create_user(f"racer{n}", password="right-password-1") for n in range(count)
    ]


@pytest.mark.django_db
@pytest.mark.usefixtures("locmem")
def test_locmem_one_account_is_checked_five_times(checks: CountedChecks) -> None:
    users = _users(1)
    results = _at_once(_limiter_only(users, same_account=True), uses_database=False)
    assert results.count("checked") == 5 == checks.count
    assert results.count("refused (account)") == CONCURRENT - 5, results


#: The address's limit in these tests: 48 failures at once go 28 past it.
ADDRESS_LIMIT = 20
#: The waits of the 28 failures past it: each its own (1, 2, 4 … s, at most 60).
WAITS = sorted(min(60.0, 2.0 ** (n - 1)) for n in range(1, CONCURRENT - ADDRESS_LIMIT + 1))


@pytest.mark.django_db
@pytest.mark.usefixtures("locmem")
@override_settings(LOGIN_ADDRESS_FAILURE_LIMIT=ADDRESS_LIMIT)
def test_locmem_one_address_is_slowed_never_refused(
    checks: CountedChecks, login_waits: list[float]
) -> None:
    users = _users(CONCURRENT)
    results = _at_once(_limiter_only(users, same_account=False), uses_database=False)
    assert results.count("checked") == CONCURRENT == checks.count
    assert sorted(login_waits) == WAITS


def _cache_down(monkeypatch: pytest.MonkeyPatch) -> None:
    def down(*args: Any, **kwargs: Any) -> Any:
        raise ConnectionError("Connection refused.")

    for name in ("add", "get_many", "incr", "decr", "delete_many"):
        monkeypatch.setattr(login_limits.CACHE_STORE, name, down)


@pytest.mark.postgres
@pytest.mark.redis
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("same_account", [True, False], ids=["one account", "one address"])
@override_settings(LOGIN_ADDRESS_FAILURE_LIMIT=ADDRESS_LIMIT)
def test_token_endpoint_on_postgres_and_redis(
    checks: CountedChecks, same_account: bool, login_waits: list[float]
) -> None:
    """Through the whole token endpoint (account lookup, password check, limiter in Redis)."""
    users = _users(1 if same_account else CONCURRENT)

    def post(index: int) -> int:
        name = users[0 if same_account else index].username
        response = APIClient().post(
            TOKEN, {"username": name, "password": "wrong"}, REMOTE_ADDR="198.51.100.7"
        )
        return int(response.status_code)

    results = _at_once(post, uses_database=True)
    allowed = 5 if same_account else CONCURRENT
    assert results.count(400) == allowed == checks.count, results
    assert results.count(429) == CONCURRENT - allowed
    assert sorted(login_waits) == ([] if same_account else WAITS)


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_database_store_on_postgres(checks: CountedChecks, monkeypatch: pytest.MonkeyPatch) -> None:
    _cache_down(monkeypatch)
    users = _users(1)
    results = _at_once(_limiter_only(users, same_account=True), uses_database=True)
    assert results.count("checked") == 5 == checks.count, results
