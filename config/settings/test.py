"""Test settings: fast hashing, eager Celery; in-memory SQLite unless DATABASE_URL is set."""

from config.settings.base import *  # noqa: F403
from config.settings.base import DATABASES

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

# Tests read sent mail from django.core.mail.outbox.
MAILERS = {"default": {"BACKEND": "django.core.mail.backends.locmem.EmailBackend"}}
