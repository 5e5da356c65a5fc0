"""Shared pieces of the event pages: run a service and go on, read a whole number from a form,
ask before anything destructive, name a player by name or table.

A service's DomainError is not caught here: it rises to ``core.middleware``, which renders the
error page with its 4xx status.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import wraps

from django.contrib import messages
from django.http import HttpRequest, HttpResponse, HttpResponseBase
from django.shortcuts import redirect, render
from django.utils.functional import Promise

from core.numbers import whole_number
from core.views import back_link
from tournaments.models import Event, Registration
from tournaments.selectors.registrations import AmbiguousPlayerError, registration_resolve


def run_and_redirect(
    request: HttpRequest, action: Callable[[], object], *, success: str, then: str
) -> HttpResponse:
    """Call a service; then show ``success`` and go to ``then``."""
    action()
    messages.success(request, success)
    return redirect(then, permanent=False)


def post_int(request: HttpRequest, name: str) -> int:
    """A whole number from the posted form; anything else is a 400 naming the field."""
    return whole_number(request.POST.get(name, ""), field=name, negative=True)


# --- nothing destructive on one tap --------------------------------------------------------------

#: The field a confirmation page posts; a destructive POST without it is refused.
CONFIRM_FIELD = "confirm"
#: Fields a confirmation page never carries on (the form's own token, the answer itself).
_NOT_CARRIED = frozenset({"csrfmiddlewaretoken", CONFIRM_FIELD})


@dataclass(frozen=True)
class Confirm:
    """What a confirmation page says, in plain words: the question, what will happen (and what
    cannot be undone), and the "Yes, …" button. Texts may name ``%(event)s``, ``%(player)s``,
    ``%(round)s``, ``%(table)s``, ``%(opponent)s`` and ``%(size)s``, filled in by the caller."""

    question: str | Promise
    consequence: str | Promise
    yes: str | Promise


def is_confirmed(request: HttpRequest) -> bool:
    return request.method == "POST" and request.POST.get(CONFIRM_FIELD) == "yes"


def confirmation_page(
    request: HttpRequest,
    confirm: Confirm,
    *,
    names: Mapping[str, object],
    action: str,
    cancel: str,
) -> HttpResponse | None:
    """None when the request is the confirmed POST: go on and do it. Otherwise the page that
    asks: a GET shows it (200); a POST without the confirmation is refused with it (400,
    nothing done). Its "Yes, …" posts the same fields again with ``confirm=yes`` to
    ``action``; "Cancel" goes to ``cancel``. No script: it works everywhere."""
    if is_confirmed(request):
        return None
    source = request.POST if request.method == "POST" else request.GET
    carried = [
        (name, value)
        for name in source
        if name not in _NOT_CARRIED
        for value in source.getlist(name)
    ]
    words = {key: str(value) for key, value in names.items()}
    context = {
        "question": str(confirm.question) % words,
        "consequence": str(confirm.consequence) % words,
        "yes": str(confirm.yes) % words,
        "carried": carried,
        "action": action,
        "cancel": cancel,
        "refused": request.method == "POST",
        "confirm_field": CONFIRM_FIELD,
    }
    status = 400 if request.method == "POST" else 200
    return render(request, "tournaments/confirm.html", context, status=status)


# --- naming a player -----------------------------------------------------------------------------


def pick_field(field: str) -> str:
    """The hidden field carrying the picked player of the text field ``field``."""
    return f"{field}_pick"


def posted_player(request: HttpRequest, event: Event, field: str) -> Registration:
    """The player a posted form names in ``field`` (a name or table, or the picked choice)."""
    return registration_resolve(
        event=event,
        text=request.POST.get(field, ""),
        pick=request.POST.get(pick_field(field), ""),
        field=field,
    )


def asking_which_player[**P, R: HttpResponseBase](
    view: Callable[P, R],
) -> Callable[P, R | HttpResponse]:
    """When a form's text names several players, answer with the page that asks which one:
    the same form's fields again, with the candidates to pick from (400: nothing done)."""

    @wraps(view)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R | HttpResponse:
        try:
            return view(*args, **kwargs)
        except AmbiguousPlayerError as error:
            request = next(arg for arg in args if isinstance(arg, HttpRequest))
            pick = pick_field(error.field or "player")
            carried = [
                (name, value)
                for name in request.POST
                if name not in {"csrfmiddlewaretoken", pick}
                for value in request.POST.getlist(name)
            ]
            context = {
                "error": error,
                "candidates": error.candidates,
                "pick": pick,
                "carried": carried,
                "action": request.get_full_path(),
                "back": back_link(request),
            }
            return render(request, "tournaments/pick_player.html", context, status=400)

    return wrapper
