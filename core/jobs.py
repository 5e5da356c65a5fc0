"""Job rows are the outbox (issue 16, req 5): publishing never blocks, a sweeper re-sends.

A service that asks for background work first stores a row that says so (a print job, a
re-check) in its transaction; ``publish_on_commit`` hands the task, once the transaction
commits, to the process's sender thread, which sends it to the broker while the request goes on
(it does not wait). ``publish`` itself (the sweeper's) waits at most ``PUBLISH_TIMEOUT`` seconds
(one second). Neither raises: when the broker is down the row stays queued.

``sweep()`` (Celery beat every minute, ``core.jobs_sweep``; the same as ``manage.py
sweep_jobs``) runs every sweeper an app registered with ``sweeper``: each re-sends its rows still
queued after ``RESEND_AFTER`` seconds, and puts back (or, after ``MAX_ATTEMPTS``, fails with the
reason) rows whose worker died while running them. Every task claims its row atomically
(``claim``: one UPDATE from queued to running), so a job sent twice runs its effect once.
"""

from __future__ import annotations

import datetime as dt
import logging
import os
import queue
import threading
import time
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


class _Sender:
    """One long-lived thread that hands tasks to the broker, in order, for this process.

    A thread per send (as before) paid for a new Celery result backend on each (Celery keeps
    one per thread: a Redis connection pool and a package-metadata read), about as much as
    the rest of a report. This thread keeps its backend and its connection. A sender busy on
    one send for longer than ``PUBLISH_TIMEOUT`` (a hanging broker) is left to finish alone
    and a fresh one takes the next sends, so a stuck send never holds up the ones after it."""

    def __init__(self) -> None:
        self.jobs: queue.SimpleQueue[_Send] = queue.SimpleQueue()
        self.busy_since: float | None = None
        self.pid = os.getpid()
        self.thread = threading.Thread(target=self._run, daemon=True, name="publish")
        self.thread.start()

    def _run(self) -> None:
        while True:
            send = self.jobs.get()
            self.busy_since = time.monotonic()
            try:
                send.task.apply_async(send.args, send.kwargs, retry=False)
            except BaseException as exc:  # logged, never raised into a request
                send.error = exc
                logger.warning(
                    "publishing %s%r failed (%r); the sweeper sends it later",
                    send.task.name,
                    send.args,
                    exc,
                )
            finally:
                self.busy_since = None
                send.done.set()

    def usable(self) -> bool:
        since = self.busy_since
        stuck = since is not None and time.monotonic() - since > PUBLISH_TIMEOUT
        return self.pid == os.getpid() and self.thread.is_alive() and not stuck


class _Send:
    __slots__ = ("args", "done", "error", "kwargs", "task")

    def __init__(self, task: Any, args: tuple[object, ...], kwargs: dict[str, object]) -> None:
        self.task, self.args, self.kwargs = task, args, kwargs
        self.done = threading.Event()
        self.error: BaseException | None = None


_sender: _Sender | None = None
_sender_lock = threading.Lock()


def _current_sender() -> _Sender:
    global _sender
    with _sender_lock:
        if _sender is None or not _sender.usable():
            _sender = _Sender()  # the first, after a fork, or in place of a stuck one
        return _sender


def publish(task: Any, *args: object, wait: bool = True, **kwargs: object) -> bool:
    """Send ``task(*args)`` to the broker, waiting at most ``PUBLISH_TIMEOUT``; whether it went.

    Without a broker (eager Celery) the task runs here, as before. With one, the send runs on
    the process's sender thread (``_Sender``), which the request stops waiting for after one
    second: a broker that is down or hanging costs the request that second at most, and the
    sweeper sends the job later. ``wait=False``: hand the send to that thread and return at
    once (True: handed over); a send that then fails is logged there, and its row stays queued
    for the sweeper, as when waiting timed out."""
    if settings.CELERY_TASK_ALWAYS_EAGER:
        task.apply_async(args, kwargs)
        return True
    send = _Send(task, args, kwargs)
    _current_sender().jobs.put(send)
    if not wait:
        return True
    if not send.done.wait(PUBLISH_TIMEOUT):
        logger.warning("publishing %s%r timed out; the sweeper sends it later", task.name, args)
        return False
    return send.error is None


def publish_on_commit(task: Any, *args: object, robust: bool = False, **kwargs: object) -> None:
    """``publish`` once the current transaction commits (nothing when it rolls back), without
    waiting for the broker (issue 16: a report is cheap; the row is the outbox, so a send lost
    with its process is sent again by the sweeper). ``robust``: an eager task's error (no
    broker: it runs here) is logged, not raised."""
    transaction.on_commit(lambda: publish(task, *args, wait=False, **kwargs), robust=robust)


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
