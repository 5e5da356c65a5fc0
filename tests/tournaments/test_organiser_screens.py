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


@pytest.mark.parametrize(
    ("language", "name"), [("en", "Desk Cup (copy)"), ("ja", "Desk Cup（コピー）")]
)
def test_a_copy_is_named_as_a_copy(running: dict[str, Any], language: str, name: str) -> None:
    client = _client(running["organiser"], language)
    page = client.get(f"/events/{running['event'].pk}/copy/").content.decode()
    assert f'value="{name}"' in page


@pytest.mark.parametrize(
    ("language", "says"),
    [
        ("en", "Org Person invited new@example.com to be judge of Desk Cup"),
        ("ja", "Org Personさんがnew@example.comを「Desk Cup」"),
    ],
)
def test_the_invitation_page_says_who_invited_whom_to_what_before_logging_in(
    running: dict[str, Any], language: str, says: str
) -> None:
    from tournaments.models import StaffInvitation

    organiser = running["organiser"]
    organiser.first_name, organiser.last_name = "Org", "Person"
    organiser.save(update_fields=["first_name", "last_name"])
    staff_appoint(
        actor=organiser, event_id=running["event"].pk, who="new@example.com", role="judge",
        base_url="",
    )  # fmt: skip
    invitation = StaffInvitation.objects.get(email="new@example.com")
    anonymous = Client()
    anonymous.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    response = anonymous.get(f"/events/invitations/{invitation.token}/")
    assert response.status_code == 200
    page = response.content.decode()
    assert says in page
    assert f"?next=/events/invitations/{invitation.token}/" in page
    # Accepting still needs an account.
    assert anonymous.post(f"/events/invitations/{invitation.token}/").status_code in (302, 403)
    assert not invitation.__class__.objects.filter(accepted_at__isnull=False).exists()


def test_the_audit_log_shows_peoples_actions_and_the_systems_behind_a_filter(
    running: dict[str, Any],
) -> None:
    from core.audit import audit_log

    event = running["event"]
    audit_log(action="tournaments.notification.sent", actor=None, obj=event, event_id=event.pk)
    client = _client(running["organiser"])
    people = client.get(f"/events/{event.pk}/audit/").content.decode()
    assert "The system" not in people
    assert "Checked in" in people or "checked in" in people
    everything = client.get(f"/events/{event.pk}/audit/?system=1").content.decode()
    assert "The system" in everything
    ja = _client(running["organiser"], "ja").get(f"/events/{event.pk}/audit/").content.decode()
    assert "システムが自動で行ったこと" in ja


def test_places_taken_are_counted_alike_on_every_page_and_in_the_api(
    make_user: Any, make_event: Any
) -> None:
    """Capacity 3, a fourth on the waiting list, then a drop: the fourth takes the place, and
    every count says 3 / 3 (the dropped player holds no place)."""
    from tournaments.services import registration_drop

    organiser = make_user("org")
    event = make_event(organiser=organiser, name="Count Cup", capacity=3)
    entries = [
        registration_create(event=event, user=make_user(f"c{index}"), display_name=f"C{index}")
        for index in range(1, 5)
    ]
    assert entries[3].status == "waitlisted"
    dropping = entries[0].user
    assert dropping is not None
    registration_drop(registration_id=entries[0].pk, by=dropping)
    client = _client(organiser)
    detail = client.get(f"/events/{event.pk}/").content.decode()
    assert "3 / 3 · " in detail
    assert "Full: new entries go on the waiting list" in detail
    dashboard = client.get(f"/events/{event.pk}/manage/").content.decode()
    assert "(3 / 3)" in dashboard
    directory = client.get("/events/").content.decode()
    assert "3 / 3 players" in directory
    listed = client.get("/api/v1/events/").json()
    rows = listed["results"] if isinstance(listed, dict) else listed
    assert [row["player_count"] for row in rows if row["id"] == event.pk] == [3]
