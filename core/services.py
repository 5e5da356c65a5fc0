"""Accounts: creating people (demo data, simulations, imports)."""

from __future__ import annotations

from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.db import transaction
from rest_framework.authtoken.models import Token

from core.audit import audit_log
from core.errors import ConflictError, InvalidInputError


@transaction.atomic
def user_create(
    *, username: str, password: str | None, first_name: str = "", last_name: str = ""
) -> User:
    username = username.strip()
    if not username:
        raise InvalidInputError("a username is required", field="username")
    model = get_user_model()
    if model.objects.filter(username=username).exists():
        raise ConflictError(f"the username {username!r} is taken", field="username")
    user: User = model.objects.create_user(
        username=username, password=password, first_name=first_name, last_name=last_name
    )
    audit_log(action="core.user.created", actor=None, obj=user)
    return user


@transaction.atomic
def api_token_issue(*, user: User) -> str:
    """The person's API token: the existing one, or a new one (audited when created)."""
    token, created = Token.objects.get_or_create(user=user)
    if created:
        audit_log(action="core.api_token.issued", actor=user, obj=user)
    return str(token.key)


def user_get_or_create(*, username: str, password: str | None, full_name: str = "") -> User:
    existing: User | None = get_user_model().objects.filter(username=username).first()
    if existing is not None:
        return existing
    first, _, last = full_name.partition(" ")
    return user_create(username=username, password=password, first_name=first, last_name=last)
