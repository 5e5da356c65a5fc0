"""Test settings: fast hashing, eager Celery; in-memory SQLite unless DATABASE_URL is set."""

from config.settings.base import *  # noqa: F403
from config.settings.base import DATABASES

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
if DATABASES["default"]["ENGINE"].endswith("sqlite3"):
    # The test database is a file so that live-server and concurrency tests can share it.
    DATABASES["default"]["TEST"] = {"NAME": None}
WHITENOISE_AUTOREFRESH = True
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.InMemoryStorage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}

# Tests run tasks in process; the one Redis test starts a real worker against the broker.
CELERY_TASK_ALWAYS_EAGER = True
