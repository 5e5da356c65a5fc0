"""The REST API root."""

from __future__ import annotations

from drf_spectacular.utils import extend_schema
from rest_framework import serializers
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.reverse import reverse
from rest_framework.views import APIView


class ApiRootApi(APIView):
    """Links to the API's sections, its schema and its documentation."""

    permission_classes = [AllowAny]

    class ApiRootOutputSerializer(serializers.Serializer[dict[str, str]]):
        version = serializers.CharField()
        schema = serializers.URLField()
        docs = serializers.URLField()
        health = serializers.URLField()

    @extend_schema(responses=ApiRootOutputSerializer)
    def get(self, request: Request) -> Response:
        return Response(
            {
                "version": "v1",
                "schema": reverse("api-schema", request=request),
                "docs": reverse("api-docs", request=request),
                "health": reverse("healthz", request=request),
            }
        )
