"""Rounds: pairing, the published pairings, re-pairing, swaps, the round clock, completion and
the top cut."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from django.contrib.auth.models import User
from drf_spectacular.openapi import AutoSchema
from drf_spectacular.utils import (
    OpenApiResponse,
    extend_schema,
)
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from core.api import ERRORS, error_responses, validated
from core.conditional import not_modified
from tournaments import services
from tournaments.apis.common import (
    ORGANISER,
    PAGE_PARAMETERS,
    SCOREKEEPER,
    InlineChoiceField,
    RoundOutputSerializer,
    RoundSummaryOutputSerializer,
    etag_for,
    paged,
    request_user,
    round_response,
    snapshot_page,
)
from tournaments.live.snapshots import content_digest
from tournaments.models import Round
from tournaments.selectors.events import event_get_visible
from tournaments.selectors.rounds import event_rounds, round_get, round_snapshot_get
from tournaments.services.snapshots import snapshot_catch_up_if_due

if TYPE_CHECKING:
    from rest_framework.permissions import _SupportsHasPermission


class RoundListApi(APIView):
    """GET: the event's rounds. POST (scorekeepers, organisers): pair the next round (409 while
    the previous round is not complete)."""

    permission_classes = SCOREKEEPER

    def get_permissions(self) -> Sequence[_SupportsHasPermission]:
        return [AllowAny()] if self.request.method == "GET" else super().get_permissions()

    class RoundPairInputSerializer(serializers.Serializer[Mapping[str, object]]):
        seed = serializers.IntegerField(
            required=False, min_value=1, max_value=2**31 - 1, help_text="Default: random."
        )
        unlisted = serializers.ChoiceField(
            choices=services.UNLISTED_CHOICES,
            required=False,
            help_text="Round 1 of an event that requires a legal list: what to do with the "
            "checked-in players without one (drop them, a game loss this round, or pair them "
            "anyway). Without it, such a round answers 409 decklists_missing naming them.",
        )

    @extend_schema(responses={200: RoundSummaryOutputSerializer(many=True), **error_responses(404)})
    def get(self, request: Request, event_id: int) -> Response:
        event = event_get_visible(event_id=event_id, user=request.user)
        rounds = event_rounds(event_id=event.pk)
        return Response(RoundSummaryOutputSerializer(rounds, many=True).data)

    @extend_schema(
        request=RoundPairInputSerializer, responses={201: RoundOutputSerializer, **ERRORS}
    )
    def post(self, request: Request, event_id: int) -> Response:
        data = validated(self.RoundPairInputSerializer, request.data)
        round_obj = services.round_pair(
            event_id=event_id,
            by=request_user(request),
            seed=data.get("seed"),
            unlisted=data.get("unlisted"),
        )
        return round_response(round_obj, status=201)


class RoundPublicOutputSerializer(serializers.Serializer[Mapping[str, object]]):
    event = serializers.IntegerField()
    number = serializers.IntegerField()
    stage = InlineChoiceField(choices=Round.Stage.values)
    status = InlineChoiceField(choices=Round.Status.values)
    minutes = serializers.IntegerField()
    started_at = serializers.DateTimeField(allow_null=True)
    ends_at = serializers.DateTimeField(allow_null=True)
    paused_remaining_seconds = serializers.IntegerField(allow_null=True)
    revision = serializers.IntegerField(help_text="The snapshot's revision.")
    count = serializers.IntegerField(help_text="How many pairings the round has in all.")
    pairings = serializers.ListField(
        child=serializers.DictField(), help_text="?limit= and ?offset= page them."
    )


class RoundDetailApi(APIView):
    """A round's pairings as published (its snapshot). ETag / If-None-Match → 304."""

    permission_classes = [AllowAny]

    @extend_schema(
        parameters=PAGE_PARAMETERS,
        responses={
            200: RoundPublicOutputSerializer,
            304: OpenApiResponse(description="unchanged"),
            **error_responses(404),
        },
    )
    def get(self, request: Request, event_id: int, number: int) -> Response:
        round_obj, snapshot = snapshot_catch_up_if_due(
            *round_snapshot_get(event_id=event_id, number=number, user=request.user)
        )
        # From what the answer shows: the pairings (their digest), the snapshot's revision and
        # the clock; not the round's revision, which also moves when a result is confirmed.
        clock = content_digest(
            [
                round_obj.stage,
                round_obj.status,
                round_obj.minutes,
                str(round_obj.started_at),
                str(round_obj.ends_at),
                round_obj.paused_remaining_seconds,
            ]
        )[:12]
        offset, limit = snapshot_page(request)
        etag = etag_for(round_obj.pk, snapshot.revision, snapshot.pairings_digest, clock)
        if limit is not None or offset:
            etag = etag[:-1] + f'-o{offset}-l{limit}"'
        headers = {"ETag": etag, "Cache-Control": "no-cache"}
        if not_modified(request, etag):
            return Response(status=304, headers=headers)
        data = {
            "event": event_id,
            "number": round_obj.number,
            "stage": round_obj.stage,
            "status": round_obj.status,
            "minutes": round_obj.minutes,
            "started_at": round_obj.started_at,
            "ends_at": round_obj.ends_at,
            "paused_remaining_seconds": round_obj.paused_remaining_seconds,
            "revision": snapshot.revision,
            "count": len(snapshot.pairings),
            "pairings": paged(snapshot.pairings, offset, limit),
        }
        return Response(RoundPublicOutputSerializer(data).data, headers=headers)


class RoundRepairApi(APIView):
    """Pair the latest round again before it starts (organisers; a reason is required)."""

    permission_classes = SCOREKEEPER

    class RoundRepairInputSerializer(serializers.Serializer[Mapping[str, object]]):
        reason = serializers.CharField(allow_blank=True, max_length=1000)
        seed = serializers.IntegerField(required=False, min_value=1, max_value=2**31 - 1)

    @extend_schema(
        request=RoundRepairInputSerializer, responses={200: RoundOutputSerializer, **ERRORS}
    )
    def post(self, request: Request, event_id: int, number: int) -> Response:
        data = validated(self.RoundRepairInputSerializer, request.data)
        round_obj = round_get(event_id=event_id, number=number)
        round_obj = services.round_repair(
            round_id=round_obj.pk,
            by=request_user(request),
            reason=data["reason"],
            seed=data.get("seed"),
        )
        return round_response(round_obj)


class RoundSwapApi(APIView):
    """Swap two players' seats before the round starts (organisers; a reason is required)."""

    permission_classes = SCOREKEEPER

    class RoundSwapInputSerializer(serializers.Serializer[Mapping[str, object]]):
        registration_a = serializers.IntegerField(min_value=1)
        registration_b = serializers.IntegerField(min_value=1)
        reason = serializers.CharField(allow_blank=True, max_length=1000)

    @extend_schema(
        request=RoundSwapInputSerializer, responses={200: RoundOutputSerializer, **ERRORS}
    )
    def post(self, request: Request, event_id: int, number: int) -> Response:
        data = validated(self.RoundSwapInputSerializer, request.data)
        round_obj = round_get(event_id=event_id, number=number)
        round_obj = services.round_swap_players(
            round_id=round_obj.pk,
            registration_a=data["registration_a"],
            registration_b=data["registration_b"],
            by=request_user(request),
            reason=data["reason"],
        )
        return round_response(round_obj)


class RoundExtendInputSerializer(serializers.Serializer[Mapping[str, object]]):
    minutes = serializers.IntegerField(min_value=-1000, max_value=1000)


@dataclass(frozen=True)
class ClockAction:
    """One action on the round clock: what it does (the operation's description), the input it
    reads, if any, and the service it calls with the round, the organiser and that input."""

    description: str
    run: Callable[[Round, User, Mapping[str, Any]], Round]
    input: type[serializers.Serializer[Mapping[str, object]]] | None = None


#: The round clock's actions, one route each (``rounds/<number>/<action>/``).
CLOCK_ACTIONS: Mapping[str, ClockAction] = {
    "start": ClockAction(
        "Start the round clock (organisers, as on the manage page).",
        lambda round_obj, by, _: services.round_start(round_id=round_obj.pk, by=by),
    ),
    "pause": ClockAction(
        "Pause the round clock (organisers).",
        lambda round_obj, by, _: services.round_pause(round_id=round_obj.pk, by=by),
    ),
    "resume": ClockAction(
        "Resume a paused round clock (organisers).",
        lambda round_obj, by, _: services.round_resume(round_id=round_obj.pk, by=by),
    ),
    "extend": ClockAction(
        "Give the whole round more time (organisers; one table: the judges' extension).",
        lambda round_obj, by, data: services.round_extend(
            round_id=round_obj.pk, by=by, minutes=data["minutes"]
        ),
        RoundExtendInputSerializer,
    ),
}


class ClockSchema(AutoSchema):
    """Documents each clock route from its row of ``CLOCK_ACTIONS``."""

    def _clock(self) -> ClockAction:
        return CLOCK_ACTIONS[getattr(self.view, "clock_action", "")]

    # drf-spectacular's AutoSchema narrows DRF's signature (it carries the same ignore).
    def get_description(self) -> str:  # type: ignore[override]
        return self._clock().description

    def get_request_serializer(self) -> type[serializers.Serializer[Mapping[str, object]]] | None:
        return self._clock().input


class RoundClockApi(APIView):
    """The round clock (organisers): the route names the action, ``CLOCK_ACTIONS`` runs it."""

    permission_classes = SCOREKEEPER
    schema = ClockSchema()
    clock_action = ""  # set per route: RoundClockApi.as_view(clock_action="start")

    @extend_schema(responses={200: RoundSummaryOutputSerializer, **ERRORS})
    def post(self, request: Request, event_id: int, number: int) -> Response:
        clock = CLOCK_ACTIONS[self.clock_action]
        data: Mapping[str, Any] = {}
        if clock.input is not None:
            data = validated(clock.input, request.data)
        round_obj = round_get(event_id=event_id, number=number)
        round_obj = clock.run(round_obj, request_user(request), data)
        return Response(RoundSummaryOutputSerializer(round_obj).data)


class RoundCompleteApi(APIView):
    """Close the round (organisers); 409 with ``tables`` while results are missing."""

    permission_classes = SCOREKEEPER

    @extend_schema(request=None, responses={200: RoundOutputSerializer, **ERRORS})
    def post(self, request: Request, event_id: int, number: int) -> Response:
        round_obj = round_get(event_id=event_id, number=number)
        round_obj = services.round_complete(round_id=round_obj.pk, by=request_user(request))
        return round_response(round_obj)


class TopCutApi(APIView):
    """Cut to the top N after the last Swiss round and pair the bracket (organisers)."""

    permission_classes = ORGANISER

    class TopCutInputSerializer(serializers.Serializer[Mapping[str, object]]):
        size = serializers.IntegerField(
            required=False, min_value=2, max_value=1000, help_text="Default: the event's top cut."
        )

    @extend_schema(request=TopCutInputSerializer, responses={201: RoundOutputSerializer, **ERRORS})
    def post(self, request: Request, event_id: int) -> Response:
        data = validated(self.TopCutInputSerializer, request.data)
        round_obj = services.topcut_start(
            event_id=event_id, by=request_user(request), size=data.get("size")
        )
        return round_response(round_obj, status=201)
