"""Notifications and mails go through the outbox, so that no write waits on a broker: the job row is
stored with the write, claimed once, put back for the sweeper when it fails, failed with the reason
after core.jobs.MAX_ATTEMPTS, and sent again by the sweeper when it waited a minute."""

from __future__ import annotations

import datetime as dt
import smtplib
from typing import Any
from unittest import mock

import pytest
from django.core import mail
from django.utils import timezone

from core import jobs
from core.models import Notification, OutboxJob
from core.notifications.services import DELIVER, notification_send
from core.outbox import outbox_enqueue, outbox_handler, outbox_run, outbox_sweep

pytestmark = pytest.mark.django_db(transaction=True)


def _send(recipient_id: int) -> None:
    notification_send(
        recipient_id=recipient_id, kind="registration_confirmed", object_key="registration7",
        params={"event": "Winter Open", "date": "2026-12-20"}, url="/events/3/",
    )  # fmt: skip


@pytest.fixture(autouse=True)
def _mail_to_outbox(settings: Any) -> None:
    settings.MAILERS = {"default": {"BACKEND": "django.core.mail.backends.locmem.EmailBackend"}}


def test_a_notification_is_a_job_row_done_once(make_user: Any) -> None:
    alice = make_user("alice", email="alice@example.org")
    _send(alice.pk)  # eager Celery: the job ran on commit
    job = OutboxJob.objects.get()
    assert (job.task, job.status, job.attempts) == (DELIVER, "done", 1)
    assert Notification.objects.filter(recipient=alice).count() == 1
    assert len(mail.outbox) == 1
    # delivered again (the broker redelivers, the sweeper re-sends): the claim refuses it
    outbox_run(job_id=job.pk)
    assert OutboxJob.objects.get().attempts == 1
    assert len(mail.outbox) == 1


def test_a_failing_mail_is_queued_again_then_failed_with_the_reason(make_user: Any) -> None:
    alice = make_user("alice", email="alice@example.org")
    down = smtplib.SMTPServerDisconnected("connection lost")
    with mock.patch("core.notifications.services.send_mail", side_effect=down):
        _send(alice.pk)
        job = OutboxJob.objects.get()
        assert (job.status, job.attempts) == ("queued", 1)
        assert "connection lost" in job.error
        for _attempt in range(jobs.MAX_ATTEMPTS - 1):
            outbox_run(job_id=job.pk)
    job.refresh_from_db()
    assert (job.status, job.attempts) == ("failed", jobs.MAX_ATTEMPTS)
    assert job.error == "SMTPServerDisconnected: connection lost"
    assert mail.outbox == []


def test_the_sweeper_sends_a_job_again_after_a_minute(make_user: Any, settings: Any) -> None:
    alice = make_user("alice", email="alice@example.org")
    with mock.patch("core.jobs.publish", return_value=False):  # the broker is down
        _send(alice.pk)
    job = OutboxJob.objects.get()
    assert job.status == "queued"
    assert outbox_sweep() == 0  # not a minute yet
    OutboxJob.objects.update(created_at=timezone.now() - dt.timedelta(seconds=61))
    assert outbox_sweep() == 1  # eager: sent and run
    job.refresh_from_db()
    assert job.status == "done"
    assert len(mail.outbox) == 1


def test_an_unknown_handler_is_refused() -> None:
    with pytest.raises(ValueError, match="no outbox handler"):
        outbox_enqueue(task="nothing.here", payload={})


RUNS: list[int] = []


@outbox_handler("tests.count")
def _count(*, n: int) -> None:
    RUNS.append(n)


def test_a_job_delivered_twice_runs_its_handler_once() -> None:
    RUNS.clear()
    with mock.patch("core.jobs.publish", return_value=False):  # not run on commit
        job = outbox_enqueue(task="tests.count", payload={"n": 7})
    outbox_run(job_id=job.pk)
    outbox_run(job_id=job.pk)  # the broker's redelivery and the sweeper's re-send
    assert RUNS == [7]
