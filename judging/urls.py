from django.urls import path

from judging import views

app_name = "judging"

urlpatterns = [
    path("events/<id:event_id>/cases/", views.case_list, name="case-list"),
    path("cases/<id:case_id>/", views.case_detail, name="case-detail"),
    path("cases/<id:case_id>/file/", views.case_file, name="case-file"),
]
