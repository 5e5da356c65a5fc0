"""Production: PostgreSQL, Redis, Celery workers, HTTPS behind a load balancer.

Refuses to start without the variables that production needs, rather than falling back to
development defaults.
"""

import os

from django.core.exceptions import ImproperlyConfigured

from config.settings.base import *  # noqa: F403
from config.settings.base import REDIS_URL

for _name in ("SECRET_KEY", "DATABASE_URL", "REDIS_URL", "ALLOWED_HOSTS"):
    if not os.environ.get(_name):
        raise ImproperlyConfigured(f"{_name} must be set in production")
if not REDIS_URL:  # pragma: no cover - guarded above
    raise ImproperlyConfigured("REDIS_URL must be set in production")

DEBUG = False
# Behind one proxy (the load balancer) unless TRUSTED_PROXY_HOPS says otherwise: its
# X-Forwarded-Proto and X-Forwarded-For are trusted (core.client_address), which is safe only
# while gunicorn listens on 127.0.0.1 (or a private network only the proxy reaches).
TRUSTED_PROXY_HOPS = int(os.environ.get("TRUSTED_PROXY_HOPS", "1"))
if TRUSTED_PROXY_HOPS > 0:
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
SECURE_SSL_REDIRECT = True
SECURE_HSTS_SECONDS = int(os.environ.get("SECURE_HSTS_SECONDS", "31536000"))
SECURE_HSTS_INCLUDE_SUBDOMAINS = True
SECURE_HSTS_PRELOAD = True
SECURE_REDIRECT_EXEMPT = [r"^healthz$"]
SESSION_COOKIE_SECURE = True
CSRF_COOKIE_SECURE = True
SECURE_CONTENT_TYPE_NOSNIFF = True
X_FRAME_OPTIONS = "DENY"
WHITENOISE_USE_FINDERS = False  # run `manage.py collectstatic` when deploying
WHITENOISE_AUTOREFRESH = False
# Sessions live in the database alone, so that Redis stays a cache and not a dependency: the cached
# store wrote back to Redis on every request, so a Redis blip logged everyone out with a 500.
SESSION_ENGINE = "django.contrib.sessions.backends.db"

# Sign-up always needs a verified email address in production, whatever the environment says.
ACCOUNT_EMAIL_VERIFICATION = "mandatory"
ACCOUNT_DEFAULT_HTTP_PROTOCOL = "https"
