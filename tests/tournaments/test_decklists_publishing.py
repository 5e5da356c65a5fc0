"""Publishing the decklists: one tap once the event is over; while it runs, only through a
confirmation saying so (the page and the API alike). Published lists show the list each player
played, not the versions before it."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from rest_framework.test import APIClient

from core.errors import ConflictError
from tests.tournaments.conftest import TournamentKit
from tests.tournaments.test_decklists import LEGAL, demo_cards  # noqa: F401 (a fixture)
from tournaments.models import Event
from tournaments.services import decklist_submit, event_finish, event_update

pytestmark = pytest.mark.django_db

FIRST = LEGAL.replace("2 DEMO_10", "2 DEMO_12")  # a draft the player replaced before round 1


@pytest.fixture
def running(kit: TournamentKit, demo_cards: Any) -> dict[str, Any]:  # noqa: F811
    """A running event (round 1 paired) whose first player submitted two versions."""
    event = kit.event()
    aoi, *_others = kit.players(event, 4)
    assert aoi.user is not None
    for text in (FIRST, LEGAL):
        decklist_submit(registration_id=aoi.pk, submitted_by=aoi.user, data=text)
    round_obj = kit.pair(event)
    event.refresh_from_db()
    assert event.status == Event.Status.RUNNING
    return {"event": event, "aoi": aoi, "round": round_obj}


def _organiser(kit: TournamentKit, language: str = "en") -> Client:
    client = Client(headers={"accept-language": language})
    client.force_login(kit.organiser)
    return client


def _published(event: Event) -> bool:
    event.refresh_from_db()
    return event.decklists_published


@pytest.mark.parametrize("language", ["en", "ja"])
def test_while_running_publishing_asks_first_and_says_so(
    kit: TournamentKit, running: dict[str, Any], language: str
) -> None:
    event = running["event"]
    client = _organiser(kit, language)
    dashboard = client.get(reverse("tournaments:event-manage", args=[event.pk])).content.decode()
    url = reverse("tournaments:event-action", args=[event.pk, "publish_lists"])
    assert f'<form method="get" action="{url}"' in dashboard  # the button opens the question
    page = client.get(url)
    assert page.status_code == 200
    html = page.content.decode()
    if language == "en":
        assert "is running" in html
        assert "becomes public now" in html
    else:
        assert "開催中" in html
        assert "今すぐ公開" in html
        assert "running" not in html
    refused = client.post(url)
    assert refused.status_code == 400
    assert not _published(event)
    assert client.post(url, {"confirm": "yes"}).status_code == 302
    assert _published(event)


def test_once_finished_publishing_is_one_tap(kit: TournamentKit, running: dict[str, Any]) -> None:
    event = running["event"]
    kit.play(running["round"])
    event_finish(event_id=event.pk, by=kit.organiser)
    client = _organiser(kit)
    url = reverse("tournaments:event-action", args=[event.pk, "publish_lists"])
    assert client.post(url).status_code == 302
    assert _published(event)


def test_before_the_event_runs_publishing_is_not_offered(kit: TournamentKit) -> None:
    event = kit.event()
    client = _organiser(kit)
    dashboard = client.get(reverse("tournaments:event-manage", args=[event.pk])).content.decode()
    assert "publish_lists" not in dashboard
    url = reverse("tournaments:event-action", args=[event.pk, "publish_lists"])
    assert client.post(url, {"confirm": "yes"}).status_code == 409
    assert not _published(event)


def test_the_service_refuses_without_confirmation_while_running(
    kit: TournamentKit, running: dict[str, Any]
) -> None:
    event = running["event"]
    with pytest.raises(ConflictError) as refused:
        event_update(event_id=event.pk, by=kit.organiser, changes={"decklists_published": True})
    assert refused.value.code == "confirmation_required"
    assert not _published(event)


def test_the_api_answers_409_unless_the_body_confirms(
    kit: TournamentKit, running: dict[str, Any]
) -> None:
    event = running["event"]
    client = APIClient()
    client.force_authenticate(kit.organiser)
    url = f"/api/v1/events/{event.pk}/"
    refused = client.patch(url, {"decklists_published": True}, format="json")
    assert refused.status_code == 409
    assert refused.json()["code"] == "confirmation_required"
    assert not _published(event)
    done = client.patch(url, {"decklists_published": True, "confirm": True}, format="json")
    assert done.status_code == 200
    assert done.json()["decklists_published"] is True


def test_published_lists_show_the_list_played_not_earlier_versions(
    kit: TournamentKit, running: dict[str, Any]
) -> None:
    event, aoi = running["event"], running["aoi"]
    event_update(
        event_id=event.pk, by=kit.organiser, changes={"decklists_published": True}, confirm=True
    )
    url = f"/api/v1/registrations/{aoi.pk}/decklist/versions/"
    stranger = APIClient()
    stranger.force_authenticate(kit.user("reader"))
    shown = stranger.get(url)
    assert shown.status_code == 200
    assert [row["version"] for row in shown.json()] == [2]
    assert {"id": "DEMO_12", "count": 2} not in shown.json()[0]["cards"]
    owner = APIClient()
    owner.force_authenticate(aoi.user)
    assert [row["version"] for row in owner.get(url).json()] == [2, 1]
