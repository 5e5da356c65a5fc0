"""What the judging pages' tests share: an event with a judge logged in, on the real cards."""

from __future__ import annotations

import copy
import json
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from django.test import Client

GOLDEN_EFFECTS = Path(__file__).resolve().parent / "engine" / "golden_effects"


@pytest.fixture
def judge_case(
    make_user: Any, make_event: Any, shared_dir: Path
) -> Callable[[str], tuple[Any, Client]]:
    """``judge_case(title)``: a case opened by a judge of an event, with the real ZUTOMAYO pool
    imported (the shared folder's cards) and a client logged in as that judge."""
    from cardpool.services import card_import
    from judging.services import judge_case_open
    from tournaments.services import event_role_grant

    records = json.loads((shared_dir / "data" / "zutomayo" / "cards.json").read_text("utf-8"))
    card_import(game_slug="zutomayo", records=copy.deepcopy(records), source="real")
    organiser, judge = make_user("o"), make_user("j")
    event = make_event(organiser=organiser)
    event_role_grant(event=event, user=judge, role="judge", granted_by=organiser)
    client = Client()
    client.force_login(judge)

    def open_case(title: str) -> tuple[Any, Client]:
        return judge_case_open(event_id=event.pk, by=judge, title=title), client

    return open_case
