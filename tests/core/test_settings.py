"""Production settings pass `check --deploy`; missing variables stop production from starting."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

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


def test_production_refuses_to_start_without_redis() -> None:
    env = {k: v for k, v in PRODUCTION_ENV.items() if k != "REDIS_URL"}
    result = _manage("check", env=env)
    assert result.returncode != 0
    assert "REDIS_URL must be set in production" in result.stderr


def _settings_print(
    expression: str, *, env: dict[str, str], unset: tuple[str, ...] = ()
) -> list[str]:
    """What ``print(expression)`` shows, ``settings`` imported as ``s``, in a fresh process
    whose environment is this one without ``unset``, with ``env``."""
    base = {k: v for k, v in os.environ.items() if k not in unset}
    result = subprocess.run(
        [
            sys.executable,
            "-c",
            f"import django; django.setup(); from django.conf import settings as s; "
            f"print({expression})",
        ],
        cwd=ROOT,
        env={**base, **env},
        capture_output=True,
        text=True,
        check=True,
    )
    return result.stdout.split()


def test_production_debug_is_off_even_if_asked() -> None:
    assert _settings_print("s.DEBUG", env={**PRODUCTION_ENV, "DEBUG": "1"}) == ["False"]


def test_debug_is_off_by_default() -> None:
    dev = {"DJANGO_SETTINGS_MODULE": "config.settings.dev"}
    assert _settings_print("s.DEBUG", env=dev, unset=("DEBUG",)) == ["False"]


def test_without_redis_celery_runs_tasks_eagerly_and_cache_is_local() -> None:
    values = _settings_print(
        "s.CELERY_TASK_ALWAYS_EAGER, s.CACHES['default']['BACKEND'].rsplit('.', 1)[-1]",
        env={"DJANGO_SETTINGS_MODULE": "config.settings.dev"},
        unset=("REDIS_URL",),
    )
    assert values == ["True", "LocMemCache"]


def test_with_redis_celery_uses_the_broker_and_cache() -> None:
    values = _settings_print(
        "s.CELERY_TASK_ALWAYS_EAGER, s.CELERY_BROKER_URL, "
        "s.CACHES['default']['BACKEND'].rsplit('.', 1)[-1]",
        env={
            "DJANGO_SETTINGS_MODULE": "config.settings.dev",
            "REDIS_URL": "redis://r.internal:6379/1",
        },
    )
    assert values == ["False", "redis://r.internal:6379/1", "RedisCache"]


def test_production_always_needs_a_verified_email_to_sign_up() -> None:
    values = _settings_print(
        "s.ACCOUNT_EMAIL_VERIFICATION, s.ACCOUNT_RATE_LIMITS['login_failed']",
        env={**PRODUCTION_ENV, "ACCOUNT_EMAIL_VERIFICATION": "none"},
    )
    assert values == ["mandatory", "False"]


def test_make_run_writes_mail_to_files_and_production_sends_smtp() -> None:
    dev = _settings_print(
        "s.MAILERS['default']['BACKEND'], s.MAILERS['default']['OPTIONS']['file_path']",
        env={"DJANGO_SETTINGS_MODULE": "config.settings.dev", "DEBUG": "1"},
        unset=("EMAIL_BACKEND",),
    )
    assert dev[0] == "core.mail.MailFileBackend"
    assert dev[1].endswith("var/mail")
    production = _settings_print(
        "s.MAILERS['default']['BACKEND'], s.MAILERS['default']['OPTIONS']['host']",
        env={**PRODUCTION_ENV, "EMAIL_HOST": "smtp.example.org"},
        unset=("EMAIL_BACKEND",),
    )
    assert production == ["django.core.mail.backends.smtp.EmailBackend", "smtp.example.org"]
