from cardpool import views
from core.access import Access, route

app_name = "cardpool"

# A registration's decklist page (cards/decklists/…) is ``tournaments.urls``.
urlpatterns = [
    route("", views.card_list, name="card-list-default", access={"GET": Access.ANYONE}),
    route("<slug:game>/", views.card_list, name="card-list", access={"GET": Access.ANYONE}),
    route(
        "<slug:game>/<str:code>/",
        views.card_detail,
        name="card-detail",
        access={"GET": Access.ANYONE},
    ),
]
