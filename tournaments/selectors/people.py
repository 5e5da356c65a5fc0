"""A person across events: the name public pages show for a player, and "my events" (past,
running and upcoming, with the player's record and final placing)."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field

from django.contrib.auth.models import User
from django.core.exceptions import ObjectDoesNotExist
from django.db.models import Prefetch

from core.models import Profile
from core.profiles import shown_name
from tournaments.models import (
    DecklistVersion,
    Event,
    Match,
    Registration,
    ResultReport,
    Round,
)
from tournaments.pairing.placings import elimination_band


def public_name_of(registration: Registration) -> str:
    """The name public pages (pairings, standings, printed sheets) show for ``registration``:
    its player's short name when they chose it (``core.profiles.shown_name``). Load the
    registration with ``select_related("user__profile")`` to spare a query per player."""
    profile: Profile | None = None
    if registration.user_id is not None:
        try:
            profile = registration.user.profile  # type: ignore[union-attr]  # user_id is set
        except ObjectDoesNotExist:
            profile = None
    return shown_name(display_name=registration.display_name, profile=profile)


#: Which list of "my events" an event is in, by its status.
PAST_STATUSES = frozenset({Event.Status.FINISHED, Event.Status.CANCELLED})
RUNNING_STATUSES = frozenset({Event.Status.RUNNING})


@dataclass
class MyEvent:
    """One event of the person's, with how they did."""

    event: Event
    registration: Registration
    record: str = ""
    points: int | None = None
    rank: int | None = None
    players: int = 0
    #: The top-cut result: "winner", or the bracket size they were out at (8 = top 8).
    top_cut_won: bool = False
    top_cut_out_at: int | None = None
    #: The final placing once the event is finished: "1", "3–4", "9".
    placing: str = ""


@dataclass
class MyEvents:
    running: list[MyEvent] = field(default_factory=list)
    upcoming: list[MyEvent] = field(default_factory=list)
    past: list[MyEvent] = field(default_factory=list)


def _winner(match: Match, report: ResultReport) -> int | None:
    if report.double_loss:
        return None
    if report.conceded_by == "a":
        return match.player_b_id
    if report.conceded_by == "b":
        return match.player_a_id
    if report.wins_a > report.wins_b:
        return match.player_a_id
    if report.wins_b > report.wins_a:
        return match.player_b_id
    return None


def _final_placing(item: MyEvent) -> str:
    """The final placing as ``final_placings`` gives it (the top cut's bands, then the Swiss
    rank), from what ``my_events`` already read; empty before the finish."""
    if item.event.status != Event.Status.FINISHED:
        return ""
    if item.top_cut_won:
        return "1"
    if item.top_cut_out_at:
        first, last = elimination_band(item.top_cut_out_at)
        return str(first) if first == last else f"{first}–{last}"
    return str(item.rank) if item.rank else ""


def my_events(*, user: User) -> MyEvents:
    """The person's events, running first, then upcoming (soonest first), then past (latest
    first); each with the record and match points of the latest standings, the rank in them
    (the final standings once the event is over) and the top-cut result. Four queries."""
    registrations = list(
        Registration.objects.filter(user=user)
        .select_related("event", "event__game")
        .order_by("event__date", "event__start_time", "event_id")
    )
    event_ids = [reg.event_id for reg in registrations]
    latest_swiss: dict[int, Round] = {}
    for round_obj in (
        Round.objects.filter(
            event_id__in=event_ids, stage=Round.Stage.SWISS, snapshot__isnull=False
        )
        .select_related("snapshot")
        .order_by("event_id", "number")
    ):
        latest_swiss[round_obj.event_id] = round_obj
    mine = {reg.pk for reg in registrations}
    confirmed = ResultReport.objects.filter(status=ResultReport.Status.CONFIRMED)
    top_matches = (
        Match.objects.filter(round__event_id__in=event_ids, round__stage=Round.Stage.TOP_CUT)
        .select_related("round")
        .prefetch_related(Prefetch("reports", queryset=confirmed, to_attr="confirmed_reports"))
    )
    tables_per_round: dict[int, int] = defaultdict(int)
    last_round_of: dict[int, int] = {}
    played: dict[int, list[Match]] = defaultdict(list)
    for match in top_matches:
        tables_per_round[match.round_id] += 1
        event_id = match.round.event_id
        last_round_of[event_id] = max(last_round_of.get(event_id, 0), match.round.number)
        if match.player_a_id in mine or match.player_b_id in mine:
            played[event_id].append(match)
    result = MyEvents()
    for reg in registrations:
        item = MyEvent(event=reg.event, registration=reg)
        swiss = latest_swiss.get(reg.event_id)
        if swiss is not None:
            rows = swiss.snapshot.standings
            item.players = len(rows)
            for row in rows:
                if row.get("registration") == reg.pk:
                    item.record = str(row.get("record", ""))
                    item.points = int(str(row.get("points", 0)))
                    item.rank = int(str(row.get("rank", 0))) or None
        for top_match in sorted(played.get(reg.event_id, []), key=lambda m: m.round.number):
            reports = getattr(top_match, "confirmed_reports", [])
            if not reports:
                continue
            if _winner(top_match, reports[0]) == reg.pk:
                final = top_match.round.number == last_round_of.get(reg.event_id)
                item.top_cut_won = final and tables_per_round[top_match.round_id] == 1
            else:
                item.top_cut_out_at = 2 * tables_per_round[top_match.round_id]
                item.top_cut_won = False
                break
        item.placing = _final_placing(item)
        if reg.event.status in PAST_STATUSES:
            result.past.append(item)
        elif reg.event.status in RUNNING_STATUSES:
            result.running.append(item)
        else:
            result.upcoming.append(item)
    result.past.reverse()
    return result


def _moment(value: object) -> str | None:
    return None if value is None else value.isoformat()  # type: ignore[attr-defined]  # a datetime


def person_data_export(*, user: User) -> dict[str, object]:
    """The person's registrations, decklists and the results they reported, for their data
    download (``core.privacy``)."""
    registrations = list(
        Registration.objects.filter(user=user).select_related("event").order_by("created_at", "id")
    )
    versions: dict[int, list[dict[str, object]]] = defaultdict(list)
    for version in (
        DecklistVersion.objects.filter(decklist__registration__user=user)
        .select_related("decklist")
        .order_by("decklist_id", "version")
    ):
        versions[version.decklist.registration_id].append(
            {
                "version": version.version,
                "submitted_at": _moment(version.submitted_at),
                "format": version.source_format,
                "text": version.source_text,
                "cards": version.cards,
                "legal": version.legal,
            }
        )
    reports = (
        ResultReport.objects.filter(reported_by=user)
        .select_related("match__round__event")
        .order_by("created_at", "id")
    )
    return {
        "registrations": [
            {
                "event": reg.event.name,
                "date": reg.event.date.isoformat(),
                "display_name": reg.display_name,
                "player_id": reg.player_id,
                "email": reg.email,
                "status": reg.status,
                "registered_at": _moment(reg.created_at),
                "checked_in_at": _moment(reg.checked_in_at),
            }
            for reg in registrations
        ],
        "decklists": [
            {"event": reg.event.name, "versions": versions[reg.pk]}
            for reg in registrations
            if versions.get(reg.pk)
        ],
        "results_reported": [
            {
                "event": report.match.round.event.name,
                "round": report.match.round.number,
                "table": report.match.table,
                "wins_a": report.wins_a,
                "wins_b": report.wins_b,
                "draws": report.draws,
                "status": report.status,
                "source": report.source,
                "reported_at": _moment(report.created_at),
            }
            for report in reports
        ],
    }
