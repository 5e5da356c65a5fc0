"""The REST API root."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.authtoken.serializers import AuthTokenSerializer
from rest_framework.authtoken.views import ObtainAuthToken
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.reverse import reverse
from rest_framework.settings import api_settings
from rest_framework.views import APIView

from core.api import error_responses
from core.errors import RateLimitedError
from core.login_limits import (
    login_account_name,
    login_failure_record,
    login_failures_clear,
    login_retry_after,
)
from core.services import api_token_issue


class ApiRootApi(APIView):
    """Links to the API's sections, its schema and its documentation."""

    permission_classes = [AllowAny]

    class ApiRootOutputSerializer(serializers.Serializer[dict[str, str]]):
        version = serializers.CharField()
        schema = serializers.URLField()
        docs = serializers.URLField()
        health = serializers.URLField()

    @extend_schema(responses=ApiRootOutputSerializer)
    def get(self, request: Request) -> Response:
        return Response(
            {
                "version": "v1",
                "schema": reverse("api-schema", request=request),
                "docs": reverse("api-docs", request=request),
                "health": reverse("healthz", request=request),
            }
        )


class ObtainTokenApi(ObtainAuthToken):
    """``POST username, password`` → ``{"token"}`` for organiser tools.

    Shares the log-in page's limit (``core.login_limits``, the same counter per account, by
    username or email): after too many failures for one account, 429.
    """

    throttle_classes = ()
    # The project's one JSON parser (core.parsers), not ObtainAuthToken's stock ones.
    parser_classes = api_settings.DEFAULT_PARSER_CLASSES  # type: ignore[assignment]  # classes at run time

    @extend_schema(responses={200: AuthTokenSerializer, **error_responses(400, 429)})
    def post(self, request: Request, *args: Any, **kwargs: Any) -> Response:
        data = request.data if isinstance(request.data, dict) else {}
        username = str(data.get("username", ""))
        account = login_account_name(username) if username else ""
        retry_after = login_retry_after(username=account) if username else 0
        if retry_after:
            raise RateLimitedError(
                f"too many failed logins for this account; try again in {retry_after} s",
                field="username",
            )
        serializer = self.get_serializer(data=request.data)
        if not serializer.is_valid():
            if username:
                login_failure_record(username=account)
            raise serializers.ValidationError(serializer.errors)
        login_failures_clear(username=account)
        user = serializer.validated_data["user"]
        return Response({"token": api_token_issue(user=user)})
