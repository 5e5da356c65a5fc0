"""Reading settings from environment variables, with safe defaults.

Nothing here imports Django settings, so it can be unit-tested on its own.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, unquote, urlparse

TRUE_WORDS = frozenset({"1", "true", "yes", "on"})
FALSE_WORDS = frozenset({"0", "false", "no", "off", ""})


class EnvError(ValueError):
    """An environment variable holds a value we cannot use."""


def env_bool(name: str, default: bool = False) -> bool:
    raw = os.environ.get(name)
    if raw is None:
        return default
    word = raw.strip().lower()
    if word in TRUE_WORDS:
        return True
    if word in FALSE_WORDS:
        return False
    raise EnvError(f"{name}={raw!r} is not a boolean; use 1/0, true/false, yes/no or on/off")


def env_list(name: str, default: str = "") -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


def database_from_url(url: str, *, base_dir: Path) -> dict[str, Any]:
    """Turn a DATABASE_URL into a Django DATABASES entry.

    Supported: ``sqlite:///relative/path.sqlite3``, ``sqlite:////absolute/path.sqlite3`` and
    ``postgres://user:password@host:port/name`` (``postgresql://`` too).
    SQLite runs in WAL mode with immediate transactions, so concurrent writers wait for the
    lock (up to ``timeout`` seconds) instead of failing with "database is locked".
    """
    parsed = urlparse(url)
    if parsed.scheme == "sqlite":
        raw_path = unquote(parsed.path)
        absolute = raw_path.startswith("//")
        path = Path(raw_path[1:]) if absolute else base_dir / raw_path.lstrip("/")
        # A fresh clone has no var/ folder yet: create the database's folder on first use.
        path.parent.mkdir(parents=True, exist_ok=True)
        return {
            "ENGINE": "django.db.backends.sqlite3",
            "NAME": str(path),
            "OPTIONS": {
                "transaction_mode": "IMMEDIATE",
                "timeout": 20,
                "init_command": (
                    "PRAGMA journal_mode=WAL;"
                    "PRAGMA synchronous=NORMAL;"
                    "PRAGMA foreign_keys=ON;"
                    "PRAGMA busy_timeout=20000;"
                ),
            },
            "TEST": {"NAME": None},
        }
    if parsed.scheme in {"postgres", "postgresql", "pgsql"}:
        name = unquote(parsed.path.lstrip("/"))
        if not name:
            raise EnvError("DATABASE_URL names no database (postgres://user@host:port/NAME)")
        options: dict[str, Any] = {}
        for key, values in parse_qs(parsed.query).items():
            options[key] = values[-1]
        return {
            "ENGINE": "django.db.backends.postgresql",
            "NAME": name,
            "USER": unquote(parsed.username or ""),
            "PASSWORD": unquote(parsed.password or ""),
            "HOST": parsed.hostname or "",
            "PORT": str(parsed.port or ""),
            "CONN_MAX_AGE": 60,
            "CONN_HEALTH_CHECKS": True,
            "OPTIONS": options,
        }
    raise EnvError(
        f"DATABASE_URL scheme {parsed.scheme!r} is not supported; use sqlite:/// or postgres://"
    )
