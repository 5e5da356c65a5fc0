"""Events: list, create, read, update, status and finish; standings."""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any

from django.utils.translation import gettext as _
from drf_spectacular.utils import (
    OpenApiResponse,
    extend_schema,
)
from rest_framework import serializers
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from cardpool.models import Game
from core.api import ERRORS, error_responses, validated
from core.conditional import not_modified
from core.errors import InvalidInputError
from tournaments import services
from tournaments.apis.common import (
    ORGANISER,
    PAGE_PARAMETERS,
    BestOfField,
    EventListOutputSerializer,
    EventOutputSerializer,
    InlineChoiceField,
    etag_for,
    paged,
    request_user,
    snapshot_page,
)
from tournaments.models import Event
from tournaments.selectors.events import event_get_visible, event_list_upcoming
from tournaments.selectors.rounds import latest_standings_snapshot_get
from tournaments.services.snapshots import snapshot_catch_up_if_due

if TYPE_CHECKING:
    from rest_framework.permissions import _SupportsHasPermission


class BoundedDateTimeField(serializers.DateTimeField):
    """A date and time; one that cannot be placed in UTC (e.g. year 1) is a 400, not a crash."""

    def enforce_timezone(self, value: dt.datetime) -> dt.datetime:
        try:
            return super().enforce_timezone(value)
        except OverflowError:
            self.fail("overflow")
            raise  # pragma: no cover - fail() always raises


class EventStructureInputSerializer(serializers.Serializer[Mapping[str, object]]):
    """Optional structure fields shared by create and update (the services check the values)."""

    venue = serializers.CharField(required=False, allow_blank=True, max_length=200)
    start_time = serializers.TimeField(required=False, help_text="In the event's own zone.")
    time_zone = serializers.CharField(
        required=False, max_length=64, help_text="An IANA zone, e.g. Asia/Tokyo."
    )
    region = serializers.CharField(required=False, allow_blank=True, max_length=100)
    entry_fee = serializers.CharField(required=False, allow_blank=True, max_length=100)
    contact = serializers.CharField(required=False, allow_blank=True, max_length=200)
    capacity = serializers.IntegerField(
        required=False, allow_null=True, min_value=0, max_value=100_000
    )
    registration_opens_at = BoundedDateTimeField(required=False, allow_null=True)
    registration_closes_at = BoundedDateTimeField(required=False, allow_null=True)
    decklist_deadline = BoundedDateTimeField(required=False, allow_null=True)
    decklists_published = serializers.BooleanField(required=False)
    decklist_required = serializers.BooleanField(
        required=False,
        help_text="Pairing round 1 answers 409 decklists_missing while a checked-in player has "
        "no legal list (unless the request says what to do with them). Default: true.",
    )
    swiss_rounds = serializers.IntegerField(
        required=False, allow_null=True, min_value=0, max_value=1000
    )
    top_cut = serializers.IntegerField(required=False, min_value=0, max_value=1000)
    best_of = BestOfField(choices=Event.BestOf.values, required=False)
    top_cut_best_of = BestOfField(choices=Event.BestOf.values, required=False)
    round_minutes = serializers.IntegerField(required=False, min_value=0, max_value=10_000)
    top_cut_round_minutes = serializers.IntegerField(required=False, min_value=0, max_value=10_000)
    scoring = serializers.DictField(
        child=serializers.IntegerField(), required=False, help_text="win, draw, loss, bye points"
    )
    tiebreak_profile = serializers.CharField(required=False, max_length=20)
    draws_allowed = serializers.BooleanField(required=False)
    structure_style = serializers.CharField(required=False, max_length=20)


class EventListApi(APIView):
    """Events open to the public (not drafts); any logged-in person may create one."""

    permission_classes = [IsAuthenticated]

    def get_permissions(self) -> Sequence[_SupportsHasPermission]:
        return [AllowAny()] if self.request.method == "GET" else super().get_permissions()

    class EventCreateInputSerializer(EventStructureInputSerializer):
        name = serializers.CharField(max_length=200)
        game = serializers.ChoiceField(choices=Game.Slug.values)
        date = serializers.DateField()
        format = serializers.CharField(required=False, allow_blank=True, max_length=50)
        status = InlineChoiceField(
            choices=[Event.Status.DRAFT.value, Event.Status.REGISTRATION_OPEN.value],
            default="draft",
        )

    @extend_schema(responses=EventListOutputSerializer(many=True))
    def get(self, request: Request) -> Response:
        return Response(EventListOutputSerializer(event_list_upcoming(), many=True).data)

    @extend_schema(
        request=EventCreateInputSerializer, responses={201: EventOutputSerializer, **ERRORS}
    )
    def post(self, request: Request) -> Response:
        data = validated(self.EventCreateInputSerializer, request.data)
        event = services.event_create(
            name=data.pop("name"),
            game_slug=data.pop("game"),
            date=data.pop("date"),
            format_slug=data.pop("format", None) or None,
            created_by=request_user(request),
            **data,
        )
        return Response(EventOutputSerializer(event).data, status=201)


class EventDetailApi(APIView):
    """One event (drafts only for its staff); its organisers change it."""

    permission_classes = ORGANISER

    def get_permissions(self) -> Sequence[_SupportsHasPermission]:
        return [AllowAny()] if self.request.method == "GET" else super().get_permissions()

    class EventUpdateInputSerializer(EventStructureInputSerializer):
        name = serializers.CharField(required=False, max_length=200)
        date = serializers.DateField(required=False)
        confirm = serializers.BooleanField(
            required=False,
            default=False,
            help_text="Publishing the decklists of an event not finished yet: true, or 409 "
            "confirmation_required (every list becomes public while the event runs).",
        )

    @extend_schema(responses={200: EventOutputSerializer, **error_responses(404)})
    def get(self, request: Request, event_id: int) -> Response:
        event = event_get_visible(event_id=event_id, user=request.user)
        return Response(EventOutputSerializer(event).data)

    @extend_schema(
        request=EventUpdateInputSerializer, responses={200: EventOutputSerializer, **ERRORS}
    )
    def patch(self, request: Request, event_id: int) -> Response:
        data = validated(self.EventUpdateInputSerializer, request.data)
        confirm = bool(data.pop("confirm", False))
        if not data:
            raise InvalidInputError(_("send at least one field to change"), field="event")
        event = services.event_update(
            event_id=event_id, by=request_user(request), changes=data, confirm=confirm
        )
        return Response(EventOutputSerializer(event).data)


class EventStatusApi(APIView):
    """Open or close registration, or cancel the event (its players are told)."""

    permission_classes = ORGANISER

    class EventStatusInputSerializer(serializers.Serializer[Mapping[str, object]]):
        status = InlineChoiceField(
            choices=[
                Event.Status.REGISTRATION_OPEN.value,
                Event.Status.REGISTRATION_CLOSED.value,
                Event.Status.CANCELLED.value,
            ]
        )

    @extend_schema(
        request=EventStatusInputSerializer, responses={200: EventOutputSerializer, **ERRORS}
    )
    def post(self, request: Request, event_id: int) -> Response:
        data = validated(self.EventStatusInputSerializer, request.data)
        event = services.event_set_status(
            event_id=event_id, by=request_user(request), status=data["status"]
        )
        return Response(EventOutputSerializer(event).data)


class EventFinishApi(APIView):
    permission_classes = ORGANISER

    @extend_schema(request=None, responses={200: EventOutputSerializer, **ERRORS})
    def post(self, request: Request, event_id: int) -> Response:
        event = services.event_finish(event_id=event_id, by=request_user(request))
        return Response(EventOutputSerializer(event).data)


class EventCopyApi(APIView):
    """A draft copy of the event (settings, structure, staff; no players) under a new name and
    date: the next event in a series."""

    permission_classes = ORGANISER

    class EventCopyInputSerializer(serializers.Serializer[Mapping[str, object]]):
        name = serializers.CharField(max_length=200)
        date = serializers.DateField()

    @extend_schema(
        request=EventCopyInputSerializer, responses={201: EventOutputSerializer, **ERRORS}
    )
    def post(self, request: Request, event_id: int) -> Response:
        data = validated(self.EventCopyInputSerializer, request.data)
        event = services.event_copy(
            actor=request_user(request), event_id=event_id, name=data["name"], date=data["date"]
        )
        return Response(EventOutputSerializer(event).data, status=201)


class TiebreakOutputSerializer(serializers.Serializer[Mapping[str, object]]):
    key = serializers.CharField()
    value = serializers.CharField(help_text="As shown (a percentage for most tiebreaks).")
    exact = serializers.CharField(help_text="The exact fraction.")
    explanation = serializers.DictField(help_text="code, en, ja, fields")


class StandingRowOutputSerializer(serializers.Serializer[Mapping[str, object]]):
    rank = serializers.IntegerField()
    registration = serializers.IntegerField()
    name = serializers.CharField()
    points = serializers.IntegerField()
    record = serializers.CharField()
    byes = serializers.IntegerField()
    games = serializers.CharField()
    dropped = serializers.BooleanField()
    opponents = serializers.ListField(child=serializers.CharField())
    tiebreaks = TiebreakOutputSerializer(many=True)
    explanation = serializers.DictField()


class StandingsOutputSerializer(serializers.Serializer[Mapping[str, object]]):
    round = serializers.IntegerField(allow_null=True, help_text="The round the standings follow.")
    round_status = serializers.CharField(allow_null=True)
    revision = serializers.IntegerField(allow_null=True)
    count = serializers.IntegerField(help_text="How many rows the standings have in all.")
    standings = StandingRowOutputSerializer(many=True, help_text="?limit= and ?offset= page them.")


class StandingsApi(APIView):
    """The standings of the latest published snapshot, every tiebreak with its explanation.
    ETag / If-None-Match → 304."""

    permission_classes = [AllowAny]

    @extend_schema(
        parameters=PAGE_PARAMETERS,
        responses={
            200: StandingsOutputSerializer,
            304: OpenApiResponse(description="unchanged"),
            **error_responses(404),
        },
    )
    def get(self, request: Request, event_id: int) -> Response:
        # one narrow query for a published event's latest snapshot (so that a 304 reads one
        # small row); a draft or missing event takes the slow path, which words the refusal
        latest = latest_standings_snapshot_get(event_id=event_id, user=request.user)
        if latest is None:
            data: dict[str, Any] = {
                "round": None, "round_status": None, "revision": None, "count": 0, "standings": []
            }  # fmt: skip
            return Response(StandingsOutputSerializer(data).data)
        round_obj, snapshot = snapshot_catch_up_if_due(*latest)
        digest = snapshot.standings_digest
        etag = etag_for("standings", round_obj.pk, round_obj.status, snapshot.revision, digest)
        offset, limit = snapshot_page(request)
        if limit is not None or offset:
            etag = etag[:-1] + f'-o{offset}-l{limit}"'
        headers = {"ETag": etag, "Cache-Control": "no-cache"}
        if not_modified(request, etag):
            return Response(status=304, headers=headers)
        data = {
            "round": round_obj.number,
            "round_status": round_obj.status,
            "revision": snapshot.revision,
            "count": len(snapshot.standings),
            "standings": paged(snapshot.standings, offset, limit),
        }
        return Response(StandingsOutputSerializer(data).data, headers=headers)
