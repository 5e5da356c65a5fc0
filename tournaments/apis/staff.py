"""An event's staff and appeals over the API: the same services as the staff page, the
invitation page and the judge desk's appeals."""

from __future__ import annotations

from collections.abc import Mapping

from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework import serializers
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from core.api import ERRORS, error_responses, validated
from tournaments.apis.common import HEAD_JUDGE, ORGANISER, request_user
from tournaments.models import EventRole, ResultAppeal, StaffInvitation
from tournaments.selectors.matches import match_get
from tournaments.selectors.staff import appeals_open, event_invitations_pending, event_staff
from tournaments.services.appeals import OUTCOMES, appeal_decide, appeal_file
from tournaments.services.staff import (
    staff_appoint,
    staff_invitation_accept,
    staff_invitation_revoke,
    staff_revoke,
)


class StaffOutputSerializer(serializers.ModelSerializer[EventRole]):
    username = serializers.CharField(source="user.username")
    role = serializers.ChoiceField(choices=EventRole.Role.choices)

    class Meta:
        model = EventRole
        fields = ["user", "username", "role", "created_at"]


class InvitationOutputSerializer(serializers.ModelSerializer[StaffInvitation]):
    role = serializers.ChoiceField(choices=EventRole.Role.choices)

    class Meta:
        model = StaffInvitation
        fields = ["id", "email", "role", "created_at", "accepted_at", "revoked_at"]


class AppointOutputSerializer(serializers.Serializer[Mapping[str, object]]):
    kind = serializers.ChoiceField(
        choices=["appointed", "invited"],
        help_text="appointed: the account now holds the role; invited: no account has that "
        "email, an invitation was mailed.",
    )
    staff = StaffOutputSerializer(allow_null=True)
    invitation = InvitationOutputSerializer(allow_null=True)


class StaffListApi(APIView):
    """Organisers: GET the event's staff; POST appoint someone by username or email (an email
    of nobody's account mails an invitation)."""

    permission_classes = ORGANISER

    class AppointInputSerializer(serializers.Serializer[Mapping[str, object]]):
        who = serializers.CharField(max_length=254, help_text="A username or an email.")
        role = serializers.ChoiceField(choices=EventRole.Role.choices)

    @extend_schema(responses={200: StaffOutputSerializer(many=True), **error_responses(403, 404)})
    def get(self, request: Request, event_id: int) -> Response:
        staff = event_staff(event_id=event_id, user=request.user)
        return Response(StaffOutputSerializer(staff, many=True).data)

    @extend_schema(
        request=AppointInputSerializer, responses={201: AppointOutputSerializer, **ERRORS}
    )
    def post(self, request: Request, event_id: int) -> Response:
        data = validated(self.AppointInputSerializer, request.data)
        done = staff_appoint(
            actor=request_user(request), event_id=event_id, who=data["who"], role=data["role"],
            base_url=request.build_absolute_uri("/"),
        )  # fmt: skip
        body = (
            {"kind": "invited", "staff": None, "invitation": done}
            if isinstance(done, StaffInvitation)
            else {"kind": "appointed", "staff": done, "invitation": None}
        )
        return Response(AppointOutputSerializer(body).data, status=201)


class StaffRevokeApi(APIView):
    """Organisers: take a role away (the last organiser stays: 409)."""

    permission_classes = ORGANISER

    @extend_schema(
        # 400: a role that is none of the event's (the path names it, so a client can send any).
        responses={
            204: OpenApiResponse(description="Removed."),
            **error_responses(400, 403, 404, 409),
        }
    )
    def delete(self, request: Request, event_id: int, role: str, user_id: int) -> Response:
        staff_revoke(actor=request_user(request), event_id=event_id, user_id=user_id, role=role)
        return Response(status=204)


class InvitationListApi(APIView):
    """Organisers: the invitations nobody has answered yet."""

    permission_classes = ORGANISER

    @extend_schema(
        responses={200: InvitationOutputSerializer(many=True), **error_responses(403, 404)}
    )
    def get(self, request: Request, event_id: int) -> Response:
        pending = event_invitations_pending(event_id=event_id, user=request.user)
        return Response(InvitationOutputSerializer(pending, many=True).data)


class InvitationRevokeApi(APIView):
    """Organisers: withdraw an invitation nobody has accepted."""

    permission_classes = ORGANISER

    @extend_schema(responses={200: InvitationOutputSerializer, **error_responses(403, 404, 409)})
    def delete(self, request: Request, event_id: int, invitation_id: int) -> Response:
        invitation = staff_invitation_revoke(
            actor=request_user(request), event_id=event_id, invitation_id=invitation_id
        )
        return Response(InvitationOutputSerializer(invitation).data)


class InvitationAcceptApi(APIView):
    """The logged-in caller takes up an invitation (its token, from the mail's link); once."""

    permission_classes = [IsAuthenticated]

    class AcceptInputSerializer(serializers.Serializer[Mapping[str, object]]):
        token = serializers.CharField(max_length=64)

    @extend_schema(request=AcceptInputSerializer, responses={201: StaffOutputSerializer, **ERRORS})
    def post(self, request: Request) -> Response:
        data = validated(self.AcceptInputSerializer, request.data)
        appointed = staff_invitation_accept(user=request_user(request), token=data["token"])
        return Response(StaffOutputSerializer(appointed).data, status=201)


class AppealOutputSerializer(serializers.ModelSerializer[ResultAppeal]):
    match = serializers.IntegerField(source="decision.match_id")
    table = serializers.IntegerField(source="decision.match.table")
    decision_version = serializers.IntegerField(source="decision.version")
    result_version = serializers.IntegerField(source="result.version", default=None)
    status = serializers.ChoiceField(choices=ResultAppeal.Status.choices)

    class Meta:
        model = ResultAppeal
        fields = [
            "id", "match", "table", "decision_version", "reason", "status", "note",
            "result_version", "created_at", "decided_at",
        ]  # fmt: skip


class MatchAppealApi(APIView):
    """A player of the match appeals the judge's decision on it (once per decision)."""

    permission_classes = [IsAuthenticated]

    class AppealInputSerializer(serializers.Serializer[Mapping[str, object]]):
        reason = serializers.CharField(max_length=2000)

    @extend_schema(request=AppealInputSerializer, responses={201: AppealOutputSerializer, **ERRORS})
    def post(self, request: Request, event_id: int, match_id: int) -> Response:
        data = validated(self.AppealInputSerializer, request.data)
        match_get(event_id=event_id, match_id=match_id)
        appeal = appeal_file(match_id=match_id, user=request_user(request), reason=data["reason"])
        return Response(AppealOutputSerializer(appeal).data, status=201)


class AppealListApi(APIView):
    """The head judge (and organisers): the appeals waiting for a decision, oldest first."""

    permission_classes = HEAD_JUDGE

    @extend_schema(responses={200: AppealOutputSerializer(many=True), **error_responses(403, 404)})
    def get(self, request: Request, event_id: int) -> Response:
        appeals = appeals_open(event_id=event_id, user=request.user)
        return Response(AppealOutputSerializer(appeals, many=True).data)


class AppealDecideApi(APIView):
    """The head judge (or an organiser) upholds the decision, or supersedes it with a new
    score (a new result version)."""

    permission_classes = HEAD_JUDGE

    class DecideInputSerializer(serializers.Serializer[Mapping[str, object]]):
        outcome = serializers.ChoiceField(choices=list(OUTCOMES))
        note = serializers.CharField(max_length=2000)
        wins_a = serializers.IntegerField(min_value=0, max_value=9, default=0)
        wins_b = serializers.IntegerField(min_value=0, max_value=9, default=0)
        draws = serializers.IntegerField(min_value=0, max_value=9, default=0)
        double_loss = serializers.BooleanField(default=False)

    @extend_schema(request=DecideInputSerializer, responses={200: AppealOutputSerializer, **ERRORS})
    def post(self, request: Request, event_id: int, appeal_id: int) -> Response:
        data = validated(self.DecideInputSerializer, request.data)
        appeal = appeal_decide(
            appeal_id=appeal_id, event_id=event_id, by=request_user(request), **data
        )
        return Response(AppealOutputSerializer(appeal).data)
