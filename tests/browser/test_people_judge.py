"""A judge, in the browser: opens the judge desk from the event page, enters a result by table
number and score button, and resolves a disputed match by entering the result with a reason.

Runs at phone and laptop sizes; screenshots under
``artifacts/screenshots/judge_enters_a_result_and_resolves_a_dispute/``.

TODO when the features these steps need are on main (steps in ``tests/browser/steps.py``):
- requirement 5: the organiser appoints the judge with ``appoint_judge`` (today the fixture grants
  the role through the service), then the judge logs in and finds the desk;
- requirement 8: a player ``call_a_judge``; the desk shows the call with its table; the judge
  takes it;
- requirement 7: both players read the judge's decision in their notifications;
- requirement 10: penalties name the player by name or table (autocomplete), no registration id.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from tests.browser.conftest import Club, People, check_in_and_pair, register_players
from tests.browser.steps import enter_result_by_table, open_judge_desk, resolve_dispute

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_judge_enters_a_result_and_resolves_a_dispute(
    people: People, club: Club, make_user: Any
) -> None:
    from playwright.sync_api import expect

    from tournaments.services import event_role_grant, result_report

    registrations = register_players(
        club, make_user, ["Aoi Sato", "Ren Suzuki", "Mio Tanaka", "Sora Ito"]
    )
    matches = {m.table: m for m in check_in_and_pair(club, registrations).matches.all()}
    disputed = matches[2]
    names = {r.pk: r.display_name for r in registrations}
    players = {r.pk: r.user for r in registrations}
    # Both players of table 2 say they won.
    result_report(match_id=disputed.pk, user=players[disputed.player_a_id], wins_a=1, wins_b=0)
    result_report(match_id=disputed.pk, user=players[disputed.player_b_id], wins_a=0, wins_b=1)
    judge_user = make_user("jun", first_name="Jun", last_name="Judge")
    event_role_grant(event=club.event, user=judge_user, role="judge", granted_by=club.organiser)

    judge = people.person("judge")
    judge.log_in("jun")
    open_judge_desk(judge, club.event.pk)
    page = judge.page
    expect(page.locator(".counter")).to_have_text("reported 0 / 2")
    expect(page.locator("tr.disputed")).to_have_count(1)
    judge.shot("desk")

    enter_result_by_table(judge, table=1, score="1–0")
    open_judge_desk(judge, club.event.pk)
    expect(page.locator(".counter")).to_have_text("reported 1 / 2")

    resolve_dispute(
        judge,
        table=2,
        winner=names[disputed.player_a_id],
        loser=names[disputed.player_b_id],
        reason="Game loss for the opponent after the judge call",
    )
    expect(page.locator("p.meta", has_text="Status:")).to_contain_text("Status: confirmed")
    judge.shot("dispute-resolved")
    open_judge_desk(judge, club.event.pk)
    expect(page.locator(".counter")).to_have_text("reported 2 / 2")
    expect(page.get_by_text("Every result is in.")).to_be_visible()
    expect(page.get_by_role("heading", name=re.compile(r"^Round 1"))).to_be_visible()
    judge.shot("all-in")
