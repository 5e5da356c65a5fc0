from cardpool import views
from cardpool import views_banlists as banlists  # site staff's ban-list editor
from core.access import Access, route

app_name = "cardpool"

# A registration's decklist page (cards/decklists/…) is ``tournaments.urls``.
urlpatterns = [
    route("", views.card_list, name="card-list-default", access={"GET": Access.ANYONE}),
    route("<slug:game>/", views.card_list, name="card-list", access={"GET": Access.ANYONE}),
    # Site staff edit ban lists (before the card pattern, which would take them)
    route(
        "ban-lists/<slug:game>/",
        banlists.ban_list_index,
        name="ban-lists",
        access={"GET": Access.SITE_STAFF},
    ),
    route(
        "ban-lists/<slug:game>/new/",
        banlists.ban_list_new,
        name="ban-list-new",
        access={"GET": Access.SITE_STAFF, "POST": Access.SITE_STAFF},
    ),
    route(
        "<slug:game>/<str:code>/",
        views.card_detail,
        name="card-detail",
        access={"GET": Access.ANYONE},
    ),
]
