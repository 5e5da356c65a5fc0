"""No API input answers a 5xx or an undocumented status: schemathesis, driven by the OpenAPI schema
at ``/api/schema/``, calls every API operation with generated input as an organiser, a player and an
anonymous visitor, through the WSGI application (no server), and fails on any 5xx or any status the
schema does not document for the operation.

Bounded: ``SCHEMATHESIS_EXAMPLES`` (default 4) examples per operation and person, derandomized,
so the run takes the same time every time (about a minute on CI's two cores). It runs in the
SQLite pass of ``make test`` and is deselected in the services pass with the other
once-only tests.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from typing import Any

import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import status_code_conformance

EXAMPLES = int(os.environ.get("SCHEMATHESIS_EXAMPLES") or 4)


@pytest.fixture
def tokens(make_user: Callable[..., Any], make_event: Callable[..., Any]) -> dict[str, str]:
    """An organiser of a published event, and a player registered for it, with API tokens."""
    from core.services import api_token_issue
    from tournaments.services import registration_create

    organiser = make_user("st-organiser")
    event = make_event(organiser=organiser)
    player = make_user("st-player")
    registration_create(event=event, user=player, display_name="Schema Player", by=organiser)
    return {
        "organiser": api_token_issue(user=organiser),
        "player": api_token_issue(user=player),
    }


BOUNDED = settings(
    max_examples=EXAMPLES,
    derandomize=True,
    deadline=None,
    database=None,
    suppress_health_check=list(HealthCheck),
)


def _run(token: str | None) -> list[str]:
    """Every operation of the schema, ``EXAMPLES`` generated calls each: the failures."""
    from config.wsgi import application

    api = schemathesis.openapi.from_wsgi("/api/schema/", application)
    headers = {"Authorization": f"Token {token}"} if token else {}
    failures: list[str] = []
    for result in api.get_all_operations():
        operation = result.ok()  # type: ignore[union-attr]  # an invalid schema fails here, loudly

        @given(case=operation.as_strategy())
        @BOUNDED
        def conforms(case: Any) -> None:
            response = case.call(headers=headers)
            case.validate_response(response, checks=[not_a_server_error, status_code_conformance])

        try:
            conforms()
        except BaseException as exc:
            if isinstance(exc, KeyboardInterrupt):
                raise
            failures.append(f"{operation.method.upper()} {operation.path}: {exc}"[:2000])
    return failures


@pytest.mark.schemathesis
@pytest.mark.parametrize("role", ["organiser", "player", "anonymous"])
def test_the_api_answers_only_what_its_schema_says(role: str, tokens: dict[str, str]) -> None:
    failures = _run(tokens.get(role))
    assert not failures, f"{len(failures)} operations failed as {role}:\n" + "\n\n".join(failures)
