"""REST API of events: registration, rounds, results, judging, standings and exports.

Thin adapters: each API checks the shape of its input, asks ``tournaments.permissions`` who may
call it, makes one service or selector call and serialises the answer. Domain errors become
400/403/404/409 JSON in ``core.api``. Event-scoped URLs carry ``event_id``; rounds are named by
their number within the event, matches and registrations by id (and must belong to the event).
"""

from __future__ import annotations

import csv
import datetime as dt
import io
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from django.contrib.auth.models import User
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import (
    OpenApiParameter,
    OpenApiResponse,
    extend_schema,
    extend_schema_field,
)
from rest_framework import serializers
from rest_framework.parsers import FormParser, MultiPartParser
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.renderers import BaseRenderer, JSONRenderer
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from cardpool.models import Game
from core.errors import InvalidInputError, PermissionDeniedError
from tournaments import api_selectors, services
from tournaments.models import Event, Match, Penalty, Registration, ResultReport, Round
from tournaments.permissions import IsEventOrganiser, IsEventStaff, is_event_staff
from tournaments.selectors import event_list_upcoming, match_state, round_matches, scoring_for
from tournaments.services.judging import PENALTIES
from tournaments.services.registration import MAX_IMPORT_BYTES
from tournaments.services.results import MAX_KEY

ORGANISER = [IsAuthenticated, IsEventOrganiser]
STAFF = [IsAuthenticated, IsEventStaff]

IDEMPOTENCY_HEADER = OpenApiParameter(
    name="Idempotency-Key",
    type=str,
    location=OpenApiParameter.HEADER,
    required=False,
    description=f"Up to {MAX_KEY} characters. Sending the same key again returns the first "
    "answer (same status, same body, header Idempotent-Replayed: true) and stores nothing.",
)


#: The refusals every write may answer: a domain error is ``{"code", "detail", "field"}`` (plus
#: details such as ``problems`` or ``tables``); a shape error is ``{"<field>": ["message"]}``.
ERRORS: dict[int, OpenApiResponse] = {
    400: OpenApiResponse(OpenApiTypes.OBJECT, description="Bad input; names the field."),
    403: OpenApiResponse(OpenApiTypes.OBJECT, description="Not allowed for this person."),
    404: OpenApiResponse(OpenApiTypes.OBJECT, description="No such object in this event."),
    409: OpenApiResponse(OpenApiTypes.OBJECT, description="The object's state forbids it now."),
}


def _user(request: Request) -> User:
    """The logged-in person (the permission classes already refused anonymous callers)."""
    user = request.user
    if not isinstance(user, User):
        raise PermissionDeniedError("log in first")
    return user


def _idempotency_key(request: Request) -> str:
    key = request.headers.get("Idempotency-Key", "").strip()
    if len(key) > MAX_KEY:
        raise InvalidInputError(
            f"the Idempotency-Key header is longer than {MAX_KEY} characters",
            field="idempotency_key",
        )
    return key


def _result_response(outcome: services.ResultOutcome) -> Response:
    headers = {"Idempotent-Replayed": "true"} if outcome.replayed else {}
    return Response(ResultOutputSerializer(outcome.as_dict()).data, status=201, headers=headers)


# --- shared output serializers ------------------------------------------------------------------


@extend_schema_field(OpenApiTypes.STR)
class InlineChoiceField(serializers.ChoiceField):
    """A choice documented inline, its values in the help text. Several models have a ``status``
    with different values; as shared enum components their names would collide."""

    def __init__(self, *, choices: Iterable[Any], **kwargs: Any) -> None:
        values = list(choices)
        kwargs.setdefault("help_text", "One of: " + ", ".join(map(str, values)))
        super().__init__(choices=values, **kwargs)


@extend_schema_field(OpenApiTypes.INT)
class BestOfField(InlineChoiceField):
    """1 or 3 games: documented as the integer it is."""


class EventOutputSerializer(serializers.ModelSerializer[Event]):
    game = serializers.CharField(source="game.slug")
    format = serializers.CharField(source="format.slug", default=None)
    status = InlineChoiceField(choices=Event.Status.values)
    best_of = BestOfField(choices=Event.BestOf.values)
    top_cut_best_of = BestOfField(choices=Event.BestOf.values)

    class Meta:
        model = Event
        fields = [
            "id", "name", "game", "format", "date", "venue", "capacity", "status",
            "registration_opens_at", "registration_closes_at", "decklist_deadline",
            "decklists_published", "swiss_rounds", "top_cut", "best_of", "top_cut_best_of",
            "round_minutes", "top_cut_round_minutes", "scoring", "tiebreak_profile",
            "draws_allowed", "structure_style", "created_at",
        ]  # fmt: skip


class EventListOutputSerializer(EventOutputSerializer):
    player_count = serializers.IntegerField(read_only=True)

    class Meta(EventOutputSerializer.Meta):
        fields = [*EventOutputSerializer.Meta.fields, "player_count"]


class RegistrationPublicOutputSerializer(serializers.ModelSerializer[Registration]):
    status = InlineChoiceField(choices=Registration.Status.values)

    class Meta:
        model = Registration
        fields = ["id", "display_name", "status"]


class RegistrationStaffOutputSerializer(serializers.ModelSerializer[Registration]):
    status = InlineChoiceField(choices=Registration.Status.values)
    username = serializers.CharField(source="user.username", default=None)

    class Meta:
        model = Registration
        fields = [
            "id", "display_name", "player_id", "email", "status", "username",
            "late_rounds_missed", "dropped_after_round", "created_at",
        ]  # fmt: skip


class MatchPlayerOutputSerializer(serializers.Serializer[Registration]):
    registration = serializers.IntegerField(source="pk")
    name = serializers.CharField(source="display_name")


class ReportOutputSerializer(serializers.ModelSerializer[ResultReport]):
    reported_by = serializers.CharField(source="reported_by.username", default=None)
    source = InlineChoiceField(choices=ResultReport.Source.values)  # type: ignore[assignment]  # a field named like Field.source
    status = InlineChoiceField(choices=ResultReport.Status.values)

    class Meta:
        model = ResultReport
        fields = [
            "version", "source", "status", "reported_by", "wins_a", "wins_b", "draws",
            "intentional_draw", "conceded_by", "double_loss", "created_at",
        ]  # fmt: skip


class MatchOutputSerializer(serializers.ModelSerializer[Match]):
    player_a = MatchPlayerOutputSerializer()
    player_b = MatchPlayerOutputSerializer(allow_null=True)

    class Meta:
        model = Match
        fields = [
            "id", "table", "is_bye", "bracket_slot", "player_a", "player_b", "reason",
            "extra_minutes",
        ]  # fmt: skip


class RoundOutputSerializer(serializers.ModelSerializer[Round]):
    stage = InlineChoiceField(choices=Round.Stage.values)
    status = InlineChoiceField(choices=Round.Status.values)
    matches = serializers.SerializerMethodField()

    class Meta:
        model = Round
        fields = [
            "id", "number", "stage", "status", "seed", "minutes", "started_at", "ends_at",
            "paused_remaining_seconds", "summary", "revision", "matches",
        ]  # fmt: skip

    @extend_schema_field(MatchOutputSerializer(many=True))
    def get_matches(self, obj: Round) -> Any:
        return MatchOutputSerializer(round_matches(round_obj=obj), many=True).data


class RoundSummaryOutputSerializer(serializers.ModelSerializer[Round]):
    stage = InlineChoiceField(choices=Round.Stage.values)
    status = InlineChoiceField(choices=Round.Status.values)

    class Meta:
        model = Round
        fields = ["id", "number", "stage", "status", "minutes", "started_at", "ends_at", "revision"]


class ResultOutputSerializer(serializers.Serializer[dict[str, Any]]):
    match = serializers.IntegerField()
    version = serializers.IntegerField()
    status = InlineChoiceField(choices=ResultReport.Status.values)
    wins_a = serializers.IntegerField()
    wins_b = serializers.IntegerField()
    draws = serializers.IntegerField()


def _round_response(round_obj: Round, status: int = 200) -> Response:
    return Response(RoundOutputSerializer(round_obj).data, status=status)


# --- events -------------------------------------------------------------------------------------


class BoundedDateTimeField(serializers.DateTimeField):
    """A date and time; one that cannot be placed in UTC (e.g. year 1) is a 400, not a crash."""

    def enforce_timezone(self, value: dt.datetime) -> dt.datetime:
        try:
            return super().enforce_timezone(value)
        except OverflowError:
            self.fail("overflow")
            raise  # pragma: no cover - fail() always raises


class EventStructureInputSerializer(serializers.Serializer[dict[str, Any]]):
    """Optional structure fields shared by create and update (the services check the values)."""

    venue = serializers.CharField(required=False, allow_blank=True, max_length=200)
    capacity = serializers.IntegerField(
        required=False, allow_null=True, min_value=0, max_value=100_000
    )
    registration_opens_at = BoundedDateTimeField(required=False, allow_null=True)
    registration_closes_at = BoundedDateTimeField(required=False, allow_null=True)
    decklist_deadline = BoundedDateTimeField(required=False, allow_null=True)
    decklists_published = serializers.BooleanField(required=False)
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

    def get_permissions(self) -> Sequence[Any]:
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
        serializer = self.EventCreateInputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = dict(serializer.validated_data)
        event = services.event_create(
            name=data.pop("name"),
            game_slug=data.pop("game"),
            date=data.pop("date"),
            format_slug=data.pop("format", None) or None,
            created_by=_user(request),
            **data,
        )
        return Response(EventOutputSerializer(event).data, status=201)


class EventDetailApi(APIView):
    """One event (drafts only for its staff); its organisers change it."""

    permission_classes = ORGANISER

    def get_permissions(self) -> Sequence[Any]:
        return [AllowAny()] if self.request.method == "GET" else super().get_permissions()

    class EventUpdateInputSerializer(EventStructureInputSerializer):
        name = serializers.CharField(required=False, max_length=200)
        date = serializers.DateField(required=False)

    @extend_schema(responses=EventOutputSerializer)
    def get(self, request: Request, event_id: int) -> Response:
        event = api_selectors.event_get_visible(event_id=event_id, user=request.user)
        return Response(EventOutputSerializer(event).data)

    @extend_schema(
        request=EventUpdateInputSerializer, responses={200: EventOutputSerializer, **ERRORS}
    )
    def patch(self, request: Request, event_id: int) -> Response:
        serializer = self.EventUpdateInputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        if not serializer.validated_data:
            raise InvalidInputError("send at least one field to change", field="event")
        event = services.event_update(
            event_id=event_id, by=_user(request), changes=dict(serializer.validated_data)
        )
        return Response(EventOutputSerializer(event).data)


class EventStatusApi(APIView):
    """Open or close registration."""

    permission_classes = ORGANISER

    class EventStatusInputSerializer(serializers.Serializer[dict[str, Any]]):
        status = InlineChoiceField(
            choices=[Event.Status.REGISTRATION_OPEN.value, Event.Status.REGISTRATION_CLOSED.value]
        )

    @extend_schema(
        request=EventStatusInputSerializer, responses={200: EventOutputSerializer, **ERRORS}
    )
    def post(self, request: Request, event_id: int) -> Response:
        serializer = self.EventStatusInputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        event = services.event_set_status(
            event_id=event_id, by=_user(request), status=serializer.validated_data["status"]
        )
        return Response(EventOutputSerializer(event).data)


class EventFinishApi(APIView):
    permission_classes = ORGANISER

    @extend_schema(request=None, responses={200: EventOutputSerializer, **ERRORS})
    def post(self, request: Request, event_id: int) -> Response:
        event = services.event_finish(event_id=event_id, by=_user(request))
        return Response(EventOutputSerializer(event).data)


# --- registrations ------------------------------------------------------------------------------


class RegistrationListApi(APIView):
    """GET: the players (staff see e-mails and player ids; the public names and status only).
    POST: register myself."""

    permission_classes = [IsAuthenticated]

    def get_permissions(self) -> Sequence[Any]:
        return [AllowAny()] if self.request.method == "GET" else super().get_permissions()

    class RegistrationSelfInputSerializer(serializers.Serializer[dict[str, Any]]):
        display_name = serializers.CharField(
            required=False, allow_blank=True, max_length=200, help_text="Default: your name."
        )
        player_id = serializers.CharField(required=False, allow_blank=True, max_length=40)

    @extend_schema(
        responses={
            200: OpenApiResponse(
                RegistrationStaffOutputSerializer(many=True),
                description="Staff get every field; everyone else id, display_name and status "
                "(RegistrationPublicOutput).",
            )
        }
    )
    def get(self, request: Request, event_id: int) -> Response:
        event = api_selectors.event_get_visible(event_id=event_id, user=request.user)
        registrations = api_selectors.event_registrations(event_id=event.pk)
        if is_event_staff(user=request.user, event_id=event.pk):
            return Response(RegistrationStaffOutputSerializer(registrations, many=True).data)
        return Response(RegistrationPublicOutputSerializer(registrations, many=True).data)

    @extend_schema(
        request=RegistrationSelfInputSerializer,
        responses={201: RegistrationPublicOutputSerializer, **ERRORS},
    )
    def post(self, request: Request, event_id: int) -> Response:
        serializer = self.RegistrationSelfInputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        user = _user(request)
        event = api_selectors.event_get_visible(event_id=event_id, user=user)
        name = serializer.validated_data.get("display_name") or (
            user.get_full_name() or user.get_username()
        )
        registration = services.registration_create(
            event=event,
            user=user,
            by=user,
            display_name=name,
            player_id=serializer.validated_data.get("player_id", ""),
            email=user.email,
        )
        return Response(RegistrationPublicOutputSerializer(registration).data, status=201)


class RegistrationAddApi(APIView):
    """Organisers add a player without an account (after round 1: a late entry)."""

    permission_classes = ORGANISER

    class RegistrationAddInputSerializer(serializers.Serializer[dict[str, Any]]):
        display_name = serializers.CharField(max_length=200)
        player_id = serializers.CharField(required=False, allow_blank=True, max_length=40)
        email = serializers.EmailField(required=False, allow_blank=True)

    @extend_schema(
        request=RegistrationAddInputSerializer,
        responses={201: RegistrationStaffOutputSerializer, **ERRORS},
    )
    def post(self, request: Request, event_id: int) -> Response:
        serializer = self.RegistrationAddInputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        registration = services.registration_create(
            event=api_selectors.event_get_visible(event_id=event_id, user=request.user),
            user=None,
            by=_user(request),
            display_name=data["display_name"],
            player_id=data.get("player_id", ""),
            email=data.get("email", ""),
        )
        return Response(RegistrationStaffOutputSerializer(registration).data, status=201)


class RegistrationImportApi(APIView):
    """Import players from a CSV file (``name,player_id,email``): every line or none; the 400
    answer lists each bad line in ``problems``."""

    permission_classes = ORGANISER
    parser_classes = [MultiPartParser, FormParser]

    class RegistrationImportInputSerializer(serializers.Serializer[dict[str, Any]]):
        file = serializers.FileField(help_text="UTF-8 CSV with header name,player_id,email")

    @extend_schema(
        request={"multipart/form-data": RegistrationImportInputSerializer},
        responses={201: RegistrationStaffOutputSerializer(many=True), **ERRORS},
    )
    def post(self, request: Request, event_id: int) -> Response:
        serializer = self.RegistrationImportInputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data["file"].read(MAX_IMPORT_BYTES + 1)
        created = services.registrations_import_csv(event_id=event_id, by=_user(request), data=data)
        return Response(RegistrationStaffOutputSerializer(created, many=True).data, status=201)


class RegistrationCheckInApi(APIView):
    permission_classes = ORGANISER

    @extend_schema(request=None, responses={200: RegistrationStaffOutputSerializer, **ERRORS})
    def post(self, request: Request, event_id: int, registration_id: int) -> Response:
        api_selectors.registration_get(event_id=event_id, registration_id=registration_id)
        registration = services.registration_check_in(
            registration_id=registration_id, by=_user(request)
        )
        return Response(RegistrationStaffOutputSerializer(registration).data)


class RegistrationDropApi(APIView):
    """Drop a player: the player themself or an organiser of the event."""

    permission_classes = [IsAuthenticated]

    class RegistrationDropInputSerializer(serializers.Serializer[dict[str, Any]]):
        reason = serializers.CharField(required=False, allow_blank=True, max_length=1000)

    @extend_schema(
        request=RegistrationDropInputSerializer,
        responses={200: RegistrationPublicOutputSerializer, **ERRORS},
    )
    def post(self, request: Request, event_id: int, registration_id: int) -> Response:
        serializer = self.RegistrationDropInputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        api_selectors.registration_get(event_id=event_id, registration_id=registration_id)
        registration = services.registration_drop(
            registration_id=registration_id,
            by=_user(request),
            reason=serializer.validated_data.get("reason", ""),
        )
        return Response(RegistrationPublicOutputSerializer(registration).data)


class RegistrationUndropApi(APIView):
    permission_classes = ORGANISER

    class RegistrationUndropInputSerializer(serializers.Serializer[dict[str, Any]]):
        reason = serializers.CharField(allow_blank=True, max_length=1000)

    @extend_schema(
        request=RegistrationUndropInputSerializer,
        responses={200: RegistrationStaffOutputSerializer, **ERRORS},
    )
    def post(self, request: Request, event_id: int, registration_id: int) -> Response:
        serializer = self.RegistrationUndropInputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        api_selectors.registration_get(event_id=event_id, registration_id=registration_id)
        registration = services.registration_undrop(
            registration_id=registration_id,
            by=_user(request),
            reason=serializer.validated_data["reason"],
        )
        return Response(RegistrationStaffOutputSerializer(registration).data)


# --- rounds -------------------------------------------------------------------------------------


class RoundListApi(APIView):
    """GET: the event's rounds. POST (organisers): pair the next round (409 while the previous
    round is not complete)."""

    permission_classes = ORGANISER

    def get_permissions(self) -> Sequence[Any]:
        return [AllowAny()] if self.request.method == "GET" else super().get_permissions()

    class RoundPairInputSerializer(serializers.Serializer[dict[str, Any]]):
        seed = serializers.IntegerField(
            required=False, min_value=1, max_value=2**31 - 1, help_text="Default: random."
        )

    @extend_schema(responses=RoundSummaryOutputSerializer(many=True))
    def get(self, request: Request, event_id: int) -> Response:
        event = api_selectors.event_get_visible(event_id=event_id, user=request.user)
        rounds = api_selectors.event_rounds(event_id=event.pk)
        return Response(RoundSummaryOutputSerializer(rounds, many=True).data)

    @extend_schema(
        request=RoundPairInputSerializer, responses={201: RoundOutputSerializer, **ERRORS}
    )
    def post(self, request: Request, event_id: int) -> Response:
        serializer = self.RoundPairInputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        round_obj = services.round_pair(
            event_id=event_id, by=_user(request), seed=serializer.validated_data.get("seed")
        )
        return _round_response(round_obj, status=201)


class RoundPublicOutputSerializer(serializers.Serializer[dict[str, Any]]):
    event = serializers.IntegerField()
    number = serializers.IntegerField()
    stage = InlineChoiceField(choices=Round.Stage.values)
    status = InlineChoiceField(choices=Round.Status.values)
    minutes = serializers.IntegerField()
    started_at = serializers.DateTimeField(allow_null=True)
    ends_at = serializers.DateTimeField(allow_null=True)
    paused_remaining_seconds = serializers.IntegerField(allow_null=True)
    revision = serializers.IntegerField(help_text="The snapshot's revision.")
    pairings = serializers.ListField(child=serializers.DictField())


def _etag(*parts: object) -> str:
    return '"' + "-".join(map(str, parts)) + '"'


def _not_modified(request: Request, etag: str) -> bool:
    header = request.headers.get("If-None-Match", "")
    tags = {tag.strip().removeprefix("W/") for tag in header.split(",")}
    return etag in tags or "*" in tags


class RoundDetailApi(APIView):
    """A round's pairings as published (its snapshot). ETag / If-None-Match → 304."""

    permission_classes = [AllowAny]

    @extend_schema(
        responses={200: RoundPublicOutputSerializer, 304: OpenApiResponse(description="unchanged")}
    )
    def get(self, request: Request, event_id: int, number: int) -> Response:
        round_obj, snapshot = api_selectors.round_snapshot_get(
            event_id=event_id, number=number, user=request.user
        )
        # The round's own revision also moves with the clock (start, pause, extend), which the
        # answer shows; the snapshot's moves with the pairings.
        etag = _etag(round_obj.pk, snapshot.revision, round_obj.revision)
        headers = {"ETag": etag, "Cache-Control": "no-cache"}
        if _not_modified(request, etag):
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
            "pairings": snapshot.pairings,
        }
        return Response(RoundPublicOutputSerializer(data).data, headers=headers)


class RoundRepairApi(APIView):
    """Pair the latest round again before it starts (organisers; a reason is required)."""

    permission_classes = ORGANISER

    class RoundRepairInputSerializer(serializers.Serializer[dict[str, Any]]):
        reason = serializers.CharField(allow_blank=True, max_length=1000)
        seed = serializers.IntegerField(required=False, min_value=1, max_value=2**31 - 1)

    @extend_schema(
        request=RoundRepairInputSerializer, responses={200: RoundOutputSerializer, **ERRORS}
    )
    def post(self, request: Request, event_id: int, number: int) -> Response:
        serializer = self.RoundRepairInputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        round_obj = api_selectors.round_get(event_id=event_id, number=number)
        round_obj = services.round_repair(
            round_id=round_obj.pk,
            by=_user(request),
            reason=serializer.validated_data["reason"],
            seed=serializer.validated_data.get("seed"),
        )
        return _round_response(round_obj)


class RoundSwapApi(APIView):
    """Swap two players' seats before the round starts (organisers; a reason is required)."""

    permission_classes = ORGANISER

    class RoundSwapInputSerializer(serializers.Serializer[dict[str, Any]]):
        registration_a = serializers.IntegerField(min_value=1)
        registration_b = serializers.IntegerField(min_value=1)
        reason = serializers.CharField(allow_blank=True, max_length=1000)

    @extend_schema(
        request=RoundSwapInputSerializer, responses={200: RoundOutputSerializer, **ERRORS}
    )
    def post(self, request: Request, event_id: int, number: int) -> Response:
        serializer = self.RoundSwapInputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        round_obj = api_selectors.round_get(event_id=event_id, number=number)
        round_obj = services.round_swap_players(
            round_id=round_obj.pk,
            registration_a=data["registration_a"],
            registration_b=data["registration_b"],
            by=_user(request),
            reason=data["reason"],
        )
        return _round_response(round_obj)


class RoundStartApi(APIView):
    """Start the round clock (organisers, as on the manage page)."""

    permission_classes = ORGANISER

    @extend_schema(request=None, responses={200: RoundSummaryOutputSerializer, **ERRORS})
    def post(self, request: Request, event_id: int, number: int) -> Response:
        round_obj = api_selectors.round_get(event_id=event_id, number=number)
        round_obj = services.round_start(round_id=round_obj.pk, by=_user(request))
        return Response(RoundSummaryOutputSerializer(round_obj).data)


class RoundPauseApi(APIView):
    """Pause the round clock (organisers)."""

    permission_classes = ORGANISER

    @extend_schema(request=None, responses={200: RoundSummaryOutputSerializer, **ERRORS})
    def post(self, request: Request, event_id: int, number: int) -> Response:
        round_obj = api_selectors.round_get(event_id=event_id, number=number)
        round_obj = services.round_pause(round_id=round_obj.pk, by=_user(request))
        return Response(RoundSummaryOutputSerializer(round_obj).data)


class RoundResumeApi(APIView):
    """Resume a paused round clock (organisers)."""

    permission_classes = ORGANISER

    @extend_schema(request=None, responses={200: RoundSummaryOutputSerializer, **ERRORS})
    def post(self, request: Request, event_id: int, number: int) -> Response:
        round_obj = api_selectors.round_get(event_id=event_id, number=number)
        round_obj = services.round_resume(round_id=round_obj.pk, by=_user(request))
        return Response(RoundSummaryOutputSerializer(round_obj).data)


class RoundExtendApi(APIView):
    """Give the whole round more time (organisers; one table: the judges' extension)."""

    permission_classes = ORGANISER

    class RoundExtendInputSerializer(serializers.Serializer[dict[str, Any]]):
        minutes = serializers.IntegerField(min_value=-1000, max_value=1000)

    @extend_schema(
        request=RoundExtendInputSerializer, responses={200: RoundSummaryOutputSerializer, **ERRORS}
    )
    def post(self, request: Request, event_id: int, number: int) -> Response:
        serializer = self.RoundExtendInputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        round_obj = api_selectors.round_get(event_id=event_id, number=number)
        round_obj = services.round_extend(
            round_id=round_obj.pk, by=_user(request), minutes=serializer.validated_data["minutes"]
        )
        return Response(RoundSummaryOutputSerializer(round_obj).data)


class RoundCompleteApi(APIView):
    """Close the round (organisers); 409 with ``tables`` while results are missing."""

    permission_classes = ORGANISER

    @extend_schema(request=None, responses={200: RoundOutputSerializer, **ERRORS})
    def post(self, request: Request, event_id: int, number: int) -> Response:
        round_obj = api_selectors.round_get(event_id=event_id, number=number)
        round_obj = services.round_complete(round_id=round_obj.pk, by=_user(request))
        return _round_response(round_obj)


class TopCutApi(APIView):
    """Cut to the top N after the last Swiss round and pair the bracket (organisers)."""

    permission_classes = ORGANISER

    class TopCutInputSerializer(serializers.Serializer[dict[str, Any]]):
        size = serializers.IntegerField(
            required=False, min_value=2, max_value=1000, help_text="Default: the event's top cut."
        )

    @extend_schema(request=TopCutInputSerializer, responses={201: RoundOutputSerializer, **ERRORS})
    def post(self, request: Request, event_id: int) -> Response:
        serializer = self.TopCutInputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        round_obj = services.topcut_start(
            event_id=event_id, by=_user(request), size=serializer.validated_data.get("size")
        )
        return _round_response(round_obj, status=201)


class TiebreakOutputSerializer(serializers.Serializer[dict[str, Any]]):
    key = serializers.CharField()
    value = serializers.CharField(help_text="As shown (a percentage for most tiebreaks).")
    exact = serializers.CharField(help_text="The exact fraction.")
    explanation = serializers.DictField(help_text="code, en, ja, fields")


class StandingRowOutputSerializer(serializers.Serializer[dict[str, Any]]):
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


class StandingsOutputSerializer(serializers.Serializer[dict[str, Any]]):
    round = serializers.IntegerField(allow_null=True, help_text="The round the standings follow.")
    round_status = serializers.CharField(allow_null=True)
    revision = serializers.IntegerField(allow_null=True)
    standings = StandingRowOutputSerializer(many=True)


class StandingsApi(APIView):
    """The standings of the latest published snapshot, every tiebreak with its explanation.
    ETag / If-None-Match → 304."""

    permission_classes = [AllowAny]

    @extend_schema(
        responses={200: StandingsOutputSerializer, 304: OpenApiResponse(description="unchanged")}
    )
    def get(self, request: Request, event_id: int) -> Response:
        api_selectors.event_get_visible(event_id=event_id, user=request.user)
        latest = api_selectors.latest_snapshot(event_id=event_id)
        if latest is None:
            data: dict[str, Any] = {
                "round": None, "round_status": None, "revision": None, "standings": []
            }  # fmt: skip
            return Response(StandingsOutputSerializer(data).data)
        round_obj, snapshot = latest
        etag = _etag("standings", round_obj.pk, snapshot.revision)
        headers = {"ETag": etag, "Cache-Control": "no-cache"}
        if _not_modified(request, etag):
            return Response(status=304, headers=headers)
        data = {
            "round": round_obj.number,
            "round_status": round_obj.status,
            "revision": snapshot.revision,
            "standings": snapshot.standings,
        }
        return Response(StandingsOutputSerializer(data).data, headers=headers)


# --- exports ------------------------------------------------------------------------------------


class CsvRenderer(BaseRenderer):
    """Flat rows (a list of dicts) as CSV; an error object as one row. Cells that a spreadsheet
    would read as a formula get a leading apostrophe."""

    media_type = "text/csv"
    format = "csv"
    charset = "utf-8"

    @staticmethod
    def _cell(value: object) -> object:
        if isinstance(value, str) and value[:1] in ("=", "+", "-", "@", "\t", "\r"):
            return "'" + value
        return "" if value is None else value

    def render(
        self,
        data: Any,
        accepted_media_type: str | None = None,
        renderer_context: Mapping[str, Any] | None = None,
    ) -> bytes:
        rows: list[dict[str, Any]] = (
            [data] if isinstance(data, dict) else list(data) if data is not None else []
        )
        columns: list[str] = []
        for row in rows:
            columns.extend(key for key in row if key not in columns)
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\r\n")
        writer.writerow(columns)
        for row in rows:
            writer.writerow([self._cell(row.get(column)) for column in columns])
        return out.getvalue().encode("utf-8")


class EventExportApi(APIView):
    """Organisers: players, pairings, results or standings as JSON (default) or CSV
    (``?format=csv`` or ``Accept: text/csv``)."""

    permission_classes = ORGANISER
    renderer_classes = [JSONRenderer, CsvRenderer]

    @extend_schema(
        parameters=[
            OpenApiParameter(
                "kind", str, OpenApiParameter.PATH, enum=list(api_selectors.EXPORT_KINDS)
            ),
            OpenApiParameter("format", str, OpenApiParameter.QUERY, enum=["json", "csv"]),
        ],
        responses={
            (200, "application/json"): {"type": "array", "items": {"type": "object"}},
            (200, "text/csv"): OpenApiTypes.STR,
        },
    )
    def get(self, request: Request, event_id: int, kind: str) -> Response:
        if kind not in api_selectors.EXPORT_KINDS:
            raise InvalidInputError(
                f"unknown export {kind!r}; use {', '.join(api_selectors.EXPORT_KINDS)}",
                field="kind",
            )
        rows = api_selectors.event_export(event_id=event_id, kind=kind)
        response = Response(list(rows))
        extension = "csv" if request.accepted_renderer.format == "csv" else "json"
        response["Content-Disposition"] = (
            f'attachment; filename="event-{event_id}-{kind}.{extension}"'
        )
        return response


# --- players ------------------------------------------------------------------------------------


class MyMatchOutputSerializer(serializers.Serializer[dict[str, Any]]):
    round = serializers.IntegerField()
    match = serializers.IntegerField()
    table = serializers.IntegerField()
    side = serializers.ChoiceField(choices=["a", "b"])
    bye = serializers.BooleanField()
    me = MatchPlayerOutputSerializer()
    opponent = MatchPlayerOutputSerializer(allow_null=True)
    state = serializers.CharField()
    extra_minutes = serializers.IntegerField()
    reports = ReportOutputSerializer(many=True, help_text="Reports that still count.")


class MyMatchApi(APIView):
    """The logged-in player's table and opponent in a round."""

    permission_classes = [IsAuthenticated]

    @extend_schema(responses=MyMatchOutputSerializer)
    def get(self, request: Request, event_id: int, number: int) -> Response:
        round_obj = api_selectors.round_get(event_id=event_id, number=number)
        match = api_selectors.match_for_player(round_obj=round_obj, user=request.user)
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
            "reports": api_selectors.live_reports(match),
        }
        return Response(MyMatchOutputSerializer(data).data)


class ResultReportApi(APIView):
    """A player reports their own match (201). Equal reports from both players confirm it.
    Send an ``Idempotency-Key`` header to retry safely."""

    permission_classes = [IsAuthenticated]

    class ResultReportInputSerializer(serializers.Serializer[dict[str, Any]]):
        wins_a = serializers.IntegerField(required=False, default=0, min_value=0, max_value=99)
        wins_b = serializers.IntegerField(required=False, default=0, min_value=0, max_value=99)
        draws = serializers.IntegerField(required=False, default=0, min_value=0, max_value=99)
        intentional_draw = serializers.BooleanField(required=False, default=False)
        concede = serializers.BooleanField(
            required=False, default=False, help_text="I concede: the score is filled in for me."
        )

    @extend_schema(
        request=ResultReportInputSerializer,
        parameters=[IDEMPOTENCY_HEADER],
        responses={201: ResultOutputSerializer, **ERRORS},
    )
    def post(self, request: Request, event_id: int, match_id: int) -> Response:
        serializer = self.ResultReportInputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        key = _idempotency_key(request)
        api_selectors.match_get(event_id=event_id, match_id=match_id)
        outcome = services.result_report(
            match_id=match_id, user=_user(request), idempotency_key=key, **serializer.validated_data
        )
        return _result_response(outcome)


class ResultConfirmApi(APIView):
    """The opponent agrees with the pending report (201)."""

    permission_classes = [IsAuthenticated]

    @extend_schema(
        request=None,
        parameters=[IDEMPOTENCY_HEADER],
        responses={201: ResultOutputSerializer, **ERRORS},
    )
    def post(self, request: Request, event_id: int, match_id: int) -> Response:
        key = _idempotency_key(request)
        api_selectors.match_get(event_id=event_id, match_id=match_id)
        outcome = services.result_confirm(
            match_id=match_id, user=_user(request), idempotency_key=key
        )
        return _result_response(outcome)


# --- judges and scorekeepers --------------------------------------------------------------------


class QueueEntryOutputSerializer(MatchOutputSerializer):
    state = serializers.CharField(help_text="disputed, pending (one side reported) or missing")
    reports = serializers.SerializerMethodField()

    class Meta(MatchOutputSerializer.Meta):
        fields = [*MatchOutputSerializer.Meta.fields, "state", "reports"]

    @extend_schema_field(ReportOutputSerializer(many=True))
    def get_reports(self, obj: Match) -> Any:
        return ReportOutputSerializer(api_selectors.live_reports(obj), many=True).data


class RoundQueueApi(APIView):
    """Staff: the round's tables without a confirmed result (disputed first in the data's
    ``state``), sorted by table."""

    permission_classes = STAFF

    @extend_schema(responses=QueueEntryOutputSerializer(many=True))
    def get(self, request: Request, event_id: int, number: int) -> Response:
        round_obj = api_selectors.round_get(event_id=event_id, number=number)
        queue = api_selectors.round_queue(round_obj=round_obj)
        return Response(QueueEntryOutputSerializer(queue, many=True).data)


class RoundProgressApi(APIView):
    """Staff: the reported counter ("reported 412 / 500")."""

    permission_classes = STAFF

    class RoundProgressOutputSerializer(serializers.Serializer[dict[str, Any]]):
        round = serializers.IntegerField()
        status = serializers.CharField()
        total = serializers.IntegerField(help_text="Tables that need a result (byes excluded).")
        reported = serializers.IntegerField(help_text="Tables with a confirmed result.")
        pending = serializers.IntegerField()
        disputed = serializers.IntegerField()
        missing = serializers.IntegerField()
        byes = serializers.IntegerField()
        text = serializers.CharField()

    @extend_schema(responses=RoundProgressOutputSerializer)
    def get(self, request: Request, event_id: int, number: int) -> Response:
        round_obj = api_selectors.round_get(event_id=event_id, number=number)
        progress = api_selectors.round_progress(round_obj=round_obj)
        return Response(self.RoundProgressOutputSerializer(progress).data)


class JudgeResultApi(APIView):
    """Staff enter or override a match result; it is confirmed at once (201). Overriding a
    confirmed result needs a reason."""

    permission_classes = STAFF

    class JudgeResultInputSerializer(serializers.Serializer[dict[str, Any]]):
        wins_a = serializers.IntegerField(required=False, default=0, min_value=0, max_value=99)
        wins_b = serializers.IntegerField(required=False, default=0, min_value=0, max_value=99)
        draws = serializers.IntegerField(required=False, default=0, min_value=0, max_value=99)
        double_loss = serializers.BooleanField(required=False, default=False)
        intentional_draw = serializers.BooleanField(required=False, default=False)
        reason = serializers.CharField(
            required=False, default="", allow_blank=True, max_length=1000
        )

    @extend_schema(
        request=JudgeResultInputSerializer,
        parameters=[IDEMPOTENCY_HEADER],
        responses={201: ResultOutputSerializer, **ERRORS},
    )
    def post(self, request: Request, event_id: int, match_id: int) -> Response:
        serializer = self.JudgeResultInputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        key = _idempotency_key(request)
        api_selectors.match_get(event_id=event_id, match_id=match_id)
        event = api_selectors.event_get_visible(event_id=event_id, user=request.user)
        if serializer.validated_data["double_loss"] and not scoring_for(event).double_loss:
            # The service stores a double loss the standings engine then refuses (a server
            # error at round completion): refuse it here while the event's scoring has none.
            raise InvalidInputError(
                "this event's scoring has no double losses", field="double_loss"
            )
        outcome = services.result_enter_by_judge(
            match_id=match_id,
            judge=_user(request),
            idempotency_key=key,
            **serializer.validated_data,
        )
        return _result_response(outcome)


class MatchExtendApi(APIView):
    """Staff: extra minutes for one table, with a reason."""

    permission_classes = STAFF

    class MatchExtendInputSerializer(serializers.Serializer[dict[str, Any]]):
        minutes = serializers.IntegerField(min_value=-1000, max_value=1000)
        reason = serializers.CharField(allow_blank=True, max_length=1000)

    @extend_schema(
        request=MatchExtendInputSerializer, responses={200: MatchOutputSerializer, **ERRORS}
    )
    def post(self, request: Request, event_id: int, match_id: int) -> Response:
        serializer = self.MatchExtendInputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        api_selectors.match_get(event_id=event_id, match_id=match_id)
        match = services.match_extend_time(
            match_id=match_id, judge=_user(request), **serializer.validated_data
        )
        return Response(MatchOutputSerializer(match).data)


class PenaltyOutputSerializer(serializers.ModelSerializer[Penalty]):
    player = serializers.CharField(source="registration.display_name")
    round = serializers.IntegerField(source="round.number", default=None)
    judge = serializers.CharField(source="judge.username", default=None)

    class Meta:
        model = Penalty
        fields = [
            "id", "registration", "player", "round", "table", "infraction", "penalty", "note",
            "judge", "created_at",
        ]  # fmt: skip


class PenaltyListApi(APIView):
    """Staff: the event's penalties (newest first), and recording a new one."""

    permission_classes = STAFF

    class PenaltyInputSerializer(serializers.Serializer[dict[str, Any]]):
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

    @extend_schema(responses=PenaltyOutputSerializer(many=True))
    def get(self, request: Request, event_id: int) -> Response:
        penalties = api_selectors.event_penalties(event_id=event_id)
        return Response(PenaltyOutputSerializer(penalties, many=True).data)

    @extend_schema(
        request=PenaltyInputSerializer, responses={201: PenaltyOutputSerializer, **ERRORS}
    )
    def post(self, request: Request, event_id: int) -> Response:
        serializer = self.PenaltyInputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        registration = api_selectors.registration_get(
            event_id=event_id, registration_id=data["registration"]
        )
        round_id = api_selectors.round_id_for_number(event_id=event_id, number=data.get("round"))
        penalty = services.penalty_record(
            registration_id=registration.pk,
            judge=_user(request),
            infraction=data["infraction"],
            penalty=data["penalty"],
            round_id=round_id,
            table=data.get("table"),
            note=data["note"],
        )
        return Response(PenaltyOutputSerializer(penalty).data, status=201)
