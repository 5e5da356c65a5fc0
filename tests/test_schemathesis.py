"""No API input answers a 5xx or an undocumented status: schemathesis, driven by the OpenAPI schema
at ``/api/schema/``, calls every API operation with generated input as an organiser, a player and an
anonymous visitor, through the WSGI application (no server), and fails on any 5xx or any status the
schema does not document for the operation.

Bounded and derandomized, so a run takes the same time every time, at two budgets (one
parametrized test, docs/testing.md):

- ``smoke``: ``SMOKE_EXAMPLES`` examples per operation and person, every commit (the SQLite pass
  of ``make test``; deselected in the services pass with the other once-only tests);
- ``full``: ``FUZZ_EXAMPLES`` (default 25) per operation and person, marked ``fuzz``: ``make fuzz``.
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

#: Per commit: every operation, as each person, with a small fixed budget.
SMOKE_EXAMPLES = 2
#: On demand (``make fuzz``); SCHEMATHESIS_EXAMPLES is its older name.
FULL_EXAMPLES = int(
    os.environ.get("FUZZ_EXAMPLES") or os.environ.get("SCHEMATHESIS_EXAMPLES") or 25
)
BUDGETS = [
    pytest.param(SMOKE_EXAMPLES, id="smoke"),
    pytest.param(FULL_EXAMPLES, id="full", marks=pytest.mark.fuzz),
]


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


def bounded(examples: int) -> settings:
    return settings(
        max_examples=examples,
        derandomize=True,
        deadline=None,
        database=None,
        suppress_health_check=list(HealthCheck),
    )


def _run(token: str | None, examples: int) -> list[str]:
    """Every operation of the schema, ``examples`` generated calls each: the failures."""
    from config.wsgi import application

    api = schemathesis.openapi.from_wsgi("/api/schema/", application)
    headers = {"Authorization": f"Token {token}"} if token else {}
    failures: list[str] = []
    for result in api.get_all_operations():
        operation = result.ok()  # type: ignore[union-attr]  # an invalid schema fails here, loudly

        @given(case=operation.as_strategy())
        @bounded(examples)
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
@pytest.mark.parametrize("budget", BUDGETS)
@pytest.mark.parametrize("role", ["organiser", "player", "anonymous"])
def test_the_api_answers_only_what_its_schema_says(
    role: str, budget: int, tokens: dict[str, str]
) -> None:
    failures = _run(tokens.get(role), budget)
    assert not failures, f"{len(failures)} operations failed as {role}:\n" + "\n\n".join(failures)
