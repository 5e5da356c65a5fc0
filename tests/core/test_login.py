from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from core.login_limits import login_failure_record, login_retry_after

pytestmark = pytest.mark.django_db

LOGIN = "/accounts/login/"


def _login(client: Client, username: str, password: str) -> Any:
    return client.post(LOGIN, {"login": username, "password": password})


def test_login_and_logout(client: Client, make_user: Any) -> None:
    make_user("aoi", password="right-password-1")
    response = _login(client, "aoi", "right-password-1")
    assert response.status_code == 302
    assert client.get("/").context["user"].username == "aoi"
    client.post("/accounts/logout/")
    assert not client.get("/").context["user"].is_authenticated


def test_sixth_failure_within_five_minutes_is_refused(client: Client, make_user: Any) -> None:
    make_user("aoi", password="right-password-1")
    for _ in range(5):
        response = _login(client, "aoi", "wrong")
        assert response.status_code == 200
        assert b"The username and/or password you specified are not correct" in response.content
    refused = _login(client, "aoi", "right-password-1")
    assert refused.status_code == 429
    assert b"Too many failed logins" in refused.content
    assert "_auth_user_id" not in client.session


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


def test_failures_leave_the_window_after_five_minutes() -> None:
    for second in range(5):
        login_failure_record(username="Aoi", now=1000.0 + second)
    assert login_retry_after(username="aoi", now=1010.0) > 0
    assert login_retry_after(username="AOI ", now=1000.0 + 299) > 0
    assert login_retry_after(username="aoi", now=1000.0 + 300.5) == 0
