"""URL configuration: HTML pages, the REST API under /api/v1/, schema and docs under /api/.

Every route declares who may use it (``core.access``): ``route()`` for our views,
``include_declared()`` for third-party URLconfs; our own apps' includes declare each route.
"""

from allauth.account import views as allauth_views
from allauth.urls import build_provider_urlpatterns
from django.conf import settings
from django.contrib import admin
from django.urls import URLPattern, URLResolver, include, path, register_converter
from django.views.decorators.csp import csp_override
from drf_spectacular.views import (
    SpectacularAPIView,
    SpectacularRedocView,
    SpectacularSwaggerSplitView,
)

from core import views as core_views
from core.access import Access, include_declared, route
from core.apis import ApiRootApi, ObtainTokenApi
from core.converters import IdConverter
from core.notifications import urls as notification_urls
from tournaments.views.public import home

register_converter(IdConverter, "id")


def _policy(name: str) -> dict[str, list[str]]:
    """A relaxed Content-Security-Policy from the settings, for one third-party page."""
    policy: dict[str, list[str]] = getattr(settings, name)
    return policy


api_v1: list[URLPattern | URLResolver] = [
    route("", ApiRootApi.as_view(), name="api-root", access=Access.ANYONE),
    path("", include("cardpool.api_urls")),
    path("", include("tournaments.api_urls")),
    path("", include("judging.api_urls")),
    route("auth/token/", ObtainTokenApi.as_view(), name="api-token", access=Access.ANYONE),
    path("", include(notification_urls.api_urlpatterns)),
]

if settings.SOCIALACCOUNT_PROVIDERS:
    social_providers = [
        pattern
        for pattern in build_provider_urlpatterns()
        if str(pattern.pattern).strip("/") in settings.SOCIALACCOUNT_PROVIDERS
    ]
    social_provider_urls = [
        include_declared("accounts/", include(social_providers), access=Access.ANYONE)
    ]
else:
    social_provider_urls = []

urlpatterns = [
    # the API first: its requests (a round end's reports) are resolved without trying every
    # page's pattern before them; no page's address begins with api/v1/
    path("api/v1/", include(api_v1)),
    route("", home, name="home", access={"GET": Access.ANYONE}),
    path("", include("tournaments.urls")),  # events/…, and cards/decklists/… before cards/
    path("cards/", include("cardpool.urls")),
    path("judging/", include("judging.urls")),
    path("", include(notification_urls.urlpatterns)),
    route("healthz", core_views.healthz, name="healthz", access={"GET": Access.ANYONE}),
    route("yardstick", core_views.yardstick, name="yardstick", access={"GET": Access.ANYONE}),
    route("accounts/login/", core_views.LoginView.as_view(), name="login", access=Access.ANYONE),
    route("accounts/logout/", allauth_views.logout, name="logout", access=Access.ANYONE),
    path("accounts/", include("core.urls")),
    # allauth's pages (sign-up, email, password; log-in and log-out are routed above), and its
    # social log-in pages; each provider's own URLs only when its variables switch it on.
    include_declared("accounts/", include("allauth.account.urls"), access=Access.ANYONE),
    # Two-factor (allauth.mfa): the code step is for someone half-way through logging in; the
    # set-up pages need a log-in (allauth checks).
    route(
        "accounts/2fa/authenticate/",
        core_views.MfaAuthenticateView.as_view(),
        name="mfa_authenticate",
        access=Access.ANYONE,
    ),
    include_declared("accounts/2fa/", include("allauth.mfa.urls"), access=Access.LOGGED_IN),
    include_declared(
        "accounts/3rdparty/", include("allauth.socialaccount.urls"), access=Access.ANYONE
    ),
    *social_provider_urls,
    include_declared("i18n/", include("django.conf.urls.i18n"), access=Access.ANYONE),
    route(
        "admin/login/",
        core_views.AdminLoginView.as_view(),
        name="admin-login",
        access=Access.ANYONE,
    ),
    include_declared("admin/", admin.site.urls, access=Access.SITE_STAFF),
    route("api/schema/", SpectacularAPIView.as_view(), name="api-schema", access=Access.ANYONE),
    route(
        "api/docs/",
        # The split view serves its start-up script as a file: no inline script (settings).
        csp_override(_policy("CSP_API_DOCS"))(
            SpectacularSwaggerSplitView.as_view(url_name="api-schema")
        ),
        name="api-docs",
        access=Access.ANYONE,
    ),
    route(
        "api/redoc/",
        csp_override(_policy("CSP_REDOC"))(SpectacularRedocView.as_view(url_name="api-schema")),
        name="api-redoc",
        access=Access.ANYONE,
    ),
]

handler400 = "core.views.bad_request"
handler403 = "core.views.permission_denied"
handler404 = "core.views.page_not_found"
handler500 = "core.views.server_error"
