"""Accounts: creating people (demo data, simulations, imports)."""

from __future__ import annotations

import contextlib
import datetime as dt
import secrets

from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone, translation
from django.utils.translation import gettext

from core.audit import audit_log
from core.errors import ConflictError, InvalidInputError, NotFoundError
from core.models import ApiToken
from core.tokens import token_hash


@transaction.atomic
def user_create(
    *,
    username: str,
    password: str | None,
    first_name: str = "",
    last_name: str = "",
    language: str | None = None,
) -> User:
    """An account; its profile is made with it in ``language`` (default: the one in use)."""
    username = username.strip()
    if not username:
        raise InvalidInputError(gettext("a username is required"), field="username")
    model = get_user_model()
    if model.objects.filter(username=username).exists():
        raise ConflictError(
            gettext("the username %(username)r is taken") % {"username": username}, field="username"
        )
    with translation.override(language) if language else contextlib.nullcontext():
        user: User = model.objects.create_user(
            username=username, password=password, first_name=first_name, last_name=last_name
        )
    audit_log(action="core.user.created", actor=None, obj=user)
    return user


@transaction.atomic
def api_token_issue(*, user: User) -> str:
    """A new API token for the person, valid for ``API_TOKEN_LIFETIME_DAYS`` (audited); the
    key is returned once and only its hash is kept."""
    key = secrets.token_hex(20)
    lifetime = dt.timedelta(days=float(settings.API_TOKEN_LIFETIME_DAYS))
    token = ApiToken.objects.create(
        user=user,
        key_hash=token_hash(key),
        prefix=key[:8],
        expires_at=timezone.now() + lifetime,
    )
    audit_log(
        action="core.api_token.issued",
        actor=user,
        obj=user,
        data={"token": token.prefix, "expires_at": token.expires_at.isoformat()},
    )
    return key


@transaction.atomic
def api_token_revoke(*, user: User, token_id: int) -> None:
    """Revoke one of the person's own tokens (audited); another person's is not found."""
    token = ApiToken.objects.select_for_update().filter(pk=token_id, user_id=user.pk).first()
    if token is None:
        raise NotFoundError(gettext("no such API token of yours"), field="token_id")
    token.delete()
    audit_log(action="core.api_token.revoked", actor=user, obj=user, data={"token": token.prefix})


def user_get_or_create(
    *, username: str, password: str | None, full_name: str = "", language: str | None = None
) -> User:
    existing: User | None = get_user_model().objects.filter(username=username).first()
    if existing is not None:
        return existing
    first, _, last = full_name.partition(" ")
    return user_create(
        username=username, password=password, first_name=first, last_name=last, language=language
    )
