from django.urls import path

from tournaments import views

app_name = "tournaments"

urlpatterns = [
    path("new/", views.event_create, name="event-create"),
    path("<id:event_id>/", views.event_detail, name="event-detail"),
    path("<id:event_id>/register/", views.event_register, name="event-register"),
    path("<id:event_id>/drop/", views.event_drop_self, name="event-drop"),
    path("<id:event_id>/me/", views.my_match, name="my-match"),
    path("<id:event_id>/pairings/", views.round_pairings, name="pairings"),
    path("<id:event_id>/rounds/<id:number>/pairings/", views.round_pairings, name="round-pairings"),
    path("<id:event_id>/standings/", views.standings, name="standings"),
    path("<id:event_id>/bracket/", views.bracket, name="bracket"),
    path("<id:event_id>/clock/", views.round_clock, name="clock"),
    path("<id:event_id>/manage/", views.event_manage, name="event-manage"),
    path("<id:event_id>/edit/", views.event_edit, name="event-edit"),
    path("<id:event_id>/manage/<slug:action>/", views.event_action, name="event-action"),
    path("<id:event_id>/judge/", views.judge_desk, name="judge-desk"),
    path("<id:event_id>/judge/enter/", views.judge_fast_entry, name="judge-enter"),
    path("<id:event_id>/judge/penalty/", views.judge_penalty, name="judge-penalty"),
    path("<id:event_id>/judge/extend/", views.judge_extend, name="judge-extend"),
    path("matches/<id:match_id>/", views.match_report, name="match-report"),
    path("<id:event_id>/print/<slug:kind>/", views.print_request, name="print-request"),
    path("<id:event_id>/print/jobs/<id:job_id>/", views.print_job, name="print-job"),
]
