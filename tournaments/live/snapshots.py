"""Per-round snapshots of what public pages show, rebuilt by services when something changes.

Public pages (and the printed sheets) show each player's public name: their short name when
they chose it (``tournaments.selectors.people.public_name_of``); staff pages read registrations.
Public pages read one row (``RoundSnapshot``) instead of recomputing standings per request.
Beside the two bodies the row keeps their digests (``content_digest``), from which pages and
the API make their ETags: a conditional request is answered from them without reading the
bodies, and a tag moves only when what it names changes.

A result changed after its round's snapshot was built (a judge's change after the round) does
not rebuild it in the request (so that a report stays cheap): ``snapshot_mark_stale`` marks the row
(one UPDATE) and, after commit, ``snapshot_catch_up_task`` rebuilds it once for every mark made so
far (coalesced). A reader that finds the row stale for ``CATCH_UP_AFTER`` seconds (no worker,
a long queue) rebuilds it itself before answering: no page is stale for two seconds.
"""

from __future__ import annotations

import datetime as dt
import hashlib
import json
from collections.abc import Iterable, Mapping, Sequence
from fractions import Fraction
from typing import Any

from celery import shared_task
from django.db import transaction
from django.db.models import F
from django.utils import timezone

from core.jobs import publish_on_commit, sweeper
from tournaments.models import Event, Registration, Round, RoundSnapshot
from tournaments.pairing import Reason, StandingRow
from tournaments.selectors.matches import round_matches
from tournaments.selectors.people import public_name_of
from tournaments.selectors.standings import engine_id, registration_pk, standings_compute


def content_digest(value: object) -> str:
    """A short digest of snapshot JSON (key order does not matter): equal bodies, equal tags."""
    text = json.dumps(value, sort_keys=True, ensure_ascii=False, separators=(",", ":"))
    return hashlib.sha256(text.encode()).hexdigest()[:24]


def reason_json(reason: Reason) -> dict[str, object]:
    return {"code": reason.code, "en": reason.en, "ja": reason.ja, "fields": dict(reason.fields)}


def _percent(value: Fraction) -> str:
    return f"{float(value) * 100:.2f}%"


def _display(key: str, value: Fraction) -> str:
    if key == "seed":
        return f"{float(value):.4f}"
    if key == "h2h":
        return {1: "won", -1: "lost"}.get(int(value), "—")
    return _percent(value)


def _renamed(value: Any, renames: Mapping[str, str]) -> Any:
    """``value`` (snapshot JSON) with each ``old`` text replaced by its ``new`` in every string:
    the engine names players ``"<name> #<registration>"`` in its explanations."""
    if not renames:
        return value
    if isinstance(value, str):
        for old, new in renames.items():
            value = value.replace(old, new)
        return value
    if isinstance(value, list):
        return [_renamed(item, renames) for item in value]
    if isinstance(value, dict):
        return {key: _renamed(item, renames) for key, item in value.items()}
    return value


def _public_renames(registrations: Iterable[Registration]) -> dict[str, str]:
    """How the engine's names of players who show a short name read on public pages. (The
    engine's own names stay: its seeded draw is drawn from them.)"""
    renames = {}
    for reg in registrations:
        public = public_name_of(reg)
        if public != reg.display_name:
            renames[engine_id(reg)] = f"{public} #{reg.pk}"
    return renames


def standings_rows_json(*, event: Event, rows: Sequence[StandingRow]) -> list[dict[str, object]]:
    listed = list(event.registrations.select_related("user__profile"))
    registrations = {engine_id(reg): reg for reg in listed}
    names = {key: public_name_of(reg) for key, reg in registrations.items()}
    renames = _public_renames(listed)
    result = []
    for row in rows:
        reg = registrations.get(row.player_id)
        result.append(
            {
                "rank": row.rank,
                "registration": registration_pk(row.player_id),
                "name": names.get(row.player_id, row.player_id),
                "points": row.match_points,
                "record": f"{row.wins + row.byes}-{row.losses}-{row.draws}",
                "byes": row.byes,
                "games": f"{row.game_wins}-{row.game_losses}-{row.game_draws}",
                "dropped": row.dropped,
                "opponents": [names.get(pid, pid) for pid in row.opponents],
                "tiebreaks": [
                    {
                        "key": value.tiebreak.value,
                        "value": _display(value.tiebreak.value, value.value),
                        "exact": str(value.value),
                        "explanation": reason_json(value.reason()),
                    }
                    for value in row.tiebreaks
                ],
                "explanation": reason_json(row.reason()),
                # the day-2 decision, and the day-1 place a non-advancer keeps
                "advancement": reg.advancement if reg is not None else {},
                "not_advanced": reg is not None
                and reg.advancement.get("code") == "does_not_advance",
                "day_one_rank": reg.day_one_rank if reg is not None else None,
            }
        )
    return list(_renamed(result, renames))


def pairings_json(*, round_obj: Round, points: dict[str, int]) -> list[dict[str, object]]:
    rows: list[dict[str, object]] = []
    for match in round_matches(round_obj=round_obj):
        a = match.player_a
        b = match.player_b
        renames = _public_renames([a] if b is None else [a, b])
        rows.append(
            {
                "match": match.pk,
                "table": match.table,
                "bye": match.is_bye,
                "a": {
                    "registration": a.pk,
                    "name": public_name_of(a),
                    "points": points.get(str(a.pk), 0),
                },
                "b": None
                if b is None
                else {
                    "registration": b.pk,
                    "name": public_name_of(b),
                    "points": points.get(str(b.pk), 0),
                },
                "reason": _renamed(match.reason, renames),
            }
        )
    return rows


def snapshot_refresh(
    *, round_obj: Round, standings: bool, rows: Sequence[StandingRow] | None = None
) -> RoundSnapshot:
    """Rebuild a round's snapshot: its pairings, and (``standings=True``) the standings after
    its confirmed results (for a round in progress: before it). ``rows``: those standings, when
    the caller computed them already from the same reading (``round_pair``)."""
    event = round_obj.event
    snapshot = RoundSnapshot.objects.filter(round=round_obj).first()
    through: int | None = (
        round_obj.number if round_obj.status == Round.Status.COMPLETE else round_obj.number - 1
    )
    if round_obj.stage == Round.Stage.TOP_CUT:
        through = None
    if standings or snapshot is None:
        if rows is None:
            rows = standings_compute(event=event, through_round=through)
        standings_data = standings_rows_json(event=event, rows=rows)
    else:
        standings_data = snapshot.standings
    view_points = {str(row["registration"]): int(str(row["points"])) for row in standings_data}
    pairings = pairings_json(round_obj=round_obj, points=view_points)
    round_obj.revision += 1
    round_obj.save(update_fields=["revision"])
    snapshot, _ = RoundSnapshot.objects.update_or_create(
        round=round_obj,
        defaults={
            "revision": round_obj.revision,
            "pairings": pairings,
            "standings": standings_data,
            "pairings_digest": content_digest(pairings),
            "standings_digest": content_digest(standings_data),
        },
    )
    return snapshot


#: How long a reader serves a stale snapshot (the task is expected well before) before it
#: rebuilds the snapshot itself; with the rebuild's own time, within the two seconds.
CATCH_UP_AFTER = 0.5


def snapshot_mark_stale(*, round_obj: Round) -> None:
    """A confirmed result of ``round_obj`` changed after its snapshot was built: mark the
    snapshot (one UPDATE, no rebuild here) and have a worker rebuild it after commit."""
    RoundSnapshot.objects.filter(round=round_obj).update(
        stale_since=timezone.now(), stale_marks=F("stale_marks") + 1
    )
    publish_on_commit(snapshot_catch_up_task, round_obj.pk, robust=True)


def snapshot_is_due(snapshot: RoundSnapshot, *, after: float = CATCH_UP_AFTER) -> bool:
    """True when ``snapshot`` has been stale for ``after`` seconds: its reader rebuilds it."""
    since = snapshot.stale_since
    return since is not None and timezone.now() - since >= dt.timedelta(seconds=after)


@transaction.atomic
def snapshot_catch_up(*, round_id: int) -> bool:
    """Rebuild a stale snapshot once for every mark made before (coalesced); nothing when it
    is fresh (a task delivered twice, or after a reader did it). Rebuilds of one round wait
    for each other on the round's row, so an older one never overwrites a newer one. True
    when it rebuilt."""
    round_obj = Round.objects.select_for_update().select_related("event").filter(pk=round_id)
    locked = round_obj.first()
    if locked is None:
        return False
    marks = (
        RoundSnapshot.objects.filter(round=locked, stale_since__isnull=False)
        .values_list("stale_marks", flat=True)
        .first()
    )
    if marks is None:
        return False
    snapshot_refresh(round_obj=locked, standings=True)
    # a mark made meanwhile (its change was not read above) keeps the row stale
    RoundSnapshot.objects.filter(round=locked, stale_marks=marks).update(stale_since=None)
    return True


@shared_task(name="tournaments.snapshot_catch_up", ignore_result=True)
def snapshot_catch_up_task(round_id: int) -> bool:
    return snapshot_catch_up(round_id=round_id)


@sweeper("stale_snapshots")
def stale_snapshots_sweep() -> int:
    """Snapshots still stale (their task was lost) are rebuilt (core.jobs' sweep)."""
    due = timezone.now() - dt.timedelta(seconds=CATCH_UP_AFTER)
    stale = RoundSnapshot.objects.filter(stale_since__lt=due).values_list("round_id", flat=True)
    return sum(int(snapshot_catch_up(round_id=round_id)) for round_id in list(stale))


def snapshots_rename_player(
    *, registration: Registration, old_names: Iterable[str], new: str
) -> None:
    """Show ``registration``'s player as ``new`` in every stored snapshot of its event, leaving
    the standings as they were computed (for a person who deleted their account): their rows,
    their name in opponents' lists and in the explanations; each round's revision grows, so
    public pages fetch the new text."""
    olds = {name for name in old_names if name}
    renames = {f"{old} #{registration.pk}": f"{new} #{registration.pk}" for old in olds}
    snapshots = RoundSnapshot.objects.select_related("round").filter(
        round__event_id=registration.event_id
    )
    for snapshot in snapshots:
        standings = []
        for row in snapshot.standings:
            row = dict(row)
            if row.get("registration") == registration.pk:
                row["name"] = new
            row["opponents"] = [new if name in olds else name for name in row.get("opponents", [])]
            standings.append(row)
        pairings = []
        for pairing in snapshot.pairings:
            pairing = dict(pairing)
            for side in ("a", "b"):
                seat = pairing.get(side)
                if isinstance(seat, dict) and seat.get("registration") == registration.pk:
                    pairing[side] = {**seat, "name": new}
            pairings.append(pairing)
        round_obj = snapshot.round
        round_obj.revision += 1
        round_obj.save(update_fields=["revision"])
        snapshot.standings = _renamed(standings, renames)
        snapshot.pairings = _renamed(pairings, renames)
        snapshot.revision = round_obj.revision
        snapshot.pairings_digest = content_digest(snapshot.pairings)
        snapshot.standings_digest = content_digest(snapshot.standings)
        snapshot.save(
            update_fields=[
                "standings",
                "pairings",
                "revision",
                "pairings_digest",
                "standings_digest",
            ]
        )
