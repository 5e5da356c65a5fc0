from core.access import Access, route
from judging import views

app_name = "judging"

urlpatterns = [
    route(
        "events/<id:event_id>/cases/", views.case_list, name="case-list", access=Access.EVENT_JUDGE
    ),
    route("cases/<id:case_id>/", views.case_detail, name="case-detail", access=Access.EVENT_JUDGE),
    route("cases/<id:case_id>/turn/", views.case_turn, name="case-turn", access=Access.EVENT_JUDGE),
    route(
        "cases/<id:case_id>/record/",
        views.case_record,
        name="case-record",
        access={"GET": Access.EVENT_JUDGE},
    ),
    route(
        "cases/<id:case_id>/print/",
        views.case_print,
        name="case-print",
        access={"GET": Access.EVENT_JUDGE},
    ),
    route(
        "cases/<id:case_id>/ruling.pdf",
        views.case_pdf,
        name="case-pdf",
        access={"GET": Access.EVENT_JUDGE},
    ),
    route("cases/<id:case_id>/file/", views.case_file, name="case-file", access=Access.EVENT_JUDGE),
    # The players' link to a ruling: signed, so anyone holding it may read it.
    route(
        "rulings/shared/<str:share>/",
        views.ruling_shared,
        name="ruling-shared",
        access={"GET": Access.ANYONE},
    ),
]
