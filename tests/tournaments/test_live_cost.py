"""Live pages cost almost nothing when nothing changed (1,000 phones poll): the ETag comes from a
small digest kept beside the round's snapshot, a conditional request never reads the snapshot's
JSON bodies, and a confirmed result that does not change what an answer shows leaves its tag."""

from __future__ import annotations

import datetime as dt
import gzip

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from tests.tournaments.conftest import TournamentKit
from tournaments.live.snapshots import CATCH_UP_AFTER, content_digest
from tournaments.models import Match, RoundSnapshot
from tournaments.services import result_report

pytestmark = pytest.mark.django_db


@pytest.fixture
def table(kit: TournamentKit) -> Match:
    event = kit.event(swiss_rounds=3)
    kit.players(event, 4)
    return kit.matches(kit.pair(event))[0]


def _urls(match: Match) -> list[str]:
    event_id = match.round.event_id
    return [
        f"/api/v1/events/{event_id}/rounds/1/",
        f"/api/v1/events/{event_id}/standings/",
        f"/events/{event_id}/rounds/1/pairings/",
        f"/events/{event_id}/standings/",
    ]


def _bodies_read(queries: CaptureQueriesContext) -> list[str]:
    return [
        q["sql"]
        for q in queries.captured_queries
        if '"pairings"' in q["sql"] or '"standings"' in q["sql"] or "pairings," in q["sql"]
    ]


def test_the_digest_names_the_content_not_its_key_order() -> None:
    assert content_digest({"a": 1, "b": [2]}) == content_digest({"b": [2], "a": 1})
    assert content_digest({"a": 1}) != content_digest({"a": 2})


def test_the_snapshot_keeps_the_digests_of_its_bodies(table: Match) -> None:
    snapshot = RoundSnapshot.objects.get(round=table.round)
    assert snapshot.pairings_digest == content_digest(snapshot.pairings)
    assert snapshot.standings_digest == content_digest(snapshot.standings)


def test_a_conditional_request_is_answered_without_reading_the_bodies(
    client: Client, table: Match
) -> None:
    for url in _urls(table):
        first = client.get(url)
        assert first.status_code == 200, url
        with CaptureQueriesContext(connection) as queries:
            again = client.get(url, headers={"If-None-Match": first["ETag"]})
        assert again.status_code == 304, url
        assert _bodies_read(queries) == [], url


def _full_sql(client: Client, url: str) -> list[str]:
    with CaptureQueriesContext(connection) as queries:
        client.get(url)
    return _bodies_read(queries)


def test_a_full_answer_does_read_a_body(client: Client, table: Match) -> None:
    """The check above can fail: a full answer reads its body, and the probe sees it."""
    for url in _urls(table):
        assert _full_sql(client, url), url


def test_a_confirmed_result_leaves_the_pairings_tag(client: Client, table: Match) -> None:
    url = f"/api/v1/events/{table.round.event_id}/rounds/1/"
    before = client.get(url)["ETag"]
    result_report(match_id=table.pk, user=TournamentKit.user_a(table), wins_a=1, wins_b=0)
    result_report(match_id=table.pk, user=TournamentKit.user_b(table), wins_a=1, wins_b=0)
    again = client.get(url, headers={"If-None-Match": before})
    assert again.status_code == 304


def test_reads_are_compressed_and_still_answer_304(client: Client, table: Match) -> None:
    for url in _urls(table):
        response = client.get(url, headers={"Accept-Encoding": "gzip"})
        assert response.status_code == 200, url
        assert response["Content-Encoding"] == "gzip", url
        assert "Accept-Encoding" in response["Vary"], url
        assert gzip.decompress(response.content), url
        again = client.get(
            url, headers={"Accept-Encoding": "gzip", "If-None-Match": response["ETag"]}
        )
        assert again.status_code == 304, url


def test_the_answer_to_a_write_is_not_compressed(client: Client, table: Match) -> None:
    client.force_login(TournamentKit.user_a(table))
    response = client.post(
        f"/api/v1/events/{table.round.event_id}/matches/{table.pk}/report/",
        {"wins_a": 1, "wins_b": 0},
        content_type="application/json",
        headers={"Accept-Encoding": "gzip"},
    )
    assert response.status_code == 201, response.content
    assert not response.has_header("Content-Encoding")


def test_the_api_pages_long_lists_and_each_page_has_its_tag(client: Client, table: Match) -> None:
    event_id = table.round.event_id
    for url, key in (
        (f"/api/v1/events/{event_id}/rounds/1/", "pairings"),
        (f"/api/v1/events/{event_id}/standings/", "standings"),
    ):
        whole = client.get(url).json()
        assert whole["count"] == len(whole[key]) > 1
        first = client.get(url, {"limit": 1})
        second = client.get(url, {"limit": 1, "offset": 1})
        assert first.json()[key] == whole[key][:1]
        assert second.json()[key] == whole[key][1:2]
        assert first.json()["count"] == whole["count"]
        assert first["ETag"] != second["ETag"]
        again = client.get(url, {"limit": 1}, headers={"If-None-Match": first["ETag"]})
        assert again.status_code == 304
        for bad in ({"limit": 0}, {"limit": 501}, {"offset": -1}, {"limit": "x"}):
            refused = client.get(url, bad)
            assert refused.status_code == 400, bad
            assert refused.json()["field"] in bad


def test_the_standings_page_is_searchable_by_name(client: Client, table: Match) -> None:
    page = client.get(f"/events/{table.round.event_id}/standings/", {"q": "Player 01"})
    html = page.content.decode()
    assert 'id="pairing-search"' in html
    assert 'value="Player 01"' in html
    assert html.count("data-name=") == 4


def test_a_poll_of_the_api_standings_reads_one_small_row(client: Client, table: Match) -> None:
    """The event, its latest round and that round's snapshot digest: one query, no body."""
    url = f"/api/v1/events/{table.round.event_id}/standings/"
    first = client.get(url)
    with CaptureQueriesContext(connection) as queries:
        again = client.get(url, headers={"If-None-Match": first["ETag"]})
    assert again.status_code == 304
    assert len(queries) == 1, [q["sql"] for q in queries.captured_queries]
    assert _bodies_read(queries) == []


def _page_polls(match: Match) -> list[tuple[str, dict[str, str]]]:
    event_id = match.round.event_id
    htmx = {"HX-Request": "true"}
    return [
        (f"/events/{event_id}/rounds/1/pairings/", htmx),
        (f"/events/{event_id}/rounds/1/pairings/?by=table", htmx),
        (f"/events/{event_id}/standings/", htmx),
        (f"/events/{event_id}/rounds/1/pairings/", {}),
        (f"/events/{event_id}/standings/", {}),
    ]


def test_a_page_poll_whose_tag_matches_is_one_narrow_query(client: Client, table: Match) -> None:
    """The pages' 304 reads the tag's few columns (no event, game or format row as objects)."""
    for url, headers in _page_polls(table):
        first = client.get(url, headers=headers)
        with CaptureQueriesContext(connection) as queries:
            again = client.get(url, headers={**headers, "If-None-Match": first["ETag"]})
        assert again.status_code == 304, url
        sql = [q["sql"] for q in queries.captured_queries]
        assert len(sql) == 1, (url, sql)
        assert '"tournaments_event"."name"' not in sql[0], url


def test_a_stale_snapshot_is_not_answered_early(client: Client, table: Match) -> None:
    """A snapshot marked stale (a judge's change not yet rebuilt) is never answered from its
    old tag: the poll takes the full path, which catches up once the mark is due."""
    for url, headers in _page_polls(table):
        first = client.get(url, headers=headers)
        due = timezone.now() - dt.timedelta(seconds=CATCH_UP_AFTER + 0.1)
        RoundSnapshot.objects.filter(round=table.round).update(stale_since=due, stale_marks=1)
        client.get(url, headers={**headers, "If-None-Match": first["ETag"]})
        assert RoundSnapshot.objects.get(round=table.round).stale_since is None, url
