"""Players' results: my match, report and confirm."""

from __future__ import annotations

from collections.abc import Mapping

from drf_spectacular.utils import (
    extend_schema,
)
from rest_framework import serializers
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from core.api import ERRORS, error_responses, validated
from tournaments import services
from tournaments.apis.common import (
    IDEMPOTENCY_HEADER,
    MATCH_SIDES,
    TIME_OUTCOME_CHOICES,
    MatchPlayerOutputSerializer,
    OvertimeInputSerializer,
    ReportOutputSerializer,
    ResultOutputSerializer,
    idempotency_key,
    request_user,
    result_response,
)
from tournaments.selectors.matches import (
    live_reports,
    match_for_player,
    match_state,
    report_to_confirm,
)
from tournaments.selectors.rounds import round_get


class MyMatchOutputSerializer(serializers.Serializer[Mapping[str, object]]):
    round = serializers.IntegerField()
    match = serializers.IntegerField()
    table = serializers.IntegerField()
    side = serializers.ChoiceField(choices=MATCH_SIDES)
    bye = serializers.BooleanField()
    me = MatchPlayerOutputSerializer()
    opponent = MatchPlayerOutputSerializer(allow_null=True)
    state = serializers.CharField()
    extra_minutes = serializers.IntegerField()
    reports = ReportOutputSerializer(many=True, help_text="Reports that still count.")
    you = serializers.ChoiceField(
        choices=MATCH_SIDES,
        help_text="The caller's seat: wins_a and wins_b are seat a's and seat b's games.",
    )
    must_confirm = serializers.BooleanField(
        help_text="The opponent reported and the caller has to confirm or dispute it."
    )


class MyMatchApi(APIView):
    """The logged-in player's table and opponent in a round."""

    permission_classes = [IsAuthenticated]

    @extend_schema(responses={200: MyMatchOutputSerializer, **error_responses(403, 404)})
    def get(self, request: Request, event_id: int, number: int) -> Response:
        round_obj = round_get(event_id=event_id, number=number)
        match = match_for_player(round_obj=round_obj, user=request.user)
        side = "a" if match.player_a.user_id == request.user.pk else "b"
        me, opponent = (
            (match.player_a, match.player_b) if side == "a" else (match.player_b, match.player_a)
        )
        data = {
            "round": round_obj.number,
            "match": match.pk,
            "table": match.table,
            "side": side,
            "bye": match.is_bye,
            "me": me,
            "opponent": opponent,
            "state": match_state(match),
            "extra_minutes": match.extra_minutes,
            "reports": live_reports(match),
            "you": side,
            "must_confirm": report_to_confirm(match, request.user) is not None,
        }
        return Response(MyMatchOutputSerializer(data).data)


class ResultReportApi(APIView):
    """A player reports their own match (201). Equal reports from both players confirm it.
    Send an ``Idempotency-Key`` header to retry safely."""

    permission_classes = [IsAuthenticated]

    class ResultReportInputSerializer(serializers.Serializer[Mapping[str, object]]):
        wins_a = serializers.IntegerField(required=False, default=0, min_value=0, max_value=99)
        wins_b = serializers.IntegerField(required=False, default=0, min_value=0, max_value=99)
        draws = serializers.IntegerField(required=False, default=0, min_value=0, max_value=99)
        intentional_draw = serializers.BooleanField(required=False, default=False)
        time_outcome = serializers.ChoiceField(
            choices=TIME_OUTCOME_CHOICES,
            required=False,
            default="",
            help_text="How a game unfinished at time ended (the event's end-of-round procedure).",
        )
        overtime = OvertimeInputSerializer(required=False, allow_null=True, default=None)
        concede = serializers.BooleanField(
            required=False, default=False, help_text="I concede: the score is filled in for me."
        )

    @extend_schema(
        request=ResultReportInputSerializer,
        parameters=[IDEMPOTENCY_HEADER],
        responses={201: ResultOutputSerializer, **ERRORS},
    )
    def post(self, request: Request, event_id: int, match_id: int) -> Response:
        data = validated(self.ResultReportInputSerializer, request.data)
        key = idempotency_key(request)
        outcome = services.result_report(
            match_id=match_id,
            event_id=event_id,
            user=request_user(request),
            idempotency_key=key,
            **data,
        )
        return result_response(outcome)


class ResultConfirmApi(APIView):
    """The opponent agrees with the pending report (201)."""

    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=None,
        parameters=[IDEMPOTENCY_HEADER],
        responses={201: ResultOutputSerializer, **ERRORS},
    )
    def post(self, request: Request, event_id: int, match_id: int) -> Response:
        key = idempotency_key(request)
        outcome = services.result_confirm(
            match_id=match_id, event_id=event_id, user=request_user(request), idempotency_key=key
        )
        return result_response(outcome)
