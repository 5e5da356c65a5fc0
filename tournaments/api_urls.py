"""REST API routes of events (``tournaments.apis``), mounted under /api/v1/."""

from django.urls import URLPattern, URLResolver, path

from tournaments import apis

EVENT = "events/<id:event_id>/"
ROUND = EVENT + "rounds/<id:number>/"
REGISTRATION = EVENT + "registrations/<id:registration_id>/"
MATCH = EVENT + "matches/<id:match_id>/"

urlpatterns: list[URLPattern | URLResolver] = [
    path("events/", apis.EventListApi.as_view(), name="api-event-list"),
    path(EVENT, apis.EventDetailApi.as_view(), name="api-event-detail"),
    path(EVENT + "status/", apis.EventStatusApi.as_view(), name="api-event-status"),
    path(EVENT + "finish/", apis.EventFinishApi.as_view(), name="api-event-finish"),
    # registrations
    path(
        EVENT + "registrations/",
        apis.RegistrationListApi.as_view(),
        name="api-registration-list",
    ),
    path(
        EVENT + "registrations/add/",
        apis.RegistrationAddApi.as_view(),
        name="api-registration-add",
    ),
    path(
        EVENT + "registrations/import/",
        apis.RegistrationImportApi.as_view(),
        name="api-registration-import",
    ),
    path(
        REGISTRATION + "check-in/",
        apis.RegistrationCheckInApi.as_view(),
        name="api-registration-check-in",
    ),
    path(REGISTRATION + "drop/", apis.RegistrationDropApi.as_view(), name="api-registration-drop"),
    path(
        REGISTRATION + "undrop/",
        apis.RegistrationUndropApi.as_view(),
        name="api-registration-undrop",
    ),
    # rounds
    path(EVENT + "rounds/", apis.RoundListApi.as_view(), name="api-round-list"),
    path(ROUND, apis.RoundDetailApi.as_view(), name="api-round-detail"),
    path(ROUND + "repair/", apis.RoundRepairApi.as_view(), name="api-round-repair"),
    path(ROUND + "swap/", apis.RoundSwapApi.as_view(), name="api-round-swap"),
    path(ROUND + "start/", apis.RoundStartApi.as_view(), name="api-round-start"),
    path(ROUND + "pause/", apis.RoundPauseApi.as_view(), name="api-round-pause"),
    path(ROUND + "resume/", apis.RoundResumeApi.as_view(), name="api-round-resume"),
    path(ROUND + "extend/", apis.RoundExtendApi.as_view(), name="api-round-extend"),
    path(ROUND + "complete/", apis.RoundCompleteApi.as_view(), name="api-round-complete"),
    path(ROUND + "my-match/", apis.MyMatchApi.as_view(), name="api-round-my-match"),
    path(ROUND + "queue/", apis.RoundQueueApi.as_view(), name="api-round-queue"),
    path(ROUND + "progress/", apis.RoundProgressApi.as_view(), name="api-round-progress"),
    path(EVENT + "top-cut/", apis.TopCutApi.as_view(), name="api-top-cut"),
    path(EVENT + "standings/", apis.StandingsApi.as_view(), name="api-standings"),
    path(EVENT + "export/<str:kind>/", apis.EventExportApi.as_view(), name="api-event-export"),
    # matches: players and judges
    path(MATCH + "report/", apis.ResultReportApi.as_view(), name="api-result-report"),
    path(MATCH + "confirm/", apis.ResultConfirmApi.as_view(), name="api-result-confirm"),
    path(MATCH + "judge-result/", apis.JudgeResultApi.as_view(), name="api-judge-result"),
    path(MATCH + "extend/", apis.MatchExtendApi.as_view(), name="api-match-extend"),
    path(EVENT + "penalties/", apis.PenaltyListApi.as_view(), name="api-penalty-list"),
]
