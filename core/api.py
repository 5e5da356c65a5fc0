"""The one DRF exception handler: domain errors and validation errors become clear 4xx answers."""

from __future__ import annotations

from typing import Any

from django.core.exceptions import PermissionDenied
from django.core.exceptions import ValidationError as DjangoValidationError
from django.http import Http404
from rest_framework import status
from rest_framework.response import Response
from rest_framework.views import exception_handler as drf_exception_handler

from core.errors import DomainError


def exception_handler(exc: Exception, context: dict[str, Any]) -> Response | None:
    if isinstance(exc, DomainError):
        return Response(exc.as_dict(), status=exc.status_code)
    if isinstance(exc, DjangoValidationError):
        if hasattr(exc, "error_dict"):
            detail: object = exc.message_dict
        else:
            detail = exc.messages
        return Response({"code": "invalid", "detail": detail}, status=status.HTTP_400_BAD_REQUEST)
    if isinstance(exc, (PermissionDenied, Http404)):
        return drf_exception_handler(exc, context)
    return drf_exception_handler(exc, context)
