"""Decklists of an event: a registration's current list and its versions, submitting a new
version, a judge's deck check, and the organiser's re-check of every list.

The decklist input (text, a JSON list or a file) is the card pool's, shared with the stateless
check (``cardpool.apis``).
"""

from __future__ import annotations

from collections.abc import Mapping

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.permissions import IsAuthenticated, IsAuthenticatedOrReadOnly
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from cardpool.apis import DecklistInputSerializer
from core.api import ERRORS, error_responses
from tournaments import services
from tournaments.apis.common import ORGANISER, request_user
from tournaments.models import DecklistRecheck, DecklistVersion
from tournaments.selectors.decklists import (
    deck_check_for_judge,
    decklist_current_for_viewer,
    decklist_recheck_get,
    decklist_rechecks_recent,
    decklist_versions,
)


class DecklistVersionSerializer(serializers.ModelSerializer[DecklistVersion]):
    registration = serializers.IntegerField(source="decklist.registration_id")

    class Meta:
        model = DecklistVersion
        fields = [
            "registration", "version", "submitted_at", "source_format", "source_text", "cards",
            "legal", "report",
        ]  # fmt: skip


class DecklistApi(APIView):
    """The current decklist of a registration: read it, or submit a new version."""

    permission_classes = [IsAuthenticatedOrReadOnly]

    @extend_schema(responses={200: DecklistVersionSerializer, **error_responses(403, 404)})
    def get(self, request: Request, registration_id: int) -> Response:
        version = decklist_current_for_viewer(registration_id=registration_id, user=request.user)
        return Response(DecklistVersionSerializer(version).data)

    @extend_schema(
        request=DecklistInputSerializer, responses={201: DecklistVersionSerializer, **ERRORS}
    )
    def post(self, request: Request, registration_id: int) -> Response:
        serializer = DecklistInputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        version = services.decklist_submit(
            registration_id=registration_id,
            submitted_by=request_user(request),
            data=data["data"],
            fmt=data["format"],
        )
        return Response(DecklistVersionSerializer(version).data, status=201)


class DecklistVersionListApi(APIView):
    permission_classes = [IsAuthenticated]

    @extend_schema(
        responses={200: DecklistVersionSerializer(many=True), **error_responses(403, 404)}
    )
    def get(self, request: Request, registration_id: int) -> Response:
        versions = decklist_versions(registration_id=registration_id, user=request.user)
        return Response(DecklistVersionSerializer(versions, many=True).data)


class DeckCheckApi(APIView):
    """A judge's deck check: the presented deck against the registered list."""

    permission_classes = [IsAuthenticated]

    class DeckCheckOutputSerializer(serializers.Serializer[Mapping[str, object]]):
        matches = serializers.BooleanField()
        registered_version = serializers.IntegerField()
        differences = serializers.ListField(child=serializers.DictField())
        presented_issues = serializers.ListField(child=serializers.DictField())

    @extend_schema(
        request=DecklistInputSerializer, responses={200: DeckCheckOutputSerializer, **ERRORS}
    )
    def post(self, request: Request, registration_id: int) -> Response:
        serializer = DecklistInputSerializer(data=request.data)
        serializer.is_valid(raise_exception=True)
        data = serializer.validated_data
        result = deck_check_for_judge(
            registration_id=registration_id,
            user=request.user,
            data=data["data"],
            fmt=data["format"],
        )
        return Response(result)


class DecklistRecheckApi(APIView):
    """Organisers: re-check every list of the event (runs as a task; poll its progress)."""

    permission_classes = ORGANISER

    class DecklistRecheckOutputSerializer(serializers.ModelSerializer[DecklistRecheck]):
        class Meta:
            model = DecklistRecheck
            fields = ["id", "event", "status", "total", "done", "illegal", "created_at"]

    @extend_schema(request=None, responses={202: DecklistRecheckOutputSerializer, **ERRORS})
    def post(self, request: Request, event_id: int) -> Response:
        recheck = services.decklist_recheck_start(
            event_id=event_id, requested_by=request_user(request)
        )
        recheck = decklist_recheck_get(recheck_id=recheck.pk)
        return Response(self.DecklistRecheckOutputSerializer(recheck).data, status=202)

    @extend_schema(
        responses={
            200: DecklistRecheckOutputSerializer(many=True),
            **error_responses(403, 404),
        }
    )
    def get(self, request: Request, event_id: int) -> Response:
        rechecks = decklist_rechecks_recent(event_id=event_id, user=request.user)
        return Response(self.DecklistRecheckOutputSerializer(rechecks, many=True).data)
