"""The outbox of the jobs that have no row of their own: notifications and mails.

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
from collections.abc import Callable, Iterable
from typing import Any, TypeVar

from celery import shared_task
from django.conf import settings
from django.db import models, transaction
from django.db.models import QuerySet
from django.utils import timezone

from core.jobs import (
    MAX_ATTEMPTS,
    batched,
    claim,
    coalesced,
    publish,
    publish_on_commit,
    sweep_rows,
    sweeper,
)
from core.models import OutboxJob

logger = logging.getLogger(__name__)

Handler = TypeVar("Handler", bound=Callable[..., object])

_HANDLERS: dict[str, Callable[..., object]] = {}
ManyHandler = Callable[[list[dict[str, Any]]], Iterable[int]]
_MANY_HANDLERS: dict[str, ManyHandler] = {}

#: How many jobs the drain claims and runs at a time.
DRAIN_BATCH = 50
#: How many batches one drain task runs before it rings again and lets other tasks go first.
DRAIN_ROUNDS = 20


def outbox_handler(name: str) -> Callable[[Handler], Handler]:
    """Register ``function(**payload)`` as the handler of the outbox jobs named ``name``."""

    def register(function: Handler) -> Handler:
        _HANDLERS[name] = function
        return function

    return register


def outbox_batch_handler(name: str) -> Callable[[ManyHandler], ManyHandler]:
    """Register ``function(payloads)`` as doing, for many jobs named ``name`` at once and in
    one transaction, what their handler does for each, or the part of it that needs no one
    else (the drain uses it). It returns the positions of the jobs whose handler must still
    run alone once that transaction commits (a mail: a side effect no rollback takes back).
    It must be as idempotent as the handler: a batch that raises is run again job by job."""

    def register(function: ManyHandler) -> ManyHandler:
        _MANY_HANDLERS[name] = function
        return function

    return register


def outbox_enqueue(*, task: str, payload: dict[str, Any]) -> OutboxJob:
    """Store the job in the current transaction and publish it once that commits."""
    return outbox_enqueue_many(task=task, payloads=[payload])[0]


def outbox_enqueue_many(*, task: str, payloads: list[dict[str, Any]]) -> list[OutboxJob]:
    """Store the jobs (one INSERT) in the current transaction; once it commits, ring the drain.

    With a broker, the jobs are not sent one message each: the drain (``outbox_drain_task``, a
    doorbell: ``core.jobs.coalesced``) is rung, and a process's rings within
    ``core.jobs.LINGER`` are one message; the worker then claims the waiting jobs in batches.
    Without one (eager), each job runs on commit here, as before; its failure is logged and
    kept on the row (``robust``), never turned into an error of the write that asked for it."""
    if task not in _HANDLERS:
        raise ValueError(f"no outbox handler named {task!r}: register it first")
    jobs = OutboxJob.objects.bulk_create([OutboxJob(task=task, payload=p) for p in payloads])
    if settings.CELERY_TASK_ALWAYS_EAGER:
        for job in jobs:
            publish_on_commit(outbox_run_task, job.pk, robust=True)
    elif jobs:
        publish_on_commit(outbox_drain_task, robust=True)
    return jobs


def outbox_run(*, job_id: int) -> OutboxJob | None:
    """Run one job once: claimed first, so a second delivery does nothing. None when the row
    is gone."""
    queued, running = OutboxJob.Status.QUEUED, OutboxJob.Status.RUNNING
    if not claim(OutboxJob, job_id, queued=queued, running=running):
        return OutboxJob.objects.filter(pk=job_id).first()
    return _execute(OutboxJob.objects.get(pk=job_id))


def outbox_drain() -> int:
    """Run the jobs waiting for their first attempt, ``DRAIN_BATCH`` at a time: each batch is
    claimed at once (rows another drain holds are skipped, so two drains never share a job),
    and run by the handler's batch form when it has one, else job by job. A job that failed
    before is not taken (it waits for the sweeper's re-send, never retried in a loop). After
    ``DRAIN_ROUNDS`` batches the drain rings again instead of holding its worker. How many
    jobs it ran."""
    ran = 0
    for _ in range(DRAIN_ROUNDS):
        jobs = _claim_batch()
        _run_claimed(jobs)
        ran += len(jobs)
        if len(jobs) < DRAIN_BATCH:  # that was the last of them
            return ran
    publish(outbox_drain_task, wait=False)
    return ran


def _claim_batch() -> list[OutboxJob]:
    """Up to ``DRAIN_BATCH`` never-tried jobs, claimed (queued → running, one attempt) in one
    transaction: locked rows are skipped on PostgreSQL; SQLite's immediate transactions let
    one writer at a time do this."""
    with transaction.atomic():
        jobs = list(_claimable())
        if jobs:
            now = timezone.now()
            OutboxJob.objects.filter(pk__in=[job.pk for job in jobs]).update(
                status=OutboxJob.Status.RUNNING, started_at=now, attempts=models.F("attempts") + 1
            )
            for job in jobs:
                job.status, job.started_at, job.attempts = OutboxJob.Status.RUNNING, now, 1
    return jobs


def _claimable() -> QuerySet[OutboxJob]:
    """The next ``DRAIN_BATCH`` never-tried jobs, oldest first, locked (rows another drain holds
    skipped). Read in order from ``core_outbox_claim_idx``: a claim costs its batch however
    many jobs wait behind it (a round end's backlog was sorted whole for every batch)."""
    waiting = OutboxJob.objects.filter(status=OutboxJob.Status.QUEUED, attempts=0)
    return waiting.select_for_update(skip_locked=True).order_by("pk")[:DRAIN_BATCH]


def _run_claimed(jobs: list[OutboxJob]) -> None:
    """Claimed jobs: those of a handler with a batch form together (one transaction; if the
    batch raises, each job is run alone, which repeats nothing: handlers are idempotent), the
    rest (and those the batch left to their own handler) one by one."""
    by_task: dict[str, list[OutboxJob]] = {}
    for job in jobs:
        by_task.setdefault(job.task, []).append(job)
    for name, group in by_task.items():
        many = _MANY_HANDLERS.get(name)
        if many is not None and name in _HANDLERS:
            try:
                with transaction.atomic():
                    left = set(many([job.payload for job in group]))
            except Exception as exc:
                logger.warning(
                    "outbox batch of %s %s jobs failed (%s: %s); running them one by one",
                    len(group), name, exc.__class__.__name__, exc,
                )  # fmt: skip
            else:
                done = [job.pk for n, job in enumerate(group) if n not in left]
                OutboxJob.objects.filter(pk__in=done).update(
                    status=OutboxJob.Status.DONE, error="", finished_at=timezone.now()
                )
                group = [job for n, job in enumerate(group) if n in left]
        for job in group:
            _execute(job)


def _execute(job: OutboxJob) -> OutboxJob:
    """Run one claimed job's handler and record how it went."""
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


@coalesced
@shared_task(name="core.outbox_drain", acks_late=True, ignore_result=True)
def outbox_drain_task() -> None:
    """The outbox's doorbell: run what waits (``outbox_drain``). Rung on commit by every
    enqueue; a ring lost with its process or its broker is made up for by the sweeper."""
    outbox_drain()


@sweeper("outbox")
def outbox_sweep() -> int:
    """Outbox jobs still queued after a minute go to the broker again (core.jobs)."""
    return sweep_rows(
        OutboxJob, outbox_run_task, queued=OutboxJob.Status.QUEUED,
        running=OutboxJob.Status.RUNNING, failed=OutboxJob.Status.FAILED,
        stale_after=settings.JOB_STALE_SECONDS,
    )  # fmt: skip
