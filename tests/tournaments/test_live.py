"""Live regions (pages refresh themselves during a round): htmx polls a page's region that holds no
input, with
``If-None-Match``; the answer is 304 while nothing changed and the fresh region, with its new
ETag, after a change. Forms and the pairings search sit outside the regions."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from tests.tournaments.conftest import TournamentKit
from tournaments.models import Event, Match, Round
from tournaments.services import penalty_record, result_report, round_complete

pytestmark = pytest.mark.django_db

FORM_CONTROLS = re.compile(r"<(input|form|textarea|select|button)\b", re.IGNORECASE)


def _client(user: User | None = None) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def _live_etag(page: Any, region: str) -> str:
    """The ETag a page gives its live region (``data-live-etag`` on ``#region``)."""
    html = page.content.decode()
    found = re.search(rf'<div id="{region}"[^>]*data-live-etag="([^"]*)"', html)
    assert found is not None, f"no live region #{region}"
    return found.group(1).replace("&quot;", '"')


@pytest.fixture
def running(kit: TournamentKit) -> dict[str, Any]:
    event = kit.event()
    kit.players(event, 6)
    round_obj = kit.pair(event)
    matches = kit.matches(round_obj)
    return {"kit": kit, "event": event, "round": round_obj, "match": matches[0]}


def _poll(client: Client, path: str, etag: str = "") -> Any:
    """What htmx sends: ``HX-Request``, and the region's tag (static/js/live.js)."""
    headers = {"HX-Request": "true"}
    if etag:
        headers["If-None-Match"] = etag
    return client.get(path, headers=headers)


def _pages(running: dict[str, Any]) -> list[tuple[str, str, User | None]]:
    event: Event = running["event"]
    kit: TournamentKit = running["kit"]
    player = kit.user_a(running["match"])
    return [
        (f"/events/{event.pk}/pairings/", "pairings-live", None),
        (f"/events/{event.pk}/pairings/?by=table", "pairings-live", None),
        (f"/events/{event.pk}/me/", "me-live", player),
        (f"/events/{event.pk}/judge/", "desk-live", kit.judge),
    ]


def test_the_page_names_its_region_and_an_unchanged_poll_is_a_304(
    running: dict[str, Any],
) -> None:
    for path, region, user in _pages(running):
        client = _client(user)
        page = client.get(path)
        assert page.status_code == 200
        assert "HX-Request" in page["Vary"]
        etag = _live_etag(page, region)
        fresh = _poll(client, path)
        assert fresh.status_code == 200, path
        assert fresh["ETag"] == etag, path  # the page's region is the region the poll gets
        assert "no-cache" in fresh["Cache-Control"]
        unchanged = _poll(client, path, etag)
        assert unchanged.status_code == 304, path
        assert unchanged.content == b""
        assert unchanged["ETag"] == etag


def test_a_region_holds_no_input_and_the_page_keeps_its_forms(running: dict[str, Any]) -> None:
    for path, _region, user in _pages(running):
        client = _client(user)
        fragment = _poll(client, path).content.decode()
        assert FORM_CONTROLS.findall(fragment) == [], path
        assert "<html" not in fragment, path
        assert "<h1>" not in fragment, path
    event = running["event"]
    desk = _client(running["kit"].judge).get(f"/events/{event.pk}/judge/").content.decode()
    assert 'id="fast-entry"' in desk
    assert 'name="reason"' in desk
    pairings = _client().get(f"/events/{event.pk}/pairings/?q=Player 0").content.decode()
    assert 'id="pairing-search"' in pairings
    assert 'value="Player 0"' in pairings  # the search survives a reload through the address


def test_the_judge_desk_region_changes_when_a_player_reports(running: dict[str, Any]) -> None:
    kit: TournamentKit = running["kit"]
    match: Match = running["match"]
    path = f"/events/{running['event'].pk}/judge/"
    client = _client(kit.judge)
    etag = _live_etag(client.get(path), "desk-live")
    result_report(match_id=match.pk, user=kit.user_a(match), wins_a=1, wins_b=0)
    changed = _poll(client, path, etag)
    assert changed.status_code == 200
    assert changed["ETag"] != etag
    assert "waiting for the opponent" in changed.content.decode()
    assert _poll(client, path, changed["ETag"]).status_code == 304


def test_the_judge_desk_shows_each_report_of_a_dispute_on_a_line_of_its_own(
    running: dict[str, Any],
) -> None:
    kit: TournamentKit = running["kit"]
    match: Match = running["match"]
    result_report(match_id=match.pk, user=kit.user_a(match), wins_a=1, wins_b=0)
    result_report(match_id=match.pk, user=kit.user_b(match), wins_a=0, wins_b=1)
    html = _client(kit.judge).get(f"/events/{running['event'].pk}/judge/").content.decode()
    lines = re.findall(r'<span class="desk-report">([^<]*)</span>', html)
    assert match.player_b is not None
    names = (match.player_a.display_name, match.player_b.display_name)
    assert lines == [f"{names[0]}: 1–0–0 (Disputed)", f"{names[1]}: 0–1–0 (Disputed)"]


def test_my_table_region_changes_when_the_next_round_is_paired(running: dict[str, Any]) -> None:
    kit: TournamentKit = running["kit"]
    event: Event = running["event"]
    player = kit.user_a(running["match"])
    path = f"/events/{event.pk}/me/"
    client = _client(player)
    etag = _live_etag(client.get(path), "me-live")
    assert _poll(client, path, etag).status_code == 304
    kit.play(running["round"])
    kit.pair(event, seed=8)
    changed = _poll(client, path, etag)
    assert changed.status_code == 200
    assert changed["ETag"] != etag
    assert "Round 2" in changed.content.decode()


def test_pairings_and_standings_regions_follow_the_snapshot(running: dict[str, Any]) -> None:
    kit: TournamentKit = running["kit"]
    event: Event = running["event"]
    client = _client()
    pairings = f"/events/{event.pk}/pairings/"
    etag = _live_etag(client.get(pairings), "pairings-live")
    kit.play(running["round"], complete=False)
    round_complete(round_id=running["round"].pk, by=kit.organiser)
    changed = _poll(client, pairings, etag)
    assert changed.status_code == 200
    assert changed["ETag"] != etag
    assert "Complete" in changed.content.decode()
    standings = f"/events/{event.pk}/standings/"
    standing_etag = _live_etag(client.get(standings), "standings-live")
    assert _poll(client, standings, standing_etag).status_code == 304
    kit.pair(event, seed=8)
    assert _poll(client, standings, standing_etag).status_code == 200
    # The language is part of what the region shows, so part of its tag.
    japanese = client.get(pairings, HTTP_ACCEPT_LANGUAGE="ja")
    english = client.get(pairings)
    assert _live_etag(japanese, "pairings-live") != _live_etag(english, "pairings-live")


def test_pairings_before_round_one_poll_until_the_round_appears(kit: TournamentKit) -> None:
    event = kit.event()
    kit.players(event, 4)
    client = _client()
    path = f"/events/{event.pk}/pairings/"
    page = client.get(path)
    assert "No round has been paired yet." in page.content.decode()
    etag = _live_etag(page, "pairings-live")
    assert _poll(client, path, etag).status_code == 304
    kit.pair(event)
    arrived = _poll(client, path, etag)
    assert arrived.status_code == 200
    assert "Round 1" in arrived.content.decode()


def test_an_unchanged_public_poll_costs_few_queries(running: dict[str, Any]) -> None:
    client = _client()
    path = f"/events/{running['event'].pk}/pairings/"
    etag = _live_etag(client.get(path), "pairings-live")
    with CaptureQueriesContext(connection) as captured:
        assert _poll(client, path, etag).status_code == 304
    assert len(captured.captured_queries) <= 3  # event, round, snapshot


def test_the_standings_show_no_seed_column(running: dict[str, Any]) -> None:
    kit: TournamentKit = running["kit"]
    event: Event = running["event"]
    kit.play(running["round"])
    page = _client().get(f"/events/{event.pk}/standings/").content.decode()
    headers = re.findall(r"<th>([^<]*)</th>", page)
    assert headers[:4] == ["#", "Player", "Points", "W-L-D"]
    assert "OMW%" in headers
    assert not any("seed" in header.lower() for header in headers)
    assert not re.search(r'data-label="[^"]*(seed|Seed|SEED)', page)
    # The seeded draw stays in each row's explanation.
    assert page.count("(random from the event seed)") == 6


def test_a_penalty_does_not_touch_the_queue_region(running: dict[str, Any]) -> None:
    kit: TournamentKit = running["kit"]
    match: Match = running["match"]
    path = f"/events/{running['event'].pk}/judge/"
    client = _client(kit.judge)
    etag = _live_etag(client.get(path), "desk-live")
    round_obj: Round = running["round"]
    penalty_record(
        registration_id=match.player_a_id, judge=kit.judge, infraction="Slow play",
        penalty="warning", round_id=round_obj.pk, table=match.table, note="",
    )  # fmt: skip
    assert _poll(client, path, etag).status_code == 304


def test_a_cached_page_is_not_revalidated_across_languages_or_accounts(
    running: dict[str, Any],
) -> None:
    """A browser revalidates its copy after the reader switched language or logged in (Chromium
    does so even when ``Vary`` differs): the page's ETag names both, so the answer is the new
    page, never a 304 that would show the old language or the old header."""
    path = f"/events/{running['event'].pk}/standings/"
    anonymous = _client()
    english = anonymous.get(path)
    assert anonymous.get(path, HTTP_IF_NONE_MATCH=english["ETag"]).status_code == 304
    japanese = anonymous.get(path, HTTP_IF_NONE_MATCH=english["ETag"], HTTP_ACCEPT_LANGUAGE="ja")
    assert japanese.status_code == 200
    assert '<html lang="ja">' in japanese.content.decode()
    logged_in = _client(running["kit"].judge)
    assert logged_in.get(path, HTTP_IF_NONE_MATCH=english["ETag"]).status_code == 200
