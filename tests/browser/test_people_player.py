"""A player and their opponent, in the browser, each in their own session.

The player finds the event, registers, submits a decklist, sees their table and opponent and
reports the result; the opponent opens their table and confirms it. Runs at phone and laptop
sizes; screenshots under ``artifacts/screenshots/<test name without test_>/``.

TODO when the features these steps need are on main (steps in ``tests/browser/steps.py``):
- requirement 2: ``sign_up_and_verify`` (open the mail, follow the link) instead of ``make_user``;
- requirement 1: ``find_event_in_directory`` instead of ``find_event_on_home``;
- requirement 6: ``check_in_on_me`` instead of the organiser's check-in in ``check_in_and_pair``;
- requirement 7: the opponent reads the "confirm the result" notification before confirming;
- requirement 9: conceding asks for confirmation (add a concede variant).
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.conftest import Club, People, check_in_and_pair, register_players
from tests.browser.steps import (
    confirm_opponents_report,
    find_event_on_home,
    register,
    report_win,
    see_my_table,
    submit_decklist,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_player_registers_submits_a_list_sees_the_table_and_reports(
    people: People, club: Club, make_user: Any
) -> None:
    from playwright.sync_api import expect

    make_user("aoi", first_name="Aoi", last_name="Sato")
    (opponent,) = register_players(club, make_user, ["Ren Suzuki"])
    player = people.person("player")
    player.log_in("aoi")
    find_event_on_home(player, event_name="Harbour Cup", event_id=club.event.pk)
    register(player)
    expect(player.page.get_by_text("You are entered as")).to_be_visible()
    player.shot("registered")
    submit_decklist(player, club.decklist)
    player.shot("decklist")

    registration = club.event.registrations.get(user__username="aoi")
    check_in_and_pair(club, [registration, opponent])
    player.open(f"/events/{club.event.pk}/")
    see_my_table(player, table=1, opponent="Ren Suzuki")
    player.shot("my-table")
    report_win(player)
    status = player.page.locator("p.meta", has_text="Status:")
    expect(status).to_contain_text("Status: waiting for the opponent")
    player.shot("reported")


def test_opponent_confirms_the_result(people: People, club: Club, make_user: Any) -> None:
    from playwright.sync_api import expect

    from tournaments.services import result_report

    reporter, confirmer = register_players(club, make_user, ["Aoi Sato", "Ren Suzuki"])
    match = check_in_and_pair(club, [reporter, confirmer]).matches.get()
    winner = "a" if match.player_a_id == reporter.pk else "b"
    result_report(match_id=match.pk, user=reporter.user, wins_a=int(winner == "a"),
                  wins_b=int(winner == "b"))  # fmt: skip
    opponent = people.person("opponent")
    opponent.log_in("ren")
    find_event_on_home(opponent, event_name="Harbour Cup", event_id=club.event.pk)
    see_my_table(opponent, table=1, opponent="Aoi Sato")
    confirm_opponents_report(opponent)
    expect(opponent.page.locator("p.meta", has_text="Status:")).to_contain_text("Status: confirmed")
    expect(opponent.page.get_by_role("button", name="Send result")).to_have_count(0)
    opponent.shot("confirmed")
