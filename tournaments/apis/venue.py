"""At the venue: check-in (the window, a player's own, bulk), claiming a registration with its
code, and judge calls. The same services as the pages."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from django.utils.translation import gettext as _
from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from core.api import ERRORS, error_responses, validated
from core.client_address import client_address
from core.errors import InvalidInputError
from tournaments.apis.common import (
    InlineChoiceField,
    RegistrationPublicOutputSerializer,
    RegistrationStaffOutputSerializer,
    request_user,
)
from tournaments.models import Event, JudgeCall, Registration
from tournaments.permissions import (
    HEAD_JUDGE,
    JUDGE,
    ORGANISER,
    SCOREKEEPER,
    _EventRolePermission,
    event_get_for_role,
)
from tournaments.selectors.checkin import (
    BULK_FILTERS,
    bulk_filter_ids,
    check_in_is_open,
    judge_calls_open,
)
from tournaments.services.checkin import (
    event_check_in_close,
    event_check_in_open,
    registration_check_in_self,
    registrations_check_in_bulk,
)
from tournaments.services.claims import registration_claim
from tournaments.services.judge_calls import (
    MAX_NOTE,
    judge_call_create,
    judge_call_resolve,
    judge_call_take,
)

if TYPE_CHECKING:
    from rest_framework.permissions import _SupportsHasPermission

CHECK_IN_ROLES = frozenset({ORGANISER, SCOREKEEPER})
JUDGE_ROLES = frozenset({ORGANISER, HEAD_JUDGE, JUDGE})


class IsEventCheckInStaff(_EventRolePermission):
    roles = CHECK_IN_ROLES


class IsEventJudge(_EventRolePermission):
    roles = JUDGE_ROLES


CHECK_IN_STAFF = [IsAuthenticated, IsEventCheckInStaff]
JUDGES = [IsAuthenticated, IsEventJudge]


class CheckInWindowOutputSerializer(serializers.ModelSerializer[Event]):
    open = serializers.SerializerMethodField()
    check_in_url_code = serializers.CharField(
        source="check_in_token",
        help_text="The code in the venue's QR code (…/check-in/scan/?code=…); empty until "
        "check-in first opens.",
    )

    class Meta:
        model = Event
        fields = [
            "id", "open", "check_in_opens_at", "check_in_closes_at", "check_in_url_code",
            "drop_absent_at_round_one",
        ]  # fmt: skip

    def get_open(self, obj: Event) -> bool:
        return check_in_is_open(obj)


class CheckInWindowApi(APIView):
    """Organisers and scorekeepers open (``open: true``) or close (``open: false``) the
    check-in window."""

    permission_classes = CHECK_IN_STAFF

    class CheckInWindowInputSerializer(serializers.Serializer[Mapping[str, object]]):
        open = serializers.BooleanField()

    @extend_schema(
        request=CheckInWindowInputSerializer,
        responses={200: CheckInWindowOutputSerializer, **ERRORS},
    )
    def post(self, request: Request, event_id: int) -> Response:
        data = validated(self.CheckInWindowInputSerializer, request.data)
        user = request_user(request)
        change = event_check_in_open if data["open"] else event_check_in_close
        event = change(event_id=event_id, by=user)
        return Response(CheckInWindowOutputSerializer(event).data)


class CheckInSelfOutputSerializer(serializers.Serializer[Mapping[str, object]]):
    registration = RegistrationPublicOutputSerializer()
    checked_in_at = serializers.DateTimeField()
    already = serializers.BooleanField(help_text="True: the player was already checked in.")


class CheckInSelfApi(APIView):
    """A player checks themself in while the window is open; ``code`` is the venue QR code's
    (optional: without it, the check-in is made from the player's page). Checking in twice is
    no error (``already``)."""

    permission_classes = [IsAuthenticated]

    class CheckInSelfInputSerializer(serializers.Serializer[Mapping[str, object]]):
        code = serializers.CharField(required=False, max_length=100)

    @extend_schema(
        request=CheckInSelfInputSerializer,
        responses={200: CheckInSelfOutputSerializer, **ERRORS},
    )
    def post(self, request: Request, event_id: int) -> Response:
        data = validated(self.CheckInSelfInputSerializer, request.data)
        outcome = registration_check_in_self(
            event_id=event_id, user=request_user(request), token=data.get("code")
        )
        body = {
            "registration": outcome.registration,
            "checked_in_at": outcome.registration.checked_in_at,
            "already": outcome.already,
        }
        return Response(CheckInSelfOutputSerializer(body).data)


class CheckInBulkApi(APIView):
    """Organisers and scorekeepers check in many players at once: the ones listed in
    ``registrations``, or those a ``filter`` names (every registered player, those with a
    decklist, those with an account). Players not waiting to check in are left alone; the
    answer lists those checked in."""

    permission_classes = CHECK_IN_STAFF

    class CheckInBulkInputSerializer(serializers.Serializer[Mapping[str, object]]):
        registrations = serializers.ListField(
            child=serializers.IntegerField(min_value=1), required=False, max_length=5000
        )
        filter = InlineChoiceField(
            choices=[name for name in BULK_FILTERS if name != "none"], required=False
        )

    @extend_schema(
        request=CheckInBulkInputSerializer,
        responses={200: RegistrationStaffOutputSerializer(many=True), **ERRORS},
    )
    def post(self, request: Request, event_id: int) -> Response:
        data = validated(self.CheckInBulkInputSerializer, request.data)
        user = request_user(request)
        event = event_get_for_role(user=user, event_id=event_id, roles=CHECK_IN_ROLES)
        if ("registrations" in data) == ("filter" in data):
            raise InvalidInputError(
                _("send either registrations (a list of ids) or filter"), field="registrations"
            )
        ids: Sequence[int] = (
            data["registrations"]
            if "registrations" in data
            else bulk_filter_ids(event=event, user=user, select=data["filter"])
        )
        done = registrations_check_in_bulk(event_id=event.pk, by=user, registration_ids=ids)
        return Response(RegistrationStaffOutputSerializer(done, many=True).data)


class ClaimOutputSerializer(serializers.ModelSerializer[Registration]):
    status = InlineChoiceField(choices=Registration.Status.values)

    class Meta:
        model = Registration
        fields = ["id", "event", "display_name", "status", "claimed_at"]


class ClaimApi(APIView):
    """Claim a registration made at the desk or imported, with the code on its receipt (any
    case, with or without the dash). A code works once."""

    permission_classes = [IsAuthenticated]

    class ClaimInputSerializer(serializers.Serializer[Mapping[str, object]]):
        code = serializers.CharField(max_length=20)

    @extend_schema(
        request=ClaimInputSerializer,
        responses={200: ClaimOutputSerializer, **ERRORS, **error_responses(429)},
    )
    def post(self, request: Request) -> Response:
        data = validated(self.ClaimInputSerializer, request.data)
        registration = registration_claim(
            user=request_user(request), code=data["code"], address=client_address(request)
        )
        return Response(ClaimOutputSerializer(registration).data)


class JudgeCallOutputSerializer(serializers.ModelSerializer[JudgeCall]):
    player = serializers.CharField(source="registration.display_name", default=None)
    taken_by = serializers.CharField(source="taken_by.username", default=None)

    class Meta:
        model = JudgeCall
        fields = [
            "id", "table", "player", "note", "created_at", "taken_by", "taken_at", "resolved_at",
        ]  # fmt: skip


class JudgeCallListApi(APIView):
    """GET: the event's open calls, oldest first (judges and organisers). POST: a player calls
    a judge to their table (the table of their current match unless ``table`` says another);
    one open call per player."""

    permission_classes = [IsAuthenticated]

    def get_permissions(self) -> Sequence[_SupportsHasPermission]:
        if self.request.method == "GET":
            return [permission() for permission in JUDGES]
        return super().get_permissions()

    class JudgeCallInputSerializer(serializers.Serializer[Mapping[str, object]]):
        note = serializers.CharField(required=False, allow_blank=True, max_length=MAX_NOTE)
        table = serializers.IntegerField(required=False, min_value=1)

    @extend_schema(
        responses={200: JudgeCallOutputSerializer(many=True), **error_responses(403, 404)}
    )
    def get(self, request: Request, event_id: int) -> Response:
        user = request_user(request)
        event = event_get_for_role(user=user, event_id=event_id, roles=JUDGE_ROLES)
        calls = judge_calls_open(event=event, user=user)
        return Response(JudgeCallOutputSerializer(calls, many=True).data)

    @extend_schema(
        request=JudgeCallInputSerializer,
        responses={201: JudgeCallOutputSerializer, **ERRORS},
    )
    def post(self, request: Request, event_id: int) -> Response:
        data = validated(self.JudgeCallInputSerializer, request.data)
        call = judge_call_create(
            event_id=event_id,
            user=request_user(request),
            note=data.get("note", ""),
            table=data.get("table"),
        )
        return Response(JudgeCallOutputSerializer(call).data, status=201)


class JudgeCallActionApi(APIView):
    """A judge takes a call (``take``; a call another judge holds is refused, naming them) or
    marks it done (``done``)."""

    permission_classes = JUDGES
    call_action = "take"

    class JudgeCallActionInputSerializer(serializers.Serializer[Mapping[str, object]]):
        call = serializers.IntegerField(min_value=1)

    @extend_schema(
        request=JudgeCallActionInputSerializer,
        responses={200: JudgeCallOutputSerializer, **ERRORS},
    )
    def post(self, request: Request, event_id: int) -> Response:
        user = request_user(request)
        event = event_get_for_role(user=user, event_id=event_id, roles=JUDGE_ROLES)
        data = validated(self.JudgeCallActionInputSerializer, request.data)
        act = judge_call_take if self.call_action == "take" else judge_call_resolve
        call = act(call_id=data["call"], by=user, event_id=event.pk)
        return Response(JudgeCallOutputSerializer(call).data)
