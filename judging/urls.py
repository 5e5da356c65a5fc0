from core.access import Access, route
from judging import views

app_name = "judging"

urlpatterns = [
    route(
        "events/<id:event_id>/cases/", views.case_list, name="case-list", access=Access.EVENT_JUDGE
    ),
    route("cases/<id:case_id>/", views.case_detail, name="case-detail", access=Access.EVENT_JUDGE),
    route("cases/<id:case_id>/file/", views.case_file, name="case-file", access=Access.EVENT_JUDGE),
]
