"""Exports of an event as JSON or CSV."""

from __future__ import annotations

import csv
import io
from collections.abc import Mapping
from typing import Any

from django.utils.translation import gettext as _
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import (
    OpenApiParameter,
    extend_schema,
)
from rest_framework.renderers import BaseRenderer, JSONRenderer
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from core.api import error_responses
from core.errors import InvalidInputError
from tournaments.apis.common import (
    ORGANISER,
)
from tournaments.selectors.exports import EXPORT_KINDS, event_export
from tournaments.services.snapshots import event_snapshot_catch_up


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
        renderer_context: Mapping[str, object] | None = None,
    ) -> bytes:
        rows: list[Mapping[str, object]] = (
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
            OpenApiParameter("kind", str, OpenApiParameter.PATH, enum=list(EXPORT_KINDS)),
            OpenApiParameter("format", str, OpenApiParameter.QUERY, enum=["json", "csv"]),
        ],
        responses={
            (200, "application/json"): {"type": "array", "items": {"type": "object"}},
            (200, "text/csv"): OpenApiTypes.STR,
            **error_responses(400, 403, 404),
        },
    )
    def get(self, request: Request, event_id: int, kind: str) -> Response:
        if kind not in EXPORT_KINDS:
            raise InvalidInputError(
                _("unknown export %(kind)r; use %(names)s")
                % {"kind": kind, "names": ", ".join(EXPORT_KINDS)},
                field="kind",
            )
        if kind == "standings":
            event_snapshot_catch_up(event_id=event_id)
        rows = event_export(event_id=event_id, kind=kind, user=request.user)
        response = Response(list(rows))
        extension = "csv" if request.accepted_renderer.format == "csv" else "json"
        response["Content-Disposition"] = (
            f'attachment; filename="event-{event_id}-{kind}.{extension}"'
        )
        return response
