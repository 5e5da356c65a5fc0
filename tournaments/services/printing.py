"""Print jobs: requested by an organiser, rendered to PDF by a Celery task.

The task is defined here, beside the service it runs, so that the request (which enqueues it)
and the task need no import of each other; ``tournaments.tasks`` lists it for autodiscovery.
"""

from __future__ import annotations

from celery import shared_task
from django.conf import settings
from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from core.audit import audit_log
from core.errors import ConflictError, InvalidInputError
from core.jobs import MAX_ATTEMPTS, claim, publish_on_commit, sweep_rows, sweeper
from tournaments.live.snapshots import snapshot_catch_up
from tournaments.models import Event, PrintJob, Round, RoundSnapshot
from tournaments.printing.sheets import (
    PairingLine,
    PrintHeader,
    SlipData,
    StandingLine,
    match_slips_pdf,
    pairings_by_name_pdf,
    pairings_by_table_pdf,
    standings_pdf,
)


@transaction.atomic
def print_job_request(
    *, event_id: int, kind: str, by: User, base_url: str, round_number: int | None = None
) -> PrintJob:
    if kind not in PrintJob.Kind.values:
        raise InvalidInputError(_("unknown print kind %(kind)r") % {"kind": kind}, field="kind")
    rounds = Round.objects.filter(event_id=event_id)
    if kind == PrintJob.Kind.STANDINGS:
        rounds = rounds.filter(stage=Round.Stage.SWISS)
    round_obj = (
        rounds.filter(number=round_number).first()
        if round_number
        else rounds.order_by("-number").first()
    )
    if round_obj is None:
        raise ConflictError(_("no round to print yet"), field="round")
    job = PrintJob.objects.create(
        event_id=event_id, round=round_obj, kind=kind, requested_by=by, base_url=base_url[:200]
    )
    audit_log(
        action="tournaments.print_job.requested",
        actor=by,
        obj=job,
        event_id=event_id,
        data={"kind": kind, "round": round_obj.number},
    )
    publish_on_commit(print_job_render_task, job.pk)
    return job


def _header(event: Event, round_obj: Round) -> PrintHeader:
    stage = "Top cut / トップカット" if round_obj.stage == Round.Stage.TOP_CUT else "Swiss / スイス"
    if event.has_day_two and round_obj.stage == Round.Stage.SWISS:  # say which day the round is on
        stage = f"Day {round_obj.day} / {round_obj.day}日目 · {stage}"
    best_of = event.top_cut_best_of if round_obj.stage == Round.Stage.TOP_CUT else event.best_of
    return PrintHeader(
        event_name=event.name,
        round_number=round_obj.number,
        stage_label=stage,
        generated_at=timezone.localtime(),
        best_of=best_of,
    )


def _pairing_lines(snapshot: RoundSnapshot) -> list[PairingLine]:
    lines = []
    for row in snapshot.pairings:
        a, b = row["a"], row["b"]
        lines.append(
            PairingLine(
                table=row["table"], player=a["name"], player_id=str(a["registration"]),
                opponent=b["name"] if b else None, points=a["points"],
                opponent_points=b["points"] if b else None, is_bye=row["bye"],
            )
        )  # fmt: skip
        if b is not None:
            lines.append(
                PairingLine(
                    table=row["table"], player=b["name"], player_id=str(b["registration"]),
                    opponent=a["name"], points=b["points"], opponent_points=a["points"],
                )
            )  # fmt: skip
    return lines


def _standing_name(row: dict[str, object]) -> str:
    """The name, and for a player who did not advance to day 2 their day-1 place (they keep it)."""
    if row.get("not_advanced"):
        place = row.get("day_one_rank")
        return f"{row['name']} (day 1: {place}, not advanced / 1日目{place}位・2日目進出なし)"
    return str(row["name"])


def render_pdf(job: PrintJob) -> bytes:
    round_obj = job.round
    event = round_obj.event
    snapshot_catch_up(round_id=round_obj.pk)  # a result changed after the round: print it
    snapshot = RoundSnapshot.objects.get(round=round_obj)
    header = _header(event, round_obj)
    if job.kind == PrintJob.Kind.PAIRINGS_BY_NAME:
        return pairings_by_name_pdf(header, _pairing_lines(snapshot))
    if job.kind == PrintJob.Kind.PAIRINGS_BY_TABLE:
        return pairings_by_table_pdf(header, _pairing_lines(snapshot))
    if job.kind == PrintJob.Kind.STANDINGS:
        rows = snapshot.standings
        columns = [t["key"].upper() for t in rows[0]["tiebreaks"]] if rows else []
        lines = [
            StandingLine(
                rank=row["rank"], player=_standing_name(row), points=row["points"],
                record=row["record"],
                tiebreaks=tuple(str(t["value"]) for t in row["tiebreaks"]),
            )
            for row in rows
        ]  # fmt: skip
        return standings_pdf(header, lines, columns)
    base = job.base_url.rstrip("/")
    slips = [
        SlipData(
            table=row["table"], player_a=row["a"]["name"], player_b=row["b"]["name"],
            report_url=f"{base}/events/matches/{row['match']}/",
        )
        for row in snapshot.pairings
        if not row["bye"] and row["b"] is not None
    ]  # fmt: skip
    return match_slips_pdf(header, slips)


def print_job_render(*, job_id: int) -> PrintJob:
    """Render a queued job once: the row is claimed first (queued → running, one UPDATE), so
    a job the broker or the sweeper delivered twice renders once; a finished one is left."""
    if not claim(PrintJob, job_id, queued=PrintJob.Status.QUEUED, running=PrintJob.Status.RUNNING):
        return PrintJob.objects.get(pk=job_id)
    job = PrintJob.objects.select_related("round__event").get(pk=job_id)
    try:
        pdf = render_pdf(job)
    except (RoundSnapshot.DoesNotExist, ValueError, KeyError) as exc:
        job.status = PrintJob.Status.FAILED
        job.error = f"{exc.__class__.__name__}: {exc}"
        job.save(update_fields=["status", "error"])
        return job
    except Exception as exc:
        # anything else may pass (the database blinked): queued again for the sweeper, or
        # failed with the reason after the last attempt
        last = job.attempts >= MAX_ATTEMPTS
        job.status = PrintJob.Status.FAILED if last else PrintJob.Status.QUEUED
        job.error = f"{exc.__class__.__name__}: {exc}"
        job.save(update_fields=["status", "error"])
        raise
    job.pdf = pdf
    job.status = PrintJob.Status.DONE
    job.save(update_fields=["pdf", "status"])
    return job


@shared_task(name="tournaments.print_job_render", acks_late=True)
def print_job_render_task(job_id: int) -> str:
    return print_job_render(job_id=job_id).status


@sweeper("print_jobs")
def print_jobs_sweep() -> int:
    """Print jobs still queued after a minute go to the broker again (core.jobs)."""
    return sweep_rows(
        PrintJob, print_job_render_task, queued=PrintJob.Status.QUEUED,
        running=PrintJob.Status.RUNNING, failed=PrintJob.Status.FAILED,
        stale_after=settings.JOB_STALE_SECONDS,
    )  # fmt: skip
