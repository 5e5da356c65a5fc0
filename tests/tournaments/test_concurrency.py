"""Concurrency of the event services: two people pressing at once make one change.

PostgreSQL (``postgres`` marker; transactional tests, one connection per thread): organisers
pairing at once produce one round; a storm of reports from every player of a round plus judges
leaves exactly one confirmed result per match and loses no report; a twin request carrying the
same idempotency key replays the first answer.

SQLite: the test database pytest-django creates for SQLite is in memory with a shared cache,
where concurrent writers fail at once with "database table is locked" (the busy timeout does
not apply to shared-cache locks), so threads cannot exercise it. The SQLite test therefore runs
the same scenarios in a subprocess against a *file* database configured exactly as
``config.env.database_from_url`` configures production SQLite (WAL, immediate transactions).
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import threading
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from django.conf import settings
from django.contrib.auth import get_user_model
from django.db import connection, connections, transaction

from core.errors import DomainError
from tests.tournaments.conftest import Score, TournamentKit
from tournaments.models import Match, Registration, ResultReport, Round
from tournaments.services import (
    ResultOutcome,
    event_role_grant,
    registration_create,
    result_confirm,
    result_enter_by_judge,
    result_report,
    round_pair,
    round_start,
)

PAIRING_THREADS = 6
PLAYERS = 16  # eight tables

# --- scenarios shared by the PostgreSQL tests and the SQLite subprocess ------------------


def _run_threads(jobs: list[Callable[[], object]]) -> list[dict[str, Any]]:
    """Start every job at once (one thread, hence one connection, each); what each did."""
    barrier = threading.Barrier(len(jobs))
    results: list[dict[str, Any]] = [{} for _ in jobs]

    def run(index: int, job: Callable[[], object]) -> None:
        try:
            barrier.wait(timeout=30)
            value = job()
            results[index] = {"ok": True, "value": value}
        except DomainError as exc:
            results[index] = {
                "ok": False,
                "domain": True,
                "type": type(exc).__name__,
                "code": exc.code,
                "message": exc.message,
            }
        except BaseException as exc:  # reported, and asserted on, by the caller
            results[index] = {"ok": False, "domain": False, "type": repr(exc), "exc": exc}
        finally:
            connections.close_all()

    threads = [threading.Thread(target=run, args=(i, job)) for i, job in enumerate(jobs)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert not any(thread.is_alive() for thread in threads), "a thread hung"
    return results


def make_kit() -> TournamentKit:
    model = get_user_model()
    return TournamentKit(
        organiser=model.objects.create_user(username="organiser", password="pw-for-tests-1"),
        judge=model.objects.create_user(username="judge", password="pw-for-tests-1"),
    )


def _reraise_unexpected(results: list[dict[str, Any]]) -> None:
    """In process: raise the first exception that is not a DomainError, as it was."""
    for result in results:
        if "exc" in result:
            raise result.pop("exc")


def pairing_race(kit: TournamentKit, numbers: tuple[int, ...] = (1, 2)) -> dict[str, Any]:
    """Several organisers press "pair" at the same moment (for each round in ``numbers``)."""
    event = kit.event(swiss_rounds=3)
    kit.players(event, PLAYERS)
    organisers = [kit.organiser]
    for _ in range(PAIRING_THREADS - 1):
        other = kit.user("organiser")
        event_role_grant(event=event, user=other, role="organiser", granted_by=kit.organiser)
        organisers.append(other)
    summary: dict[str, Any] = {"event": event.pk, "races": []}
    for number in range(1, max(numbers) + 1):
        if number not in numbers:
            kit.play(kit.pair(event, seed=number))
            continue

        def job_for(by: Any) -> Callable[[], object]:
            return lambda: round_pair(event_id=event.pk, by=by).number

        results = _run_threads([job_for(by) for by in organisers])
        _reraise_unexpected(results)
        rounds = list(Round.objects.filter(event=event).order_by("number"))
        latest = rounds[-1]
        seated = [
            player
            for match in Match.objects.filter(round=latest)
            for player in (match.player_a_id, match.player_b_id)
        ]
        summary["races"].append(
            {
                "number": number,
                "results": results,
                "rounds": [r.number for r in rounds],
                "seated": seated,
            }
        )
        if number < max(numbers):
            kit.play(latest)
    return summary


RUSH_CAPACITY = 4
RUSH_PLAYERS = 10


def registration_rush(kit: TournamentKit) -> dict[str, Any]:
    """Ten players register at the same moment for the last four places."""
    event = kit.event(capacity=RUSH_CAPACITY)
    users = [kit.user() for _ in range(RUSH_PLAYERS)]

    def job_for(user: Any) -> Callable[[], object]:
        return lambda: (
            registration_create(event=event, user=user, display_name=user.username, by=user).status
        )

    results = _run_threads([job_for(user) for user in users])
    _reraise_unexpected(results)
    return {
        "results": results,
        "statuses": sorted(
            Registration.objects.filter(event=event).values_list("status", flat=True)
        ),
    }


def check_registration_rush(summary: dict[str, Any]) -> None:
    assert all(result["ok"] for result in summary["results"]), summary["results"]
    expected = sorted(
        ["registered"] * RUSH_CAPACITY + ["waitlisted"] * (RUSH_PLAYERS - RUSH_CAPACITY)
    )
    assert summary["statuses"] == expected
    assert sorted(result["value"] for result in summary["results"]) == expected


#: Per table (index in table order): what the two players report, and the judge's entry.
AGREE = (1, 0, 0)
STORM_PLAN: list[dict[str, Any]] = [
    {"a": AGREE, "b": AGREE, "judge": None},
    {"a": (0, 1, 0), "b": (0, 1, 0), "judge": None},
    {"a": (0, 0, 1), "b": (0, 0, 1), "judge": None},
    {"a": AGREE, "b": AGREE, "judge": None},
    {"a": AGREE, "b": (0, 1, 0), "judge": (0, 1, 0)},  # dispute, and a judge decides
    {"a": (0, 1, 0), "b": AGREE, "judge": AGREE},
    {"a": AGREE, "b": AGREE, "judge": AGREE},  # agreement racing the judge
    {"a": (0, 1, 0), "b": (0, 1, 0), "judge": (0, 1, 0)},
]


def reporting_storm(kit: TournamentKit) -> dict[str, Any]:
    """Every player of a 16-player round reports from their own thread, each request sent
    twice at once with the same idempotency key, while judges enter results on some tables."""
    event = kit.event(swiss_rounds=3)
    kit.players(event, PLAYERS)
    round_obj = kit.pair(event, seed=5)
    matches = kit.matches(round_obj)
    assert len(matches) == len(STORM_PLAN)
    calls: list[dict[str, Any]] = []
    jobs: list[Callable[[], object]] = []

    def player_job(match_id: int, user: Any, score: Score, key: str) -> Callable[[], object]:
        def job() -> object:
            outcome = result_report(
                match_id=match_id, user=user, wins_a=score[0], wins_b=score[1], draws=score[2],
                idempotency_key=key,
            )  # fmt: skip
            return {**outcome.as_dict(), "replayed": outcome.replayed}

        return job

    def judge_job(match_id: int, score: Score, key: str) -> Callable[[], object]:
        def job() -> object:
            outcome = result_enter_by_judge(
                match_id=match_id, judge=kit.judge, wins_a=score[0], wins_b=score[1],
                draws=score[2], reason="seen at the table", idempotency_key=key,
            )  # fmt: skip
            return {**outcome.as_dict(), "replayed": outcome.replayed}

        return job

    for index, (match, plan) in enumerate(zip(matches, STORM_PLAN, strict=True)):
        for side, user in (("a", kit.user_a(match)), ("b", kit.user_b(match))):
            key = f"t{index}-{side}"
            for _twin in range(2):
                calls.append({"match": match.pk, "user": user.pk, "key": key, "kind": "player"})
                jobs.append(player_job(match.pk, user, plan[side], key))
        if plan["judge"] is not None:
            calls.append({"match": match.pk, "user": kit.judge.pk, "key": f"j{index}"})
            calls[-1]["kind"] = "judge"
            jobs.append(judge_job(match.pk, plan["judge"], f"j{index}"))
    results = _run_threads(jobs)
    _reraise_unexpected(results)
    for call, result in zip(calls, results, strict=True):
        call.update(result)
    rows = {
        match.pk: [
            {
                "version": r.version,
                "status": r.status,
                "source": r.source,
                "user": r.reported_by_id,
                "key": r.idempotency_key,
                "score": [r.wins_a, r.wins_b, r.draws],
            }
            for r in ResultReport.objects.filter(match=match).order_by("version")
        ]
        for match in matches
    }
    return {
        "matches": [match.pk for match in matches],
        "judge": kit.judge.pk,
        "calls": calls,
        "rows": {str(pk): value for pk, value in rows.items()},
    }


# --- checks --------------------------------------------------------------------------------


def check_pairing_race(summary: dict[str, Any]) -> None:
    for race in summary["races"]:
        results = race["results"]
        assert [r for r in results if not r.get("domain", True)] == [], "a non-domain error"
        won = [r for r in results if r["ok"]]
        assert [r["value"] for r in won] == [race["number"]], results
        refused = [r for r in results if not r["ok"]]
        assert len(refused) == PAIRING_THREADS - 1
        assert {(r["type"], r["code"]) for r in refused} == {
            ("ConflictError", "round_not_complete")
        }
        assert race["rounds"] == list(range(1, race["number"] + 1))
        assert len(race["seated"]) == len(set(race["seated"])) == PLAYERS


def check_reporting_storm(summary: dict[str, Any]) -> None:
    calls = summary["calls"]
    others = [c for c in calls if not c["ok"] and not c["domain"]]
    assert others == [], f"requests failed with non-domain errors: {others}"
    errors = Counter((c["type"], c["code"]) for c in calls if not c["ok"])
    assert set(errors) <= {("ConflictError", "already_confirmed"), ("ConflictError", "conflict")}
    for index, match_id in enumerate(summary["matches"]):
        plan = STORM_PLAN[index]
        rows = summary["rows"][str(match_id)]
        mine = [c for c in calls if c["match"] == match_id]
        stored = [c for c in mine if c["ok"] and not c["value"]["replayed"]]
        # No lost report, no report from nowhere: one row per answered, non-replayed request.
        assert len(rows) == len(stored), (index, rows, mine)
        by_version = {row["version"]: row for row in rows}
        assert sorted(by_version) == list(range(1, len(rows) + 1))
        for call in stored:
            row = by_version[call["value"]["version"]]
            assert (row["user"], row["key"]) == (call["user"], call["key"])
        for call in mine:
            if call["ok"] and call["value"]["replayed"]:
                assert any((row["user"], row["key"]) == (call["user"], call["key"]) for row in rows)
        assert len({(row["user"], row["key"]) for row in rows}) == len(rows)
        confirmed = [row for row in rows if row["status"] == "confirmed"]
        assert len(confirmed) == 1, (index, rows)
        if plan["judge"] is None:
            assert confirmed[0]["source"] == "player"
            assert confirmed[0]["score"] == list(plan["a"])
        else:
            assert confirmed[0]["source"] == "judge"
            assert confirmed[0]["score"] == list(plan["judge"])
            assert confirmed[0]["user"] == summary["judge"]


# --- PostgreSQL ------------------------------------------------------------------------------


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_a_registration_rush_respects_the_capacity() -> None:
    check_registration_rush(registration_rush(make_kit()))


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_organisers_pairing_round_one_at_once_produce_one_round() -> None:
    check_pairing_race(pairing_race(make_kit(), numbers=(1,)))


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_organisers_pairing_round_two_at_once_produce_one_round() -> None:
    """Round 2: the race starts from a complete round 1 (played through the services)."""
    check_pairing_race(pairing_race(make_kit(), numbers=(2,)))


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_a_storm_of_reports_confirms_each_match_once_and_loses_nothing() -> None:
    check_reporting_storm(reporting_storm(make_kit()))


def _hold_open(job: Callable[[], object], box: list[object]) -> tuple[threading.Thread, Any]:
    """Run ``job`` in a thread inside a transaction left open until the returned event is set."""
    done, release = threading.Event(), threading.Event()

    def run() -> None:
        try:
            with transaction.atomic():
                box.append(job())
                done.set()
                release.wait(timeout=30)
        except BaseException as exc:  # asserted on by the caller
            box.append(exc)
        finally:
            done.set()
            connections.close_all()

    thread = threading.Thread(target=run)
    thread.start()
    assert done.wait(timeout=30)
    if box and isinstance(box[0], BaseException):
        thread.join(timeout=30)
        raise box[0]
    return thread, release


def _in_thread(job: Callable[[], object], box: list[object]) -> threading.Thread:
    def run() -> None:
        try:
            box.append(job())
        except BaseException as exc:  # asserted on by the caller
            box.append(exc)
        finally:
            connections.close_all()

    thread = threading.Thread(target=run)
    thread.start()
    return thread


def _wait_until_blocked(waiters: int = 1) -> None:
    """Until ``waiters`` sessions of this database wait for a row lock."""
    deadline = time.monotonic() + 20
    while time.monotonic() < deadline:
        with connection.cursor() as cursor:
            cursor.execute(
                "SELECT count(*) FROM pg_stat_activity "
                "WHERE datname = current_database() AND wait_event_type = 'Lock'"
            )
            if cursor.fetchone()[0] >= waiters:
                return
        time.sleep(0.02)
    raise AssertionError("the second request never waited for the first one's lock")


def _one_waits_for_the_other(
    first_job: Callable[[], object], second_job: Callable[[], object]
) -> tuple[object, object]:
    """Run ``first_job`` and hold its transaction open; run ``second_job`` until it waits for
    a lock the first holds; then let both finish. Their answers (or exceptions), in order."""
    first: list[object] = []
    second: list[object] = []
    holder, release = _hold_open(first_job, first)
    waiter = _in_thread(second_job, second)
    _wait_until_blocked()
    release.set()
    holder.join(timeout=30)
    waiter.join(timeout=30)
    return first[0], second[0]


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("who", ["player", "confirm", "judge"])
def test_a_twin_request_waits_and_replays_the_first_answer(who: str) -> None:
    kit = make_kit()
    event = kit.event()
    kit.players(event, 2)
    match = kit.matches(kit.pair(event))[0]
    user = kit.user_a(match)
    if who == "confirm":  # two identical confirms at once (a retry): one stores
        result_report(match_id=match.pk, user=user, wins_a=1, wins_b=0)

    def send() -> ResultOutcome:
        if who == "confirm":
            return result_confirm(match_id=match.pk, user=kit.user_b(match), idempotency_key="k")
        if who == "player":
            return result_report(
                match_id=match.pk, user=user, wins_a=1, wins_b=0, idempotency_key="k"
            )
        return result_enter_by_judge(
            match_id=match.pk, judge=kit.judge, wins_a=1, wins_b=0, idempotency_key="k"
        )

    first, second = _one_waits_for_the_other(send, send)
    assert isinstance(first, ResultOutcome), first
    assert isinstance(second, ResultOutcome), second
    assert second.replayed
    assert second.as_dict() == first.as_dict()
    assert ResultReport.objects.filter(match=match, idempotency_key="k").count() == 1


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_simultaneous_confirmations_do_not_queue_on_the_round_row() -> None:
    """So that confirmations do not queue: a confirmation writes nothing on its round's row (whose
    lock every other confirmation of the round would wait for); both are confirmed, the round is
    untouched."""
    kit = make_kit()
    event = kit.event()
    kit.players(event, 4)
    round_obj = kit.pair(event)
    m1, m2 = kit.matches(round_obj)
    for match in (m1, m2):
        result_report(match_id=match.pk, user=kit.user_a(match), wins_a=1, wins_b=0)
    before = Round.objects.get(pk=round_obj.pk).revision

    def confirm(match: Match) -> Callable[[], object]:
        return lambda: result_report(match_id=match.pk, user=kit.user_b(match), wins_a=1, wins_b=0)

    first: list[object] = []
    second: list[object] = []
    holder, release = _hold_open(confirm(m1), first)
    waiter = _in_thread(confirm(m2), second)
    waiter.join(timeout=20)
    finished_while_the_first_was_open = not waiter.is_alive()
    release.set()
    holder.join(timeout=30)
    waiter.join(timeout=30)
    assert finished_while_the_first_was_open
    answers = [first[0], second[0]]
    assert [getattr(answer, "status", answer) for answer in answers] == ["confirmed", "confirmed"]
    assert Round.objects.get(pk=round_obj.pk).revision == before


def _blocked_sessions() -> int:
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT count(*) FROM pg_stat_activity "
            "WHERE datname = current_database() AND wait_event_type = 'Lock'"
        )
        count: int = cursor.fetchone()[0]
    return count


@pytest.mark.postgres
@pytest.mark.django_db(transaction=True)
def test_round_operations_of_two_events_do_not_wait_for_each_other() -> None:
    kit = make_kit()
    first_event, second_event = kit.event(name="Tokyo"), kit.event(name="Osaka")
    for event in (first_event, second_event):
        kit.players(event, 2)
    first_round, second_round = kit.pair(first_event), kit.pair(second_event)
    held: list[object] = []
    other: list[object] = []
    holder, release = _hold_open(
        lambda: round_start(round_id=first_round.pk, by=kit.organiser), held
    )
    try:
        worker = _in_thread(lambda: round_start(round_id=second_round.pk, by=kit.organiser), other)
        deadline = time.monotonic() + 10
        waited = False
        while worker.is_alive() and time.monotonic() < deadline:
            if _blocked_sessions():
                waited = True
                break
            time.sleep(0.02)
        assert not waited, "Osaka's round start waited for Tokyo's transaction"
        worker.join(timeout=10)
        assert isinstance(other[0], Round)
    finally:
        release.set()
        holder.join(timeout=30)
        worker.join(timeout=30)


# --- SQLite ---------------------------------------------------------------------------------


def sqlite_main() -> None:
    """Entry point of the subprocess: migrate the file database, run both scenarios."""
    from django.core.management import call_command

    call_command("migrate", verbosity=0)
    with connection.cursor() as cursor:
        cursor.execute("PRAGMA journal_mode")
        journal = cursor.fetchone()[0]
    kit = make_kit()
    rush = registration_rush(kit)
    pairing = pairing_race(kit)
    storm = reporting_storm(kit)
    sys.stdout.write(
        json.dumps({"journal": journal, "rush": rush, "pairing": pairing, "storm": storm})
    )


@pytest.mark.slow
def test_sqlite_file_database_takes_concurrent_writers(tmp_path: Path) -> None:
    env = {
        key: value
        for key, value in os.environ.items()
        if key not in {"DATABASE_URL", "REDIS_URL", "REQUIRE_SERVICES"}
    }
    env["DATABASE_URL"] = f"sqlite:///{tmp_path / 'concurrency.sqlite3'}"
    env["DJANGO_SETTINGS_MODULE"] = "config.settings.test"
    code = (
        "import django; django.setup(); "
        "from tests.tournaments.test_concurrency import sqlite_main; sqlite_main()"
    )
    done = subprocess.run(
        [sys.executable, "-W", "error::RuntimeWarning", "-c", code],
        cwd=settings.BASE_DIR,
        env=env,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
    )
    assert done.returncode == 0, done.stderr[-4000:]
    assert "database is locked" not in done.stdout + done.stderr
    summary = json.loads(done.stdout)
    assert summary["journal"] == "wal"
    check_registration_rush(summary["rush"])
    check_pairing_race(summary["pairing"])
    check_reporting_storm(summary["storm"])


def test_the_checks_catch_a_lost_report() -> None:
    """The storm check is not vacuous: a request answered but without its row fails it."""
    summary = {
        "matches": [1],
        "judge": 9,
        "calls": [
            {
                "match": 1,
                "user": 2,
                "key": "a",
                "ok": True,
                "value": {"version": 1, "replayed": False},
            },
            {
                "match": 1,
                "user": 3,
                "key": "b",
                "ok": True,
                "value": {"version": 2, "replayed": False},
            },
        ],
        "rows": {
            "1": [
                {
                    "version": 1,
                    "status": "confirmed",
                    "source": "player",
                    "user": 2,
                    "key": "a",
                    "score": [1, 0, 0],
                }
            ]
        },
    }
    with pytest.raises(AssertionError):
        check_reporting_storm(summary)
    with pytest.raises(AssertionError):
        check_pairing_race(
            {
                "races": [
                    {
                        "number": 1,
                        "rounds": [1, 1],
                        "seated": [],
                        "results": [{"ok": True, "value": 1}, {"ok": True, "value": 1}],
                    }
                ]
            }
        )
