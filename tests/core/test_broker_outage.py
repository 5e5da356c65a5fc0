"""The broker goes away while jobs are asked for, and no job is lost, on a private stack
(benchmarks/stack.py: its own PostgreSQL, redis-server and a real Celery worker).

With the broker stopped, a PDF, a decklist re-check and a notification are asked for: each
request returns (publishing waits one second at most) and leaves its job row queued. The broker
comes back empty (no persistence: whatever it held is lost), the sweeper (``manage.py
sweep_jobs``) sends the rows again, the worker runs them, and each job has run exactly once:
done after one attempt, one notification row; sweeping again changes nothing.
"""

from __future__ import annotations

import json
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.conftest import SERVICES_REQUIRED

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "benchmarks"))
from stack import ROOT, Stack

pytestmark = [pytest.mark.redis, pytest.mark.postgres]

ASK = r"""
import datetime as dt, json, time
import django
django.setup()
from django.contrib.auth import get_user_model
from tournaments.models import Event
from tournaments.services import (
    event_create, print_job_request, registration_create, round_pair, round_start,
)
from tournaments.services.decklists import decklist_recheck_start
from tournaments.services.registration import registration_check_in
from core.notifications.services import notification_send
User = get_user_model()
organiser = User.objects.create_user(username="outage-organiser", email="o@example.org")
event = event_create(
    name="Outage Open", game_slug="zutomayo", date=dt.date(2027, 1, 10), created_by=organiser
)
Event.objects.filter(pk=event.pk).update(status=Event.Status.REGISTRATION_OPEN)
event.refresh_from_db()
for n in range(4):
    user = User.objects.create_user(username=f"outage{n}")
    registration = registration_create(event=event, user=user, display_name=f"P{n}", by=organiser)
    registration_check_in(registration_id=registration.pk, by=organiser)
round_obj = round_pair(event_id=event.pk, by=organiser, seed=7, unlisted="pair")  # no lists here
round_start(round_id=round_obj.pk, by=organiser)
seconds = {}
started = time.monotonic()
job = print_job_request(event_id=event.pk, kind="pairings_by_table", by=organiser,
                        base_url="https://to.example.org")
seconds["pdf"] = time.monotonic() - started
started = time.monotonic()
recheck = decklist_recheck_start(event_id=event.pk, requested_by=organiser)
seconds["recheck"] = time.monotonic() - started
started = time.monotonic()
notification_send(recipient_id=organiser.pk, kind="registration_confirmed",
                  object_key="outage", params={"event": "Outage Open", "date": "2027-01-10"},
                  url="/events/")
seconds["notification"] = time.monotonic() - started
print(json.dumps({"print": job.pk, "recheck": recheck.pk, "user": organiser.pk,
                  "seconds": seconds}))
"""

STATE = r"""
import json, sys
import django
django.setup()
from core.models import Notification, OutboxJob
from tournaments.models import DecklistRecheck, PrintJob

ids = json.loads(sys.argv[1])
def row(model, pk):
    return list(model.objects.filter(pk=pk).values_list("status", "attempts").get())
print(json.dumps({
    "print": row(PrintJob, ids["print"]),
    "recheck": row(DecklistRecheck, ids["recheck"]),
    "outbox": [list(r) for r in OutboxJob.objects.order_by("pk").values_list("status", "attempts")],
    "notifications": Notification.objects.filter(recipient_id=ids["user"]).count(),
    "emailed": Notification.objects.filter(
        recipient_id=ids["user"], emailed_at__isnull=False).count(),
}))
"""


REDELIVER = r"""
import json, sys
import django
django.setup()
from core.models import OutboxJob
from core.outbox import outbox_run_task
from tournaments.services.decklists import decklist_recheck_run_task
from tournaments.services.printing import print_job_render_task

ids = json.loads(sys.argv[1])
print_job_render_task.delay(ids["print"])
decklist_recheck_run_task.delay(ids["recheck"])
for pk in OutboxJob.objects.values_list("pk", flat=True):
    outbox_run_task.delay(pk)
print("{}")
"""


def _python(stack: Stack, script: str, *args: str) -> dict[str, object]:
    done = subprocess.run(
        [sys.executable, "-c", script, *args],
        cwd=ROOT, env=stack.env, capture_output=True, text=True, check=False, timeout=120,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr[-3000:]
    result: dict[str, object] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


@pytest.fixture
def stack() -> Iterator[Stack]:
    if not Stack.available():
        if SERVICES_REQUIRED:
            pytest.fail("REQUIRE_SERVICES=1 but redis-server or PostgreSQL's binaries are absent")
        pytest.skip("needs redis-server and PostgreSQL's binaries for a private stack")
    with Stack(workers=1, extra_env={"JOB_RESEND_SECONDS": "1"}) as running:
        yield running


def test_jobs_asked_for_while_the_broker_is_down_run_once_when_it_is_back(stack: Stack) -> None:
    stack.kill("redis")
    ids = _python(stack, ASK)
    seconds = ids.pop("seconds")
    assert isinstance(seconds, dict)
    assert all(value < 3 for value in seconds.values()), seconds  # 1 s bound (+ the write)
    state = _python(stack, STATE, json.dumps(ids))
    assert state["print"] == ["queued", 0]
    assert state["recheck"] == ["queued", 0]
    outbox = state["outbox"]
    assert isinstance(outbox, list)
    assert outbox  # the notification (and the registrations' own)
    assert all(row == ["queued", 0] for row in outbox), outbox

    stack.restart("redis")
    done = {"print": ["done", 1], "recheck": ["done", 1], "outbox": [["done", 1]] * len(outbox)}
    deadline = time.monotonic() + 40
    while time.monotonic() < deadline:
        stack.manage("sweep_jobs")
        time.sleep(1.5)
        state = _python(stack, STATE, json.dumps(ids))
        if all(state[key] == value for key, value in done.items()):
            break
    assert {key: state[key] for key in done} == done, stack.log("celery")[-3000:]
    assert (state["notifications"], state["emailed"]) == (1, 1)

    # sweeping again (nothing queued) and a second delivery of every job change nothing
    stack.manage("sweep_jobs")
    _python(stack, REDELIVER, json.dumps(ids))
    time.sleep(2)
    again = _python(stack, STATE, json.dumps(ids))
    assert again == state
