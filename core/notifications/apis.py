"""The person's notifications over the API: list their own, mark them read."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from django.contrib.auth.models import User
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema, extend_schema_field
from rest_framework import serializers
from rest_framework.generics import ListAPIView
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from core.api import error_responses, validated
from core.errors import PermissionDeniedError
from core.models import Notification
from core.notifications.selectors import notification_list
from core.notifications.services import notification_texts, notifications_mark_read


def _user(request: Request) -> User:
    user = request.user
    if not isinstance(user, User):
        raise PermissionDeniedError(_("log in first"))
    return user


class NotificationOutputSerializer(serializers.ModelSerializer[Notification]):
    title = serializers.SerializerMethodField(help_text="In the request's language.")
    body = serializers.SerializerMethodField(help_text="In the request's language.")
    read = serializers.SerializerMethodField()

    class Meta:
        model = Notification
        fields = ["id", "kind", "title", "body", "url", "event_id", "created_at", "read", "read_at"]
        read_only_fields = fields

    def _texts(self, notification: Notification) -> tuple[str, str]:
        return notification_texts(notification, get_language() or "en")

    @extend_schema_field(serializers.CharField())
    def get_title(self, notification: Notification) -> str:
        return self._texts(notification)[0]

    @extend_schema_field(serializers.CharField())
    def get_body(self, notification: Notification) -> str:
        return self._texts(notification)[1]

    @extend_schema_field(serializers.BooleanField())
    def get_read(self, notification: Notification) -> bool:
        return notification.read_at is not None


class NotificationListApi(ListAPIView[Notification]):
    """The caller's own notifications, newest first (paginated)."""

    permission_classes = [IsAuthenticated]
    serializer_class = NotificationOutputSerializer

    def get_queryset(self) -> Any:  # a QuerySet, whose import this module may not hold
        return notification_list(user=_user(self.request))

    @extend_schema(responses={200: NotificationOutputSerializer(many=True), **error_responses(403)})
    def get(self, request: Request, *args: object, **kwargs: object) -> Response:
        return super().get(request, *args, **kwargs)


class NotificationMarkReadApi(APIView):
    """Mark the caller's notifications read: those listed in ``ids``, or all when ``ids`` is
    left out. Other people's ids are ignored."""

    permission_classes = [IsAuthenticated]

    class NotificationMarkReadInputSerializer(serializers.Serializer[Mapping[str, object]]):
        ids = serializers.ListField(
            child=serializers.IntegerField(min_value=1, max_value=2**63 - 1),
            required=False,
            min_length=1,
            max_length=500,
            help_text="Which notifications; leave out to mark all read.",
        )

    class NotificationMarkReadOutputSerializer(serializers.Serializer[dict[str, int]]):
        marked = serializers.IntegerField(help_text="How many were unread and are now read.")

    @extend_schema(
        request=NotificationMarkReadInputSerializer,
        responses={200: NotificationMarkReadOutputSerializer, **error_responses(400, 403)},
    )
    def post(self, request: Request) -> Response:
        data = validated(self.NotificationMarkReadInputSerializer, request.data)
        marked = notifications_mark_read(user=_user(request), ids=data.get("ids"))
        return Response({"marked": marked})
