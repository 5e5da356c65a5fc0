"""Test settings: fast hashing, eager Celery; in-memory SQLite unless DATABASE_URL is set."""

import os
from urllib.parse import urlsplit, urlunsplit

from config.settings.base import *  # noqa: F403
from config.settings.base import CACHES, DATABASES, REDIS_URL

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
if DATABASES["default"]["ENGINE"].endswith("sqlite3"):
    # In memory (shared cache): fast, and shared with the live server's thread. Concurrency on
    # a SQLite file is tested in a subprocess (tests/tournaments/test_concurrency.py).
    DATABASES["default"]["TEST"] = {"NAME": None}
WHITENOISE_AUTOREFRESH = True
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.InMemoryStorage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}

# Tests run tasks in process; the one Redis test starts a real worker against the broker.
CELERY_TASK_ALWAYS_EAGER = True
# A long job runs in place on commit, as every other eager task (tests/core/test_jobs_detached.py
# switches its thread on)
JOBS_DETACH_EAGER = False

# Tests read sent mail from django.core.mail.outbox.
MAILERS = {"default": {"BACKEND": "django.core.mail.backends.locmem.EmailBackend"}}

# Parallel test workers (pytest-xdist) each clear the cache before every test (tests/conftest.py).
# Redis's clear empties the whole database, so with one database for all, one worker would wipe
# another's counters mid-test (the failed-login limiter's, for one). Each worker's cache gets a
# database of its own, below the one Celery's broker uses; the broker stays where a real worker
# started by a test will look for it.
_WORKER = os.environ.get("PYTEST_XDIST_WORKER", "")
if REDIS_URL and _WORKER.startswith("gw"):
    _parts = urlsplit(REDIS_URL)
    _base_db = int(_parts.path.strip("/") or "0")
    _worker_db = (_base_db - 1 - int(_WORKER[2:])) % 16
    CACHES["default"]["LOCATION"] = urlunsplit(_parts._replace(path=f"/{_worker_db}"))
