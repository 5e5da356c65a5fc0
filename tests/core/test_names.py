"""Names people can trust: a name people read has a visible character and no control or
bidirectional-override character, in every path that sets one (sign-up, profile, CSV import,
the desk's entry and late entry, the API): one validator, ``core.names``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth import get_user_model
from django.test import Client

from core.errors import InvalidInputError
from core.names import display_name_clean, display_name_problem
from core.profiles import profile_update
from tournaments.models import Registration
from tournaments.services import registration_create
from tournaments.services.registration import registrations_import_csv

#: Names that would show blank or spoof the text around them (from the issue's probe).
BAD = [
    "\u200b",  # zero-width space only
    "\u3164\u3164",  # Hangul fillers only: letters that draw nothing
    "\u2800",  # the blank Braille pattern
    "\u00ad\u2060",  # soft hyphen and word joiner
    "abc\u202etxt.exe",  # right-to-left override
    "\u2067Ann\u2069",  # a right-to-left isolate
    "Ann\u200f",  # a right-to-left mark
    "Ann\x07",  # a control character (bell)
    "Ann\x1b[31m",  # an escape sequence
    "A\u2028B",  # a line separator
]
GOOD = ["Ann", "山田 太郎", "ずっと真夜中でいいのに。", "Zoë", "👩‍👩‍👧 family", "☆彡", "A-1", "Аня"]


@pytest.mark.parametrize("name", BAD)
def test_invisible_or_spoofing_names_are_refused(name: str) -> None:
    assert display_name_problem(name) is not None
    with pytest.raises(InvalidInputError) as error:
        display_name_clean(name)
    assert error.value.field == "display_name"


@pytest.mark.parametrize("name", GOOD)
def test_real_names_pass_unchanged(name: str) -> None:
    assert display_name_problem(name) is None
    assert display_name_clean(f"  {name} ") == name


def test_names_are_stored_in_nfc() -> None:
    assert display_name_clean("Zoe\u0308") == "Zoë"


def test_the_messages_say_what_is_wrong() -> None:
    assert "text-direction" in str(display_name_problem("a\u202eb"))
    assert "visible" in str(display_name_problem("\u3164"))
    assert "U+0007" in str(display_name_problem("a\x07"))


# --- every path that sets a name ----------------------------------------------------------------


@pytest.mark.django_db
@pytest.mark.parametrize("name", ["\u3164", "abc\u202etxt"])
def test_registration_and_late_entry_refuse_the_name(
    name: str, make_event: Callable[..., Any], make_user: Callable[..., Any]
) -> None:
    organiser = make_user("org")
    event = make_event(organiser=organiser)
    with pytest.raises(InvalidInputError):
        registration_create(event=event, user=None, display_name=name, by=organiser)
    with pytest.raises(InvalidInputError):
        registration_create(event=event, user=make_user("p"), display_name=name)
    assert not Registration.objects.filter(event=event).exists()


@pytest.mark.django_db
def test_the_csv_import_names_the_line_and_imports_nothing(
    make_event: Callable[..., Any], make_user: Callable[..., Any]
) -> None:
    organiser = make_user("org")
    event = make_event(organiser=organiser)
    data = "name,player_id,email\nAnn,1,\nabc\u202etxt,2,\n"
    with pytest.raises(InvalidInputError) as error:
        registrations_import_csv(event_id=event.pk, by=organiser, data=data)
    assert "line 3" in str(error.value.extra["problems"])
    assert not Registration.objects.filter(event=event).exists()


@pytest.mark.django_db
def test_the_profile_refuses_the_name(make_user: Callable[..., Any]) -> None:
    user = make_user("ann")
    fields = {"official_player_id": "", "language": "en", "time_zone": "Asia/Tokyo"}
    with pytest.raises(InvalidInputError) as error:
        profile_update(user=user, display_name="\u200b\u3164", public_name="full",
                       short_name="", **fields)  # fmt: skip
    assert error.value.field == "display_name"
    with pytest.raises(InvalidInputError) as error:
        profile_update(user=user, display_name="Ann", public_name="short",
                       short_name="\u202eA", **fields)  # fmt: skip
    assert error.value.field == "short_name"


@pytest.mark.django_db
def test_sign_up_refuses_an_invisible_username() -> None:
    response = Client().post(
        "/accounts/signup/",
        {"email": "x@example.org", "username": "\u3164\u3164", "password1": "a-Long-pass-42",
         "password2": "a-Long-pass-42"},
    )  # fmt: skip
    assert response.status_code == 200  # the form again, with the error
    assert "visible" in response.content.decode()
    assert not get_user_model().objects.filter(email="x@example.org").exists()


@pytest.mark.django_db
def test_the_api_refuses_the_name_as_a_400_naming_the_field(
    make_event: Callable[..., Any], make_user: Callable[..., Any]
) -> None:
    organiser = make_user("org")
    event = make_event(organiser=organiser)
    client = Client()
    client.force_login(organiser)
    response = client.post(
        f"/api/v1/events/{event.pk}/registrations/add/",
        {"display_name": "abc\u202etxt"},
        content_type="application/json",
    )
    assert response.status_code == 400
    assert response.json()["field"] == "display_name"
    assert not Registration.objects.filter(event=event).exists()
