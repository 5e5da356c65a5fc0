"""Result services: who may report, format rules, confirmation, disputes, judge
entries and overrides, the one-confirmed-result constraint, idempotency, order-independent
standings, penalties and table time extensions."""

from __future__ import annotations

import random
from typing import Any

import pytest
from django.db import IntegrityError, transaction

from core.errors import (
    ConflictError,
    IdempotencyKeyReusedError,
    InvalidInputError,
    NotFoundError,
    PermissionDeniedError,
)
from core.models import AuditEntry, OutboxJob
from tests.tournaments.conftest import Score, TournamentKit
from tournaments.models import Event, Match, Penalty, Registration, ResultReport, Round
from tournaments.selectors.matches import match_state, round_matches
from tournaments.services import (
    disqualification_confirm,
    match_extend_time,
    penalty_record,
    result_confirm,
    result_enter_by_judge,
    result_report,
    round_complete,
    topcut_start,
)

pytestmark = pytest.mark.django_db


def _rows(match: Match) -> list[tuple[int, str, str, int, int, int, int | None]]:
    return [
        (r.version, r.source, r.status, r.wins_a, r.wins_b, r.draws, r.reported_by_id)
        for r in ResultReport.objects.filter(match=match).order_by("version")
    ]


def _numbers(match: Match) -> list[tuple[int, int, int, int, int | None]]:
    """Each version's score and author: what may never change once stored."""
    return [(v, a, b, d, who) for v, _, _, a, b, d, who in _rows(match)]


def _state(match: Match) -> str:
    return match_state(round_matches(round_obj=match.round).get(pk=match.pk))


@pytest.fixture
def table(kit: TournamentKit) -> Match:
    """Round 1 of a four-player event: its first table."""
    event = kit.event(swiss_rounds=3)
    kit.players(event, 4)
    return kit.matches(kit.pair(event))[0]


# --- who may report -----------------------------------------------------------------------


def test_a_player_reports_only_their_own_match(kit: TournamentKit, table: Match) -> None:
    other_table = kit.matches(table.round)[1]
    for intruder in (kit.user_a(other_table), kit.judge, kit.organiser, kit.user()):
        with pytest.raises(PermissionDeniedError, match="your own match"):
            result_report(match_id=table.pk, user=intruder, wins_a=1, wins_b=0)
    assert not ResultReport.objects.filter(match=table).exists()
    with pytest.raises(NotFoundError):
        result_report(match_id=table.pk + 10_000, user=kit.user_a(table), wins_a=1, wins_b=0)


def test_nobody_reports_for_a_bye(kit: TournamentKit) -> None:
    event = kit.event()
    kit.players(event, 3)
    round_obj = kit.pair(event)
    bye = Match.objects.select_related("player_a__user").get(round=round_obj, is_bye=True)
    assert bye.player_a.user is not None
    with pytest.raises(ConflictError, match="bye"):
        result_report(match_id=bye.pk, user=bye.player_a.user, wins_a=1, wins_b=0)
    with pytest.raises(ConflictError, match="bye"):
        result_enter_by_judge(match_id=bye.pk, judge=kit.judge, wins_a=1, wins_b=0)
    # Someone not in the match learns nothing of its state (not a 409 "bye")
    outsider = next(m for m in kit.matches(round_obj) if not m.is_bye)
    with pytest.raises(PermissionDeniedError):
        result_report(match_id=bye.pk, user=kit.user_a(outsider), wins_a=1, wins_b=0)
    with pytest.raises(PermissionDeniedError):
        result_confirm(match_id=bye.pk, user=kit.user_a(outsider))
    # An outsider learns nothing of the match's state (a bye, a closed round): a 403, not a 409.
    for stranger in (kit.user(), kit.user_a(kit.matches(round_obj)[0])):
        with pytest.raises(PermissionDeniedError, match="your own match"):
            result_report(match_id=bye.pk, user=stranger, wins_a=1, wins_b=0)
    assert not ResultReport.objects.filter(match=bye).exists()


def test_an_outsider_learns_nothing_of_a_closed_round(kit: TournamentKit, table: Match) -> None:
    kit.play(table.round)
    for outsider in (kit.user(), kit.user_a(kit.matches(table.round)[1])):
        with pytest.raises(PermissionDeniedError):
            result_report(match_id=table.pk, user=outsider, wins_a=0, wins_b=1)
        with pytest.raises(PermissionDeniedError):
            result_confirm(match_id=table.pk, user=outsider)


def test_nobody_reports_for_a_closed_round(kit: TournamentKit, table: Match) -> None:
    kit.play(table.round)
    with pytest.raises(ConflictError, match="closed"):
        result_report(match_id=table.pk, user=kit.user_a(table), wins_a=0, wins_b=1)
    # Judges may still correct a complete round until the next one is paired ...
    result_enter_by_judge(
        match_id=table.pk, judge=kit.judge, wins_a=0, wins_b=1, reason="slip misread"
    )
    kit.pair(table.round.event)
    # ... and not after.
    with pytest.raises(ConflictError, match="already paired"):
        result_enter_by_judge(
            match_id=table.pk, judge=kit.judge, wins_a=1, wins_b=0, reason="again"
        )
    assert [row[2] for row in _rows(table)].count("confirmed") == 1


def test_only_staff_enter_results(kit: TournamentKit, table: Match) -> None:
    other_event_judge = kit.user("judge-elsewhere")
    kit.event(name="Elsewhere")  # the judge of another event has no rights here
    for intruder in (kit.user_a(table), other_event_judge):
        with pytest.raises(PermissionDeniedError):
            result_enter_by_judge(match_id=table.pk, judge=intruder, wins_a=1, wins_b=0)
    result_enter_by_judge(match_id=table.pk, judge=kit.organiser, wins_a=1, wins_b=0)


# --- what the format allows ---------------------------------------------------------------


@pytest.mark.parametrize(
    ("structure", "score", "message"),
    [
        ({"best_of": 3}, (3, 0, 0), "best of 3"),
        ({"best_of": 3}, (2, 2, 0), "both players"),
        ({"best_of": 3}, (2, 1, 3), "too many games"),
        ({"best_of": 1}, (2, 0, 0), "best of 1"),
        ({"best_of": 1}, (1, 0, 1), "one game"),
        ({"draws_allowed": False}, (0, 0, 1), "no draws"),
        ({"draws_allowed": False, "best_of": 3}, (1, 1, 1), "no draws"),
        ({}, (0, 0, 0), "at least one game"),
        ({}, (-1, 0, 0), "negative"),
    ],
)
def test_a_result_the_format_forbids_is_refused(
    kit: TournamentKit, structure: dict[str, Any], score: Score, message: str
) -> None:
    event = kit.event(**structure)
    kit.players(event, 2)
    match = kit.matches(kit.pair(event))[0]
    with pytest.raises(InvalidInputError, match=message):
        result_report(
            match_id=match.pk, user=kit.user_a(match), wins_a=score[0], wins_b=score[1],
            draws=score[2],
        )  # fmt: skip
    with pytest.raises(InvalidInputError, match=message):
        result_enter_by_judge(
            match_id=match.pk, judge=kit.judge, wins_a=score[0], wins_b=score[1], draws=score[2]
        )
    assert not ResultReport.objects.filter(match=match).exists()


@pytest.mark.parametrize(
    ("structure", "score"),
    [
        ({"best_of": 3}, (2, 1, 0)),
        ({"best_of": 3}, (1, 1, 1)),
        ({"best_of": 3}, (1, 0, 0)),
        ({"best_of": 1}, (0, 1, 0)),
        ({"best_of": 1, "draws_allowed": True}, (0, 0, 1)),
    ],
)
def test_results_the_format_allows_are_stored(
    kit: TournamentKit, structure: dict[str, Any], score: Score
) -> None:
    event = kit.event(**structure)
    kit.players(event, 2)
    match = kit.matches(kit.pair(event))[0]
    kit.report_both(match, score)
    assert ResultReport.objects.get(match=match, status="confirmed").draws == score[2]


def test_a_draw_is_refused_in_the_top_cut(kit: TournamentKit) -> None:
    event = kit.event(swiss_rounds=1, top_cut=2, top_cut_best_of=3, draws_allowed=True)
    kit.players(event, 4)
    kit.play(kit.pair(event))
    final = Match.objects.select_related("player_a__user").get(
        round=topcut_start(event_id=event.pk, by=kit.organiser)
    )
    with pytest.raises(InvalidInputError, match="needs a winner"):
        result_report(match_id=final.pk, user=kit.user_a(final), wins_a=1, wins_b=1, draws=1)
    with pytest.raises(InvalidInputError, match="best of 3"):
        result_report(match_id=final.pk, user=kit.user_a(final), wins_a=3, wins_b=0)
    outcome = result_report(match_id=final.pk, user=kit.user_a(final), wins_a=2, wins_b=1)
    assert outcome.status == "pending"


# --- confirmation and disputes ------------------------------------------------------------


def test_two_agreeing_reports_confirm(kit: TournamentKit, table: Match) -> None:
    first = result_report(match_id=table.pk, user=kit.user_a(table), wins_a=0, wins_b=1)
    assert (first.status, first.version) == ("pending", 1)
    assert _state(table) == "pending"
    second = result_report(match_id=table.pk, user=kit.user_b(table), wins_a=0, wins_b=1)
    assert (second.status, second.version) == ("confirmed", 2)
    assert _rows(table) == [
        (1, "player", "superseded", 0, 1, 0, kit.user_a(table).pk),
        (2, "player", "confirmed", 0, 1, 0, kit.user_b(table).pk),
    ]
    assert _state(table) == "confirmed"
    confirmed = ResultReport.objects.get(match=table, version=2)
    reported = ResultReport.objects.get(match=table, version=1)
    # each entry names its own row
    assert AuditEntry.objects.filter(
        action="tournaments.result.confirmed", actor=kit.user_b(table),
        object_type="tournaments.resultreport", object_id=str(confirmed.pk),
    ).exists()  # fmt: skip
    assert AuditEntry.objects.filter(
        action="tournaments.result.reported", object_id=str(reported.pk)
    ).exists()
    # the opponent is asked to confirm version 1: its job stored in the report's transaction,
    # the one job of the results (the others are the registrations' and the pairing's)
    jobs = [
        (job.payload["recipient_id"], job.payload["object_key"])
        for job in OutboxJob.objects.filter(payload__kind="result_reported")
    ]
    assert jobs == [(kit.user_b(table).pk, f"match{table.pk}:v1")]
    with pytest.raises(ConflictError) as caught:
        result_report(match_id=table.pk, user=kit.user_a(table), wins_a=1, wins_b=0)
    assert caught.value.code == "already_confirmed"


def test_the_opponent_confirms_the_pending_report(kit: TournamentKit, table: Match) -> None:
    with pytest.raises(ConflictError, match="no report from your opponent"):
        result_confirm(match_id=table.pk, user=kit.user_b(table))
    result_report(match_id=table.pk, user=kit.user_a(table), wins_a=1, wins_b=0)
    with pytest.raises(ConflictError, match="no report from your opponent"):
        result_confirm(match_id=table.pk, user=kit.user_a(table))  # not their own report
    outcome = result_confirm(match_id=table.pk, user=kit.user_b(table))
    assert (outcome.status, outcome.wins_a, outcome.wins_b) == ("confirmed", 1, 0)


def test_a_player_may_correct_their_pending_report(kit: TournamentKit, table: Match) -> None:
    result_report(match_id=table.pk, user=kit.user_a(table), wins_a=1, wins_b=0)
    result_report(match_id=table.pk, user=kit.user_a(table), wins_a=0, wins_b=1)
    assert [row[2] for row in _rows(table)] == ["superseded", "pending"]
    outcome = result_report(match_id=table.pk, user=kit.user_b(table), wins_a=0, wins_b=1)
    assert outcome.status == "confirmed"


def test_a_concession_reports_the_opponent_as_winner(kit: TournamentKit) -> None:
    event = kit.event(best_of=3)
    kit.players(event, 2)
    match = kit.matches(kit.pair(event))[0]
    outcome = result_report(
        match_id=match.pk, user=kit.user_b(match), wins_a=0, wins_b=0, concede=True
    )
    assert (outcome.wins_a, outcome.wins_b, outcome.draws) == (2, 0, 0)
    assert ResultReport.objects.get(match=match).conceded_by == "b"


def test_disagreeing_reports_are_disputed_until_a_judge_decides(
    kit: TournamentKit, table: Match
) -> None:
    result_report(match_id=table.pk, user=kit.user_a(table), wins_a=1, wins_b=0)
    disputed = result_report(match_id=table.pk, user=kit.user_b(table), wins_a=0, wins_b=1)
    assert disputed.status == "disputed"
    assert [row[2] for row in _rows(table)] == ["disputed", "disputed"]
    assert _state(table) == "disputed"
    with pytest.raises(ConflictError):
        round_complete(round_id=table.round_id, by=kit.organiser)
    before = _numbers(table)
    decided = result_enter_by_judge(
        match_id=table.pk, judge=kit.judge, wins_a=1, wins_b=0, reason="score slip"
    )
    assert (decided.status, decided.version) == ("confirmed", 3)
    rows = _rows(table)
    assert [(row[1], row[2]) for row in rows] == [
        ("player", "superseded"),
        ("player", "superseded"),
        ("judge", "confirmed"),
    ]
    # Never edited: the earlier versions keep their numbers and authors.
    assert _numbers(table)[:2] == before
    # the judge's entry names the judge's row; the dispute and the decision each told both
    # players, keyed by their version
    judged = ResultReport.objects.get(match=table, version=3)
    entry = AuditEntry.objects.get(action="tournaments.result.entered")
    assert (entry.actor, entry.object_type, entry.object_id) == (
        kit.judge, "tournaments.resultreport", str(judged.pk),
    )  # fmt: skip
    assert entry.data == {"match": table.pk, "table": table.table, "score": [1, 0, 0]}
    jobs = sorted(
        (job.payload["kind"], job.payload["object_key"], job.payload["recipient_id"])
        for job in OutboxJob.objects.filter(payload__kind__in=["result_disputed", "judge_decision"])
    )
    players = sorted([kit.user_a(table).pk, kit.user_b(table).pk])
    assert jobs == [
        *[("judge_decision", f"match{table.pk}:v3", pk) for pk in players],
        *[("result_disputed", f"match{table.pk}:v2", pk) for pk in players],
    ]
    with pytest.raises(ConflictError, match="already confirmed"):
        result_report(match_id=table.pk, user=kit.user_b(table), wins_a=0, wins_b=1)


def test_a_disputing_player_can_agree_afterwards(kit: TournamentKit, table: Match) -> None:
    result_report(match_id=table.pk, user=kit.user_a(table), wins_a=1, wins_b=0)
    result_report(match_id=table.pk, user=kit.user_b(table), wins_a=0, wins_b=1)
    agreed = result_report(match_id=table.pk, user=kit.user_a(table), wins_a=0, wins_b=1)
    assert agreed.status == "confirmed"
    assert [row[2] for row in _rows(table)].count("confirmed") == 1
    assert _state(table) == "confirmed"


def test_a_judge_override_needs_a_reason_and_keeps_the_old_version(
    kit: TournamentKit, table: Match, django_capture_on_commit_callbacks: Any
) -> None:
    kit.report_both(table, (1, 0, 0))
    round_obj = kit.play(table.round)  # the other table too, then the round closes
    winner_before = kit.row_of(kit.standings(round_obj), table.player_a)["points"]
    before = _numbers(table)
    with pytest.raises(InvalidInputError, match="needs a reason"):
        result_enter_by_judge(match_id=table.pk, judge=kit.judge, wins_a=0, wins_b=1)
    assert _rows(table)[-1][2] == "confirmed"
    assert len(_rows(table)) == 2
    with django_capture_on_commit_callbacks(execute=True):  # the snapshot's rebuild, after commit
        result_enter_by_judge(
            match_id=table.pk, judge=kit.judge, wins_a=0, wins_b=1, reason="wrong winner reported"
        )
    rows = _rows(table)
    assert [row[2] for row in rows] == ["superseded", "superseded", "confirmed"]
    assert rows[-1][1:6] == ("judge", "confirmed", 0, 1, 0)
    assert _numbers(table)[:2] == before
    entry = AuditEntry.objects.get(action="tournaments.result.overridden")
    assert (entry.actor, entry.reason) == (kit.judge, "wrong winner reported")
    # The published standings of the closed round follow the override.
    after = kit.standings(Round.objects.get(pk=round_obj.pk))
    assert winner_before == 3
    assert kit.row_of(after, table.player_a)["points"] == 0
    assert kit.row_of(after, table.player_b)["points"] == 3  # type: ignore[arg-type]


def test_a_judge_can_give_a_double_loss(kit: TournamentKit, table: Match) -> None:
    with pytest.raises(InvalidInputError, match="no game score"):
        result_enter_by_judge(match_id=table.pk, judge=kit.judge, wins_a=1, wins_b=0,
                              double_loss=True)  # fmt: skip
    result_enter_by_judge(match_id=table.pk, judge=kit.judge, wins_a=0, wins_b=0,
                          double_loss=True)  # fmt: skip
    round_obj = kit.play(table.round)  # the other table; this one is already confirmed
    rows = kit.standings(round_obj)
    assert kit.row_of(rows, table.player_a)["points"] == 0
    assert kit.row_of(rows, table.player_b)["points"] == 0  # type: ignore[arg-type]


def test_a_report_the_database_refuses_stores_nothing_beside_it(
    kit: TournamentKit, table: Match, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A version another request stored at the same moment (the same number): a conflict, and
    neither its audit entry nor the opponent's notification job is stored."""
    from tournaments.services import results

    result_report(match_id=table.pk, user=kit.user_a(table), wins_a=1, wins_b=0)
    entries, jobs = AuditEntry.objects.count(), OutboxJob.objects.count()
    monkeypatch.setattr(results, "_next_version", lambda match, reports=None: 1)  # taken
    with pytest.raises(ConflictError, match="changed at the same moment"):
        result_report(match_id=table.pk, user=kit.user_b(table), wins_a=1, wins_b=0)
    assert [row[0] for row in _rows(table)] == [1]
    assert (AuditEntry.objects.count(), OutboxJob.objects.count()) == (entries, jobs)


# --- the database constraint --------------------------------------------------------------


def test_the_database_refuses_a_second_confirmed_result(kit: TournamentKit, table: Match) -> None:
    kit.report_both(table, (1, 0, 0))
    with pytest.raises(IntegrityError), transaction.atomic():
        ResultReport.objects.create(
            match=table,
            version=99,
            source=ResultReport.Source.JUDGE,
            status=ResultReport.Status.CONFIRMED,
            reported_by=kit.judge,
            wins_a=0,
            wins_b=1,
        )
    assert ResultReport.objects.filter(match=table, status="confirmed").count() == 1
    # A second superseded or pending version is fine: the constraint is about confirmed ones.
    ResultReport.objects.create(
        match=table, version=98, source="judge", status="superseded", wins_a=0, wins_b=1
    )


def test_the_database_refuses_a_repeated_version(kit: TournamentKit, table: Match) -> None:
    result_report(match_id=table.pk, user=kit.user_a(table), wins_a=1, wins_b=0)
    with pytest.raises(IntegrityError), transaction.atomic():
        ResultReport.objects.create(
            match=table, version=1, source="player", status="pending", wins_a=0, wins_b=1
        )


# --- idempotency --------------------------------------------------------------------------


def test_the_same_idempotency_key_returns_the_first_answer_and_stores_one_row(
    kit: TournamentKit, table: Match
) -> None:
    user = kit.user_a(table)
    first = result_report(match_id=table.pk, user=user, wins_a=1, wins_b=0, idempotency_key="k-1")
    again = result_report(match_id=table.pk, user=user, wins_a=1, wins_b=0, idempotency_key="k-1")
    assert again.as_dict() == first.as_dict()
    assert (first.replayed, again.replayed) == (False, True)
    assert ResultReport.objects.filter(match=table).count() == 1
    # A retry carrying different numbers is another request under a used key: refused (replaying
    # the first answer would lose the new score without a word).
    with pytest.raises(IdempotencyKeyReusedError):
        result_report(match_id=table.pk, user=user, wins_a=0, wins_b=1, idempotency_key="k-1")
    assert ResultReport.objects.filter(match=table).count() == 1
    # The same key from another person is another request.
    other = result_report(
        match_id=table.pk, user=kit.user_b(table), wins_a=1, wins_b=0, idempotency_key="k-1"
    )
    assert other.status == "confirmed"
    assert ResultReport.objects.filter(match=table).count() == 2
    with pytest.raises(InvalidInputError, match="idempotency key"):
        result_report(match_id=table.pk, user=user, wins_a=1, wins_b=0, idempotency_key="k" * 81)


def test_a_judge_idempotency_key_stores_one_row(kit: TournamentKit, table: Match) -> None:
    for _ in range(2):
        outcome = result_enter_by_judge(
            match_id=table.pk, judge=kit.judge, wins_a=1, wins_b=0, idempotency_key="j-1"
        )
        assert (outcome.version, outcome.status) == (1, "confirmed")
    assert ResultReport.objects.filter(match=table).count() == 1


def test_a_retry_after_the_opponent_confirmed_returns_the_first_answer(
    kit: TournamentKit, table: Match
) -> None:
    user = kit.user_a(table)
    first = result_report(match_id=table.pk, user=user, wins_a=1, wins_b=0, idempotency_key="k")
    result_report(match_id=table.pk, user=kit.user_b(table), wins_a=1, wins_b=0)
    retry = result_report(match_id=table.pk, user=user, wins_a=1, wins_b=0, idempotency_key="k")
    assert ResultReport.objects.filter(match=table).count() == 2
    assert retry.as_dict() == first.as_dict()


# --- standings do not depend on the order results arrive in ------------------------------


class _UndoError(Exception):
    """Raised to roll one simulated run back to the savepoint."""


def _score_for(match: Match) -> Score:
    """The result of a match depends only on who plays: the same set of results every run."""
    assert match.player_b_id is not None
    low, high = sorted((match.player_a_id, match.player_b_id))
    if (low + high) % 5 == 0:
        return (0, 0, 1)
    winner = low if (low * 7 + high) % 3 else high
    return (1, 0, 0) if winner == match.player_a_id else (0, 1, 0)


def _report_in_order(kit: TournamentKit, round_obj: Round, rng: random.Random) -> None:
    matches = kit.matches(round_obj)
    rng.shuffle(matches)
    for match in matches:
        score = _score_for(match)
        path = rng.choice(("a-first", "b-first", "confirm", "dispute", "judge"))
        a, b = kit.user_a(match), kit.user_b(match)
        if path in ("a-first", "b-first"):
            kit.report_both(match, score, b_first=path == "b-first")
        elif path == "confirm":
            result_report(match_id=match.pk, user=b, wins_a=score[0], wins_b=score[1],
                          draws=score[2])  # fmt: skip
            result_confirm(match_id=match.pk, user=a)
        elif path == "dispute":
            wrong = (score[1], score[0], score[2]) if score[0] != score[1] else (1, 0, 0)
            result_report(match_id=match.pk, user=a, wins_a=wrong[0], wins_b=wrong[1],
                          draws=wrong[2])  # fmt: skip
            result_report(match_id=match.pk, user=b, wins_a=score[0], wins_b=score[1],
                          draws=score[2])  # fmt: skip
            result_enter_by_judge(match_id=match.pk, judge=kit.judge, wins_a=score[0],
                                  wins_b=score[1], draws=score[2], reason="slips")  # fmt: skip
        else:
            result_enter_by_judge(match_id=match.pk, judge=kit.judge, wins_a=score[0],
                                  wins_b=score[1], draws=score[2])  # fmt: skip


def _run_event(kit: TournamentKit, event: Event, order_seed: int) -> list[Any]:
    """Three rounds with results in an order drawn from ``order_seed``; rolled back after."""
    rng = random.Random(order_seed)
    seen: list[Any] = []
    try:
        with transaction.atomic():
            for number in (1, 2, 3):
                round_obj = kit.pair(event, seed=100 + number)
                _report_in_order(kit, round_obj, rng)
                round_obj = round_complete(round_id=round_obj.pk, by=kit.organiser)
                pairings = [
                    (row["table"], row["a"]["registration"], (row["b"] or {}).get("registration"))
                    for row in round_obj.snapshot.pairings
                ]
                seen.append((pairings, kit.standings(round_obj)))
            raise _UndoError
    except _UndoError:
        pass
    assert not Round.objects.filter(event=event).exists()
    return seen


def test_standings_do_not_depend_on_the_order_results_arrive_in(kit: TournamentKit) -> None:
    event = kit.event(swiss_rounds=3)
    kit.players(event, 9)
    reference = _run_event(kit, event, order_seed=0)
    assert len(reference) == 3
    final = reference[-1][1]
    assert len(final) == 9
    assert len({row["points"] for row in final}) > 1  # the results did separate the field
    for order_seed in (1, 2):  # two other orders of arrival (each run is a whole event)
        assert _run_event(kit, event, order_seed) == reference, order_seed


# --- penalties and time extensions --------------------------------------------------------


def test_a_disqualification_changes_the_registration_and_is_audited(
    kit: TournamentKit, table: Match
) -> None:
    cheat = table.player_a
    warning = penalty_record(
        registration_id=cheat.pk, judge=kit.judge, infraction="Slow play", penalty="warning"
    )
    cheat.refresh_from_db()
    assert cheat.status == Registration.Status.CHECKED_IN
    assert warning.round is None
    record = penalty_record(
        registration_id=cheat.pk,
        judge=kit.judge,
        infraction="Cheating",
        penalty="disqualification",
        round_id=table.round_id,
        table=table.table,
        note="marked cards",
    )
    cheat.refresh_from_db()
    # Pending until a second person (here the organiser) confirms it: no judge acts alone.
    assert (cheat.status, record.status) == (Registration.Status.CHECKED_IN, "pending")
    disqualification_confirm(penalty_id=record.pk, event_id=cheat.event_id, by=kit.organiser)
    cheat.refresh_from_db()
    assert cheat.status == Registration.Status.DISQUALIFIED
    assert (record.round_id, record.table, record.judge) == (table.round_id, table.table, kit.judge)
    entry = AuditEntry.objects.get(action="tournaments.penalty.recorded", object_id=str(record.pk))
    assert (entry.actor, entry.reason) == (kit.judge, "marked cards")
    assert entry.data["penalty"] == "disqualification"
    # The disqualified player is never paired again and shows as having left.
    round_obj = kit.play(table.round)
    round_2 = kit.pair(table.round.event, seed=2)
    assert not Match.objects.filter(round=round_2, player_a=cheat).exists()
    assert not Match.objects.filter(round=round_2, player_b=cheat).exists()
    assert kit.row_of(kit.standings(round_obj), cheat)["dropped"] is True


def test_penalty_refusals(kit: TournamentKit, table: Match) -> None:
    player = table.player_a
    other_event = kit.event(name="Other")
    kit.players(other_event, 2)
    other_round = kit.pair(other_event)
    with pytest.raises(PermissionDeniedError):
        penalty_record(registration_id=player.pk, judge=kit.user_a(table), infraction="x",
                       penalty="warning")  # fmt: skip
    with pytest.raises(InvalidInputError, match="penalty must be"):
        penalty_record(registration_id=player.pk, judge=kit.judge, infraction="x", penalty="ban")
    with pytest.raises(InvalidInputError, match="infraction"):
        penalty_record(registration_id=player.pk, judge=kit.judge, infraction=" ",
                       penalty="warning")  # fmt: skip
    with pytest.raises(InvalidInputError, match="not part of this event"):
        penalty_record(registration_id=player.pk, judge=kit.judge, infraction="x",
                       penalty="warning", round_id=other_round.pk)  # fmt: skip
    with pytest.raises(NotFoundError):
        penalty_record(registration_id=player.pk + 1000, judge=kit.judge, infraction="x",
                       penalty="warning")  # fmt: skip
    assert not Penalty.objects.exists()


def test_a_table_time_extension_is_audited(kit: TournamentKit, table: Match) -> None:
    extended = match_extend_time(match_id=table.pk, judge=kit.judge, minutes=3, reason="ruling")
    assert extended.extra_minutes == 3
    extended = match_extend_time(match_id=table.pk, judge=kit.organiser, minutes=2, reason="deck")
    assert extended.extra_minutes == 5
    entries = AuditEntry.objects.filter(action="tournaments.match.time_extended").order_by("id")
    assert [(e.actor, e.reason, e.data["total"]) for e in entries] == [
        (kit.judge, "ruling", 3),
        (kit.organiser, "deck", 5),
    ]
    with pytest.raises(InvalidInputError, match="why"):
        match_extend_time(match_id=table.pk, judge=kit.judge, minutes=3, reason="")
    for minutes in (0, 31):
        with pytest.raises(InvalidInputError, match="1 to 30"):
            match_extend_time(match_id=table.pk, judge=kit.judge, minutes=minutes, reason="x")
    with pytest.raises(PermissionDeniedError):
        match_extend_time(match_id=table.pk, judge=kit.user_a(table), minutes=3, reason="x")
    table.refresh_from_db()
    assert table.extra_minutes == 5


def test_no_time_extension_once_the_round_is_complete(kit: TournamentKit, table: Match) -> None:
    kit.play(table.round)
    with pytest.raises(ConflictError, match="complete"):
        match_extend_time(match_id=table.pk, judge=kit.judge, minutes=3, reason="late")
    table.refresh_from_db()
    assert table.extra_minutes == 0


@pytest.mark.parametrize("number", [0, 10_001])
def test_a_penalty_names_a_real_table(kit: TournamentKit, table: Match, number: int) -> None:
    with pytest.raises(InvalidInputError, match="table"):
        penalty_record(
            registration_id=table.player_a_id, judge=kit.judge, infraction="x", penalty="warning",
            round_id=table.round_id, table=number,
        )  # fmt: skip
    assert not Penalty.objects.exists()


def test_a_repeated_confirmation_with_its_key_is_replayed(kit: TournamentKit, table: Match) -> None:
    result_report(match_id=table.pk, user=kit.user_a(table), wins_a=1, wins_b=0)
    first = result_confirm(match_id=table.pk, user=kit.user_b(table), idempotency_key="c-1")
    again = result_confirm(match_id=table.pk, user=kit.user_b(table), idempotency_key="c-1")
    assert (first.status, again.replayed) == ("confirmed", True)
    assert again.as_dict() == first.as_dict()
    assert ResultReport.objects.filter(match=table).count() == 2
    with pytest.raises(ConflictError):  # without the key it is a new request, refused
        result_confirm(match_id=table.pk, user=kit.user_b(table))
