"""Reports are cheap (issue 16, req 3): no result write rebuilds a round's snapshot in the request;
a judge's change after the round marks the snapshot stale and a task rebuilds it after commit
(coalesced), and a reader that finds it stale past ``CATCH_UP_AFTER`` rebuilds it itself, so every
page shows the changed result within two seconds."""

from __future__ import annotations

import datetime as dt
from unittest import mock

import pytest
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from tests.tournaments.conftest import TournamentKit
from tournaments import snapshots
from tournaments.models import Match, Registration, Round, RoundSnapshot
from tournaments.services import result_confirm, result_enter_by_judge, result_report

pytestmark = pytest.mark.django_db

#: What one confirmation costs in queries, savepoint and release included (the lock, the match's
#: versions read once, the superseded report, the new row, the audit entry); it does not grow
#: with the field and reads no snapshot (it was 14 before issue 16's req 3). Raised only with a
#: reason.
CONFIRM_QUERIES = 7
#: A judge's change after the round: its checks and the row, plus one UPDATE marking the
#: snapshot stale (it was a full rebuild of standings and pairings in the request), and the two
#: players' notifications as outbox rows (issue 16, req 5: a job row before it is published).
JUDGE_AFTER_ROUND_QUERIES = 13


def _sql(queries: CaptureQueriesContext) -> list[str]:
    return [q["sql"] for q in queries.captured_queries]


def _snapshot_sql(queries: CaptureQueriesContext) -> list[str]:
    return [s for s in _sql(queries) if "tournaments_roundsnapshot" in s]


@pytest.fixture
def played(kit: TournamentKit) -> tuple[TournamentKit, Round]:
    """A 16-player event whose round 1 is complete (player a won every match)."""
    event = kit.event(swiss_rounds=3)
    kit.players(event, 16)
    return kit, kit.play(kit.pair(event))


def _row(client: Client, round_obj: Round, registration: Registration) -> dict[str, object]:
    standings = client.get(f"/api/v1/events/{round_obj.event_id}/standings/").json()
    rows = [r for r in standings["standings"] if r["registration"] == registration.pk]
    return dict(rows[0])


def _flip(kit: TournamentKit, match: Match) -> None:
    """A judge changes a confirmed result after the round: player b won."""
    result_enter_by_judge(
        match_id=match.pk, judge=kit.judge, wins_a=0, wins_b=1, reason="slip was wrong"
    )


def test_a_confirmation_does_not_rebuild_the_snapshot(kit: TournamentKit) -> None:
    event = kit.event(swiss_rounds=3)
    kit.players(event, 16)
    match = kit.matches(kit.pair(event))[0]
    result_report(match_id=match.pk, user=TournamentKit.user_a(match), wins_a=1, wins_b=0)
    with (
        mock.patch.object(snapshots, "standings_compute") as compute,
        CaptureQueriesContext(connection) as queries,
    ):
        outcome = result_confirm(match_id=match.pk, user=TournamentKit.user_b(match))
    assert outcome.status == "confirmed"
    compute.assert_not_called()
    assert _snapshot_sql(queries) == []
    assert len(queries) == CONFIRM_QUERIES, "\n".join(_sql(queries))


def test_a_keyed_confirmation_costs_no_more_than_an_unkeyed_one(kit: TournamentKit) -> None:
    """The idempotency key is looked up by the query that reads the match's versions under the
    lock, not by one of its own."""
    event = kit.event(swiss_rounds=3)
    kit.players(event, 16)
    match = kit.matches(kit.pair(event))[0]
    result_report(
        match_id=match.pk, user=TournamentKit.user_a(match), wins_a=1, wins_b=0,
        idempotency_key="first-report",
    )  # fmt: skip
    with CaptureQueriesContext(connection) as queries:
        outcome = result_confirm(
            match_id=match.pk, user=TournamentKit.user_b(match), idempotency_key="confirm-1"
        )
    assert outcome.status == "confirmed"
    assert len(queries) == CONFIRM_QUERIES, "\n".join(_sql(queries))
    again = result_confirm(
        match_id=match.pk, user=TournamentKit.user_b(match), idempotency_key="confirm-1"
    )
    assert again.replayed
    assert again.version == outcome.version


def test_a_judge_change_after_the_round_only_marks_the_snapshot(
    played: tuple[TournamentKit, Round],
) -> None:
    kit, round_obj = played
    match = kit.matches(round_obj)[0]
    with (
        mock.patch.object(snapshots, "standings_compute") as compute,
        CaptureQueriesContext(connection) as queries,
    ):
        _flip(kit, match)
    compute.assert_not_called()
    assert [s.split()[0] for s in _snapshot_sql(queries)] == ["UPDATE"]
    assert len(queries) == JUDGE_AFTER_ROUND_QUERIES, "\n".join(_sql(queries))
    snapshot = RoundSnapshot.objects.get(round=round_obj)
    assert snapshot.stale_since is not None


def test_the_task_after_commit_shows_the_change_on_every_page(
    played: tuple[TournamentKit, Round], client: Client, django_capture_on_commit_callbacks: object
) -> None:
    kit, round_obj = played
    match = kit.matches(round_obj)[0]
    winner, loser = match.player_a, match.player_b
    assert loser is not None
    assert _row(client, round_obj, loser)["points"] == 0
    page_before = client.get(f"/events/{round_obj.event_id}/standings/")
    with django_capture_on_commit_callbacks(execute=True) as callbacks:  # type: ignore[operator]
        _flip(kit, match)
    assert callbacks, "the rebuild is sent after commit"
    # the eager task ran after commit; nothing is stale and every read shows b's win at once
    assert RoundSnapshot.objects.get(round=round_obj).stale_since is None
    assert _row(client, round_obj, loser)["points"] == 3
    assert _row(client, round_obj, winner)["points"] == 0
    page = client.get(
        f"/events/{round_obj.event_id}/standings/",
        headers={"If-None-Match": page_before["ETag"]},
    )
    assert page.status_code == 200, "the page's tag moved with the change"


def test_many_changes_are_rebuilt_once(played: tuple[TournamentKit, Round]) -> None:
    kit, round_obj = played
    for match in kit.matches(round_obj)[:3]:
        _flip(kit, match)
    with mock.patch.object(snapshots, "snapshot_refresh", wraps=snapshots.snapshot_refresh) as rb:
        assert snapshots.snapshot_catch_up(round_id=round_obj.pk) is True
        assert snapshots.snapshot_catch_up(round_id=round_obj.pk) is False  # a second delivery
    assert rb.call_count == 1


def test_without_a_worker_a_reader_catches_up_within_two_seconds(
    played: tuple[TournamentKit, Round], client: Client
) -> None:
    """The task never ran (no worker): once the mark is ``CATCH_UP_AFTER`` old (0.5 s, well
    inside the 2 s), the next reader rebuilds the snapshot and shows the change."""
    kit, round_obj = played
    match = kit.matches(round_obj)[0]
    loser = match.player_b
    assert loser is not None
    _flip(kit, match)  # no on-commit callback runs in this test's transaction
    assert _row(client, round_obj, loser)["points"] == 0  # just marked: the old answer, briefly
    marked = timezone.now() - dt.timedelta(seconds=snapshots.CATCH_UP_AFTER)
    RoundSnapshot.objects.filter(round=round_obj).update(stale_since=marked)
    assert snapshots.CATCH_UP_AFTER < 2
    assert _row(client, round_obj, loser)["points"] == 3
    page = client.get(f"/events/{round_obj.event_id}/standings/")
    assert RoundSnapshot.objects.get(round=round_obj).stale_since is None
    assert page.status_code == 200


def test_a_mark_made_during_a_rebuild_keeps_the_snapshot_stale(
    played: tuple[TournamentKit, Round],
) -> None:
    kit, round_obj = played
    first, second = kit.matches(round_obj)[:2]
    _flip(kit, first)
    real = snapshots.snapshot_refresh

    def refresh_then_another_change(**kwargs: object) -> RoundSnapshot:
        done = real(**kwargs)  # type: ignore[arg-type]
        _flip(kit, second)  # lands after this rebuild read the results
        return done

    with mock.patch.object(snapshots, "snapshot_refresh", refresh_then_another_change):
        snapshots.snapshot_catch_up(round_id=round_obj.pk)
    assert RoundSnapshot.objects.get(round=round_obj).stale_since is not None
    assert snapshots.snapshot_catch_up(round_id=round_obj.pk) is True
    assert RoundSnapshot.objects.get(round=round_obj).stale_since is None
