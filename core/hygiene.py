"""What no request may carry, judged before any view reads it.

- Text with a NUL byte or a lone surrogate (half of a UTF-16 pair, which no UTF-8 text can
  hold): in the URL, the query string, a header, a form field or a JSON string it is a 400
  naming where it was. File uploads are bytes and are judged by their own format.
- JSON nested deeper than ``JSON_MAX_DEPTH``: a 400, before anything walks it.
- A body larger than the limit, told by its ``Content-Length`` before a byte of it is read:
  ``REQUEST_BODY_MAX_BYTES`` for a logged-in person (session or an API token that holds, as
  ``core.tokens`` judges it), ``ANONYMOUS_BODY_MAX_BYTES`` (1 MB) for anyone else. 413. A body
  sent without a length (``Transfer-Encoding: chunked``) is read here, counted as it comes, and
  refused with the same 413 as soon as it passes the limit; one within it goes on to the view
  with its length declared. (nginx in front, ``deploy/nginx.conf.template``, refuses past
  ``REQUEST_BODY_MAX_BYTES`` itself with ``client_max_body_size``.)

``RequestHygieneMiddleware`` applies the first and the last to every request; the API's JSON
parser (``core.parsers.SafeJSONParser``) applies the JSON rules with ``json_problem``.
"""

from __future__ import annotations

import io
import re
from collections.abc import Callable

from django.conf import settings
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.utils.translation import gettext as _

from core.errors import DomainError, InvalidInputError
from core.tokens import api_token_holds
from core.views import domain_error_response

#: A NUL byte, or any code point of the UTF-16 surrogate range (alone, as Python holds them).
BAD_CHARACTER = re.compile("[\x00\ud800-\udfff]")
#: How deep a JSON document may nest (objects and arrays); none of ours goes past ten.
JSON_MAX_DEPTH = 64
#: A form field's values are read for this check only on these content types.
FORM_TYPES = ("application/x-www-form-urlencoded", "multipart/form-data")
#: How much of a body sent without its length is read at a time while it is counted.
READ_CHUNK = 64 * 1024


class PayloadTooLargeError(DomainError):
    """A request body over the limit (413), refused before it is read."""

    status_code = 413
    code = "too_large"


def bad_character(text: str) -> str | None:
    """A description of the first forbidden character in ``text``, or None."""
    found = BAD_CHARACTER.search(text)
    if found is None:
        return None
    char = found.group()
    return (
        _("a NUL byte")
        if char == "\x00"
        else _("a lone surrogate (U+%(code)04X)") % {"code": ord(char)}
    )


def json_problem(value: object) -> InvalidInputError | None:
    """The first string (key or value) of a parsed JSON document that holds a forbidden
    character, or a nesting deeper than ``JSON_MAX_DEPTH``, as a 400; None when it is clean.
    Walks with its own stack: a deep document cannot exhaust Python's."""
    stack: list[tuple[object, tuple[str, ...]]] = [(value, ())]
    while stack:
        item, path = stack.pop()
        if len(path) > JSON_MAX_DEPTH:
            return InvalidInputError(
                _("the JSON is nested more than %(depth)d levels deep") % {"depth": JSON_MAX_DEPTH},
                field=".".join(path[:JSON_MAX_DEPTH]),
                code="too_deep",
            )
        if isinstance(item, str):
            problem = bad_character(item)
            if problem:
                return _character_error(problem, ".".join(path))
        elif isinstance(item, dict):
            for key, child in item.items():
                problem = bad_character(str(key))
                if problem:
                    return _character_error(problem, ".".join(path))
                stack.append((child, (*path, str(key))))
        elif isinstance(item, list):
            stack.extend((child, (*path, str(index))) for index, child in enumerate(item))
    return None


def _character_error(problem: str, field: str | None) -> InvalidInputError:
    return InvalidInputError(
        _("the text holds %(problem)s, which no text may contain") % {"problem": problem},
        field=field or None,
        code="invalid_characters",
    )


def _is_api(request: HttpRequest) -> bool:
    return request.path_info.startswith("/api/")


def _logged_in(request: HttpRequest) -> bool:
    """Whether the request comes from a person: a session's, or an API token that holds (the
    API's own check, ``core.tokens``: known, not expired, its account active)."""
    if request.user.is_authenticated:
        return True
    scheme, _space, key = request.META.get("HTTP_AUTHORIZATION", "").partition(" ")
    if scheme.lower() != "token" or not key.strip():
        return False
    return api_token_holds(key.strip())


def _limit_for(request: HttpRequest) -> int:
    limit: int = settings.REQUEST_BODY_MAX_BYTES if _logged_in(request) else _anonymous_limit()
    return limit


def _anonymous_limit() -> int:
    limit: int = settings.ANONYMOUS_BODY_MAX_BYTES
    return limit


def _too_large(size: str, allowed: int) -> PayloadTooLargeError:
    return PayloadTooLargeError(
        _("the request is %(size)s; at most %(limit)s is accepted%(who)s")
        % {
            "size": size,
            "limit": _megabytes(allowed),
            "who": "" if allowed == settings.REQUEST_BODY_MAX_BYTES else _(" without logging in"),
        }
    )


def body_limit_error(request: HttpRequest) -> PayloadTooLargeError | None:
    """The refusal of a body over the limit: judged by its declared length alone, or, for a
    body sent without one (chunked), counted while it is read (``_counted_body_error``)."""
    if _sent_without_length(request):
        return _counted_body_error(request)
    try:
        length = int(request.META.get("CONTENT_LENGTH") or 0)
    except ValueError:
        return PayloadTooLargeError(_("the Content-Length header is not a number"))
    if length <= _anonymous_limit():
        return None
    allowed = _limit_for(request)
    return None if length <= allowed else _too_large(_megabytes(length), allowed)


def _sent_without_length(request: HttpRequest) -> bool:
    """A chunked body: no ``Content-Length``, so Django alone would read none of it, and a
    server that passes it on would let it grow without bound."""
    encoding = request.META.get("HTTP_TRANSFER_ENCODING", "").lower()
    return not request.META.get("CONTENT_LENGTH") and "chunked" in encoding


def _counted_body_error(request: HttpRequest) -> PayloadTooLargeError | None:
    """Read a body sent without its length, counting: past the asker's limit it is refused at
    once (the rest is never read); within it, the body is handed to the view as if its length
    had been declared."""
    stream = getattr(request, "environ", {}).get("wsgi.input")
    if stream is None:  # not a WSGI request: nothing to read from here
        return None
    allowed = _limit_for(request)
    parts: list[bytes] = []
    size = 0
    while True:
        part = stream.read(min(READ_CHUNK, allowed + 1 - size))
        if not part:
            break
        size += len(part)
        parts.append(part)
        if size > allowed:
            return _too_large(_("more than %(limit)s") % {"limit": _megabytes(allowed)}, allowed)
    body = b"".join(parts)
    request.META["CONTENT_LENGTH"] = str(len(body))
    # where Django itself keeps a body it has read (``HttpRequest.body``): it read none of this
    request._stream = io.BytesIO(body)
    return None


def _megabytes(size: int) -> str:
    return f"{size / (1024 * 1024):.1f} MB"


def character_error(request: HttpRequest) -> InvalidInputError | None:
    """The first NUL byte or lone surrogate in the URL, query, headers or form fields."""
    places: list[tuple[str, str]] = [("path", request.path), ("path", request.path_info)]
    places += [(f"query.{key}", key) for key in request.GET]
    places += [(f"query.{k}", v) for k, values in request.GET.lists() for v in values]
    places += [
        (f"header.{name[5:].lower().replace('_', '-')}", str(value))
        for name, value in request.META.items()
        if name.startswith("HTTP_") or name in ("CONTENT_TYPE", "CONTENT_LENGTH")
    ]
    for field, text in places:
        problem = bad_character(text)
        if problem:
            return _character_error(problem, field)
    content_type = request.META.get("CONTENT_TYPE", "")
    if request.method == "POST" and content_type.startswith(FORM_TYPES):
        for key, values in request.POST.lists():
            for text in (key, *values):
                problem = bad_character(text)
                if problem:
                    return _character_error(problem, key if text is not key else None)
    return None


def refusal(request: HttpRequest, error: DomainError) -> HttpResponse:
    """A refusal in the API's JSON shape under ``/api/``, else as the error page."""
    if _is_api(request):
        return JsonResponse(error.as_dict(), status=error.status_code)
    return domain_error_response(request, error)


class RequestHygieneMiddleware:
    """Refuses oversize bodies (413) and forbidden characters (400) before any view or other
    middleware (CSRF's reads the form) reads the body. Sits after the authentication middleware:
    the limit depends on who is asking."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        error: DomainError | None = body_limit_error(request) or character_error(request)
        if error is not None:
            return refusal(request, error)
        return self.get_response(request)
