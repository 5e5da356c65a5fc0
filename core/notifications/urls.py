"""The notification pages and API routes (mounted by ``config.urls``)."""

from django.urls import URLPattern

from core.access import Access, route
from core.notifications import apis, views

urlpatterns: list[URLPattern] = [
    route(
        "notifications/",
        views.notification_list_page,
        name="notification-list",
        access={"GET": Access.LOGGED_IN},
    ),
    route(
        "notifications/read/",
        views.notification_mark_read,
        name="notification-read",
        access={"POST": Access.LOGGED_IN},
    ),
    route(
        "notifications/settings/",
        views.notification_settings_page,
        name="notification-settings",
        access={"GET": Access.LOGGED_IN, "POST": Access.LOGGED_IN},
    ),
]

api_urlpatterns: list[URLPattern] = [
    route(
        "notifications/",
        apis.NotificationListApi.as_view(),
        name="api-notification-list",
        access={"GET": Access.LOGGED_IN},
    ),
    route(
        "notifications/read/",
        apis.NotificationMarkReadApi.as_view(),
        name="api-notification-read",
        access={"POST": Access.LOGGED_IN},
    ),
]
