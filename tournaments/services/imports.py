"""Player imports: a CSV of players entered into an event by a background job.

A 20,000-line file takes minutes to enter (each player is a registration with its claim code,
audit entry and notification), longer than a web worker may hold a request. So the request only
reads the file as far as is cheap (its size, encoding, header, at most
``registration.MAX_IMPORT_LINES`` players: ``import_file_read``), stores it as a
``PlayerImport`` and answers at once; the job (``player_import_run``, queued on commit; without
a broker on a thread of its own: ``core.jobs.detach_on_commit``) checks every line and enters
them all or none (``registrations_import_csv``). One person runs one import at a time (409
``import_running``; the database holds it too: a partial unique constraint).

While the job's one transaction runs, nothing it writes is visible, so its progress (players
entered so far) goes to the cache (``selectors.imports.player_import_progress`` reads it); a
cache that is down costs the progress bar only.

The task is defined here, beside the service it runs, as print jobs' are.
"""

from __future__ import annotations

import contextlib

from celery import shared_task
from django.conf import settings
from django.contrib.auth.models import User
from django.core.cache import cache
from django.db import IntegrityError, transaction
from django.utils import timezone, translation
from django.utils.translation import gettext

from core.audit import audit_log
from core.errors import ConflictError, DomainError, PermissionDeniedError
from core.jobs import MAX_ATTEMPTS, claim, detach_on_commit, sweep_rows, sweeper
from core.rate_limits import CACHE_ERRORS
from tournaments.models import PlayerImport
from tournaments.selectors.imports import progress_key
from tournaments.services.registration import (
    import_event_get,
    import_file_read,
    registrations_import_csv,
)

IMPORT_RUNNING = "import_running"
#: How long the cache keeps an import's progress (longer than any import runs).
PROGRESS_SECONDS = 3600


def _progress_set(import_id: int, done: int) -> None:
    with contextlib.suppress(*CACHE_ERRORS):
        cache.set(progress_key(import_id), done, PROGRESS_SECONDS)


def _running_refusal() -> ConflictError:
    return ConflictError(
        gettext(
            "an import of yours is still running: wait for it to end (its page shows its "
            "progress), then import this file"
        ),
        field="file",
        code=IMPORT_RUNNING,
    )


@transaction.atomic
def player_import_request(*, event_id: int, by: User, data: str | bytes) -> PlayerImport:
    """Queue an import of ``data`` (CSV ``name,player_id,email``) into the event; answers at
    once. What is cheap to check is refused here (400 naming the problem; more than
    ``MAX_IMPORT_LINES`` players included); the lines themselves are checked by the job."""
    import_event_get(event_id=event_id, by=by)
    text, count = import_file_read(data)
    running = PlayerImport.objects.filter(
        requested_by=by, status__in=(PlayerImport.Status.QUEUED, PlayerImport.Status.RUNNING)
    )
    if running.exists():
        raise _running_refusal()
    job = PlayerImport(
        event_id=event_id,
        requested_by=by,
        data=text,
        lines=count,
        language=translation.get_language() or settings.LANGUAGE_CODE,
    )
    try:
        with transaction.atomic():
            job.save(force_insert=True)
    except IntegrityError as exc:  # a twin request won the race for the one running import
        raise _running_refusal() from exc
    audit_log(
        action="tournaments.player_import.requested",
        actor=by,
        obj=job,
        event_id=event_id,
        data={"lines": count},
    )
    detach_on_commit(player_import_run_task, job.pk)
    return job


def player_import_run(*, import_id: int) -> PlayerImport:
    """Run a queued import once (claimed first: a job delivered twice runs once): every line
    entered, or none and the problems kept, each naming its line, in the language the person
    asked in."""
    queued, running = PlayerImport.Status.QUEUED, PlayerImport.Status.RUNNING
    if not claim(PlayerImport, import_id, queued=queued, running=running):
        return PlayerImport.objects.get(pk=import_id)
    job = PlayerImport.objects.select_related("requested_by").get(pk=import_id)
    with translation.override(job.language):
        try:
            if job.requested_by is None:
                raise PermissionDeniedError(
                    gettext("the account that asked for this import no longer exists")
                )
            created = registrations_import_csv(
                event_id=job.event_id,
                by=job.requested_by,
                data=job.data,
                progress=lambda done: _progress_set(job.pk, done),
            )
        except DomainError as refused:
            problems = refused.extra.get("problems")
            job.problems = list(problems) if isinstance(problems, list) else [refused.message]
            _finish(job, PlayerImport.Status.FAILED, error=refused.message)
            return job
        except Exception as exc:
            # anything else may pass (the database blinked): queued again for the sweeper, or
            # failed with the reason after the last attempt
            last = job.attempts >= MAX_ATTEMPTS
            job.status = PlayerImport.Status.FAILED if last else PlayerImport.Status.QUEUED
            job.error = f"{exc.__class__.__name__}: {exc}"
            job.save(update_fields=["status", "error"])
            raise
    job.created = len(created)
    _finish(job, PlayerImport.Status.DONE)
    return job


def _finish(job: PlayerImport, status: str, *, error: str = "") -> None:
    """Record the end (the file's text is let go: the registrations or the problems say all)."""
    job.status, job.error, job.data = status, error, ""
    job.finished_at = timezone.now()
    job.save(update_fields=["status", "error", "data", "problems", "created", "finished_at"])
    done = status == PlayerImport.Status.DONE
    audit_log(
        action="tournaments.player_import." + ("imported" if done else "failed"),
        actor=job.requested_by,
        obj=job,
        event_id=job.event_id,
        data={"created": job.created, "problems": len(job.problems)},
    )
    _progress_set(job.pk, job.created)


@shared_task(name="tournaments.player_import_run", acks_late=True)
def player_import_run_task(import_id: int) -> str:
    return player_import_run(import_id=import_id).status


@sweeper("player_imports")
def player_imports_sweep() -> int:
    """Imports still queued after a minute go to the broker again (core.jobs)."""
    return sweep_rows(
        PlayerImport, player_import_run_task, queued=PlayerImport.Status.QUEUED,
        running=PlayerImport.Status.RUNNING, failed=PlayerImport.Status.FAILED,
        stale_after=settings.JOB_STALE_SECONDS,
    )  # fmt: skip
