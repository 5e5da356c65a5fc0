"""The browser harness's own helpers that need no browser: reading the mail Django sent."""

from __future__ import annotations

from typing import Any

import pytest
from django.core import mail

from tests.browser.conftest import first_link, newest_mail, newest_mail_link

LOCMEM = "django.core.mail.backends.locmem.EmailBackend"


@pytest.fixture(autouse=True)
def _locmem_mailer(settings: Any) -> None:
    """Django's in-memory mailer, named (main has no MAILERS setting yet; Django 6.1 warns)."""
    settings.MAILERS = {"default": {"BACKEND": LOCMEM}}


def test_newest_mail_to_a_person_and_its_first_link() -> None:
    mail.send_mail("Old", "https://site.test/old/", "to@site.test", ["aoi@example.com"])
    mail.send_mail("Other", "https://site.test/other/", "to@site.test", ["ren@example.com"])
    mail.send_mail(
        "Confirm your address",
        "Hello,\nconfirm here: https://site.test/accounts/confirm-email/abc-123/.\n"
        "Or here: https://site.test/second/",
        "to@site.test",
        ["aoi@example.com"],
    )
    message = newest_mail(to="aoi@example.com")
    assert message.subject == "Confirm your address"
    assert first_link(message) == "https://site.test/accounts/confirm-email/abc-123/"
    assert newest_mail_link(to="ren@example.com") == "https://site.test/other/"


def test_a_link_only_in_the_html_part_is_found() -> None:
    message = mail.EmailMultiAlternatives("Reset", "No link in the text.", to=["mio@example.com"])
    message.attach_alternative('<a href="https://site.test/reset/k/">reset</a>', "text/html")
    assert first_link(message) == "https://site.test/reset/k/"


def test_no_mail_and_no_link_are_said_plainly() -> None:
    mail.send_mail("Hello", "no address here", "to@site.test", ["ren@example.com"])
    with pytest.raises(AssertionError, match=r"no mail to aoi@example\.com"):
        newest_mail(to="aoi@example.com", timeout=0.1)
    with pytest.raises(AssertionError, match="no link in the mail 'Hello'"):
        first_link(newest_mail(to="ren@example.com"))
