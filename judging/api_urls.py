from django.urls import path

from judging import apis

urlpatterns = [
    path("judging/replay/", apis.ReplayApi.as_view(), name="api-judging-replay"),
    path("events/<id:event_id>/cases/", apis.CaseListApi.as_view(), name="api-case-list"),
    path("cases/<id:case_id>/rulings/", apis.RulingCreateApi.as_view(), name="api-ruling-create"),
    path("cases/<id:case_id>/file/", apis.CaseFileApi.as_view(), name="api-case-file"),
    path(
        "rules/<slug:game>/<slug:slug>/<str:key>/",
        apis.RuleClauseApi.as_view(),
        name="api-rule-clause",
    ),
]
