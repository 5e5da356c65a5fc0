"""Reads of the core app that its pages and API answer with: a person's API tokens, and the
load test's yardstick row. (The token checks themselves live in ``core.tokens``.)"""

from __future__ import annotations

from django.contrib.auth.base_user import AbstractBaseUser
from django.contrib.contenttypes.models import ContentType

from core.models import ApiToken
from core.tokens import api_tokens_of, token_hash


def api_token_of_key(*, key: str) -> ApiToken:
    """The token whose key is ``key`` (just issued: its key is known only now)."""
    return ApiToken.objects.get(key_hash=token_hash(key))


def api_token_newest(*, user: AbstractBaseUser) -> ApiToken | None:
    """The person's newest token, or None."""
    return api_tokens_of(user=user).first()


def yardstick_row() -> dict[str, object] | None:
    """One row read by its primary key (a content type: every database has them), the fixed
    cost a page is measured against (``benchmarks/load.py``). One query."""
    row = ContentType.objects.filter(pk=1).values("id", "app_label", "model").first()
    return None if row is None else dict(row)
