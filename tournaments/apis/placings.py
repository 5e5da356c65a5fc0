"""Final placings of a finished event: public, like the standings."""

from __future__ import annotations

from typing import Any

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from core.api import error_responses
from tournaments.selectors.events import event_get_visible
from tournaments.selectors.placings import placing_rows


class PlacingOutputSerializer(serializers.Serializer[dict[str, object]]):
    placing = serializers.CharField(help_text="1, 2, 3-4, 5-8 … then one place each")
    first = serializers.IntegerField()
    last = serializers.IntegerField()
    name = serializers.CharField()
    registration = serializers.IntegerField()
    top_cut = serializers.BooleanField()
    points = serializers.IntegerField()
    record = serializers.CharField(help_text="wins-losses-draws in the Swiss rounds")


class PlacingsApi(APIView):
    """The final placings, best first; an empty list until the event is finished."""

    permission_classes = [AllowAny]

    @extend_schema(responses={200: PlacingOutputSerializer(many=True), **error_responses(404)})
    def get(self, request: Request, event_id: int) -> Response:
        event = event_get_visible(event_id=event_id, user=request.user)
        rows: Any = placing_rows(event)
        return Response(PlacingOutputSerializer(rows, many=True).data)
