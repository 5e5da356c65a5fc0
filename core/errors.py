"""The project's domain error hierarchy.

Services raise these and never build responses. Two places turn them into one: for the API, the
DRF exception handler (``core.api``), as JSON; for pages, the middleware
(``core.middleware.DomainErrorMiddleware``), as the error page. Every error names what is wrong
and, through ``field``, where.
"""

from __future__ import annotations

from collections.abc import Mapping

from django.utils.translation import gettext as _


class DomainError(Exception):
    """A request that cannot be carried out as asked. Maps to HTTP 400 unless said otherwise."""

    status_code = 400
    code = "invalid"

    def __init__(
        self,
        message: str,
        *,
        field: str | None = None,
        code: str | None = None,
        extra: Mapping[str, object] | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.field = field
        if code is not None:
            self.code = code
        self.extra = dict(extra or {})

    def as_dict(self) -> dict[str, object]:
        """The API's error shape (``core.api``): code, detail, field (``None`` when the error is
        about no one field), then the documented extras."""
        return {"code": self.code, "detail": self.message, "field": self.field or None} | self.extra


class InvalidInputError(DomainError):
    """Input that does not meet the rules (400)."""


class PermissionDeniedError(DomainError):
    """The person may not do this on this object (403)."""

    status_code = 403
    code = "permission_denied"


class NotFoundError(DomainError):
    """No such object, or not visible to this person (404)."""

    status_code = 404
    code = "not_found"


class ConflictError(DomainError):
    """The object's state forbids this now (409): e.g. a round already paired."""

    status_code = 409
    code = "conflict"


class IdempotencyKeyReusedError(DomainError):
    """An idempotency key sent again with a different request (422): nothing is stored."""

    status_code = 422
    code = "idempotency_key_reused"


class RateLimitedError(DomainError):
    """Too many attempts (429); ``retry_after`` seconds, when known, become ``Retry-After``."""

    status_code = 429
    code = "rate_limited"

    def __init__(self, message: str, *, retry_after: int | None = None, **kwargs: object) -> None:
        super().__init__(message, **kwargs)  # type: ignore[arg-type]  # DomainError's keywords
        self.retry_after = retry_after


def _size(limit: int) -> str:
    return f"{limit // (1024 * 1024)} MB" if limit % (1024 * 1024) == 0 else f"{limit // 1024} KB"


def utf8_text(data: bytes, *, max_bytes: int, what: str, field: str) -> str:
    """Uploaded bytes as text: an InvalidInputError on ``field`` when ``what`` (``"the
    file"``) is larger than ``max_bytes`` or not UTF-8, naming the first bad byte."""
    if len(data) > max_bytes:
        raise InvalidInputError(
            _("%(what)s is larger than %(value)s") % {"what": what, "value": _size(max_bytes)},
            field=field,
        )
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise InvalidInputError(
            _("%(what)s is not UTF-8 text (byte %(start)s)") % {"what": what, "start": exc.start},
            field=field,
        ) from exc


def validate_model(instance: object, **options: object) -> None:
    """Run Django's ``full_clean`` and report its first problem as an InvalidInputError that
    names the field (so a bad e-mail is a 400 everywhere, never a 500)."""
    from django.core.exceptions import ValidationError

    try:
        instance.full_clean(**options)  # type: ignore[attr-defined]  # any model instance
    except ValidationError as error:
        fields = error.message_dict if hasattr(error, "error_dict") else {"": error.messages}
        field, messages = next(iter(fields.items()))
        label = field if field and field != "__all__" else None
        text = "; ".join(str(message) for message in messages)
        message = _("%(field)s: %(value)s") % {"field": label, "value": text} if label else text
        raise InvalidInputError(message, field=label) from error
