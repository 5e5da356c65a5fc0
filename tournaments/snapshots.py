"""Per-round snapshots of what public pages show, rebuilt by services when something changes.

Public pages read one row (``RoundSnapshot``) instead of recomputing standings per request;
its ``revision`` is the page's ETag.
"""

from __future__ import annotations

from fractions import Fraction

from tournaments.models import Event, Round, RoundSnapshot
from tournaments.pairing import Reason, StandingRow
from tournaments.selectors.matches import round_matches
from tournaments.selectors.standings import engine_id, registration_pk, standings_compute


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


def standings_rows_json(
    *, event: Event, rows: tuple[StandingRow, ...] | list[StandingRow]
) -> list[dict[str, object]]:
    registrations = {engine_id(reg): reg for reg in event.registrations.all()}
    names = {key: reg.display_name for key, reg in registrations.items()}
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
                # issue 12: the day-2 decision, and the day-1 place a non-advancer keeps
                "advancement": reg.advancement if reg is not None else {},
                "not_advanced": reg is not None
                and reg.advancement.get("code") == "does_not_advance",
                "day_one_rank": reg.day_one_rank if reg is not None else None,
            }
        )
    return result


def pairings_json(*, round_obj: Round, points: dict[str, int]) -> list[dict[str, object]]:
    rows: list[dict[str, object]] = []
    for match in round_matches(round_obj=round_obj):
        a = match.player_a
        b = match.player_b
        rows.append(
            {
                "match": match.pk,
                "table": match.table,
                "bye": match.is_bye,
                "a": {
                    "registration": a.pk,
                    "name": a.display_name,
                    "points": points.get(str(a.pk), 0),
                },
                "b": None
                if b is None
                else {
                    "registration": b.pk,
                    "name": b.display_name,
                    "points": points.get(str(b.pk), 0),
                },
                "reason": match.reason,
            }
        )
    return rows


def snapshot_refresh(*, round_obj: Round, standings: bool) -> RoundSnapshot:
    """Rebuild a round's snapshot: its pairings, and (``standings=True``) the standings after
    its confirmed results (for a round in progress: before it)."""
    event = round_obj.event
    snapshot = RoundSnapshot.objects.filter(round=round_obj).first()
    through: int | None = (
        round_obj.number if round_obj.status == Round.Status.COMPLETE else round_obj.number - 1
    )
    if round_obj.stage == Round.Stage.TOP_CUT:
        through = None
    if standings or snapshot is None:
        rows = list(standings_compute(event=event, through_round=through))
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
        },
    )
    return snapshot
