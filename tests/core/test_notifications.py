"""Notifications: delivered once per (recipient, kind, object),
emailed at most once even when the task runs again or retries after an SMTP error, switched off
per kind, written in the recipient's language, enqueued only on commit; the due reminders'
schedule and command; the pages and the API, per kind of person."""

from __future__ import annotations

import smtplib
from collections.abc import Callable
from typing import Any
from unittest import mock

import pytest
from django.core import mail
from django.core.management import call_command
from django.test import Client

from config.celery import app as celery_app
from core.models import AuditEntry, Notification, Profile
from core.notifications import kinds
from core.notifications.services import (
    notification_deliver,
    notification_deliver_task,
    notification_send,
    notification_settings_update,
    notifications_mark_read,
)
from tests.clients import api

pytestmark = pytest.mark.django_db

KIND = "registration_confirmed"  # registered by tournaments/notifications/players.py


@pytest.fixture(autouse=True)
def _mail_to_outbox(settings: Any) -> None:
    """Mail to ``django.core.mail.outbox`` (Django 6.1's MAILERS; the project's own mail
    settings come from the accounts work)."""
    settings.MAILERS = {"default": {"BACKEND": "django.core.mail.backends.locmem.EmailBackend"}}


def _payload(recipient_id: int, **overrides: Any) -> dict[str, Any]:
    payload: dict[str, Any] = {
        "recipient_id": recipient_id,
        "kind": KIND,
        "object_key": "registration7",
        "params": {"event": "Winter Open", "date": "2026-12-20"},
        "url": "/events/3/",
        "event_id": None,
        "base_url": "https://to.example.org",
    }
    return payload | overrides


@pytest.fixture
def alice(make_user: Callable[..., Any]) -> Any:
    user = make_user("alice", email="alice@example.org")
    Profile.objects.update_or_create(user=user, defaults={"language": "en"})
    return user


def test_the_task_run_twice_makes_one_row_and_one_mail(alice: Any) -> None:
    notification_deliver_task.apply(kwargs=_payload(alice.pk))
    notification_deliver_task.apply(kwargs=_payload(alice.pk))

    rows = Notification.objects.filter(recipient=alice)
    assert rows.count() == 1
    row = rows.get()
    assert row.dedupe_key == f"{alice.pk}:{KIND}:registration7"
    assert row.emailed_at is not None
    assert len(mail.outbox) == 1
    assert mail.outbox[0].to == ["alice@example.org"]
    assert mail.outbox[0].subject == "Registration confirmed: Winter Open"
    body = mail.outbox[0].body
    assert "You are registered for Winter Open on 2026-12-20." in body
    # The link is absolute, from the address captured when enqueuing, never localhost.
    assert "https://to.example.org/events/3/" in body
    assert "https://to.example.org/notifications/settings/" in body


def test_a_retry_after_an_smtp_error_sends_once(alice: Any) -> None:
    sent: list[str] = []
    failures = [smtplib.SMTPServerDisconnected("connection lost")]

    def flaky_send(subject: str, *args: Any, **kwargs: Any) -> int:
        if failures:
            raise failures.pop()
        sent.append(subject)
        return 1

    with mock.patch("core.notifications.services.send_mail", side_effect=flaky_send) as send:
        # Celery retries the task on the SMTP error (eagerly here: the retry runs at once).
        notification_deliver_task.apply(kwargs=_payload(alice.pk), throw=False)
        assert send.call_count == 2
        # A redelivery of the same message afterwards sends nothing.
        notification_deliver_task.apply(kwargs=_payload(alice.pk))
        assert send.call_count == 2
    assert sent == ["Registration confirmed: Winter Open"]
    assert Notification.objects.get(recipient=alice).emailed_at is not None


def test_an_smtp_error_leaves_the_row_unmailed_for_the_retry(alice: Any) -> None:
    with (
        mock.patch(
            "core.notifications.services.send_mail", side_effect=smtplib.SMTPException("down")
        ),
        pytest.raises(smtplib.SMTPException),
    ):
        notification_deliver(**_payload(alice.pk))
    row = Notification.objects.get(recipient=alice)
    assert row.emailed_at is None  # the retry will send it
    notification_deliver(**_payload(alice.pk))
    assert len(mail.outbox) == 1
    assert Notification.objects.filter(recipient=alice).count() == 1


def test_a_muted_kind_is_neither_listed_nor_mailed(alice: Any) -> None:
    Profile.objects.filter(user=alice).update(muted_kinds=[KIND])
    assert notification_deliver(**_payload(alice.pk)) is None
    assert not Notification.objects.exists()
    assert mail.outbox == []
    # Another kind still arrives.
    notification_deliver(
        **_payload(alice.pk, kind="announcement", params={"event": "E", "text": "Hi"})
    )
    assert list(Notification.objects.values_list("kind", flat=True)) == ["announcement"]


def test_a_japanese_recipient_gets_japanese_subject_and_body(
    make_user: Callable[..., Any],
) -> None:
    hana = make_user("hana", email="hana@example.org")
    Profile.objects.update_or_create(user=hana, defaults={"language": "ja"})
    notification_deliver(**_payload(hana.pk))
    message = mail.outbox[0]
    assert message.subject == "参加登録が完了しました：Winter Open"
    assert "2026-12-20開催のWinter Openへの参加登録が完了しました。" in message.body
    assert "受け取るお知らせの設定" in message.body


def test_without_a_profile_the_site_language_is_used(make_user: Callable[..., Any]) -> None:
    bob = make_user("bob", email="bob@example.org")
    notification_deliver(**_payload(bob.pk))
    assert mail.outbox[0].subject == "Registration confirmed: Winter Open"


def test_a_per_language_parameter_follows_the_recipient(make_user: Callable[..., Any]) -> None:
    hana = make_user("hana", email="hana@example.org")
    Profile.objects.update_or_create(user=hana, defaults={"language": "ja"})
    notification_deliver(
        **_payload(
            hana.pk,
            kind="judge_decision",
            object_key="report1",
            params={
                "event": "E",
                "round": 2,
                "table": 5,
                "score": {"en": "a double loss", "ja": "両者敗北"},
            },
        )
    )
    assert "両者敗北" in mail.outbox[0].body


def test_no_email_address_means_in_site_only(make_user: Callable[..., Any]) -> None:
    carol = make_user("carol")
    row = notification_deliver(**_payload(carol.pk))
    assert row is not None
    assert row.emailed_at is None
    assert mail.outbox == []


def test_send_enqueues_only_on_commit(alice: Any, django_capture_on_commit_callbacks: Any) -> None:
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        notification_send(
            recipient_id=alice.pk,
            kind=KIND,
            object_key="registration7",
            params={"event": "Winter Open", "date": "2026-12-20"},
            url="/events/3/",
        )
        assert not Notification.objects.exists()  # nothing happens inside the transaction
    assert len(callbacks) == 1
    assert mail.outbox == []
    callbacks[0]()
    assert Notification.objects.filter(recipient=alice, kind=KIND).count() == 1
    assert len(mail.outbox) == 1


def test_send_refuses_an_unknown_kind(alice: Any) -> None:
    with pytest.raises(ValueError, match="unknown notification kind"):
        notification_send(recipient_id=alice.pk, kind="nope", object_key="x", params={}, url="")


def test_mark_read_touches_only_ones_own(alice: Any, make_user: Callable[..., Any]) -> None:
    other = make_user("other")
    mine = notification_deliver(**_payload(alice.pk))
    theirs = notification_deliver(**_payload(other.pk))
    assert mine is not None
    assert theirs is not None
    assert notifications_mark_read(user=alice, ids=[mine.pk, theirs.pk]) == 1
    mine.refresh_from_db()
    theirs.refresh_from_db()
    assert mine.read_at is not None
    assert theirs.read_at is None
    assert AuditEntry.objects.filter(action="core.notification.read", actor=alice).exists()


def test_settings_switch_kinds_off_and_on(alice: Any) -> None:
    every = [kind.kind for kind in kinds()]
    profile = notification_settings_update(user=alice, enabled=[k for k in every if k != KIND])
    assert profile.muted_kinds == [KIND]
    profile = notification_settings_update(user=alice, enabled=every)
    assert profile.muted_kinds == []


def test_beat_schedule_runs_the_due_task() -> None:
    entries = celery_app.conf.beat_schedule.values()
    assert "core.notifications_send_due" in {entry["task"] for entry in entries}
    assert "core.notifications_send_due" in celery_app.tasks


def test_the_command_sends_due_reminders(make_user: Callable[..., Any]) -> None:
    # The reminders themselves are tested in tests/tournaments/test_notifications.py.
    out: list[str] = []
    with mock.patch("sys.stdout.write", side_effect=out.append):
        call_command("send_due_notifications")
    assert any("due notification" in line for line in out)


# --- pages ------------------------------------------------------------------------------------


def _logged_in(user: Any) -> Client:
    client = Client()
    client.force_login(user)
    return client


def test_pages_need_a_login() -> None:
    for path in ("/notifications/", "/notifications/settings/"):
        response = Client().get(path)
        assert response.status_code == 302
        assert "/accounts/login/" in response["Location"]
    assert Client().post("/notifications/read/").status_code == 302


def test_the_list_shows_ones_own_newest_first_and_marks_all_read(
    alice: Any, make_user: Callable[..., Any]
) -> None:
    other = make_user("other")
    notification_deliver(
        **_payload(alice.pk, object_key="a", params={"event": "First", "date": "d"})
    )
    notification_deliver(
        **_payload(alice.pk, object_key="b", params={"event": "Second", "date": "d"})
    )
    notification_deliver(
        **_payload(other.pk, object_key="c", params={"event": "Secret", "date": "d"})
    )
    client = _logged_in(alice)
    page = client.get("/notifications/").content.decode()
    assert page.index("Second") < page.index("First")
    assert "Secret" not in page
    assert page.count('class="notification unread"') == 2
    assert 'href="/events/3/"' in page
    # The header's unread count.
    assert 'class="badge count"' in page
    assert ">2</span>" in page

    response = client.post("/notifications/read/")
    assert response.status_code == 302
    page = client.get("/notifications/").content.decode()
    assert 'class="notification unread"' not in page
    assert 'class="badge count"' not in page
    assert Notification.objects.get(dedupe_key=f"{other.pk}:{KIND}:c").read_at is None


def test_mark_one_read_and_a_bad_id(alice: Any) -> None:
    first = notification_deliver(**_payload(alice.pk, object_key="a"))
    second = notification_deliver(**_payload(alice.pk, object_key="b"))
    assert first is not None
    assert second is not None
    client = _logged_in(alice)
    assert client.post("/notifications/read/", {"id": first.pk}).status_code == 302
    assert Notification.objects.get(pk=first.pk).read_at is not None
    assert Notification.objects.get(pk=second.pk).read_at is None
    assert client.post("/notifications/read/", {"id": "x"}).status_code == 400


def test_the_list_in_japanese(make_user: Callable[..., Any]) -> None:
    hana = make_user("hana")
    notification_deliver(**_payload(hana.pk))
    client = _logged_in(hana)
    client.cookies["django_language"] = "ja"
    page = client.get("/notifications/").content.decode()
    assert "参加登録が完了しました：Winter Open" in page
    assert "すべて既読にする" in page


def test_the_header_count_costs_one_query_for_people_and_none_for_anonymous(
    alice: Any, django_assert_num_queries: Any
) -> None:
    from django.template import RequestContext, Template
    from django.test import RequestFactory

    from core.notifications.context_processors import unread_notifications

    notification_deliver(**_payload(alice.pk))
    request = RequestFactory().get("/")
    request.user = alice
    template = Template("{{ unread_notifications }} {% if unread_notifications %}x{% endif %}")
    with django_assert_num_queries(1):
        rendered = template.render(RequestContext(request, {}, [unread_notifications]))
    assert rendered == "1 x"
    from django.contrib.auth.models import AnonymousUser

    request.user = AnonymousUser()
    with django_assert_num_queries(0):
        rendered = template.render(RequestContext(request, {}, [unread_notifications]))
    assert rendered == "0 "


def test_settings_page_switches_a_kind_off(alice: Any) -> None:
    client = _logged_in(alice)
    page = client.get("/notifications/settings/").content.decode()
    assert page.count('type="checkbox"') >= len(kinds()) + 1  # + the menu toggle
    assert f'value="{KIND}"' in page
    assert "checked" in page
    every = [kind.kind for kind in kinds()]
    response = client.post("/notifications/settings/", {"kinds": [k for k in every if k != KIND]})
    assert response.status_code == 302
    assert Profile.objects.get(user=alice).muted_kinds == [KIND]
    assert client.post("/notifications/settings/", {"kinds": ["nope"]}).status_code == 400
    assert Profile.objects.get(user=alice).muted_kinds == [KIND]


# --- API --------------------------------------------------------------------------------------


def test_api_lists_ones_own(alice: Any, make_user: Callable[..., Any]) -> None:
    other = make_user("other")
    notification_deliver(**_payload(alice.pk))
    notification_deliver(**_payload(other.pk))
    response = api(alice).get("/api/v1/notifications/")
    assert response.status_code == 200
    results = response.json()["results"]
    assert [row["kind"] for row in results] == [KIND]
    assert results[0]["title"] == "Registration confirmed: Winter Open"
    assert results[0]["read"] is False
    assert results[0]["url"] == "/events/3/"


def test_api_needs_a_login() -> None:
    response = api().get("/api/v1/notifications/")
    assert response.status_code in (401, 403)
    assert set(response.json()) >= {"code", "detail", "field"}


def test_api_marks_read(alice: Any, make_user: Callable[..., Any]) -> None:
    mine = notification_deliver(**_payload(alice.pk, object_key="a"))
    notification_deliver(**_payload(alice.pk, object_key="b"))
    theirs = notification_deliver(**_payload(make_user("other").pk))
    assert mine is not None
    assert theirs is not None
    client = api(alice)
    response = client.post(
        "/api/v1/notifications/read/", {"ids": [mine.pk, theirs.pk]}, format="json"
    )
    assert response.status_code == 200
    assert response.json() == {"marked": 1}
    response = client.post("/api/v1/notifications/read/", {}, format="json")
    assert response.json() == {"marked": 1}
    assert Notification.objects.get(pk=theirs.pk).read_at is None


def test_api_mark_read_bad_input_has_the_error_shape(alice: Any) -> None:
    response = api(alice).post("/api/v1/notifications/read/", {"ids": ["x"]}, format="json")
    assert response.status_code == 400
    body = response.json()
    assert body["field"] == "ids.0"
    assert body["code"] == "invalid"


def test_the_list_page_and_api_do_not_grow_with_the_notifications(
    alice: Any, django_assert_max_num_queries: Any
) -> None:
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    def queries(path: str, client: Any) -> int:
        with CaptureQueriesContext(connection) as captured:
            assert client.get(path).status_code == 200
        return len(captured)

    page, rest = _logged_in(alice), api(alice)
    for index in range(3):
        notification_deliver(**_payload(alice.pk, object_key=f"few{index}"))
    few = (queries("/notifications/", page), queries("/api/v1/notifications/", rest))
    for index in range(30):
        notification_deliver(**_payload(alice.pk, object_key=f"many{index}"))
    many = (queries("/notifications/", page), queries("/api/v1/notifications/", rest))
    assert many == few
    # The page: session, user, the count for the pager, the page of rows, the header count.
    with django_assert_max_num_queries(5):
        page.get("/notifications/")
