"""allauth's mails go through the outbox: a mail server that refuses or never answers does not
break sign-up, a password reset or an e-mail change; the page says the mail is on its way, the
mail is written in the recipient's language, and the worker sends it once the server answers.

The mail servers here are real sockets on free loopback ports: one that accepts (a few lines of
SMTP), one that refuses (a port nobody listens on) and one that takes the connection and never
says a word (the client's time-out)."""

from __future__ import annotations

import contextlib
import socket
import socketserver
import threading
import time
from collections.abc import Iterator
from typing import Any

import pytest
from allauth.account.models import EmailAddress
from django.test import Client

from core.account_mail import ACCOUNT_MAIL
from core.models import OutboxJob, Profile
from core.outbox import outbox_run

pytestmark = pytest.mark.django_db

PASSWORD = "a-Long-passphrase-42"
SIGNUP = "/accounts/signup/"


class _Smtp(socketserver.StreamRequestHandler):
    """Just enough SMTP for smtplib: every command is accepted; each message's text is kept."""

    def handle(self) -> None:
        server: _Server = self.server  # type: ignore[assignment]  # it is always ours
        self.wfile.write(b"220 test ready\r\n")
        while line := self.rfile.readline():
            command = line[:4].upper()
            if command in (b"EHLO", b"HELO"):
                self.wfile.write(b"250 test\r\n")
            elif command == b"DATA":
                self.wfile.write(b"354 go on\r\n")
                lines = []
                while (part := self.rfile.readline()) not in (b".\r\n", b""):
                    lines.append(part)
                server.received.append(b"".join(lines).decode("utf-8", "replace"))
                self.wfile.write(b"250 kept\r\n")
            elif command == b"QUIT":
                self.wfile.write(b"221 bye\r\n")
                return
            else:
                self.wfile.write(b"250 ok\r\n")


class _Silent(socketserver.BaseRequestHandler):
    """Takes the connection and says nothing until the client gives up."""

    def handle(self) -> None:
        self.request.settimeout(5)
        with contextlib.suppress(OSError):
            self.request.recv(1)


class _Server(socketserver.ThreadingTCPServer):
    daemon_threads = True
    allow_reuse_address = True

    def __init__(self, handler: type[socketserver.BaseRequestHandler]) -> None:
        super().__init__(("127.0.0.1", 0), handler)
        self.received: list[str] = []

    @property
    def port(self) -> int:
        return int(self.server_address[1])


def _serving(handler: type[socketserver.BaseRequestHandler]) -> Iterator[_Server]:
    server = _Server(handler)
    thread = threading.Thread(target=server.serve_forever, args=(0.05,), daemon=True)
    thread.start()
    try:
        yield server
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture
def accepting() -> Iterator[_Server]:
    yield from _serving(_Smtp)


@pytest.fixture
def silent() -> Iterator[_Server]:
    yield from _serving(_Silent)


@pytest.fixture
def refusing_port() -> int:
    """A loopback port nobody listens on (bound, then let go)."""
    probe = socket.socket()
    probe.bind(("127.0.0.1", 0))
    port = int(probe.getsockname()[1])
    probe.close()
    return port


def _smtp_at(settings: Any, port: int) -> None:
    settings.MAILERS = {
        "default": {
            "BACKEND": "django.core.mail.backends.smtp.EmailBackend",
            "OPTIONS": {"host": "127.0.0.1", "port": port, "timeout": 0.5},
        }
    }


def _sign_up(capture: Any, client: Client, name: str) -> Any:
    with capture(execute=True):  # the transaction commits: the outbox tries to send
        return client.post(
            SIGNUP,
            {"email": f"{name}@example.org", "username": name, "password1": PASSWORD,
             "password2": PASSWORD},
            follow=True,
        )  # fmt: skip


def _mail_job() -> OutboxJob:
    [job] = OutboxJob.objects.filter(task=ACCOUNT_MAIL)
    return job


def test_sign_up_with_a_refusing_mail_server_says_the_mail_is_on_its_way_and_sends_it_later(
    settings: Any, refusing_port: int, accepting: _Server, django_capture_on_commit_callbacks: Any
) -> None:
    _smtp_at(settings, refusing_port)
    page = _sign_up(django_capture_on_commit_callbacks, Client(), "aoi")
    assert page.status_code == 200
    assert "is on its way" in page.content.decode()
    job = _mail_job()
    assert job.status == OutboxJob.Status.QUEUED  # kept for the next attempt
    assert "Connection" in job.error
    assert "Refused" in job.error
    _smtp_at(settings, accepting.port)  # the server is back: the worker's next attempt sends it
    assert outbox_run(job_id=job.pk).status == OutboxJob.Status.DONE  # type: ignore[union-attr]
    [sent] = accepting.received
    assert "aoi@example.org" in sent
    assert "/accounts/confirm-email/" in sent


def test_sign_up_with_a_mail_server_that_never_answers_still_answers(
    settings: Any, silent: _Server, django_capture_on_commit_callbacks: Any
) -> None:
    _smtp_at(settings, silent.port)
    started = time.monotonic()
    page = _sign_up(django_capture_on_commit_callbacks, Client(), "ren")
    assert time.monotonic() - started < 5  # the mailer's time-out, not a hung page
    assert page.status_code == 200
    assert "is on its way" in page.content.decode()
    job = _mail_job()
    assert job.status == OutboxJob.Status.QUEUED
    assert "timed out" in job.error


def test_a_password_reset_is_written_in_the_recipients_language(
    make_user: Any, django_capture_on_commit_callbacks: Any
) -> None:
    from django.core import mail

    user = make_user("kei", password=PASSWORD, email="kei@example.org")
    EmailAddress.objects.create(user=user, email=user.email, verified=True, primary=True)
    Profile.objects.update_or_create(user=user, defaults={"language": "ja"})
    with django_capture_on_commit_callbacks(execute=True):
        page = Client(HTTP_ACCEPT_LANGUAGE="en").post(
            "/accounts/password/reset/", {"email": "kei@example.org"}, follow=True
        )
    assert page.status_code == 200
    assert "is on its way" in page.content.decode()  # the page in the page's language
    [sent] = mail.outbox
    assert "パスワード" in str(sent.subject) + str(sent.body)  # the mail in the person's


def test_an_email_change_with_a_refusing_mail_server_says_the_mail_is_on_its_way(
    settings: Any, refusing_port: int, make_user: Any, django_capture_on_commit_callbacks: Any
) -> None:
    user = make_user("mei", password=PASSWORD, email="mei@example.org")
    EmailAddress.objects.create(user=user, email=user.email, verified=True, primary=True)
    client = Client()
    client.force_login(user)
    _smtp_at(settings, refusing_port)
    with django_capture_on_commit_callbacks(execute=True):
        page = client.post(
            "/accounts/email/", {"action_add": "", "email": "mei2@example.org"}, follow=True
        )
    assert page.status_code == 200
    assert "A mail to verify mei2@example.org is on its way." in page.content.decode()
    assert "Refused" in _mail_job().error
