"""What the judging pages' tests share: an event with a judge logged in, on the real cards."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.test import Client

from tests.conftest import kept_for_the_module

GOLDEN_EFFECTS = Path(__file__).resolve().parent / "engine" / "golden_effects"


@pytest.fixture(scope="module")
def real_zutomayo_pool(django_db_setup: None, django_db_blocker: Any) -> Iterator[None]:
    """The real ZUTOMAYO pool (the shared folder's cards), imported once for the module's tests
    (``kept_for_the_module``: each test's writes are rolled back, the pool at the module's end).
    Skips when the shared folder is absent."""
    from cardpool.services import card_import

    path = Path(settings.SHARED_DIR) / "data" / "zutomayo" / "cards.json"
    if not path.exists():
        pytest.skip(f"the shared data folder is not beside this checkout ({path.parents[2].name}/)")
    records = json.loads(path.read_text("utf-8"))

    def load() -> None:
        card_import(game_slug="zutomayo", records=copy.deepcopy(records), source="real")

    with kept_for_the_module(django_db_blocker, load):
        yield


@pytest.fixture
def judge_case(
    make_user: Any, make_event: Any, real_zutomayo_pool: None
) -> Callable[[str], tuple[Any, Client]]:
    """``judge_case(title)``: a case opened by a judge of an event, with the real ZUTOMAYO pool
    imported (the shared folder's cards, once per module) and a client logged in as that
    judge."""
    from judging.services import judge_case_open
    from tournaments.services import event_role_grant

    organiser, judge = make_user("o"), make_user("j")
    event = make_event(organiser=organiser)
    event_role_grant(event=event, user=judge, role="judge", granted_by=organiser)
    client = Client()
    client.force_login(judge)

    def open_case(title: str) -> tuple[Any, Client]:
        return judge_case_open(event_id=event.pk, by=judge, title=title), client

    return open_case
