"""Production settings pass `check --deploy`; missing variables stop production from starting."""

from __future__ import annotations

import importlib
import os
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from unittest import mock

import pytest
from django.core.exceptions import ImproperlyConfigured

import config

ROOT = Path(__file__).resolve().parents[2]

PRODUCTION_ENV = {
    "DJANGO_SETTINGS_MODULE": "config.settings.production",
    "SECRET_KEY": "k" * 20 + "production-secret-key-with-enough-entropy-9f8e7d6c5b4a",
    "DATABASE_URL": "postgres://zto@db.internal:5432/zto",
    "REDIS_URL": "redis://cache.internal:6379/0",
    "ALLOWED_HOSTS": "zto.example.org",
}


def _manage(*args: str, env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    base = {k: v for k, v in os.environ.items() if k not in PRODUCTION_ENV and k != "DEBUG"}
    return subprocess.run(
        [sys.executable, "manage.py", *args],
        cwd=ROOT,
        env={**base, **env},
        capture_output=True,
        text=True,
        check=False,
    )


def test_check_deploy_passes_under_production_settings() -> None:
    result = _manage("check", "--deploy", "--fail-level", "WARNING", env=PRODUCTION_ENV)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


_SETTINGS = "config.settings"


def _settings(env: dict[str, str], *, unset: tuple[str, ...] = ()) -> ModuleType:
    """The settings module ``env["DJANGO_SETTINGS_MODULE"]`` as a new process would load it with
    this environment (this one without ``unset``, with ``env``): imported afresh here, each
    setting read from that environment, then the test run's own settings modules put back."""
    kept = {k: m for k, m in sys.modules.items() if k == _SETTINGS or k.startswith(_SETTINGS + ".")}
    environ = {k: v for k, v in os.environ.items() if k not in unset} | env
    try:
        with mock.patch.dict(os.environ, environ, clear=True):
            for name in kept:
                del sys.modules[name]
            return importlib.import_module(env["DJANGO_SETTINGS_MODULE"])
    finally:
        for name in [k for k in sys.modules if k == _SETTINGS or k.startswith(_SETTINGS + ".")]:
            del sys.modules[name]
        sys.modules.update(kept)
        config.settings = kept[_SETTINGS]  # type: ignore[attr-defined]


def test_production_refuses_to_start_without_redis() -> None:
    env = {k: v for k, v in PRODUCTION_ENV.items() if k != "REDIS_URL"}
    with pytest.raises(ImproperlyConfigured, match="REDIS_URL must be set in production"):
        _settings(env, unset=("REDIS_URL",))


def test_the_settings_are_read_afresh_and_put_back() -> None:
    """The helper is not vacuous: another environment gives other values, and the test run's own
    settings module is the one in place afterwards."""
    own = sys.modules["config.settings.base"]
    assert _settings({**PRODUCTION_ENV, "TIME_ZONE": "UTC"}).TIME_ZONE == "UTC"
    assert _settings({**PRODUCTION_ENV, "TIME_ZONE": "Europe/Paris"}).TIME_ZONE == "Europe/Paris"
    assert sys.modules["config.settings.base"] is own


def test_production_debug_is_off_even_if_asked() -> None:
    assert _settings({**PRODUCTION_ENV, "DEBUG": "1"}).DEBUG is False


def test_debug_is_off_by_default() -> None:
    assert (
        _settings({"DJANGO_SETTINGS_MODULE": "config.settings.dev"}, unset=("DEBUG",)).DEBUG
        is False
    )


def test_without_redis_celery_runs_tasks_eagerly_and_cache_is_local() -> None:
    s = _settings({"DJANGO_SETTINGS_MODULE": "config.settings.dev"}, unset=("REDIS_URL",))
    assert s.CELERY_TASK_ALWAYS_EAGER is True
    assert s.CACHES["default"]["BACKEND"].rsplit(".", 1)[-1] == "LocMemCache"


def test_with_redis_celery_uses_the_broker_and_cache() -> None:
    s = _settings(
        {"DJANGO_SETTINGS_MODULE": "config.settings.dev", "REDIS_URL": "redis://r.internal:6379/1"}
    )
    assert s.CELERY_TASK_ALWAYS_EAGER is False
    assert s.CELERY_BROKER_URL == "redis://r.internal:6379/1"
    assert s.CACHES["default"]["BACKEND"].rsplit(".", 1)[-1] == "RedisCache"


def test_production_always_needs_a_verified_email_to_sign_up() -> None:
    s = _settings({**PRODUCTION_ENV, "ACCOUNT_EMAIL_VERIFICATION": "none"})
    assert s.ACCOUNT_EMAIL_VERIFICATION == "mandatory"
    assert s.ACCOUNT_RATE_LIMITS["login_failed"] is False


def test_make_run_writes_mail_to_files_and_production_sends_smtp() -> None:
    dev = _settings(
        {"DJANGO_SETTINGS_MODULE": "config.settings.dev", "DEBUG": "1"}, unset=("EMAIL_BACKEND",)
    ).MAILERS["default"]
    assert dev["BACKEND"] == "core.mail.MailFileBackend"
    assert str(dev["OPTIONS"]["file_path"]).endswith("var/mail")
    production = _settings(
        {**PRODUCTION_ENV, "EMAIL_HOST": "smtp.example.org"}, unset=("EMAIL_BACKEND",)
    ).MAILERS["default"]
    assert production["BACKEND"] == "django.core.mail.backends.smtp.EmailBackend"
    assert production["OPTIONS"]["host"] == "smtp.example.org"
