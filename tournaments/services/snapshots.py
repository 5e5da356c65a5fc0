"""Bringing a stale round snapshot up to date before it is shown, so that no page shows a
changed result more than 2 s late.

A judge's change after the round marks the snapshot stale and queues its rebuild; when that
task is late (no worker, a long queue) and the mark is older than ``CATCH_UP_AFTER``, the page or
API answering rebuilds the snapshot itself first. The selectors only read the snapshot as it
is; the adapters pass what they read through here (a fresh snapshot costs nothing more).
"""

from __future__ import annotations

from tournaments.live.snapshots import snapshot_catch_up, snapshot_is_due
from tournaments.models import Round, RoundSnapshot
from tournaments.selectors.rounds import latest_snapshot, snapshot_reread


def snapshot_catch_up_if_due(
    round_obj: Round, snapshot: RoundSnapshot
) -> tuple[Round, RoundSnapshot]:
    """The round and its snapshot as given, or, when the snapshot has been stale too long,
    both rebuilt first and read again."""
    if not snapshot_is_due(snapshot):
        return round_obj, snapshot
    snapshot_catch_up(round_id=snapshot.round_id)
    snapshot = snapshot_reread(snapshot_id=snapshot.pk)
    return snapshot.round, snapshot


def event_snapshot_catch_up(*, event_id: int) -> None:
    """The event's latest snapshot rebuilt first if it has been stale too long (before an
    export reads its standings)."""
    latest = latest_snapshot(event_id=event_id)
    if latest is not None:
        snapshot_catch_up_if_due(*latest)
