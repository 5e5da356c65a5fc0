"""URL configuration: HTML pages, the REST API under /api/v1/, schema and docs under /api/."""

from django.contrib import admin
from django.urls import URLPattern, URLResolver, include, path, register_converter
from drf_spectacular.views import SpectacularAPIView, SpectacularRedocView, SpectacularSwaggerView

from core import views as core_views
from core.apis import ApiRootApi, ObtainTokenApi
from core.converters import IdConverter
from tournaments.views.public import home

register_converter(IdConverter, "id")

api_v1: list[URLPattern | URLResolver] = [
    path("", ApiRootApi.as_view(), name="api-root"),
    path("", include("cardpool.api_urls")),
    path("", include("tournaments.api_urls")),
    path("", include("judging.api_urls")),
    path("auth/token/", ObtainTokenApi.as_view(), name="api-token"),
]

urlpatterns = [
    path("", home, name="home"),
    path("", include("tournaments.urls")),  # events/…, and cards/decklists/… before cards/
    path("cards/", include("cardpool.urls")),
    path("judging/", include("judging.urls")),
    path("healthz", core_views.healthz, name="healthz"),
    path("accounts/login/", core_views.LoginView.as_view(), name="login"),
    path("accounts/logout/", core_views.LogoutView.as_view(), name="logout"),
    path("i18n/", include("django.conf.urls.i18n")),
    path("admin/", admin.site.urls),
    path("api/v1/", include(api_v1)),
    path("api/schema/", SpectacularAPIView.as_view(), name="api-schema"),
    path("api/docs/", SpectacularSwaggerView.as_view(url_name="api-schema"), name="api-docs"),
    path("api/redoc/", SpectacularRedocView.as_view(url_name="api-schema"), name="api-redoc"),
]

handler404 = "core.views.page_not_found"
