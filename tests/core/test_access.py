"""The access vocabulary's rules, and the guard seeing API callers as the API does."""

from __future__ import annotations

from typing import Any

import pytest
from rest_framework.test import APIClient

from core.access import Access, AccessSpec, Condition, Declared, describe
from core.services import api_token_issue

JUDGE, ORGANISER = Access.EVENT_JUDGE, Access.EVENT_ORGANISER


def test_one_level_covers_every_method() -> None:
    declared = Declared.of(JUDGE)
    assert declared.levels("GET") == declared.levels("DELETE") == frozenset({JUDGE})


def test_per_method_levels_head_follows_get_options_any_and_others_none() -> None:
    spec: AccessSpec = {"GET": Access.ANYONE, "post": (ORGANISER, Access.REGISTRATION_OWNER)}
    declared = Declared.of(spec)
    assert declared.levels("HEAD") == frozenset({Access.ANYONE})
    assert declared.levels("POST") == frozenset({ORGANISER, Access.REGISTRATION_OWNER})
    assert declared.levels("OPTIONS") == frozenset(
        {Access.ANYONE, ORGANISER, Access.REGISTRATION_OWNER}
    )
    assert declared.levels("PUT") is None
    assert declared.allowed_methods() == ["GET", "POST"]


def test_states_change_reads_only_and_the_guard_lets_the_widest_through() -> None:
    spec: AccessSpec = {
        "GET": (Access.REGISTRATION_OWNER, JUDGE),
        "POST": Access.REGISTRATION_OWNER,
    }
    declared = Declared.of(spec, when={Condition.DECKLISTS_PUBLISHED: Access.LOGGED_IN})
    assert declared.levels("GET", Condition.DECKLISTS_PUBLISHED) == frozenset({Access.LOGGED_IN})
    assert declared.levels("POST", Condition.DECKLISTS_PUBLISHED) == frozenset(
        {Access.REGISTRATION_OWNER}
    )
    assert declared.guard_levels("GET") == frozenset(
        {Access.REGISTRATION_OWNER, JUDGE, Access.LOGGED_IN}
    )
    assert declared.guard_levels("POST") == frozenset({Access.REGISTRATION_OWNER})


def test_a_declaration_needs_levels() -> None:
    with pytest.raises(ValueError, match="Access levels"):
        Declared.of(())
    not_a_level: Any = "anyone"
    with pytest.raises(ValueError, match="Access levels"):
        Declared.of({"GET": not_a_level})


def test_refusals_name_who_may() -> None:
    assert describe({ORGANISER, Access.MATCH_PLAYER}) == (
        "player of the match or organiser of the event"
    )


@pytest.mark.django_db
def test_the_guard_sees_a_token_caller_as_the_api_does(make_user: Any, make_event: Any) -> None:
    organiser, stranger = make_user(), make_user()
    event = make_event(organiser=organiser)
    url = f"/api/v1/events/{event.pk}/penalties/"
    for user, status in ((organiser, 200), (stranger, 403)):
        client = APIClient()
        client.credentials(HTTP_AUTHORIZATION=f"Token {api_token_issue(user=user)}")
        assert client.get(url).status_code == status
    bad = APIClient()
    bad.credentials(HTTP_AUTHORIZATION="Token not-a-token")
    assert bad.get(url).json()["detail"] == "Invalid token."  # the API's own answer


@pytest.mark.django_db
def test_a_refused_api_call_keeps_the_api_error_shape(make_user: Any, make_event: Any) -> None:
    event = make_event(organiser=make_user())
    client = APIClient()
    client.force_authenticate(make_user())
    response = client.get(f"/api/v1/events/{event.pk}/penalties/")
    assert response.status_code == 403
    assert "judge of the event" in response.json()["detail"]
    assert client.put(f"/api/v1/events/{event.pk}/penalties/").status_code == 405


def test_an_undeclared_method_of_a_page_is_a_405(client: Any) -> None:
    assert client.post("/healthz").status_code == 405
