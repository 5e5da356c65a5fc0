"""Registrations: self-registration, organiser adds and imports, check-in, drop and undrop."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING

from django.urls import reverse
from drf_spectacular.utils import (
    OpenApiResponse,
    extend_schema,
)
from rest_framework import serializers
from rest_framework.parsers import FormParser, MultiPartParser
from rest_framework.permissions import AllowAny, IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from core.api import ERRORS, error_responses, validated
from tournaments import services
from tournaments.apis.common import (
    ORGANISER,
    SCOREKEEPER,
    RegistrationPublicOutputSerializer,
    RegistrationStaffOutputSerializer,
    request_user,
)
from tournaments.models import PlayerImport
from tournaments.permissions import event_get_for_scorekeeper, is_event_staff
from tournaments.selectors.events import event_get_visible
from tournaments.selectors.imports import ImportState, player_import_get_for_organiser
from tournaments.selectors.registrations import (
    event_registrations,
    event_registrations_public,
    registration_get,
)
from tournaments.services.registration import MAX_IMPORT_BYTES

if TYPE_CHECKING:
    from rest_framework.permissions import _SupportsHasPermission


class RegistrationListApi(APIView):
    """GET: the players (staff see e-mails and player ids; the public names and status only).
    POST: register myself."""

    permission_classes = [IsAuthenticated]

    def get_permissions(self) -> Sequence[_SupportsHasPermission]:
        return [AllowAny()] if self.request.method == "GET" else super().get_permissions()

    class RegistrationSelfInputSerializer(serializers.Serializer[Mapping[str, object]]):
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
            ),
            **error_responses(404),
        }
    )
    def get(self, request: Request, event_id: int) -> Response:
        event = event_get_visible(event_id=event_id, user=request.user)
        if is_event_staff(user=request.user, event_id=event.pk):
            staff_view = event_registrations(event_id=event.pk, user=request.user)
            return Response(RegistrationStaffOutputSerializer(staff_view, many=True).data)
        public = event_registrations_public(event_id=event.pk)
        return Response(RegistrationPublicOutputSerializer(public, many=True).data)

    @extend_schema(
        request=RegistrationSelfInputSerializer,
        responses={201: RegistrationPublicOutputSerializer, **ERRORS},
    )
    def post(self, request: Request, event_id: int) -> Response:
        data = validated(self.RegistrationSelfInputSerializer, request.data)
        user = request_user(request)
        event = event_get_visible(event_id=event_id, user=user)
        name = data.get("display_name") or (user.get_full_name() or user.get_username())
        registration = services.registration_create(
            event=event,
            user=user,
            by=user,
            display_name=name,
            player_id=data.get("player_id", ""),
            email=user.email,
        )
        return Response(RegistrationPublicOutputSerializer(registration).data, status=201)


class RegistrationAddApi(APIView):
    """Scorekeepers and organisers add a player without an account (after round 1: a late
    entry)."""

    permission_classes = SCOREKEEPER

    class RegistrationAddInputSerializer(serializers.Serializer[Mapping[str, object]]):
        display_name = serializers.CharField(max_length=200)
        player_id = serializers.CharField(required=False, allow_blank=True, max_length=40)
        email = serializers.EmailField(required=False, allow_blank=True)

    @extend_schema(
        request=RegistrationAddInputSerializer,
        responses={201: RegistrationStaffOutputSerializer, **ERRORS},
    )
    def post(self, request: Request, event_id: int) -> Response:
        data = validated(self.RegistrationAddInputSerializer, request.data)
        registration = services.registration_create(
            event=event_get_for_scorekeeper(user=request.user, event_id=event_id),
            user=None,
            by=request_user(request),
            display_name=data["display_name"],
            player_id=data.get("player_id", ""),
            email=data.get("email", ""),
        )
        return Response(RegistrationStaffOutputSerializer(registration).data, status=201)


class PlayerImportOutputSerializer(serializers.Serializer[ImportState]):
    """Where an import stands. ``status``: queued, running, done or failed; ``done``: players
    entered so far (of ``lines``); ``created``: players entered (once done); ``problems``: why it
    failed, each naming its line (nothing is entered while any line is bad)."""

    id = serializers.IntegerField(source="job.pk")
    url = serializers.SerializerMethodField()
    status = serializers.CharField(source="job.status")
    lines = serializers.IntegerField(source="job.lines")
    done = serializers.IntegerField()
    created = serializers.IntegerField(source="job.created")
    problems = serializers.ListField(child=serializers.CharField(), source="job.problems")
    error = serializers.CharField(source="job.error")
    created_at = serializers.DateTimeField(source="job.created_at")
    finished_at = serializers.DateTimeField(source="job.finished_at", allow_null=True)

    def get_url(self, state: ImportState) -> str:
        return player_import_url(state.job)


def player_import_url(job: PlayerImport) -> str:
    return reverse("api-player-import", args=[job.event_id, job.pk])


class RegistrationImportApi(APIView):
    """Import players from a CSV file (``name,player_id,email``, at most 20,000 players): every
    line or none. The file is imported by a background job: the answer is 202 with the job's
    ``url`` (also in ``Location``), which tells its progress and, at the end, the players
    entered or the problems, each naming its line. One import at a time per person: another
    while one runs is 409 ``import_running``."""

    permission_classes = ORGANISER
    parser_classes = [MultiPartParser, FormParser]

    class RegistrationImportInputSerializer(serializers.Serializer[Mapping[str, object]]):
        file = serializers.FileField(help_text="UTF-8 CSV with header name,player_id,email")

    @extend_schema(
        request={"multipart/form-data": RegistrationImportInputSerializer},
        responses={202: PlayerImportOutputSerializer, **ERRORS},
    )
    def post(self, request: Request, event_id: int) -> Response:
        upload = validated(self.RegistrationImportInputSerializer, request.data)["file"]
        job = services.player_import_request(
            event_id=event_id, by=request_user(request), data=upload.read(MAX_IMPORT_BYTES + 1)
        )
        state = ImportState(job=job, done=0)
        return Response(
            PlayerImportOutputSerializer(state).data,
            status=202,
            headers={"Location": player_import_url(job)},
        )


class PlayerImportDetailApi(APIView):
    """Where an import stands (poll it until ``status`` is done or failed)."""

    permission_classes = ORGANISER

    @extend_schema(responses={200: PlayerImportOutputSerializer, **ERRORS})
    def get(self, request: Request, event_id: int, import_id: int) -> Response:
        state = player_import_get_for_organiser(
            user=request.user, event_id=event_id, import_id=import_id
        )
        return Response(PlayerImportOutputSerializer(state).data)


class RegistrationCheckInApi(APIView):
    permission_classes = SCOREKEEPER

    @extend_schema(request=None, responses={200: RegistrationStaffOutputSerializer, **ERRORS})
    def post(self, request: Request, event_id: int, registration_id: int) -> Response:
        registration_get(event_id=event_id, registration_id=registration_id)
        registration = services.registration_check_in(
            registration_id=registration_id, by=request_user(request)
        )
        return Response(RegistrationStaffOutputSerializer(registration).data)


class RegistrationDropApi(APIView):
    """Drop a player: the player themself, or a scorekeeper or organiser of the event."""

    permission_classes = [IsAuthenticated]

    class RegistrationDropInputSerializer(serializers.Serializer[Mapping[str, object]]):
        reason = serializers.CharField(required=False, allow_blank=True, max_length=1000)

    @extend_schema(
        request=RegistrationDropInputSerializer,
        responses={200: RegistrationPublicOutputSerializer, **ERRORS},
    )
    def post(self, request: Request, event_id: int, registration_id: int) -> Response:
        data = validated(self.RegistrationDropInputSerializer, request.data)
        registration_get(event_id=event_id, registration_id=registration_id)
        registration = services.registration_drop(
            registration_id=registration_id,
            by=request_user(request),
            reason=data.get("reason", ""),
        )
        return Response(RegistrationPublicOutputSerializer(registration).data)


class RegistrationUndropApi(APIView):
    permission_classes = SCOREKEEPER

    class RegistrationUndropInputSerializer(serializers.Serializer[Mapping[str, object]]):
        reason = serializers.CharField(allow_blank=True, max_length=1000)

    @extend_schema(
        request=RegistrationUndropInputSerializer,
        responses={200: RegistrationStaffOutputSerializer, **ERRORS},
    )
    def post(self, request: Request, event_id: int, registration_id: int) -> Response:
        data = validated(self.RegistrationUndropInputSerializer, request.data)
        registration_get(event_id=event_id, registration_id=registration_id)
        registration = services.registration_undrop(
            registration_id=registration_id,
            by=request_user(request),
            reason=data["reason"],
        )
        return Response(RegistrationStaffOutputSerializer(registration).data)
