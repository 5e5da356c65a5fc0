"""Match results: player reports, the opponent's confirmation, judges' entries.

Every report is a new ``ResultReport`` version; none is ever edited. The database allows at
most one confirmed version per match. Reports for one match are serialised by a row lock on
the match (PostgreSQL ``SELECT … FOR UPDATE``; on SQLite the immediate transaction does it).
A client may send an idempotency key: the same key from the same person returns the first
answer and stores nothing new.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping
from dataclasses import dataclass

from django.contrib.auth.models import User
from django.db import IntegrityError, transaction
from django.db.models import Q
from django.utils.translation import gettext as _

from core.audit import audit_log
from core.errors import (
    ConflictError,
    IdempotencyKeyReusedError,
    InvalidInputError,
    NotFoundError,
    PermissionDeniedError,
)
from core.prepared import PreparedRead
from tournaments.live.snapshots import snapshot_mark_stale
from tournaments.models import Event, Match, ResultReport, Round
from tournaments.notifications import players as notify
from tournaments.pairing import games_to_win
from tournaments.permissions import is_result_keeper
from tournaments.procedures.end_of_round import (
    TIEBREAK_COUNTS,
    TIME_DRAW,
    TIME_TIEBREAK,
    decide_tiebreak,
    validate_time_outcome,
)
from tournaments.services.locks import match_lock

OPEN_ROUND = (Round.Status.PAIRED, Round.Status.IN_PROGRESS, Round.Status.PAUSED)
MAX_KEY = 80
#: What a player's report or confirmation reads of the match it locks, its round, event, game
#: and players (a round end brings every table's report at once; the whole rows of six tables
#: cost the lock three times as much): the score's checks (``validate_score``, the
#: end-of-round procedure, the tiebreak), the audit entry and the opponent's notification. A
#: field not listed costs a query of its own when read, and the pinned counts
#: (tests/tournaments/test_report_cost.py) show it.
PLAYER_WRITE_FIELDS = (
    "table", "is_bye", "round", "player_a", "player_b",
    "round__event", "round__number", "round__stage", "round__status",
    "round__event__name", "round__event__game", "round__event__best_of",
    "round__event__top_cut_best_of", "round__event__draws_allowed",
    "round__event__end_of_round", "round__event__end_of_round_extra_turns",
    "round__event__game__slug", "round__event__game__name",
    "player_a__user", "player_a__display_name", "player_b__user", "player_b__display_name",
)  # fmt: skip


@dataclass(frozen=True)
class ResultOutcome:
    """What a report did: the stored version and the match's state after it."""

    match_id: int
    version: int
    status: str
    wins_a: int
    wins_b: int
    draws: int
    replayed: bool = False
    #: the caller's seat ("a" or "b"; None for a judge), so a client reads the score from the
    #: caller's side; and whether the caller still has the opponent's report to confirm (never,
    #: once their own report is stored)
    you: str | None = None
    must_confirm: bool = False

    def as_dict(self) -> dict[str, object]:
        return {
            "match": self.match_id,
            "version": self.version,
            "status": self.status,
            "wins_a": self.wins_a,
            "wins_b": self.wins_b,
            "draws": self.draws,
            "you": self.you,
            "must_confirm": self.must_confirm,
        }


def _outcome(
    report: ResultReport, *, replayed: bool = False, you: str | None = None
) -> ResultOutcome:
    return ResultOutcome(
        match_id=report.match_id,
        version=report.version,
        status=report.status,
        wins_a=report.wins_a,
        wins_b=report.wins_b,
        draws=report.draws,
        replayed=replayed,
        you=you,
    )


def stage_best_of(event: Event, stage: str) -> int:
    """How many games a match of this stage (Swiss or top cut) is the best of."""
    return event.top_cut_best_of if stage == Round.Stage.TOP_CUT else event.best_of


def validate_score(
    *, event: Event, stage: str, wins_a: int, wins_b: int, draws: int, intentional_draw: bool
) -> None:
    """Refuse a result the match format cannot produce (a 3-0 in best-of-three, a draw where
    the game has none, more games than the format has)."""
    best_of = stage_best_of(event, stage)
    needed = games_to_win(best_of)
    for field, value in (("wins_a", wins_a), ("wins_b", wins_b), ("draws", draws)):
        if value < 0:
            raise InvalidInputError(
                _("%(field)s cannot be negative") % {"field": field}, field=field
            )
    if wins_a > needed or wins_b > needed:
        raise InvalidInputError(
            _("best of %(best_of)s: nobody wins more than %(needed)s game(s)")
            % {"best_of": best_of, "needed": needed},
            field="wins_a",
        )
    if wins_a == needed and wins_b == needed:
        raise InvalidInputError(_("both players cannot win the match"), field="wins_b")
    if wins_a + wins_b + draws > best_of + (draws if best_of > 1 else 0) and best_of == 1:
        raise InvalidInputError(_("best of one: one game in all"), field="draws")
    if best_of > 1 and wins_a + wins_b + draws > best_of + 2:
        raise InvalidInputError(
            _("best of %(best_of)s: too many games") % {"best_of": best_of}, field="draws"
        )
    is_draw = wins_a == wins_b
    if is_draw and not event.draws_allowed:
        raise InvalidInputError(
            _("%(name)s has no draws: report a winner") % {"name": event.game.name}, field="wins_a"
        )
    if is_draw and stage == Round.Stage.TOP_CUT:
        raise InvalidInputError(_("a top-cut match needs a winner"), field="wins_a")
    if intentional_draw and not is_draw:
        raise InvalidInputError(_("an intentional draw has equal wins"), field="intentional_draw")
    if wins_a == wins_b == draws == 0 and not intentional_draw:
        raise InvalidInputError(
            _("report at least one game, or an intentional draw"), field="wins_a"
        )


def _time_checked(
    *, event: Event, outcome: str, wins_a: int, wins_b: int, draws: int, by_judge: bool
) -> int:
    """Check a result's time outcome against the event's end-of-round procedure; a draw at
    time with no game counted is one drawn game. Returns the drawn games."""
    validate_time_outcome(
        event=event, outcome=outcome, wins_a=wins_a, wins_b=wins_b, by_judge=by_judge
    )
    if outcome == TIME_DRAW and wins_a == wins_b and draws == 0:
        return 1
    return draws


def _tiebreak_applied(
    *,
    match: Match,
    outcome: str,
    overtime: Mapping[str, object] | None,
    wins_a: int,
    wins_b: int,
    by_judge: bool,
) -> tuple[int, int, dict[str, object] | None]:
    """Azuki TCG overtime (``azk.op.overtime``): the tiebreakers decide the game in progress when
    overtime ends. The score given is the games won before it, which must be tied (0-0 in a best
    of one; 1-1 in a best of three, the only score the FAQ gives overtime to: any other goes to
    a judge, ambiguity KA-03); the decided game is added to its winner. Returns the final score
    and what the report keeps (the values, the score before and the decision)."""
    if outcome != TIME_TIEBREAK:
        if overtime:
            raise InvalidInputError(
                _("overtime tiebreak values belong to a result decided by the tiebreakers"),
                field="overtime",
            )
        return wins_a, wins_b, None
    if not overtime:
        raise InvalidInputError(_("give the overtime tiebreak values"), field="overtime")
    event = match.round.event
    needed = games_to_win(stage_best_of(event, match.round.stage))
    if not wins_a == wins_b == needed - 1:
        raise InvalidInputError(
            _(
                "overtime's tiebreakers decide the last game when the match is tied "
                "%(value)s-%(value)s: give the games won before it; with another score "
                "when time is called, call a judge (KA-03)"
            )
            % {"value": needed - 1},
            field="wins_a",
        )
    decision = decide_tiebreak(event=event, values=overtime)
    if decision.winner is None and not by_judge:
        raise InvalidInputError(
            _("the tiebreakers do not decide this game and there are no draws: call a judge"),
            field="overtime",
        )
    if decision.winner is None:
        raise InvalidInputError(
            _("the tiebreakers do not decide this game: enter the winner as a judge's decision"),
            field="overtime",
        )
    kept = {
        "a": _side_counts(overtime.get("a")),
        "b": _side_counts(overtime.get("b")),
        "took_damage_last": overtime.get("took_damage_last") or None,
        "before": [wins_a, wins_b],
        "decision": decision.as_dict(),
    }
    if decision.winner == "a":
        return wins_a + 1, wins_b, kept
    return wins_a, wins_b + 1, kept


def _side_counts(value: object) -> dict[str, int]:
    """One side's tiebreak counts as stored (already checked by the decider)."""
    if not isinstance(value, Mapping):
        return {}
    return {name: int(value[name]) for name, _label in TIEBREAK_COUNTS if name in value}


def _next_version(match: Match, reports: list[ResultReport] | None = None) -> int:
    """The next version number; from ``reports`` (all the match's versions, read under its
    lock) when the caller has them, else one query."""
    if reports is not None:
        return max((r.version for r in reports), default=0) + 1
    last = ResultReport.objects.filter(match=match).order_by("-version").first()
    return (last.version if last else 0) + 1


def request_digest(kind: str, **fields: object) -> str:
    """What a keyed request asked, as a digest: the kind of write and its values."""
    text = json.dumps({"kind": kind, **fields}, sort_keys=True, default=str)
    return hashlib.sha256(text.encode()).hexdigest()


def _replay(user: User, key: str, match_id: int, digest: str = "") -> ResultOutcome | None:
    """The first answer given to this key, as it was then (not the report's status now).

    A key belongs to one request: reused for another match it is refused, never answered
    with the other match's result (which would lose this report without a word).
    """
    if not key:
        return None
    if len(key) > MAX_KEY:
        raise InvalidInputError(
            _("idempotency key longer than %(limit)s") % {"limit": MAX_KEY},
            field="idempotency_key",
        )
    earlier = ResultReport.objects.filter(reported_by=user, idempotency_key=key).first()
    if earlier is None:
        return None
    return _first_answer(earlier, match_id, digest)


def _first_answer(earlier: ResultReport, match_id: int, digest: str) -> ResultOutcome:
    """The answer ``earlier`` (stored with the request's key) gave, for a retry of it; refused
    when the key came with another match or another request."""
    if earlier.match_id != match_id:
        raise InvalidInputError(
            _("this idempotency key was already used for another match; send a new key"),
            field="idempotency_key",
        )
    if digest and earlier.request_digest and earlier.request_digest != digest:
        raise IdempotencyKeyReusedError(
            _("this idempotency key was already used for a different request; send a new key"),
            field="idempotency_key",
        )
    first = earlier.response or _outcome(earlier).as_dict()
    return ResultOutcome(
        match_id=int(str(first["match"])),
        version=int(str(first["version"])),
        status=str(first["status"]),
        wins_a=int(str(first["wins_a"])),
        wins_b=int(str(first["wins_b"])),
        draws=int(str(first["draws"])),
        replayed=True,
        you=str(first["you"]) if first.get("you") else None,
    )


def _locked_match(
    match_id: int, key: str, event_id: int | None, only: tuple[str, ...] = ()
) -> Match:
    """The match, locked (after the key's length is checked; ``only``: as ``match_lock``'s); a
    match of another event than the one the request named is not found."""
    if len(key) > MAX_KEY:
        raise InvalidInputError(
            _("idempotency key longer than %(limit)s") % {"limit": MAX_KEY},
            field="idempotency_key",
        )
    match = match_lock(match_id, only=only)
    if event_id is not None and match.round.event_id != event_id:
        raise NotFoundError(
            _("match %(match_id)s is not part of this event") % {"match_id": match_id},
            field="match",
        )
    return match


def _lock_unless_replayed(
    user: User, key: str, match_id: int, digest: str = "", event_id: int | None = None
) -> Match | ResultOutcome:
    """The match, locked; or, when ``key`` was answered before, that first answer (refused,
    422, when the key came with another request). The key is looked up again once the lock is
    held (only then: a twin request may have won the lock, and a retry takes the lock briefly
    rather than every first request paying a second look-up)."""
    match = _locked_match(match_id, key, event_id)
    return _replay(user, key, match_id, digest) or match


def _lock_with_reports(
    user: User, key: str, match_id: int, digest: str, event_id: int | None, refusal: str
) -> tuple[Match, list[ResultReport]] | ResultOutcome:
    """As ``_lock_unless_replayed``, with the match's versions (in order) read under the lock
    by the same query that looks the key up (one round trip fewer per report): the rows of this
    match, and the caller's earlier row with this key, whichever match it belongs to.

    Only a player of the match gets past the lock (``refusal``, 403, for anyone else, before
    their key is looked up): the route guard leaves this check to the lock
    (``route(..., under_lock=Access.MATCH_PLAYER)``), so it does not read the match first."""
    match = _locked_match(match_id, key, event_id, PLAYER_WRITE_FIELDS)
    if _side_of(match, user) is None:  # before anything about the match is told
        raise PermissionDeniedError(refusal, field="match")
    rows = _VERSIONS_AND_KEY.rows(match.pk, user.pk, key) if key else _VERSIONS.rows(match.pk)
    if key:
        for row in rows:
            if row.idempotency_key == key and row.reported_by_id == user.pk:
                return _first_answer(row, match_id, digest)
    return match, [row for row in rows if row.match_id == match.pk]


#: A match's versions in order; and those with the caller's row that has this key (whichever
#: match it belongs to): compiled once (``core.prepared``), read under the match's lock.
_VERSIONS = PreparedRead(
    lambda match_id: ResultReport.objects.filter(match_id=match_id).order_by("version"), -1
)
_VERSIONS_AND_KEY = PreparedRead(
    lambda match_id, user_id, key: ResultReport.objects.filter(
        Q(match_id=match_id) | Q(reported_by_id=user_id, idempotency_key=key)
    ).order_by("version"),
    -1,
    -2,
    "\x00key",
)


def _store(
    match: Match,
    *,
    actor: User,
    action: str,
    reason: str = "",
    audit: Mapping[str, object],
    reports: list[ResultReport] | None = None,
    **fields: object,
) -> ResultOutcome:
    """Store the next version of the match's result (with the answer a retry will get), make a
    confirmed one count, and audit it (``audit``: what the entry adds to match and table)."""
    report = ResultReport(
        match=match,
        version=_next_version(match, reports),
        reported_by=actor,
        reason=reason,
        **fields,
    )
    you = _side_of(match, actor) if report.source == ResultReport.Source.PLAYER else None
    report.response = _outcome(report, you=you).as_dict()
    try:
        # no savepoint of its own: a refused row ends the whole write (it rolls back)
        with transaction.atomic(savepoint=False):
            report.save(force_insert=True)
    except IntegrityError as exc:
        raise ConflictError(
            _("this match changed at the same moment; reload and try again"), field="match"
        ) from exc
    audit_log(
        action=action,
        actor=actor,
        obj=report,
        event_id=match.round.event_id,
        reason=reason,
        data={"match": match.pk, "table": match.table, **audit},
    )
    notify.result_stored(match, report)
    if report.status == ResultReport.Status.CONFIRMED:
        _after_confirmation(match)
    return _outcome(report, you=you)


def _after_confirmation(match: Match) -> None:
    # A confirmation during the round writes nothing on the round's row: every
    # confirmation of a round would queue behind that row's lock until its commit. The pages
    # that show results tag them by the results themselves (the bracket: its confirmed
    # results; a player's table: its rendered fragment), and the round's snapshot holds none.
    # A judge's change after the round changes its standings: the snapshot is marked stale
    # and rebuilt by a task after commit (or by its next reader), not here.
    if match.round.status == Round.Status.COMPLETE:
        snapshot_mark_stale(round_obj=match.round)


def _set_status(reports: list[ResultReport], status: str) -> None:
    """Mark earlier versions superseded or disputed (their status is all that ever changes on
    a stored version): one UPDATE for them all."""
    if not reports:
        return
    ResultReport.objects.filter(pk__in=[r.pk for r in reports]).update(status=status)
    for report in reports:
        report.status = status


def _side_of(match: Match, user: User) -> str | None:
    """``"a"`` or ``"b"``: which player of the match ``user`` is; None for anyone else."""
    if match.player_a.user_id == user.pk:
        return "a"
    if match.player_b is not None and match.player_b.user_id == user.pk:
        return "b"
    return None


@transaction.atomic
def result_report(
    *,
    match_id: int,
    user: User,
    wins_a: int,
    wins_b: int,
    draws: int = 0,
    intentional_draw: bool = False,
    concede: bool = False,
    time_outcome: str = "",
    overtime: Mapping[str, object] | None = None,
    idempotency_key: str = "",
    digest: str = "",
    event_id: int | None = None,
) -> ResultOutcome:
    """A player reports their own match. Equal reports from both players confirm it; different
        ones send the match to the judges' queue. An Azuki TCG game decided at the end of overtime
        gives the tiebreak values (``overtime``) and the score before that game; the site decides
        it (``_tiebreak_applied``). ``digest``: what a keyed request asked (``result_confirm`` gives
        its own); by default this report's values. ``event_id``: the event the request named (a
    match of another event is not found)."""
    digest = digest or request_digest(
        "report", wins_a=wins_a, wins_b=wins_b, draws=draws, intentional_draw=intentional_draw,
        concede=concede, time_outcome=time_outcome, overtime=overtime,
    )  # fmt: skip
    refusal = _("you can report only your own match")
    locked = _lock_with_reports(user, idempotency_key, match_id, digest, event_id, refusal)
    if isinstance(locked, ResultOutcome):
        return locked
    match, reports = locked
    return _report_locked(
        match, user=user, wins_a=wins_a, wins_b=wins_b, draws=draws,
        intentional_draw=intentional_draw, concede=concede, time_outcome=time_outcome,
        overtime=overtime, idempotency_key=idempotency_key, digest=digest, reports=reports,
    )  # fmt: skip


def _report_locked(
    match: Match,
    *,
    user: User,
    wins_a: int,
    wins_b: int,
    draws: int,
    intentional_draw: bool,
    concede: bool,
    time_outcome: str,
    overtime: Mapping[str, object] | None,
    idempotency_key: str,
    digest: str,
    reports: list[ResultReport] | None = None,
) -> ResultOutcome:
    """``result_report`` once the match is locked and the key was not answered before;
    ``reports``: the match's versions when the caller read them under the lock."""
    side = _side_of(match, user)
    if side is None:  # before anything about the match (a bye, its round) is told
        raise PermissionDeniedError(_("you can report only your own match"), field="match")
    if match.is_bye:
        raise ConflictError(_("a bye has no result to report"), field="match")
    if match.round.status not in OPEN_ROUND:
        raise ConflictError(
            _("round %(number)s is closed") % {"number": match.round.number}, field="match"
        )
    event = match.round.event
    if concede:
        needed = games_to_win(stage_best_of(event, match.round.stage))
        wins_a, wins_b, draws = (0, needed, 0) if side == "a" else (needed, 0, 0)
        time_outcome, overtime = "", None
    wins_a, wins_b, kept = _tiebreak_applied(
        match=match, outcome=time_outcome, overtime=overtime, wins_a=wins_a, wins_b=wins_b,
        by_judge=False,
    )  # fmt: skip
    draws = _time_checked(
        event=event, outcome=time_outcome, wins_a=wins_a, wins_b=wins_b, draws=draws,
        by_judge=False,
    )  # fmt: skip
    validate_score(
        event=event, stage=match.round.stage, wins_a=wins_a, wins_b=wins_b, draws=draws,
        intentional_draw=intentional_draw,
    )  # fmt: skip
    if reports is None:
        reports = list(ResultReport.objects.filter(match=match).order_by("version"))
    if any(r.status == ResultReport.Status.CONFIRMED for r in reports):
        raise ConflictError(
            _("this result is already confirmed; ask a judge to change it"),
            field="match",
            code="already_confirmed",
        )
    live = [r for r in reports if r.status in ("pending", "disputed") and r.source == "player"]
    mine = [r for r in live if r.reported_by_id == user.pk]
    theirs = [r for r in live if r.reported_by_id != user.pk]
    numbers = (wins_a, wins_b, draws)
    latest_theirs = theirs[-1] if theirs else None
    if concede:  # the conceder's word is enough: it counts at once, whatever was reported
        status = ResultReport.Status.CONFIRMED
        theirs = live
        mine = []
    elif latest_theirs is None:
        status = ResultReport.Status.PENDING
    elif (latest_theirs.wins_a, latest_theirs.wins_b, latest_theirs.draws) == numbers and (
        _tiebreak_values(latest_theirs.overtime) == _tiebreak_values(kept)
    ):
        status = ResultReport.Status.CONFIRMED
    else:
        status = ResultReport.Status.DISPUTED
    _set_status(
        mine + (theirs if status == ResultReport.Status.CONFIRMED else []),
        ResultReport.Status.SUPERSEDED,
    )
    if status == ResultReport.Status.DISPUTED and latest_theirs is not None:
        _set_status([latest_theirs], ResultReport.Status.DISPUTED)
    return _store(
        match,
        actor=user,
        action=f"tournaments.result.{'confirmed' if status == 'confirmed' else 'reported'}",
        audit={"score": list(numbers), "status": status}
        | ({"conceded_by": side} if concede else {}),
        reports=reports,
        source=ResultReport.Source.PLAYER,
        status=status,
        wins_a=wins_a,
        wins_b=wins_b,
        draws=draws,
        intentional_draw=intentional_draw,
        time_outcome=time_outcome,
        overtime=kept,
        conceded_by=side if concede else "",
        idempotency_key=idempotency_key,
        request_digest=digest if idempotency_key else "",
    )


@transaction.atomic
def result_confirm(
    *, match_id: int, user: User, idempotency_key: str = "", event_id: int | None = None
) -> ResultOutcome:
    """The opponent agrees with the pending report: the same numbers, reported by them."""
    digest = request_digest("confirm")
    refusal = _("you can confirm only your own match")
    locked = _lock_with_reports(user, idempotency_key, match_id, digest, event_id, refusal)
    if isinstance(locked, ResultOutcome):
        return locked
    # every version, read once under the lock: the pending one and, below, the rest
    match, reports = locked
    pending = next(
        (
            r
            for r in reversed(reports)
            if r.status == ResultReport.Status.PENDING
            and r.source == ResultReport.Source.PLAYER
            and r.reported_by_id != user.pk
        ),
        None,
    )
    if pending is None:
        raise ConflictError(_("there is no report from your opponent to confirm"), field="match")
    before = (pending.overtime or {}).get("before") or [pending.wins_a, pending.wins_b]
    return _report_locked(
        match,
        user=user,
        wins_a=int(before[0]),
        wins_b=int(before[1]),
        draws=pending.draws,
        intentional_draw=pending.intentional_draw,
        time_outcome=pending.time_outcome,
        overtime=_tiebreak_values(pending.overtime),
        concede=False,
        idempotency_key=idempotency_key,
        digest=digest,
        reports=reports,
    )


def _tiebreak_values(overtime: Mapping[str, object] | None) -> dict[str, object] | None:
    """What two reports of one overtime must agree on: the values, not the stored decision."""
    if not overtime:
        return None
    return {k: overtime.get(k) for k in ("a", "b", "took_damage_last")}


@transaction.atomic
def result_enter_by_judge(
    *,
    match_id: int,
    judge: User,
    wins_a: int,
    wins_b: int,
    draws: int = 0,
    double_loss: bool = False,
    intentional_draw: bool = False,
    reason: str = "",
    time_outcome: str = "",
    overtime: Mapping[str, object] | None = None,
    idempotency_key: str = "",
) -> ResultOutcome:
    """A judge or scorekeeper enters or overrides a result; it is confirmed at once.

    Overriding a confirmed result needs a reason. Results of a round can change until the next
    round is paired.
    """
    digest = request_digest(
        "judge", wins_a=wins_a, wins_b=wins_b, draws=draws, double_loss=double_loss,
        intentional_draw=intentional_draw, reason=reason, time_outcome=time_outcome,
        overtime=overtime,
    )  # fmt: skip
    match = _lock_unless_replayed(judge, idempotency_key, match_id, digest)
    if isinstance(match, ResultOutcome):
        return match
    event = match.round.event
    if not is_result_keeper(user=judge, event_id=event.pk):
        raise PermissionDeniedError(
            _("only the event's judges, scorekeepers and organisers enter results")
        )
    players = {match.player_a.user_id, match.player_b.user_id if match.player_b else None}
    if judge.pk in players:
        raise PermissionDeniedError(
            _("you play in this match: another judge enters its result"), field="match"
        )
    if event.status == Event.Status.FINISHED:
        raise ConflictError(_("the event is finished; its results are final"), field="match")
    if match.is_bye:
        raise ConflictError(_("a bye has no result to enter"), field="match")
    if Round.objects.filter(event=event, number__gt=match.round.number).exists():
        raise ConflictError(
            _("round %(value)s is already paired; this result can no longer change")
            % {"value": match.round.number + 1},
            field="match",
        )
    kept: dict[str, object] | None = None
    if double_loss:
        if wins_a or wins_b or draws:
            raise InvalidInputError(_("a double loss has no game score"), field="double_loss")
    else:
        wins_a, wins_b, kept = _tiebreak_applied(
            match=match, outcome=time_outcome, overtime=overtime, wins_a=wins_a, wins_b=wins_b,
            by_judge=True,
        )  # fmt: skip
        draws = _time_checked(
            event=event, outcome=time_outcome, wins_a=wins_a, wins_b=wins_b, draws=draws,
            by_judge=True,
        )  # fmt: skip
        validate_score(
            event=event, stage=match.round.stage, wins_a=wins_a, wins_b=wins_b, draws=draws,
            intentional_draw=intentional_draw,
        )  # fmt: skip
    confirmed = ResultReport.objects.filter(match=match, status=ResultReport.Status.CONFIRMED)
    overriding = confirmed.exists()
    if overriding and not reason.strip():
        raise InvalidInputError(_("overriding a confirmed result needs a reason"), field="reason")
    ResultReport.objects.filter(match=match).exclude(status=ResultReport.Status.SUPERSEDED).update(
        status=ResultReport.Status.SUPERSEDED
    )
    return _store(
        match,
        actor=judge,
        action="tournaments.result.overridden" if overriding else "tournaments.result.entered",
        reason=reason,
        audit={"score": [wins_a, wins_b, draws]},
        source=ResultReport.Source.JUDGE,
        status=ResultReport.Status.CONFIRMED,
        wins_a=wins_a,
        wins_b=wins_b,
        draws=draws,
        double_loss=double_loss,
        intentional_draw=intentional_draw,
        time_outcome="" if double_loss else time_outcome,
        overtime=kept,
        idempotency_key=idempotency_key,
        request_digest=digest if idempotency_key else "",
    )
