from __future__ import annotations

from io import StringIO
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command

from cardpool.models import Card, CardSet
from judging.management.commands.load_demo import (
    DEMO_CASE_TITLE,
    DEMO_EVENT_NAME,
    LIVE_EVENT_NAME,
)
from judging.models import JudgeCase
from tournaments.models import Event, EventRole, Registration, Round

pytestmark = pytest.mark.django_db


def _load(settings: Any, shared_dir: Any) -> str:
    settings.SHARED_DIR = shared_dir
    out = StringIO()
    call_command("load_demo", stdout=out)
    return out.getvalue()


def test_load_demo_without_shared_data_uses_the_invented_set(settings: Any, tmp_path: Any) -> None:
    output = _load(settings, tmp_path)
    assert "invented demo set" in output
    assert CardSet.objects.get(code="DEMO").is_demo
    assert Card.objects.filter(game__slug="zutomayo").count() == 24
    assert "organiser" in output
    assert "demo-organiser-pass" in output
    event = Event.objects.get(name=DEMO_EVENT_NAME)
    organiser = get_user_model().objects.get(username="organiser")
    assert EventRole.objects.filter(event=event, user=organiser, role="organiser").exists()
    assert Registration.objects.filter(event=event).count() == 4
    live = Event.objects.get(name=LIVE_EVENT_NAME)
    assert live.status == "running"
    assert Round.objects.get(event=live, number=3).status == "in_progress"
    assert EventRole.objects.filter(event=live, user=organiser, role="organiser").exists()


def test_the_demo_case_replays_the_shipped_example(settings: Any, tmp_path: Any) -> None:
    """The example record opens and replays on the web page (a newcomer's first case)."""
    from django.test import Client

    _load(settings, tmp_path)
    case = JudgeCase.objects.get(title=DEMO_CASE_TITLE)
    ruling = case.rulings.get()
    assert [c["status"] for c in ruling.output["en"]["claims"]][:3] == [
        "CONTRADICTED", "CONTRADICTED", "CONSISTENT",
    ]  # fmt: skip
    client = Client()
    client.force_login(get_user_model().objects.get(username="judge"))
    page = client.get(f"/judging/cases/{case.pk}/").content.decode()
    assert "Ann is right: Bo&#x27;s HP was 70 at the end of turn 3." in page
    assert "Bo is wrong: the time of day was DAY (the medal was on mark 12)" in page
    _load(settings, tmp_path)
    assert JudgeCase.objects.filter(title=DEMO_CASE_TITLE).count() == 1


def test_load_demo_twice_duplicates_nothing(settings: Any, tmp_path: Any) -> None:
    _load(settings, tmp_path)
    counts = (Card.objects.count(), Event.objects.count(), Registration.objects.count())
    users = get_user_model().objects.count()
    second = _load(settings, tmp_path)
    assert "0 created, 0 updated, 24 unchanged" in second
    assert (Card.objects.count(), Event.objects.count(), Registration.objects.count()) == counts
    assert get_user_model().objects.count() == users


def test_load_demo_prefers_the_real_card_pool(settings: Any, shared_dir: Any) -> None:
    output = _load(settings, shared_dir)
    assert "real card data" in output
    assert Card.objects.filter(game__slug="zutomayo").count() == 425
    assert "rules: zutomayo ground-rules 1.0.1" in output


def test_the_live_event_has_a_match_in_dispute_for_the_demo_judge(
    settings: Any, tmp_path: Any
) -> None:
    """A judge trying the demo finds a dispute to settle: the running round's last table, each
    player saying they won (1-0 and 0-1), on the judge desk with both players named."""
    from django.test import Client

    output = _load(settings, tmp_path)
    live = Event.objects.get(name=LIVE_EVENT_NAME)
    round_obj = Round.objects.get(event=live, number=3)
    last = round_obj.matches.filter(is_bye=False).order_by("-table").first()
    assert last is not None
    assert last.player_b is not None
    assert f"disputed match: round 3, table {last.table}" in output
    reports = {(r.reported_by_id, r.wins_a, r.wins_b, r.status) for r in last.reports.all()}
    assert reports == {
        (last.player_a.user_id, 1, 0, "disputed"),
        (last.player_b.user_id, 0, 1, "disputed"),
    }
    client = Client()
    client.force_login(get_user_model().objects.get(username="judge"))
    desk = client.get(f"/events/{live.pk}/judge/").content.decode()
    assert f"{last.player_a.display_name}: 1–0–0 (Disputed)" in desk
    assert f"{last.player_b.display_name}: 0–1–0 (Disputed)" in desk
    # the other tables have no report: only this one is in dispute
    others = round_obj.matches.exclude(pk=last.pk)
    assert not any(m.reports.exists() for m in others)
    _load(settings, tmp_path)
    assert last.reports.count() == 2
