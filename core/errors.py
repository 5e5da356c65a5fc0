"""The project's domain error hierarchy.

Services raise these and never build responses. Two places turn them into one: for the API, the
DRF exception handler (``core.api``), as JSON; for pages, the middleware
(``core.middleware.DomainErrorMiddleware``), as the error page. Every error names what is wrong
and, through ``field``, where; the API gives ``field`` as it is (a client reads it), the page
gives it in words (``field_label``). An error may also carry ``fixes``: the pages or actions
that put it right (the table with no result, the check-in desk), which the error page links.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from django.utils.functional import Promise
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy


@dataclass(frozen=True)
class FixLink:
    """Where a refusal is put right: a page to open (``post`` False) or an action to take there
    and then (``post`` True: the error page shows a button that posts to ``url``)."""

    url: str
    label: str
    post: bool = False


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
        fixes: Sequence[FixLink] = (),
    ) -> None:
        super().__init__(message)
        self.message = message
        self.field = field
        if code is not None:
            self.code = code
        self.extra = dict(extra or {})
        self.fixes = tuple(fixes)

    def as_dict(self) -> dict[str, object]:
        """The API's error shape (``core.api``): code, detail, field (``None`` when the error is
        about no one field), then the documented extras."""
        return {"code": self.code, "detail": self.message, "field": self.field or None} | self.extra


#: The places an error names (``DomainError.field``) in the reader's words: the error page says
#: "Where: the round", never the internal name. A field not listed here is not shown as a place
#: (the message says what is wrong); an internal name is never shown.
FIELD_LABELS: Mapping[str, str | Promise] = {
    "event": gettext_lazy("the event"),
    "round": gettext_lazy("the round"),
    "match": gettext_lazy("the match"),
    "table": gettext_lazy("the table"),
    "tables": gettext_lazy("the tables"),
    "registration": gettext_lazy("the player's entry"),
    "registrations": gettext_lazy("the chosen players"),
    "registration_b": gettext_lazy("the second player"),
    "player": gettext_lazy("the player"),
    "player_id": gettext_lazy("the player ID"),
    "official_player_id": gettext_lazy("the player ID"),
    "user": gettext_lazy("the account"),
    "username": gettext_lazy("the user name"),
    "password": gettext_lazy("the password"),
    "who": gettext_lazy("the person"),
    "role": gettext_lazy("the role"),
    "invitation": gettext_lazy("the invitation"),
    "token": gettext_lazy("the code"),
    "code": gettext_lazy("the code"),
    "file": gettext_lazy("the file"),
    "record": gettext_lazy("the game record"),
    "records": gettext_lazy("the game records"),
    "path": gettext_lazy("the place in the record"),
    "deck": gettext_lazy("the deck"),
    "decklist": gettext_lazy("the decklist"),
    "entries": gettext_lazy("the decklist's lines"),
    "text": gettext_lazy("the text"),
    "name": gettext_lazy("the name"),
    "short_name": gettext_lazy("the short name"),
    "title": gettext_lazy("the title"),
    "reason": gettext_lazy("the reason"),
    "note": gettext_lazy("the note"),
    "notes": gettext_lazy("the notes"),
    "penalty": gettext_lazy("the penalty"),
    "infraction": gettext_lazy("the infraction"),
    "ruling": gettext_lazy("the ruling"),
    "appeal": gettext_lazy("the appeal"),
    "call": gettext_lazy("the judge call"),
    "case": gettext_lazy("the case"),
    "game": gettext_lazy("the game"),
    "format": gettext_lazy("the format"),
    "format_id": gettext_lazy("the format"),
    "capacity": gettext_lazy("the capacity"),
    "venue": gettext_lazy("the venue"),
    "wins_a": gettext_lazy("the games won"),
    "wins_b": gettext_lazy("the games won"),
    "draws": gettext_lazy("the drawn games"),
    "score": gettext_lazy("the score"),
    "outcome": gettext_lazy("the result"),
    "time_outcome": gettext_lazy("the result at time"),
    "minutes": gettext_lazy("the minutes"),
    "round_minutes": gettext_lazy("the round's minutes"),
    "swiss_rounds": gettext_lazy("the number of Swiss rounds"),
    "top_cut": gettext_lazy("the top cut"),
    "time_zone": gettext_lazy("the time zone"),
    "language": gettext_lazy("the language"),
    "registration_closes_at": gettext_lazy("the registration deadline"),
    "awarded_byes": gettext_lazy("the byes given in advance"),
    "overtime": gettext_lazy("the extra turns"),
}


def field_label(field: str | None) -> str | None:
    """The place an error names, in the reader's words (``FIELD_LABELS``); None when it names
    none, or one with no words of its own (then the page says nothing of where). A place inside
    a document the person sent (``record.turns.3``) keeps its path after the words: it is the
    person's own text, which they can find."""
    head, _dot, inside = (field or "").partition(".")
    label = FIELD_LABELS.get(head)
    if label is None:
        return None
    return f"{label} ({inside})" if inside else str(label)


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
