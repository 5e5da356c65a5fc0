"""Log-in limits on every way in (``core.login_limits``): the site's log-in page,
``/admin/login/`` and the API's token endpoint share one limiter, per account (a growing delay
after 5 failures, never a lock) and per client address (never a refusal: past 100 failures in 5
minutes each further failure waits before it is answered)."""

from __future__ import annotations

import logging
import time
from typing import Any

import pytest
from django.test import Client, override_settings
from rest_framework.test import APIClient

from core import login_limits
from core.login_limits import (
    LoginRefusedError,
    delay_after,
    login_attempt_begin,
    login_attempt_failed,
    login_attempt_succeeded,
    login_retry_after,
)

pytestmark = pytest.mark.django_db

LOGIN = "/accounts/login/"
ADMIN_LOGIN = "/admin/login/"
TOKEN = "/api/v1/auth/token/"


def _login(client: Client, username: str, password: str, path: str = LOGIN, **extra: Any) -> Any:
    return client.post(path, {"login": username, "password": password}, **extra)


def _token(username: str, password: str, **extra: Any) -> Any:
    return APIClient().post(TOKEN, {"username": username, "password": password}, **extra)


def test_login_and_logout(client: Client, make_user: Any) -> None:
    make_user("aoi", password="right-password-1")
    response = _login(client, "aoi", "right-password-1")
    assert response.status_code == 302
    assert client.get("/").context["user"].username == "aoi"
    client.post("/accounts/logout/")
    assert not client.get("/").context["user"].is_authenticated


def test_after_five_failures_the_next_attempt_waits(client: Client, make_user: Any) -> None:
    make_user("aoi", password="right-password-1")
    for _ in range(5):
        response = _login(client, "aoi", "wrong")
        assert response.status_code == 200
        assert b"The username and/or password you specified are not correct" in response.content
    refused = _login(client, "aoi", "right-password-1")
    assert refused.status_code == 429
    assert 1 <= int(refused["Retry-After"]) <= 1
    assert b"Too many failed logins for this account" in refused.content
    assert "_auth_user_id" not in client.session


def test_refusal_is_in_japanese(client: Client, make_user: Any) -> None:
    make_user("aoi", password="right-password-1")
    for _ in range(5):
        _login(client, "aoi", "wrong")
    refused = _login(client, "aoi", "wrong", HTTP_ACCEPT_LANGUAGE="ja")
    assert refused.status_code == 429
    assert "このアカウントのログイン失敗が多すぎます" in refused.content.decode()


def test_the_delay_grows_and_is_capped() -> None:
    # 1, 2, 4 … seconds after the 5 free attempts, never more than the cap (60 s).
    assert [delay_after(n) for n in range(1, 9)] == [1, 2, 4, 8, 16, 32, 60, 60]


def test_an_attempt_after_the_delay_is_checked_and_the_next_waits_longer() -> None:
    now = 1000.0
    for _ in range(5):
        login_attempt_failed(login_attempt_begin(account="aoi", address="", now=now))
    with pytest.raises(LoginRefusedError) as refused:
        login_attempt_begin(account="aoi", address="", now=now + 0.5)
    assert refused.value.reason == "account"
    login_attempt_failed(login_attempt_begin(account="aoi", address="", now=now + 1))  # 6th
    with pytest.raises(LoginRefusedError) as refused:
        login_attempt_begin(account="aoi", address="", now=now + 2.5)
    assert refused.value.retry_after == 1  # the 7th waits 2 s after the 6th
    login_attempt_begin(account="aoi", address="", now=now + 3)
    assert login_retry_after(username="aoi", now=now + 3) == 4


def test_refused_attempts_do_not_lengthen_the_wait() -> None:
    """A stranger hammering a delayed account cannot keep its owner out: refusals change
    nothing, and the owner's attempt is checked once the (capped) delay has passed."""
    now = 1000.0
    for _ in range(5):
        login_attempt_failed(login_attempt_begin(account="aoi", address="", now=now))
    for tick in range(50):
        with pytest.raises(LoginRefusedError):
            login_attempt_begin(account="aoi", address="", now=now + tick / 100)
    assert login_attempt_begin(account="aoi", address="", now=now + 1).slot == 6


def test_limit_is_per_account(client: Client, make_user: Any) -> None:
    make_user("aoi", password="right-password-1")
    make_user("ren", password="right-password-2")
    for _ in range(5):
        _login(client, "aoi", "wrong")
    assert _login(client, "ren", "right-password-2").status_code == 302


def test_success_clears_earlier_failures(client: Client, make_user: Any) -> None:
    make_user("aoi", password="right-password-1")
    for _ in range(4):
        _login(client, "aoi", "wrong")
    assert _login(client, "aoi", "right-password-1").status_code == 302
    client.logout()
    for _ in range(4):
        _login(client, "aoi", "wrong")
    assert _login(client, "aoi", "right-password-1").status_code == 302


@override_settings(LOGIN_FAILURE_WINDOW_SECONDS=1)
def test_failures_are_forgotten_after_the_window() -> None:
    for _ in range(5):
        login_attempt_failed(login_attempt_begin(account="Aoi", address=""))
    assert login_retry_after(username="aoi ") > 0
    time.sleep(1.2)
    assert login_retry_after(username="AOI") == 0


def test_every_way_in_counts_against_the_same_account(client: Client, make_user: Any) -> None:
    make_user("aoi", password="right-password-1", is_staff=True)
    _login(client, "aoi", "wrong")
    _login(client, "aoi", "wrong", path=ADMIN_LOGIN)
    assert _token("aoi", "wrong").status_code == 400
    assert _token("aoi@example.org", "wrong").status_code == 400  # no such address: typed name
    _login(client, "AOI", "wrong", path=ADMIN_LOGIN)
    _login(client, "aoi", "wrong")
    refused = _token("aoi", "right-password-1")
    assert refused.status_code == 429
    assert refused.json()["code"] == "rate_limited"
    assert refused["Retry-After"] == "1"
    assert _login(client, "aoi", "right-password-1", path=ADMIN_LOGIN).status_code == 429


def test_admin_login_is_limited(client: Client, make_user: Any) -> None:
    make_user("aoi", password="right-password-1", is_staff=True)
    for _ in range(5):
        assert _login(client, "aoi", "wrong", path=ADMIN_LOGIN).status_code == 200
    assert _login(client, "aoi", "right-password-1", path=ADMIN_LOGIN).status_code == 429


VENUE = {"REMOTE_ADDR": "198.51.100.7"}


def test_players_behind_one_address_are_not_held_up_by_each_others_typos(
    make_user: Any, login_waits: list[float]
) -> None:
    """30 players on the venue's Wi-Fi; 5 mistype their password 5 times each: the other 25 log
    in at once. The 5 wait only their own account's delay (1 s after their 5th failure)."""
    for number in range(30):
        make_user(f"player{number}", password=f"right-password-{number}")
    for number in range(5):
        for _ in range(5):
            assert _login(Client(), f"player{number}", "typo", **VENUE).status_code == 200
        # Straight after its 5th failure (its 1 s delay runs in real time, so asked at once).
        own = _login(Client(), f"player{number}", f"right-password-{number}", **VENUE)
        assert own.status_code == 429
        assert own["Retry-After"] == "1"
    # 25 failures from the venue's address so far: the other 25 log in at once.
    for number in range(5, 30):
        assert (
            _login(Client(), f"player{number}", f"right-password-{number}", **VENUE).status_code
            == 302
        )
    assert login_waits == []


def test_an_address_spraying_many_accounts_is_slowed_past_its_limit(
    login_waits: list[float],
) -> None:
    """200 failures from one address across 200 accounts: the first 100 are answered at once,
    every further one waits 1, 2, 4 … seconds (at most 60) before its answer; another address
    and a right password are never slowed."""
    for number in range(200):
        waited = login_attempt_failed(
            login_attempt_begin(account=f"target{number}", address="198.51.100.7")
        )
        assert waited == (login_waits[-1] if number >= 100 else 0)
    assert login_waits[:8] == [1, 2, 4, 8, 16, 32, 60, 60]
    assert len(login_waits) == 100
    assert sum(login_waits) >= 90 * 60  # the spray takes over 1.5 hours, not a few seconds
    right = login_attempt_begin(account="player", address="198.51.100.7")
    login_attempt_succeeded(right)
    assert login_attempt_failed(login_attempt_begin(account="x", address="203.0.113.9")) == 0
    assert len(login_waits) == 100


@override_settings(LOGIN_ADDRESS_FAILURE_LIMIT=3)
def test_every_way_in_waits_past_the_address_limit_but_right_passwords_do_not(
    make_user: Any, login_waits: list[float]
) -> None:
    for number in range(8):
        make_user(f"player{number}", password="right-password-1")
    for number in range(3):
        _login(Client(), f"player{number}", "wrong", **VENUE)
    assert login_waits == []
    assert _login(Client(), "player3", "wrong", **VENUE).status_code == 200
    assert _token("player4", "wrong", **VENUE).status_code == 400
    assert _login(Client(), "player5", "wrong", path=ADMIN_LOGIN, **VENUE).status_code == 200
    assert login_waits == [1, 2, 4]
    assert _login(Client(), "player6", "right-password-1", **VENUE).status_code == 302
    assert _token("player7", "right-password-1", **VENUE).status_code == 200
    assert login_waits == [1, 2, 4]


def test_right_passwords_do_not_count_against_the_address(client: Client, make_user: Any) -> None:
    make_user("aoi", password="right-password-1")
    for _ in range(30):
        assert _token("aoi", "right-password-1", REMOTE_ADDR="198.51.100.7").status_code == 200


@override_settings(TRUSTED_PROXY_HOPS=1, LOGIN_ADDRESS_FAILURE_LIMIT=3)
def test_the_address_comes_from_the_trusted_proxy(
    client: Client, make_user: Any, login_waits: list[float]
) -> None:
    """Behind one proxy, the client is the last X-Forwarded-For entry: what the client wrote
    before it (a different address each time) does not escape the wait."""
    for number in range(4):
        forged = f"10.0.0.{number}, 198.51.100.7"
        _login(client, f"player{number}", "wrong", REMOTE_ADDR="127.0.0.1",
               HTTP_X_FORWARDED_FOR=forged)  # fmt: skip
    assert login_waits == [1]


def test_a_cache_that_is_down_falls_back_to_the_database(
    client: Client, make_user: Any, monkeypatch: pytest.MonkeyPatch, caplog: Any
) -> None:
    make_user("aoi", password="right-password-1")

    def down(*args: Any, **kwargs: Any) -> Any:
        raise ConnectionError("Error 111 connecting to 127.0.0.1:6379. Connection refused.")

    for name in ("add", "get_many", "incr", "decr", "delete_many"):
        monkeypatch.setattr(login_limits.CACHE_STORE, name, down)
    with caplog.at_level(logging.WARNING, logger="core.login_limits"):
        for _ in range(5):
            assert _login(client, "aoi", "wrong").status_code == 200
        assert _login(client, "aoi", "right-password-1").status_code == 429
    assert "the cache is unavailable" in caplog.text
    from core.models import LoginLimitEntry

    assert LoginLimitEntry.objects.filter(key__startswith="login-slot:").count() == 5


@pytest.fixture
def private_redis(tmp_path: Any) -> Any:
    """A Redis server of this test's own (never the machine's shared one), to stop mid-test."""
    import shutil
    import socket
    import subprocess

    binary = shutil.which("redis-server")
    if binary is None:
        pytest.skip("redis-server is not installed")
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    server = subprocess.Popen(
        [binary, "--port", str(port), "--bind", "127.0.0.1", "--save", "",
         "--appendonly", "no", "--dir", str(tmp_path)],
        stdout=subprocess.DEVNULL,
    )  # fmt: skip
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        with socket.socket() as client:
            if client.connect_ex(("127.0.0.1", port)) == 0:
                break
        time.sleep(0.05)
    try:
        yield server, f"redis://127.0.0.1:{port}/0"
    finally:
        server.kill()
        server.wait()


def test_redis_stopped_mid_way_falls_back_to_the_database(
    client: Client, make_user: Any, private_redis: Any, caplog: Any
) -> None:
    from django.core.cache import caches

    from core.models import LoginLimitEntry

    server, url = private_redis
    make_user("aoi", password="right-password-1")
    backend = "django.core.cache.backends.redis.RedisCache"
    options = {"socket_connect_timeout": 1}
    redis_cache = {"default": {"BACKEND": backend, "LOCATION": url, "OPTIONS": options}}
    with override_settings(CACHES=redis_cache):
        assert _login(client, "aoi", "wrong").status_code == 200
        assert caches["default"].get_many([login_limits._slot_key("aoi", 1)])
        server.terminate()
        server.wait()
        with caplog.at_level(logging.WARNING, logger="core.login_limits"):
            for _ in range(5):
                assert _login(client, "aoi", "wrong").status_code == 200
            refused = _login(client, "aoi", "right-password-1")
        assert refused.status_code == 429
        assert "the cache is unavailable (ConnectionError" in caplog.text
        assert LoginLimitEntry.objects.filter(key__startswith="login-slot:").count() == 5
        # Logging in still works once the wait is over (the database keeps counting).
        LoginLimitEntry.objects.all().delete()
        assert _login(client, "aoi", "right-password-1").status_code == 302
