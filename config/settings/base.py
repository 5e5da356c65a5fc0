"""Settings shared by every environment, read from environment variables.

Variables (all optional outside production):

- ``DATABASE_URL``: ``sqlite:///var/db.sqlite3`` by default; ``postgres://...`` in production.
- ``REDIS_URL``: when set, Celery's broker and result backend and Django's cache; when unset,
  Celery runs every task at once in the calling process ("eager") and the cache is in memory.
- ``EMAIL_BACKEND``, ``EMAIL_HOST``, ``EMAIL_PORT``, ``EMAIL_HOST_USER``, ``EMAIL_HOST_PASSWORD``,
  ``EMAIL_USE_TLS``, ``EMAIL_TIMEOUT``, ``DEFAULT_FROM_EMAIL``: outgoing mail (SMTP unless
  ``EMAIL_BACKEND`` says).
- ``SOCIAL_LINE_CLIENT_ID``/``SOCIAL_LINE_SECRET`` (and ``DISCORD``, ``GOOGLE``): each social
  log-in provider is on when both of its variables are set.
- ``SECRET_KEY``, ``ALLOWED_HOSTS`` (comma separated), ``DEBUG`` (off unless explicitly on),
  ``CSRF_TRUSTED_ORIGINS`` (comma separated), ``TIME_ZONE``.
"""

from __future__ import annotations

import os
from pathlib import Path

import django_stubs_ext
from django.utils.csp import CSP
from django.utils.translation import gettext_lazy as _

from config.env import (
    database_from_url,
    env_bool,
    env_list,
    mailers_from_env,
    social_providers,
)

# Lets Django's generic classes (ModelAdmin[Model], QuerySet[Model]) be subscripted at run time.
django_stubs_ext.monkeypatch()

BASE_DIR = Path(__file__).resolve().parent.parent.parent

DEBUG = env_bool("DEBUG", default=False)
SECRET_KEY = os.environ.get(
    "SECRET_KEY", "insecure-development-key-do-not-use-in-production-0123456789abcdef"
)
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", "127.0.0.1,localhost")
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS")

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "rest_framework",
    "rest_framework.authtoken",
    "drf_spectacular",
    "drf_spectacular_sidecar",
    "allauth",
    "allauth.account",
    "allauth.mfa",
    "allauth.socialaccount",
    "allauth.socialaccount.providers.line",
    "allauth.socialaccount.providers.discord",
    "allauth.socialaccount.providers.google",
    "core",
    "cardpool",
    "tournaments",
    "judging",
    "django_htmx",
]

MIDDLEWARE = [
    # First, so that it compresses what every other middleware made (reads only; see there).
    "core.middleware.ReadCompressionMiddleware",
    "django.middleware.security.SecurityMiddleware",
    "django.middleware.csp.ContentSecurityPolicyMiddleware",
    "core.middleware.PermissionsPolicyMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "core.hygiene.RequestHygieneMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "allauth.account.middleware.AccountMiddleware",
    "core.time_zones.PersonTimeZoneMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "core.middleware.DomainErrorMiddleware",
    "core.notifications.middleware.RequestBaseUrlMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
]

# Content-Security-Policy: scripts and styles only from our own static files (no inline script,
# no on...= handler, no eval; htmx runs with allowEval off). Swagger UI and ReDoc, which need
# more, relax it on their own routes (config/urls.py). ``CSP_FORM_ACTION_EXTRA`` (comma separated
# origins) lets a form's redirect leave the site, e.g. to a social log-in provider.
SECURE_CSP: dict[str, list[str]] = {
    "default-src": [CSP.SELF],
    "script-src": [CSP.SELF],
    "style-src": [CSP.SELF],
    "img-src": [CSP.SELF, "data:"],
    "object-src": [CSP.NONE],
    "base-uri": [CSP.SELF],
    "frame-ancestors": [CSP.NONE],
    "form-action": [CSP.SELF, *env_list("CSP_FORM_ACTION_EXTRA")],
}
# Permissions-Policy (core.middleware): every powerful browser feature off; the site uses none.
# A feature maps to the origins allowed it ("self" for the site); an empty list is none.
PERMISSIONS_POLICY: dict[str, list[str]] = {
    feature: []
    for feature in (
        "accelerometer", "autoplay", "bluetooth", "camera", "display-capture", "geolocation",
        "gyroscope", "hid", "magnetometer", "microphone", "midi", "payment",
        "serial", "usb", "xr-spatial-tracking",
    )
}  # fmt: skip
PERMISSIONS_POLICY["fullscreen"] = ["self"]
# Swagger UI and ReDoc (third-party pages, read-only, under /api/) set inline styles, and ReDoc
# starts with an inline script and runs a blob: worker: their two routes relax the policy that
# far and no further (config/urls.py). Every other page keeps SECURE_CSP.
CSP_API_DOCS: dict[str, list[str]] = {**SECURE_CSP, "style-src": [CSP.SELF, CSP.UNSAFE_INLINE]}
CSP_REDOC: dict[str, list[str]] = {
    **CSP_API_DOCS,
    "script-src": [CSP.SELF, CSP.UNSAFE_INLINE],
    "worker-src": [CSP.SELF, "blob:"],
}

ROOT_URLCONF = "config.urls"
WSGI_APPLICATION = "config.wsgi.application"
ASGI_APPLICATION = "config.asgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "core.notifications.context_processors.unread_notifications",
            ],
        },
    },
]

DATABASES = {
    "default": database_from_url(
        os.environ.get("DATABASE_URL", "sqlite:///var/db.sqlite3"), base_dir=BASE_DIR
    )
}
DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

REDIS_URL = os.environ.get("REDIS_URL", "")

if REDIS_URL:
    CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": REDIS_URL,
            "KEY_PREFIX": os.environ.get("CACHE_KEY_PREFIX", "zto"),
        }
    }
else:
    CACHES = {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}

# Celery: with a broker, tasks go to the workers; without one, they run at once, in process,
# and their errors propagate, so nothing is ever queued where no worker will read it.
CELERY_BROKER_URL = REDIS_URL or "memory://"
CELERY_RESULT_BACKEND = REDIS_URL or None
CELERY_TASK_ALWAYS_EAGER = not REDIS_URL
CELERY_TASK_EAGER_PROPAGATES = True
CELERY_TASK_ACKS_LATE = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_TASK_SERIALIZER = "json"
CELERY_RESULT_SERIALIZER = "json"
CELERY_ACCEPT_CONTENT = ["json"]
CELERY_TASK_TIME_LIMIT = 600
# A worker keeps its database connection from task to task as a web worker does from request to
# request (CONN_MAX_AGE, CONN_HEALTH_CHECKS: config.celery closes old connections around each
# task). Celery's own default closes it after every task, and a new PostgreSQL connection (a
# backend forked, its caches built again) cost more than the notification it delivered.
CELERY_DB_REUSE_MAX = 2**31
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
# A request never waits on a broker that is down, so a broker outage costs no request
# (core.jobs.publish gives up after one second, the row stays queued, the sweeper re-sends it).
CELERY_TASK_PUBLISH_RETRY = False
CELERY_BROKER_CONNECTION_TIMEOUT = 1
CELERY_BROKER_TRANSPORT_OPTIONS = {"socket_connect_timeout": 1}
CELERY_REDIS_SOCKET_CONNECT_TIMEOUT = 1
#: core.jobs re-sends rows still queued after this many seconds (a minute; shorter in tests).
JOB_RESEND_SECONDS = int(os.environ.get("JOB_RESEND_SECONDS", "60"))
#: A job running this long (seconds) lost its worker: the sweeper puts it back in the queue.
JOB_STALE_SECONDS = int(os.environ.get("JOB_STALE_SECONDS", str(CELERY_TASK_TIME_LIMIT + 60)))
#: Without a broker, a job whose work grows with what a person sent (a player import) runs on a
#: thread of its own, so the request that asked answers at once (core.jobs.detach_on_commit).
JOBS_DETACH_EAGER = True
#: How many events one account may create in a day (site staff: any number); past it, 429.
EVENTS_PER_DAY_MAX = int(os.environ.get("EVENTS_PER_DAY_MAX", "20"))

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]
LOGIN_URL = "login"
LOGIN_REDIRECT_URL = "home"
LOGOUT_REDIRECT_URL = "home"

# Accounts: django-allauth (core.accounts). Log in by username or email; sign-up needs a verified
# email address (production forces "mandatory"); allauth's own failed-login limit is off, the
# project's one limiter (core.login_limits) counts every way in.
AUTHENTICATION_BACKENDS = [
    "django.contrib.auth.backends.ModelBackend",
    "allauth.account.auth_backends.AuthenticationBackend",
]
ACCOUNT_ADAPTER = "core.accounts.AccountAdapter"
ACCOUNT_FORMS = {"login": "core.accounts.LoginForm"}
ACCOUNT_LOGIN_METHODS = {"username", "email"}
ACCOUNT_SIGNUP_FIELDS = ["email*", "username*", "password1*", "password2*"]
ACCOUNT_EMAIL_VERIFICATION = os.environ.get("ACCOUNT_EMAIL_VERIFICATION", "mandatory")
ACCOUNT_UNIQUE_EMAIL = True
ACCOUNT_CHANGE_EMAIL = True
ACCOUNT_LOGIN_ON_EMAIL_CONFIRMATION = True
ACCOUNT_LOGOUT_REDIRECT_URL = "home"
ACCOUNT_EMAIL_SUBJECT_PREFIX = "[ZUTOMAYO CARD TO] "
# allauth's log-in limits are off: core.login_limits governs every way in (and, unlike allauth's,
# keeps working while the cache is down).
ACCOUNT_RATE_LIMITS = {"login": False, "login_failed": False, "reauthenticate": False}
SOCIALACCOUNT_PROVIDERS = social_providers(os.environ)

# Email: Django's mailers, chosen by environment variables (SMTP unless EMAIL_BACKEND says other).
MAILERS = mailers_from_env(os.environ)
DEFAULT_FROM_EMAIL = os.environ.get("DEFAULT_FROM_EMAIL", "webmaster@localhost")
SERVER_EMAIL = DEFAULT_FROM_EMAIL

# Request bodies are refused (413) by their declared length before they are read
# (core.hygiene): 1 MB without logging in, 10 MB for a person (session or API token).
ANONYMOUS_BODY_MAX_BYTES = 1024 * 1024
REQUEST_BODY_MAX_BYTES = 10 * 1024 * 1024

# Failed logins (core.login_limits, every way in): per account, 5 attempts at once, then each
# further one waits 1, 2, 4 … s (at most 60) after the one before; failures are forgotten after
# 15 minutes. Per client address, never a refusal (a venue shares one): past 100 failures within
# 5 minutes each further failure waits 1, 2, 4 … s (at most 60) before it is answered.
LOGIN_FAILURE_LIMIT = 5
LOGIN_FAILURE_WINDOW_SECONDS = 900
LOGIN_FAILURE_DELAY_SECONDS = 1
LOGIN_FAILURE_DELAY_MAX_SECONDS = 60
LOGIN_ADDRESS_FAILURE_LIMIT = 100
LOGIN_ADDRESS_WINDOW_SECONDS = 300
LOGIN_ADDRESS_DELAY_SECONDS = 1
LOGIN_ADDRESS_DELAY_MAX_SECONDS = 60
# How many proxies stand in front of the site (core.client_address): 0 means none, the client
# is REMOTE_ADDR; with 1 or more, X-Forwarded-For and X-Forwarded-Proto (SECURE_PROXY_SSL_HEADER)
# are trusted that far. Production defaults to 1 (README: bind gunicorn to 127.0.0.1).
TRUSTED_PROXY_HOPS = int(os.environ.get("TRUSTED_PROXY_HOPS", "0"))

# API tokens (core.tokens) stop working this many days after they were made.
API_TOKEN_LIFETIME_DAYS = float(os.environ.get("API_TOKEN_LIFETIME_DAYS", "30"))

# Two-factor (allauth.mfa): TOTP with recovery codes, for anyone who turns it on (offered to
# organisers, judges and site staff on their profile); every log-in path then asks for a code.
MFA_SUPPORTED_TYPES = ["totp", "recovery_codes"]
MFA_TOTP_ISSUER = "ZUTOMAYO CARD TO"
MFA_FORMS = {"authenticate": "core.accounts.MfaAuthenticateForm"}

LANGUAGE_CODE = "en"
LANGUAGES = [("en", _("English")), ("ja", _("Japanese"))]
LOCALE_PATHS = [BASE_DIR / "locale"]
TIME_ZONE = os.environ.get("TIME_ZONE", "Asia/Tokyo")
USE_I18N = True
USE_TZ = True

STATIC_URL = "/static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {"BACKEND": "whitenoise.storage.CompressedStaticFilesStorage"},
}
# Static files are served by WhiteNoise; outside production straight from the source folders.
WHITENOISE_USE_FINDERS = True
WHITENOISE_AUTOREFRESH = DEBUG
MEDIA_ROOT = BASE_DIR / "var" / "media"
MEDIA_URL = "/media/"

REST_FRAMEWORK = {
    "DEFAULT_AUTHENTICATION_CLASSES": [
        "rest_framework.authentication.SessionAuthentication",
        "core.tokens.ApiTokenAuthentication",
    ],
    "DEFAULT_PERMISSION_CLASSES": ["rest_framework.permissions.IsAuthenticatedOrReadOnly"],
    "DEFAULT_SCHEMA_CLASS": "drf_spectacular.openapi.AutoSchema",
    "EXCEPTION_HANDLER": "core.api.exception_handler",
    "DEFAULT_PARSER_CLASSES": [
        "core.parsers.SafeJSONParser",
        "rest_framework.parsers.FormParser",
        "rest_framework.parsers.MultiPartParser",
    ],
    "DEFAULT_PAGINATION_CLASS": "core.pagination.BoundedLimitOffsetPagination",
    "PAGE_SIZE": 100,
}
SPECTACULAR_SETTINGS = {
    "TITLE": "ZUTOMAYO CARD tournament and judge toolkit API",
    "DESCRIPTION": "Events, pairings, results, standings, card pool, decklists and judge rulings.",
    "VERSION": "1.0.0",
    "SERVE_INCLUDE_SCHEMA": False,
    "SWAGGER_UI_DIST": "SIDECAR",
    "SWAGGER_UI_FAVICON_HREF": "SIDECAR",
    "REDOC_DIST": "SIDECAR",
    "ENUM_NAME_OVERRIDES": {"MatchSideEnum": "tournaments.apis.common.MATCH_SIDES"},
}

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": os.environ.get("LOG_LEVEL", "INFO")},
}

# The site's public address (``https://to.example.org``): links in notification mail are made
# absolute with it. Unset, a mail sent during a request uses that request's address; the
# periodic reminders (no request) then carry bare paths, so production sets it.
SITE_URL = os.environ.get("SITE_URL", "").rstrip("/")

# Where the shared, never-committed data sits beside a checkout (cards, rules).
SHARED_DIR = Path(os.environ.get("SHARED_DIR", str(BASE_DIR.parent / "shared")))
