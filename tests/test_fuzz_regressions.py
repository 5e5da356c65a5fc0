"""Inputs a fuzzing run turned into server errors; each is now a 4xx (or a clean report). Then
the form fuzzing: every form of each person's pages, posted with generated values."""

from __future__ import annotations

import json
import os
import re
from dataclasses import dataclass, field
from html.parser import HTMLParser
from typing import Any

import pytest
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from rest_framework.test import APIClient

pytestmark = pytest.mark.django_db

TOO_BIG = "9223372036854775808"  # 2**63: no 64-bit key holds it


def _routes(patterns: list[Any], prefix: str = "") -> list[str]:
    found: list[str] = []
    for pattern in patterns:
        route = prefix + str(pattern.pattern)
        if isinstance(pattern, URLResolver):
            found.extend(_routes(pattern.url_patterns, route))
        elif isinstance(pattern, URLPattern) and "<id:" in route:
            found.append(route)
    return found


ROUTES = _routes(get_resolver().url_patterns)


def _fill(route: str) -> str:
    path = re.sub(r"<id:\w+>", TOO_BIG, route)
    path = re.sub(r"<slug:\w+>", "zutomayo", path)
    return "/" + re.sub(r"<(?:str:)?\w+>", "x", path)


def test_every_id_route_was_found() -> None:
    assert len(ROUTES) > 30


@pytest.mark.parametrize("route", ROUTES)
def test_an_id_too_large_for_the_database_is_not_a_server_error(route: str, make_user: Any) -> None:
    client = APIClient()
    client.force_authenticate(make_user("fuzzer"))
    path = _fill(route)
    assert client.get(path).status_code < 500, path
    assert client.post(path, {}, format="json").status_code < 500, path


def test_json_nested_absurdly_deep_is_a_400() -> None:
    body = "[" * 20_000
    response = APIClient().post("/api/v1/decklists/check/", body, content_type="application/json")
    assert response.status_code == 400


@pytest.mark.parametrize(
    "decklist",
    ['[{"card": "1st_1", "count": ' + "1" * 4301 + "}]", "[" * 20_000],
    ids=["4301-digit-count", "deep-nesting"],
)
def test_unusable_decklist_json_is_reported_not_raised(decklist: str) -> None:
    response = APIClient().post(
        "/api/v1/decklists/check/",
        {"game": "zutomayo", "format": "json", "decklist": decklist},
        format="json",
    )
    assert response.status_code == 200
    assert response.json()["errors"][0]["code"] == "bad_json"


def test_a_game_record_nested_too_deep_is_a_400(make_user: Any) -> None:
    client = APIClient()
    client.force_authenticate(make_user("judge"))
    value: Any = []
    for _ in range(500):
        value = [value]
    record = {
        "format": "zutomayo-game/1",
        "night_side": 0,
        "players": [{"deck": []}, {"deck": []}],
        "claims": [{"party": "a", "at": "T1", "path": "medal", "value": value}],
    }
    response = client.post("/api/v1/judging/replay/", json.dumps({"record": record}),
                           content_type="application/json")  # fmt: skip
    assert response.status_code == 400
    assert "nested" in response.json()["detail"]


def test_a_year_one_datetime_is_a_400(make_user: Any) -> None:
    client = APIClient()
    client.force_authenticate(make_user("organiser"))
    response = client.post(
        "/api/v1/events/",
        {"name": "x", "game": "zutomayo", "date": "2027-01-01",
         "decklist_deadline": "0001-01-01T00:00:00"},
        format="json",
    )  # fmt: skip
    assert response.status_code == 400
    assert response.json()["field"] == "decklist_deadline"


# -- Numbers, secrets and echoed text a person can send ------------------------------------------

#: ``str.isdigit()`` says yes to these and ``int()`` refuses or misreads them.
NOT_ASCII_DIGITS = ["²", "١٢", "１２", "1_000", "𝟙"]
#: A decklist JSON file holding half of a surrogate pair, as JSON text escapes it.
SURROGATE_DECK = b'{"cards": [\n  {"card": "\\ud800", "count": 2}\n]}'


@pytest.mark.parametrize("raw", NOT_ASCII_DIGITS)
def test_a_number_that_is_not_ascii_digits_is_a_400_naming_the_field(
    raw: str, make_user: Any
) -> None:
    client = Client(raise_request_exception=False)
    client.force_login(make_user("numbers"))
    revoke = client.post("/accounts/tokens/revoke/", {"token": raw})
    assert revoke.status_code == 400
    read = client.post("/notifications/read/", {"id": raw})
    assert read.status_code == 400
    assert "digits 0–9" in read.content.decode()


def test_a_saved_deck_number_that_is_not_ascii_digits_is_ignored(
    make_user: Any, make_event: Any
) -> None:
    from tournaments.services import registration_create

    player = make_user("saved")
    registration = registration_create(event=make_event(), user=player, display_name="Saved")
    client = Client(raise_request_exception=False)
    client.force_login(player)
    page = client.get(f"/cards/decklists/{registration.pk}/?saved=²")
    assert page.status_code == 200


@pytest.mark.parametrize("head", ["²", "١", "1_0"])
def test_a_ban_list_limit_that_is_not_ascii_digits_names_the_line(
    head: str, make_event: Any
) -> None:
    from cardpool.banlists import parse_entries
    from cardpool.models import Format
    from core.errors import InvalidInputError

    fmt = Format.objects.create(game=make_event().game, slug="c", name="C")
    with pytest.raises(InvalidInputError) as refused:
        parse_entries(fmt=fmt, text=f"1 1st_1\n{head} 1st_2")
    assert refused.value.field == "entries"
    assert "line 2" in refused.value.message


@pytest.mark.parametrize("code", ["é", "\u202e", "ｘ" * 40, "\x01"])
def test_a_check_in_code_in_any_script_is_a_wrong_code_not_a_500(
    code: str, make_user: Any, make_event: Any
) -> None:
    from urllib.parse import quote

    from tournaments.services import registration_create
    from tournaments.services.checkin import event_check_in_open

    organiser, player = make_user("desk"), make_user("scanner")
    event = make_event(organiser=organiser)
    registration_create(event=event, user=player, display_name="Scanner")
    event_check_in_open(event_id=event.pk, by=organiser)
    api = APIClient(raise_request_exception=False)
    api.force_authenticate(player)
    answer = api.post(f"/api/v1/events/{event.pk}/check-in/", {"code": code}, format="json")
    assert answer.status_code == 400
    assert answer.json()["field"] == "token"
    page = Client(raise_request_exception=False)
    page.force_login(player)
    scanned = page.get(f"/events/{event.pk}/check-in/scan/?code={quote(code)}")
    assert scanned.status_code == 400


@pytest.mark.parametrize(("lang", "said"), [("en", "invalid character"), ("ja", "無効な文字")])
def test_a_decklist_file_with_a_lone_surrogate_is_a_400_naming_the_line(
    lang: str, said: str
) -> None:
    from django.core.files.uploadedfile import SimpleUploadedFile

    upload = SimpleUploadedFile("deck.json", SURROGATE_DECK, content_type="application/json")
    response = APIClient(raise_request_exception=False).post(
        "/api/v1/decklists/check/",
        {"game": "zutomayo", "file": upload},
        format="multipart",
        HTTP_ACCEPT_LANGUAGE=lang,
    )
    assert response.status_code == 400
    body = response.json()
    assert body["field"] == "decklist"
    assert said in body["detail"]
    assert "2" in body["detail"]  # the line
    assert "\\ud800" not in response.content.decode()


def test_a_players_decklist_file_with_a_lone_surrogate_is_a_400(
    make_user: Any, make_event: Any
) -> None:
    from django.core.files.uploadedfile import SimpleUploadedFile

    from tournaments.services import registration_create

    player = make_user("surrogate")
    registration = registration_create(event=make_event(), user=player, display_name="Sur")
    client = Client(raise_request_exception=False)
    client.force_login(player)
    upload = SimpleUploadedFile("deck.json", SURROGATE_DECK, content_type="application/json")
    page = client.post(f"/cards/decklists/{registration.pk}/", {"file": upload})
    assert page.status_code == 400
    assert "line 2: invalid character" in page.content.decode()
    api = APIClient(raise_request_exception=False)
    api.force_authenticate(player)
    upload = SimpleUploadedFile("deck.json", SURROGATE_DECK, content_type="application/json")
    answer = api.post(
        f"/api/v1/registrations/{registration.pk}/decklist/", {"file": upload}, format="multipart"
    )
    assert answer.status_code == 400
    assert "invalid character" in answer.json()["detail"]


# -- Form fuzzing: every form of the pages each person uses, posted with generated values -------
#
# The forms are read from the pages themselves (never a list kept here): each person opens their
# pages, and every POST form found (its action, its fields, a select's options) is sent with
# values hypothesis generates: text in any script, numbers too large for any column, the empty
# string, a very long value, a select's own options, a hidden field's own value. Any 5xx fails.
# Two budgets (docs/testing.md): ``smoke`` (1 example per form, every commit) and ``full``
# (``FUZZ_EXAMPLES``, default 25, marked ``fuzz``: ``make fuzz``).

FORM_SMOKE_EXAMPLES = 1
FORM_FULL_EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES") or 25)


@dataclass
class Form:
    page: str
    action: str
    fields: dict[str, list[str]] = field(default_factory=dict)  # name -> its own values
    hidden: set[str] = field(default_factory=set)


class _Forms(HTMLParser):
    """The POST forms of a page: action, fields and their values (a select's options)."""

    def __init__(self, page: str) -> None:
        super().__init__()
        self.page = page
        self.forms: list[Form] = []
        self._form: Form | None = None
        self._select = ""

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "form" and a.get("method", "get").lower() == "post":
            self._form = Form(page=self.page, action=a.get("action") or self.page)
            self.forms.append(self._form)
        elif self._form is None:
            return
        elif tag in ("input", "button", "textarea") and a.get("name"):
            if a.get("type") in ("file", "image"):
                return
            self._form.fields.setdefault(a["name"], []).append(a.get("value", ""))
            if a.get("type") == "hidden":
                self._form.hidden.add(a["name"])
        elif tag == "select" and a.get("name"):
            self._select = a["name"]
            self._form.fields.setdefault(self._select, [])
        elif tag == "option" and self._select:
            self._form.fields[self._select].append(a.get("value", ""))

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self._form = None
        elif tag == "select":
            self._select = ""


def _odd_values() -> st.SearchStrategy[str]:
    return st.one_of(
        st.text(max_size=40),
        st.from_regex(r"-?[0-9]{1,25}", fullmatch=True),
        st.sampled_from(["", " ", "0", "-1", TOO_BIG, "x" * 5000, "1e309", "NaN", "\x00",
                         "2027-02-30", "0001-01-01T00:00:00", "<script>", "9999-12-31"]),
    )  # fmt: skip


def _values(form: Form) -> st.SearchStrategy[dict[str, str]]:
    fields = {}
    for name, own in form.fields.items():
        mine = st.sampled_from(own) if own else st.nothing()
        fields[name] = st.one_of(mine, _odd_values()) if own else _odd_values()
        if name in form.hidden or name == "csrfmiddlewaretoken":
            fields[name] = st.one_of(mine, mine, _odd_values())
    return st.fixed_dictionaries(fields)


@pytest.fixture
def people_pages(make_user: Any, make_event: Any) -> dict[str, tuple[Any, list[str]]]:
    """An event in round 1 with a case open: each person and the pages they use."""
    from judging.services import judge_case_open
    from tournaments.services import (
        event_role_grant,
        registration_check_in,
        registration_create,
        round_pair,
    )

    organiser, judge = make_user("f-organiser", is_staff=False), make_user("f-judge")
    event = make_event(organiser=organiser)
    event_role_grant(event=event, user=judge, role="judge", granted_by=organiser)
    players = [make_user(f"f-player{n}") for n in range(4)]
    registrations = [
        registration_create(event=event, user=p, display_name=f"Fuzz {n}", by=p)
        for n, p in enumerate(players)
    ]
    for registration in registrations:
        registration_check_in(registration_id=registration.pk, by=organiser)
    match = round_pair(event_id=event.pk, by=organiser, seed=1).matches.filter(is_bye=False)[0]
    case = judge_case_open(event_id=event.pk, by=judge, title="Fuzzed?")
    e, mine = event.pk, match.player_a
    return {
        "organiser": (organiser, ["/events/new/", f"/events/{e}/edit/", f"/events/{e}/manage/",
                                  f"/events/{e}/staff/", f"/events/{e}/check-in/",
                                  f"/events/{e}/announcements/", f"/events/{e}/copy/"]),
        "player": (mine.user, [f"/events/{e}/", f"/cards/decklists/{mine.pk}/",
                               f"/events/matches/{match.pk}/", "/notifications/settings/",
                               "/accounts/profile/", "/claim/", "/decks/build/zutomayo/"]),
        "judge": (judge, [f"/events/{e}/judge/", f"/judging/events/{e}/cases/",
                          f"/judging/cases/{case.pk}/"]),
    }  # fmt: skip


def _forms(client: Client, pages: list[str]) -> list[Form]:
    found: dict[tuple[str, tuple[str, ...]], Form] = {}
    for page in pages:
        response = client.get(page)
        assert response.status_code == 200, (page, response.status_code)
        parser = _Forms(page)
        parser.feed(response.content.decode())
        for form in parser.forms:
            if "/logout/" in form.action or "/accounts/delete/" in form.action:
                continue  # the person would leave the walk
            found.setdefault((form.action, tuple(sorted(form.fields))), form)
    return list(found.values())


@pytest.mark.parametrize(
    "examples",
    [
        pytest.param(FORM_SMOKE_EXAMPLES, id="smoke"),
        pytest.param(FORM_FULL_EXAMPLES, id="full", marks=pytest.mark.fuzz),
    ],
)
@pytest.mark.parametrize("who", ["organiser", "player", "judge"])
def test_no_form_answers_generated_values_with_a_server_error(
    who: str, examples: int, people_pages: dict[str, tuple[Any, list[str]]]
) -> None:
    user, pages = people_pages[who]
    client = Client(raise_request_exception=False)
    client.force_login(user)
    forms = _forms(client, pages)
    assert forms, f"no form on {pages}"
    failures: list[str] = []
    for form in forms:
        try:
            _fuzz(client, user, form, examples)
        except AssertionError as exc:
            failures.append(f"{form.action} (from {form.page}): {exc}"[:1500])
    assert not failures, f"{len(failures)} forms failed as {who}:\n" + "\n\n".join(failures)


def _fuzz(client: Client, user: Any, form: Form, examples: int) -> None:
    """``examples`` posts of generated values to ``form``; an AssertionError names a 5xx."""

    @given(values=_values(form))
    @settings(max_examples=examples, derandomize=True, deadline=None, database=None,
              suppress_health_check=list(HealthCheck))  # fmt: skip
    def posts(values: dict[str, str]) -> None:
        client.force_login(user)  # a form may have logged the person out
        response = client.post(form.action, values)
        assert response.status_code < 500, f"{response.status_code} for {values!r}"

    posts()


# -- Every route of the URLconf, posted with generated values ------------------------------------
#
# The routes come from the resolver (never a list kept here), their arguments filled from the
# same world as the form fuzzing (its event, match, registration, case). Each write method is
# sent generated values: text in any script, digits that are not ASCII (², ١٢), control
# characters, very long strings, wrong types (numbers, lists, objects, null) in JSON, JSON text
# escaping half a surrogate pair, and files (JSON holding a lone surrogate, bytes that are not
# UTF-8). As anonymous, player and organiser; any 5xx fails. ``smoke`` (every commit): one
# example per route, the person taking turns; ``full`` (``make fuzz``): ``FUZZ_EXAMPLES`` per
# route and person.

#: Field names the site's forms and serializers use, so generated bodies reach past "required".
FIELD_NAMES = (
    "name", "title", "text", "code", "decklist", "game", "format", "date", "venue", "round",
    "table", "id", "token", "registration", "registrations", "count", "wins_a", "wins_b", "draws",
    "minutes", "user", "role", "status", "reason", "entries", "bye", "display_name", "email",
    "login", "password", "deck", "match", "notes", "call", "invitation", "tables", "lang",
    "record", "capacity", "scoring", "kinds",
)  # fmt: skip
UNICODE_DIGITS = ["²", "١٢", "１２", "𝟙", "1_000", "⁵"]
CONTROLS = ["\x01", "\x1b[2J", "\u202e", "\u200b", "\x85", "a\tb\nc", "\ufeff"]


def _text_values() -> st.SearchStrategy[str]:
    return st.one_of(
        _odd_values(),
        st.sampled_from(UNICODE_DIGITS + CONTROLS),
        st.text(alphabet=st.characters(codec="utf-8"), max_size=30),
        st.integers(min_value=1, max_value=40).map(lambda n: "²" * n),
        st.just("ｘ" * 20_000),
    )


def _json_values() -> st.SearchStrategy[Any]:
    scalars = st.one_of(
        _text_values(), st.integers(), st.floats(allow_nan=False), st.booleans(), st.none()
    )
    return st.recursive(scalars, lambda inner: st.lists(inner, max_size=3)
                        | st.dictionaries(st.sampled_from(FIELD_NAMES), inner, max_size=3),
                        max_leaves=6)  # fmt: skip


def _bodies() -> st.SearchStrategy[tuple[str, Any]]:
    """(kind, body): a JSON object, raw JSON text escaping a lone surrogate, a form, a file."""
    fields = st.dictionaries(st.sampled_from(FIELD_NAMES), _json_values(), max_size=5)
    form = st.dictionaries(st.sampled_from(FIELD_NAMES), _text_values(), max_size=5)
    surrogate_json = st.sampled_from(
        ['{"name": "\\ud800"}', '{"code": "\\udfff", "title": "x"}', '["\\ud83d"]']
    )
    files = st.sampled_from(
        [SURROGATE_DECK, b"\xff\xfe\xfa", b'{"cards": [{"card": "1st_1", "count": "\xc2\xb2"}]}',
         "2 DEMO_1\n²  DEMO_2\n".encode(), b"name,count\n\x00,1\n"]
    )  # fmt: skip
    return st.one_of(
        st.tuples(st.just("json"), fields),
        st.tuples(st.just("raw"), surrogate_json),
        st.tuples(st.just("form"), form),
        st.tuples(st.just("file"), st.tuples(form, files)),
    )


def _fill_routes(world: dict[str, int]) -> list[str]:
    """Every route but the admin's, its arguments filled (a custom converter: its first word)."""
    filled: list[str] = []

    def walk(patterns: list[Any], prefix: str, converters: dict[str, Any]) -> None:
        for pattern in patterns:
            route = prefix + str(pattern.pattern)
            found = {**converters, **getattr(pattern.pattern, "converters", {})}
            if isinstance(pattern, URLResolver):
                walk(pattern.url_patterns, route, found)
                continue
            if route.startswith("admin/") or "(?P<" in route or route.startswith("^"):
                continue

            def value(match: re.Match[str], found: dict[str, Any] = found) -> str:
                name = match.group(2)
                if name in world:
                    return str(world[name])
                converter = found.get(name)
                if converter is not None and "|" in converter.regex:
                    return str(converter.regex.split("|")[0])
                return {"game": "zutomayo", "number": "1"}.get(name, "1")

            filled.append("/" + re.sub(r"<(?:(\w+):)?(\w+)>", value, route))

    walk(get_resolver().url_patterns, "", {})
    return sorted(set(filled))


def _send(client: Client, path: str, method: str, kind: str, body: Any) -> Any:
    from django.core.files.uploadedfile import SimpleUploadedFile

    send = getattr(client, method)
    if kind == "json":
        return send(path, json.dumps(body, ensure_ascii=False), content_type="application/json")
    if kind == "raw":
        return send(path, body, content_type="application/json")
    if kind == "file":
        form, content = body
        upload = SimpleUploadedFile("upload.json", content, content_type="application/json")
        if method != "post":
            return send(path, json.dumps(form), content_type="application/json")
        return send(path, {**form, "file": upload})
    if method == "post":
        return send(path, body)
    return send(path, json.dumps(body), content_type="application/json")


@pytest.fixture
def route_world(people_pages: dict[str, tuple[Any, list[str]]]) -> dict[str, Any]:
    from judging.models import JudgeCase
    from tournaments.models import Match

    organiser = people_pages["organiser"][0]
    player = people_pages["player"][0]
    match = Match.objects.filter(is_bye=False).order_by("pk").first()
    assert match is not None
    ids = {
        "event_id": match.round.event_id,
        "match_id": match.pk,
        "registration_id": match.player_a_id,
        "case_id": JudgeCase.objects.get().pk,
        "user_id": player.pk,
    }
    return {"routes": _fill_routes(ids), "people": {"anonymous": None, "player": player,
                                                     "organiser": organiser}}  # fmt: skip


ROUTE_FULL_EXAMPLES = int(os.environ.get("FUZZ_EXAMPLES") or 25)


@pytest.mark.parametrize(
    "examples",
    [pytest.param(0, id="smoke"),
     pytest.param(ROUTE_FULL_EXAMPLES, id="full", marks=pytest.mark.fuzz)],
)  # fmt: skip
def test_no_route_answers_generated_values_with_a_server_error(
    examples: int, route_world: dict[str, Any]
) -> None:
    """``examples`` 0 is the smoke: one example per route, anonymous, player and organiser taking
    turns; otherwise that many per route and person."""
    routes, people = route_world["routes"], route_world["people"]
    assert len(routes) > 150, routes
    names = list(people)
    failures: list[str] = []
    for index, path in enumerate(routes):
        who = [names[index % len(names)]] if examples == 0 else names
        for name in who:
            client = Client(raise_request_exception=False)
            try:
                _fuzz_route(client, people[name], path, max(examples, 1))
            except AssertionError as exc:
                failures.append(f"{path} as {name}: {exc}"[:1500])
    assert not failures, f"{len(failures)} routes failed:\n" + "\n\n".join(failures)


def _fuzz_route(client: Client, user: Any, path: str, examples: int) -> None:
    methods = ("post", "put", "patch", "delete")

    @given(method=st.sampled_from(methods), sent=_bodies())
    @settings(max_examples=examples, derandomize=True, deadline=None, database=None,
              suppress_health_check=list(HealthCheck))  # fmt: skip
    def sends(method: str, sent: tuple[str, Any]) -> None:
        if user is not None:
            client.force_login(user)  # a route may have logged the person out
        response = _send(client, path, method, *sent)
        assert response.status_code < 500, f"{response.status_code} for {method} {sent!r:.300}"

    sends()
