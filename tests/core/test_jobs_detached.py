"""Long work leaves the request even without a broker: ``core.jobs.detach_on_commit`` runs the
job on a thread of its own under eager Celery (``make run``), so the request answers at once;
with a broker it is an ordinary ``publish_on_commit``."""

from __future__ import annotations

import threading
import time
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile

from core.jobs import detach_on_commit
from tests.clients import api
from tournaments.models import PlayerImport, Registration


class _Held:
    """A task that waits until released: it stands for long work."""

    name = "tests.held"

    def __init__(self) -> None:
        self.release = threading.Event()
        self.ran_on: list[str] = []

    def apply_async(self, args: tuple[object, ...], kwargs: dict[str, object], **_: Any) -> None:
        self.release.wait(10)
        self.ran_on.append(threading.current_thread().name)


def _job_threads() -> list[threading.Thread]:
    return [thread for thread in threading.enumerate() if thread.name.startswith("job ")]


@pytest.mark.django_db
def test_without_a_broker_the_job_runs_on_its_own_thread_and_the_caller_goes_on(
    settings: Any, django_capture_on_commit_callbacks: Any
) -> None:
    settings.CELERY_TASK_ALWAYS_EAGER = True
    settings.JOBS_DETACH_EAGER = True
    task = _Held()
    started = time.monotonic()
    with django_capture_on_commit_callbacks(execute=True):
        detach_on_commit(task, 7)
        assert _job_threads() == []  # nothing before the commit
    assert time.monotonic() - started < 1
    assert task.ran_on == []  # still running, elsewhere
    task.release.set()
    for thread in _job_threads():
        thread.join(10)
    assert task.ran_on == ["job tests.held"]


@pytest.mark.django_db(transaction=True)
def test_an_import_answers_before_its_job_ends_under_make_run(
    settings: Any, make_user: Any, make_event: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    settings.JOBS_DETACH_EAGER = True
    from tournaments.services.registration import registrations_import_csv as real

    release = threading.Event()

    def held(**kwargs: Any) -> Any:
        release.wait(10)
        return real(**kwargs)

    monkeypatch.setattr("tournaments.services.imports.registrations_import_csv", held)
    organiser = make_user()
    event = make_event(organiser=organiser)
    upload = SimpleUploadedFile("players.csv", b"name,player_id,email\nAoi,,\n", "text/csv")
    client = api(organiser)
    response = client.post(
        f"/api/v1/events/{event.pk}/registrations/import/", {"file": upload}, format="multipart"
    )
    assert response.status_code == 202
    assert client.get(response["Location"]).json()["status"] in ("queued", "running")
    release.set()
    for thread in _job_threads():
        thread.join(10)
    assert PlayerImport.objects.get().status == PlayerImport.Status.DONE
    assert Registration.objects.filter(event=event).count() == 1
