"""Reports are cheap: a round end brings every table's report at once, so a result write costs a
fixed, pinned number of queries on either database and rebuilds no round's snapshot in the
request; a judge's change after the round marks the snapshot stale and a task rebuilds it after
commit (coalesced), and a reader that finds it stale past ``CATCH_UP_AFTER`` rebuilds it itself,
so every page shows the changed result within two seconds."""

from __future__ import annotations

import datetime as dt
import json
from typing import Any
from unittest import mock

import pytest
from django.contrib.auth.models import User
from django.db import connection, transaction
from django.test import Client
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from core.services import api_token_issue
from tests.tournaments.conftest import TournamentKit
from tournaments.apis.common import ResultOutputSerializer
from tournaments.live import snapshots
from tournaments.models import Match, Registration, ResultReport, Round, RoundSnapshot
from tournaments.services import result_confirm, result_enter_by_judge, result_report

pytestmark = pytest.mark.django_db

#: What one confirmation costs in queries, savepoint and release included (the lock, the match's
#: versions read once, the superseded report, the new row, the audit entry); it does not grow
#: with the field and reads no snapshot (a confirmation that rebuilt the round's snapshot in the
#: request cost 14). The same on SQLite and PostgreSQL: each row is the ORM's own INSERT. Raised
#: only with a reason.
CONFIRM_QUERIES = 7
#: A judge's change after the round: its checks and the row, plus one UPDATE marking the
#: snapshot stale (it was a full rebuild of standings and pairings in the request), its audit
#: entry and the two players' notifications as outbox rows (one INSERT for both: a job row
#: before it is published, so a rolled-back change sends nothing).
JUDGE_AFTER_ROUND_QUERIES = 12
#: A player's report or confirmation over the API with a token, savepoint and release included
#: (the route guard does not read the match before the service's lock: it was 9 when it did):
#: the token, the lock, the versions (with the key), the new row, its audit entry, and the
#: opponent's notification as an outbox row (a report) or the superseded report (a
#: confirmation).
API_WRITE_QUERIES = {"report": 8, "confirm": 8}


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


def test_the_standings_export_catches_up_a_late_snapshot(
    played: tuple[TournamentKit, Round],
) -> None:
    """The export reads the latest snapshot's standings: once the mark is due, the organiser's
    download shows the change too (the API catches up before the selector reads)."""
    kit, round_obj = played
    match = kit.matches(round_obj)[0]
    loser = match.player_b
    assert loser is not None
    _flip(kit, match)
    marked = timezone.now() - dt.timedelta(seconds=snapshots.CATCH_UP_AFTER)
    RoundSnapshot.objects.filter(round=round_obj).update(stale_since=marked)
    client = Client()
    client.force_login(kit.organiser)
    rows = client.get(f"/api/v1/events/{round_obj.event_id}/export/standings/").json()
    assert [r["points"] for r in rows if r["registration"] == loser.pk] == [3]
    assert RoundSnapshot.objects.get(round=round_obj).stale_since is None


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


# --- over the API, with a token, as the phones report -------------------------------------------


def _token_client(user: User) -> Client:
    return Client(headers={"Authorization": f"Token {api_token_issue(user=user)}"})


def _post(client: Client, match: Match, verb: str, key: str, body: object = None) -> Any:
    return client.post(
        f"/api/v1/events/{match.round.event_id}/matches/{match.pk}/{verb}/",
        json.dumps(body or {}),
        content_type="application/json",
        headers={"Idempotency-Key": key},
    )


def _match_reads(queries: CaptureQueriesContext) -> list[str]:
    return [s for s in _sql(queries) if 'FROM "tournaments_match"' in s]


@pytest.mark.parametrize("verb", ["report", "confirm"])
def test_an_api_write_reads_the_match_once_under_its_lock(kit: TournamentKit, verb: str) -> None:
    """The route guard leaves the match player's check to the service's lock
    (``under_lock``): the match is read once, by the lock, not once more by the guard before."""
    event = kit.event(swiss_rounds=3)
    kit.players(event, 4)
    match = kit.matches(kit.pair(event))[0]
    user = TournamentKit.user_a(match)
    if verb == "confirm":
        result_report(match_id=match.pk, user=TournamentKit.user_b(match), wins_a=1, wins_b=0)
    client = _token_client(user)
    assert match.round.event_id  # read before counting
    with CaptureQueriesContext(connection) as queries:
        response = _post(client, match, verb, "k1", {"wins_a": 1, "wins_b": 0})
    assert response.status_code == 201, response.content
    reads = _match_reads(queries)
    assert len(reads) == 1, "\n".join(_sql(queries))
    # on either database: the guard reads nothing of its own (API_WRITE_QUERIES)
    assert len(queries) == API_WRITE_QUERIES[verb], "\n".join(_sql(queries))
    if connection.vendor == "postgresql":
        assert "FOR UPDATE" in reads[0]
    # what the answer says is what the result serializer documents
    assert response.json() == dict(ResultOutputSerializer(response.json()).data)


def test_someone_not_in_the_match_is_refused_by_the_lock_before_their_key(
    kit: TournamentKit,
) -> None:
    """A player of another match is refused (403) and nothing is written, and learns nothing,
    even with a key they already used (which, looked up first, would have answered 422)."""
    event = kit.event(swiss_rounds=3)
    kit.players(event, 4)
    mine, theirs = kit.matches(kit.pair(event))[:2]
    outsider = TournamentKit.user_a(theirs)
    client = _token_client(outsider)
    assert _post(client, theirs, "report", "used", {"wins_a": 1, "wins_b": 0}).status_code == 201
    rows = ResultReport.objects.count()
    for verb in ("report", "confirm"):
        refused = _post(client, mine, verb, "used", {"wins_a": 1, "wins_b": 0})
        assert refused.status_code == 403, (verb, refused.content)
        assert refused.json()["field"] == "match"
    assert ResultReport.objects.count() == rows
    stranger = _token_client(kit.user("stranger"))
    assert _post(stranger, mine, "report", "s1", {"wins_a": 1}).status_code == 403
    assert _post(stranger, mine, "confirm", "s2").status_code == 403
    anonymous = Client()
    assert _post(anonymous, mine, "report", "a1", {"wins_a": 1}).status_code in (401, 403)
    assert ResultReport.objects.count() == rows


def test_a_time_tiebreak_confirmation_costs_what_a_plain_one_does(kit: TournamentKit) -> None:
    """The lock selects only the fields a player's write reads (``PLAYER_WRITE_FIELDS``): the
    end-of-round procedure and the tiebreak (the game, the event's settings) read no field
    left out, which would cost a query of its own."""
    event = kit.event(game_slug="azuki", swiss_rounds=2)
    kit.players(event, 2)
    match = kit.matches(kit.pair(event))[0]
    even = {"leader_health": 6, "deck": 20, "garden": 2, "alley": 1, "hand": 3}
    values = {"a": {**even, "deck": 12}, "b": even, "took_damage_last": "a"}
    result_report(
        match_id=match.pk, user=TournamentKit.user_a(match), wins_a=0, wins_b=0,
        time_outcome="time_tiebreak", overtime=values,
    )  # fmt: skip
    with CaptureQueriesContext(connection) as queries:
        outcome = result_confirm(match_id=match.pk, user=TournamentKit.user_b(match))
    assert outcome.status == "confirmed"
    assert len(queries) == CONFIRM_QUERIES, "\n".join(_sql(queries))


def _loaded(obj: Any) -> dict[str, Any]:
    """What a read put on an object: its values (a deferred field is absent) and, through
    ``select_related``, its related objects'."""
    related = obj._state.fields_cache
    return {
        "values": {name: value for name, value in vars(obj).items() if name != "_state"},
        "related": {name: None if o is None else _loaded(o) for name, o in related.items()},
    }


def test_each_read_compiled_once_sends_its_queryset_s_statement_and_makes_its_objects(
    kit: TournamentKit,
) -> None:
    """The reads a report compiles once (``core.prepared.PreparedRead``: the token, the match's
    lock with only the fields a player's write reads, the versions with the key) send what
    their queryset sends and make the objects it makes, related and deferred fields alike."""
    from core import tokens
    from core.prepared import PreparedRead
    from tournaments.services import locks, results

    event = kit.event(swiss_rounds=3)
    kit.players(event, 4)
    match = kit.matches(kit.pair(event))[0]
    user = TournamentKit.user_a(match)
    result_report(match_id=match.pk, user=user, wins_a=1, wins_b=0, idempotency_key="k1")
    key = api_token_issue(user=user)
    reads: dict[str, tuple[PreparedRead[Any], tuple[object, ...]]] = {
        "token": (tokens._TOKEN, (tokens.token_hash(key),)),
        "match lock": (locks._lean_match_lock(results.PLAYER_WRITE_FIELDS), (match.pk,)),
        "versions": (results._VERSIONS, (match.pk,)),
        "versions and key": (results._VERSIONS_AND_KEY, (match.pk, user.pk, "k1")),
    }
    with transaction.atomic():  # the lock is compiled and run inside a transaction only
        for name, (read, values) in reads.items():
            fresh = PreparedRead(read.build, *read.placeholders)
            fresh.rows(*values)
            assert fresh._compiled is not None, name  # compiled, not the queryset's fall-back
            with CaptureQueriesContext(connection) as ours:
                found = fresh.rows(*values)
            with CaptureQueriesContext(connection) as theirs:
                expected = list(read.build(*values))
            assert _sql(ours) == _sql(theirs), name
            assert found, name
            assert [_loaded(o) for o in found] == [_loaded(o) for o in expected], name
