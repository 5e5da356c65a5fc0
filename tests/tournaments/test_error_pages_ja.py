"""Rule 6 on the error page and in the API: a domain error a service raises reaches a Japanese
reader in Japanese (the catalogue's text, written by hand), and an English one in English."""

from __future__ import annotations

from typing import Any

import pytest
from django.conf import settings
from django.test import Client
from rest_framework.test import APIClient

from cardpool.services import card_import
from tests.cardpool.conftest import demo_records
from tournaments.models import Registration, Round
from tournaments.services import registration_create

pytestmark = pytest.mark.django_db


def _client(user: Any, language: str) -> Client:
    client = Client()
    client.force_login(user)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    return client


@pytest.fixture
def started_round(make_user: Any, make_event: Any) -> dict[str, Any]:
    """Six players checked in, round 1 paired and started, no result in: three open tables."""
    organiser = make_user("org")
    event = make_event(organiser=organiser, name="Error Cup", swiss_rounds=2)
    for index in range(1, 7):
        registration_create(event=event, user=make_user(f"p{index}"), display_name=f"P{index}")
    manage = _client(organiser, "en")
    base = f"/events/{event.pk}/manage"
    for registration in Registration.objects.filter(event=event):
        checked_in = manage.post(f"{base}/check_in/", {"registration": registration.pk})
        assert checked_in.status_code == 302
    assert manage.post(f"{base}/pair/").status_code == 302
    round_obj = Round.objects.get(event=event, number=1)
    assert manage.post(f"{base}/start/", {"round": round_obj.pk}).status_code == 302
    return {"organiser": organiser, "url": f"{base}/complete/", "round": round_obj.pk}


def test_closing_a_round_with_open_tables_is_refused_in_japanese(
    started_round: dict[str, Any],
) -> None:
    client = _client(started_round["organiser"], "ja")
    response = client.post(started_round["url"], {"round": started_round["round"]})
    assert response.status_code == 409
    page = response.content.decode()
    assert "確定した結果のない卓が3卓あります" in page
    assert "have no confirmed result" not in page


def test_the_same_refusal_reads_in_english_on_an_english_page(
    started_round: dict[str, Any],
) -> None:
    client = _client(started_round["organiser"], "en")
    response = client.post(started_round["url"], {"round": started_round["round"]})
    assert response.status_code == 409
    assert "3 table(s) have no confirmed result" in response.content.decode()


def test_a_second_registration_is_refused_in_japanese(make_user: Any, make_event: Any) -> None:
    player = make_user("aoi")
    event = make_event(name="Error Cup")
    client = _client(player, "ja")
    assert client.post(f"/events/{event.pk}/register/").status_code == 302
    again = client.post(f"/events/{event.pk}/register/")
    assert again.status_code == 409
    page = again.content.decode()
    assert "この大会にはすでに参加登録しています" in page
    assert "already registered" not in page


def test_an_illegal_decklist_line_is_explained_in_japanese_by_the_api(
    make_user: Any, make_event: Any
) -> None:
    card_import(game_slug="zutomayo", records=demo_records(), source="demo", is_demo=True)
    player = make_user("aoi")
    registration = registration_create(event=make_event(), user=player, display_name="Aoi")
    api = APIClient()
    api.force_authenticate(player)
    response = api.post(
        f"/api/v1/registrations/{registration.pk}/decklist/",
        {"decklist": "2 NO_SUCH_CARD"},
        format="json",
        HTTP_ACCEPT_LANGUAGE="ja",
    )
    assert response.status_code == 400
    detail = response.json()["detail"]
    assert detail.startswith("デッキリストが構築条件を満たしていません：")
    assert "カード「NO_SUCH_CARD」が見つかりません" in detail
    assert "not legal" not in detail
