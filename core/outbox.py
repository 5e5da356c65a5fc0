"""The outbox of the jobs that have no row of their own: notifications and mails (issue 16, req 5).

A print job or a decklist re-check is its own job row (``core.jobs``). A notification or a
mail is not: ``outbox_enqueue`` stores an ``OutboxJob`` (the handler's name and its plain
arguments) in the caller's transaction and publishes ``core.outbox_run`` on commit, without
waiting for the broker (``core.jobs.publish_on_commit``). The task claims the row (queued →
running, one UPDATE), so a job the broker and the sweeper both deliver runs once; the handler
itself is idempotent too (a notification's de-duplication key and ``emailed_at``), so a worker
killed between the effect and the row's ``done`` repeats nothing a person sees twice.

A handler that raises puts its row back in the queue for the sweeper (which re-sends it a minute
later), or fails it with the reason after ``core.jobs.MAX_ATTEMPTS`` attempts. Apps register
their handlers with ``outbox_handler`` in a module their ``ready()`` (or the tasks'
autodiscovery) imports: core imports no app.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any, TypeVar

from celery import shared_task
from django.conf import settings
from django.utils import timezone

from core.jobs import MAX_ATTEMPTS, batched, claim, publish_on_commit, sweep_rows, sweeper
from core.models import OutboxJob

logger = logging.getLogger(__name__)

Handler = TypeVar("Handler", bound=Callable[..., object])

_HANDLERS: dict[str, Callable[..., object]] = {}


def outbox_handler(name: str) -> Callable[[Handler], Handler]:
    """Register ``function(**payload)`` as the handler of the outbox jobs named ``name``."""

    def register(function: Handler) -> Handler:
        _HANDLERS[name] = function
        return function

    return register


def outbox_enqueue(*, task: str, payload: dict[str, Any]) -> OutboxJob:
    """Store the job in the current transaction and publish it once that commits."""
    if task not in _HANDLERS:
        raise ValueError(f"no outbox handler named {task!r}: register it first")
    job = OutboxJob.objects.create(task=task, payload=payload)
    # robust: without a broker (eager) the job runs on commit here; its failure is logged and
    # kept on the row, never turned into an error of the write that asked for it
    publish_on_commit(outbox_run_task, job.pk, robust=True)
    return job


def outbox_enqueue_many(*, task: str, payloads: list[dict[str, Any]]) -> list[OutboxJob]:
    """``outbox_enqueue`` for many jobs of one handler: one INSERT, published together."""
    if task not in _HANDLERS:
        raise ValueError(f"no outbox handler named {task!r}: register it first")
    jobs = OutboxJob.objects.bulk_create([OutboxJob(task=task, payload=p) for p in payloads])
    for job in jobs:
        publish_on_commit(outbox_run_task, job.pk, robust=True)
    return jobs


def outbox_run(*, job_id: int) -> OutboxJob | None:
    """Run one job once: claimed first, so a second delivery does nothing. None when the row
    is gone."""
    queued, running = OutboxJob.Status.QUEUED, OutboxJob.Status.RUNNING
    if not claim(OutboxJob, job_id, queued=queued, running=running):
        return OutboxJob.objects.filter(pk=job_id).first()
    job = OutboxJob.objects.get(pk=job_id)
    handler = _HANDLERS.get(job.task)
    if handler is None:
        job.status = OutboxJob.Status.FAILED
        job.error = f"no handler named {job.task!r} in this worker"
        job.save(update_fields=["status", "error"])
        return job
    try:
        handler(**job.payload)
    except Exception as exc:
        last = job.attempts >= MAX_ATTEMPTS
        job.status = OutboxJob.Status.FAILED if last else OutboxJob.Status.QUEUED
        job.error = f"{exc.__class__.__name__}: {exc}"
        job.save(update_fields=["status", "error"])
        logger.warning(
            "outbox job %s (%s) attempt %s failed: %s%s",
            job.pk, job.task, job.attempts, job.error,
            "; given up" if last else "; the sweeper sends it again",
        )  # fmt: skip
        return job
    job.status = OutboxJob.Status.DONE
    job.error = ""
    job.finished_at = timezone.now()
    job.save(update_fields=["status", "error", "finished_at"])
    return job


@shared_task(name="core.outbox_run", acks_late=True, ignore_result=True)
def outbox_run_task(job_id: int) -> None:
    outbox_run(job_id=job_id)


@shared_task(name="core.outbox_run_many", acks_late=True, ignore_result=True)
def outbox_run_many_task(job_ids: list[int]) -> None:
    """Several jobs in one broker message (``core.jobs.batched``); each is claimed on its own,
    so one that another delivery ran already is skipped, and one that fails is retried alone."""
    for job_id in job_ids:
        outbox_run(job_id=job_id)


batched(outbox_run_task, outbox_run_many_task)


@sweeper("outbox")
def outbox_sweep() -> int:
    """Outbox jobs still queued after a minute go to the broker again (core.jobs)."""
    return sweep_rows(
        OutboxJob, outbox_run_task, queued=OutboxJob.Status.QUEUED,
        running=OutboxJob.Status.RUNNING, failed=OutboxJob.Status.FAILED,
        stale_after=settings.JOB_STALE_SECONDS,
    )  # fmt: skip
