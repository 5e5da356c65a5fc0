"""Player imports leave the request: the page and the API queue a job and answer at once (202
with the job's URL; the page follows its progress), at most 20,000 players a file, one import at
a time per person (409 ``import_running``); and one account creates at most
``EVENTS_PER_DAY_MAX`` events a day (429), site staff any number."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client
from django.utils import timezone

from tests.clients import api
from tournaments.models import Event, PlayerImport, Registration
from tournaments.selectors.imports import player_import_get_for_organiser
from tournaments.services.imports import _progress_set
from tournaments.services.registration import MAX_IMPORT_LINES

pytestmark = pytest.mark.django_db

API = "/api/v1"
CSV = b"name,player_id,email\nAoi,A1,aoi@example.org\nRen,A2,\n"


def _upload(data: bytes = CSV) -> SimpleUploadedFile:
    return SimpleUploadedFile("players.csv", data, content_type="text/csv")


def _post(client: Any, event: Event, data: bytes = CSV) -> Any:
    return client.post(
        f"{API}/events/{event.pk}/registrations/import/", {"file": _upload(data)},
        format="multipart",
    )  # fmt: skip


def test_the_page_queues_the_import_and_follows_it_to_its_result(
    make_event: Any, make_user: Any, django_capture_on_commit_callbacks: Any
) -> None:
    organiser = make_user()
    event = make_event(organiser=organiser)
    client = Client()
    client.force_login(organiser)
    with django_capture_on_commit_callbacks(execute=False) as waiting:
        response = client.post(f"/events/{event.pk}/manage/import/", {"file": _upload()})
    job = PlayerImport.objects.get()
    assert response.status_code == 302
    assert response["Location"] == f"/events/{event.pk}/imports/{job.pk}/"
    queued = client.get(response["Location"]).content.decode()
    assert "0 of 2 players entered" in queued
    assert 'hx-trigger="every 2s"' in queued  # it refreshes itself while it runs
    for callback in waiting:  # the worker's turn
        callback()
    done = client.get(response["Location"]).content.decode()
    assert "2 players entered." in done
    assert "hx-trigger" not in done
    assert Registration.objects.filter(event=event).count() == 2


def test_a_failed_import_names_its_lines_in_the_language_it_was_asked_in(
    make_event: Any, make_user: Any, django_capture_on_commit_callbacks: Any
) -> None:
    organiser = make_user()
    event = make_event(organiser=organiser)
    client = api(organiser)
    with django_capture_on_commit_callbacks(execute=True):
        accepted = client.post(
            f"{API}/events/{event.pk}/registrations/import/",
            {"file": _upload(b"name,player_id,email\n,A1,\n")},
            format="multipart", HTTP_ACCEPT_LANGUAGE="ja",
        )  # fmt: skip
    status = client.get(accepted["Location"]).json()
    assert status["status"] == "failed"
    assert status["problems"] == ["2行目: name が空です"]


def test_more_than_20000_players_is_a_400_naming_the_limit(make_event: Any, make_user: Any) -> None:
    organiser = make_user()
    event = make_event(organiser=organiser)
    rows = b"".join(b"P%d,,\n" % n for n in range(MAX_IMPORT_LINES + 1))
    response = _post(api(organiser), event, b"name,player_id,email\n" + rows)
    assert response.status_code == 400
    assert response.json()["code"] == "too_many_lines"
    assert "at most 20000" in response.json()["detail"]
    assert not PlayerImport.objects.exists()


def test_a_second_import_while_one_runs_is_a_409(
    make_event: Any, make_user: Any, django_capture_on_commit_callbacks: Any
) -> None:
    organiser = make_user()
    event = make_event(organiser=organiser)
    other = make_event(organiser=organiser, name="Second Open")
    client = api(organiser)
    with django_capture_on_commit_callbacks(execute=False):  # no worker has taken it yet
        assert _post(client, event).status_code == 202
    refused = _post(client, other)
    assert refused.status_code == 409
    assert refused.json()["code"] == "import_running"
    page = Client()
    page.force_login(organiser)
    refused_page = page.post(f"/events/{other.pk}/manage/import/", {"file": _upload()})
    assert refused_page.status_code == 409
    PlayerImport.objects.update(status=PlayerImport.Status.DONE)  # the first one ended
    assert _post(client, other).status_code == 202


def test_a_running_import_shows_how_many_players_it_has_entered(
    make_event: Any, make_user: Any, django_capture_on_commit_callbacks: Any
) -> None:
    organiser = make_user()
    event = make_event(organiser=organiser)
    with django_capture_on_commit_callbacks(execute=False):
        job_url = _post(api(organiser), event)["Location"]
    job = PlayerImport.objects.get()
    PlayerImport.objects.update(status=PlayerImport.Status.RUNNING)
    _progress_set(job.pk, 1)
    state = player_import_get_for_organiser(user=organiser, event_id=event.pk, import_id=job.pk)
    assert (state.done, state.percent) == (1, 50)
    assert api(organiser).get(job_url).json()["done"] == 1
    assert api(make_user()).get(job_url).status_code in (403, 404)  # not their event's


def test_an_account_creates_at_most_the_days_limit_of_events_and_staff_any(
    settings: Any, make_user: Any, make_event: Any
) -> None:
    settings.EVENTS_PER_DAY_MAX = 2
    person = make_user()
    make_event(organiser=person)
    old = make_event(organiser=person)
    client = api(person)
    body = {"name": "Third", "game": "zutomayo", "date": "2026-12-24"}
    refused = client.post(f"{API}/events/", body, format="json")
    assert refused.status_code == 429
    assert refused.json()["field"] == "event"
    assert "at most 2 events in 24 hours" in refused.json()["detail"]
    assert 0 < int(refused["Retry-After"]) <= 24 * 3600
    page = Client(HTTP_ACCEPT_LANGUAGE="ja")
    page.force_login(person)
    refused_page = page.post(
        "/events/new/",
        {"name": "Third", "game": "zutomayo", "date": "2026-12-24", "time_zone": "Asia/Tokyo",
         "top_cut": "0"},
    )  # fmt: skip
    assert refused_page.status_code == 429
    assert "24時間に作成できるイベントは2件まで" in refused_page.content.decode()
    a_day_ago = timezone.now() - dt.timedelta(days=1, seconds=1)
    Event.objects.filter(pk=old.pk).update(created_at=a_day_ago)
    assert client.post(f"{API}/events/", body, format="json").status_code == 201
    staff = make_user(is_staff=True)
    for _ in range(3):
        make_event(organiser=staff)
