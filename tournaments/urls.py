from django.urls import include, path

from tournaments.views import decklists, judge, organiser, player, printing, public

app_name = "tournaments"

event_urlpatterns = [
    path("new/", organiser.event_create, name="event-create"),
    path("<id:event_id>/", public.event_detail, name="event-detail"),
    path("<id:event_id>/register/", player.event_register, name="event-register"),
    path("<id:event_id>/drop/", player.event_drop_self, name="event-drop"),
    path("<id:event_id>/me/", player.my_match, name="my-match"),
    path("<id:event_id>/pairings/", public.round_pairings, name="pairings"),
    path(
        "<id:event_id>/rounds/<id:number>/pairings/", public.round_pairings, name="round-pairings"
    ),
    path("<id:event_id>/standings/", public.standings, name="standings"),
    path("<id:event_id>/bracket/", public.bracket, name="bracket"),
    path("<id:event_id>/clock/", public.round_clock, name="clock"),
    path("<id:event_id>/manage/", organiser.event_manage, name="event-manage"),
    path("<id:event_id>/edit/", organiser.event_edit, name="event-edit"),
    path("<id:event_id>/manage/<slug:action>/", organiser.event_action, name="event-action"),
    path("<id:event_id>/judge/", judge.judge_desk, name="judge-desk"),
    path("<id:event_id>/judge/enter/", judge.judge_fast_entry, name="judge-enter"),
    path("<id:event_id>/judge/penalty/", judge.judge_penalty, name="judge-penalty"),
    path("<id:event_id>/judge/extend/", judge.judge_extend, name="judge-extend"),
    path("matches/<id:match_id>/", player.match_report, name="match-report"),
    path("<id:event_id>/print/<slug:kind>/", printing.print_request, name="print-request"),
    path("<id:event_id>/print/jobs/<id:job_id>/", printing.print_job, name="print-job"),
]

# Mounted at the site's root (config/urls.py), ahead of the card pages: the decklist page keeps
# the address it had when it belonged to the card pool.
urlpatterns = [
    path("events/", include(event_urlpatterns)),
    path(
        "cards/decklists/<id:registration_id>/",
        decklists.decklist_submit_page,
        name="decklist-submit",
    ),
]
