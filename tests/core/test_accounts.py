"""Accounts with django-allauth: sign-up with email verification, log-in by username or email,
password reset, the one failed-login limiter on every way in, the admin's log-in, the mail file
backend and the settings that choose mail and social providers."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import pytest
from allauth.account.models import EmailAddress
from django.contrib.auth import get_user_model
from django.core import mail
from django.core.mail import EmailMessage
from django.http import HttpResponse
from django.test import Client, RequestFactory
from django.utils import timezone
from rest_framework.test import APIClient

from config.env import EnvError, mailers_from_env, social_providers
from core.mail import MailFileBackend, first_link
from core.models import Profile
from core.time_zones import PersonTimeZoneMiddleware

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _any_host(settings: Any) -> None:
    settings.ALLOWED_HOSTS = ["cards.example.org", "testserver"]


LOGIN = "/accounts/login/"
SIGNUP = "/accounts/signup/"
ADMIN_LOGIN = "/admin/login/"
TOKEN = "/api/v1/auth/token/"
PASSWORD = "a-Long-passphrase-42"
HOST = "cards.example.org"
LINK = re.compile(r"https?://\S+")


def _verified(make_user: Any, username: str, email: str, **extra: Any) -> Any:
    user = make_user(username, password=PASSWORD, email=email, **extra)
    EmailAddress.objects.create(user=user, email=email, verified=True, primary=True)
    return user


def _login(client: Client, login: str, password: str, path: str = LOGIN) -> Any:
    return client.post(path, {"login": login, "password": password})


def _logged_in(client: Client) -> bool:
    return "_auth_user_id" in client.session


# --- sign-up and email verification -----------------------------------------------------------


def test_sign_up_mails_a_link_on_the_requests_host_and_verifying_it_logs_in(
    django_capture_on_commit_callbacks: Any,
) -> None:
    client = Client(HTTP_HOST=HOST)
    with django_capture_on_commit_callbacks(execute=True):  # the outbox sends it on commit
        response = client.post(
            SIGNUP,
            {
                "email": "aoi@example.org",
                "username": "aoi",
                "password1": PASSWORD,
                "password2": PASSWORD,
            },
        )
    assert response.status_code == 302
    assert response["Location"] == "/accounts/confirm-email/"
    assert not _logged_in(client)
    assert len(mail.outbox) == 1
    assert mail.outbox[0].to == ["aoi@example.org"]
    link = LINK.findall(str(mail.outbox[0].body))[0]
    assert link.startswith(f"http://{HOST}/accounts/confirm-email/")
    assert "localhost" not in link
    assert "127.0.0.1" not in link

    path = link.removeprefix(f"http://{HOST}")
    assert client.get(path).status_code == 200  # the confirmation page
    confirmed = client.post(path)
    assert confirmed.status_code == 302
    assert EmailAddress.objects.get(email="aoi@example.org").verified
    assert _logged_in(client)


def test_an_unverified_sign_up_cannot_log_in(client: Client) -> None:
    client.post(
        SIGNUP,
        {
            "email": "ren@example.org",
            "username": "ren",
            "password1": PASSWORD,
            "password2": PASSWORD,
        },
    )
    response = _login(client, "ren", PASSWORD)
    assert response.status_code == 302
    assert response["Location"] == "/accounts/confirm-email/"
    assert not _logged_in(client)


def test_log_in_by_username_or_by_email(client: Client, make_user: Any) -> None:
    _verified(make_user, "aoi", "aoi@example.org")
    assert _login(client, "aoi", PASSWORD).status_code == 302
    assert _logged_in(client)
    client.logout()
    assert _login(client, "AOI@example.org", PASSWORD).status_code == 302
    assert _logged_in(client)


def test_an_account_made_before_sign_up_logs_in_with_its_password(
    client: Client, make_user: Any
) -> None:
    """Accounts made by commands, imports or the demo have no email address on file."""
    make_user("desk-made", password=PASSWORD)
    response = _login(client, "desk-made", PASSWORD)
    assert response.status_code == 302
    assert _logged_in(client)


def test_password_reset_mails_a_link_on_the_requests_host(
    make_user: Any, django_capture_on_commit_callbacks: Any
) -> None:
    _verified(make_user, "aoi", "aoi@example.org")
    client = Client(HTTP_HOST=HOST)
    with django_capture_on_commit_callbacks(execute=True):  # the outbox sends it on commit
        response = client.post("/accounts/password/reset/", {"email": "aoi@example.org"})
    assert response.status_code == 302
    link = LINK.findall(str(mail.outbox[0].body))[0]
    assert link.startswith(f"http://{HOST}/accounts/password/reset/key/")
    form_page = client.get(link.removeprefix(f"http://{HOST}"), follow=True)
    assert form_page.status_code == 200
    new = "another-Long-pass-77"
    done = client.post(form_page.redirect_chain[-1][0], {"password1": new, "password2": new})
    assert done.status_code == 302
    assert get_user_model().objects.get(username="aoi").check_password(new)


def test_the_preferred_language_applies_after_log_in(client: Client, make_user: Any) -> None:
    user = _verified(make_user, "aoi", "aoi@example.org")
    Profile.objects.update_or_create(
        user=user, defaults={"language": "ja", "time_zone": "Europe/Paris"}
    )
    response = _login(client, "aoi", PASSWORD)
    assert response.cookies["django_language"].value == "ja"
    assert client.session["person_time_zone"] == "Europe/Paris"
    page = client.get("/accounts/profile/").content.decode()
    assert 'lang="ja"' in page


def test_a_language_chosen_on_this_device_stays_after_log_in(
    client: Client, make_user: Any
) -> None:
    """Every account has a profile language (its mail's); a person who switched this device to
    English keeps English pages after log-in."""
    user = _verified(make_user, "aoi", "aoi@example.org")
    Profile.objects.update_or_create(user=user, defaults={"language": "ja"})
    client.cookies["django_language"] = "en"
    response = _login(client, "aoi", PASSWORD)
    assert "django_language" not in response.cookies
    page = client.get("/accounts/profile/").content.decode()
    assert 'lang="en"' in page


def test_the_header_offers_log_in_and_sign_up_then_my_account(
    client: Client, make_user: Any
) -> None:
    page = client.get("/").content.decode()
    assert 'href="/accounts/login/"' in page
    assert 'href="/accounts/signup/"' in page
    client.force_login(make_user("aoi"))
    page = client.get("/").content.decode()
    assert 'href="/accounts/profile/"' in page
    assert 'href="/me/events/"' in page
    assert 'href="/accounts/signup/"' not in page


# --- the one failed-login limiter -------------------------------------------------------------


def test_failures_by_username_and_by_email_count_for_the_same_account(
    client: Client, make_user: Any
) -> None:
    _verified(make_user, "aoi", "aoi@example.org")
    for login in ("aoi", "aoi@example.org", "Aoi", "AOI@EXAMPLE.ORG", "aoi"):
        assert _login(client, login, "wrong").status_code == 200
    refused = _login(client, "aoi@example.org", PASSWORD)
    assert refused.status_code == 429
    assert int(refused["Retry-After"]) > 0
    assert "Too many failed logins for this account" in refused.content.decode()
    assert not _logged_in(client)


def test_the_log_in_page_the_admin_log_in_and_the_token_share_one_counter(
    client: Client, make_user: Any
) -> None:
    _verified(make_user, "boss", "boss@example.org", is_staff=True)
    api = APIClient()
    assert _login(client, "boss", "wrong").status_code == 200
    assert _login(client, "boss@example.org", "wrong", ADMIN_LOGIN).status_code == 200
    assert api.post(TOKEN, {"username": "boss", "password": "wrong"}).status_code == 400
    assert _login(client, "boss", "wrong", ADMIN_LOGIN).status_code == 200
    assert api.post(TOKEN, {"username": "boss", "password": "wrong"}).status_code == 400
    # Five failures, by three ways in: the sixth attempt is refused on each of them.
    assert api.post(TOKEN, {"username": "boss", "password": PASSWORD}).status_code == 429
    assert _login(client, "boss", PASSWORD, ADMIN_LOGIN).status_code == 429
    assert _login(client, "boss@example.org", PASSWORD).status_code == 429
    assert not _logged_in(client)


def test_success_on_one_way_in_clears_the_counter_for_the_others(
    client: Client, make_user: Any
) -> None:
    _verified(make_user, "aoi", "aoi@example.org")
    api = APIClient()
    for _ in range(4):
        api.post(TOKEN, {"username": "aoi", "password": "wrong"})
    assert _login(client, "aoi@example.org", PASSWORD).status_code == 302
    for _ in range(4):
        api.post(TOKEN, {"username": "aoi", "password": "wrong"})
    assert api.post(TOKEN, {"username": "aoi", "password": PASSWORD}).status_code == 200


# --- the admin site's log-in ------------------------------------------------------------------


def test_the_admin_sends_people_to_the_same_log_in(client: Client, make_user: Any) -> None:
    _verified(make_user, "boss", "boss@example.org", is_staff=True)
    to_login = client.get("/admin/")
    assert to_login.status_code == 302
    assert to_login["Location"].startswith(ADMIN_LOGIN)
    page = client.get(to_login["Location"])
    assert page.status_code == 200
    assert 'name="login"' in page.content.decode()  # allauth's form: username or email
    response = client.post(
        ADMIN_LOGIN + "?next=/admin/", {"login": "boss@example.org", "password": PASSWORD}
    )
    assert response.status_code == 302
    assert response["Location"] == "/admin/"
    assert client.get("/admin/").status_code == 200
    assert client.get(ADMIN_LOGIN)["Location"] == "/admin/"


def test_a_logged_in_person_who_is_not_staff_is_told_so_at_the_admin_log_in(
    client: Client, make_user: Any
) -> None:
    client.force_login(make_user("aoi"))
    page = client.get(ADMIN_LOGIN + "?next=/admin/")
    assert page.status_code == 200
    assert "who is not site staff" in page.content.decode()


# --- mail -------------------------------------------------------------------------------------


def test_the_mail_file_backend_writes_one_readable_file_per_message_and_prints_the_link(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    backend = MailFileBackend(file_path=tmp_path)
    messages = [
        EmailMessage(
            "Confirm",
            "Open http://cards.example.org/accounts/confirm-email/k1-"
            + "x" * 80
            + "/ now, ようこそ",
            to=["a@x.org"],
        ),
        EmailMessage("Hello", "No link here.", to=["b@x.org"]),
    ]
    assert backend.send_messages(messages) == 2
    files = sorted(tmp_path.glob("*.eml"))
    assert len(files) == 2
    texts = [path.read_text(encoding="utf-8") for path in files]
    confirm = next(text for text in texts if "Subject: Confirm" in text)
    # Readable as it is: the whole link on one line, the Japanese as Japanese.
    assert f"http://cards.example.org/accounts/confirm-email/k1-{'x' * 80}/" in confirm
    assert "ようこそ" in confirm
    printed = capsys.readouterr().out
    assert f"link: http://cards.example.org/accounts/confirm-email/k1-{'x' * 80}/" in printed
    assert printed.count("link:") == 1


def test_mailers_come_from_the_environment() -> None:
    smtp = mailers_from_env(
        {
            "EMAIL_HOST": "smtp.example.org",
            "EMAIL_PORT": "587",
            "EMAIL_HOST_USER": "mailer",
            "EMAIL_HOST_PASSWORD": "secret",
            "EMAIL_USE_TLS": "true",
        }
    )["default"]
    assert smtp["BACKEND"] == "django.core.mail.backends.smtp.EmailBackend"
    assert smtp["OPTIONS"] == {
        "host": "smtp.example.org",
        "port": 587,
        "username": "mailer",
        "password": "secret",
        "use_tls": True,
        "timeout": 10,
    }
    three = mailers_from_env({"EMAIL_TIMEOUT": "3"})["default"]["OPTIONS"]
    assert isinstance(three, dict)
    assert three["timeout"] == 3
    with pytest.raises(EnvError, match="EMAIL_TIMEOUT"):
        mailers_from_env({"EMAIL_TIMEOUT": "0"})
    console = mailers_from_env({"EMAIL_BACKEND": "django.core.mail.backends.console.EmailBackend"})
    assert console["default"]["OPTIONS"] == {}
    with pytest.raises(EnvError, match="EMAIL_PORT"):
        mailers_from_env({"EMAIL_PORT": "smtp"})


def test_social_providers_are_off_unless_both_variables_are_set() -> None:
    assert social_providers({}) == {}
    assert social_providers({"SOCIAL_LINE_CLIENT_ID": "id-only"}) == {}
    on = social_providers({"SOCIAL_DISCORD_CLIENT_ID": "d-id", "SOCIAL_DISCORD_SECRET": "d-secret"})
    assert list(on) == ["discord"]
    assert on["discord"]["APPS"][0]["client_id"] == "d-id"


def test_no_social_button_is_shown_when_no_provider_is_configured(client: Client) -> None:
    page = client.get(LOGIN).content.decode()
    assert "/accounts/line/" not in page
    assert "/accounts/google/" not in page


def test_the_printed_link_stops_where_the_address_ends() -> None:
    message = EmailMessage(
        "確認", "確認は http://cards.example.org/accounts/confirm-email/Mg:1x/にアクセス"
    )
    assert first_link(message) == "http://cards.example.org/accounts/confirm-email/Mg:1x/"
    assert first_link(EmailMessage("Hello", "No link here.")) is None


def test_the_persons_time_zone_is_active_while_their_request_runs() -> None:
    seen: list[str] = []

    def view(request: Any) -> Any:
        seen.append(str(timezone.get_current_timezone()))
        return HttpResponse("ok")

    middleware = PersonTimeZoneMiddleware(view)
    request = RequestFactory().get("/")
    request.session = {"person_time_zone": "America/New_York"}  # type: ignore[assignment]  # a plain dict stands in for the session
    middleware(request)
    request.session = {"person_time_zone": "Nowhere/Else"}  # type: ignore[assignment]  # a plain dict stands in for the session
    middleware(request)
    request.session = {}  # type: ignore[assignment]  # a plain dict stands in for the session
    middleware(request)
    assert seen == ["America/New_York", "Asia/Tokyo", "Asia/Tokyo"]
    assert str(timezone.get_current_timezone()) == "Asia/Tokyo"
