"""Matches and results: a round's matches, a match's state and confirmed report, the reports that
still count, a player's own match, a match at a table, the bracket with its winners."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, TypedDict

from django.contrib.auth.models import User
from django.db.models import Count, Max, Prefetch, Q, QuerySet
from django.utils.translation import gettext as _

from core.errors import InvalidInputError, NotFoundError, PermissionDeniedError
from tournaments.models import (
    Event,
    Match,
    Registration,
    ResultReport,
    Round,
)
from tournaments.pairing import (
    MatchResult,
)
from tournaments.permissions import (
    AnyUser,
    is_result_keeper,
)
from tournaments.selectors.events import latest_round


def match_result_of(
    match: Match, report: ResultReport | None, names: dict[int, str]
) -> MatchResult | None:
    """The engine's view of one match, or None while it has no confirmed result."""
    a = names[match.player_a_id]
    if match.is_bye:
        return MatchResult(players=(a,), bye=True, games=(2, 0, 0))
    if report is None:
        return None
    b = names[int(match.player_b_id or 0)]
    if report.double_loss:
        return MatchResult(players=(a, b), double_loss=True, games=(0, 0, 0))
    winner = a if report.wins_a > report.wins_b else b if report.wins_b > report.wins_a else None
    return MatchResult(
        players=(a, b), winner=winner, games=(report.wins_a, report.wins_b, report.draws)
    )


#: A match's reports with who made them (the match page names the judge of a judge's entry):
#: the same query. Not for a round's matches: the desk lists unconfirmed matches only, and a
#: judge's entry is always confirmed.
_REPORTS = ResultReport.objects.select_related("reported_by__profile")


def round_matches(*, round_obj: Round) -> QuerySet[Match]:
    """A round's matches with both players and the latest reports (two queries)."""
    return (
        Match.objects.filter(round=round_obj)
        .select_related(
            "player_a", "player_b", "round", "player_a__user__profile", "player_b__user__profile"
        )
        .prefetch_related(Prefetch("reports", queryset=ResultReport.objects.order_by("version")))
        .order_by("table")
    )


def match_state(match: Match) -> str:
    """``bye``, ``confirmed``, ``disputed``, ``pending`` (one side reported) or ``missing``."""
    if match.is_bye:
        return "bye"
    reports = list(match.reports.all())
    if any(r.status == ResultReport.Status.CONFIRMED for r in reports):
        return "confirmed"
    live = [r for r in reports if r.status != ResultReport.Status.SUPERSEDED]
    if any(r.status == ResultReport.Status.DISPUTED for r in live):
        return "disputed"
    return "pending" if live else "missing"


def confirmed_report(match: Match) -> ResultReport | None:
    return next((r for r in match.reports.all() if r.status == ResultReport.Status.CONFIRMED), None)


def match_get(*, event_id: int, match_id: int) -> Match:
    match = Match.objects.filter(pk=match_id, round__event_id=event_id).first()
    if match is None:
        raise NotFoundError(
            _("match %(match_id)s is not part of this event") % {"match_id": match_id},
            field="match",
        )
    return match


def match_for_player(*, round_obj: Round, user: AnyUser) -> Match:
    """The logged-in player's match in the round (with players and reports)."""
    match = (
        round_matches(round_obj=round_obj)
        .filter(Q(player_a__user_id=user.pk) | Q(player_b__user_id=user.pk))
        .first()
    )
    if match is None:
        raise NotFoundError(
            _("you have no match in round %(number)s") % {"number": round_obj.number}, field="round"
        )
    return match


def live_reports(match: Match) -> list[ResultReport]:
    """The match's reports that still count (not superseded), oldest first."""
    return [r for r in match.reports.all() if r.status != ResultReport.Status.SUPERSEDED]


@dataclass(frozen=True, slots=True)
class SideScore:
    """A result read from one player's side: won, lost or draw, their games first."""

    outcome: str  # "won", "lost" or "draw"
    mine: int
    theirs: int
    draws: int


def score_from_side(report: ResultReport, side: str) -> SideScore:
    """``report``'s score as the player in seat ``side`` ("a" or "b") reads it: never in seat
    order, so that nobody reads their own win as the opponent's."""
    mine, theirs = (report.wins_a, report.wins_b) if side == "a" else (report.wins_b, report.wins_a)
    if report.double_loss:
        outcome = "lost"
    else:
        outcome = "won" if mine > theirs else "lost" if mine < theirs else "draw"
    return SideScore(outcome=outcome, mine=mine, theirs=theirs, draws=report.draws)


def side_of(match: Match, user: AnyUser) -> str:
    """``"a"`` or ``"b"``: the seat of ``user`` in the match; ``""`` for anyone else."""
    if not user.is_authenticated:
        return ""
    if match.player_a.user_id == user.pk:
        return "a"
    if match.player_b is not None and match.player_b.user_id == user.pk:
        return "b"
    return ""


def report_to_confirm(match: Match, user: AnyUser) -> ResultReport | None:
    """The opponent's report that ``user`` (a player of the match) must confirm or dispute:
    the newest pending report of the other player, when the match has no confirmed result."""
    return next(
        (
            r
            for r in sorted(match.reports.all(), key=lambda report: -report.version)
            if r.status == ResultReport.Status.PENDING
            and r.source == ResultReport.Source.PLAYER
            and r.reported_by_id != user.pk
        ),
        None,
    )


class CurrentMatch(TypedDict):
    """The player's registration, current round and match, opponent, and its result; the
    player's seat, and the opponent's report they must confirm (or dispute), if any."""

    registration: Registration | None
    round: Round | None
    match: Match | None
    opponent: Registration | None
    state: str
    result: ResultReport | None
    side: str
    to_confirm: ResultReport | None


def my_current_match(*, event: Event, user: User) -> CurrentMatch:
    """The player's registration, current round and match (with opponent), if any, and where
    its result stands: ``state`` (``match_state``) and the confirmed ``result`` (the players'
    agreed report or a judge's entry), so the player sees a judge's decision on their table."""
    registration = Registration.objects.filter(event=event, user=user).first()
    round_obj = latest_round(event=event)
    match = None
    if registration is not None and round_obj is not None:
        match = (
            Match.objects.filter(round=round_obj)
            .filter(Q(player_a=registration) | Q(player_b=registration))
            .select_related("player_a", "player_b")
            .prefetch_related("reports")
            .first()
        )
    opponent = None
    if match is not None and registration is not None:
        opponent = match.player_b if match.player_a_id == registration.pk else match.player_a
    state = match_state(match) if match is not None else ""
    result = confirmed_report(match) if match is not None else None
    side = side_of(match, user) if match is not None else ""
    to_confirm = report_to_confirm(match, user) if match is not None and side else None
    return {"registration": registration, "round": round_obj, "match": match,
            "opponent": opponent, "state": state, "result": result, "side": side,
            "to_confirm": to_confirm}  # fmt: skip


def match_for_viewer(*, match_id: int, user: User) -> dict[str, Any]:
    """A match as its players and the event's staff see it; anyone else is refused."""
    match = (
        Match.objects.select_related("round", "round__event", "player_a", "player_b")
        .prefetch_related(Prefetch("reports", queryset=_REPORTS))
        .filter(pk=match_id)
        .first()
    )
    if match is None:
        raise NotFoundError(
            _("match %(match_id)s does not exist") % {"match_id": match_id}, field="match"
        )
    side = side_of(match, user)
    staff = is_result_keeper(user=user, event_id=match.round.event_id)
    if not side and not staff:
        raise PermissionDeniedError(_("this is not your match"))
    reports = sorted(match.reports.all(), key=lambda report: report.version)
    pending_from_opponent = report_to_confirm(match, user) if side else None
    return {
        "match": match,
        "event": match.round.event,
        "round": match.round,
        "side": side,
        "is_staff": staff,
        "state": match_state(match),
        "reports": reports,
        "pending_from_opponent": pending_from_opponent,
        "best_of": match.round.event.top_cut_best_of
        if match.round.stage == Round.Stage.TOP_CUT
        else match.round.event.best_of,
    }


def bracket_results_tag(*, event: Event) -> str:
    """What the bracket's results are, in one short aggregate query: the newest confirmed
    result of the top cut and how many there are (a result is never edited, only superseded
    by a newer row), for the bracket page's ETag."""
    found = ResultReport.objects.filter(
        match__round__event=event,
        match__round__stage=Round.Stage.TOP_CUT,
        status=ResultReport.Status.CONFIRMED,
    ).aggregate(newest=Max("pk"), count=Count("pk"))
    return f"{found['newest'] or 0}.{found['count']}"


@dataclass(frozen=True, slots=True)
class BracketRound:
    """A column of the bracket: the round, and its snapshot's pairings, each with its
    ``winner`` (``a``/``b``/None) and ``score``."""

    round: Round
    pairings: list[dict[str, object]]


def bracket_rounds(*, event: Event) -> list[BracketRound]:
    """The top cut's rounds in order, each pairing with its winner (``a``/``b``) and score."""
    scores = {}
    matches = Match.objects.filter(round__event=event, round__stage=Round.Stage.TOP_CUT)
    for match in matches.prefetch_related("reports"):
        report = confirmed_report(match)
        if report is not None:
            scores[match.pk] = report
    rounds = []
    for round_obj in event.rounds.filter(stage=Round.Stage.TOP_CUT).select_related("snapshot"):
        snapshot = getattr(round_obj, "snapshot", None)
        pairings: list[dict[str, object]] = []
        for pairing in snapshot.pairings if snapshot else []:
            report = scores.get(pairing["match"])
            winner = None
            if report is not None and report.wins_a != report.wins_b:
                winner = "a" if report.wins_a > report.wins_b else "b"
            score = f"{report.wins_a}–{report.wins_b}" if report is not None else ""
            pairings.append({**pairing, "winner": winner, "score": score})
        rounds.append(BracketRound(round=round_obj, pairings=pairings))
    return rounds


def match_at_table(*, round_obj: Round | None, table: int) -> Match:
    """The match at a table of the round; a table the round does not have is a 400."""
    if round_obj is None:
        raise InvalidInputError(_("no round is paired"), field="table")
    match = Match.objects.filter(round=round_obj, table=table).first()
    if match is None:
        raise InvalidInputError(
            _("round %(round)s has no table %(table)s")
            % {"round": round_obj.number, "table": table},
            field="table",
        )
    return match


def match_of_registration(*, round_obj: Round | None, registration: Registration) -> Match:
    """The player's match in the round (a judge names the player instead of the table); no
    match there is a 400 on the table field."""
    if round_obj is None:
        raise InvalidInputError(_("no round is paired"), field="table")
    match = (
        Match.objects.filter(round=round_obj)
        .filter(Q(player_a=registration) | Q(player_b=registration))
        .first()
    )
    if match is None:
        raise InvalidInputError(
            _("%(name)s has no match in round %(round)s")
            % {"name": registration.display_name, "round": round_obj.number},
            field="table",
        )
    return match


def round_matches_with_players(*, round_obj: Round) -> list[Match]:
    """A round's matches with both players, no reports (one query): the organiser's own
    pairing of the round starts from them."""
    return list(Match.objects.filter(round=round_obj).select_related("player_a", "player_b"))
