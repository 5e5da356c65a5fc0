"""Two people disqualify, in the browser (no judge removes a player alone): a judge's proposal waits
at the judge desk; the organiser confirms it through the no-script confirmation page.

Runs at phone and laptop sizes; screenshots under ``artifacts/screenshots/``."""

from __future__ import annotations

from typing import Any

import pytest

from tests.browser.conftest import Club, People, check_in_and_pair, register_players
from tests.browser.steps import open_judge_desk

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


def test_the_organiser_confirms_a_judges_disqualification(
    people: People, club: Club, make_user: Any
) -> None:
    from playwright.sync_api import expect

    from tournaments.models import Registration
    from tournaments.services import event_role_grant, penalty_record

    registrations = register_players(club, make_user, ["Aoi Sato", "Ren Suzuki"])
    check_in_and_pair(club, registrations)
    judge_user = make_user("jun", first_name="Jun", last_name="Judge")
    event_role_grant(event=club.event, user=judge_user, role="judge", granted_by=club.organiser)
    penalty_record(registration_id=registrations[0].pk, judge=judge_user, infraction="Cheating",
                   penalty="disqualification", note="marked cards")  # fmt: skip

    organiser = people.person("organiser")
    organiser.log_in("olivia")
    open_judge_desk(organiser, club.event.pk)
    page = organiser.page
    waiting = page.locator("#disqualifications")
    expect(waiting).to_contain_text("Aoi Sato")
    expect(waiting).to_contain_text("Proposed by jun")
    organiser.shot("desk-with-a-pending-disqualification")
    assert organiser.fits_the_width()
    waiting.get_by_role("button", name="Confirm").click()
    expect(
        page.get_by_role("heading", name="Confirm the disqualification of Aoi Sato?")
    ).to_be_visible()
    organiser.shot("confirmation-page")
    page.get_by_role("button", name="Yes, disqualify Aoi Sato").click()
    expect(page.get_by_text("The disqualification is confirmed.")).to_be_visible()
    expect(page.locator("#disqualifications")).to_have_count(0)
    organiser.shot("confirmed")
    status = Registration.objects.get(pk=registrations[0].pk).status
    assert status == Registration.Status.DISQUALIFIED
