"""Shared fixtures: users with per-event roles, an event, and skips for absent servers."""

from __future__ import annotations

import datetime as dt
import os
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.contrib.auth.models import AbstractBaseUser
from django.core.cache import cache
from django.db import transaction
from django.utils import translation
from hypothesis import settings as hypothesis_settings

SERVICES_REQUIRED = os.environ.get("REQUIRE_SERVICES") == "1"
#: Set by `.ci/run` for its second `make test` (PostgreSQL + Redis): the tests that do not touch a
#: server ran in the SQLite pass and are deselected here, so they run once.
SERVICES_PASS = os.environ.get("SERVICES_PASS") == "1"
#: The pure packages' tests (hypothesis property tests among them): no database, no server.
RUN_ONCE_FOLDERS = (
    "tests/judging/engine/",
    "tests/tournaments/pairing/",
    "tests/cardpool/legality/",
)

# A fixed example budget: every property test runs the same examples on every run (each test's own
# max_examples, else this profile's), so the suite's time is bounded and a failure reproduces.
hypothesis_settings.register_profile(
    "ci", max_examples=50, derandomize=True, deadline=None, database=None
)
hypothesis_settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "ci"))
#: `make mutation` runs the pure tests once per mutant: it caps every property test's examples.
EXAMPLES_CAP = int(os.environ.get("HYPOTHESIS_EXAMPLES_CAP") or 0)
#: Every commit runs each property test with at most this many examples: its ``smoke`` case.
#: A test whose own budget is larger also has a ``full`` case at that budget, marked ``fuzz``
#: (``make fuzz``; docs/testing.md). Both are derandomized: the smoke's examples are the first
#: ones the full run tries.
SMOKE_EXAMPLES = 10


def _cap_examples(item: pytest.Item) -> None:
    test = getattr(item, "obj", None)
    current = getattr(test, "_hypothesis_internal_use_settings", None)
    if current is not None and current.max_examples > EXAMPLES_CAP:
        capped = hypothesis_settings(current, max_examples=EXAMPLES_CAP)
        test._hypothesis_internal_use_settings = capped  # type: ignore[union-attr]


def _own_examples(test: Any) -> int | None:
    """A hypothesis test's own budget (its ``@settings``, else the profile's); None otherwise."""
    current = getattr(test, "_hypothesis_internal_use_settings", None)
    return None if current is None else int(current.max_examples)


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """A property test with a budget over ``SMOKE_EXAMPLES`` runs twice: ``smoke`` (every
    commit) and ``full`` (its own budget, marked ``fuzz``). Not under `make mutation`, which caps
    every budget itself."""
    examples = _own_examples(metafunc.function)
    if EXAMPLES_CAP or examples is None or examples <= SMOKE_EXAMPLES:
        return
    budgets = [
        pytest.param(SMOKE_EXAMPLES, id="smoke"),
        pytest.param(examples, id="full", marks=pytest.mark.fuzz),
    ]
    metafunc.parametrize("_hypothesis_budget", budgets, indirect=True)


@pytest.fixture(autouse=True)
def _hypothesis_budget(request: pytest.FixtureRequest) -> Iterator[None]:
    """The examples of this case of a property test (``pytest_generate_tests``), for its run."""
    examples = getattr(request, "param", None)
    test = getattr(
        getattr(request.node, "obj", None), "__func__", getattr(request.node, "obj", None)
    )
    if examples is None or test is None:
        yield
        return
    own = test._hypothesis_internal_use_settings
    test._hypothesis_internal_use_settings = hypothesis_settings(own, max_examples=examples)
    try:
        yield
    finally:
        test._hypothesis_internal_use_settings = own


def _runs_once(item: pytest.Item) -> bool:
    path = item.path.relative_to(item.config.rootpath).as_posix()
    return path.startswith(RUN_ONCE_FOLDERS) or any(
        item.get_closest_marker(mark) is not None for mark in ("browser", "schemathesis")
    )


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Skip server-bound tests where the server is absent, unless CI says it must be there;
    in the services pass, deselect the pure, property and browser tests (run in the SQLite pass)."""
    if SERVICES_PASS:
        once = [item for item in items if _runs_once(item)]
        if once:
            config.hook.pytest_deselected(items=once)
            items[:] = [item for item in items if not _runs_once(item)]
    on_postgres = settings.DATABASES["default"]["ENGINE"].endswith("postgresql")
    has_redis = bool(settings.REDIS_URL)
    for item in items:
        if EXAMPLES_CAP:
            _cap_examples(item)
        if getattr(getattr(item, "obj", None), "is_hypothesis_test", False):
            # Under branch tracing (Python 3.13: coverage's C tracer) a property test runs about
            # five times slower; the lines it reaches are measured by the example tests (the
            # coverage floors hold without it: docs/testing.md), so its call is not traced.
            item.add_marker(pytest.mark.no_cover)
        if "postgres" in item.keywords and not on_postgres:
            if SERVICES_REQUIRED:
                raise pytest.UsageError("REQUIRE_SERVICES=1 but DATABASE_URL is not PostgreSQL")
            item.add_marker(pytest.mark.skip(reason="needs PostgreSQL: set DATABASE_URL"))
        if "redis" in item.keywords and not has_redis:
            if SERVICES_REQUIRED:
                raise pytest.UsageError("REQUIRE_SERVICES=1 but REDIS_URL is not set")
            item.add_marker(pytest.mark.skip(reason="needs Redis: set REDIS_URL"))


@pytest.fixture(autouse=True)
def _clear_cache() -> None:
    cache.clear()


@pytest.fixture(autouse=True)
def login_waits(monkeypatch: pytest.MonkeyPatch) -> list[float]:
    """The waits the log-in limiter's failures took (``core.login_limits.pause``), recorded
    instead of slept, in every test."""
    from core import login_limits

    waits: list[float] = []
    monkeypatch.setattr(login_limits, "pause", waits.append)
    return waits


@pytest.fixture(autouse=True)
def _english_between_tests() -> Iterator[None]:
    """Each test starts and ends in the site's default language: a request with the Japanese
    cookie leaves Japanese active in the thread (LocaleMiddleware does not deactivate it), which
    would turn the next test's service messages Japanese."""
    translation.activate(settings.LANGUAGE_CODE)
    yield
    translation.activate(settings.LANGUAGE_CODE)


@pytest.fixture
def make_user(db: None) -> Callable[..., AbstractBaseUser]:
    counter = iter(range(1, 10_000))

    def make(username: str | None = None, password: str = "pw-for-tests-1", **extra: Any) -> Any:
        name = username or f"user{next(counter)}"
        return get_user_model().objects.create_user(username=name, password=password, **extra)

    return make


@pytest.fixture
def make_event(db: None, make_user: Callable[..., Any]) -> Callable[..., Any]:
    from tournaments.services import event_create

    def make(organiser: Any = None, **fields: Any) -> Any:
        fields.setdefault("name", "Test Open")
        fields.setdefault("game_slug", "zutomayo")
        fields.setdefault("date", dt.date(2026, 12, 20))
        fields.setdefault("status", "registration_open")
        # Most tests play rounds without decklists; the decklist tests require legal lists.
        fields.setdefault("decklist_required", False)
        return event_create(created_by=organiser or make_user(), **fields)

    return make


@pytest.fixture
def shared_dir() -> Any:
    """The shared folder beside the checkout (real cards and rules); skips when absent."""
    from pathlib import Path

    path = Path(settings.SHARED_DIR)
    if not (path / "data" / "zutomayo" / "cards.json").exists():
        pytest.skip(f"the shared data folder is not beside this checkout ({path.name}/)")
    return path


@contextmanager
def kept_for_the_module(django_db_blocker: Any, make: Callable[[], Any]) -> Iterator[Any]:
    """Data made once and shared by the tests of a module (or any wider scope): ``make()`` runs
    in a transaction left open while they run, each test's own transaction (pytest-django's
    ``db``) is a savepoint inside it, rolled back after the test, and the whole is rolled back
    at the end, so no other module ever sees the data. For tests on ``db`` only: a
    ``transaction=True`` test flushes the database, which a transaction held open forbids.

    Use it in a module-scoped fixture that asks for ``django_db_setup`` and
    ``django_db_blocker``: ``with kept_for_the_module(django_db_blocker, load) as made: yield
    made``. The database is unblocked only while the data is made and rolled back."""
    atomic = transaction.atomic()
    with django_db_blocker.unblock():
        atomic.__enter__()
        try:
            made = make()
        except BaseException as exc:
            atomic.__exit__(type(exc), exc, exc.__traceback__)
            raise
    try:
        yield made
    finally:
        with django_db_blocker.unblock():
            transaction.set_rollback(True)
            atomic.__exit__(None, None, None)
