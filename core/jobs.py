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
    return publish_many([(task, args, kwargs)]) == 1


Item = tuple[Any, tuple[object, ...], dict[str, object]]
"""One task to send: the task, its positional and its keyword arguments."""

BATCH_SIZE = 50
"""How many jobs of a task with a batch form (``batched``) one broker message carries."""

_BATCHED: dict[str, Any] = {}
_MANY_NAMES: set[str] = set()


def batched(task: Any, many: Any) -> None:
    """``many(ids)`` does what ``task(id)`` does for each id: ``publish_many`` sends a
    transaction's jobs of ``task`` as messages of ``BATCH_SIZE`` ids (2,000 notifications of a
    round's pairings are 40 messages, not 2,000)."""
    _BATCHED[task.name] = many
    _MANY_NAMES.add(many.name)


def _messages(items: list[Item]) -> list[Item]:
    out: list[Item] = []
    grouped: dict[str, list[object]] = {}
    for task, args, kwargs in items:
        many = _BATCHED.get(getattr(task, "name", ""))
        if many is not None and len(args) == 1 and not kwargs:
            grouped.setdefault(task.name, []).append(args[0])
        else:
            out.append((task, args, kwargs))
    for name, ids in grouped.items():
        many = _BATCHED[name]
        out += [(many, (ids[i : i + BATCH_SIZE],), {}) for i in range(0, len(ids), BATCH_SIZE)]
    return out


def publish_many(items: list[Item]) -> int:
    """Send every item from one helper thread, waiting for all of them together at most
    ``PUBLISH_TIMEOUT`` (never one second per job); how many went in that time. What is not
    sent by then is either still being sent by the thread or left to the sweeper: each job row
    stays queued until a worker claims it, so nothing runs twice and nothing is lost."""
    messages = _messages(items)
    sent: list[int] = [0]
    jobs = len(items)

    def send() -> None:
        for task, args, kwargs in messages:
            try:
                task.apply_async(args, kwargs, retry=False)
            except BaseException as exc:  # logged, never raised into the request
                logger.warning(
                    "publishing %s%r failed (%r); the sweeper sends it later", task.name, args, exc
                )
                return
            batch = args[0] if task.name in _MANY_NAMES and args else None
            sent[0] += len(batch) if isinstance(batch, list) else 1

    sender = threading.Thread(target=send, daemon=True, name="publish")
    sender.start()
    sender.join(PUBLISH_TIMEOUT)
    if sender.is_alive():
        logger.warning(
            "publishing %s job(s) did not finish in %ss; the sweeper sends what did not go",
            jobs, PUBLISH_TIMEOUT,
        )  # fmt: skip
    return min(sent[0], jobs)


class _Batch:
    """The jobs one transaction (one savepoint scope) publishes on commit: one ``on_commit``
    callback for all of them, so a write that asks for 2,000 jobs waits one second at most."""

    def __init__(self) -> None:
        self.items: list[tuple[Item, bool]] = []

    def __call__(self) -> None:
        if settings.CELERY_TASK_ALWAYS_EAGER:  # no broker: each runs here, in order
            for (task, args, kwargs), robust in self.items:
                try:
                    publish(task, *args, **kwargs)
                except Exception:
                    if not robust:
                        raise
                    logger.exception("job %s%r failed on commit", task.name, args)
            return
        publish_many([item for item, _ in self.items])


def publish_on_commit(task: Any, *args: object, robust: bool = False, **kwargs: object) -> None:
    """``publish`` once the current transaction commits (nothing when it rolls back).
    ``robust``: an eager task's error (no broker: it runs here) is logged, not raised.

    The jobs of one transaction are published together (``_Batch``): one callback per savepoint
    scope, so a savepoint rolled back takes its jobs with it."""
    connection = transaction.get_connection()
    item: Item = (task, args, kwargs)
    if not connection.in_atomic_block:
        _single(item, robust)()
        return
    scope = set(connection.savepoint_ids)
    for sids, func, _robust in reversed(connection.run_on_commit):
        if isinstance(func, _Batch) and sids == scope:
            func.items.append((item, robust))
            return
    batch = _Batch()
    batch.items.append((item, robust))
    transaction.on_commit(batch)


def _single(item: Item, robust: bool) -> _Batch:
    batch = _Batch()
    batch.items.append((item, robust))
    return batch


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
    pks = list(waiting.values_list("pk", flat=True))
    if settings.CELERY_TASK_ALWAYS_EAGER:
        return sum(int(publish(task, pk)) for pk in pks)
    return publish_many([(task, (pk,), {}) for pk in pks]) if pks else 0


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
