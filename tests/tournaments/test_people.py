"""A person across events: "my events" (record and placing), the short name on public pages,
and what stays of their events when they delete their account."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.test import Client

from cardpool.services import card_import
from core.models import AuditEntry
from core.profiles import account_delete, profile_update
from tests.cardpool.conftest import demo_records
from tests.tournaments.conftest import TournamentKit
from tournaments.models import Decklist, Event, Match, Registration, ResultReport, RoundSnapshot
from tournaments.selectors.people import my_events
from tournaments.services import (
    decklist_submit,
    event_finish,
    registration_create,
    topcut_start,
)

pytestmark = pytest.mark.django_db

PASSWORD = "pw-for-tests-1"
LEGAL = "\n".join(f"2 DEMO_{n}" for n in range(1, 11))


def _finished_with_top_two(kit: TournamentKit) -> tuple[Event, Match]:
    """Four players, one Swiss round (the two winners on 3 points), a top 2: the final's player
    A wins it. Returns the event and its final."""
    event = kit.event(name="Winter Cup", swiss_rounds=1, top_cut=2)
    kit.players(event, 4)
    kit.play(kit.pair(event))
    final_round = topcut_start(event_id=event.pk, by=kit.organiser)
    kit.play(final_round)
    event.refresh_from_db()
    if event.status != Event.Status.FINISHED:
        event_finish(event_id=event.pk, by=kit.organiser)
    final = Match.objects.select_related("player_a__user", "player_b__user").get(round=final_round)
    return event, final


def test_my_events_shows_record_points_placing_and_the_top_cut(kit: TournamentKit) -> None:
    event, final = _finished_with_top_two(kit)
    winner, finalist = kit.user_a(final), kit.user_b(final)
    upcoming = kit.event(name="Spring Cup")
    registration_create(event=upcoming, user=winner, display_name="Player", by=kit.organiser)

    mine = my_events(user=winner)
    assert [item.event.name for item in mine.upcoming] == ["Spring Cup"]
    assert mine.running == []
    [past] = mine.past
    assert past.event == event
    assert (past.record, past.points, past.players) == ("1-0-0", 3, 4)
    assert past.rank in (1, 2)  # the two Swiss winners share 3 points
    assert past.top_cut_won
    assert past.top_cut_out_at is None

    [lost_final] = my_events(user=finalist).past
    assert lost_final.record == "1-0-0"
    assert not lost_final.top_cut_won
    assert lost_final.top_cut_out_at == 2

    swiss_loser = (
        Registration.objects.filter(event=event)
        .exclude(pk__in=[final.player_a_id, final.player_b_id])
        .first()
    )
    assert swiss_loser is not None
    assert swiss_loser.user is not None
    [out] = my_events(user=swiss_loser.user).past
    assert (out.record, out.points) == ("0-1-0", 0)
    assert out.rank in (3, 4)
    assert out.top_cut_out_at is None
    assert not out.top_cut_won


def test_my_events_takes_four_queries_however_many_events(
    kit: TournamentKit, django_assert_num_queries: Any
) -> None:
    _event, final = _finished_with_top_two(kit)
    winner = kit.user_a(final)
    for number in range(3):
        other = kit.event(name=f"Weekly {number}")
        registration_create(event=other, user=winner, display_name="Player", by=kit.organiser)
    with django_assert_num_queries(4):
        found = my_events(user=winner)
    assert len(found.upcoming) == 3
    assert len(found.past) == 1


def test_my_events_page_as_each_kind_of_person(kit: TournamentKit, client: Client) -> None:
    _event, final = _finished_with_top_two(kit)
    anonymous = client.get("/me/events/")
    assert anonymous.status_code == 302
    assert anonymous["Location"].startswith("/accounts/login/")
    stranger = kit.user("stranger")
    client.force_login(stranger)
    assert "You have not registered for any event yet" in client.get("/me/events/").content.decode()
    client.force_login(kit.user_a(final))
    page = client.get("/me/events/").content.decode()
    assert "Winter Cup" in page
    assert "1-0-0" in page
    assert "Winner" in page


def test_registering_starts_with_the_profiles_display_name(
    kit: TournamentKit, client: Client
) -> None:
    event = kit.event()
    user = kit.user()
    profile_update(
        user=user,
        display_name="AOI★",
        official_player_id="",
        language="en",
        time_zone="Asia/Tokyo",
        public_name="full",
        short_name="",
    )
    client.force_login(user)
    assert client.post(f"/events/{event.pk}/register/").status_code == 302
    assert Registration.objects.get(event=event, user=user).display_name == "AOI★"


# --- a short name on public pages -------------------------------------------------------------


def test_public_pages_show_the_short_name_and_staff_pages_the_full_one(
    kit: TournamentKit, client: Client
) -> None:
    event = kit.event()
    aoi = kit.register(event, "Aoi Satō-Longname")
    kit.register(event, "Ren")
    assert aoi.user is not None
    profile_update(
        user=aoi.user,
        display_name="Aoi Satō-Longname",
        official_player_id="",
        language="en",
        time_zone="Asia/Tokyo",
        public_name="short",
        short_name="Aoi S.",
    )
    round_obj = kit.pair(event)
    snapshot = RoundSnapshot.objects.get(round=round_obj)
    names = {side["name"] for row in snapshot.pairings for side in (row["a"], row["b"]) if side}
    assert names == {"Aoi S.", "Ren"}
    public = client.get(f"/events/{event.pk}/pairings/").content.decode()
    assert "Aoi S." in public
    assert "Aoi Satō-Longname" not in public
    kit.play(round_obj)
    standings = client.get(f"/events/{event.pk}/standings/").content.decode()
    assert "Aoi S." in standings
    assert "Aoi Satō-Longname" not in standings
    client.force_login(kit.organiser)
    staff = client.get(f"/events/{event.pk}/manage/").content.decode()
    assert "Aoi Satō-Longname" in staff


# --- deleting an account ----------------------------------------------------------------------


def test_deleting_an_account_keeps_results_under_a_pseudonym_and_only_needed_decklists(
    kit: TournamentKit, client: Client
) -> None:
    card_import(game_slug="zutomayo", records=demo_records(), source="demo", is_demo=True)
    finished = kit.event(name="Finished Cup")
    upcoming = kit.event(name="Next Cup")
    aoi = kit.register(finished, "Aoi Sato")
    kit.register(finished, "Ren")
    assert aoi.user is not None
    user = aoi.user
    later = registration_create(event=upcoming, user=user, display_name="Aoi Sato")
    decklist_submit(registration_id=aoi.pk, submitted_by=user, data=LEGAL)
    decklist_submit(registration_id=later.pk, submitted_by=user, data=LEGAL)
    round_obj = kit.pair(finished)
    kit.play(round_obj)
    event_finish(event_id=finished.pk, by=kit.organiser)
    reports_before = ResultReport.objects.count()

    name = account_delete(user=user, password=PASSWORD)

    assert re.fullmatch(r"#[0-9B-Z]{6}", name)
    assert set(Registration.objects.filter(user=user).values_list("display_name", flat=True)) == {
        name
    }
    assert Registration.objects.filter(user=user).count() == 2
    assert ResultReport.objects.count() == reports_before
    # The finished event no longer needs the list; the upcoming one does until it is over.
    assert not Decklist.objects.filter(registration=aoi).exists()
    assert Decklist.objects.filter(registration=later).exists()
    standings = client.get(f"/events/{finished.pk}/standings/").content.decode()
    assert name in standings
    assert "Aoi Sato" not in standings
    assert "Aoi Sato" not in str(RoundSnapshot.objects.get(round=round_obj).pairings)
    assert AuditEntry.objects.filter(
        action="tournaments.registration.anonymised", event_id=finished.pk
    ).exists()


def test_the_data_download_holds_registrations_decklists_and_reported_results(
    kit: TournamentKit, client: Client
) -> None:
    card_import(game_slug="zutomayo", records=demo_records(), source="demo", is_demo=True)
    event = kit.event(name="Data Cup")
    aoi = kit.register(event, "Aoi Sato")
    kit.register(event, "Ren")
    assert aoi.user is not None
    decklist_submit(registration_id=aoi.pk, submitted_by=aoi.user, data=LEGAL)
    kit.play(kit.pair(event))
    client.force_login(aoi.user)
    data = client.get("/accounts/data/").json()
    assert [(row["event"], row["display_name"]) for row in data["registrations"]] == [
        ("Data Cup", "Aoi Sato")
    ]
    assert data["decklists"][0]["event"] == "Data Cup"
    assert data["decklists"][0]["versions"][0]["text"] == LEGAL
    assert [(row["event"], row["round"]) for row in data["results_reported"]] == [("Data Cup", 1)]
