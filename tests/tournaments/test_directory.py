"""The event directory (how a newcomer finds an event): /events/ with search, filters and pages; the
home page's current events and "my events"; the event card; start times in the event's zone and
the reader's; the new event fields on the forms, the services and the API."""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

import pytest
from django.test import Client
from django.utils import timezone, translation
from rest_framework.test import APIClient

from core.models import Profile
from core.time_zones import is_valid_zone
from tournaments.display.event_time import event_start
from tournaments.forms.events import EventDirectoryForm
from tournaments.models import Event
from tournaments.selectors.events import (
    DirectoryFilters,
    DirectoryStatus,
    event_directory,
    event_list_current,
    my_current_events,
)
from tournaments.services import (
    event_finish,
    event_role_grant,
    event_update,
    registration_create,
)

pytestmark = pytest.mark.django_db

#: A day to come: a cancelled event keeps its place among those to come until its day passes.
DAY = timezone.localdate() + dt.timedelta(days=100)


def _client(user: Any = None) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def _names(events: Any) -> list[str]:
    return [event.name for event in events]


def _finished_with(make_event: Any, organiser: Any, player: Any) -> Event:
    """An event the player entered, finished since (no rounds: nothing to wait for)."""
    event = make_event(organiser=organiser, name="Played Cup", date=DAY - dt.timedelta(days=9))
    registration_create(event=event, user=player, display_name="Aoi", by=player)
    return event_finish(event_id=event.pk, by=organiser)


@pytest.fixture
def world(make_event: Any, make_user: Any) -> dict[str, Any]:
    """Six events: every public status, two regions, two games, and a draft."""
    organiser = make_user("olivia")

    def make(name: str, **fields: Any) -> Event:
        event: Event = make_event(organiser=organiser, name=name, **fields)
        return event

    return {
        "organiser": organiser,
        "open": make("Tokyo Open", date=DAY, region="Tokyo", venue="Shibuya Hall"),
        "closed": make(
            "Osaka Cup",
            date=DAY + dt.timedelta(days=7),
            region="Osaka",
            venue="Umeda Lounge",
            status="registration_closed",
        ),
        "running": make("Live Cup", date=DAY - dt.timedelta(days=1), status="running"),
        "finished": make(
            "Old Cup", date=DAY - dt.timedelta(days=60), region="Osaka", status="finished"
        ),
        "past_cancelled": make(
            "Azuki Long Ago",
            game_slug="azuki",
            date=DAY - dt.timedelta(days=200),
            status="cancelled",
        ),
        "cancelled": make(
            "Azuki Rained Out",
            game_slug="azuki",
            date=DAY + dt.timedelta(days=3),
            status="cancelled",
        ),
        "draft": make("Secret Draft", date=DAY, region="Tokyo", status="draft"),
    }


# --- the selector ------------------------------------------------------------------------------


def test_directory_lists_public_events_running_then_soonest_then_past(
    world: dict[str, Any],
) -> None:
    page = event_directory(filters=DirectoryFilters())
    # Running first; then to come, soonest first (cancelled ones are shown, as cancelled);
    # then the past. Never the draft.
    assert _names(page) == [
        "Live Cup", "Tokyo Open", "Azuki Rained Out", "Osaka Cup", "Old Cup", "Azuki Long Ago",
    ]  # fmt: skip


@pytest.mark.parametrize(
    ("filters", "expected"),
    [
        (DirectoryFilters(text="osaka"), ["Osaka Cup", "Old Cup"]),  # region
        (DirectoryFilters(text="shibuya"), ["Tokyo Open"]),  # venue
        (DirectoryFilters(text="live"), ["Live Cup"]),  # name
        (DirectoryFilters(text="secret"), []),  # drafts never, even by name
        (DirectoryFilters(game="azuki"), ["Azuki Rained Out", "Azuki Long Ago"]),
        (DirectoryFilters(date_from=DAY), ["Tokyo Open", "Azuki Rained Out", "Osaka Cup"]),
        (
            DirectoryFilters(date_to=DAY - dt.timedelta(days=1)),
            ["Live Cup", "Old Cup", "Azuki Long Ago"],
        ),
        (DirectoryFilters(date_from=DAY, date_to=DAY), ["Tokyo Open"]),
        (DirectoryFilters(status=DirectoryStatus.UPCOMING), ["Tokyo Open", "Osaka Cup"]),
        (DirectoryFilters(status=DirectoryStatus.REGISTRATION_OPEN), ["Tokyo Open"]),
        (DirectoryFilters(status=DirectoryStatus.RUNNING), ["Live Cup"]),
        (DirectoryFilters(status=DirectoryStatus.FINISHED), ["Old Cup"]),
        (
            DirectoryFilters(status=DirectoryStatus.CANCELLED),
            ["Azuki Rained Out", "Azuki Long Ago"],
        ),
        (DirectoryFilters(place="Osaka"), ["Osaka Cup", "Old Cup"]),
        (DirectoryFilters(place="umeda"), ["Osaka Cup"]),
        (DirectoryFilters(place="Osaka", status=DirectoryStatus.FINISHED), ["Old Cup"]),
    ],
)
def test_directory_filters(
    world: dict[str, Any], filters: DirectoryFilters, expected: list[str]
) -> None:
    assert _names(event_directory(filters=filters)) == expected


def test_directory_pages_and_query_count(
    make_event: Any, make_user: Any, django_assert_num_queries: Any
) -> None:
    organiser = make_user()
    for index in range(14):
        make_event(organiser=organiser, name=f"Cup {index:02d}", date=DAY)
    with django_assert_num_queries(2):  # the count, then the page's events with their game
        page = event_directory(filters=DirectoryFilters(), page=2, per_page=5)
        names = [f"{event.name} {event.game.name} {event.player_count}" for event in page]  # type: ignore[attr-defined]  # annotated
    assert page.paginator.num_pages == 3
    assert names == [f"Cup {index:02d} ZUTOMAYO CARD 0" for index in range(5, 10)]
    # Not a number: the first page; past the end: the last.
    assert event_directory(filters=DirectoryFilters(), page="x", per_page=5).number == 1
    assert event_directory(filters=DirectoryFilters(), page=99, per_page=5).number == 3


def test_player_count_leaves_out_the_waiting_list(make_event: Any, make_user: Any) -> None:
    event = make_event(capacity=2)
    for _ in range(3):
        player = make_user()
        registration_create(event=event, user=player, display_name=player.username, by=player)
    (listed,) = event_directory(filters=DirectoryFilters())
    assert listed.player_count == 2  # type: ignore[attr-defined]  # annotated by the selector


def test_home_selector_shows_running_and_upcoming_not_finished(
    world: dict[str, Any], django_assert_num_queries: Any
) -> None:
    with django_assert_num_queries(1):
        current = event_list_current()
    assert _names(current) == ["Live Cup", "Tokyo Open", "Osaka Cup"]


def test_my_current_events(
    world: dict[str, Any], make_event: Any, make_user: Any, django_assert_num_queries: Any
) -> None:
    player, judge = make_user("aoi"), make_user("jun")
    registration_create(event=world["open"], user=player, display_name="Aoi", by=player)
    _finished_with(make_event, world["organiser"], player)
    event_role_grant(event=world["closed"], user=judge, role="judge", granted_by=None)
    event_role_grant(event=world["finished"], user=judge, role="judge", granted_by=None)
    with django_assert_num_queries(3):
        mine = my_current_events(user=player)
    assert [(item.event.name, item.registration is not None, item.roles) for item in mine] == [
        ("Tokyo Open", True, ())
    ]
    judged = my_current_events(user=judge)
    assert [(item.event.name, item.roles) for item in judged] == [("Osaka Cup", ("judge",))]
    # The organiser's own draft is theirs to see; finished and cancelled ones are history.
    organised = my_current_events(user=world["organiser"])
    assert _names(item.event for item in organised) == [
        "Live Cup", "Secret Draft", "Tokyo Open", "Osaka Cup",
    ]  # fmt: skip


# --- the filter form ---------------------------------------------------------------------------


def test_filter_form_refuses_a_range_that_ends_before_it_starts() -> None:
    form = EventDirectoryForm({"date_from": "2027-03-06", "date_to": "2027-03-01"})
    assert not form.is_valid()
    assert list(form.errors) == ["date_to"]


@pytest.mark.parametrize(
    ("query", "field"),
    [
        ("date_from=2027-03-06&date_to=2027-03-01", "To"),
        ("date_from=yesterday", "From"),
        ("status=secret", "Status"),
        ("game=chess", "Game"),
    ],
)
def test_bad_filters_are_a_400_naming_the_filter(
    world: dict[str, Any], query: str, field: str
) -> None:
    response = Client().get(f"/events/?{query}")
    assert response.status_code == 400
    text = response.content.decode()
    assert "Check the filters:" in text
    assert re.search(rf"<li>{field}: ", text)
    assert "Tokyo Open" not in text


# --- the pages, as each person --------------------------------------------------------------


def test_directory_page_links_every_card_and_keeps_filters_in_page_links(
    make_event: Any, make_user: Any
) -> None:
    organiser = make_user()
    events = [
        make_event(organiser=organiser, name=f"Osaka Cup {index:02d}", region="Osaka", date=DAY)
        for index in range(14)
    ]
    make_event(organiser=organiser, name="Tokyo Cup", region="Tokyo", date=DAY)
    response = Client().get("/events/", {"place": "Osaka", "status": "upcoming"})
    assert response.status_code == 200
    text = response.content.decode()
    assert "14 events" in text
    assert "Tokyo Cup" not in text
    for event in events[:12]:
        assert f'class="event-card status-registration_open" href="/events/{event.pk}/"' in text
    assert 'href="?place=Osaka&amp;status=upcoming&amp;page=2"' in text
    second = Client().get("/events/", {"place": "Osaka", "status": "upcoming", "page": "2"})
    assert "Osaka Cup 12" in second.content.decode()
    assert "Osaka Cup 00" not in second.content.decode()


def test_directory_shows_cancelled_events_as_cancelled(world: dict[str, Any]) -> None:
    text = Client().get("/events/?status=cancelled").content.decode()
    assert "status-cancelled" in text
    assert '<span class="event-card-status">Cancelled</span>' in text


def test_directory_never_lists_drafts_even_to_their_organiser(world: dict[str, Any]) -> None:
    text = _client(world["organiser"]).get("/events/").content.decode()
    assert "Secret Draft" not in text


def test_home_shows_current_events_as_cards_and_a_directory_link(world: dict[str, Any]) -> None:
    text = Client().get("/").content.decode()
    for key in ("open", "closed", "running"):
        assert f'href="/events/{world[key].pk}/"' in text
    assert "Old Cup" not in text  # finished
    assert "Azuki Rained Out" not in text  # cancelled
    assert "Secret Draft" not in text
    assert 'href="/events/"' in text
    assert "My events" not in text  # logged out


def test_home_shows_my_events_with_my_table_link(
    world: dict[str, Any], make_event: Any, make_user: Any
) -> None:
    player = make_user("aoi")
    registration_create(event=world["open"], user=player, display_name="Aoi", by=player)
    _finished_with(make_event, world["organiser"], player)
    text = _client(player).get("/").content.decode()
    mine = text.split('<section class="my-events">')[1].split("</section>")[0]
    assert f'href="/events/{world["open"].pk}/"' in mine
    assert f'href="/events/{world["open"].pk}/me/"' in mine
    assert "Played Cup" not in mine
    assert "Entered: Registered" in mine


def test_home_my_events_for_staff_link_their_desks(world: dict[str, Any], make_user: Any) -> None:
    judge = make_user("jun")
    event_role_grant(event=world["closed"], user=judge, role="judge", granted_by=None)
    text = _client(judge).get("/").content.decode()
    mine = text.split('<section class="my-events">')[1].split("</section>")[0]
    assert f'href="/events/{world["closed"].pk}/judge/"' in mine
    assert "/manage/" not in mine
    organiser_home = _client(world["organiser"]).get("/").content.decode()
    assert f'href="/events/{world["draft"].pk}/manage/"' in organiser_home


def test_home_with_no_events_of_mine_says_so(world: dict[str, Any], make_user: Any) -> None:
    text = _client(make_user()).get("/").content.decode()
    assert "You have no event coming up" in text


def test_directory_in_japanese_has_no_english_labels(world: dict[str, Any]) -> None:
    client = Client(headers={"accept-language": "ja"})
    text = client.get("/events/").content.decode()
    assert "大会一覧" in text
    for english in ("Any game", "Any status", "Clear the filters", "Registration open"):
        assert english not in text


# --- the start time, in the event's zone and the reader's -------------------------------------


def test_start_in_the_event_zone_and_the_readers(make_event: Any) -> None:
    event = make_event(
        date=dt.date(2027, 7, 10), start_time=dt.time(14, 0), time_zone="Europe/London"
    )
    with translation.override("en"):
        start = event_start(event, "Asia/Tokyo")
    # London is on summer time (UTC+1) in July: 14:00 there is 22:00 in Tokyo (UTC+9).
    assert start.local.text.endswith("14:00")
    assert start.local.offset == "UTC+01:00"
    assert start.local.zone_label == "UK (London)"
    assert start.viewer is not None
    assert start.viewer.text.endswith("22:00")
    assert start.viewer.offset == "UTC+09:00"
    assert start.iso == "2027-07-10T14:00:00+01:00"
    assert event_start(event, "Europe/London").viewer is None


def test_start_across_midnight_shows_the_readers_date(make_event: Any) -> None:
    event = make_event(
        date=dt.date(2027, 1, 10), start_time=dt.time(10, 0), time_zone="America/Los_Angeles"
    )
    with translation.override("en"):
        start = event_start(event, "Asia/Tokyo")
    assert start.local.text == "Jan. 10, 2027 (Sun) 10:00"
    assert start.viewer is not None
    assert start.viewer.text == "Jan. 11, 2027 (Mon) 03:00"
    with translation.override("ja"):
        start = event_start(event, "Asia/Tokyo")
    assert start.local.text == "2027年1月10日 (日) 10:00"
    assert start.local.zone_label == "米国太平洋時間（ロサンゼルス）"


def test_event_page_shows_the_readers_time_from_their_profile(
    make_event: Any, make_user: Any
) -> None:
    event = make_event(
        date=dt.date(2027, 7, 10), start_time=dt.time(14, 0), time_zone="Asia/Tokyo",
        venue="Shibuya Hall", region="Tokyo", capacity=32, entry_fee="1,000 yen",
        contact="olivia@example.com",
    )  # fmt: skip
    anonymous = Client().get(f"/events/{event.pk}/").content.decode()
    assert "Japan (Tokyo) · UTC+09:00" in anonymous
    assert "Your time" not in anonymous  # the site's zone is Tokyo too
    for shown in ("Shibuya Hall", "Tokyo", "1,000 yen", "olivia@example.com", "32 places left"):
        assert shown in anonymous
    reader = make_user()
    Profile.objects.update_or_create(user=reader, defaults={"time_zone": "Europe/London"})
    text = _client(reader).get(f"/events/{event.pk}/").content.decode()
    # 14:00 in Tokyo is 06:00 in London (UTC+1 in July).
    assert "Your time: July 10, 2027 (Sat) 06:00 (UK (London))" in text


def test_event_page_counts_places_left_and_says_when_full(make_event: Any, make_user: Any) -> None:
    event = make_event(capacity=2)
    for _ in range(2):
        player = make_user()
        registration_create(event=event, user=player, display_name=player.username, by=player)
    text = Client().get(f"/events/{event.pk}/").content.decode()
    assert "Full: new entries go on the waiting list" in text


# --- the forms, the services and the API -----------------------------------------------------


def test_create_form_stores_when_where_and_how_much(make_user: Any) -> None:
    organiser = make_user()
    response = _client(organiser).post(
        "/events/new/",
        {
            "name": "Kyoto Meetup", "game": "ztrike", "date": "2027-04-01",
            "start_time": "18:30", "time_zone": "Asia/Tokyo", "venue": "Kyoto Card Cafe",
            "region": "Kyoto", "capacity": "16", "entry_fee": "500 yen",
            "contact": "@kyoto", "top_cut": "0",
        },
    )  # fmt: skip
    assert response.status_code == 302
    event = Event.objects.get(name="Kyoto Meetup")
    assert (event.start_time, event.time_zone, event.region, event.entry_fee, event.contact) == (
        dt.time(18, 30), "Asia/Tokyo", "Kyoto", "500 yen", "@kyoto",
    )  # fmt: skip


def test_create_form_offers_tokyo_first_and_refuses_an_unknown_zone(make_user: Any) -> None:
    client = _client(make_user())
    page = client.get("/events/new/").content.decode()
    options = re.findall(r'<option value="([^"]+)"', page.split('name="time_zone"')[1])
    assert options[0] == "Asia/Tokyo"
    response = client.post(
        "/events/new/",
        {"name": "Mars Cup", "game": "zutomayo", "date": "2027-04-01", "start_time": "10:00",
         "time_zone": "Mars/Olympus", "top_cut": "0"},
    )  # fmt: skip
    assert response.status_code == 400
    assert "time_zone" in response.context["form"].errors
    assert not Event.objects.filter(name="Mars Cup").exists()


def test_edit_form_changes_zone_and_start(make_event: Any, make_user: Any) -> None:
    organiser = make_user()
    event = make_event(organiser=organiser, date=DAY)
    client = _client(organiser)
    form = client.get(f"/events/{event.pk}/edit/").context["form"]
    data = {key: value for key, value in form.initial.items() if value is not None}
    data |= {"start_time": "09:30", "time_zone": "America/New_York", "region": "New York"}
    response = client.post(f"/events/{event.pk}/edit/", data)
    assert response.status_code == 302, response.content
    event.refresh_from_db()
    assert (event.start_time, event.time_zone, event.region) == (
        dt.time(9, 30), "America/New_York", "New York",
    )  # fmt: skip


def test_service_refuses_unknown_zone_naming_the_field(make_event: Any, make_user: Any) -> None:
    from core.errors import InvalidInputError

    organiser = make_user()
    event = make_event(organiser=organiser)
    with pytest.raises(InvalidInputError) as refused:
        event_update(event_id=event.pk, by=organiser, changes={"time_zone": "../../etc/passwd"})
    assert refused.value.field == "time_zone"
    event.refresh_from_db()
    assert event.time_zone == "Asia/Tokyo"


def test_is_valid_zone() -> None:
    assert is_valid_zone("Asia/Tokyo")
    assert is_valid_zone("America/Los_Angeles")
    for bad in ("", "Mars/Olympus", "../etc", " Asia/Tokyo", "asia tokyo"):
        assert not is_valid_zone(bad)


def test_api_creates_and_shows_the_new_fields(make_user: Any) -> None:
    client = APIClient()
    client.force_authenticate(make_user())
    response = client.post(
        "/api/v1/events/",
        {"name": "LA Open", "game": "azuki", "date": "2027-01-10", "start_time": "10:00",
         "time_zone": "America/Los_Angeles", "region": "California", "entry_fee": "US$15",
         "contact": "la@example.com", "venue": "Little Tokyo"},
        format="json",
    )  # fmt: skip
    assert response.status_code == 201, response.json()
    body = response.json()
    assert body["starts_at"] == "2027-01-10T10:00:00-08:00"
    assert (body["time_zone"], body["region"], body["entry_fee"], body["contact"]) == (
        "America/Los_Angeles", "California", "US$15", "la@example.com",
    )  # fmt: skip
    refused = client.patch(
        f"/api/v1/events/{body['id']}/", {"time_zone": "Nowhere/Else"}, format="json"
    )
    assert refused.status_code == 400
    assert refused.json()["field"] == "time_zone"
