"""The judge desk: the queue, round progress, judge entries, time extensions and penalties."""

from __future__ import annotations

from collections.abc import Mapping

from drf_spectacular.utils import (
    extend_schema,
    extend_schema_field,
)
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from core.api import ERRORS, error_responses, validated
from tournaments import services
from tournaments.apis.common import (
    HEAD_JUDGE,
    IDEMPOTENCY_HEADER,
    RESULT_KEEPER,
    STAFF,
    TIME_OUTCOME_CHOICES,
    MatchOutputSerializer,
    OvertimeInputSerializer,
    ReportOutputSerializer,
    ResultOutputSerializer,
    idempotency_key,
    request_user,
    result_response,
)
from tournaments.models import Match, Penalty
from tournaments.selectors.judge_desk import event_penalties, round_progress, round_queue
from tournaments.selectors.matches import live_reports, match_get
from tournaments.selectors.registrations import registration_get
from tournaments.selectors.rounds import round_get, round_id_for_number
from tournaments.services.judging import PENALTIES


class QueueEntryOutputSerializer(MatchOutputSerializer):
    state = serializers.CharField(help_text="disputed, pending (one side reported) or missing")
    reports = serializers.SerializerMethodField()

    class Meta(MatchOutputSerializer.Meta):
        fields = [*MatchOutputSerializer.Meta.fields, "state", "reports"]

    @extend_schema_field(ReportOutputSerializer(many=True))
    def get_reports(self, obj: Match) -> object:
        return ReportOutputSerializer(live_reports(obj), many=True).data


class RoundQueueApi(APIView):
    """Staff: the round's tables without a confirmed result (disputed first in the data's
    ``state``), sorted by table."""

    permission_classes = RESULT_KEEPER

    @extend_schema(
        responses={200: QueueEntryOutputSerializer(many=True), **error_responses(403, 404)}
    )
    def get(self, request: Request, event_id: int, number: int) -> Response:
        round_obj = round_get(event_id=event_id, number=number)
        queue = round_queue(round_obj=round_obj, user=request.user)
        return Response(QueueEntryOutputSerializer(queue, many=True).data)


class RoundProgressApi(APIView):
    """Staff: the reported counter ("reported 412 / 500")."""

    permission_classes = RESULT_KEEPER

    class RoundProgressOutputSerializer(serializers.Serializer[Mapping[str, object]]):
        round = serializers.IntegerField()
        status = serializers.CharField()
        total = serializers.IntegerField(help_text="Tables that need a result (byes excluded).")
        reported = serializers.IntegerField(help_text="Tables with a confirmed result.")
        pending = serializers.IntegerField()
        disputed = serializers.IntegerField()
        missing = serializers.IntegerField()
        byes = serializers.IntegerField()
        text = serializers.CharField()

    @extend_schema(responses={200: RoundProgressOutputSerializer, **error_responses(403, 404)})
    def get(self, request: Request, event_id: int, number: int) -> Response:
        round_obj = round_get(event_id=event_id, number=number)
        progress = round_progress(round_obj=round_obj, user=request.user)
        return Response(self.RoundProgressOutputSerializer(progress).data)


class JudgeResultApi(APIView):
    """Staff enter or override a match result; it is confirmed at once (201). Overriding a
    confirmed result needs a reason."""

    permission_classes = RESULT_KEEPER

    class JudgeResultInputSerializer(serializers.Serializer[Mapping[str, object]]):
        wins_a = serializers.IntegerField(required=False, default=0, min_value=0, max_value=99)
        wins_b = serializers.IntegerField(required=False, default=0, min_value=0, max_value=99)
        draws = serializers.IntegerField(required=False, default=0, min_value=0, max_value=99)
        double_loss = serializers.BooleanField(required=False, default=False)
        intentional_draw = serializers.BooleanField(required=False, default=False)
        time_outcome = serializers.ChoiceField(
            choices=TIME_OUTCOME_CHOICES,
            required=False,
            default="",
            help_text="How a game unfinished at time ended (the event's end-of-round procedure).",
        )
        overtime = OvertimeInputSerializer(required=False, allow_null=True, default=None)
        reason = serializers.CharField(
            required=False, default="", allow_blank=True, max_length=1000
        )

    @extend_schema(
        request=JudgeResultInputSerializer,
        parameters=[IDEMPOTENCY_HEADER],
        responses={201: ResultOutputSerializer, **ERRORS},
    )
    def post(self, request: Request, event_id: int, match_id: int) -> Response:
        data = validated(self.JudgeResultInputSerializer, request.data)
        key = idempotency_key(request)
        match_get(event_id=event_id, match_id=match_id)
        outcome = services.result_enter_by_judge(
            match_id=match_id,
            judge=request_user(request),
            idempotency_key=key,
            **data,
        )
        return result_response(outcome)


class MatchExtendApi(APIView):
    """Staff: extra minutes for one table, with a reason."""

    permission_classes = STAFF

    class MatchExtendInputSerializer(serializers.Serializer[Mapping[str, object]]):
        minutes = serializers.IntegerField(min_value=-1000, max_value=1000)
        reason = serializers.CharField(allow_blank=True, max_length=1000)

    @extend_schema(
        request=MatchExtendInputSerializer, responses={200: MatchOutputSerializer, **ERRORS}
    )
    def post(self, request: Request, event_id: int, match_id: int) -> Response:
        data = validated(self.MatchExtendInputSerializer, request.data)
        match_get(event_id=event_id, match_id=match_id)
        match = services.match_extend_time(match_id=match_id, judge=request_user(request), **data)
        return Response(MatchOutputSerializer(match).data)


class PenaltyOutputSerializer(serializers.ModelSerializer[Penalty]):
    player = serializers.CharField(source="registration.display_name")
    round = serializers.IntegerField(source="round.number", default=None)
    judge = serializers.CharField(source="judge.username", default=None)
    decided_by = serializers.CharField(
        source="decided_by.username", default=None,
        help_text="Who confirmed or withdrew a disqualification.",
    )  # fmt: skip

    class Meta:
        model = Penalty
        fields = [
            "id", "registration", "player", "round", "table", "infraction", "penalty", "note",
            "judge", "status", "decided_by", "created_at",
        ]  # fmt: skip


class PenaltyListApi(APIView):
    """Staff: the event's penalties (newest first), and recording a new one."""

    permission_classes = STAFF

    class PenaltyInputSerializer(serializers.Serializer[Mapping[str, object]]):
        registration = serializers.IntegerField(min_value=1)
        infraction = serializers.CharField(allow_blank=True, max_length=200)
        penalty = serializers.ChoiceField(choices=list(PENALTIES))
        round = serializers.IntegerField(
            required=False, allow_null=True, min_value=1, help_text="The round's number."
        )
        table = serializers.IntegerField(
            required=False, allow_null=True, min_value=1, max_value=100_000
        )
        note = serializers.CharField(required=False, default="", allow_blank=True)

    @extend_schema(responses={200: PenaltyOutputSerializer(many=True), **error_responses(403, 404)})
    def get(self, request: Request, event_id: int) -> Response:
        penalties = event_penalties(event_id=event_id, user=request.user)
        return Response(PenaltyOutputSerializer(penalties, many=True).data)

    @extend_schema(
        request=PenaltyInputSerializer, responses={201: PenaltyOutputSerializer, **ERRORS}
    )
    def post(self, request: Request, event_id: int) -> Response:
        data = validated(self.PenaltyInputSerializer, request.data)
        registration = registration_get(event_id=event_id, registration_id=data["registration"])
        round_id = round_id_for_number(event_id=event_id, number=data.get("round"))
        penalty = services.penalty_record(
            registration_id=registration.pk,
            judge=request_user(request),
            infraction=data["infraction"],
            penalty=data["penalty"],
            round_id=round_id,
            table=data.get("table"),
            note=data["note"],
        )
        return Response(PenaltyOutputSerializer(penalty).data, status=201)


class DisqualificationDecideApi(APIView):
    """An organiser or head judge other than the judge who proposed it confirms a pending
    disqualification (the player leaves the event) or withdraws it (the player stays)."""

    permission_classes = HEAD_JUDGE
    withdraw = False

    class DisqualificationDecisionInputSerializer(serializers.Serializer[Mapping[str, object]]):
        reason = serializers.CharField(required=False, default="", allow_blank=True)

    @extend_schema(
        request=DisqualificationDecisionInputSerializer,
        responses={200: PenaltyOutputSerializer, **ERRORS},
    )
    def post(self, request: Request, event_id: int, penalty_id: int) -> Response:
        data = validated(self.DisqualificationDecisionInputSerializer, request.data)
        by = request_user(request)
        if self.withdraw:
            penalty = services.disqualification_withdraw(
                penalty_id=penalty_id, event_id=event_id, by=by, reason=data["reason"]
            )
        else:
            penalty = services.disqualification_confirm(
                penalty_id=penalty_id, event_id=event_id, by=by
            )
        return Response(PenaltyOutputSerializer(penalty).data)
