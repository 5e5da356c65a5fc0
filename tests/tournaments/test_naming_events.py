"""The one name rule (``core.names``) on what else people read: event names and venues (created,
edited, copied), judge case titles and announcements. A name that shows blank or rearranges the
text around it is a 400 naming the field, on the pages and in the API."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from rest_framework.test import APIClient

from tournaments.models import Announcement, Event

pytestmark = pytest.mark.django_db

#: A right-to-left override, a zero-width-only name, a C1 control, a lone surrogate's stand-in
#: (a NUL is refused before any view) and a blank Braille pattern.
BAD_NAMES = ["Cup \u202egnp.exe", "\u200b\u200b", "Op\x9ben", "\u2800"]


@pytest.fixture
def organiser(make_user: Any) -> Any:
    return make_user("namer")


def _api(user: Any) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


def _page(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


@pytest.mark.parametrize("bad", BAD_NAMES)
@pytest.mark.parametrize("field", ["name", "venue"])
def test_an_event_name_or_venue_breaking_the_rule_is_a_400_naming_it(
    bad: str, field: str, organiser: Any, make_event: Any
) -> None:
    body = {"name": "Spring Open", "game": "zutomayo", "date": "2027-01-01", field: bad}
    created = _api(organiser).post("/api/v1/events/", body, format="json")
    assert created.status_code == 400
    assert created.json()["field"] == field
    event = make_event(organiser=organiser)
    edited = _api(organiser).patch(f"/api/v1/events/{event.pk}/", {field: bad}, format="json")
    assert edited.status_code == 400
    assert edited.json()["field"] == field
    assert Event.objects.filter(**{field: bad}).count() == 0


def test_the_event_pages_and_the_copy_refuse_a_bad_name(organiser: Any, make_event: Any) -> None:
    event = make_event(organiser=organiser)
    page = _page(organiser)
    edit = page.post(f"/events/{event.pk}/edit/", {"name": "\u202eevil", "date": "2027-01-01"})
    assert edit.status_code == 400
    copy = _api(organiser).post(
        f"/api/v1/events/{event.pk}/copy/", {"name": "\u200b", "date": "2027-02-01"}, format="json"
    )
    assert copy.status_code == 400
    assert copy.json()["field"] == "name"
    event.refresh_from_db()
    assert event.name == "Test Open"


def test_good_names_in_any_script_are_kept(organiser: Any) -> None:
    body = {"name": "春の大会 🃏", "game": "zutomayo", "date": "2027-01-01", "venue": "渋谷 B1"}
    created = _api(organiser).post("/api/v1/events/", body, format="json")
    assert created.status_code == 201, created.content
    assert Event.objects.get(name="春の大会 🃏").venue == "渋谷 B1"


@pytest.mark.parametrize("bad", BAD_NAMES)
def test_a_case_title_breaking_the_rule_is_a_400_naming_it(
    bad: str, organiser: Any, make_event: Any
) -> None:
    event = make_event(organiser=organiser)
    answer = _api(organiser).post(
        f"/api/v1/events/{event.pk}/cases/", {"title": bad}, format="json"
    )
    assert answer.status_code == 400
    assert answer.json()["field"] == "title"


def test_an_announcement_breaking_the_rule_is_a_400_and_lines_are_kept(
    organiser: Any, make_event: Any
) -> None:
    event = make_event(organiser=organiser)
    page = _page(organiser)
    url = f"/events/{event.pk}/announcements/"
    refused = page.post(url, {"text": "Round 2 \u202eat 14:00"})
    assert refused.status_code == 400
    assert "text-direction control" in refused.content.decode()
    assert page.post(url, {"text": "\u200b"}).status_code == 400
    assert page.post(url, {"text": "Round 2\r\n\tat 14:00"}).status_code == 302
    assert Announcement.objects.get(event=event).text == "Round 2\n\tat 14:00"
