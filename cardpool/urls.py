from django.urls import path

from cardpool import views

app_name = "cardpool"

urlpatterns = [
    path("", views.card_list, name="card-list-default"),
    path("<slug:game>/", views.card_list, name="card-list"),
    path("<slug:game>/<str:code>/", views.card_detail, name="card-detail"),
]
