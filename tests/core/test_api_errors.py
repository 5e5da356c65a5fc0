"""Every API error has one shape, ``{"code", "detail", "field"}`` (plus ``errors`` when there
are several, plus a domain error's documented keys): one test per family, through real routes."""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from typing import Any
from unittest import mock

import pytest
from django.core.exceptions import ValidationError as DjangoValidationError
from django.db import OperationalError
from rest_framework import exceptions, serializers
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.test import APIClient, APIRequestFactory
from rest_framework.views import APIView

from core.api import ErrorOutputSerializer, exception_handler
from tests.clients import api
from tournaments.services import registration_check_in, registration_create, round_pair

pytestmark = pytest.mark.django_db

API = "/api/v1"


def assert_shape(body: dict[str, Any]) -> None:
    """The three keys, always; a string code and detail; a string or null field."""
    assert {"code", "detail", "field"} <= set(body)
    assert isinstance(body["code"], str)
    assert body["code"]
    assert isinstance(body["detail"], str)
    assert body["detail"]
    assert body["field"] is None or isinstance(body["field"], str)
    for item in body.get("errors", []):
        assert set(item) == {"code", "detail", "field"}


@pytest.fixture
def organiser(make_user: Callable[..., Any]) -> Any:
    return make_user("org")


@pytest.fixture
def event(make_event: Callable[..., Any], organiser: Any) -> Any:
    return make_event(organiser=organiser)


@pytest.fixture
def paired(event: Any, organiser: Any, make_user: Callable[..., Any]) -> Any:
    for n in range(1, 5):
        registration = registration_create(
            event=event, user=make_user(f"p{n}"), display_name=f"Player {n}"
        )
        registration_check_in(registration_id=registration.pk, by=organiser)
    round_pair(event_id=event.pk, by=organiser, seed=7)
    return event


# --- validation ---------------------------------------------------------------------------------


def test_one_validation_error_has_no_list(organiser: Any) -> None:
    response = api(organiser).post(
        f"{API}/events/", {"name": "X", "game": "zutomayo", "date": "soon"}, format="json"
    )
    assert response.status_code == 400
    body = response.json()
    assert_shape(body)
    assert (body["code"], body["field"]) == ("invalid", "date")
    assert "errors" not in body


def test_several_validation_errors_list_them_all_the_first_on_top(organiser: Any) -> None:
    response = api(organiser).post(
        f"{API}/events/", {"game": "chess", "date": "2026-12-24", "capacity": -1}, format="json"
    )
    assert response.status_code == 400
    body = response.json()
    assert_shape(body)
    fields = {(item["field"], item["code"]) for item in body["errors"]}
    assert fields == {("name", "required"), ("game", "invalid_choice"), ("capacity", "min_value")}
    assert body["errors"][0] == {key: body[key] for key in ("code", "detail", "field")}


def test_a_nested_field_is_a_dotted_path(event: Any, organiser: Any) -> None:
    response = api(organiser).patch(
        f"{API}/events/{event.pk}/", {"scoring": {"win": "three"}}, format="json"
    )
    assert response.status_code == 400
    body = response.json()
    assert_shape(body)
    assert (body["code"], body["field"]) == ("invalid", "scoring.win")


def test_wrong_credentials_are_about_no_one_field(make_user: Callable[..., Any]) -> None:
    make_user("aoi")
    response = api().post(f"{API}/auth/token/", {"username": "aoi", "password": "wrong"})
    assert response.status_code == 400
    body = response.json()
    assert_shape(body)
    assert (body["code"], body["field"]) == ("authorization", None)


def test_a_missing_password_names_the_field() -> None:
    response = api().post(f"{API}/auth/token/", {"username": "aoi"})
    assert response.status_code == 400
    assert (response.json()["code"], response.json()["field"]) == ("required", "password")


# --- domain errors ------------------------------------------------------------------------------


def test_a_domain_error_keeps_its_code_field_and_documented_keys(
    paired: Any, organiser: Any
) -> None:
    response = api(organiser).post(f"{API}/events/{paired.pk}/rounds/1/complete/")
    assert response.status_code == 409
    body = response.json()
    assert_shape(body)
    assert (body["code"], body["field"]) == ("results_missing", "round")
    assert body["tables"] == [1, 2]


def test_a_domain_error_names_its_field(paired: Any, organiser: Any) -> None:
    response = api(organiser).post(f"{API}/events/{paired.pk}/rounds/", {}, format="json")
    assert response.status_code == 409
    body = response.json()
    assert_shape(body)
    assert (body["code"], body["field"]) == ("round_not_complete", "round")


# --- authentication, permission, lookup -----------------------------------------------------------


def test_not_authenticated() -> None:
    response = api().post(f"{API}/events/", {"name": "X"}, format="json")
    assert response.status_code == 403
    body = response.json()
    assert_shape(body)
    assert (body["code"], body["field"]) == ("not_authenticated", None)


def test_a_bad_token_is_refused_in_the_same_shape() -> None:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION="Token not-a-token")
    response = client.get(f"{API}/events/")
    assert response.status_code == 401
    assert response.json()["code"] == "authentication_failed"


def test_permission_denied(event: Any, make_user: Callable[..., Any]) -> None:
    response = api(make_user()).post(f"{API}/events/{event.pk}/status/", {"status": "draft"})
    assert response.status_code == 403
    body = response.json()
    assert_shape(body)
    assert (body["code"], body["field"]) == ("permission_denied", None)


def test_not_found() -> None:
    response = api().get(f"{API}/events/999999/")
    assert response.status_code == 404
    body = response.json()
    assert_shape(body)
    assert body["code"] == "not_found"


def test_an_unknown_api_url_is_a_json_404() -> None:
    response = api().get(f"{API}/no-such-thing/")
    assert response.status_code == 404
    assert response["Content-Type"] == "application/json"
    assert response.json() == {
        "code": "not_found",
        "detail": f"no API URL {API}/no-such-thing/",
        "field": None,
    }


def test_an_unknown_page_url_stays_a_page() -> None:
    response = api().get("/no-such-page/")
    assert response.status_code == 404
    assert response["Content-Type"].startswith("text/html")


# --- the request itself -------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("method", "data", "content_type", "status", "code"),
    [
        ("post", '{"name": ', "application/json", 400, "parse_error"),
        ("delete", "", "application/json", 405, "method_not_allowed"),
        ("post", "<event/>", "application/xml", 415, "unsupported_media_type"),
    ],
    ids=["bad-json", "wrong-method", "xml"],
)
def test_a_request_that_cannot_be_read(
    organiser: Any, method: str, data: str, content_type: str, status: int, code: str
) -> None:
    send = getattr(api(organiser), method)
    response = send(f"{API}/events/", data, content_type=content_type)
    assert response.status_code == status
    body = response.json()
    assert_shape(body)
    assert (body["code"], body["field"]) == (code, None)


# --- the handler on its own: what no route raises today --------------------------------------


class _Item(serializers.Serializer[dict[str, Any]]):
    name = serializers.CharField(max_length=3)


class _Order(serializers.Serializer[dict[str, Any]]):
    items = _Item(many=True)


class _RaisingApi(APIView):
    permission_classes = [AllowAny]
    exc: Exception = Exception()

    def post(self, request: Request) -> Response:
        raise self.exc


def _answer(exc: Exception) -> Response:
    view = _RaisingApi.as_view(exc=exc)
    return view(APIRequestFactory().post("/", {}, format="json"))


def test_throttled_says_when_to_retry() -> None:
    response = _answer(exceptions.Throttled(wait=5))
    assert response.status_code == 429
    assert response["Retry-After"] == "5"
    assert_shape(response.data)
    assert (response.data["code"], response.data["field"]) == ("throttled", None)


def test_items_of_a_list_are_numbered() -> None:
    serializer = _Order(data={"items": [{"name": "a"}, {"name": "toolong"}, {}]})
    assert not serializer.is_valid()
    response = _answer(serializers.ValidationError(serializer.errors))
    assert [(e["code"], e["field"]) for e in response.data["errors"]] == [
        ("max_length", "items.1.name"),
        ("required", "items.2.name"),
    ]


def test_a_django_validation_error_is_in_the_same_shape() -> None:
    exc = DjangoValidationError(
        {"email": ["Enter a valid email address."], "__all__": ["Not today."]}
    )
    response = exception_handler(exc, {})
    assert response is not None
    assert response.status_code == 400
    assert [(e["field"], e["detail"]) for e in response.data["errors"]] == [
        ("email", "Enter a valid email address."),
        (None, "Not today."),
    ]


def test_an_unexpected_error_is_left_to_the_server() -> None:
    assert exception_handler(ZeroDivisionError(), {}) is None


def test_the_schema_documents_the_error_shape() -> None:
    schema = api().get("/api/schema/", HTTP_ACCEPT="application/json").json()
    error = schema["components"]["schemas"]["Error"]
    assert error["required"] == ["code", "detail", "field"]
    assert {"errors", "problems", "tables", "report"} <= set(error["properties"])
    assert set(ErrorOutputSerializer().fields) == set(error["properties"])
    responses = schema["paths"]["/api/v1/events/"]["post"]["responses"]
    for status in ("400", "403", "404", "409"):
        reference = responses[status]["content"]["application/json"]["schema"]["$ref"]
        assert reference == "#/components/schemas/Error"


def test_an_api_read_during_database_loss_is_a_json_503_with_retry_after() -> None:
    """A terminated connection (a failover) is a 503 a client can retry, never a 500."""
    lost = OperationalError("terminating connection due to administrator command")
    with mock.patch("django.db.backends.utils.CursorWrapper.execute", side_effect=lost):
        response = APIClient().get("/api/v1/events/")
    assert response.status_code == 503
    assert response["Retry-After"] == "5"
    assert response.json()["code"] == "database_unavailable"


def test_the_database_lost_outside_drf_is_a_503_with_retry_after(rf: Any) -> None:
    """A failover seen outside the API views: a query outside DRF's views (a middleware's, the
    session's) that meets a terminated connection answers 503 with Retry-After too, never the 500
    page."""
    from core.views import server_error

    try:
        raise OperationalError("terminating connection due to administrator command")
    except OperationalError:
        api_response = server_error(rf.get("/api/v1/events/"))
        page_response = server_error(rf.get("/"))
    assert (api_response.status_code, api_response["Retry-After"]) == (503, "5")
    assert json.loads(api_response.content)["code"] == "database_unavailable"
    assert (page_response.status_code, page_response["Retry-After"]) == (503, "5")
    assert page_response["Content-Type"] == "text/html; charset=utf-8"
    assert b"<h1>Back in a moment</h1>" in page_response.content
    assert b"Try again in 5 seconds." in page_response.content
    assert server_error(rf.get("/api/v1/events/")).status_code == 500  # any other failure


@pytest.mark.django_db
def test_a_page_whose_session_meets_a_lost_database_is_a_503() -> None:
    from django.test import Client

    client = Client(raise_request_exception=False)
    client.cookies["sessionid"] = "a" * 32
    lost = OperationalError("terminating connection due to administrator command")
    with mock.patch(
        "django.contrib.sessions.backends.db.SessionStore._get_session_from_db", side_effect=lost
    ):
        response = client.get("/")
    assert response.status_code == 503
    assert response["Retry-After"] == "5"


class _Score(serializers.Serializer[Mapping[str, object]]):
    wins = serializers.IntegerField(min_value=0, max_value=2)
    note = serializers.CharField(required=False, default="")
    made = 0

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        type(self).made += 1
        super().__init__(*args, **kwargs)


def test_one_checker_per_serializer_answers_each_input_as_a_fresh_one_would() -> None:
    from core.api import validated

    before = _Score.made
    first = validated(_Score, {"wins": 2, "note": "アン"})
    with pytest.raises(exceptions.ValidationError) as refused:
        validated(_Score, {"wins": 3})
    second = validated(_Score, {"wins": 1})
    assert _Score.made - before <= 1  # one instance for the three checks (this thread's)
    assert first == {"wins": 2, "note": "アン"}
    assert second == {"wins": 1, "note": ""}  # nothing of the first input or the refusal left
    fresh = _Score(data={"wins": 3})
    assert not fresh.is_valid()
    assert refused.value.detail == fresh.errors  # the detail is_valid gives
    first["wins"] = 0
    assert validated(_Score, {"wins": 2}) == {"wins": 2, "note": ""}


def test_a_checker_words_its_refusals_in_each_request_s_language() -> None:
    from django.utils import translation

    from core.api import validated

    def refusal(language: str) -> str:
        with translation.override(language), pytest.raises(exceptions.ValidationError) as caught:
            validated(_Score, {"wins": 5})
        return str(caught.value.detail["wins"][0])  # type: ignore[index, call-overload]

    def fresh(language: str) -> str:
        with translation.override(language):
            serializer = _Score(data={"wins": 5})
            assert not serializer.is_valid()
            return str(serializer.errors["wins"][0])

    english, japanese = refusal("en"), refusal("ja")
    assert (english, japanese) == (fresh("en"), fresh("ja"))
    assert english != japanese  # the Japanese words, not the first request's English
    assert refusal("en") == english


def test_a_null_body_is_refused_as_is_valid_words_it() -> None:
    from core.api import validated

    with pytest.raises(exceptions.ValidationError) as caught:
        validated(_Score, None)
    fresh = _Score(data=None)
    assert not fresh.is_valid()
    assert caught.value.detail == fresh.errors


@pytest.mark.parametrize("how", ["expired", "revoked", "unknown"])
def test_a_token_that_no_longer_holds_is_a_401_with_its_challenge(
    how: str, make_user: Callable[..., Any]
) -> None:
    """A client with an expired or revoked token learns its credentials are the problem: 401
    and ``WWW-Authenticate`` (not the 403 the session authenticator, asked first, would give)."""
    import datetime as dt

    from django.utils import timezone

    from core.models import ApiToken
    from core.services import api_token_issue, api_token_revoke

    user = make_user("holder")
    key = api_token_issue(user=user)
    token = ApiToken.objects.get(user=user)
    if how == "expired":
        ApiToken.objects.filter(pk=token.pk).update(expires_at=timezone.now() - dt.timedelta(1))
    elif how == "revoked":
        api_token_revoke(user=user, token_id=token.pk)
    else:
        key = "0" * 40
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {key}")
    for response in (client.get(f"{API}/notifications/"), client.post(f"{API}/events/", {})):
        assert response.status_code == 401, (how, response.content)
        assert response["WWW-Authenticate"] == 'Token realm="api"'
        assert_shape(response.json())
