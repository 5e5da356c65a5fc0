"""Test settings: fast hashing, eager Celery unless REDIS_URL is set, in-memory SQLite by default."""

from config.settings.base import *  # noqa: F403
from config.settings.base import DATABASES

PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
if DATABASES["default"]["ENGINE"].endswith("sqlite3"):
    # The test database is a file so that live-server and concurrency tests can share it.
    DATABASES["default"]["TEST"] = {"NAME": None}
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.InMemoryStorage"},
    "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
}
