"""REST API routes of events (``tournaments.apis``), mounted under /api/v1/."""

from django.urls import URLPattern, URLResolver, path

from tournaments.apis import decklists, events, exports, judge_desk, registrations, results, rounds

EVENT = "events/<id:event_id>/"
ROUND = EVENT + "rounds/<id:number>/"
REGISTRATION = EVENT + "registrations/<id:registration_id>/"
MATCH = EVENT + "matches/<id:match_id>/"
# A registration's decklist is addressed by the registration alone, without its event.
DECKLIST = "registrations/<id:registration_id>/"

urlpatterns: list[URLPattern | URLResolver] = [
    path("events/", events.EventListApi.as_view(), name="api-event-list"),
    path(EVENT, events.EventDetailApi.as_view(), name="api-event-detail"),
    path(EVENT + "status/", events.EventStatusApi.as_view(), name="api-event-status"),
    path(EVENT + "finish/", events.EventFinishApi.as_view(), name="api-event-finish"),
    # registrations
    path(
        EVENT + "registrations/",
        registrations.RegistrationListApi.as_view(),
        name="api-registration-list",
    ),
    path(
        EVENT + "registrations/add/",
        registrations.RegistrationAddApi.as_view(),
        name="api-registration-add",
    ),
    path(
        EVENT + "registrations/import/",
        registrations.RegistrationImportApi.as_view(),
        name="api-registration-import",
    ),
    path(
        REGISTRATION + "check-in/",
        registrations.RegistrationCheckInApi.as_view(),
        name="api-registration-check-in",
    ),
    path(
        REGISTRATION + "drop/",
        registrations.RegistrationDropApi.as_view(),
        name="api-registration-drop",
    ),
    path(
        REGISTRATION + "undrop/",
        registrations.RegistrationUndropApi.as_view(),
        name="api-registration-undrop",
    ),
    # rounds
    path(EVENT + "rounds/", rounds.RoundListApi.as_view(), name="api-round-list"),
    path(ROUND, rounds.RoundDetailApi.as_view(), name="api-round-detail"),
    path(ROUND + "repair/", rounds.RoundRepairApi.as_view(), name="api-round-repair"),
    path(ROUND + "swap/", rounds.RoundSwapApi.as_view(), name="api-round-swap"),
    *(
        path(
            ROUND + f"{action}/",
            rounds.RoundClockApi.as_view(clock_action=action),
            name=f"api-round-{action}",
        )
        for action in rounds.CLOCK_ACTIONS
    ),
    path(ROUND + "complete/", rounds.RoundCompleteApi.as_view(), name="api-round-complete"),
    path(ROUND + "my-match/", results.MyMatchApi.as_view(), name="api-round-my-match"),
    path(ROUND + "queue/", judge_desk.RoundQueueApi.as_view(), name="api-round-queue"),
    path(ROUND + "progress/", judge_desk.RoundProgressApi.as_view(), name="api-round-progress"),
    path(EVENT + "top-cut/", rounds.TopCutApi.as_view(), name="api-top-cut"),
    path(EVENT + "standings/", events.StandingsApi.as_view(), name="api-standings"),
    path(EVENT + "export/<str:kind>/", exports.EventExportApi.as_view(), name="api-event-export"),
    # matches: players and judges
    path(MATCH + "report/", results.ResultReportApi.as_view(), name="api-result-report"),
    path(MATCH + "confirm/", results.ResultConfirmApi.as_view(), name="api-result-confirm"),
    path(MATCH + "judge-result/", judge_desk.JudgeResultApi.as_view(), name="api-judge-result"),
    path(MATCH + "extend/", judge_desk.MatchExtendApi.as_view(), name="api-match-extend"),
    path(EVENT + "penalties/", judge_desk.PenaltyListApi.as_view(), name="api-penalty-list"),
    # decklists: players, judges (deck checks) and organisers (re-checks)
    path(DECKLIST + "decklist/", decklists.DecklistApi.as_view(), name="api-decklist"),
    path(
        DECKLIST + "decklist/versions/",
        decklists.DecklistVersionListApi.as_view(),
        name="api-decklist-versions",
    ),
    path(DECKLIST + "deck-check/", decklists.DeckCheckApi.as_view(), name="api-deck-check"),
    path(
        EVENT + "decklists/recheck/",
        decklists.DecklistRecheckApi.as_view(),
        name="api-decklist-recheck",
    ),
]
