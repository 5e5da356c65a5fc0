"""Job rows are the outbox (issue 16, req 5): publishing never blocks, a sweeper re-sends.

A service that asks for background work first stores a row that says so (a print job, a
re-check) in its transaction; ``publish_on_commit`` hands the task to the broker once the
transaction commits. Publishing waits at most ``PUBLISH_TIMEOUT`` seconds (one second) and
never raises: when the broker is down the request answers at once and the row stays queued.

``sweep()`` (Celery beat every minute, ``core.jobs_sweep``; the same as ``manage.py
sweep_jobs``) runs every sweeper an app registered with ``sweeper``: each re-sends its rows still
queued after ``RESEND_AFTER`` seconds, and puts back (or, after ``MAX_ATTEMPTS``, fails with the
reason) rows whose worker died while running them. Every task claims its row atomically
(``claim``: one UPDATE from queued to running), so a job sent twice runs its effect once.
"""

from __future__ import annotations

import datetime as dt
import logging
import threading
from collections.abc import Callable
from typing import Any

from celery import shared_task
from django.conf import settings
from django.db import models, transaction
from django.utils import timezone

logger = logging.getLogger(__name__)

PUBLISH_TIMEOUT = 1.0
RESEND_AFTER = 60
MAX_ATTEMPTS = 3

_SWEEPERS: dict[str, Callable[[], int]] = {}


def publish(task: Any, *args: object, **kwargs: object) -> bool:
    """Send ``task(*args)`` to the broker, waiting at most ``PUBLISH_TIMEOUT``; whether it went.

    Without a broker (eager Celery) the task runs here, as before. With one, the send runs in
    a helper thread that the request stops waiting for after one second: a broker that is down
    or hanging costs the request that second at most, and the sweeper sends the job later."""
    if settings.CELERY_TASK_ALWAYS_EAGER:
        task.apply_async(args, kwargs)
        return True
    outcome: list[BaseException | None] = []

    def send() -> None:
        try:
            task.apply_async(args, kwargs, retry=False)
            outcome.append(None)
        except BaseException as exc:  # logged below, never raised into the request
            outcome.append(exc)

    sender = threading.Thread(target=send, daemon=True, name=f"publish-{task.name}")
    sender.start()
    sender.join(PUBLISH_TIMEOUT)
    if not outcome:
        logger.warning("publishing %s%r timed out; the sweeper sends it later", task.name, args)
        return False
    if outcome[0] is not None:
        logger.warning(
            "publishing %s%r failed (%r); the sweeper sends it later", task.name, args, outcome[0]
        )
        return False
    return True


def publish_on_commit(task: Any, *args: object, robust: bool = False, **kwargs: object) -> None:
    """``publish`` once the current transaction commits (nothing when it rolls back).
    ``robust``: an eager task's error (no broker: it runs here) is logged, not raised."""
    transaction.on_commit(lambda: publish(task, *args, **kwargs), robust=robust)


def claim(model: type[models.Model], pk: int, *, queued: str, running: str) -> bool:
    """Take the job row for this worker: one UPDATE from queued to running (counting the
    attempt). False when another delivery took it or it is finished: do nothing then."""
    taken = model._default_manager.filter(pk=pk, status=queued).update(
        status=running, started_at=timezone.now(), attempts=models.F("attempts") + 1
    )
    return bool(taken)


def sweep_rows(
    model: type[models.Model],
    task: Any,
    *,
    queued: str,
    running: str,
    failed: str,
    stale_after: float,
    error_field: str = "error",
) -> int:
    """Re-send ``model``'s rows queued for more than ``RESEND_AFTER`` seconds; put back the
    rows running for more than ``stale_after`` seconds (their worker died), or fail them with
    the reason after ``MAX_ATTEMPTS``. The number of rows sent again."""
    manager = model._default_manager
    now = timezone.now()
    stale = now - dt.timedelta(seconds=stale_after)
    dead = manager.filter(status=running, started_at__lt=stale).values_list("pk", "attempts")
    for pk, attempts in dead:
        if attempts >= MAX_ATTEMPTS:
            reason = f"no worker finished this job in {attempts} attempts; ask for it again"
            manager.filter(pk=pk, status=running).update(status=failed, **{error_field: reason})
        else:
            manager.filter(pk=pk, status=running).update(status=queued)
    # JOB_RESEND_SECONDS (settings) shortens the minute for the broker-outage test's stack
    resend_after = float(getattr(settings, "JOB_RESEND_SECONDS", RESEND_AFTER))
    waiting = manager.filter(status=queued, created_at__lt=now - dt.timedelta(seconds=resend_after))
    sent = 0
    for pk in waiting.values_list("pk", flat=True):
        sent += int(publish(task, pk))
    return sent


def sweeper(name: str) -> Callable[[Callable[[], int]], Callable[[], int]]:
    """Register a sweep (an app's ``ready()`` imports the module that uses this)."""

    def register(function: Callable[[], int]) -> Callable[[], int]:
        _SWEEPERS[name] = function
        return function

    return register


def sweep() -> dict[str, int]:
    """Run every registered sweep; how many jobs each sent again."""
    return {name: function() for name, function in sorted(_SWEEPERS.items())}


@shared_task(name="core.jobs_sweep", ignore_result=True)
def jobs_sweep_task() -> dict[str, int]:
    return sweep()
