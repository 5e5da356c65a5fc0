"""An organiser copies an event to start the next one, and reads the event's audit log on a page
(what changed, who and when)."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from django.test import Client
from django.utils import translation
from rest_framework.test import APIClient

from core.audit import audit_log
from core.errors import InvalidInputError, NotFoundError, PermissionDeniedError
from core.models import AuditEntry, Profile
from tournaments.display.audit_labels import KINDS, LABELS, action_label
from tournaments.models import Event, EventRole, Registration
from tournaments.selectors.audit import event_audit_page
from tournaments.services import (
    event_copy,
    event_create,
    event_role_grant,
    event_update,
    registration_create,
)

pytestmark = pytest.mark.django_db

DAY = dt.date(2027, 3, 6)


def _client(user: Any = None) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


@pytest.fixture
def series(make_user: Any) -> dict[str, Any]:
    """An event with every setting away from its default, four staff and two players."""
    organiser = make_user("olivia", first_name="Olivia", last_name="Organiser")
    people = {name: make_user(name) for name in ("co", "head", "judge", "keeper", "p1", "p2")}
    event = event_create(
        name="Spring Cup", game_slug="azuki", date=DAY, created_by=organiser,
        status=Event.Status.REGISTRATION_OPEN, start_time=dt.time(13, 30),
        time_zone="America/Los_Angeles", venue="Little Tokyo", region="California", capacity=40,
        entry_fee="US$15", contact="la@example.com", swiss_rounds=5, top_cut=8, best_of=3,
        top_cut_best_of=3, round_minutes=50, top_cut_round_minutes=70,
        scoring={"win": 3, "draw": 1, "loss": 0, "bye": 3}, tiebreak_profile="pokemon",
        draws_allowed=False, structure_style="pokemon",
        registration_opens_at=dt.datetime(2027, 2, 1, 9, 0, tzinfo=dt.UTC),
        decklist_deadline=dt.datetime(2027, 3, 5, 12, 0, tzinfo=dt.UTC),
    )  # fmt: skip
    for name, role in (("co", "organiser"), ("head", "head_judge"), ("judge", "judge"),
                       ("keeper", "scorekeeper")):  # fmt: skip
        event_role_grant(event=event, user=people[name], role=role, granted_by=organiser)
    for name in ("p1", "p2"):
        registration_create(event=event, user=people[name], display_name=name, by=organiser)
    return {"event": event, "organiser": organiser, **people}


# --- the service -------------------------------------------------------------------------------


@pytest.mark.django_db(transaction=True)
def test_copying_and_creating_hold_their_own_transaction(make_user: Any) -> None:
    """Outside any test transaction (as a command or a request runs them): the per-day count
    locks the person's row, which PostgreSQL allows only inside a transaction; the services
    open their own."""
    organiser = make_user("olivia")
    source = event_create(name="Spring Cup", game_slug="azuki", date=DAY, created_by=organiser)
    copy = event_copy(actor=organiser, event_id=source.pk, name="Summer Cup", date=DAY)
    assert copy.copied_from_id == source.pk


def test_copy_takes_settings_structure_and_staff_but_no_players(series: dict[str, Any]) -> None:
    source, organiser = series["event"], series["organiser"]
    copy = event_copy(
        actor=organiser, event_id=source.pk, name=" Summer Cup ", date=DAY.replace(month=6)
    )
    copy.refresh_from_db()
    assert (copy.name, copy.date, copy.status, copy.copied_from_id) == (
        "Summer Cup", dt.date(2027, 6, 6), Event.Status.DRAFT, source.pk,
    )  # fmt: skip
    assert copy.game.slug == "azuki"
    expected = {
        "start_time": dt.time(13, 30), "time_zone": "America/Los_Angeles",
        "venue": "Little Tokyo", "region": "California", "capacity": 40, "entry_fee": "US$15",
        "contact": "la@example.com", "swiss_rounds": 5, "top_cut": 8, "best_of": 3,
        "top_cut_best_of": 3, "round_minutes": 50, "top_cut_round_minutes": 70,
        "scoring": {"win": 3, "draw": 1, "loss": 0, "bye": 3}, "tiebreak_profile": "pokemon",
        "draws_allowed": False, "structure_style": "pokemon",
    }  # fmt: skip
    assert {field: getattr(copy, field) for field in expected} == expected
    # Registration times and the deadline move with the date (92 days later).
    assert copy.registration_opens_at == dt.datetime(2027, 5, 4, 9, 0, tzinfo=dt.UTC)
    assert copy.decklist_deadline == dt.datetime(2027, 6, 5, 12, 0, tzinfo=dt.UTC)
    assert copy.registration_closes_at is None
    assert not copy.decklists_published
    staff = set(EventRole.objects.filter(event=copy).values_list("user__username", "role"))
    assert staff == {
        ("olivia", "organiser"), ("co", "organiser"), ("head", "head_judge"),
        ("judge", "judge"), ("keeper", "scorekeeper"),
    }  # fmt: skip
    assert not Registration.objects.filter(event=copy).exists()
    assert Registration.objects.filter(event=source).count() == 2
    entry = AuditEntry.objects.get(action="tournaments.event.copied")
    assert (entry.event_id, entry.actor_id, entry.data["from"]) == (
        copy.pk,
        organiser.pk,
        source.pk,
    )


def test_copy_scoring_is_its_own(series: dict[str, Any]) -> None:
    """Changing the copy's scoring leaves the source's alone."""
    source, organiser = series["event"], series["organiser"]
    copy = event_copy(actor=organiser, event_id=source.pk, name="Next", date=DAY)
    event_update(event_id=copy.pk, by=organiser, changes={"scoring": {"win": 2}})
    source.refresh_from_db()
    assert source.scoring == {"win": 3, "draw": 1, "loss": 0, "bye": 3}


@pytest.mark.parametrize("who", ["judge", "head", "keeper", "p1"])
def test_only_organisers_copy(series: dict[str, Any], who: str) -> None:
    before = Event.objects.count()
    with pytest.raises(PermissionDeniedError):
        event_copy(actor=series[who], event_id=series["event"].pk, name="Mine", date=DAY)
    assert Event.objects.count() == before


def test_copy_refuses_a_blank_name_and_a_missing_event(series: dict[str, Any]) -> None:
    with pytest.raises(InvalidInputError) as blank:
        event_copy(actor=series["organiser"], event_id=series["event"].pk, name="  ", date=DAY)
    assert blank.value.field == "name"
    with pytest.raises(NotFoundError):
        event_copy(actor=series["organiser"], event_id=999_999, name="X", date=DAY)
    assert Event.objects.count() == 1


# --- the copy page and the API ------------------------------------------------------------------


def test_copy_page_makes_the_copy_and_opens_its_dashboard(series: dict[str, Any]) -> None:
    source = series["event"]
    client = _client(series["organiser"])
    page = client.get(f"/events/{source.pk}/copy/")
    assert page.status_code == 200
    assert page.context["form"].initial == {
        "name": "Spring Cup (copy)",  # never the same name as the source
        "date": DAY + dt.timedelta(days=7),
    }
    response = client.post(
        f"/events/{source.pk}/copy/", {"name": "Summer Cup", "date": "2027-06-06"}
    )
    copy = Event.objects.get(name="Summer Cup")
    assert response.status_code == 302
    assert response["Location"] == f"/events/{copy.pk}/manage/"


def test_copy_page_names_the_bad_field(series: dict[str, Any]) -> None:
    client = _client(series["organiser"])
    response = client.post(f"/events/{series['event'].pk}/copy/", {"name": "X", "date": "soon"})
    assert response.status_code == 400
    assert list(response.context["form"].errors) == ["date"]
    assert Event.objects.count() == 1


@pytest.mark.parametrize("who", [None, "judge", "head", "p1"])
def test_copy_page_is_for_organisers(series: dict[str, Any], who: str | None) -> None:
    client = _client(series[who] if who else None)
    response = client.post(
        f"/events/{series['event'].pk}/copy/", {"name": "X", "date": "2027-06-06"}
    )
    assert response.status_code in (302, 403)
    if response.status_code == 302:
        assert "/login/" in response["Location"]
    assert Event.objects.count() == 1


def test_dashboard_links_to_copy_and_audit(series: dict[str, Any]) -> None:
    event = series["event"]
    text = _client(series["organiser"]).get(f"/events/{event.pk}/manage/").content.decode()
    assert f'href="/events/{event.pk}/copy/"' in text
    assert f'href="/events/{event.pk}/audit/"' in text


def test_copy_api(series: dict[str, Any]) -> None:
    source = series["event"]
    client = APIClient()
    client.force_authenticate(series["organiser"])
    response = client.post(
        f"/api/v1/events/{source.pk}/copy/",
        {"name": "API Cup", "date": "2027-06-06"},
        format="json",
    )
    assert response.status_code == 201, response.json()
    body = response.json()
    assert (body["name"], body["status"], body["copied_from"], body["venue"]) == (
        "API Cup", "draft", source.pk, "Little Tokyo",
    )  # fmt: skip
    client.force_authenticate(series["judge"])
    refused = client.post(
        f"/api/v1/events/{source.pk}/copy/", {"name": "No", "date": "2027-06-06"}, format="json"
    )
    assert refused.status_code == 403
    assert not Event.objects.filter(name="No").exists()


# --- the audit log ------------------------------------------------------------------------------


def test_audit_page_lists_entries_newest_first_with_names_and_plain_words(
    series: dict[str, Any],
) -> None:
    event, organiser = series["event"], series["organiser"]
    event_update(event_id=event.pk, by=organiser, changes={"venue": "Downtown"})
    audit_log(action="tournaments.round.repaired", actor=series["co"], obj=event,
              event_id=event.pk, reason="table 3 was missing")  # fmt: skip
    Profile.objects.update_or_create(
        user=series["co"], defaults={"display_name": "Chiaki Co-organiser"}
    )
    response = _client(organiser).get(f"/events/{event.pk}/audit/")
    assert response.status_code == 200
    rows = response.context["rows"]
    assert [(row.label, row.who, row.reason) for row in rows[:2]] == [
        ("Round paired again", "Chiaki Co-organiser", "table 3 was missing"),
        ("Event settings changed", "Olivia Organiser", ""),
    ]
    assert rows[-1].label == "Event created"
    text = response.content.decode()
    assert "tournaments.round.repaired" not in text  # plain words, not the action's name
    assert "Reason: table 3 was missing" in text


def test_audit_page_filters_by_kind(series: dict[str, Any]) -> None:
    event = series["event"]
    response = _client(series["organiser"]).get(f"/events/{event.pk}/audit/?kind=players")
    assert [row.label for row in response.context["rows"]] == ["Player registered"] * 2
    staff = _client(series["organiser"]).get(f"/events/{event.pk}/audit/?kind=staff")
    assert [row.label for row in staff.context["rows"]] == ["Staff member appointed"] * 4


def test_audit_page_refuses_an_unknown_kind(series: dict[str, Any]) -> None:
    response = _client(series["organiser"]).get(f"/events/{series['event'].pk}/audit/?kind=x")
    assert response.status_code == 400
    assert "unknown kind of action" in response.content.decode()


def test_audit_page_shows_only_this_events_entries(series: dict[str, Any], make_event: Any) -> None:
    other = make_event(organiser=series["organiser"], name="Other Cup")
    audit_log(action="tournaments.event.updated", actor=series["organiser"], obj=other,
              event_id=other.pk, reason="only on the other")  # fmt: skip
    text = _client(series["organiser"]).get(f"/events/{series['event'].pk}/audit/").content
    assert b"only on the other" not in text


def test_audit_page_paginates(series: dict[str, Any]) -> None:
    event = series["event"]
    for index in range(55):
        audit_log(action="tournaments.event.updated", actor=series["organiser"], obj=event,
                  event_id=event.pk, reason=f"change {index:02d}")  # fmt: skip
    client = _client(series["organiser"])
    first = client.get(f"/events/{event.pk}/audit/?kind=event")
    assert [row.reason for row in first.context["rows"]][:2] == ["change 54", "change 53"]
    assert 'href="?kind=event&amp;page=2"' in first.content.decode()
    second = client.get(f"/events/{event.pk}/audit/?kind=event&page=2")
    reasons = [row.reason for row in second.context["rows"]]
    assert reasons[:5] == ["change 04", "change 03", "change 02", "change 01", "change 00"]


@pytest.mark.parametrize(
    ("who", "status"),
    [("organiser", 200), ("co", 200), ("head", 200), ("judge", 403), ("keeper", 403),
     ("p1", 403)],
)  # fmt: skip
def test_audit_page_per_role(series: dict[str, Any], who: str, status: int) -> None:
    response = _client(series[who]).get(f"/events/{series['event'].pk}/audit/")
    assert response.status_code == status


def test_audit_page_refuses_anonymous_people(series: dict[str, Any]) -> None:
    response = Client().get(f"/events/{series['event'].pk}/audit/")
    assert response.status_code == 302
    assert "/login/" in response["Location"]


def test_audit_selector_query_count(series: dict[str, Any], django_assert_num_queries: Any) -> None:
    event = series["event"]
    for index in range(20):
        audit_log(action="tournaments.event.updated", actor=series[f"p{index % 2 + 1}"],
                  obj=event, event_id=event.pk)  # fmt: skip
    with django_assert_num_queries(3):  # the reader's roles, the count, the page with people
        page, rows = event_audit_page(event=event, user=series["organiser"])
        names = {row.who for row in rows}
    assert page.paginator.count == 27  # created, 4 staff, 2 registrations, 20 updates
    assert names == {"p1", "p2", "Olivia Organiser"}


def test_audit_page_in_japanese(series: dict[str, Any]) -> None:
    client = _client(series["organiser"])
    client.cookies["django_language"] = "ja"
    text = client.get(f"/events/{series['event'].pk}/audit/").content.decode()
    assert "操作履歴" in text
    assert "大会を作成" in text
    for english in ("Event created", "Staff member appointed", "All actions"):
        assert english not in text


def test_every_label_and_kind_reads_in_japanese() -> None:
    with translation.override("ja"):
        for action in LABELS:
            label = action_label(action)
            assert label != str(LABELS[action]) or not label.isascii(), action
        for kind in KINDS:
            assert not str(kind.label).isascii(), kind.key
        # An action nobody has named yet still reads in plain Japanese words.
        assert action_label("tournaments.registration.teleported") == "参加登録を変更"
        assert action_label("somebody.else.did") == "その他の変更"


@pytest.mark.parametrize("who", ["judge", "keeper", "p1"])
def test_audit_selector_refuses_all_but_organisers_and_head_judges(
    series: dict[str, Any], who: str
) -> None:
    with pytest.raises(PermissionDeniedError):
        event_audit_page(event=series["event"], user=series[who])
    page, _rows = event_audit_page(event=series["event"], user=series["head"])
    assert page.paginator.count == 7


def test_audit_details_read_without_ids() -> None:
    from tournaments.selectors.audit import entry_details

    with translation.override("en"):
        assert entry_details({"match": 41, "table": 5, "user": 7}) == "Table 5"
        assert entry_details({"user": 7, "role": "head_judge"}) == "Head judge"
        assert entry_details({"from": "draft", "to": "registration_open"}) == (
            "Draft → Registration open"
        )
        assert entry_details({"from": 3, "staff": 4}) == ""
        assert entry_details([]) == ""


@pytest.mark.parametrize(("who", "linked"), [("organiser", True), ("head", True), ("judge", False)])
def test_event_page_links_the_audit_log_for_its_readers(
    series: dict[str, Any], who: str, linked: bool
) -> None:
    event = series["event"]
    text = _client(series[who]).get(f"/events/{event.pk}/").content.decode()
    assert (f'href="/events/{event.pk}/audit/"' in text) is linked
