"""Who may use a route: the access vocabulary, its declaration on every URL pattern, and the
guard that enforces the declaration before the view runs.

Every URL pattern says who may use it. Our own views are mounted with ``route()`` (``path()``
with ``access=``); a third-party include (admin, i18n) with ``include_declared()``, once for
its whole subtree, which then enforces its own rules. The declaration is one line beside the
route in whichever ``urls.py`` holds it, so it moves with the route.
``tests/test_route_access.py`` walks the URLconf and proves that every route answers each kind
of person exactly as declared; a pattern without a declaration fails that test.

Levels (``Access``), from the route's point of view:

- ``ANYONE``: no login needed.
- ``LOGGED_IN``: any logged-in person.
- ``EVENT_PLAYER``: a player (any registration) of the event the route names.
- ``MATCH_PLAYER``: a player of the match the route names.
- ``REGISTRATION_OWNER``: the player whose registration the route names.
- ``EVENT_JUDGE``: a judge of the event; organisers can do all that judges can, so they too.
- ``EVENT_HEAD_JUDGE``: the event's head judge (who decides appeals); organisers too.
- ``EVENT_SCOREKEEPER``: a scorekeeper of the event (runs rounds, results, check-in and the
  clock, not the settings or the staff); organisers too.
- ``EVENT_ORGANISER``: an organiser of the event.
- ``SITE_STAFF``: a ``is_staff`` account (the admin site).

A route names one level or several (any of them will do), for every method or per method. The
event is found from the route's arguments (``event_id``, ``match_id``, ``registration_id``,
``case_id``…): each app registers how its arguments name an event (``register_subject``) and
which levels a person holds on an event (``register_event_levels``), in its own ``access.py``,
which ``core``'s ``AppConfig.ready`` loads at start-up (``autodiscover_modules``, as the admin
loads ``admin.py``): core imports no app.

Some reads depend on the event's state, and ``when=`` says how: a draft event is visible to
its judges and organisers only (``Condition.EVENT_DRAFT``), and decklists open up once the
organiser publishes them (``Condition.DECKLISTS_PUBLISHED``). The plain declaration is the
ordinary case: a published event, decklists not yet public. The guard does not look at the
event's state: it lets reads through to the widest of the declared states, and the view
narrows them.

A write whose service locks the row the route names and checks the caller's level on it under
that lock (a player's report or confirmation of their match) may say so: ``route(...,
under_lock=Access.MATCH_PLAYER)``. The guard then asks only for a logged-in caller on the
methods whose every level is checked under the lock, and does not read the row the service is
about to lock (so that a report stays cheap); the service refuses (403, or 404 for a match of
another event) before anything about the row is told or written.

The guard is a second line, not the only one: views and APIs still check the object the route
names (the event's role in services and ``<entity>_get_for_<role>`` gates, DRF permission
classes), and selectors that return staff data take the user and check.
"""

from __future__ import annotations

import enum
import functools
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.contrib.auth.views import redirect_to_login
from django.http import HttpRequest, HttpResponseBase, HttpResponseNotAllowed
from django.urls import URLPattern, URLResolver, path
from rest_framework import exceptions as api_exceptions
from rest_framework.request import Request
from rest_framework.views import APIView

from core.errors import NotFoundError, PermissionDeniedError
from core.views import domain_error_response

AnyUser = AbstractBaseUser | AnonymousUser

#: The attribute of a URL pattern (or include) that holds its ``Declared`` access.
ACCESS_ATTRIBUTE = "declared_access"
#: The method key of a declaration that covers every method.
ANY_METHOD = "*"
READS = frozenset({"GET", "HEAD"})


class Access(enum.StrEnum):
    """Who may use a route (see the module's docstring)."""

    ANYONE = "anyone"
    LOGGED_IN = "logged in"
    EVENT_PLAYER = "player of the event"
    MATCH_PLAYER = "player of the match"
    REGISTRATION_OWNER = "the registered player"
    EVENT_JUDGE = "judge of the event"
    EVENT_HEAD_JUDGE = "head judge of the event"
    EVENT_SCOREKEEPER = "scorekeeper of the event"
    EVENT_ORGANISER = "organiser of the event"
    SITE_STAFF = "site staff"


#: Levels that need the event (or match, or registration) the route names.
SUBJECT_LEVELS = frozenset(
    {
        Access.EVENT_PLAYER,
        Access.MATCH_PLAYER,
        Access.REGISTRATION_OWNER,
        Access.EVENT_JUDGE,
        Access.EVENT_HEAD_JUDGE,
        Access.EVENT_SCOREKEEPER,
        Access.EVENT_ORGANISER,
    }
)


class Condition(enum.StrEnum):
    """A state of the event that changes who may read a route (``route(..., when=...)``)."""

    EVENT_DRAFT = "the event is a draft"
    DECKLISTS_PUBLISHED = "the event's decklists are published"


#: One level, or several (any of them will do).
Levels = Access | tuple[Access, ...] | frozenset[Access]
#: Levels for every method, or per HTTP method.
AccessSpec = Levels | Mapping[str, Levels]


def _levels(value: Levels) -> frozenset[Access]:
    levels = frozenset({value} if isinstance(value, Access) else value)
    if not levels or not all(isinstance(level, Access) for level in levels):
        raise ValueError(f"an access declaration needs Access levels, not {value!r}")
    return levels


@dataclass(frozen=True)
class Declared:
    """One route's declaration: the levels per method (``ANY_METHOD`` for all), and how the
    reads change in a given state of the event."""

    methods: Mapping[str, frozenset[Access]]
    when: Mapping[Condition, frozenset[Access]] = field(default_factory=dict)
    #: Subject levels the route's service checks itself, under the row lock it takes.
    under_lock: frozenset[Access] = frozenset()

    @classmethod
    def of(
        cls,
        access: AccessSpec,
        when: Mapping[Condition, Levels] | None = None,
        under_lock: Levels | None = None,
    ) -> Declared:
        if isinstance(access, Mapping):
            methods = {method.upper(): _levels(levels) for method, levels in access.items()}
        else:
            methods = {ANY_METHOD: _levels(access)}
        locked = _levels(under_lock) if under_lock is not None else frozenset()
        if not locked <= SUBJECT_LEVELS:
            raise ValueError(f"only subject levels are checked under a lock, not {under_lock!r}")
        return cls(
            methods=methods,
            when={condition: _levels(levels) for condition, levels in (when or {}).items()},
            under_lock=locked,
        )

    def levels(self, method: str, condition: Condition | None = None) -> frozenset[Access] | None:
        """Who may use ``method`` (in the ordinary case, or in ``condition`` for reads); None
        when the route takes no such method."""
        method = "GET" if method == "HEAD" else method.upper()
        if condition is not None and method in READS and condition in self.when:
            return self.when[condition]
        if method in self.methods:
            return self.methods[method]
        if ANY_METHOD in self.methods:
            return self.methods[ANY_METHOD]
        if method == "OPTIONS":  # which methods there are: for whoever may use one of them
            return frozenset().union(*self.methods.values())
        return None

    def guard_levels(self, method: str) -> frozenset[Access] | None:
        """What the guard lets through: the ordinary levels, widened for reads by any state
        that opens them (the view then checks the state itself)."""
        levels = self.levels(method)
        if levels is None or method.upper() not in READS:
            return levels
        return levels.union(*self.when.values())

    def checked_under_lock(self, method: str) -> bool:
        """Whether every level of ``method`` is one its service checks under its row lock (a
        write only: reads take no lock)."""
        levels = self.levels(method)
        return (
            bool(self.under_lock)
            and levels is not None
            and method.upper() not in READS
            and levels <= self.under_lock
        )

    def allowed_methods(self) -> list[str]:
        return sorted(method for method in self.methods if method != ANY_METHOD)

    def __str__(self) -> str:
        def names(levels: frozenset[Access]) -> str:
            return " | ".join(level.name for level in sorted(levels, key=list(Access).index))

        parts = [
            f"{'' if method == ANY_METHOD else method + ' '}{names(levels)}"
            for method, levels in self.methods.items()
        ]
        parts += [f"[{condition.name}: {names(levels)}]" for condition, levels in self.when.items()]
        if self.under_lock:
            parts.append(f"[checked under the lock: {names(self.under_lock)}]")
        return "; ".join(parts)


def declared_access(pattern: URLPattern | URLResolver) -> Declared | None:
    """The declaration made by ``route()`` or ``include_declared()``; None for a plain path."""
    declared = getattr(pattern, ACCESS_ATTRIBUTE, None)
    return declared if isinstance(declared, Declared) else None


# --- what a route's arguments name --------------------------------------------------------


@dataclass(frozen=True)
class Subject:
    """What a URL argument names, as far as access goes: the event it belongs to and, for
    things that belong to players (a match, a registration), those players' user ids and the
    level they hold on it."""

    event_id: int
    owner_level: Access | None = None
    owners: frozenset[int] = frozenset()


SubjectResolver = Callable[[int], Subject | None]
EventLevels = Callable[[AnyUser, int], frozenset[Access]]

_SUBJECTS: dict[str, SubjectResolver] = {}
_EVENT_LEVELS: list[EventLevels] = []
_EVENT_KWARGS: set[str] = set()


def register_subject(kwarg: str, resolver: SubjectResolver, *, is_event: bool = False) -> None:
    """Routes whose URL has ``kwarg`` name the Subject that ``resolver(value)`` returns (None:
    there is no such thing). ``is_event``: the value is the event's own id."""
    _SUBJECTS[kwarg] = resolver
    if is_event:
        _EVENT_KWARGS.add(kwarg)


def register_event_levels(levels: EventLevels) -> None:
    """``levels(user, event_id)``: the event levels (player, judge, organiser) ``user`` holds."""
    if levels not in _EVENT_LEVELS:
        _EVENT_LEVELS.append(levels)


def subject_kwargs() -> frozenset[str]:
    """The URL arguments that name an event (directly or through a match, registration…)."""
    return frozenset(_SUBJECTS)


def _subject_levels(
    *, user: AnyUser, kwargs: Mapping[str, object], wanted: frozenset[Access] = frozenset()
) -> frozenset[Access] | None:
    """The levels ``user`` holds on what the route's arguments name; None when one of them
    names nothing, or they name things of different events. Once one of ``wanted`` is found
    among the owners' levels (a player of the match), the event's levels are not looked up
    (so that a report stays cheap); an event id that another argument's subject already
    belongs to is not looked up again (it exists)."""
    subjects: list[Subject] = []
    names = sorted(kwargs, key=lambda name: name in _EVENT_KWARGS)  # the event's id last
    for name in names:
        value = kwargs[name]
        resolver = _SUBJECTS.get(name)
        if resolver is None:
            continue
        if name in _EVENT_KWARGS and isinstance(value, int) and subjects:
            if {subject.event_id for subject in subjects} != {value}:
                return None
            continue
        subject = resolver(int(value)) if isinstance(value, int) else None
        if subject is None:
            return None
        subjects.append(subject)
    if len({subject.event_id for subject in subjects}) > 1:
        return None
    held: set[Access] = set()
    for subject in subjects:
        if subject.owner_level is not None and user.pk in subject.owners:
            held.add(subject.owner_level)
    if held & wanted:
        return frozenset(held)
    if subjects:
        for levels in _EVENT_LEVELS:
            held |= levels(user, subjects[0].event_id)
    return frozenset(held)


# --- the guard ----------------------------------------------------------------------------


class Refusal(enum.Enum):
    LOG_IN = "log in first"
    FORBIDDEN = "forbidden"
    NOT_FOUND = "not found"
    METHOD = "method not allowed"


def route_refusal(
    *, declared: Declared, method: str, user: AnyUser, kwargs: Mapping[str, object]
) -> Refusal | None:
    """Why ``user`` may not use the route with ``method`` (None: they may)."""
    levels = declared.guard_levels(method)
    if levels is None:
        return Refusal.METHOD
    if Access.ANYONE in levels:
        return None
    if not user.is_authenticated:
        return Refusal.LOG_IN
    held = {Access.LOGGED_IN} | ({Access.SITE_STAFF} if getattr(user, "is_staff", False) else set())
    if levels & held:
        return None
    if declared.checked_under_lock(method):
        return None  # the service checks the caller under its lock (see the module's docstring)
    if levels & SUBJECT_LEVELS:
        on_subject = _subject_levels(user=user, kwargs=kwargs, wanted=levels)
        if on_subject is None:
            return Refusal.NOT_FOUND
        if levels & on_subject:
            return None
    return Refusal.FORBIDDEN


def describe(levels: Iterable[Access]) -> str:
    return " or ".join(level.value for level in sorted(levels, key=list(Access).index))


def _page_refusal(
    request: HttpRequest, declared: Declared, kwargs: Mapping[str, object]
) -> HttpResponseBase | None:
    method = request.method or "GET"
    refusal = route_refusal(declared=declared, method=method, user=request.user, kwargs=kwargs)
    if refusal is None:
        return None
    if refusal is Refusal.LOG_IN:
        return redirect_to_login(request.get_full_path())
    if refusal is Refusal.METHOD:
        return HttpResponseNotAllowed(declared.allowed_methods())
    if refusal is Refusal.NOT_FOUND:
        return domain_error_response(request, NotFoundError("no such page"))
    levels = declared.guard_levels(method) or frozenset()
    return domain_error_response(
        request, PermissionDeniedError(f"this page is for: {describe(levels)}")
    )


def _api_user(request: Request) -> AnyUser | None:
    """The caller as the API's own authenticators see them, without touching the request; None
    when authenticating fails (the API then answers that itself)."""
    for authenticator in request.authenticators or ():
        try:
            found = authenticator.authenticate(request)
        except api_exceptions.APIException:
            return None
        if found is not None and isinstance(found[0], AbstractBaseUser | AnonymousUser):
            return found[0]
    return AnonymousUser()


def _api_refusal(
    view: Any, request: HttpRequest, args: Sequence[object], kwargs: Mapping[str, object],
    declared: Declared,
) -> HttpResponseBase | None:  # fmt: skip
    """Refuse as the API itself would: its authenticators find the caller, its exception
    handler words the refusal (status, JSON shape and ``WWW-Authenticate`` as for any 401/403)."""
    levels_here = declared.guard_levels(request.method or "GET")
    if levels_here is not None and Access.ANYONE in levels_here:
        return None  # open to anyone: no caller to find (a public poll stays cheap)
    api_view: APIView = view.cls(**view.initkwargs)
    api_view.args, api_view.kwargs = tuple(args), dict(kwargs)
    api_request = api_view.initialize_request(request, *args, **kwargs)
    user = _api_user(api_request)
    if user is None:
        return None
    method = request.method or "GET"
    refusal = route_refusal(declared=declared, method=method, user=user, kwargs=kwargs)
    if refusal is None:
        return None
    levels = declared.guard_levels(method) or frozenset()
    problem: api_exceptions.APIException = {
        Refusal.LOG_IN: api_exceptions.NotAuthenticated(),
        Refusal.FORBIDDEN: api_exceptions.PermissionDenied(f"this is for: {describe(levels)}"),
        Refusal.NOT_FOUND: api_exceptions.NotFound(),
        Refusal.METHOD: api_exceptions.MethodNotAllowed(method),
    }[refusal]
    api_view.request = api_request
    api_view.headers = api_view.default_response_headers
    response = api_view.handle_exception(problem)
    finished: HttpResponseBase = api_view.finalize_response(api_request, response)
    return finished


def guarded(
    view: Callable[..., HttpResponseBase], declared: Declared
) -> Callable[..., HttpResponseBase]:
    """``view``, refusing first whoever the declaration does not let in. The wrapper keeps the
    view's attributes (DRF's ``cls``, ``csrf_exempt``), so schema generation and CSRF see the
    view as before."""
    api_class = getattr(view, "cls", None)
    is_api = isinstance(api_class, type) and issubclass(api_class, APIView)

    @functools.wraps(view)
    def guarded_view(request: HttpRequest, *args: object, **kwargs: object) -> HttpResponseBase:
        refused = (
            _api_refusal(view, request, args, kwargs, declared)
            if is_api
            else _page_refusal(request, declared, kwargs)
        )
        return refused if refused is not None else view(request, *args, **kwargs)

    return guarded_view


def route(
    route: str,
    view: Callable[..., HttpResponseBase],
    *,
    name: str,
    access: AccessSpec,
    when: Mapping[Condition, Levels] | None = None,
    under_lock: Levels | None = None,
) -> URLPattern:
    """``path(route, view, name=name)``, declaring who may use it (and enforcing that).

    ``access`` is a level, several levels (any will do), or a mapping of HTTP method to those;
    with a mapping, other methods are refused with 405 (HEAD follows GET). ``when`` changes the
    reads in a state of the event (see ``Condition``). ``under_lock``: the subject levels the
    route's service checks itself under the row lock it takes (see the module's docstring)."""
    declared = Declared.of(access, when, under_lock)
    pattern = path(route, guarded(view, declared), name=name)
    setattr(pattern, ACCESS_ATTRIBUTE, declared)
    return pattern


def include_declared(
    route: str,
    target: tuple[Sequence[URLResolver | URLPattern], str | None, str | None],
    *,
    access: Levels,
) -> URLResolver:
    """``path(route, include(...))`` for a third-party URLconf (admin, i18n), declared once for
    its whole subtree; that code enforces its own rules (the admin its staff login)."""
    resolver = path(route, target)
    setattr(resolver, ACCESS_ATTRIBUTE, Declared.of(access))
    return resolver
