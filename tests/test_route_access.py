"""Every route answers each kind of person exactly as its declaration says (``core.access``).

The routes come from the URLconf, never from a list kept here: a new route without a
declaration fails, and so does a route argument this walk cannot fill. Each route is asked, with
every method it takes, by twelve people: anonymous, a logged-in stranger, a player of the event,
a player of the match, a player of another event, a judge, the head judge, the scorekeeper, a
judge of another event, an organiser of another event, the organiser and site staff. Whoever
the declaration lets in must not be refused (401/403/404, or a redirect to the login page);
whoever it does not must be refused, and a refused write must change nothing in the database.
Reads are walked again while the event is a draft and once its decklists are published
(``when=`` in the declaration).

The walk runs twice: with the route guard, as the site runs, and with the guard switched off,
which proves that the views, APIs, services and selectors refuse on their own too.

One world serves the whole module (built once, rolled back at its end); every request runs in a
savepoint that is rolled back, so the walk's own writes never change what the next request sees.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import itertools
import json
import re
import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any
from urllib.parse import urlencode, urlparse

import pytest
from django.apps import apps
from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.models import User
from django.db import connection, transaction
from django.db.models import Q
from django.http import HttpResponse, HttpResponseBase
from django.test.utils import CaptureQueriesContext
from django.urls import URLPattern, URLResolver, get_resolver
from rest_framework.test import APIClient
from rest_framework.views import APIView

from cardpool.services import card_import
from core import access
from core.access import ANY_METHOD, Access, Condition, Declared, declared_access, subject_kwargs
from judging.models import RuleClause, Ruling
from judging.services import judge_case_open, rules_import
from judging.views import share_token
from tournaments import services
from tournaments.models import Event, Match, PrintJob, Registration, Round, StaffInvitation
from tournaments.selectors.exports import EXPORT_KINDS
from tournaments.services.appeals import appeal_file
from tournaments.services.staff import staff_appoint
from tournaments.views.organiser import ORGANISER_ACTIONS

pytestmark = pytest.mark.django_db

ROOT = Path(__file__).resolve().parent.parent
OUR_PACKAGES = ("config", "core", "cardpool", "tournaments", "judging")
DEMO_CARDS = ROOT / "cardpool" / "demo" / "zutomayo-demo-cards.json"
LEGAL_DECK = "\n".join(f"2 DEMO_{n}" for n in range(1, 11))
DAY = dt.date(2027, 3, 1)
CONVERTER = re.compile(r"<(?:\w+:)?(\w+)>")
WRITES = ("POST", "PUT", "PATCH", "DELETE")
API_REFUSALS = (401, 403, 404, 405)
WRITE_SQL = re.compile(r"\s*(INSERT|UPDATE|DELETE|REPLACE)\b", re.IGNORECASE)

# --- the people, and the levels each holds on the event the routes name ------------------------

ANYONE, LOGGED_IN = {Access.ANYONE}, {Access.ANYONE, Access.LOGGED_IN}
HELD: dict[str, frozenset[Access]] = {
    "anonymous": frozenset(ANYONE),
    "stranger": frozenset(LOGGED_IN),
    "player of the event": frozenset({*LOGGED_IN, Access.EVENT_PLAYER}),
    "player of the match": frozenset(
        {*LOGGED_IN, Access.EVENT_PLAYER, Access.MATCH_PLAYER, Access.REGISTRATION_OWNER}
    ),
    "player of another event": frozenset(LOGGED_IN),
    "judge": frozenset({*LOGGED_IN, Access.EVENT_JUDGE}),
    "head judge": frozenset({*LOGGED_IN, Access.EVENT_JUDGE, Access.EVENT_HEAD_JUDGE}),
    "scorekeeper": frozenset({*LOGGED_IN, Access.EVENT_SCOREKEEPER}),
    "judge of another event": frozenset(LOGGED_IN),
    "organiser of another event": frozenset(LOGGED_IN),
    "organiser": frozenset(
        {
            *LOGGED_IN,
            Access.EVENT_JUDGE,
            Access.EVENT_HEAD_JUDGE,
            Access.EVENT_SCOREKEEPER,
            Access.EVENT_ORGANISER,
        }
    ),
    "site staff": frozenset({*LOGGED_IN, Access.SITE_STAFF}),
}

#: How the event is put into each state that ``when=`` names.
STATES: dict[Condition, dict[str, object]] = {
    Condition.EVENT_DRAFT: {"status": Event.Status.DRAFT},
    Condition.DECKLISTS_PUBLISHED: {"decklists_published": True},
}


# --- the routes, from the URLconf ----------------------------------------------------------------


@dataclass(frozen=True)
class Entry:
    route: str
    name: str
    pattern: URLPattern | URLResolver
    declared: Declared | None

    @property
    def kwargs(self) -> list[str]:
        assert "(?P<" not in self.route, f"{self.route}: the walk fills path() routes only"
        return CONVERTER.findall(self.route)

    @property
    def is_include(self) -> bool:
        return isinstance(self.pattern, URLResolver)

    @property
    def view_class(self) -> type | None:
        callback = getattr(self.pattern, "callback", None)
        found = getattr(callback, "cls", None) or getattr(callback, "view_class", None)
        return found if isinstance(found, type) else None

    @property
    def is_api(self) -> bool:
        return self.view_class is not None and issubclass(self.view_class, APIView)


def _walk(patterns: Sequence[URLPattern | URLResolver], prefix: str = "") -> Iterator[Entry]:
    """Every URL pattern, and every declared include without entering it."""
    for pattern in patterns:
        route = prefix + str(pattern.pattern)
        declared = declared_access(pattern)
        if isinstance(pattern, URLResolver) and declared is None:
            namespace = pattern.namespace
            for entry in _walk(pattern.url_patterns, route):
                name = f"{namespace}:{entry.name}" if namespace else entry.name
                yield Entry(entry.route, name, entry.pattern, entry.declared)
        else:
            name = getattr(pattern, "name", None) or route
            yield Entry(route, name, pattern, declared)


ENTRIES = list(_walk(get_resolver().url_patterns))
ROUTES = [entry for entry in ENTRIES if not entry.is_include]
INCLUDES = [entry for entry in ENTRIES if entry.is_include]


def _methods(entry: Entry) -> tuple[list[str], bool]:
    """The methods to walk, and whether the route is known to take each of them: those its
    declaration names (an API's must be its handlers), a view class's handlers; a plain view
    function declared for every method is tried with GET and POST (see ``_takes``)."""
    assert entry.declared is not None
    declared = sorted(method for method in entry.declared.methods if method != ANY_METHOD)
    view_class = entry.view_class
    handlers = (
        sorted(
            method.upper()
            for method in ("get", "post", "put", "patch", "delete")
            if method in getattr(view_class, "http_method_names", ())
            and hasattr(view_class, method)
        )
        if view_class is not None
        else []
    )
    if declared:
        if entry.is_api:
            assert declared == handlers, (
                f"{entry.route}: the API takes {handlers}, its declaration names {declared}"
            )
        return declared, True
    if view_class is not None:
        return handlers, True
    return ["GET", "POST"], False


# --- the world -----------------------------------------------------------------------------------


@dataclass
class World:
    users: dict[str, User | None]
    event: Event
    match: Match
    registrations: dict[str, Registration]
    round: Round
    job: PrintJob
    import_id: int
    case_id: int
    share: str
    card_code: str
    clause_key: str
    invitation: StaffInvitation
    appeal_id: int
    penalty_id: int

    def values(self, entry: Entry, kwarg: str) -> list[object]:
        """What the walk puts in a route's argument: the world's objects, every row of the
        table a route dispatches through, or one valid value."""
        single: dict[str, object] = {
            "event_id": self.event.pk,
            "number": self.round.number,
            "match_id": self.match.pk,
            "registration_id": self.registrations["player of the match"].pk,
            "job_id": self.job.pk,
            "import_id": self.import_id,
            "case_id": self.case_id,
            "share": self.share,
            "game": "zutomayo",
            "code": self.card_code,
            "slug": "basic-rules",
            "key": self.clause_key,
            "token": self.invitation.token,
            "invitation_id": self.invitation.pk,
            "appeal_id": self.appeal_id,
            "penalty_id": self.penalty_id,
            "role": "judge",
            "user_id": _pk(self.users["judge"]),
        }
        tables: dict[tuple[str, str], Sequence[object]] = {
            ("tournaments:event-action", "action"): list(ORGANISER_ACTIONS),
            ("tournaments:print-request", "kind"): PrintJob.Kind.values,
            ("api-event-export", "kind"): EXPORT_KINDS,
        }
        if (entry.name, kwarg) in tables:
            # A converter may take only some of a table's rows (the dashboard's actions are two
            # patterns: the organisers' and the scorekeepers').
            converter = getattr(entry.pattern.pattern, "converters", {}).get(kwarg)
            takes = re.compile(getattr(converter, "regex", ".*"))
            return [value for value in tables[entry.name, kwarg] if takes.fullmatch(str(value))]
        if kwarg in single:
            return [single[kwarg]]
        raise AssertionError(
            f"the walk cannot fill <{kwarg}> of {entry.route} ({entry.name}): teach World.values"
        )

    def form(self) -> dict[str, object]:
        """One form that fills every page's fields with values of this world (unknown fields
        are ignored), so that allowed writes really happen and refused ones really try."""
        return {
            "name": "Walk Open", "game": "zutomayo", "date": "2027-03-01", "table": "1",
            "score": "20", "minutes": "5", "reason": "route walk", "round": str(self.round.pk),
            "registration": str(self.registrations["player of the event"].pk),
            "registration_a": str(self.registrations["player of the match"].pk),
            "registration_b": str(self.registrations["player of the event"].pk),
            "display_name": "Walker", "infraction": "slow play", "penalty": "warning",
            "title": "Walk case", "ruling": "1", "wins_a": "2", "wins_b": "0", "draws": "0",
            "decklist": LEGAL_DECK, "presented": LEGAL_DECK, "who": "stranger",
            "role": "judge", "user": str(_pk(self.users["judge"])),
            "invitation": str(self.invitation.pk), "outcome": "uphold", "note": "route walk",
            "kind": "upload",  # the case page's action (another kind is a 404)
        }  # fmt: skip

    def body(self) -> dict[str, object]:
        """The same for the API, as JSON (rounds by number there)."""
        return {
            "name": "Walk Open", "game": "zutomayo", "date": "2027-03-01", "table": 1,
            "minutes": 5, "reason": "route walk", "round": self.round.number,
            "registration": self.registrations["player of the event"].pk,
            "registration_a": self.registrations["player of the match"].pk,
            "registration_b": self.registrations["player of the event"].pk,
            "display_name": "Walker", "infraction": "slow play", "penalty": "warning",
            "title": "Walk case", "ruling": 1, "wins_a": 2, "wins_b": 0, "draws": 0,
            "status": "registration_closed", "decklist": LEGAL_DECK, "record": {}, "size": 2,
            "who": "stranger", "role": "judge", "token": self.invitation.token,
            "outcome": "uphold", "note": "route walk",
        }  # fmt: skip


def _pk(user: User | None) -> int:
    assert user is not None
    return int(user.pk)


def _user(username: str, **extra: Any) -> User:
    user: User = get_user_model().objects.create_user(
        username=username, password="pw-for-tests-1", **extra
    )
    return user


def _build_world() -> World:
    card_import(
        game_slug="zutomayo",
        records=json.loads(DEMO_CARDS.read_text(encoding="utf-8"))["cards"],
        source="demo",
        is_demo=True,
    )
    rules_import(
        game="zutomayo", slug="basic-rules", version="1", text="Deck\n\nUse 20 cards.\n",
        source_name="walk",
    )  # fmt: skip
    names = ["stranger", "judge", "head judge", "scorekeeper", "organiser", "p1", "p2", "p3",
             "p4", "other player", "other judge", "other organiser"]  # fmt: skip
    people = {name: _user(name.replace(" ", "-")) for name in names}
    people["site staff"] = _user("site-staff", is_staff=True)
    organiser, judge = people["organiser"], people["judge"]

    event = services.event_create(
        name="Walk Open", game_slug="zutomayo", date=DAY, created_by=organiser,
        status=Event.Status.REGISTRATION_OPEN,
    )  # fmt: skip
    services.event_role_grant(event=event, user=judge, role="judge", granted_by=organiser)
    for role in ("head judge", "scorekeeper"):
        services.event_role_grant(
            event=event, user=people[role], role=role.replace(" ", "_"), granted_by=organiser
        )
    registrations = {
        name: services.registration_create(event=event, user=people[name], display_name=name,
                                           by=people[name])
        for name in ("p1", "p2", "p3", "p4")
    }  # fmt: skip
    # The first player's list, submitted before round 1 locks it: there is one to read.
    services.decklist_submit(
        registration_id=registrations["p1"].pk, submitted_by=people["p1"], data=LEGAL_DECK
    )
    for registration in registrations.values():
        services.registration_check_in(registration_id=registration.pk, by=organiser)
    # Three players have no list: they play all the same (the walk is about who may see what).
    round_obj = services.round_pair(event_id=event.pk, by=organiser, seed=7, unlisted="pair")
    round_obj = services.round_start(round_id=round_obj.pk, by=organiser)
    player_a = registrations["p1"]
    match = Match.objects.get(Q(player_a=player_a) | Q(player_b=player_a), round=round_obj)
    other = Match.objects.filter(round=round_obj).exclude(pk=match.pk).get()
    assert other.player_a.user is not None
    player_c = other.player_a

    other_event = services.event_create(
        name="Other Open", game_slug="zutomayo", date=DAY, created_by=people["other organiser"],
        status=Event.Status.REGISTRATION_OPEN,
    )  # fmt: skip
    services.event_role_grant(
        event=other_event, user=people["other judge"], role="judge",
        granted_by=people["other organiser"],
    )  # fmt: skip
    services.registration_create(event=other_event, user=people["other player"],
                                 display_name="Other", by=people["other player"])  # fmt: skip

    job = services.print_job_request(
        event_id=event.pk,
        kind=PrintJob.Kind.PAIRINGS_BY_TABLE,
        by=organiser,
        base_url="http://testserver/",
    )
    # A player import of the event (its job queued), for its progress page and status.
    player_import = services.player_import_request(
        event_id=event.pk, by=organiser, data=b"name,player_id,email\nWalk,,\n"
    )
    case = judge_case_open(event_id=event.pk, by=judge, title="Walk case", match_id=match.pk)
    # A ruling on it, for the pages that show one (print, PDF, record, the players' link).
    ruling = Ruling.objects.create(
        case=case, record={"players": [{"name": "A"}, {"name": "B"}]}, record_sha256="0" * 64,
        engine_version="1.0.0", profile={}, outcome="unfinished", output={"en": {}, "ja": {}},
        text_en="", text_ja="",
    )  # fmt: skip
    # A judge's decision on the other table, appealed by its player: an appeal to decide.
    services.result_enter_by_judge(match_id=other.pk, judge=judge, wins_a=1, wins_b=0)
    assert player_c.user is not None
    appeal = appeal_file(match_id=other.pk, user=player_c.user, reason="walk appeal")
    # A judge's proposal to disqualify a player, waiting for a second person to decide it.
    proposal = services.penalty_record(
        registration_id=registrations["p4"].pk, judge=judge, infraction="cheating",
        penalty="disqualification",
    )  # fmt: skip
    invitation = staff_appoint(
        actor=organiser, event_id=event.pk, who="invited@example.com", role="judge",
        base_url="http://testserver/",
    )  # fmt: skip
    assert isinstance(invitation, StaffInvitation)
    return World(
        users={
            "anonymous": None,
            "stranger": people["stranger"],
            "player of the event": player_c.user,
            "player of the match": player_a.user,
            "player of another event": people["other player"],
            "judge": judge,
            "head judge": people["head judge"],
            "scorekeeper": people["scorekeeper"],
            "judge of another event": people["other judge"],
            "organiser of another event": people["other organiser"],
            "organiser": organiser,
            "site staff": people["site staff"],
        },
        event=event,
        match=match,
        registrations={"player of the match": player_a, "player of the event": player_c},
        round=round_obj,
        job=job,
        import_id=player_import.pk,
        case_id=case.pk,
        share=share_token(ruling),
        card_code="DEMO_1",
        clause_key=RuleClause.objects.filter(document__slug="basic-rules").values_list(
            "key", flat=True
        )[0],
        invitation=invitation,
        appeal_id=appeal.pk,
        penalty_id=proposal.pk,
    )


@dataclass
class Walk:
    world: World
    clients: dict[str, APIClient]
    sessions: dict[str, str]
    baseline: str


@pytest.fixture(scope="module")
def walk(django_db_setup: None, django_db_blocker: Any) -> Iterator[Walk]:
    with django_db_blocker.unblock(), transaction.atomic():
        world = _build_world()
        clients: dict[str, APIClient] = {}
        sessions: dict[str, str] = {}
        for role, user in world.users.items():
            client = APIClient()
            if user is not None:
                client.force_login(user)
                sessions[role] = client.cookies[settings.SESSION_COOKIE_NAME].value
            clients[role] = client
        yield Walk(world, clients, sessions, _snapshot())
        transaction.set_rollback(True)


# --- asking, and judging the answer -------------------------------------------------------------


def _snapshot() -> str:
    """Row counts of every table, and every row of our apps' tables, as one digest."""
    digest = hashlib.sha256()
    for model in apps.get_models(include_auto_created=True):
        digest.update(f"{model._meta.db_table}={model._default_manager.count()};".encode())
    for label in ("core", "cardpool", "tournaments", "judging"):
        for model in apps.get_app_config(label).get_models():
            digest.update(repr(list(model._default_manager.order_by("pk").values_list())).encode())
    return digest.hexdigest()


def _is_login_redirect(response: HttpResponseBase) -> bool:
    return response.status_code == 302 and "/login/" in urlparse(response["Location"]).path


def _ask(
    walk: Walk, role: str, method: str, path: str, *, is_api: bool, write_check: bool
) -> tuple[HttpResponseBase, bool]:
    """One request as ``role``, rolled back afterwards; and whether the database stayed as it
    was (looked at only when ``write_check``: when the request sent no INSERT, UPDATE or DELETE
    it cannot have changed anything; when it did, every table is compared)."""
    client = walk.clients[role]
    client.cookies.clear()
    if role in walk.sessions:
        client.cookies[settings.SESSION_COOKIE_NAME] = walk.sessions[role]
    with transaction.atomic(), CaptureQueriesContext(connection) as queries:
        if method == "GET":
            response = client.get(path)
        elif is_api:
            body = json.dumps(walk.world.body())
            response = client.generic(method, path, data=body, content_type="application/json")
        elif method == "POST":
            response = client.post(path, walk.world.form())
        else:
            form = urlencode(walk.world.form())
            response = client.generic(method, path, form, "application/x-www-form-urlencoded")
        wrote = write_check and any(WRITE_SQL.match(q["sql"]) for q in queries.captured_queries)
        unchanged = not wrote or _snapshot() == walk.baseline
        transaction.set_rollback(True)
    return response, unchanged


def _problem(
    response: HttpResponseBase,
    *,
    allowed: bool,
    anonymous: bool,
    is_api: bool,
    hidden: bool = False,
) -> str | None:
    """What is wrong with the answer, or None. ``hidden``: the event's state hides the route
    (a draft), and a 404 is then a refusal for anonymous people too. An API's refusal, whether
    the guard or the view words it, is in the API's one error shape (``core.api``)."""
    problem = _status_problem(
        response, allowed=allowed, anonymous=anonymous, is_api=is_api, hidden=hidden
    )
    if problem is None and is_api and response.status_code in API_REFUSALS:
        return _error_shape_problem(response)
    return problem


def _error_shape_problem(response: HttpResponseBase) -> str | None:
    """What is wrong with an API error's body: ``{"code", "detail", "field"}``, code and detail
    non-empty strings, field a string or null (``core.api``)."""
    if not isinstance(response, HttpResponse):
        return f"{response.status_code} streamed, not a JSON error"
    try:
        body = json.loads(response.content)
    except ValueError:
        return f"{response.status_code} without a JSON body"
    if not isinstance(body, dict) or not {"code", "detail", "field"} <= set(body):
        return f"{response.status_code} not in the API's error shape: {body!r}"
    words_ok = all(isinstance(body[key], str) and body[key] for key in ("code", "detail"))
    if not words_ok or not (body["field"] is None or isinstance(body["field"], str)):
        return f"{response.status_code} not in the API's error shape: {body!r}"
    return None


def _status_problem(
    response: HttpResponseBase,
    *,
    allowed: bool,
    anonymous: bool,
    is_api: bool,
    hidden: bool,
) -> str | None:
    status = response.status_code
    if status >= 500:
        return f"server error {status}"
    refused = status in (401, 403, 404) or _is_login_redirect(response)
    if allowed:
        return f"refused with {status}" if refused or status == 405 else None
    if status == 405:
        return None  # refused before the method was even looked at: nothing given
    if anonymous and hidden and status == 404:
        return None
    if anonymous and not is_api:
        return None if _is_login_redirect(response) else f"{status}, not a redirect to log in"
    if anonymous:
        return None if status in (401, 403) else f"{status}, not 401/403"
    return None if status in (403, 404) else f"{status}, not 403/404"


def _walk_route(walk: Walk, entry: Entry, *, views_alone: bool) -> list[str]:
    """Every method, asked by every person.

    With the guard: the first filling of the route's arguments, then the reads again in each
    state of the event that ``when=`` can speak of (the guard does not look at the rest of a
    route's arguments, nor at the event's state). The views alone: every filling (every action
    of a table), and only the people the declaration refuses: where the guard lets someone in,
    the views answer them exactly as with the guard.
    """
    assert entry.declared is not None
    methods, known = _methods(entry)
    if views_alone:
        methods = [
            m for m in methods if Access.ANYONE not in (entry.declared.guard_levels(m) or ())
        ]
    problems: list[str] = []
    fillings = itertools.product(*(walk.world.values(entry, kw) for kw in entry.kwargs))
    for number, values in enumerate(fillings):
        if number and not views_alone:
            break
        filled = dict(zip(entry.kwargs, values, strict=True))
        path = "/" + CONVERTER.sub(partial(_value_of, filled), entry.route)
        if not known:
            methods = [m for m in methods if _takes(walk, entry, path, m)]
            known = True
        for method in methods:
            problems += _walk_method(walk, entry, path, method, refused_only=views_alone)
        if views_alone or "GET" not in methods or not _state_matters(entry):
            continue
        for condition in Condition:
            with transaction.atomic():
                Event.objects.filter(pk=walk.world.event.pk).update(**STATES[condition])
                problems += _walk_method(walk, entry, path, "GET", condition=condition)
                transaction.set_rollback(True)
    return problems


def _value_of(filled: dict[str, object], match: re.Match[str]) -> str:
    return str(filled[match.group(1)])


def _takes(walk: Walk, entry: Entry, path: str, method: str) -> bool:
    """Whether a view function takes ``method`` at all: not a 405 to someone let in."""
    assert entry.declared is not None
    levels = entry.declared.levels(method) or frozenset()
    role = next((role for role, held in reversed(HELD.items()) if levels & held), None)
    if role is None:
        return True
    response, _ = _ask(walk, role, method, path, is_api=entry.is_api, write_check=False)
    return response.status_code != 405


def _state_matters(entry: Entry) -> bool:
    """Whether the event's state may change who reads the route: it names an event, and its
    reads are not for the event's staff only (or the declaration says how they change)."""
    assert entry.declared is not None
    staff = {Access.EVENT_JUDGE, Access.EVENT_ORGANISER, Access.SITE_STAFF}
    reads = entry.declared.levels("GET") or frozenset(staff)
    names_event = bool(set(entry.kwargs) & subject_kwargs())
    return names_event and (bool(entry.declared.when) or not reads <= staff)


def _walk_method(
    walk: Walk, entry: Entry, path: str, method: str, *, condition: Condition | None = None,
    refused_only: bool = False,
) -> list[str]:  # fmt: skip
    """One path and method, asked by every person (``refused_only``: by those the declaration
    refuses; whoever it lets in passes the guard, so the views alone answer them as with it)."""
    assert entry.declared is not None
    levels = entry.declared.levels(method, condition)
    assert levels is not None
    problems = []
    for role, held in HELD.items():
        allowed = bool(levels & held)
        if allowed and refused_only:
            continue
        write_check = not allowed and method in WRITES
        response, unchanged = _ask(
            walk, role, method, path, is_api=entry.is_api, write_check=write_check
        )
        problem = _problem(
            response, allowed=allowed, anonymous=role == "anonymous",
            is_api=entry.is_api, hidden=condition is not None,
        )  # fmt: skip
        if problem is None and not unchanged:
            problem = f"refused with {response.status_code} but the database changed"
        if problem is not None:
            state = f" [{condition.name}]" if condition else ""
            verdict = "allowed" if allowed else "refused"
            problems.append(f"{method} {path}{state} as {role} ({verdict}): {problem}")
    return problems


# --- the tests -----------------------------------------------------------------------------------


def test_every_route_declares_who_may_use_it() -> None:
    undeclared = [f"{entry.route} ({entry.name})" for entry in ENTRIES if entry.declared is None]
    assert undeclared == [], "routes without an access declaration (core.access.route)"
    assert len(ROUTES) > 60


def test_declared_includes_hold_no_view_of_ours() -> None:
    """``include_declared`` is for third-party URLconfs only: ours declare each route."""

    def callbacks(patterns: Sequence[URLPattern | URLResolver]) -> Iterator[Any]:
        for pattern in patterns:
            if isinstance(pattern, URLResolver):
                yield from callbacks(pattern.url_patterns)
            else:
                yield pattern.callback

    for entry in INCLUDES:
        assert isinstance(entry.pattern, URLResolver)
        ours = [
            f"{callback.__module__}.{callback.__name__}"
            for callback in callbacks(entry.pattern.url_patterns)
            if callback.__module__.split(".")[0] in OUR_PACKAGES
        ]
        assert ours == [], f"{entry.route} is declared as a whole but holds our views"


def test_event_levels_are_declared_only_where_the_route_names_an_event() -> None:
    for entry in ROUTES:
        assert entry.declared is not None
        levels = set().union(*entry.declared.methods.values(), *entry.declared.when.values())
        if levels & access.SUBJECT_LEVELS:
            assert set(entry.kwargs) & subject_kwargs(), (
                f"{entry.route} declares {entry.declared} but names no event"
            )


GUARD_MODES = ["route guard", "views alone"]


@pytest.fixture(params=GUARD_MODES)
def guard(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    if request.param == "views alone":
        monkeypatch.setattr(access, "route_refusal", lambda **kwargs: None)
    return str(request.param)


@pytest.mark.parametrize("entry", ROUTES, ids=[entry.name for entry in ROUTES])
def test_route_answers_as_declared(walk: Walk, guard: str, entry: Entry) -> None:
    started = time.process_time()
    problems = _walk_route(walk, entry, views_alone=guard == "views alone")
    assert problems == [], f"{entry.declared} ({time.process_time() - started:.2f} s)"


@pytest.mark.parametrize("entry", INCLUDES, ids=[entry.name for entry in INCLUDES])
def test_declared_include_answers_as_declared(walk: Walk, entry: Entry) -> None:
    """A third-party include is asked at its first route without arguments."""
    assert isinstance(entry.pattern, URLResolver)
    assert entry.declared is not None
    first = next(
        p for p in entry.pattern.url_patterns if not CONVERTER.search(str(p.pattern))
        and "(?P<" not in str(p.pattern)
    )  # fmt: skip
    path = "/" + entry.route + str(first.pattern).lstrip("^").rstrip("$")
    levels = entry.declared.levels("GET")
    assert levels is not None
    problems = []
    for role, held in HELD.items():
        response, _ = _ask(walk, role, "GET", path, is_api=False, write_check=False)
        problem = _problem(
            response, allowed=bool(levels & held), anonymous=role == "anonymous", is_api=False
        )
        if problem is not None and not (not levels & held and _is_login_redirect(response)):
            problems.append(f"GET {path} as {role}: {problem}")
    assert problems == []
