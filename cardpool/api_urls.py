"""REST API routes of the card pool (``cardpool.apis``), mounted under /api/v1/, each with who
may use it (``core.access``). An event's decklists are ``tournaments.api_urls``."""

from django.urls import URLPattern

from cardpool import apis
from core.access import Access, route

urlpatterns: list[URLPattern] = [
    route("cards/", apis.CardListApi.as_view(), name="api-card-list", access=Access.ANYONE),
    route(
        "cards/<slug:game>/<str:code>/",
        apis.CardDetailApi.as_view(),
        name="api-card-detail",
        access=Access.ANYONE,
    ),
    route(
        "decklists/check/",
        apis.DecklistCheckApi.as_view(),
        name="api-decklist-check",
        access=Access.ANYONE,
    ),
]
