"""Championship structures over the API (for organisers' tools), the same services as the pages:
advancing to day 2, a player's byes in advance and fixed table, and pairing a round by hand."""

from __future__ import annotations

from collections.abc import Mapping

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from core.api import ERRORS, validated
from tournaments import services
from tournaments.apis.common import (
    ORGANISER,
    SCOREKEEPER,
    RoundOutputSerializer,
    request_user,
    round_response,
)
from tournaments.live.snapshots import reason_json
from tournaments.selectors.rounds import round_get
from tournaments.selectors.standings import registration_pk


class ReasonOutputSerializer(serializers.Serializer[Mapping[str, object]]):
    code = serializers.CharField()
    en = serializers.CharField()
    ja = serializers.CharField()


class DecisionOutputSerializer(serializers.Serializer[Mapping[str, object]]):
    registration = serializers.IntegerField()
    advances = serializers.BooleanField()
    day_one_rank = serializers.IntegerField()
    points = serializers.IntegerField()
    reason = ReasonOutputSerializer()


class DayTwoOutputSerializer(serializers.Serializer[Mapping[str, object]]):
    rule = ReasonOutputSerializer()
    threshold_points = serializers.IntegerField(allow_null=True)
    advancing = serializers.ListField(child=serializers.IntegerField())
    decisions = DecisionOutputSerializer(many=True)


class SeatingOutputSerializer(serializers.Serializer[Mapping[str, object]]):
    registration = serializers.IntegerField()
    awarded_byes = serializers.IntegerField()
    fixed_table = serializers.IntegerField(allow_null=True)


class DayTwoApi(APIView):
    """POST: decide day 2's players once day 1's last round is complete (scorekeepers,
    organisers). The answer lists every player's decision with its reason (English, Japanese)."""

    permission_classes = SCOREKEEPER

    @extend_schema(request=None, responses={200: DayTwoOutputSerializer, **ERRORS})
    def post(self, request: Request, event_id: int) -> Response:
        cut = services.event_advance_to_day_two(event_id=event_id, by=request_user(request))
        return Response(
            {
                "rule": reason_json(cut.rule),
                "threshold_points": cut.threshold_points,
                "advancing": [registration_pk(pid) for pid in cut.advancing],
                "decisions": [
                    {
                        "registration": registration_pk(d.player_id),
                        "advances": d.advances,
                        "day_one_rank": d.day_one_rank,
                        "points": d.match_points,
                        "reason": reason_json(d.reason),
                    }
                    for d in cut.decisions
                ],
            }
        )


class SeatingApi(APIView):
    """POST: a player's byes given in advance and fixed table (organisers)."""

    permission_classes = ORGANISER

    class SeatingInputSerializer(serializers.Serializer[Mapping[str, object]]):
        awarded_byes = serializers.IntegerField(min_value=0, max_value=5)
        fixed_table = serializers.IntegerField(min_value=1, max_value=10000, allow_null=True)

    @extend_schema(
        request=SeatingInputSerializer, responses={200: SeatingOutputSerializer, **ERRORS}
    )
    def post(self, request: Request, event_id: int, registration_id: int) -> Response:
        data = validated(self.SeatingInputSerializer, request.data)
        registration = services.registration_set_seating(
            event_id=event_id,
            registration_id=registration_id,
            by=request_user(request),
            awarded_byes=data["awarded_byes"],
            fixed_table=data["fixed_table"],
        )
        return Response(
            {
                "registration": registration.pk,
                "awarded_byes": registration.awarded_byes,
                "fixed_table": registration.fixed_table,
            }
        )


class RoundOverrideApi(APIView):
    """POST: the organiser's own pairing of a round that has not started. ``tables`` are pairs
    of registrations, table 1 first. Structural problems: 400 ``pairing_invalid``; rematches and
    byes: 409 ``pairing_flagged`` until ``accept_flags`` is true; ``problems`` lists them with
    their reasons in English and Japanese. Audited with the old and new tables."""

    permission_classes = SCOREKEEPER

    class OverrideInputSerializer(serializers.Serializer[Mapping[str, object]]):
        tables = serializers.ListField(
            child=serializers.ListField(
                child=serializers.IntegerField(), min_length=2, max_length=2
            ),
            max_length=5000,
        )
        bye = serializers.IntegerField(required=False, allow_null=True)
        reason = serializers.CharField(max_length=1000)
        accept_flags = serializers.BooleanField(default=False)

    @extend_schema(
        request=OverrideInputSerializer, responses={200: RoundOutputSerializer, **ERRORS}
    )
    def post(self, request: Request, event_id: int, number: int) -> Response:
        data = validated(self.OverrideInputSerializer, request.data)
        round_obj = round_get(event_id=event_id, number=number)
        round_obj = services.round_pairing_override(
            round_id=round_obj.pk,
            by=request_user(request),
            tables=[(int(a), int(b)) for a, b in data["tables"]],
            bye=data.get("bye"),
            reason=data["reason"],
            accept_flags=data["accept_flags"],
        )
        return round_response(round_obj)
