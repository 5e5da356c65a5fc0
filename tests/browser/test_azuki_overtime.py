"""Azuki TCG overtime at the table, in the browser: time is
called and overtime ends with the game unfinished; the player enters the tiebreak counts on a
phone, the site decides the game, the opponent reads the decision and confirms it; the round
clock shows the published overtime once time is called. Screenshots under
``artifacts/screenshots/azuki_overtime*/``."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest

from tests.browser.conftest import People, register_players
from tests.browser.steps import expect_message

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_azuki_overtime_reported_by_counts_and_confirmed(
    people: People, make_user: Any, make_event: Any
) -> None:
    from django.urls import reverse
    from playwright.sync_api import expect

    from tournaments.models import ResultReport
    from tournaments.services import registration_check_in, round_pair, round_start

    organiser = make_user("olivia", first_name="Olivia", last_name="Organiser")
    event = make_event(organiser=organiser, name="Azuki Night", game_slug="azuki", swiss_rounds=2)

    class Club:  # what register_players needs
        pass

    club = Club()
    club.event = event  # type: ignore[attr-defined]
    aoi, ren = register_players(club, make_user, ["Aoi Sato", "Ren Suzuki"])  # type: ignore[arg-type]
    for registration in (aoi, ren):
        registration_check_in(registration_id=registration.pk, by=organiser)
    round_obj = round_pair(event_id=event.pk, by=organiser, seed=1)
    # The round started 31 minutes ago: its 30 minutes are over, overtime is running.
    round_start(round_id=round_obj.pk, by=organiser,
                now=dt.datetime.now(dt.UTC) - dt.timedelta(minutes=31))  # fmt: skip
    match = round_obj.matches.get()

    player = people.person("player")
    player.log_in("aoi")
    clock = player.open(f"/events/{event.pk}/clock/")
    expect(clock.locator("[data-overtime]")).to_be_visible()
    expect(clock.locator("[data-at-time]")).to_be_visible()
    player.shot("clock-in-overtime")

    report_url = reverse("tournaments:match-report", args=[match.pk])
    page = player.open(report_url)
    page.get_by_label("My wins").fill("0")  # the games before the one overtime decides
    page.get_by_label("My opponent's wins").fill("0")
    page.get_by_label("How the game ended").select_option("time_tiebreak")
    page.locator("summary", has_text="Overtime tiebreakers").click()  # folded until needed
    counts = {"Leader health": (8, 8), "Cards left in deck": (17, 14), "Garden entities": (2, 3),
              "Alley entities": (1, 1), "Cards in hand": (3, 5)}  # fmt: skip
    for label, (a, b) in counts.items():
        page.get_by_label(f"{label}: Aoi Sato").fill(str(a))
        page.get_by_label(f"{label}: Ren Suzuki").fill(str(b))
    page.get_by_label("Whose leader took damage last").select_option(label="Ren Suzuki")
    # A focused <select> at laptop size swallows the next click after a full-page screenshot.
    page.evaluate("document.activeElement && document.activeElement.blur()")
    player.shot("tiebreak-counts")
    page.get_by_role("button", name="Send result").click()
    expect_message(player, "your opponent confirms it")
    # Equal leader health (8); Aoi has more cards left in deck (17 to 14): Aoi wins the game.
    report = ResultReport.objects.get(match=match)
    winner_side = "a" if match.player_a_id == aoi.pk else "b"
    assert (report.wins_a, report.wins_b) == ((1, 0) if winner_side == "a" else (0, 1))
    expect(page.get_by_text("Aoi Sato wins on cards left in deck")).to_be_visible()
    player.shot("decided")

    opponent = people.person("opponent")
    opponent.log_in("ren")
    other = opponent.open(report_url)
    expect(other.locator("#confirm")).to_contain_text("Your opponent reported")
    expect(other.get_by_text("Aoi Sato wins on cards left in deck").first).to_be_visible()
    opponent.shot("read-the-decision")
    other.get_by_role("button", name="Confirm", exact=True).click()
    expect_message(opponent, "Result confirmed")
    assert ResultReport.objects.filter(match=match, status="confirmed").count() == 1
    assert player.fits_the_width()
