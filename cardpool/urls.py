from cardpool import views
from core.access import Access, Condition, route

app_name = "cardpool"

urlpatterns = [
    # GET: the list; POST: the player (or an organiser) submits it, a judge deck-checks it.
    route(
        "decklists/<id:registration_id>/",
        views.decklist_submit_page,
        name="decklist-submit",
        access=(Access.REGISTRATION_OWNER, Access.EVENT_JUDGE),
        when={Condition.DECKLISTS_PUBLISHED: Access.LOGGED_IN},
    ),
    route("", views.card_list, name="card-list-default", access={"GET": Access.ANYONE}),
    route("<slug:game>/", views.card_list, name="card-list", access={"GET": Access.ANYONE}),
    route(
        "<slug:game>/<str:code>/",
        views.card_detail,
        name="card-detail",
        access={"GET": Access.ANYONE},
    ),
]
