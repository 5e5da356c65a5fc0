"""Job rows are the outbox, so that a broker outage costs nothing: a broker that does not answer
costs a request one second at most and loses nothing; the sweeper re-sends what is still queued
after a minute; a job delivered twice runs once; a job whose worker keeps dying is failed with the
reason."""

from __future__ import annotations

import datetime as dt
import socket
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest
from celery import Celery
from django.core.management import call_command
from django.utils import timezone

from core import jobs
from tests.tournaments.conftest import TournamentKit
from tournaments.models import PrintJob
from tournaments.services import print_job_request
from tournaments.services.printing import print_job_render, print_jobs_sweep

pytestmark = pytest.mark.django_db


@pytest.fixture
def black_hole() -> Iterator[int]:
    """A port that accepts connections and never answers: a broker that hangs."""
    server = socket.socket()
    server.bind(("127.0.0.1", 0))
    server.listen(16)
    held: list[socket.socket] = []
    stop = threading.Event()

    def accept() -> None:
        server.settimeout(0.2)
        while not stop.is_set():
            try:
                held.append(server.accept()[0])
            except OSError:
                continue

    thread = threading.Thread(target=accept, daemon=True)
    thread.start()
    yield int(server.getsockname()[1])
    stop.set()
    thread.join(timeout=2)
    for conn in held:
        conn.close()
    server.close()


def test_publishing_to_a_hanging_broker_gives_up_within_a_second(
    black_hole: int, settings: Any
) -> None:
    settings.CELERY_TASK_ALWAYS_EAGER = False
    app = Celery("hang", broker=f"redis://127.0.0.1:{black_hole}/0", set_as_current=False)
    app.conf.broker_connection_timeout = 30  # without the bound, a send would wait this long

    @app.task(name="hang.noop")
    def noop(value: int) -> int:
        return value

    started = time.monotonic()
    assert jobs.publish(noop, 1) is False
    assert time.monotonic() - started < jobs.PUBLISH_TIMEOUT + 0.3


def _job(kit: TournamentKit, django_capture_on_commit_callbacks: Any) -> PrintJob:
    event = kit.event()
    kit.players(event, 4)
    kit.pair(event)
    with django_capture_on_commit_callbacks(execute=False):  # the broker "lost" it
        job = print_job_request(
            event_id=event.pk, kind=PrintJob.Kind.MATCH_SLIPS, by=kit.organiser,
            base_url="http://testserver/",
        )  # fmt: skip
    return job


def _age(job: PrintJob, seconds: int) -> None:
    PrintJob.objects.filter(pk=job.pk).update(
        created_at=timezone.now() - dt.timedelta(seconds=seconds)
    )


def test_the_sweeper_sends_a_lost_job_after_a_minute_and_it_renders_once(
    kit: TournamentKit, django_capture_on_commit_callbacks: Any
) -> None:
    job = _job(kit, django_capture_on_commit_callbacks)
    assert PrintJob.objects.get(pk=job.pk).status == "queued"
    _age(job, 30)
    assert print_jobs_sweep() == 0  # not yet a minute: the first send may still arrive
    _age(job, 61)
    call_command("sweep_jobs")  # eager here: the re-sent task renders at once
    done = PrintJob.objects.get(pk=job.pk)
    assert done.status == "done"
    assert done.pdf
    assert done.attempts == 1
    # delivered again (the broker redelivers, the sweeper raced the first send): nothing runs
    print_job_render(job_id=job.pk)
    assert PrintJob.objects.get(pk=job.pk).attempts == 1
    assert print_jobs_sweep() == 0


def test_a_job_whose_worker_dies_is_put_back_then_failed_with_the_reason(
    kit: TournamentKit, django_capture_on_commit_callbacks: Any, settings: Any
) -> None:
    job = _job(kit, django_capture_on_commit_callbacks)
    long_ago = timezone.now() - dt.timedelta(seconds=settings.JOB_STALE_SECONDS + 5)
    for attempt in range(1, jobs.MAX_ATTEMPTS + 1):
        # a worker claimed it and died (kill -9) before it finished
        PrintJob.objects.filter(pk=job.pk).update(
            status="running", attempts=attempt, started_at=long_ago
        )
        with django_capture_on_commit_callbacks(execute=False):
            jobs.sweep_rows(
                PrintJob, jobs.jobs_sweep_task, queued="queued", running="running", failed="failed",
                stale_after=settings.JOB_STALE_SECONDS,
            )  # fmt: skip
        expected = "failed" if attempt == jobs.MAX_ATTEMPTS else "queued"
        assert PrintJob.objects.get(pk=job.pk).status == expected
    failed = PrintJob.objects.get(pk=job.pk)
    assert f"{jobs.MAX_ATTEMPTS} attempts" in failed.error


def test_publishing_on_commit_does_not_wait_for_the_broker(black_hole: int, settings: Any) -> None:
    """A request hands its send to the process's sender thread and goes on (so that a report
    stays cheap); a send that waits behind one hanging there still gives up within its second."""
    settings.CELERY_TASK_ALWAYS_EAGER = False
    app = Celery("hang2", broker=f"redis://127.0.0.1:{black_hole}/0", set_as_current=False)
    app.conf.broker_connection_timeout = 30

    @app.task(name="hang2.noop")
    def noop(value: int) -> int:
        return value

    started = time.monotonic()
    assert jobs.publish(noop, 1, wait=False) is True
    assert jobs.publish(noop, 2, wait=False) is True
    assert time.monotonic() - started < 0.2
    started = time.monotonic()
    assert jobs.publish(noop, 3) is False  # queued behind the hanging sends: one second at most
    assert time.monotonic() - started < jobs.PUBLISH_TIMEOUT + 0.3
