"""REST API routes of events (``tournaments.apis``), mounted under /api/v1/, each with who may
use it (``core.access``)."""

from django.urls import URLPattern

import tournaments.apis.championship as championship  # day 2, seating, pairing by hand
import tournaments.apis.venue as venue  # at the venue: check-in, claim codes, judge calls
from core.access import Access, Condition, route
from tournaments.apis import (
    decklists,
    events,
    exports,
    judge_desk,
    placings,
    registrations,
    results,
    rounds,
    staff,
)

EVENT = "events/<id:event_id>/"
ROUND = EVENT + "rounds/<id:number>/"
REGISTRATION = EVENT + "registrations/<id:registration_id>/"
MATCH = EVENT + "matches/<id:match_id>/"
# A registration's decklist is addressed by the registration alone, without its event.
DECKLIST = "registrations/<id:registration_id>/"

ANYONE = Access.ANYONE
ORGANISER = Access.EVENT_ORGANISER
JUDGE = Access.EVENT_JUDGE
#: Scorekeepers run the rounds (organisers too): see tournaments/views/organiser.py's table.
SCOREKEEPER = Access.EVENT_SCOREKEEPER
HEAD_JUDGE = Access.EVENT_HEAD_JUDGE
#: Who enters results: judges and scorekeepers.
RESULT_KEEPER = (JUDGE, SCOREKEEPER)
STAFF = EVENT + "staff/"
#: A draft event is shown to its judges and organisers only.
DRAFT_HIDDEN = {Condition.EVENT_DRAFT: Access.EVENT_JUDGE}
#: A registration's decklist: the player and the event's judges (and organisers).
OWNER_OR_JUDGE = (Access.REGISTRATION_OWNER, JUDGE)

# At the venue: check-in (organisers and scorekeepers; players themselves), claim codes, judge calls
CHECK_IN_STAFF = (ORGANISER, Access.EVENT_SCOREKEEPER)
venue_urlpatterns: list[URLPattern] = [
    route(
        EVENT + "check-in/", venue.CheckInSelfApi.as_view(), name="api-check-in-self",
        access={"POST": Access.EVENT_PLAYER},
    ),
    route(
        EVENT + "check-in/window/", venue.CheckInWindowApi.as_view(),
        name="api-check-in-window", access={"POST": CHECK_IN_STAFF},
    ),
    route(
        EVENT + "check-in/bulk/", venue.CheckInBulkApi.as_view(), name="api-check-in-bulk",
        access={"POST": CHECK_IN_STAFF},
    ),
    route("claim/", venue.ClaimApi.as_view(), name="api-claim", access={"POST": Access.LOGGED_IN}),
    route(
        EVENT + "judge-calls/", venue.JudgeCallListApi.as_view(), name="api-judge-call-list",
        access={"GET": JUDGE, "POST": Access.EVENT_PLAYER},
    ),
    route(
        EVENT + "judge-calls/take/", venue.JudgeCallActionApi.as_view(call_action="take"),
        name="api-judge-call-take", access={"POST": JUDGE},
    ),
    route(
        EVENT + "judge-calls/done/", venue.JudgeCallActionApi.as_view(call_action="done"),
        name="api-judge-call-done", access={"POST": JUDGE},
    ),
]  # fmt: skip

urlpatterns: list[URLPattern] = [
    route(
        "events/", events.EventListApi.as_view(), name="api-event-list",
        access={"GET": ANYONE, "POST": Access.LOGGED_IN},
    ),
    route(
        EVENT, events.EventDetailApi.as_view(), name="api-event-detail",
        access={"GET": ANYONE, "PATCH": ORGANISER}, when=DRAFT_HIDDEN,
    ),
    route(
        EVENT + "status/", events.EventStatusApi.as_view(), name="api-event-status",
        access={"POST": ORGANISER},
    ),
    route(
        EVENT + "finish/", events.EventFinishApi.as_view(), name="api-event-finish",
        access={"POST": ORGANISER},
    ),
    route(
        EVENT + "copy/", events.EventCopyApi.as_view(), name="api-event-copy",
        access={"POST": ORGANISER},
    ),
    # registrations
    route(
        EVENT + "registrations/", registrations.RegistrationListApi.as_view(),
        name="api-registration-list",
        access={"GET": ANYONE, "POST": Access.LOGGED_IN}, when=DRAFT_HIDDEN,
    ),
    route(
        EVENT + "registrations/add/", registrations.RegistrationAddApi.as_view(),
        name="api-registration-add", access={"POST": SCOREKEEPER},
    ),
    route(
        EVENT + "registrations/import/", registrations.RegistrationImportApi.as_view(),
        name="api-registration-import", access={"POST": ORGANISER},
    ),
    route(
        EVENT + "registrations/imports/<id:import_id>/",
        registrations.PlayerImportDetailApi.as_view(),
        name="api-player-import", access={"GET": ORGANISER},
    ),
    route(
        REGISTRATION + "check-in/", registrations.RegistrationCheckInApi.as_view(),
        name="api-registration-check-in", access={"POST": SCOREKEEPER},
    ),
    route(
        REGISTRATION + "drop/", registrations.RegistrationDropApi.as_view(),
        name="api-registration-drop",
        access={"POST": (Access.REGISTRATION_OWNER, SCOREKEEPER)},
    ),
    route(
        REGISTRATION + "undrop/", registrations.RegistrationUndropApi.as_view(),
        name="api-registration-undrop", access={"POST": SCOREKEEPER},
    ),
    # rounds
    route(
        EVENT + "rounds/", rounds.RoundListApi.as_view(), name="api-round-list",
        access={"GET": ANYONE, "POST": SCOREKEEPER}, when=DRAFT_HIDDEN,
    ),
    route(
        ROUND, rounds.RoundDetailApi.as_view(), name="api-round-detail",
        access={"GET": ANYONE}, when=DRAFT_HIDDEN,
    ),
    route(
        ROUND + "repair/", rounds.RoundRepairApi.as_view(), name="api-round-repair",
        access={"POST": SCOREKEEPER},
    ),
    route(
        ROUND + "swap/", rounds.RoundSwapApi.as_view(), name="api-round-swap",
        access={"POST": SCOREKEEPER},
    ),
    *(
        route(
            ROUND + f"{action}/", rounds.RoundClockApi.as_view(clock_action=action),
            name=f"api-round-{action}", access={"POST": SCOREKEEPER},
        )
        for action in rounds.CLOCK_ACTIONS
    ),
    route(
        ROUND + "complete/", rounds.RoundCompleteApi.as_view(), name="api-round-complete",
        access={"POST": SCOREKEEPER},
    ),
    route(
        ROUND + "my-match/", results.MyMatchApi.as_view(), name="api-round-my-match",
        access={"GET": Access.EVENT_PLAYER},
    ),
    route(
        ROUND + "queue/", judge_desk.RoundQueueApi.as_view(), name="api-round-queue",
        access={"GET": RESULT_KEEPER},
    ),
    route(
        ROUND + "progress/", judge_desk.RoundProgressApi.as_view(), name="api-round-progress",
        access={"GET": RESULT_KEEPER},
    ),
    route(
        EVENT + "top-cut/", rounds.TopCutApi.as_view(), name="api-top-cut",
        access={"POST": ORGANISER},
    ),
    # Championship structures: advancing to day 2, byes in advance and fixed tables, pairing by hand
    route(
        EVENT + "day-two/", championship.DayTwoApi.as_view(), name="api-day-two",
        access={"POST": SCOREKEEPER},
    ),
    route(
        REGISTRATION + "seating/", championship.SeatingApi.as_view(), name="api-seating",
        access={"POST": ORGANISER},
    ),
    route(
        ROUND + "override/", championship.RoundOverrideApi.as_view(), name="api-round-override",
        access={"POST": SCOREKEEPER},
    ),
    route(
        EVENT + "standings/", events.StandingsApi.as_view(), name="api-standings",
        access={"GET": ANYONE}, when=DRAFT_HIDDEN,
    ),
    route(  # final placings, public like the standings
        EVENT + "placings/", placings.PlacingsApi.as_view(), name="api-placings",
        access={"GET": ANYONE}, when=DRAFT_HIDDEN,
    ),
    route(
        EVENT + "export/<str:kind>/", exports.EventExportApi.as_view(), name="api-event-export",
        access={"GET": ORGANISER},
    ),
    # matches: players and judges
    route(
        MATCH + "report/", results.ResultReportApi.as_view(), name="api-result-report",
        access={"POST": Access.MATCH_PLAYER}, under_lock=Access.MATCH_PLAYER,
    ),
    route(
        MATCH + "confirm/", results.ResultConfirmApi.as_view(), name="api-result-confirm",
        access={"POST": Access.MATCH_PLAYER}, under_lock=Access.MATCH_PLAYER,
    ),
    route(
        MATCH + "judge-result/", judge_desk.JudgeResultApi.as_view(), name="api-judge-result",
        access={"POST": RESULT_KEEPER},
    ),
    route(
        MATCH + "extend/", judge_desk.MatchExtendApi.as_view(), name="api-match-extend",
        access={"POST": JUDGE},
    ),
    route(
        EVENT + "penalties/", judge_desk.PenaltyListApi.as_view(), name="api-penalty-list",
        access={"GET": JUDGE, "POST": JUDGE},
    ),
    # a disqualification needs a second person: an organiser or head judge
    route(
        EVENT + "disqualifications/<id:penalty_id>/confirm/",
        judge_desk.DisqualificationDecideApi.as_view(), name="api-disqualification-confirm",
        access={"POST": HEAD_JUDGE},
    ),
    route(
        EVENT + "disqualifications/<id:penalty_id>/withdraw/",
        judge_desk.DisqualificationDecideApi.as_view(withdraw=True),
        name="api-disqualification-withdraw", access={"POST": HEAD_JUDGE},
    ),
    # decklists: players, judges (deck checks) and organisers (re-checks)
    route(
        DECKLIST + "decklist/", decklists.DecklistApi.as_view(), name="api-decklist",
        access={"GET": OWNER_OR_JUDGE, "POST": (Access.REGISTRATION_OWNER, ORGANISER)},
        when={Condition.DECKLISTS_PUBLISHED: ANYONE},
    ),
    route(
        DECKLIST + "decklist/versions/", decklists.DecklistVersionListApi.as_view(),
        name="api-decklist-versions",
        access={"GET": OWNER_OR_JUDGE}, when={Condition.DECKLISTS_PUBLISHED: Access.LOGGED_IN},
    ),
    route(
        DECKLIST + "deck-check/", decklists.DeckCheckApi.as_view(), name="api-deck-check",
        access={"POST": JUDGE},
    ),
    route(
        EVENT + "decklists/recheck/", decklists.DecklistRecheckApi.as_view(),
        name="api-decklist-recheck",
        access={"GET": ORGANISER, "POST": ORGANISER},
    ),
    *venue_urlpatterns,

    # staff: the organisers appoint, remove and invite; whoever is invited accepts
    route(
        STAFF, staff.StaffListApi.as_view(), name="api-staff-list",
        access={"GET": ORGANISER, "POST": ORGANISER},
    ),
    route(
        STAFF + "invitations/", staff.InvitationListApi.as_view(), name="api-staff-invitations",
        access={"GET": ORGANISER},
    ),
    route(
        STAFF + "invitations/<id:invitation_id>/", staff.InvitationRevokeApi.as_view(),
        name="api-staff-invitation", access={"DELETE": ORGANISER},
    ),
    route(
        STAFF + "<slug:role>/<id:user_id>/", staff.StaffRevokeApi.as_view(),
        name="api-staff-revoke", access={"DELETE": ORGANISER},
    ),
    route(
        "staff-invitations/accept/", staff.InvitationAcceptApi.as_view(),
        name="api-staff-invitation-accept", access={"POST": Access.LOGGED_IN},
    ),
    # appeals: a player of the match appeals a judge's decision, the head judge decides
    route(
        MATCH + "appeal/", staff.MatchAppealApi.as_view(), name="api-match-appeal",
        access={"POST": Access.MATCH_PLAYER},
    ),
    route(
        EVENT + "appeals/", staff.AppealListApi.as_view(), name="api-appeal-list",
        access={"GET": HEAD_JUDGE},
    ),
    route(
        EVENT + "appeals/<id:appeal_id>/decide/", staff.AppealDecideApi.as_view(),
        name="api-appeal-decide", access={"POST": HEAD_JUDGE},
    ),
]  # fmt: skip
