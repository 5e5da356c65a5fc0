"""API tokens (``Authorization: Token <key>``): several per person, each expiring
``API_TOKEN_LIFETIME_DAYS`` after it was made, listed and revoked on the profile page.
Only a SHA-256 of each key is stored (``ApiToken``)."""

from __future__ import annotations

import hashlib
from typing import Any

from django.contrib.auth.models import AbstractBaseUser
from django.db.models import QuerySet
from django.utils import timezone
from rest_framework import exceptions
from rest_framework.authentication import TokenAuthentication
from rest_framework.request import Request

from core.models import ApiToken
from core.prepared import PreparedRead


def token_hash(key: str) -> str:
    return hashlib.sha256(key.encode("utf-8", "surrogatepass")).hexdigest()


#: The token with its account, by its hash: compiled once (``core.prepared``), read by every
#: API request that sends a token.
_TOKEN = PreparedRead(
    lambda key_hash: (
        ApiToken.objects.select_related("user").filter(key_hash=key_hash).order_by()[:1]
    ),
    "-",
)


class ApiTokenAuthentication(TokenAuthentication):
    """DRF's token header, checked against ``ApiToken``: unknown, expired or revoked keys and
    inactive accounts are refused (401)."""

    def authenticate(self, request: Request) -> tuple[AbstractBaseUser, Any] | None:
        """As DRF's, once per request: the route guard (``core.access``) and the view both ask,
        and the answer (or the refusal) is kept on the underlying request for the second."""
        underlying: Any = getattr(request, "_request", request)
        header = underlying.META.get("HTTP_AUTHORIZATION", "")
        kept = getattr(underlying, "_api_token_auth", None)
        if kept is not None and kept[0] == header:
            if isinstance(kept[1], exceptions.AuthenticationFailed):
                raise kept[1]
            found: tuple[AbstractBaseUser, Any] | None = kept[1]
            return found
        try:
            found = super().authenticate(request)
        except exceptions.AuthenticationFailed as refusal:
            underlying._api_token_auth = (header, refusal)
            raise
        underlying._api_token_auth = (header, found)
        return found

    def authenticate_credentials(self, key: str) -> tuple[AbstractBaseUser, Any]:
        found = _TOKEN.rows(token_hash(key))
        token = found[0] if found else None
        if token is None:
            raise exceptions.AuthenticationFailed("Invalid token.")
        if token.expires_at <= timezone.now():
            raise exceptions.AuthenticationFailed(
                "This token has expired; ask for a new one (POST /api/v1/auth/token/)."
            )
        if not token.user.is_active:
            raise exceptions.AuthenticationFailed("User inactive or deleted.")
        return token.user, token


def api_token_holds(key: str) -> bool:
    """Whether ``key`` is a token the API takes now (the same check as every API request's):
    known, not expired, its account active."""
    try:
        ApiTokenAuthentication().authenticate_credentials(key)
    except exceptions.AuthenticationFailed:
        return False
    return True


def api_tokens_of(*, user: AbstractBaseUser) -> QuerySet[ApiToken]:
    """The person's tokens, newest first, expired ones included (they show as expired)."""
    return ApiToken.objects.filter(user_id=user.pk).order_by("-created_at", "-id")
