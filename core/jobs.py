"""Job rows are the outbox, so a broker that is down costs no request: publishing never blocks,
a sweeper re-sends.

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

import atexit
import collections
import contextlib
import datetime as dt
import logging
import os
import queue
import threading
import time
from collections.abc import Callable
from typing import Protocol

from celery import shared_task
from django import db
from django.conf import settings
from django.db import models, transaction
from django.utils import timezone

logger = logging.getLogger(__name__)

PUBLISH_TIMEOUT = 1.0
#: How long the sender thread holds a doorbell (``coalesced``) for the rings that follow it.
LINGER = 0.25
RESEND_AFTER = 60
MAX_ATTEMPTS = 3

_SWEEPERS: dict[str, Callable[[], int]] = {}
_COALESCED: set[str] = set()


class Job(Protocol):
    """What this module needs of a Celery task: its name, and a send to the broker."""

    @property
    def name(self) -> str: ...

    def apply_async(
        self, args: tuple[object, ...], kwargs: dict[str, object], *, retry: bool = ...
    ) -> object: ...


def coalesced[T: Job](task: T) -> T:
    """Make ``task`` a doorbell: it takes no job id and does every job waiting for it (the
    outbox's drain), so the sends of it that a process hands over within ``LINGER`` seconds go
    to the broker as one. Returns the task (usable as a decorator)."""
    _COALESCED.add(task.name)
    return task


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
        taken: collections.deque[_Send] = collections.deque()
        while True:
            send = taken.popleft() if taken else self.jobs.get()
            self.busy_since = time.monotonic()
            riders: list[_Send] = []
            if send.task.name in _COALESCED:
                # a doorbell (``coalesced``): the sends of the same bell handed over within
                # LINGER ride on this one, so a round end's reports ring it a few times a
                # second, not once each (every job they cover was committed before its send was
                # handed over, so before this one goes)
                time.sleep(LINGER)
                with contextlib.suppress(queue.Empty):
                    while True:
                        taken.append(self.jobs.get_nowait())
                riders = [s for s in taken if s.same_as(send)]
                for rider in riders:
                    taken.remove(rider)
            try:
                send.task.apply_async(send.args, send.kwargs, retry=False)
            except BaseException as exc:  # logged, never raised into a request
                for each in (send, *riders):
                    each.error = exc
                logger.warning(
                    "publishing %s%r failed (%r); the sweeper sends it later",
                    send.task.name,
                    send.args,
                    exc,
                )
            finally:
                self.busy_since = None
                for each in (send, *riders):
                    each.done.set()

    def usable(self) -> bool:
        since = self.busy_since
        stuck = since is not None and time.monotonic() - since > PUBLISH_TIMEOUT
        return self.pid == os.getpid() and self.thread.is_alive() and not stuck


class _Send:
    __slots__ = ("args", "done", "error", "kwargs", "task")

    def __init__(self, task: Job, args: tuple[object, ...], kwargs: dict[str, object]) -> None:
        self.task, self.args, self.kwargs = task, args, kwargs
        self.done = threading.Event()
        self.error: BaseException | None = None

    def same_as(self, other: _Send) -> bool:
        return self.task is other.task and self.args == other.args and self.kwargs == other.kwargs


_sender: _Sender | None = None
_sender_lock = threading.Lock()


def _current_sender() -> _Sender:
    global _sender
    with _sender_lock:
        if _sender is None or not _sender.usable():
            if _sender is None or _sender.pid != os.getpid():
                atexit.register(_flush)  # once per process (a fork's child registers again)
            _sender = _Sender()  # the first, after a fork, or in place of a stuck one
        return _sender


class _Nothing:
    """The last send ``_flush`` hands over: it sends nothing."""

    name = "core.jobs.flush"

    def apply_async(self, *args: object, **kwargs: object) -> None:
        return None


def _flush() -> None:
    """At exit, wait (``PUBLISH_TIMEOUT`` and a linger at most) for the sends handed over and
    not sent yet: a command or a script that asked for jobs and ends at once (the sender is a
    daemon thread) sends them rather than leave them to the sweeper."""
    sender = _sender
    if sender is None or sender.pid != os.getpid() or not sender.thread.is_alive():
        return
    last = _Send(_Nothing(), (), {})
    sender.jobs.put(last)
    last.done.wait(PUBLISH_TIMEOUT + LINGER)


def publish(task: Job, *args: object, wait: bool = True, **kwargs: object) -> bool:
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


Item = tuple[Job, tuple[object, ...], dict[str, object]]
"""One task to send: the task, its positional and its keyword arguments."""

BATCH_SIZE = 50
"""How many jobs of a task with a batch form (``batched``) one broker message carries."""

_BATCHED: dict[str, Job] = {}
_MANY_NAMES: set[str] = set()


def batched(task: Job, many: Job) -> None:
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


def publish_many(items: list[Item], *, wait: bool = True) -> int:
    """Hand every item to the process's sender thread (``_Sender``), jobs of a task with a batch
    form ``BATCH_SIZE`` to a message (``batched``); how many jobs went. ``wait``: wait for them
    all together at most ``PUBLISH_TIMEOUT`` (never a second per job) and count those sent by
    then; else return at once (all counted as handed over). What is not sent is left to the
    sweeper: each job row stays queued until a worker claims it, so nothing runs twice and
    nothing is lost."""
    sends: list[tuple[_Send, int]] = []
    sender = _current_sender()
    for task, args, kwargs in _messages(items):
        send = _Send(task, args, kwargs)
        batch = args[0] if task.name in _MANY_NAMES and args else None
        sends.append((send, len(batch) if isinstance(batch, list) else 1))
        sender.jobs.put(send)
    if not wait:
        return len(items)
    deadline = time.monotonic() + PUBLISH_TIMEOUT
    sent = 0
    for send, jobs in sends:
        if not send.done.wait(max(0.0, deadline - time.monotonic())):
            logger.warning(
                "publishing %s job(s) did not finish in %ss; the sweeper sends what did not go",
                len(items), PUBLISH_TIMEOUT,
            )  # fmt: skip
            break
        if send.error is None:
            sent += jobs
    return min(sent, len(items))


class _Batch:
    """The jobs one transaction (one savepoint scope) publishes on commit: one ``on_commit``
    callback for all of them."""

    def __init__(self) -> None:
        self.items: list[tuple[Item, bool]] = []

    def __call__(self) -> None:
        if settings.CELERY_TASK_ALWAYS_EAGER:  # no broker: each runs here, in order
            for (task, args, kwargs), robust in self.items:
                try:
                    publish(task, *args, wait=True, **kwargs)
                except Exception:
                    if not robust:
                        raise
                    logger.exception("job %s%r failed on commit", task.name, args)
            return
        publish_many([item for item, _ in self.items], wait=False)


def publish_on_commit(task: Job, *args: object, robust: bool = False, **kwargs: object) -> None:
    """``publish`` once the current transaction commits (nothing when it rolls back), without
    waiting for the broker (so that a report stays cheap; the row is the outbox, so a send lost
    with its process is sent again by the sweeper). ``robust``: an eager task's error (no
    broker: it runs here) is logged, not raised.

    The jobs of one transaction are handed over together (``_Batch``): one callback per savepoint
    scope, so a savepoint rolled back takes its jobs with it, and a round's 2,000 notifications
    are 40 messages."""
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
    task: Job,
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


def detach_on_commit(task: Job, *args: object) -> None:
    """Long work (a job whose time grows with what a person sent, such as a 20,000-line
    import): ``publish_on_commit`` with a broker. Without one (eager Celery, ``make run``) the
    task would run inside the request that asked for it, on commit, and hold it for as long as
    the work takes; here it runs instead on a thread of its own (``run_detached``), and the
    request answers at once. ``JOBS_DETACH_EAGER = False`` (the tests' settings) runs it in
    place, on commit, as every eager task does."""
    if not settings.CELERY_TASK_ALWAYS_EAGER or not settings.JOBS_DETACH_EAGER:
        publish_on_commit(task, *args)
        return
    transaction.on_commit(lambda: run_detached(task, *args))


def run_detached(task: Job, *args: object) -> threading.Thread:
    """Run ``task(*args)`` eagerly on a new daemon thread, which closes its own database
    connection when done; the thread (a test joins it). Its failure is logged; the job's row
    says how it went, as a worker's would."""

    def run() -> None:
        try:
            task.apply_async(args, {})
        except BaseException:
            logger.exception("detached job %s%r failed", task.name, args)
        finally:
            db.connections.close_all()  # this thread's: a thread's connections are its own

    thread = threading.Thread(target=run, daemon=True, name=f"job {task.name}")
    thread.start()
    return thread
