"""allauth's sign-up and password-reset limits with the cache down (Redis is not a dependency): no
500, the limit is still enforced (by the database), and the fallback is logged, never silent."""

from __future__ import annotations

import logging
import socket
from collections.abc import Iterator
from typing import Any

import pytest
from allauth.core.internal import ratelimit
from django.test import Client, override_settings

from core.models import RateLimitEntry
from core.rate_limits import FallbackCache

pytestmark = pytest.mark.django_db

LIMITS = {
    "login": False,
    "login_failed": False,
    "reauthenticate": False,
    "signup": "3/m/ip",
    "reset_password": "3/m/ip",
}


@pytest.fixture
def cache_down(settings: Any) -> Iterator[None]:
    """The cache points at a loopback port nobody listens on."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    url = f"redis://127.0.0.1:{port}/0"
    caches = {
        "default": {"BACKEND": "django.core.cache.backends.redis.RedisCache", "LOCATION": url}
    }
    settings.ALLOWED_HOSTS = ["testserver"]
    with override_settings(CACHES=caches, REDIS_URL=url, ACCOUNT_RATE_LIMITS=LIMITS):
        import redis
        from django.core.cache import cache

        with pytest.raises(redis.exceptions.ConnectionError):
            cache.get("probe")
        yield


def test_allauth_limits_read_the_fallback_cache() -> None:
    assert isinstance(ratelimit.cache, FallbackCache)


def test_password_reset_is_limited_by_the_database_while_redis_is_down(
    cache_down: None, caplog: pytest.LogCaptureFixture
) -> None:
    client = Client()
    with caplog.at_level(logging.WARNING, logger="core.rate_limits"):
        codes = [
            client.post("/accounts/password/reset/", {"email": f"p{i}@example.org"}).status_code
            for i in range(5)
        ]
    assert codes[:3] == [302, 302, 302]
    assert codes[3:] == [429, 429]
    assert RateLimitEntry.objects.filter(key__contains="reset_password").exists()
    assert "the cache is unreachable" in caplog.text


def test_sign_up_answers_without_a_500_and_is_limited(cache_down: None) -> None:
    client = Client()
    codes = []
    for i in range(5):
        response = client.post(
            "/accounts/signup/",
            {
                "email": f"new{i}@example.org", "username": f"new{i}",
                "password1": "a-Long-passphrase-42", "password2": "a-Long-passphrase-42",
            },
        )  # fmt: skip
        codes.append(response.status_code)
    assert all(code < 500 for code in codes), codes
    assert codes[-1] == 429
    assert codes[:3] != [429, 429, 429]
