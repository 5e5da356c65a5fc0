"""No malformed text reaches a view: NUL bytes and lone surrogates are 400s wherever text arrives
(URL, query, headers, form fields, JSON strings), every JSON body goes through one parser that a
deep document cannot crash, bodies are refused by their declared size before they are read, and
every API error, a 500 included, is JSON in the house shape."""

from __future__ import annotations

import io
import json
import re
from collections.abc import Callable
from typing import Any

import pytest
from django.test import Client
from django.urls import path

from core.hygiene import JSON_MAX_DEPTH, json_problem
from tests.core.test_api_errors import assert_shape

pytestmark = pytest.mark.django_db

TOKEN = "/api/v1/auth/token/"


def _json_error(response: Any, status: int, code: str) -> dict[str, Any]:
    assert response.status_code == status, response.content[:300]
    assert response["Content-Type"].startswith("application/json")
    body: dict[str, Any] = response.json()
    assert_shape(body)
    assert body["code"] == code
    return body


@pytest.mark.parametrize(
    "url", ["/api/v1/events/%00/", "/api/v1/events/?search=a%00b", "/api/v1/cards/?q=%00"]
)
def test_a_nul_in_an_api_url_is_a_json_400(url: str) -> None:
    body = _json_error(Client().get(url), 400, "invalid_characters")
    assert "NUL" in body["detail"]


@pytest.mark.parametrize("url", ["/events/%00/", "/cards/?q=%00", "/cards/%00"])
def test_a_nul_in_a_page_url_is_the_error_page(url: str) -> None:
    response = Client().get(url)
    assert response.status_code == 400
    assert b"NUL" in response.content


def test_a_nul_in_a_header_is_a_400_naming_it() -> None:
    response = Client().get("/api/v1/events/", HTTP_X_SOMETHING="a\x00b")
    assert _json_error(response, 400, "invalid_characters")["field"] == "header.x-something"


def test_a_nul_in_a_form_field_is_a_400_and_logs_nobody_in(make_user: Callable[..., Any]) -> None:
    make_user("ann")
    response = Client().post("/accounts/login/", {"login": "ann\x00", "password": "x"})
    assert response.status_code == 400
    assert b"NUL" in response.content
    assert "_auth_user_id" not in Client().session


@pytest.mark.parametrize(
    ("text", "what"), [('"a\\u0000b"', "NUL"), ('"\\ud800"', "U+D800"), ('"x\\udfffy"', "U+DFFF")]
)
def test_bad_characters_in_json_strings_are_400s_on_the_token_endpoint(
    text: str, what: str
) -> None:
    data = '{"username": ' + text + ', "password": "pw"}'
    response = Client().post(TOKEN, data=data, content_type="application/json")
    body = _json_error(response, 400, "invalid_characters")
    assert what in body["detail"]
    assert body["field"] == "username"


def test_bad_characters_in_json_keys_and_nested_strings_are_named() -> None:
    problem = json_problem({"a": [{"b": "ok"}, {"c": "\ud83d"}]})
    assert problem is not None
    assert problem.field == "a.1.c"
    assert json_problem({"\x00": 1}) is not None
    assert json_problem({"a": ["fine", "日本語", "🃏"]}) is None  # a whole pair is fine


def test_the_token_endpoint_survives_100000_levels_of_json() -> None:
    data = "[" * 100_000 + "]" * 100_000
    response = Client().post(TOKEN, data=data, content_type="application/json")
    _json_error(response, 400, "parse_error")


def test_json_deeper_than_the_limit_is_refused_everywhere(make_user: Callable[..., Any]) -> None:
    deep: Any = "x"
    for _ in range(JSON_MAX_DEPTH + 1):
        deep = {"k": deep}
    client = Client()
    client.force_login(make_user("deep"))
    response = client.post(
        "/api/v1/notifications/read/", data=json.dumps(deep), content_type="application/json"
    )
    _json_error(response, 400, "too_deep")
    shallow: Any = "x"
    for _ in range(JSON_MAX_DEPTH - 1):
        shallow = {"k": shallow}
    assert json_problem(shallow) is None


def test_an_anonymous_body_over_1_mb_is_refused_before_it_is_read() -> None:
    # The declared length is 200 MB; the test client sends ten bytes. Refused by the header
    # alone: had anything read the body, the parser would have failed on the ten bytes.
    response = Client().post(
        TOKEN, data="x" * 10, content_type="application/json", CONTENT_LENGTH=str(200 << 20)
    )
    body = _json_error(response, 413, "too_large")
    assert "1.0 MB" in body["detail"]
    page = Client().post("/accounts/login/", data="a=b", content_type="text/plain",
                         CONTENT_LENGTH=str(2 << 20))  # fmt: skip
    assert page.status_code == 413


def test_an_anonymous_upload_of_just_under_1_mb_goes_through() -> None:
    data = json.dumps({"username": "x" * (1024 * 1024 - 100), "password": "p"})
    response = Client().post(TOKEN, data=data, content_type="application/json")
    assert response.status_code == 400  # bad credentials, not too large
    assert response.json()["code"] != "too_large"


def test_a_person_may_send_more_than_1_mb_but_not_more_than_the_limit(
    make_user: Callable[..., Any], settings: Any
) -> None:
    user = make_user("big")
    client = Client()
    client.force_login(user)
    ok = client.post(
        "/api/v1/notifications/read/",
        data=json.dumps({"pad": "x" * (2 << 20)}),
        content_type="application/json",
    )
    assert ok.status_code != 413
    too_big = client.post(
        "/api/v1/notifications/read/", data="{}", content_type="application/json",
        CONTENT_LENGTH=str(settings.REQUEST_BODY_MAX_BYTES + 1),
    )  # fmt: skip
    _json_error(too_big, 413, "too_large")


def test_a_valid_api_token_counts_as_logged_in_and_a_forged_one_does_not(
    make_user: Callable[..., Any],
) -> None:
    from core.services import api_token_issue

    key = api_token_issue(user=make_user("tok"))
    big: dict[str, Any] = {
        "data": "{}",
        "content_type": "application/json",
        "CONTENT_LENGTH": str(2 << 20),
    }
    forged = Client().post("/api/v1/notifications/read/", HTTP_AUTHORIZATION="Token nope", **big)
    assert forged.status_code == 413
    real = Client().post(
        "/api/v1/notifications/read/",
        data=json.dumps({"pad": "x" * (2 << 20)}),
        content_type="application/json",
        HTTP_AUTHORIZATION=f"Token {key}",
    )
    assert real.status_code != 413


def test_an_expired_api_token_holds_the_anonymous_limit(make_user: Callable[..., Any]) -> None:
    from core.models import ApiToken
    from core.services import api_token_issue

    key = api_token_issue(user=make_user("old"))
    ApiToken.objects.update(expires_at="2000-01-01T00:00:00Z")
    response = Client().post(
        "/api/v1/notifications/read/", data="{}", content_type="application/json",
        CONTENT_LENGTH=str(2 << 20), HTTP_AUTHORIZATION=f"Token {key}",
    )  # fmt: skip
    _json_error(response, 413, "too_large")


class _Chunks(io.RawIOBase):
    """A chunked body as a WSGI server hands it on: no length, read until it ends; counts what
    the application read of it."""

    def __init__(self, size: int) -> None:
        self.left = size
        self.taken = 0

    def readable(self) -> bool:
        return True

    def read(self, size: int = -1) -> bytes:
        size = self.left if size < 0 else min(size, self.left)
        self.left -= size
        self.taken += size
        return b" " * size


def _chunked(client: Client, body: _Chunks, **headers: str) -> Any:
    environ: dict[str, Any] = {
        "CONTENT_LENGTH": "", "HTTP_TRANSFER_ENCODING": "chunked", "wsgi.input": body, **headers,
    }  # fmt: skip
    return client.post("/api/v1/notifications/read/", content_type="application/json", **environ)


def test_a_chunked_body_past_the_limit_is_a_413_and_is_not_read_to_its_end(
    settings: Any,
) -> None:
    body = _Chunks(50 << 20)
    response = _chunked(Client(), body)
    assert _json_error(response, 413, "too_large")["detail"].startswith(
        "the request is more than 1.0 MB"
    )
    assert body.taken <= settings.ANONYMOUS_BODY_MAX_BYTES + 1


def test_a_chunked_body_within_the_limit_reaches_the_view(make_user: Callable[..., Any]) -> None:
    from core.services import api_token_issue

    key = api_token_issue(user=make_user("chunky"))
    body = _Chunks(2 << 20)  # over the anonymous limit, within a person's
    response = _chunked(Client(), body, HTTP_AUTHORIZATION=f"Token {key}")
    assert response.status_code == 400  # the view read it: blanks are not JSON
    assert response.json()["code"] != "too_large"
    assert body.taken == 2 << 20
    assert _chunked(Client(), _Chunks(2 << 20)).status_code == 413  # anonymous


def test_nginx_refuses_past_the_same_limit(settings: Any) -> None:
    template = (settings.BASE_DIR / "deploy" / "nginx.conf.template").read_text()
    found = re.search(r"client_max_body_size (\d+)m;", template)
    assert found is not None
    assert int(found.group(1)) * 1024 * 1024 == settings.REQUEST_BODY_MAX_BYTES


def _boom(request: Any) -> Any:
    raise RuntimeError("secret internals")


urlpatterns = [path("api/v1/boom/", _boom), path("boom/", _boom)]
handler500 = "core.views.server_error"


@pytest.mark.urls("tests.core.test_hygiene")
def test_a_500_under_the_api_is_json_and_tells_nothing() -> None:
    response = Client(raise_request_exception=False).get("/api/v1/boom/")
    body = _json_error(response, 500, "server_error")
    assert "secret" not in json.dumps(body)
    page = Client(raise_request_exception=False).get("/boom/")
    assert page.status_code == 500
    assert not page["Content-Type"].startswith("application/json")


# --- the error page's "Back" link ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("referer", "back"),
    [
        ("http://testserver/events/3/?page=2", "/events/3/?page=2"),
        ("/cards/", "/cards/"),
        ("https://evil.example/phish", ""),
        ("//evil.example/phish", ""),
        ("javascript:alert(1)", ""),
        ("http://testserver.evil.example/", ""),
    ],
)
def test_the_back_link_stays_within_the_site(referer: str, back: str) -> None:
    from django.test import RequestFactory

    from core.views import back_link

    request = RequestFactory().get("/x/", HTTP_REFERER=referer)
    assert back_link(request) == back


def test_the_error_page_never_links_to_a_foreign_referer() -> None:
    response = Client().get("/events/%00/", HTTP_REFERER="https://evil.example/phish")
    assert response.status_code == 400
    assert b"evil.example" not in response.content


def test_an_id_too_large_for_the_database_is_a_400_not_a_500(
    make_user: Callable[..., Any],
) -> None:
    """Found by the schemathesis run (tests/test_schemathesis.py)."""
    client = Client()
    client.force_login(make_user("ids"))
    response = client.post(
        "/api/v1/notifications/read/",
        data=json.dumps({"ids": [1, 702683856777646740340736]}),
        content_type="application/json",
    )
    assert _json_error(response, 400, "max_value")["field"] == "ids.1"
