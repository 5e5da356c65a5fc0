from django.urls import URLPattern

from core.access import Access, route
from judging import apis

urlpatterns: list[URLPattern] = [
    route(
        "judging/replay/",
        apis.ReplayApi.as_view(),
        name="api-judging-replay",
        access={"POST": Access.LOGGED_IN},
    ),
    route(
        "events/<id:event_id>/cases/",
        apis.CaseListApi.as_view(),
        name="api-case-list",
        access={"GET": Access.EVENT_JUDGE, "POST": Access.EVENT_JUDGE},
    ),
    route(
        "cases/<id:case_id>/rulings/",
        apis.RulingCreateApi.as_view(),
        name="api-ruling-create",
        access={"POST": Access.EVENT_JUDGE},
    ),
    route(
        "cases/<id:case_id>/file/",
        apis.CaseFileApi.as_view(),
        name="api-case-file",
        access={"POST": Access.EVENT_JUDGE},
    ),
    route(
        "rules/<slug:game>/<slug:slug>/<str:key>/",
        apis.RuleClauseApi.as_view(),
        name="api-rule-clause",
        access={"GET": Access.ANYONE},
    ),
]
