"""Two-factor (allauth.mfa, TOTP): once on, every way in asks for the code (the log-in page,
``/admin/login/``, the token endpoint), code guesses count in the log-in limiter; API tokens
expire and are listed and revoked on the profile page."""

from __future__ import annotations

import base64
import datetime as dt
import hashlib
import hmac
import struct
import time
from typing import Any

import pytest
from allauth.mfa.totp.internal.auth import TOTP, generate_totp_secret
from django.test import Client, override_settings
from django.utils import timezone
from rest_framework.test import APIClient

from core.models import ApiToken, AuditEntry
from core.services import api_token_issue

pytestmark = pytest.mark.django_db

TOKEN = "/api/v1/auth/token/"
REVOKE = "/accounts/tokens/revoke/"


def totp_code(secret: str, *, at: float | None = None) -> str:
    """RFC 6238 (30-second steps, 6 digits, SHA-1), computed here from the secret, not by
    the library under test."""
    counter = int((time.time() if at is None else at) // 30)
    digest = hmac.new(base64.b32decode(secret), struct.pack(">Q", counter), hashlib.sha1).digest()
    offset = digest[-1] & 0x0F
    value = (struct.unpack(">I", digest[offset : offset + 4])[0] & 0x7FFFFFFF) % 1_000_000
    return f"{value:06d}"


@pytest.fixture
def organiser(make_user: Any) -> tuple[Any, str]:
    user = make_user("mio", password="right-password-1", is_staff=True)
    secret = generate_totp_secret()
    TOTP.activate(user, secret)
    return user, secret


def test_token_endpoint_asks_for_the_code(organiser: tuple[Any, str]) -> None:
    _, secret = organiser
    api = APIClient()
    missing = api.post(TOKEN, {"username": "mio", "password": "right-password-1"})
    assert missing.status_code == 400
    assert missing.json() == {
        "code": "mfa_required",
        "detail": "this account has two-factor on: send its code as 'code'",
        "field": "code",
    }
    wrong = api.post(TOKEN, {"username": "mio", "password": "right-password-1", "code": "000000"})
    if totp_code(secret) != "000000":
        assert wrong.status_code == 400
        assert wrong.json()["code"] == "invalid_code"
    right = api.post(
        TOKEN, {"username": "mio", "password": "right-password-1", "code": totp_code(secret)}
    )
    assert right.status_code == 200
    key = right.json()["token"]
    api.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    assert api.get("/api/v1/").status_code == 200
    # A wrong password with a right code is still refused.
    bad = APIClient().post(TOKEN, {"username": "mio", "password": "x", "code": totp_code(secret)})
    assert bad.status_code == 400


def test_code_guesses_on_the_token_endpoint_are_limited(organiser: tuple[Any, str]) -> None:
    _, secret = organiser
    api = APIClient()
    right = totp_code(secret)
    guesses = [f"{n:06d}" for n in range(10) if f"{n:06d}" != right][:5]
    for guess in guesses:
        response = api.post(
            TOKEN, {"username": "mio", "password": "right-password-1", "code": guess}
        )
        assert response.status_code == 400
    refused = api.post(TOKEN, {"username": "mio", "password": "right-password-1", "code": right})
    assert refused.status_code == 429


def test_site_login_asks_for_the_code(client: Client, organiser: tuple[Any, str]) -> None:
    _, secret = organiser
    response = client.post("/accounts/login/", {"login": "mio", "password": "right-password-1"})
    assert response.status_code == 302
    assert response["Location"] == "/accounts/2fa/authenticate/"
    assert "_auth_user_id" not in client.session
    done = client.post("/accounts/2fa/authenticate/", {"code": totp_code(secret)})
    assert done.status_code == 302
    assert client.session["_auth_user_id"] == str(organiser[0].pk)


def test_admin_login_asks_for_the_code_then_goes_to_the_admin(
    client: Client, organiser: tuple[Any, str]
) -> None:
    _, secret = organiser
    response = client.post(
        "/admin/login/?next=/admin/", {"login": "mio", "password": "right-password-1"}
    )
    assert response.status_code == 302
    assert response["Location"].startswith("/accounts/2fa/authenticate/")
    assert client.get("/admin/").status_code == 302  # not yet in
    done = client.post("/accounts/2fa/authenticate/", {"code": totp_code(secret)})
    assert done["Location"] == "/admin/"
    assert client.get("/admin/").status_code == 200


def test_code_guesses_on_the_site_are_limited(client: Client, organiser: tuple[Any, str]) -> None:
    _, secret = organiser
    right = totp_code(secret)
    client.post("/accounts/login/", {"login": "mio", "password": "right-password-1"})
    for guess in [f"{n:06d}" for n in range(10) if f"{n:06d}" != right][:4]:
        response = client.post("/accounts/2fa/authenticate/", {"code": guess})
        assert response.status_code == 200
        assert "_auth_user_id" not in client.session
    # The password and four wrong codes are five attempts: the right code must now wait.
    refused = client.post("/accounts/2fa/authenticate/", {"code": right})
    assert refused.status_code == 429
    assert refused["Retry-After"] == "1"
    assert b"Too many failed logins for this account" in refused.content
    assert "_auth_user_id" not in client.session


def test_turning_on_totp_from_the_profile(client: Client, make_user: Any) -> None:
    user = make_user("ren", password="right-password-1")
    client.force_login(user)
    page = client.get("/accounts/profile/")
    assert b'href="/accounts/2fa/totp/activate/"' in page.content
    activate = client.get("/accounts/2fa/totp/activate/")
    if activate.status_code == 302:  # allauth asks for the password again first
        client.post(activate["Location"], {"password": "right-password-1"})
        activate = client.get("/accounts/2fa/totp/activate/")
    assert activate.status_code == 200
    secret = activate.context["form"].secret
    done = client.post("/accounts/2fa/totp/activate/", {"code": totp_code(secret)})
    assert done.status_code == 302
    assert user.authenticator_set.filter(type="totp").exists()


@override_settings(API_TOKEN_LIFETIME_DAYS=1)
def test_tokens_expire(make_user: Any) -> None:
    user = make_user("ren")
    key = api_token_issue(user=user)
    token = ApiToken.objects.get(user=user)
    assert token.expires_at - token.created_at == pytest.approx(
        dt.timedelta(days=1), abs=dt.timedelta(seconds=5)
    )
    assert key not in (token.key_hash, token.prefix)
    assert key.startswith(token.prefix)
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    assert api.get("/api/v1/notifications/").status_code != 401
    ApiToken.objects.filter(pk=token.pk).update(expires_at=timezone.now() - dt.timedelta(seconds=1))
    expired = api.get("/api/v1/notifications/")
    # 401 with the token's challenge, as core/tokens.py says (core.api's exception handler).
    assert expired.status_code == 401
    assert expired["WWW-Authenticate"] == 'Token realm="api"'
    assert "expired" in expired.json()["detail"]


def test_tokens_are_listed_and_revoked_on_the_profile(client: Client, make_user: Any) -> None:
    user = make_user("ren")
    other = make_user("aoi")
    key = api_token_issue(user=user)
    theirs = api_token_issue(user=other)
    client.force_login(user)
    page = client.get("/accounts/profile/").content.decode()
    assert f"{key[:8]}…" in page
    assert theirs[:8] not in page
    mine = ApiToken.objects.get(user=user)
    assert client.post(REVOKE, {"token": ApiToken.objects.get(user=other).pk}).status_code == 404
    assert client.post(REVOKE, {"token": mine.pk}).status_code == 302
    assert client.post(REVOKE, {"token": "x"}).status_code == 400
    assert not ApiToken.objects.filter(user=user).exists()
    assert AuditEntry.objects.filter(action="core.api_token.revoked", actor=user).exists()
    api = APIClient()
    api.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    assert api.get("/api/v1/notifications/").json()["detail"] == "Invalid token."
    made = client.post("/accounts/tokens/new/")
    assert made.status_code == 200
    shown = made.context["key"]
    assert ApiToken.objects.filter(user=user, prefix=shown[:8]).count() == 1


def test_codes_work_and_cannot_be_replayed_while_the_cache_is_down(
    client: Client, organiser: tuple[Any, str], monkeypatch: pytest.MonkeyPatch
) -> None:
    from allauth.mfa.totp.internal import auth as totp_auth

    from core import login_limits

    def down(*args: Any, **kwargs: Any) -> Any:
        raise ConnectionError("Connection refused.")

    monkeypatch.setattr(totp_auth.cache, "add", down)
    for name in ("add", "get_many", "incr", "decr", "delete_many"):
        monkeypatch.setattr(login_limits.CACHE_STORE, name, down)
    _, secret = organiser
    code = totp_code(secret)
    client.post("/accounts/login/", {"login": "mio", "password": "right-password-1"})
    assert client.post("/accounts/2fa/authenticate/", {"code": code}).status_code == 302
    assert client.session["_auth_user_id"] == str(organiser[0].pk)
    replay = APIClient().post(
        TOKEN, {"username": "mio", "password": "right-password-1", "code": code}
    )
    assert replay.status_code == 400
    assert replay.json()["code"] == "invalid_code"
