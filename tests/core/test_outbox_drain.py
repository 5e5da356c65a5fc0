"""The outbox's drain (so a round end's jobs cost few messages): with a broker, an enqueue rings a
doorbell instead of sending one message per job; the worker claims the waiting jobs in batches, runs
a handler's batch form when it has one (the notifications: their in-site rows in one INSERT), and
runs each job exactly once, whoever else drains at the same moment."""

from __future__ import annotations

import threading
import time
from collections import Counter
from typing import Any
from unittest import mock

import pytest
from django.core import mail
from django.db import connection, transaction

from config.celery import _connections_as_per_request
from core import jobs, outbox
from core.models import AuditEntry, Notification, OutboxJob, Profile
from core.notifications.services import DELIVER, dedupe_key
from core.outbox import outbox_batch_handler, outbox_drain, outbox_enqueue, outbox_handler

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture(autouse=True)
def _mail_to_outbox(settings: Any) -> None:
    settings.MAILERS = {"default": {"BACKEND": "django.core.mail.backends.locmem.EmailBackend"}}


def _payload(recipient_id: int, kind: str = "registration_confirmed", key: str = "r7") -> Any:
    return {
        "recipient_id": recipient_id, "kind": kind, "object_key": key,
        "params": {"event": "Winter Open", "date": "2026-12-20"}, "url": "/events/3/",
        "event_id": 3, "base_url": "https://to.example.org",
    }  # fmt: skip


def _queued(*payloads: Any, task: str = DELIVER) -> list[OutboxJob]:
    """Job rows as an enqueue with a broker leaves them (nothing ran them yet)."""
    return [OutboxJob.objects.create(task=task, payload=p) for p in payloads]


def test_a_batch_of_notifications_is_delivered_once_each(make_user: Any) -> None:
    quiet = make_user("quiet")  # no address: in-site only
    mailed = make_user("mailed", email="mailed@example.org")
    muted = make_user("muted", email="muted@example.org")
    Profile.objects.update_or_create(
        user=muted, defaults={"muted_kinds": ["registration_confirmed"]}
    )
    gone = make_user("gone", is_active=False)
    done_before = make_user("before")
    Notification.objects.create(
        recipient=done_before, kind="registration_confirmed", url="/events/3/",
        dedupe_key=dedupe_key(recipient_id=done_before.pk, kind="registration_confirmed",
                              object_key="r7"),
    )  # fmt: skip
    _queued(
        _payload(quiet.pk), _payload(quiet.pk),  # the same thing twice: one notification
        _payload(mailed.pk), _payload(muted.pk), _payload(gone.pk), _payload(done_before.pk),
        _payload(quiet.pk, kind="no_such_kind"),
    )  # fmt: skip

    assert outbox_drain() == 7

    rows = Counter(Notification.objects.values_list("recipient__username", flat=True))
    assert rows == {"quiet": 1, "mailed": 1, "before": 1}
    assert [m.to for m in mail.outbox] == [["mailed@example.org"]]
    assert "https://to.example.org/events/3/" in mail.outbox[0].body
    assert set(OutboxJob.objects.values_list("status", flat=True)) == {"done"}
    assert set(OutboxJob.objects.values_list("attempts", flat=True)) == {1}
    audited = AuditEntry.objects.filter(action="core.notification.created")
    assert sorted(audited.values_list("data__recipient", flat=True)) == sorted(
        [quiet.pk, mailed.pk]
    )
    assert set(audited.values_list("event_id", flat=True)) == {3}

    assert outbox_drain() == 0  # nothing waits: nothing repeats
    assert len(mail.outbox) == 1
    assert Notification.objects.count() == 3


def test_a_job_that_failed_before_waits_for_the_sweeper(make_user: Any) -> None:
    alice = make_user("alice")
    [failed] = _queued(_payload(alice.pk))
    OutboxJob.objects.filter(pk=failed.pk).update(attempts=1, error="SMTPServerDisconnected")
    assert outbox_drain() == 0  # never retried in a loop by the drain
    assert OutboxJob.objects.get().status == "queued"


def test_the_drain_goes_on_batch_after_batch(make_user: Any) -> None:
    people = [make_user(f"p{n}") for n in range(5)]
    _queued(*[_payload(p.pk, key=f"k{p.pk}") for p in people])
    with mock.patch.object(outbox, "DRAIN_BATCH", 2):
        assert outbox_drain() == 5
    assert Notification.objects.count() == 5


def test_the_drain_rings_again_after_its_rounds(make_user: Any) -> None:
    people = [make_user(f"p{n}") for n in range(3)]
    _queued(*[_payload(p.pk, key=f"k{p.pk}") for p in people])
    with (
        mock.patch.object(outbox, "DRAIN_BATCH", 1),
        mock.patch.object(outbox, "DRAIN_ROUNDS", 2),
        mock.patch.object(outbox, "publish") as ring,
    ):
        assert outbox_drain() == 2  # two rounds of one, then it lets other tasks go first
    ring.assert_called_once_with(outbox.outbox_drain_task, wait=False)
    assert OutboxJob.objects.filter(status="queued").count() == 1


_CALLS: list[str] = []


@outbox_handler("tests.drain_echo")
def _echo(*, word: str) -> None:
    _CALLS.append(word)


@outbox_batch_handler("tests.drain_echo")
def _echo_many(payloads: list[dict[str, Any]]) -> list[int]:
    if any(p["word"] == "boom" for p in payloads):
        raise RuntimeError("the batch cannot take this one")
    _CALLS.extend(f"batch:{p['word']}" for p in payloads)
    return [n for n, p in enumerate(payloads) if p["word"].startswith("alone")]


def test_a_batch_leaves_some_jobs_to_their_own_handler() -> None:
    _CALLS.clear()
    _queued({"word": "a"}, {"word": "alone-b"}, {"word": "c"}, task="tests.drain_echo")
    assert outbox_drain() == 3
    assert _CALLS == ["batch:a", "batch:alone-b", "batch:c", "alone-b"]
    assert set(OutboxJob.objects.values_list("status", flat=True)) == {"done"}


def test_a_batch_that_raises_is_run_job_by_job() -> None:
    _CALLS.clear()
    _queued({"word": "a"}, {"word": "boom"}, task="tests.drain_echo")
    assert outbox_drain() == 2
    assert _CALLS == ["a", "boom"]  # each once, by its own handler
    assert set(OutboxJob.objects.values_list("status", flat=True)) == {"done"}


def test_with_a_broker_an_enqueue_rings_the_drain(settings: Any, make_user: Any) -> None:
    settings.CELERY_TASK_ALWAYS_EAGER = False
    alice = make_user("alice")
    with mock.patch.object(jobs, "publish_many") as sent:
        from django.db import transaction

        with transaction.atomic():
            outbox_enqueue(task=DELIVER, payload=_payload(alice.pk))
            outbox_enqueue(task=DELIVER, payload=_payload(alice.pk, key="r8"))
    [(items,), _kw] = sent.call_args
    assert [(task.name, args) for task, args, _ in items] == [
        ("core.outbox_drain", ()), ("core.outbox_drain", ()),
    ]  # fmt: skip
    assert OutboxJob.objects.filter(status="queued").count() == 2


class _Bell:
    """A stand-in task: records what the sender thread sends."""

    def __init__(self, name: str) -> None:
        self.name = name
        self.sent: list[tuple[object, ...]] = []

    def apply_async(self, args: tuple[object, ...], kwargs: dict[str, object], **_: Any) -> None:
        self.sent.append(args)


def test_the_sender_sends_the_rings_of_one_linger_as_one() -> None:
    bell, other = _Bell("tests.bell"), _Bell("tests.other")
    jobs.coalesced(bell)
    sender = jobs._Sender()
    sends = [jobs._Send(bell, (), {}) for _ in range(5)]
    sends.insert(2, jobs._Send(other, (7,), {}))
    for send in sends:
        sender.jobs.put(send)
    for send in sends:
        assert send.done.wait(5)
    assert bell.sent == [()]  # five rings, one message
    assert other.sent == [(7,)]  # a job of its own is sent as it is
    later = jobs._Send(bell, (), {})
    time.sleep(jobs.LINGER * 2)
    sender.jobs.put(later)
    assert later.done.wait(5)
    assert bell.sent == [(), ()]  # a ring after the message went rings again


def test_a_worker_closes_old_connections_around_each_task() -> None:
    task = mock.Mock()
    task.request.is_eager = False
    with mock.patch("config.celery.close_old_connections") as close:
        _connections_as_per_request(sender=task)
        task.request.is_eager = True  # run inside the caller's transaction: left alone
        _connections_as_per_request(sender=task)
    assert close.call_count == 1


@pytest.mark.postgres
def test_two_drains_at_once_never_share_a_job(make_user: Any) -> None:
    _CALLS.clear()
    _queued(*[{"word": f"w{n}"} for n in range(120)], task="tests.drain_echo")
    errors: list[BaseException] = []

    def drain() -> None:
        try:
            outbox_drain()
        except BaseException as exc:  # pragma: no cover - reported below
            errors.append(exc)
        finally:
            connection.close()

    threads = [threading.Thread(target=drain) for _ in range(3)]
    with mock.patch.object(outbox, "DRAIN_BATCH", 7):
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    assert errors == []
    words = Counter(word.removeprefix("batch:") for word in _CALLS)
    assert words == Counter(f"w{n}" for n in range(120))  # each exactly once
    assert set(OutboxJob.objects.values_list("status", flat=True)) == {"done"}


def test_at_exit_the_sends_handed_over_are_sent(monkeypatch: pytest.MonkeyPatch) -> None:
    bell = _Bell("tests.bell-at-exit")
    jobs.coalesced(bell)
    sender = jobs._Sender()
    monkeypatch.setattr(jobs, "_sender", sender)
    sender.jobs.put(jobs._Send(bell, (), {}))
    jobs._flush()  # what the interpreter runs at exit: waits out the linger
    assert bell.sent == [()]


@pytest.mark.postgres
def test_a_claim_reads_its_batch_in_order_from_the_index_not_the_whole_backlog() -> None:
    # a round end's backlog behind the drain, after a day of finished jobs
    OutboxJob.objects.bulk_create(
        [OutboxJob(task="tests.drain_echo", status="done", attempts=1) for _ in range(6000)]
        + [OutboxJob(task="tests.drain_echo", payload={"word": f"w{n}"}) for n in range(3000)]
    )
    with connection.cursor() as cursor:
        cursor.execute("ANALYZE core_outboxjob")
    with transaction.atomic():
        plan = outbox._claimable().explain()
    # the oldest 50 read in order from the claim index; no sort of the 3,000 waiting rows
    assert "core_outbox_claim_idx" in plan, plan
    assert "Sort" not in plan, plan
