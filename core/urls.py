"""The person's own account pages beside allauth's (which ``config.urls`` mounts under the same
``accounts/``): profile, data download, account deletion."""

from django.urls import URLPattern

from core import account_views
from core.access import Access, route

urlpatterns: list[URLPattern] = [
    route("profile/", account_views.profile_edit, name="account-profile", access=Access.LOGGED_IN),
    route(
        "data/",
        account_views.account_data_download,
        name="account-data",
        access={"GET": Access.LOGGED_IN},
    ),
    route(
        "tokens/new/",
        account_views.api_token_new,
        name="account-token-new",
        access={"POST": Access.LOGGED_IN},
    ),
    route(
        "tokens/revoke/",
        account_views.api_token_revoke_page,
        name="account-token-revoke",
        access={"POST": Access.LOGGED_IN},
    ),
    route(
        "delete/", account_views.account_delete_page, name="account-delete", access=Access.LOGGED_IN
    ),
]
