from django.urls import path

from tournaments import views

app_name = "tournaments"

urlpatterns = [
    path("new/", views.event_create, name="event-create"),
    path("<int:event_id>/", views.event_detail, name="event-detail"),
    path("<int:event_id>/register/", views.event_register, name="event-register"),
    path("<int:event_id>/drop/", views.event_drop_self, name="event-drop"),
    path("<int:event_id>/me/", views.my_match, name="my-match"),
    path("<int:event_id>/pairings/", views.round_pairings, name="pairings"),
    path(
        "<int:event_id>/rounds/<int:number>/pairings/", views.round_pairings, name="round-pairings"
    ),
    path("<int:event_id>/standings/", views.standings, name="standings"),
    path("<int:event_id>/bracket/", views.bracket, name="bracket"),
    path("<int:event_id>/clock/", views.round_clock, name="clock"),
    path("<int:event_id>/manage/", views.event_manage, name="event-manage"),
    path("<int:event_id>/edit/", views.event_edit, name="event-edit"),
    path("<int:event_id>/manage/<slug:action>/", views.event_action, name="event-action"),
    path("<int:event_id>/judge/", views.judge_desk, name="judge-desk"),
    path("<int:event_id>/judge/enter/", views.judge_fast_entry, name="judge-enter"),
    path("<int:event_id>/judge/penalty/", views.judge_penalty, name="judge-penalty"),
    path("<int:event_id>/judge/extend/", views.judge_extend, name="judge-extend"),
    path("matches/<int:match_id>/", views.match_report, name="match-report"),
    path("<int:event_id>/print/<slug:kind>/", views.print_request, name="print-request"),
    path("<int:event_id>/print/jobs/<int:job_id>/", views.print_job, name="print-job"),
]
