"""Organiser screens offer exactly what the person may do now: a scorekeeper is offered no
organiser's action or page (each link and button of their dashboard answers them), and
"Finish" before the last round is played says so, on the button and on its confirmation."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.conf import settings
from django.test import Client

from tournaments.models import Registration, Round
from tournaments.services import registration_create
from tournaments.services.staff import staff_appoint

pytestmark = pytest.mark.django_db


def _client(user: Any, language: str = "en") -> Client:
    client = Client()
    client.force_login(user)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    return client


@pytest.fixture
def running(make_user: Any, make_event: Any) -> dict[str, Any]:
    """An event with a top cut, round 1 paired, and a scorekeeper."""
    organiser = make_user("org")
    keeper = make_user("keeper")
    event = make_event(organiser=organiser, name="Desk Cup", swiss_rounds=1, top_cut=4)
    staff_appoint(actor=organiser, event_id=event.pk, who="keeper", role="scorekeeper", base_url="")
    for index in range(1, 7):
        registration_create(event=event, user=make_user(f"p{index}"), display_name=f"P{index}")
    manage = _client(organiser)
    base = f"/events/{event.pk}/manage"
    for registration in Registration.objects.filter(event=event):
        checked_in = manage.post(f"{base}/check_in/", {"registration": registration.pk})
        assert checked_in.status_code == 302
    assert manage.post(f"{base}/pair/").status_code == 302
    return {"organiser": organiser, "keeper": keeper, "event": event, "base": base}


def test_a_scorekeeper_is_offered_only_what_a_scorekeeper_may_do(
    running: dict[str, Any],
) -> None:
    from tournaments.views.organiser import SCOREKEEPER_ACTIONS

    keeper = _client(running["keeper"])
    page = keeper.get(running["base"] + "/").content.decode()
    assert "Edit the event" not in page
    assert "Copy the event" not in page
    assert "Announcements" not in page
    for action in re.findall(r'action="/events/\d+/manage/([a-z_]+)/"', page):
        assert action in SCOREKEEPER_ACTIONS, action
    links = set(re.findall(r'href="(/events/\d+/[^"?#]*)"', page))
    assert links
    for link in sorted(links):
        assert keeper.get(link).status_code != 403, link
    # The organiser is still offered them.
    organiser_page = _client(running["organiser"]).get(running["base"] + "/").content.decode()
    assert "Edit the event" in organiser_page
    assert "Copy the event" in organiser_page


def _complete_round_one(running: dict[str, Any]) -> None:
    from tournaments.services import result_enter_by_judge

    round_obj = Round.objects.get(event=running["event"], number=1)
    for match in round_obj.matches.filter(is_bye=False):
        result_enter_by_judge(match_id=match.pk, judge=running["organiser"], wins_a=1, wins_b=0)
    manage = _client(running["organiser"])
    assert manage.post(running["base"] + "/complete/", {"round": round_obj.pk}).status_code == 302


@pytest.mark.parametrize(
    ("language", "button", "question", "unplayed"),
    [
        ("en", "Finish the event (unplayed rounds remain)",
         "before its last round is played", "has not been played"),
        ("ja", "大会を終了する（未実施の回戦あり）",
         "最終回戦を行う前に", "まだ行われていません"),
    ],
)  # fmt: skip
def test_finishing_before_the_final_says_it_is_unplayed(
    running: dict[str, Any], language: str, button: str, question: str, unplayed: str
) -> None:
    _complete_round_one(running)
    client = _client(running["organiser"], language)
    page = client.get(running["base"] + "/").content.decode()
    assert button in page
    asked = client.get(running["base"] + "/finish/").content.decode()
    assert question in asked
    assert unplayed in asked
    # Without the confirmation nothing happens.
    client.post(running["base"] + "/finish/")
    running["event"].refresh_from_db()
    assert running["event"].status != "finished"
