"""The judge desk (staff only; each read takes the person and checks): the queue, the reported
counter, penalties."""

from __future__ import annotations

from dataclasses import dataclass
from typing import TypedDict

from django.db.models import QuerySet

from tournaments.models import (
    Event,
    Match,
    Penalty,
    ResultReport,
    Round,
)
from tournaments.permissions import (
    AnyUser,
    require_result_keeper,
)
from tournaments.selectors.events import latest_round
from tournaments.selectors.matches import match_state, round_matches


class RoundProgress(TypedDict):
    """The reported counter of a round (the API's ``RoundProgressOutputSerializer``)."""

    round: int
    status: str
    total: int
    reported: int
    pending: int
    disputed: int
    missing: int
    byes: int
    text: str


@dataclass(frozen=True, slots=True)
class QueueRow:
    """A table on the judge desk's queue: its match, its state (see ``match_state``) and the
    reports made on it."""

    match: Match
    table: int
    state: str
    reports: list[ResultReport]


def round_queue(*, round_obj: Round, user: AnyUser) -> list[Match]:
    """Matches a judge must look at: disputed, waiting for the opponent, or not reported at all;
    sorted by table. Each carries ``state`` (see ``match_state``). For the event's staff."""
    require_result_keeper(user=user, event_id=round_obj.event_id)
    queue = []
    for match in round_matches(round_obj=round_obj):
        state = match_state(match)
        if state in ("disputed", "pending", "missing"):
            match.state = state  # type: ignore[attr-defined]  # read by the output serializer
            queue.append(match)
    return queue


def round_progress(*, round_obj: Round, user: AnyUser) -> RoundProgress:
    """The reported counter: how many tables have a confirmed result (byes not counted). For
    the event's staff."""
    require_result_keeper(user=user, event_id=round_obj.event_id)
    counts = {"confirmed": 0, "pending": 0, "disputed": 0, "missing": 0, "bye": 0}
    for match in round_matches(round_obj=round_obj):
        counts[match_state(match)] += 1
    total = counts["confirmed"] + counts["pending"] + counts["disputed"] + counts["missing"]
    return {
        "round": round_obj.number,
        "status": round_obj.status,
        "total": total,
        "reported": counts["confirmed"],
        "pending": counts["pending"],
        "disputed": counts["disputed"],
        "missing": counts["missing"],
        "byes": counts["bye"],
        "text": f"reported {counts['confirmed']} / {total}",
    }


def event_penalties(*, event_id: int, user: AnyUser) -> QuerySet[Penalty]:
    """The event's penalties, newest first (for its judges and organisers)."""
    require_result_keeper(user=user, event_id=event_id)
    return (
        Penalty.objects.filter(event_id=event_id)
        .select_related("registration", "round", "judge")
        .order_by("-created_at", "-id")
    )


def judge_queue(*, event: Event, user: AnyUser) -> dict[str, object]:
    """The current round's disputed and missing results, sorted by table, and the counter
    (for the event's judges and organisers)."""
    require_result_keeper(user=user, event_id=event.pk)
    round_obj = latest_round(event=event)
    if round_obj is None:
        return {"round": None, "queue": [], "reported": 0, "total": 0}
    rows: list[QueueRow] = []
    reported = total = 0
    for match in round_matches(round_obj=round_obj):
        state = match_state(match)
        if state == "bye":
            continue
        total += 1
        if state == "confirmed":
            reported += 1
            continue
        rows.append(
            QueueRow(match=match, table=match.table, state=state, reports=list(match.reports.all()))
        )
    rows.sort(key=lambda row: (row.state != "disputed", row.table))
    return {"round": round_obj, "queue": rows, "reported": reported, "total": total}


def penalties_recent(*, event: Event, user: AnyUser, limit: int = 50) -> list[Penalty]:
    """The event's latest penalties (for its judges and organisers)."""
    require_result_keeper(user=user, event_id=event.pk)
    return list(event.penalties.select_related("registration")[:limit])


def disqualifications_pending(*, event_id: int, user: AnyUser) -> list[Penalty]:
    """Disqualifications waiting for a second person, oldest first (for the judge desk)."""
    require_result_keeper(user=user, event_id=event_id)
    return list(
        Penalty.objects.filter(
            event_id=event_id, penalty="disqualification", status=Penalty.Status.PENDING
        )
        .select_related("registration", "judge")
        .order_by("created_at", "id")
    )
