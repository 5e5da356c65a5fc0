"""The profile (service and page), the data download and the account's deletion, as far as core
holds them (what tournaments holds: tests/tournaments/test_people.py)."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from allauth.account.models import EmailAddress
from django.contrib.auth import get_user_model
from django.test import Client

from core.errors import InvalidInputError, PermissionDeniedError
from core.models import AuditEntry, Notification, Profile
from core.profiles import (
    PSEUDONYM_ALPHABET,
    account_delete,
    profile_update,
    registration_name_for,
    shown_name,
)

pytestmark = pytest.mark.django_db

PASSWORD = "pw-for-tests-1"
PROFILE = {
    "display_name": "Aoi Sato",
    "official_player_id": "ZT-0042",
    "language": "ja",
    "time_zone": "Europe/Paris",
    "public_name": "short",
    "short_name": "Aoi S.",
}


def test_profile_update_saves_and_audits_what_changed(make_user: Any) -> None:
    user = make_user("aoi")
    profile = profile_update(user=user, **PROFILE)
    assert Profile.objects.get(user=user).official_player_id == "ZT-0042"
    assert profile.time_zone == "Europe/Paris"
    entry = AuditEntry.objects.get(action="core.profile.updated")
    assert entry.actor_id == user.pk
    # The account was made in English (the language in use then): Japanese is a change.
    assert entry.data["changed"] == sorted(PROFILE)
    profile_update(user=user, **{**PROFILE, "short_name": "A. S."})
    assert AuditEntry.objects.filter(action="core.profile.updated").order_by("id").last().data == {  # type: ignore[union-attr]
        "changed": ["short_name"]
    }


@pytest.mark.parametrize(
    ("change", "field"),
    [
        ({"time_zone": "Mars/Olympus"}, "time_zone"),
        ({"language": "fr"}, "language"),
        ({"public_name": "nickname"}, "public_name"),
        ({"short_name": "  "}, "short_name"),
        ({"display_name": "x" * 101}, "display_name"),
    ],
)
def test_profile_update_refuses_bad_input_naming_the_field(
    make_user: Any, change: dict[str, str], field: str
) -> None:
    user = make_user("aoi")
    with pytest.raises(InvalidInputError) as refused:
        profile_update(user=user, **{**PROFILE, **change})
    assert refused.value.field == field
    assert Profile.objects.get(user=user).display_name == ""  # as the account was made


def test_the_short_name_is_shown_only_when_chosen() -> None:
    chosen = Profile(public_name="short", short_name="Aoi S.")
    assert shown_name(display_name="Aoi Sato", profile=chosen) == "Aoi S."
    full = Profile(public_name="full", short_name="Aoi S.")
    assert shown_name(display_name="Aoi Sato", profile=full) == "Aoi Sato"
    assert shown_name(display_name="Aoi Sato", profile=None) == "Aoi Sato"


def test_a_registration_starts_with_the_profiles_display_name(make_user: Any) -> None:
    user = make_user("aoi", first_name="Aoi", last_name="Sato")
    assert registration_name_for(user=user) == "Aoi Sato"
    profile_update(user=user, **{**PROFILE, "display_name": "AOI★"})
    assert registration_name_for(user=user) == "AOI★"


# --- the profile page -------------------------------------------------------------------------


def test_profile_page_needs_a_log_in(client: Client) -> None:
    response = client.get("/accounts/profile/")
    assert response.status_code == 302
    assert response["Location"].startswith("/accounts/login/")


def test_profile_page_shows_and_saves_the_profile_and_switches_the_language(
    client: Client, make_user: Any
) -> None:
    user = make_user("aoi")
    client.force_login(user)
    page = client.get("/accounts/profile/")
    assert page.status_code == 200
    assert 'name="official_player_id"' in page.content.decode()
    saved = client.post("/accounts/profile/", PROFILE)
    assert saved.status_code == 302
    assert saved.cookies["django_language"].value == "ja"
    assert Profile.objects.get(user=user).short_name == "Aoi S."
    again = client.get("/accounts/profile/").content.decode()
    assert 'value="ZT-0042"' in again
    assert 'lang="ja"' in again


def test_profile_page_refuses_a_bad_time_zone_and_stores_nothing(
    client: Client, make_user: Any
) -> None:
    user = make_user("aoi")
    client.force_login(user)
    response = client.post("/accounts/profile/", {**PROFILE, "time_zone": "Nowhere/Else"})
    assert response.status_code == 400
    assert Profile.objects.get(user=user).time_zone == "Asia/Tokyo"  # as the account was made
    refused = client.post("/accounts/profile/", {**PROFILE, "short_name": ""})
    assert refused.status_code == 400
    assert "enter the short name" in refused.content.decode()


# --- download my data -------------------------------------------------------------------------


def test_data_download_is_a_json_file_of_the_persons_own_data(
    client: Client, make_user: Any
) -> None:
    user = make_user("aoi", email="aoi@example.org")
    other = make_user("ren")
    EmailAddress.objects.create(user=user, email="aoi@example.org", verified=True, primary=True)
    profile_update(user=user, **PROFILE)
    Notification.objects.create(recipient=user, kind="round_paired", dedupe_key="1:rp:1")
    Notification.objects.create(recipient=other, kind="round_paired", dedupe_key="2:rp:1")
    client.force_login(user)
    response = client.get("/accounts/data/")
    assert response.status_code == 200
    assert response["Content-Disposition"].startswith('attachment; filename="my-data-')
    data = json.loads(response.content)
    assert data["account"]["username"] == "aoi"
    assert data["account"]["email_addresses"] == [
        {"email": "aoi@example.org", "verified": True, "primary": True}
    ]
    assert data["profile"]["official_player_id"] == "ZT-0042"
    assert [note["kind"] for note in data["notifications"]] == ["round_paired"]
    assert {"registrations", "decklists", "results_reported"} <= set(data)


def test_data_download_needs_a_log_in(client: Client) -> None:
    assert client.get("/accounts/data/").status_code == 302


# --- delete my account ------------------------------------------------------------------------


def test_deleting_needs_the_password(make_user: Any) -> None:
    user = make_user("aoi", email="aoi@example.org")
    with pytest.raises(InvalidInputError) as refused:
        account_delete(user=user, password="not-it")
    assert refused.value.field == "password"
    user.refresh_from_db()
    assert user.is_active
    assert user.username == "aoi"


def test_deleting_scrubs_the_account_under_a_wordless_pseudonym(make_user: Any) -> None:
    user = make_user("aoi", email="aoi@example.org", first_name="Aoi", last_name="Sato")
    EmailAddress.objects.create(user=user, email="aoi@example.org", verified=True, primary=True)
    profile_update(user=user, **PROFILE)
    Notification.objects.create(recipient=user, kind="round_paired", dedupe_key="1:rp:1")
    name = account_delete(user=user, password=PASSWORD)
    assert re.fullmatch(f"#[{PSEUDONYM_ALPHABET}]{{6}}", name)
    assert not set(name) & set("AEIOUY")  # no vowel, so no word
    user.refresh_from_db()
    assert (user.username, user.email, user.first_name, user.last_name) == (name, "", "", "")
    assert not user.is_active
    assert not user.has_usable_password()
    profile = Profile.objects.get(user=user)
    assert (profile.display_name, profile.official_player_id, profile.short_name) == ("", "", "")
    assert profile.anonymised_at is not None
    assert not EmailAddress.objects.filter(user=user).exists()
    assert not Notification.objects.filter(recipient=user).exists()
    assert AuditEntry.objects.filter(action="core.account.deleted", object_id=str(user.pk)).exists()
    with pytest.raises(PermissionDeniedError):
        account_delete(user=user, password=PASSWORD)


def test_delete_page_asks_for_confirmation_then_logs_out(client: Client, make_user: Any) -> None:
    user = make_user("aoi")
    client.force_login(user)
    assert client.get("/accounts/delete/").status_code == 200
    unconfirmed = client.post("/accounts/delete/", {"password": PASSWORD})
    assert unconfirmed.status_code == 400
    wrong = client.post("/accounts/delete/", {"password": "nope", "confirm": "on"})
    assert wrong.status_code == 400
    assert get_user_model().objects.get(pk=user.pk).is_active
    done = client.post("/accounts/delete/", {"password": PASSWORD, "confirm": "on"})
    assert done.status_code == 302
    assert done["Location"] == "/"
    assert "_auth_user_id" not in client.session
    assert not get_user_model().objects.get(pk=user.pk).is_active
    assert (
        client.post("/accounts/login/", {"login": "aoi", "password": PASSWORD}).status_code == 200
    )
