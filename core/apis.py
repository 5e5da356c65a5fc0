"""The REST API root."""

from __future__ import annotations

from allauth.mfa.utils import is_mfa_enabled
from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.authtoken.serializers import AuthTokenSerializer
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.reverse import reverse
from rest_framework.settings import api_settings
from rest_framework.views import APIView

from core.accounts import mfa_code_valid, refusal_message
from core.api import error_responses
from core.client_address import client_address
from core.errors import InvalidInputError, RateLimitedError
from core.login_limits import (
    LoginRefusedError,
    login_account_name,
    login_attempt_begin,
    login_attempt_failed,
    login_attempt_first_factor_passed,
    login_attempt_succeeded,
)
from core.selectors import api_token_of_key
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


class ObtainTokenApi(APIView):
    """``POST username, password`` (and ``code`` when two-factor is on) → ``{"token"}``.

    Each call makes a new token, valid for ``API_TOKEN_LIFETIME_DAYS`` days (``expires_at``);
    its owner sees and revokes it on the profile page. The endpoint shares the log-in page's
    limiter (``core.login_limits``): 429 with ``Retry-After`` while the account must wait or
    the address is blocked. An account with two-factor on must send ``code``: the 6-digit code
    of its authenticator app, or one of its recovery codes; without it the answer is 400
    ``mfa_required`` (field ``code``), with a wrong one 400 ``invalid_code``.
    """

    permission_classes = [AllowAny]
    authentication_classes = ()
    throttle_classes = ()
    # The project's one JSON parser (core.parsers), not ObtainAuthToken's stock ones.
    parser_classes = api_settings.DEFAULT_PARSER_CLASSES  # type: ignore[assignment]  # classes at run time

    class ObtainTokenInputSerializer(serializers.Serializer[dict[str, str]]):
        username = serializers.CharField(help_text="Username or email address.")
        password = serializers.CharField(style={"input_type": "password"}, trim_whitespace=False)
        code = serializers.CharField(
            required=False,
            help_text="Two-factor code (authenticator app or recovery code); "
            "required when the account has two-factor on.",
        )

    class ObtainTokenOutputSerializer(serializers.Serializer[dict[str, str]]):
        token = serializers.CharField()
        expires_at = serializers.DateTimeField()

    @extend_schema(
        request=ObtainTokenInputSerializer,
        responses={200: ObtainTokenOutputSerializer, **error_responses(400, 429)},
    )
    def post(self, request: Request, *args: object, **kwargs: object) -> Response:
        data = request.data if isinstance(request.data, dict) else {}
        username = str(data.get("username", ""))
        account = login_account_name(username) if username else ""
        try:
            attempt = login_attempt_begin(account=account, address=client_address(request))
        except LoginRefusedError as refused:
            raise RateLimitedError(
                refusal_message(refused), field="username", retry_after=refused.retry_after
            ) from None
        serializer = AuthTokenSerializer(data=request.data, context={"request": request})
        if not serializer.is_valid():
            login_attempt_failed(attempt)
            raise serializers.ValidationError(serializer.errors)
        user = serializer.validated_data["user"]
        if is_mfa_enabled(user):
            code = str(data.get("code", "")).strip()
            if not code:
                login_attempt_first_factor_passed(attempt)
                raise InvalidInputError(
                    _("this account has two-factor on: send its code as 'code'"),
                    field="code",
                    code="mfa_required",
                )
            if not mfa_code_valid(user=user, code=code):
                login_attempt_failed(attempt)
                raise InvalidInputError(
                    _("the two-factor code is not right"), field="code", code="invalid_code"
                )
        login_attempt_succeeded(attempt)
        key = api_token_issue(user=user)
        token = api_token_of_key(key=key)
        return Response({"token": key, "expires_at": token.expires_at})
