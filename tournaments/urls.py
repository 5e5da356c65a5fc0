from typing import Any

from django.urls import URLPattern, URLResolver, include, path, register_converter

import tournaments.views.championship as championship  # day 2, seating, override
import tournaments.views.checkin as checkin  # at the venue: check-in, claim codes, judge calls
import tournaments.views.decks as decks  # reading, sharing, saving, building decks
import tournaments.views.rechecks as rechecks  # re-checks after a ban-list change
import tournaments.views.results as results  # placings, decklists, metagame
from core.access import Access, Condition, route
from tournaments.views import (
    announcements,
    appeals,
    decklists,
    event_tools,
    judge,
    me,
    organiser,
    player,
    printing,
    public,
    staff,
)

app_name = "tournaments"

ORGANISER = Access.EVENT_ORGANISER
JUDGE = Access.EVENT_JUDGE
SCOREKEEPER = Access.EVENT_SCOREKEEPER
HEAD_JUDGE = Access.EVENT_HEAD_JUDGE


class ScorekeeperActionConverter:
    """A dashboard action scorekeepers may take (``organiser.SCOREKEEPER_ACTIONS``)."""

    regex = "|".join(sorted(organiser.SCOREKEEPER_ACTIONS))

    def to_python(self, value: str) -> str:
        return value

    def to_url(self, value: str) -> str:
        return value


class OrganiserActionConverter(ScorekeeperActionConverter):
    """Any other dashboard action: the organisers' alone."""

    regex = "|".join(sorted(set(organiser.ORGANISER_ACTIONS) - organiser.SCOREKEEPER_ACTIONS))


register_converter(ScorekeeperActionConverter, "scorekeeper_action")
register_converter(OrganiserActionConverter, "organiser_action")

#: A page anyone may read (and nobody posts to).
PUBLIC_PAGE = {"GET": Access.ANYONE}
#: A draft event is shown to its judges and organisers only.
DRAFT_HIDDEN = {Condition.EVENT_DRAFT: Access.EVENT_JUDGE}

# At the venue: check-in (organisers and scorekeepers run it; players check themselves in), the
# players' receipts with their claim codes, and calling a judge.
CHECK_IN_STAFF = (ORGANISER, Access.EVENT_SCOREKEEPER)
checkin_urlpatterns: list[URLPattern] = [
    route(
        "<id:event_id>/check-in/",
        checkin.check_in_desk,
        name="check-in-desk",
        access={"GET": CHECK_IN_STAFF},
    ),
    route(
        "<id:event_id>/check-in/open/",
        checkin.check_in_open,
        name="check-in-open",
        access={"POST": CHECK_IN_STAFF},
    ),
    route(
        "<id:event_id>/check-in/close/",
        checkin.check_in_close,
        name="check-in-close",
        access={"POST": CHECK_IN_STAFF},
    ),
    route(
        "<id:event_id>/check-in/bulk/",
        checkin.check_in_bulk,
        name="check-in-bulk",
        access={"POST": CHECK_IN_STAFF},
    ),
    route(
        "<id:event_id>/check-in/settings/",
        checkin.check_in_settings,
        name="check-in-settings",
        access={"POST": ORGANISER},
    ),
    route(
        "<id:event_id>/check-in/qr/",
        checkin.check_in_qr,
        name="check-in-qr",
        access={"GET": CHECK_IN_STAFF},
    ),
    # What the venue's QR code opens: anyone logged in (the page says when they are not
    # registered); the code is in the query string.
    route(
        "<id:event_id>/check-in/scan/",
        checkin.check_in_scan,
        name="check-in-scan",
        access={"GET": Access.LOGGED_IN},
    ),
    route(
        "<id:event_id>/check-in/me/",
        checkin.check_in_self,
        name="check-in-self",
        access={"POST": Access.EVENT_PLAYER},
    ),
    route(
        "<id:event_id>/receipts/",
        checkin.receipts,
        name="receipts",
        access={"GET": CHECK_IN_STAFF},
    ),
    route(
        "<id:event_id>/receipts/<id:registration_id>/",
        checkin.receipt,
        name="receipt",
        access={"GET": CHECK_IN_STAFF},
    ),
    route(
        "<id:event_id>/judge-call/",
        checkin.judge_call,
        name="judge-call",
        access={"POST": Access.EVENT_PLAYER},
    ),
    route(
        "<id:event_id>/judge/calls/",
        checkin.judge_calls_partial,
        name="judge-calls",
        access={"GET": JUDGE},
    ),
    route(
        "<id:event_id>/judge/calls/take/",
        checkin.judge_call_take_view,
        name="judge-call-take",
        access={"POST": JUDGE},
    ),
    route(
        "<id:event_id>/judge/calls/done/",
        checkin.judge_call_resolve_view,
        name="judge-call-resolve",
        access={"POST": JUDGE},
    ),
]

event_urlpatterns: list[URLPattern] = [
    route("", public.event_list, name="event-list", access=PUBLIC_PAGE),
    route("new/", organiser.event_create, name="event-create", access=Access.LOGGED_IN),
    route("<id:event_id>/copy/", event_tools.event_copy, name="event-copy", access=ORGANISER),
    route(
        "<id:event_id>/audit/",
        event_tools.event_audit,
        name="event-audit",
        access={"GET": (ORGANISER, Access.EVENT_HEAD_JUDGE)},
    ),
    route(
        "<id:event_id>/",
        public.event_detail,
        name="event-detail",
        access=PUBLIC_PAGE,
        when=DRAFT_HIDDEN,
    ),
    route(
        "<id:event_id>/register/",
        player.event_register,
        name="event-register",
        access=Access.LOGGED_IN,
    ),
    route(
        "<id:event_id>/drop/", player.event_drop_self, name="event-drop", access=Access.EVENT_PLAYER
    ),
    route(
        "<id:event_id>/me/",
        player.my_match,
        name="my-match",
        access={"GET": Access.LOGGED_IN},
        when=DRAFT_HIDDEN,
    ),
    route(
        "<id:event_id>/pairings/",
        public.round_pairings,
        name="pairings",
        access=PUBLIC_PAGE,
        when=DRAFT_HIDDEN,
    ),
    route(
        "<id:event_id>/rounds/<id:number>/pairings/",
        public.round_pairings,
        name="round-pairings",
        access=PUBLIC_PAGE,
        when=DRAFT_HIDDEN,
    ),
    route(
        "<id:event_id>/standings/",
        public.standings,
        name="standings",
        access=PUBLIC_PAGE,
        when=DRAFT_HIDDEN,
    ),
    route(
        "<id:event_id>/bracket/",
        public.bracket,
        name="bracket",
        access=PUBLIC_PAGE,
        when=DRAFT_HIDDEN,
    ),
    # Published decklists and the metagame, once the event is over
    route(
        "<id:event_id>/decklists/",
        results.event_decklists,
        name="event-decklists",
        access={"GET": Access.EVENT_ORGANISER},
        when={Condition.DECKLISTS_PUBLISHED: Access.ANYONE},
    ),
    route(
        "<id:event_id>/metagame/",
        results.event_metagame_page,
        name="event-metagame",
        access={"GET": Access.EVENT_ORGANISER},
        when={Condition.DECKLISTS_PUBLISHED: Access.ANYONE},
    ),
    route(  # a player import's progress and result
        "<id:event_id>/imports/<id:import_id>/",
        organiser.player_import,
        name="player-import",
        access={"GET": Access.EVENT_ORGANISER},
    ),
    route(  # re-checks after a ban-list change, and unlocking a list
        "<id:event_id>/decklists/rechecks/",
        rechecks.recheck_list,
        name="decklist-rechecks",
        access={"GET": Access.EVENT_ORGANISER},
    ),
    route(
        "<id:event_id>/decklists/<id:registration_id>/unlock/",
        rechecks.decklist_unlock,
        name="decklist-unlock",
        access={"POST": Access.EVENT_ORGANISER},
    ),
    route(
        "<id:event_id>/clock/",
        public.round_clock,
        name="clock",
        access=PUBLIC_PAGE,
        when=DRAFT_HIDDEN,
    ),
    route(
        "<id:event_id>/manage/",
        organiser.event_manage,
        name="event-manage",
        access={"GET": (ORGANISER, SCOREKEEPER)},
    ),
    route("<id:event_id>/edit/", organiser.event_edit, name="event-edit", access=ORGANISER),
    # One name, two patterns: who may take an action depends on which (organiser.py's table).
    route(
        "<id:event_id>/announcements/",
        announcements.event_announcements,
        name="event-announcements",
        access=ORGANISER,
    ),
    route(
        "<id:event_id>/manage/<organiser_action:action>/",
        organiser.event_action,
        name="event-action",
        access=ORGANISER,
    ),
    route(
        "<id:event_id>/manage/<scorekeeper_action:action>/",
        organiser.event_action,
        name="event-action",
        access=SCOREKEEPER,
    ),
    # Championship structures: advancing to day 2, byes in advance and fixed tables, pairing by hand
    route(
        "<id:event_id>/manage/day-two/",
        championship.event_advance,
        name="event-advance",
        access=(ORGANISER, SCOREKEEPER),
    ),
    route(
        "<id:event_id>/manage/seating/",
        championship.event_seating,
        name="event-seating",
        access=ORGANISER,
    ),
    route(
        "<id:event_id>/manage/pair-by-hand/",
        championship.round_override,
        name="round-override",
        access=(ORGANISER, SCOREKEEPER),
    ),
    route("<id:event_id>/staff/", staff.staff_page, name="event-staff", access=ORGANISER),
    route(
        "<id:event_id>/staff/remove/",
        staff.staff_remove,
        name="event-staff-remove",
        access=ORGANISER,
    ),
    route(
        "<id:event_id>/staff/invitations/withdraw/",
        staff.staff_invitation_withdraw,
        name="event-staff-invitation-withdraw",
        access={"POST": ORGANISER},
    ),
    # The link of an invitation mail: anyone holding it reads who invited whom to what (the
    # token is the secret); accepting needs an account (log in or sign up, then back here).
    route(
        "invitations/<str:token>/",
        staff.staff_invitation,
        name="staff-invitation",
        access={"GET": Access.ANYONE, "POST": Access.LOGGED_IN},
    ),
    route(
        "<id:event_id>/judge/",
        judge.judge_desk,
        name="judge-desk",
        access={"GET": (JUDGE, SCOREKEEPER)},
    ),
    route(
        "<id:event_id>/judge/enter/",
        judge.judge_fast_entry,
        name="judge-enter",
        access=(JUDGE, SCOREKEEPER),
    ),
    route(
        "<id:event_id>/judge/appeals/<id:appeal_id>/",
        appeals.appeal_decision,
        name="appeal-decide",
        access={"POST": HEAD_JUDGE},
    ),
    route("<id:event_id>/judge/penalty/", judge.judge_penalty, name="judge-penalty", access=JUDGE),
    # A disqualification needs a second person (an organiser or head judge): yes or no.
    route(
        "<id:event_id>/judge/disqualifications/<id:penalty_id>/confirm/",
        judge.disqualification_confirm,
        name="disqualification-confirm",
        access={"POST": HEAD_JUDGE},
    ),
    route(
        "<id:event_id>/judge/disqualifications/<id:penalty_id>/withdraw/",
        judge.disqualification_withdraw,
        name="disqualification-withdraw",
        access={"POST": HEAD_JUDGE},
    ),
    route("<id:event_id>/judge/extend/", judge.judge_extend, name="judge-extend", access=JUDGE),
    # The autocomplete of the staff's fields that name a player (JSON).
    route(
        "<id:event_id>/players/search/",
        judge.player_search,
        name="player-search",
        access={"GET": (JUDGE, Access.EVENT_SCOREKEEPER)},
    ),
    # Players report on it, judges and scorekeepers enter results.
    route(
        "matches/<id:match_id>/",
        player.match_report,
        name="match-report",
        access=(Access.MATCH_PLAYER, JUDGE, SCOREKEEPER),
    ),
    route(
        "matches/<id:match_id>/appeal/",
        appeals.match_appeal,
        name="match-appeal",
        access={"POST": Access.MATCH_PLAYER},
    ),
    route(
        "<id:event_id>/print/<slug:kind>/",
        printing.print_request,
        name="print-request",
        access=SCOREKEEPER,
    ),
    route(
        "<id:event_id>/print/jobs/<id:job_id>/",
        printing.print_job,
        name="print-job",
        access={"GET": SCOREKEEPER},
    ),
    *checkin_urlpatterns,
]

# Decks: a list's exports and sheet (who may read the list), share links,
# saved decks (their owner's: another person's is not found) and the deck builder.


def _decklist_read(route_text: str, view: Any, name: str) -> URLPattern:
    """A read of a registration's list: whoever may read the decklist page."""
    return route(
        route_text,
        view,
        name=name,
        access={"GET": (Access.REGISTRATION_OWNER, JUDGE)},
        when={Condition.DECKLISTS_PUBLISHED: Access.LOGGED_IN},
    )


decks_urlpatterns: list[URLPattern] = [
    _decklist_read(
        "cards/decklists/<id:registration_id>/decklist.txt",
        decks.decklist_export_text,
        "decklist-export-text",
    ),
    _decklist_read(
        "cards/decklists/<id:registration_id>/decklist.csv",
        decks.decklist_export_csv,
        "decklist-export-csv",
    ),
    _decklist_read(
        "cards/decklists/<id:registration_id>/decklist.json",
        decks.decklist_export_json,
        "decklist-export-json",
    ),
    _decklist_read(
        "cards/decklists/<id:registration_id>/decklist.pdf",
        decks.decklist_sheet_pdf,
        "decklist-sheet",
    ),
    route("decks/", decks.my_decks, name="my-decks", access={"GET": Access.LOGGED_IN}),
    route("decks/edit/", decks.saved_deck_edit, name="saved-deck-edit", access=Access.LOGGED_IN),
    route(
        "decks/delete/",
        decks.saved_deck_delete_page,
        name="saved-deck-delete",
        access=Access.LOGGED_IN,
    ),
    route(
        "decks/build/<str:game>/",
        decks.deck_builder,
        name="deck-builder",
        access={"GET": Access.ANYONE, "POST": Access.LOGGED_IN},
    ),
    route("decks/check/<str:game>/", decks.deck_check, name="deck-check", access=PUBLIC_PAGE),
    route("decks/<str:code>/", decks.deck_shared, name="deck-shared", access=PUBLIC_PAGE),
]

# Mounted at the site's root (config/urls.py), ahead of the card pages: the decklist page keeps
# the address it had when it belonged to the card pool.
urlpatterns: list[URLPattern | URLResolver] = [
    path("events/", include(event_urlpatterns)),
    # A player links their account to a registration made at the desk or imported
    route("claim/", checkin.claim, name="claim", access=Access.LOGGED_IN),
    # GET: the list; POST: the player (or an organiser) submits it, a judge deck-checks it.
    route(
        "cards/decklists/<id:registration_id>/",
        decklists.decklist_submit_page,
        name="decklist-submit",
        access=(Access.REGISTRATION_OWNER, JUDGE),
        when={Condition.DECKLISTS_PUBLISHED: Access.LOGGED_IN},
    ),
    route("me/events/", me.my_events_page, name="my-events", access={"GET": Access.LOGGED_IN}),
    *decks_urlpatterns,
]
