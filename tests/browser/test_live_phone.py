"""On the demo data, in Chromium: the pages a player or judge uses fit a 390 px phone with no
sideways scrolling, run under the strict Content-Security-Policy without a single refusal, and
refresh themselves without losing what a person is typing (at a phone's size too)."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from django.conf import settings as django_settings
from django.contrib.auth import get_user_model

from judging.management.commands.load_demo import LIVE_EVENT_NAME
from tests.browser.conftest import ARTIFACTS, load_demo_once
from tournaments.live.snapshots import snapshot_refresh
from tournaments.models import Event, Match, Round
from tournaments.services import (
    result_enter_by_judge,
    result_report,
    round_complete,
    round_pair,
)

pytestmark = [pytest.mark.browser, pytest.mark.django_db(transaction=True)]

PLAYER_PASSWORD = "phone-pass-123"
PHONE = {"width": 390, "height": 844}
#: The wide tables that become cards on a phone.
CARD_TABLES = {"standings", "pairings", "pairings-by-table", "judge-desk"}


@pytest.fixture
def demo(settings: Any, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, Any]:
    """``load_demo`` (its invented card set: no shared data needed; made once per process,
    ``load_demo_once``); the live event's round 3 is running. The first table's player gets a
    password to log in with."""
    # Playwright's sync API keeps an event loop in this thread; the services the tests call
    # while the browser is open are plain synchronous code, run here on purpose.
    monkeypatch.setenv("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
    load_demo_once(settings, tmp_path)
    event = Event.objects.get(name=LIVE_EVENT_NAME)
    round_obj = Round.objects.filter(event=event).order_by("-number").first()
    assert round_obj is not None
    match = (
        Match.objects.filter(round=round_obj, is_bye=False)
        .select_related("player_a__user", "player_b__user")
        .order_by("table")
        .first()
    )
    assert match is not None
    assert match.player_a.user is not None
    assert match.player_b is not None
    assert match.player_b.user is not None
    for user in (match.player_a.user, match.player_b.user):
        user.set_password(PLAYER_PASSWORD)
        user.save(update_fields=["password"])
    return {"event": event, "round": round_obj, "match": match}


def _login(page: Any, base: str, username: str, password: str) -> None:
    page.context.clear_cookies()
    # This walk reads the pages in English: the phone was switched to English (a simulated
    # player may have a Japanese profile, whose language applies only where none was chosen).
    page.context.add_cookies([{"name": "django_language", "value": "en", "url": base}])
    page.goto(f"{base}/accounts/login/")
    page.fill("#id_login", username)
    page.fill("#id_password", password)
    page.click("button.primary")
    page.wait_for_load_state()


def _watch_policy(page: Any) -> list[str]:
    """Every refusal Chromium reports for the Content-Security-Policy, as it happens."""
    refusals: list[str] = []

    def listen(message: Any) -> None:
        if "Content Security Policy" in message.text:
            refusals.append(message.text)

    page.on("console", listen)
    return refusals


def _speed_up(page: Any, region: str) -> None:
    """Poll every second instead of every 10 or 15 (htmx reprocesses a changed trigger)."""
    page.evaluate(
        "(id) => { const e = document.getElementById(id);"
        " e.setAttribute('hx-trigger', 'every 1s'); htmx.process(e); }",
        region,
    )


def _wait_for_new_etag(page: Any, region: str, old: str) -> None:
    page.wait_for_function(
        "([id, old]) => document.getElementById(id).getAttribute('data-live-etag') !== old",
        arg=[region, old],
        timeout=15000,
    )


def test_player_and_judge_pages_fit_a_phone_under_the_policy(
    demo: dict[str, Any], live_server: Any, browser_page: Any
) -> None:
    page, base = browser_page, live_server.url
    event_id, match = demo["event"].pk, demo["match"]
    refusals = _watch_policy(page)
    public = [
        ("standings", f"/events/{event_id}/standings/"),
        ("pairings", f"/events/{event_id}/pairings/"),
        ("pairings-by-table", f"/events/{event_id}/pairings/?by=table"),
        ("event", f"/events/{event_id}/"),
        ("clock", f"/events/{event_id}/clock/"),
        ("bracket", f"/events/{event_id}/bracket/"),
    ]
    player = [
        ("me", f"/events/{event_id}/me/"),
        ("match", f"/events/matches/{match.pk}/"),
    ]
    judge = [("judge-desk", f"/events/{event_id}/judge/")]
    seen: dict[str, int] = {}
    small: dict[str, list[str]] = {}
    for language in ("en", "ja"):
        page.context.clear_cookies()
        people = [
            ("", "", public),
            (match.player_a.user.username, PLAYER_PASSWORD, player),
            ("judge", "demo-judge-pass", judge),
        ]
        for username, password, paths in people:
            if username:
                _login(page, base, username, password)
            page.context.add_cookies(
                [{"name": django_settings.LANGUAGE_COOKIE_NAME, "value": language, "url": base}]
            )
            for name, path in paths:
                page.goto(base + path)
                assert page.locator("html").get_attribute("lang") == language, (name, page.url)
                seen[f"{name}-{language}"] = page.evaluate("document.documentElement.scrollWidth")
                small[f"{name}-{language}"] = page.evaluate(SMALL_TARGETS, MIN_TAP_PX)
                if name in CARD_TABLES:  # one card per row, not a squeezed table
                    assert _row_display(page) == "flex", name
                page.screenshot(
                    path=str(ARTIFACTS / f"phone-{name}-{language}.png"), full_page=True
                )
    wide = {name: width for name, width in seen.items() if width > PHONE["width"]}
    assert wide == {}
    assert {name: texts for name, texts in small.items() if texts} == {}
    assert len(seen) == 2 * (len(public) + len(player) + len(judge))
    page.set_viewport_size({"width": 1280, "height": 800})  # a laptop keeps the tables
    for name, path in judge:
        page.goto(base + path)
        assert _row_display(page) == "table-row", name
        page.screenshot(path=str(ARTIFACTS / f"laptop-{name}-ja.png"), full_page=True)
    assert refusals == []


#: A thumb's target (the round tabs were about 20 px high, Print and Save as PDF 31 px).
MIN_TAP_PX = 40
SMALL_TARGETS = """min => [...document.querySelectorAll('.tabs a, a.button')]
  .filter(a => a.offsetParent !== null && a.getBoundingClientRect().height < min)
  .map(a => a.textContent.trim())"""


def _row_display(page: Any) -> str:
    display: str = page.eval_on_selector(
        "table.stack tbody tr", "row => getComputedStyle(row).display"
    )
    return display


def test_the_pairings_search_survives_a_refresh(
    demo: dict[str, Any], live_server: Any, browser_page: Any
) -> None:
    from playwright.sync_api import expect

    page, base = browser_page, live_server.url
    refusals = _watch_policy(page)
    page.goto(f"{base}/events/{demo['event'].pk}/pairings/")
    rows = page.locator("#pairings-live tr[data-name]")
    total = rows.count()
    needle = demo["match"].player_a.display_name.split()[0]  # a given name several players share
    page.fill("#pairing-search", needle)
    expect(page).to_have_url(f"{base}/events/{demo['event'].pk}/pairings/?q={needle}")
    shown = page.locator("#pairings-live tr[data-name]:visible")
    before = shown.count()
    assert 0 < before < total
    old = page.get_attribute("#pairings-live", "data-live-etag")
    _speed_up(page, "pairings-live")
    page.wait_for_timeout(1500)  # a poll or two: 304, nothing swapped
    assert page.get_attribute("#pairings-live", "data-live-etag") == old
    # The ETag follows the content, not a counter: a change a page shows (a name corrected),
    # then the snapshot refresh a swap or a re-pair makes.
    player = demo["match"].player_a
    type(player).objects.filter(pk=player.pk).update(display_name=f"{player.display_name} Jr.")
    snapshot_refresh(round_obj=demo["round"], standings=False)
    _wait_for_new_etag(page, "pairings-live", str(old))
    assert page.input_value("#pairing-search") == needle
    assert rows.count() == total
    assert shown.count() == before  # the filter is applied to the fresh rows
    for name in shown.all_inner_texts():
        assert needle.casefold() in name.casefold()
    page.screenshot(path=str(ARTIFACTS / "phone-pairings-search-after-refresh.png"))
    page.reload()
    assert page.input_value("#pairing-search") == needle  # kept in the address
    assert page.locator("#pairings-live tr[data-name]:visible").count() == before
    assert refusals == []


def test_the_judge_desk_refreshes_without_losing_a_half_typed_entry(
    demo: dict[str, Any], live_server: Any, browser_page: Any
) -> None:
    from playwright.sync_api import expect

    page, base, match = browser_page, live_server.url, demo["match"]
    refusals = _watch_policy(page)
    _login(page, base, "judge", "demo-judge-pass")
    page.goto(f"{base}/events/{demo['event'].pk}/judge/")
    page.fill("#fast-table", "7")
    page.fill("#fast-entry input[name=reason]", "half typed")
    old = page.get_attribute("#desk-live", "data-live-etag")
    _speed_up(page, "desk-live")
    result_report(match_id=match.pk, user=match.player_a.user, wins_a=1, wins_b=0)
    _wait_for_new_etag(page, "desk-live", str(old))
    row = page.locator("#desk-live tr.pending")
    expect(row).to_contain_text(match.player_a.display_name)
    assert page.input_value("#fast-table") == "7"
    assert page.input_value("#fast-entry input[name=reason]") == "half typed"
    page.screenshot(path=str(ARTIFACTS / "phone-judge-desk-after-refresh.png"), full_page=True)
    assert refusals == []


def test_my_table_appears_when_the_round_is_paired(
    demo: dict[str, Any], live_server: Any, browser_page: Any
) -> None:
    from playwright.sync_api import expect

    page, base, match = browser_page, live_server.url, demo["match"]
    refusals = _watch_policy(page)
    _login(page, base, match.player_a.user.username, PLAYER_PASSWORD)
    page.goto(f"{base}/events/{demo['event'].pk}/me/")
    old = page.get_attribute("#me-live", "data-live-etag")
    assert f"{match.table}" in page.inner_text("#me-live .big")
    _speed_up(page, "me-live")
    page.wait_for_timeout(1500)
    assert page.get_attribute("#me-live", "data-live-etag") == old  # 304s: nothing swapped
    judge = get_user_model().objects.get(username="judge")
    organiser = get_user_model().objects.get(username="organiser")
    for each in Match.objects.filter(round=demo["round"], is_bye=False):
        result_enter_by_judge(match_id=each.pk, judge=judge, wins_a=1, wins_b=0)
    round_complete(round_id=demo["round"].pk, by=organiser)
    next_round = round_pair(event_id=demo["event"].pk, by=organiser, seed=5)
    _wait_for_new_etag(page, "me-live", str(old))
    mine = Match.objects.filter(round=next_round, player_a=match.player_a).first() or (
        Match.objects.get(round=next_round, player_b=match.player_a)
    )
    expect(page.locator("#me-live")).to_contain_text(f"Round {next_round.number}")
    if not mine.is_bye:
        expect(page.locator("#me-live .big")).to_contain_text(f"{mine.table}")
    assert refusals == []
