from django.urls import URLPattern

from cardpool import apis
from core.access import Access, Condition, route

OWNER_OR_JUDGE = (Access.REGISTRATION_OWNER, Access.EVENT_JUDGE)

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
    route(
        "registrations/<id:registration_id>/decklist/",
        apis.DecklistApi.as_view(),
        name="api-decklist",
        access={
            "GET": OWNER_OR_JUDGE,
            "POST": (Access.REGISTRATION_OWNER, Access.EVENT_ORGANISER),
        },
        when={Condition.DECKLISTS_PUBLISHED: Access.ANYONE},
    ),
    route(
        "registrations/<id:registration_id>/decklist/versions/",
        apis.DecklistVersionListApi.as_view(),
        name="api-decklist-versions",
        access={"GET": OWNER_OR_JUDGE},
        when={Condition.DECKLISTS_PUBLISHED: Access.LOGGED_IN},
    ),
    route(
        "registrations/<id:registration_id>/deck-check/",
        apis.DeckCheckApi.as_view(),
        name="api-deck-check",
        access={"POST": Access.EVENT_JUDGE},
    ),
    route(
        "events/<id:event_id>/decklists/recheck/",
        apis.DecklistRecheckApi.as_view(),
        name="api-decklist-recheck",
        access={"GET": Access.EVENT_ORGANISER, "POST": Access.EVENT_ORGANISER},
    ),
]
