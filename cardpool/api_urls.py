from django.urls import path

from cardpool import apis

urlpatterns = [
    path("cards/", apis.CardListApi.as_view(), name="api-card-list"),
    path("cards/<slug:game>/<str:code>/", apis.CardDetailApi.as_view(), name="api-card-detail"),
    path("decklists/check/", apis.DecklistCheckApi.as_view(), name="api-decklist-check"),
]
