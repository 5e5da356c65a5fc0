"""Shared fixtures: users with per-event roles, an event, and skips for absent servers."""

from __future__ import annotations

import datetime as dt
import os
from collections.abc import Callable
from typing import Any

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.core.cache import cache

SERVICES_REQUIRED = os.environ.get("REQUIRE_SERVICES") == "1"


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Skip server-bound tests where the server is absent, unless CI says it must be there."""
    on_postgres = settings.DATABASES["default"]["ENGINE"].endswith("postgresql")
    has_redis = bool(settings.REDIS_URL)
    for item in items:
        if "postgres" in item.keywords and not on_postgres:
            if SERVICES_REQUIRED:
                raise pytest.UsageError("REQUIRE_SERVICES=1 but DATABASE_URL is not PostgreSQL")
            item.add_marker(pytest.mark.skip(reason="needs PostgreSQL: set DATABASE_URL"))
        if "redis" in item.keywords and not has_redis:
            if SERVICES_REQUIRED:
                raise pytest.UsageError("REQUIRE_SERVICES=1 but REDIS_URL is not set")
            item.add_marker(pytest.mark.skip(reason="needs Redis: set REDIS_URL"))


@pytest.fixture(autouse=True)
def _clear_cache() -> None:
    cache.clear()


@pytest.fixture
def make_user(db: None) -> Callable[..., AbstractBaseUser]:
    counter = iter(range(1, 10_000))

    def make(username: str | None = None, password: str = "pw-for-tests-1", **extra: Any) -> Any:
        name = username or f"user{next(counter)}"
        return get_user_model().objects.create_user(username=name, password=password, **extra)

    return make


@pytest.fixture
def make_event(db: None, make_user: Callable[..., Any]) -> Callable[..., Any]:
    from tournaments.services import event_create

    def make(organiser: Any = None, **fields: Any) -> Any:
        fields.setdefault("name", "Test Open")
        fields.setdefault("game_slug", "zutomayo")
        fields.setdefault("date", dt.date(2026, 12, 20))
        fields.setdefault("status", "registration_open")
        return event_create(created_by=organiser or make_user(), **fields)

    return make


@pytest.fixture
def shared_dir() -> Any:
    """The shared folder beside the checkout (real cards and rules); skips when absent."""
    from pathlib import Path

    path = Path(settings.SHARED_DIR)
    if not (path / "data" / "zutomayo" / "cards.json").exists():
        pytest.skip(f"the shared data folder is not beside this checkout ({path.name}/)")
    return path
