from django.urls import URLPattern, URLResolver, include, path

from core.access import Access, Condition, route
from tournaments.views import decklists, judge, me, organiser, player, printing, public

app_name = "tournaments"

ORGANISER = Access.EVENT_ORGANISER
JUDGE = Access.EVENT_JUDGE
#: A page anyone may read (and nobody posts to).
PUBLIC_PAGE = {"GET": Access.ANYONE}
#: A draft event is shown to its judges and organisers only.
DRAFT_HIDDEN = {Condition.EVENT_DRAFT: Access.EVENT_JUDGE}

event_urlpatterns: list[URLPattern] = [
    route("new/", organiser.event_create, name="event-create", access=Access.LOGGED_IN),
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
        access={"GET": ORGANISER},
    ),
    route("<id:event_id>/edit/", organiser.event_edit, name="event-edit", access=ORGANISER),
    route(
        "<id:event_id>/manage/<slug:action>/",
        organiser.event_action,
        name="event-action",
        access=ORGANISER,
    ),
    route("<id:event_id>/judge/", judge.judge_desk, name="judge-desk", access={"GET": JUDGE}),
    route("<id:event_id>/judge/enter/", judge.judge_fast_entry, name="judge-enter", access=JUDGE),
    route("<id:event_id>/judge/penalty/", judge.judge_penalty, name="judge-penalty", access=JUDGE),
    route("<id:event_id>/judge/extend/", judge.judge_extend, name="judge-extend", access=JUDGE),
    # Players report on it, judges enter results.
    route(
        "matches/<id:match_id>/",
        player.match_report,
        name="match-report",
        access=(Access.MATCH_PLAYER, JUDGE),
    ),
    route(
        "<id:event_id>/print/<slug:kind>/",
        printing.print_request,
        name="print-request",
        access=ORGANISER,
    ),
    route(
        "<id:event_id>/print/jobs/<id:job_id>/",
        printing.print_job,
        name="print-job",
        access={"GET": ORGANISER},
    ),
]

# Mounted at the site's root (config/urls.py), ahead of the card pages: the decklist page keeps
# the address it had when it belonged to the card pool.
urlpatterns: list[URLPattern | URLResolver] = [
    path("events/", include(event_urlpatterns)),
    # GET: the list; POST: the player (or an organiser) submits it, a judge deck-checks it.
    route(
        "cards/decklists/<id:registration_id>/",
        decklists.decklist_submit_page,
        name="decklist-submit",
        access=(Access.REGISTRATION_OWNER, JUDGE),
        when={Condition.DECKLISTS_PUBLISHED: Access.LOGGED_IN},
    ),
    route("me/events/", me.my_events_page, name="my-events", access={"GET": Access.LOGGED_IN}),
]
