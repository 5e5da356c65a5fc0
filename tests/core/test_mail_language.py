"""Mail in the reader's language: every account has a language from the moment it exists (the
page it signed up on, or the one a command made it in), the profile page shows the stored value,
and every kind of mail is written in it."""

from __future__ import annotations

from typing import Any

import pytest
from django.core import mail
from django.test import Client
from django.utils import translation

from core.models import Profile
from core.notifications import kinds
from core.notifications.services import notification_deliver, notification_texts
from core.services import user_create

pytestmark = pytest.mark.django_db


def _japanese_account(username: str = "hana") -> Any:
    """An account made while the page spoke Japanese (as a sign-up on the Japanese page is)."""
    with translation.override("ja"):
        return user_create(username=username, password="pw-for-tests-1")


def test_an_account_made_on_a_japanese_page_has_japanese_at_once() -> None:
    user = _japanese_account()
    assert Profile.objects.get(user=user).language == "ja"


def test_an_account_made_by_a_command_has_the_language_it_was_given() -> None:
    assert Profile.objects.get(user=user_create(username="en", password=None)).language == "en"
    made = user_create(username="jp", password=None, language="ja")
    assert Profile.objects.get(user=made).language == "ja"


def test_the_simulated_japanese_players_get_japanese() -> None:
    import random

    from tournaments.demo.simulation import SimulationSettings, simulate_event

    result = simulate_event(
        SimulationSettings(players=4), rng=random.Random(3), log=lambda _line: None
    )
    languages = set(
        Profile.objects.filter(user__registrations__event_id=result.event_id).values_list(
            "language", flat=True
        )
    )
    assert languages == {"ja"}


def test_the_profile_page_shows_the_stored_language() -> None:
    user = _japanese_account()
    client = Client(headers={"accept-language": "en"})
    client.force_login(user)
    page = client.get("/accounts/profile/").content.decode()
    assert '<option value="ja" selected>' in page


def _kind_names() -> list[str]:
    return [kind.kind for kind in kinds()]


@pytest.mark.parametrize("kind", _kind_names())
def test_every_kind_of_mail_is_written_in_the_readers_language(kind: str) -> None:
    user = _japanese_account()
    user.email = "hana@example.org"
    user.save(update_fields=["email"])
    Profile.objects.filter(user=user).update(muted_kinds=[f"+{kind}"])  # on, even if off by default
    notification = notification_deliver(
        recipient_id=user.pk, kind=kind, object_key="k1", params={}, url="/"
    )
    assert notification is not None
    japanese, _body = notification_texts(notification, "ja")
    english, _body = notification_texts(notification, "en")
    assert japanese != english, f"{kind} has no Japanese title"
    assert mail.outbox[-1].subject == japanese
