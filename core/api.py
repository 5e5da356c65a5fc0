"""The one DRF exception handler, and the one shape of every API error.

Every 4xx the API answers is a JSON object ``{"code", "detail", "field"}``:

- ``code``: a stable machine word. DRF's own (``required``, ``invalid``, ``max_value``,
  ``not_authenticated``, ``permission_denied``, ``not_found``, ``parse_error``,
  ``method_not_allowed``, ``unsupported_media_type``, ``throttled`` …) or a domain error's
  (``conflict``, ``round_not_complete``, ``illegal_decklist`` …).
- ``detail``: one sentence for people.
- ``field``: where, as a dotted path into the request (``scoring.win``, ``items.3.name``), or
  ``null`` when the error is about the request as a whole.

When a request has several validation errors, the first stands at the top level and ``errors``
lists all of them, the first included, in the same shape. Some domain errors add documented keys
(``problems``, ``tables``, ``report``, ``report_ja``); nothing else is ever added.
"""

from __future__ import annotations

import threading
from collections.abc import Iterator, Mapping
from typing import Any, TypedDict

from django.core.exceptions import PermissionDenied
from django.core.exceptions import ValidationError as DjangoValidationError
from django.db import InterfaceError, OperationalError
from django.http import Http404
from django.utils import translation
from drf_spectacular.utils import OpenApiResponse, extend_schema_serializer
from rest_framework import exceptions, serializers
from rest_framework.response import Response
from rest_framework.settings import api_settings
from rest_framework.views import exception_handler as drf_exception_handler
from rest_framework.views import set_rollback

from core.errors import DomainError

#: The keys Django and DRF use for errors about no single field.
NON_FIELD_KEYS = frozenset({api_settings.NON_FIELD_ERRORS_KEY, "__all__"})


class ErrorItem(TypedDict):
    """One error in the API's shape (``ErrorItemOutputSerializer``)."""

    code: str
    detail: str
    field: str | None


def error_item(code: str, detail: str, field: str | None = None) -> ErrorItem:
    """One error in the API's shape; an empty ``field`` is ``null``."""
    return {"code": code, "detail": detail, "field": field or None}


def error_body(items: list[ErrorItem]) -> dict[str, object]:
    """The first error at the top level; with several, ``errors`` lists them all."""
    if not items:
        items = [error_item("invalid", "Invalid input.")]
    body: dict[str, object] = dict(items[0])
    if len(items) > 1:
        body["errors"] = items
    return body


def _items(detail: object, path: tuple[str, ...] = ()) -> Iterator[ErrorItem]:
    """Walk DRF's error detail (strings that carry a code, in lists and dicts nested like the
    input) and yield one error for each message, its field a dotted path."""
    if isinstance(detail, dict):
        for key, value in detail.items():
            name = str(key)
            yield from _items(value, path if name in NON_FIELD_KEYS else (*path, name))
    elif isinstance(detail, list):
        for index, value in enumerate(detail):
            # A list of messages is about one field; a list of dicts is a list of objects.
            yield from _items(value, path if isinstance(value, str) else (*path, str(index)))
    else:
        code = getattr(detail, "code", None) or "invalid"
        yield error_item(str(code), str(detail), ".".join(path))


_checkers = threading.local()


def validated(
    serializer_class: type[serializers.Serializer[Mapping[str, object]]], data: object
) -> dict[str, Any]:
    """The input checked by ``serializer_class``; a ValidationError (400) when it is not valid,
    its detail as ``is_valid`` gives it.

    One instance of each input serializer per thread and language checks every request's input
    (so that a report stays cheap): a new one deep-copied its fields each time, which cost four
    times the check itself. Checking keeps nothing on the serializer (``run_validation`` returns
    the values or raises; ``is_valid`` is what stores them), so the next request finds it as it
    was; a field's limit messages are worded once, in the language of the requests it checks.
    Only for input serializers that take no context, instance or partial update."""
    cache: dict[
        tuple[type[serializers.Serializer[Mapping[str, object]]], str],
        serializers.Serializer[Mapping[str, object]],
    ]
    cache = _checkers.__dict__.setdefault("serializers", {})
    key = (serializer_class, translation.get_language() or "")
    checker = cache.get(key)
    if checker is None:
        checker = cache[key] = serializer_class()
    try:
        return dict(checker.run_validation(data))
    except exceptions.ValidationError as refusal:
        detail = refusal.detail
        if (
            isinstance(detail, list)
            and len(detail) == 1
            and getattr(detail[0], "code", "") == "null"
        ):
            # as ``Serializer.errors`` words a body that is null
            nothing = exceptions.ErrorDetail("No data provided", code="null")
            raise exceptions.ValidationError(
                {api_settings.NON_FIELD_ERRORS_KEY: [nothing]}
            ) from None
        raise


#: The ``WWW-Authenticate`` challenge of the API's tokens (``core.tokens``).
API_CHALLENGE = 'Token realm="api"'

#: Seconds a client waits before retrying while the database is unreachable.
DATABASE_RETRY_AFTER = 5


def exception_handler(exc: Exception, context: dict[str, object]) -> Response | None:
    if isinstance(exc, (OperationalError, InterfaceError)):
        # The database went away (a failover, a terminated connection): a JSON
        # 503 that says when to retry, never a 500 page; the transaction, if any, is rolled back.
        set_rollback()
        body = error_body(
            [error_item("database_unavailable", "the database is unreachable; retry shortly")]
        )
        return Response(body, status=503, headers={"Retry-After": str(DATABASE_RETRY_AFTER)})
    if isinstance(exc, DomainError):
        retry_after = getattr(exc, "retry_after", None)
        headers = {"Retry-After": str(retry_after)} if retry_after else None
        return Response(exc.as_dict(), status=exc.status_code, headers=headers)
    if isinstance(exc, DjangoValidationError):
        exc = exceptions.ValidationError(serializers.as_serializer_error(exc))
    elif isinstance(exc, Http404):
        exc = exceptions.NotFound(*exc.args)
    elif isinstance(exc, PermissionDenied):
        exc = exceptions.PermissionDenied(*exc.args)
    elif isinstance(exc, exceptions.AuthenticationFailed):
        # Only the token can fail to authenticate (a session is there or not). DRF words the
        # refusal by the first authenticator, the session's, which has no challenge, and so
        # turns it into a 403; a client holding an expired or revoked token must learn that
        # its credentials are the problem: 401 with the token's challenge.
        exc.status_code = 401
        exc.auth_header = API_CHALLENGE  # type: ignore[attr-defined]  # read by DRF's handler
    # DRF's handler sets the headers (WWW-Authenticate, Retry-After) and rolls back.
    response = drf_exception_handler(exc, context)
    if response is None or not isinstance(exc, exceptions.APIException):
        return response
    response.data = error_body(list(_items(exc.detail)))
    return response


# --- the OpenAPI description --------------------------------------------------------------------


@extend_schema_serializer(component_name="ErrorItem")
class ErrorItemOutputSerializer(serializers.Serializer[Mapping[str, object]]):
    code = serializers.CharField(help_text="A stable machine word: `required`, `not_found` …")
    detail = serializers.CharField(help_text="What is wrong, for people.")
    field = serializers.CharField(
        allow_null=True,
        help_text="Where: a dotted path into the request (`scoring.win`, `items.3.name`); "
        "null when the error is about the whole request.",
    )


@extend_schema_serializer(component_name="Error")
class ErrorOutputSerializer(ErrorItemOutputSerializer):
    """The shape of every API error. With several validation errors, the first stands at the
    top level and `errors` lists all of them. Some errors add the keys documented here."""

    problems = serializers.ListField(
        child=serializers.CharField(),
        required=False,
        help_text="A CSV import refused: every line's problem.",
    )
    tables = serializers.ListField(
        child=serializers.IntegerField(),
        required=False,
        help_text="A round that cannot complete: the tables still without a result.",
    )
    report = serializers.DictField(
        required=False, help_text="An illegal decklist: its legality report in English."
    )
    report_ja = serializers.DictField(
        required=False, help_text="An illegal decklist: its legality report in Japanese."
    )

    def get_fields(self) -> dict[str, serializers.Field[Any, Any, Any, Any]]:
        # Declared as a class attribute, "errors" would shadow Serializer.errors.
        fields = super().get_fields()
        fields["errors"] = ErrorItemOutputSerializer(
            many=True,
            required=False,
            help_text="Present when there are several errors: all of them, the first included.",
        )
        return fields


ERROR_DESCRIPTIONS = {
    400: "Bad input: names the field (several errors: all of them under `errors`).",
    403: "Not logged in, or not allowed for this person.",
    404: "No such object (or not visible to this person).",
    409: "The object's state forbids it now.",
    429: "Too many attempts; try again later.",
}


def error_responses(*statuses: int) -> dict[int, OpenApiResponse]:
    """The OpenAPI responses for these error statuses, each an ``Error``."""
    return {
        status: OpenApiResponse(ErrorOutputSerializer, description=ERROR_DESCRIPTIONS[status])
        for status in statuses
    }


#: The refusals a write may answer.
ERRORS = error_responses(400, 403, 404, 409)
