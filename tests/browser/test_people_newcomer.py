"""Tests as people: the whole event as its people live it, in the browser, at phone and
laptop sizes, each person in their own session.

A newcomer signs up, opens the verification mail and follows its link, finds the event in the
directory, registers, submits a list, checks in on their page while the check-in window is open,
sees their table and reports; the opponent confirms. An organiser appoints a judge on the staff
page; a player calls a judge from their phone, the judge sees the call on the desk, takes it and
resolves the table's dispute. Nobody types an id and no shell is used: the only shortcuts are the
other players' own registrations and check-ins (made through the services, as their phones
would) and the round's pairing, which the organiser suite covers in the browser.

Screenshots: ``artifacts/screenshots/newcomer_to_resolved_dispute/``.
"""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.conftest import Club, People, register_players
from tests.browser.steps import (
    appoint_judge,
    call_a_judge,
    check_in_on_me,
    confirm_opponents_report,
    find_event_in_directory,
    open_judge_desk,
    register,
    report_win,
    resolve_dispute,
    see_my_table,
    sign_up_and_verify,
    submit_decklist,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PASSWORD = "a-long-newcomer-pass-2026"


def test_newcomer_to_resolved_dispute(people: People, club: Club, make_user: Any) -> None:
    from playwright.sync_api import expect

    from tournaments.services import result_report, round_pair
    from tournaments.services.checkin import event_check_in_open, registration_check_in_self

    event = club.event
    others = register_players(club, make_user, ["Ren Suzuki", "Mio Tanaka", "Sora Ito"])

    # The newcomer: an account of their own, verified by the link in the mail.
    newcomer = people.person("newcomer")
    sign_up_and_verify(newcomer, username="aoi", email="aoi@example.com", password=PASSWORD)
    newcomer.shot("verified")
    if newcomer.page.get_by_role("link", name="Log in").count():
        newcomer.log_in("aoi", PASSWORD)
    find_event_in_directory(newcomer, event_name="Harbour Cup")
    newcomer.shot("found-in-directory")
    register(newcomer)
    expect(newcomer.page.get_by_text("You are entered as")).to_be_visible()
    submit_decklist(newcomer, club.decklist)
    newcomer.shot("decklist")

    # Check-in opens; the newcomer checks in on their page, the others on theirs.
    event_check_in_open(event_id=event.pk, by=club.organiser)
    check_in_on_me(newcomer, event.pk)
    newcomer.shot("checked-in")
    for registration in others:
        registration_check_in_self(event_id=event.pk, user=registration.user)
    round_obj = round_pair(event_id=event.pk, by=club.organiser, seed=1)

    # The newcomer's table and opponent, then the report; the opponent confirms.
    tables: list[tuple[Any, Any, Any]] = [
        (m, m.player_a, m.player_b) for m in round_obj.matches.select_related(
            "player_a__user", "player_b__user"
        )
    ]  # fmt: skip
    (mine,) = [t for t in tables if "aoi" in (t[1].user.username, t[2].user.username)]
    (other,) = [t for t in tables if t is not mine]
    match, me, them = mine if mine[1].user.username == "aoi" else (mine[0], mine[2], mine[1])
    newcomer.open(f"/events/{event.pk}/")
    see_my_table(newcomer, table=match.table, opponent=them.display_name)
    newcomer.shot("my-table")
    report_win(newcomer)
    newcomer.shot("reported")

    opponent = people.person("opponent")
    opponent.log_in(them.user.username)
    opponent.open(f"/events/{event.pk}/")
    see_my_table(opponent, table=match.table, opponent=me.display_name)
    confirm_opponents_report(opponent)
    expect(opponent.page.locator("p.meta", has_text="Status:")).to_contain_text("Status: confirmed")
    opponent.shot("confirmed")

    # The other table disputes its result; the organiser appoints a judge in the browser.
    disputed, first, second = other
    result_report(match_id=disputed.pk, user=first.user, wins_a=1, wins_b=0)
    result_report(match_id=disputed.pk, user=second.user, wins_a=0, wins_b=1)
    make_user("jun", first_name="Jun", last_name="Judge")
    organiser = people.person("organiser")
    organiser.log_in("olivia")
    appoint_judge(organiser, event.pk, judge="jun")
    organiser.shot("judge-appointed")

    # A player of the disputed table calls a judge; the judge sees the call and takes it.
    caller = people.person("caller")
    caller.log_in(first.user.username)
    call_a_judge(caller, event.pk)
    caller.shot("called-a-judge")
    judge = people.person("judge")
    judge.log_in("jun")
    open_judge_desk(judge, event.pk)
    calls = judge.page.locator("#judge-calls")
    expect(calls).to_contain_text(f"Table {disputed.table}")
    judge.shot("desk-with-call")
    calls.get_by_role("button", name="Take").click()
    expect(judge.page.locator("#judge-calls")).to_contain_text("taken by")
    resolve_dispute(
        judge,
        table=disputed.table,
        winner=first.display_name,
        loser=second.display_name,
        reason="Both players agreed after the judge call",
    )
    expect(judge.page.locator("p.meta", has_text="Status:")).to_contain_text("Status: confirmed")
    judge.shot("dispute-resolved")
    assert all(p.fits_the_width() for p in (newcomer, opponent, organiser, caller, judge))
