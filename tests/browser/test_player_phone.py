"""On a phone: a player finds their table and opponent, reports, and the opponent confirms."""

from __future__ import annotations

import random
from typing import Any

import pytest

from tests.browser.conftest import SCREENSHOTS
from tournaments.demo.simulation import SimulationSettings, simulate_event
from tournaments.models import Match

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]


@pytest.fixture
def paired_match() -> dict[str, Any]:
    result = simulate_event(
        SimulationSettings(players=8, rounds=3, top_cut=0, stop_after_round=0, name="Phone Cup"),
        rng=random.Random(7),
        log=lambda line: None,
    )
    match = (
        Match.objects.select_related("player_a__user", "player_b__user")
        .filter(round__event_id=result.event_id, is_bye=False)
        .order_by("table")
        .first()
    )
    assert match is not None
    assert match.player_b is not None
    for user in (match.player_a.user, match.player_b.user):
        assert user is not None
        user.set_password("phone-pass-123")
        user.save(update_fields=["password"])
    return {"event": result.event_id, "match": match}


def _login(page: Any, base: str, username: str) -> None:
    # This walk reads the pages in English: the phone was switched to English (a simulated
    # player may have a Japanese profile, whose language applies only where none was chosen).
    page.context.add_cookies([{"name": "django_language", "value": "en", "url": base}])
    page.goto(f"{base}/accounts/login/")
    page.fill("#id_login", username)
    page.fill("#id_password", "phone-pass-123")
    page.click("button.primary")


def test_player_finds_table_and_reports(paired_match: dict[str, Any], live_server: Any,
                                        browser_page: Any) -> None:  # fmt: skip
    from playwright.sync_api import expect

    page, base, match = browser_page, live_server.url, paired_match["match"]
    _login(page, base, match.player_a.user.username)
    page.goto(f"{base}/events/{paired_match['event']}/me/")
    expect(page.locator(".my-table .big")).to_contain_text(f"{match.table}")
    expect(page.locator(".my-table")).to_contain_text(match.player_b.display_name)
    (SCREENSHOTS / "player_phone").mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SCREENSHOTS / "player_phone" / "my-table-phone.png"), full_page=True)
    page.click("text=Report the result")
    page.check("input[name=outcome][value=won]")
    page.fill("input[name=my_wins]", "1")
    page.fill("input[name=their_wins]", "0")
    page.click("button.primary")
    expect(page.locator(".messages")).to_contain_text("your opponent confirms it")
    page.context.clear_cookies()
    _login(page, base, match.player_b.user.username)
    page.goto(f"{base}/events/matches/{match.pk}/")
    page.click("button:text-is('Confirm')")
    expect(page.locator(".messages")).to_contain_text("Result confirmed")
    expect(page.locator("table")).to_contain_text("Confirmed")
    page.screenshot(path=str(SCREENSHOTS / "player_phone" / "confirmed-phone.png"), full_page=True)
