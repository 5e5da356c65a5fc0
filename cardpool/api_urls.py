from django.urls import path

from cardpool import apis

urlpatterns = [
    path("cards/", apis.CardListApi.as_view(), name="api-card-list"),
    path("cards/<slug:game>/<str:code>/", apis.CardDetailApi.as_view(), name="api-card-detail"),
    path("decklists/check/", apis.DecklistCheckApi.as_view(), name="api-decklist-check"),
    path(
        "registrations/<id:registration_id>/decklist/",
        apis.DecklistApi.as_view(),
        name="api-decklist",
    ),
    path(
        "registrations/<id:registration_id>/decklist/versions/",
        apis.DecklistVersionListApi.as_view(),
        name="api-decklist-versions",
    ),
    path(
        "registrations/<id:registration_id>/deck-check/",
        apis.DeckCheckApi.as_view(),
        name="api-deck-check",
    ),
    path(
        "events/<id:event_id>/decklists/recheck/",
        apis.DecklistRecheckApi.as_view(),
        name="api-decklist-recheck",
    ),
]
