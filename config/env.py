"""Reading settings from environment variables, with safe defaults.

Nothing here imports Django settings, so it can be unit-tested on its own.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import TypedDict
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


def _option(key: str, value: str) -> bool | int | str | None:
    """A PostgreSQL option from the URL's query: the two this module sets, typed; others as
    given (``sslmode=require``)."""
    if key == "server_side_binding":
        if value.lower() not in {"true", "false"}:
            raise EnvError(f"DATABASE_URL: server_side_binding={value!r}; use true or false")
        return value.lower() == "true"
    if key == "prepare_threshold":
        if value.lower() == "none":
            return None
        if not value.isdigit():
            raise EnvError(f"DATABASE_URL: prepare_threshold={value!r}; use a number or none")
        return int(value)
    return value


class DatabaseEntry(TypedDict, total=False):
    """An entry of Django's ``DATABASES``, as ``database_from_url`` fills it."""

    ENGINE: str
    NAME: str
    USER: str
    PASSWORD: str
    HOST: str
    PORT: str
    CONN_MAX_AGE: int
    CONN_HEALTH_CHECKS: bool
    OPTIONS: dict[str, object]
    TEST: dict[str, object]


def database_from_url(url: str, *, base_dir: Path) -> DatabaseEntry:
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
        # Statements prepared on the server, so that a report stays cheap: parameters bound by
        # PostgreSQL, and a statement run twice on a connection is prepared, so its plan is made
        # once (the lock of a match joins six tables: planning it cost more than running it).
        # Behind a pooler in transaction mode that keeps no prepared statements (PgBouncer before
        # 1.21, or without max_prepared_statements), add ?prepare_threshold=none to the URL.
        options: dict[str, object] = {"server_side_binding": True, "prepare_threshold": 2}
        for key, values in parse_qs(parsed.query).items():
            options[key] = _option(key, values[-1])
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


#: The social log-in providers that environment variables can switch on, and their scopes.
SOCIAL_PROVIDERS: dict[str, list[str]] = {
    "line": ["profile", "openid", "email"],
    "discord": ["identify", "email"],
    "google": ["profile", "email"],
}


class SocialApp(TypedDict):
    client_id: str
    secret: str
    key: str


class SocialProvider(TypedDict):
    """A provider's entry in allauth's ``SOCIALACCOUNT_PROVIDERS``."""

    APPS: list[SocialApp]
    SCOPE: list[str]


def social_providers(environ: Mapping[str, str]) -> dict[str, SocialProvider]:
    """allauth's ``SOCIALACCOUNT_PROVIDERS``: a provider is on when both
    ``SOCIAL_<NAME>_CLIENT_ID`` and ``SOCIAL_<NAME>_SECRET`` are set; otherwise it has no app,
    and no button is shown."""
    providers: dict[str, SocialProvider] = {}
    for name, scope in SOCIAL_PROVIDERS.items():
        client_id = environ.get(f"SOCIAL_{name.upper()}_CLIENT_ID", "").strip()
        secret = environ.get(f"SOCIAL_{name.upper()}_SECRET", "").strip()
        if client_id and secret:
            providers[name] = {
                "APPS": [{"client_id": client_id, "secret": secret, "key": ""}],
                "SCOPE": scope,
            }
    return providers


SMTP_BACKEND = "django.core.mail.backends.smtp.EmailBackend"


def mailers_from_env(
    environ: Mapping[str, str], *, default_backend: str = SMTP_BACKEND
) -> dict[str, dict[str, object]]:
    """Django's ``MAILERS`` from ``EMAIL_BACKEND`` (default: ``default_backend``) and, for SMTP,
    ``EMAIL_HOST``, ``EMAIL_PORT``, ``EMAIL_HOST_USER``, ``EMAIL_HOST_PASSWORD`` and
    ``EMAIL_USE_TLS``, ``EMAIL_TIMEOUT`` (seconds, default 10: a mail server that hangs holds a
    worker that long per attempt, never until the task's time limit)."""
    backend = environ.get("EMAIL_BACKEND", "").strip() or default_backend
    options: dict[str, object] = {}
    if backend == SMTP_BACKEND:
        port = environ.get("EMAIL_PORT", "").strip() or "25"
        if not port.isdigit():
            raise EnvError(f"EMAIL_PORT={port!r} is not a port number")
        tls = environ.get("EMAIL_USE_TLS", "").strip().lower()
        if tls not in TRUE_WORDS | FALSE_WORDS:
            raise EnvError(f"EMAIL_USE_TLS={tls!r} is not a boolean; use 1/0 or true/false")
        timeout = environ.get("EMAIL_TIMEOUT", "").strip() or "10"
        if not timeout.isascii() or not timeout.isdigit() or int(timeout) == 0:
            raise EnvError(f"EMAIL_TIMEOUT={timeout!r} is not a whole number of seconds above 0")
        options = {
            "host": environ.get("EMAIL_HOST", "").strip() or "localhost",
            "port": int(port),
            "username": environ.get("EMAIL_HOST_USER", ""),
            "password": environ.get("EMAIL_HOST_PASSWORD", ""),
            "use_tls": tls in TRUE_WORDS,
            "timeout": int(timeout),
        }
    return {"default": {"BACKEND": backend, "OPTIONS": options}}
