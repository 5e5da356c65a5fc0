"""Error pages that help: a refusal says in words what is wrong and where, never an internal
field name, and links to where it is put right (the tables with no result, the check-in desk,
the action that opens registration), in English and in Japanese. The API keeps its ``field``."""

from __future__ import annotations

import re
from typing import Any

import pytest
from django.conf import settings
from django.test import Client

from core.errors import field_label
from tournaments.models import Match, Registration, Round
from tournaments.services import registration_create, result_enter_by_judge

pytestmark = pytest.mark.django_db

#: The internal names the page must never give as the place ("Where: round").
RAW_FIELDS = ("event", "round", "code", "match", "registration", "token", "user", "table")


def _client(user: Any, language: str) -> Client:
    client = Client()
    client.force_login(user)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    return client


def _no_raw_place(page: str) -> None:
    place = re.search(r"(?:Where|該当箇所): ([^<]*)<", page)
    if place is not None:
        assert place.group(1).strip() not in RAW_FIELDS


@pytest.fixture
def open_tables(make_user: Any, make_event: Any) -> dict[str, Any]:
    """Four players, round 1 paired and started, table 1's result in, table 2's not."""
    organiser = make_user("org")
    event = make_event(organiser=organiser, name="Fix Cup", swiss_rounds=2)
    for index in range(1, 5):
        registration_create(event=event, user=make_user(f"p{index}"), display_name=f"P{index}")
    manage = _client(organiser, "en")
    base = f"/events/{event.pk}/manage"
    for registration in Registration.objects.filter(event=event):
        checked_in = manage.post(f"{base}/check_in/", {"registration": registration.pk})
        assert checked_in.status_code == 302
    assert manage.post(f"{base}/pair/").status_code == 302
    round_obj = Round.objects.get(event=event, number=1)
    assert manage.post(f"{base}/start/", {"round": round_obj.pk}).status_code == 302
    first = Match.objects.get(round=round_obj, table=1)
    result_enter_by_judge(match_id=first.pk, judge=organiser, wins_a=1, wins_b=0)
    second = Match.objects.get(round=round_obj, table=2)
    return {
        "organiser": organiser,
        "event": event,
        "url": f"{base}/complete/",
        "round": round_obj.pk,
        "first": first,
        "second": second,
    }


@pytest.mark.parametrize(
    ("language", "words", "place", "link", "desk"),
    [
        ("en", "table(s) have no confirmed result", "Where: the round",
         "Enter the result of table 2", "Open the judge desk"),
        ("ja", "確定した結果のない卓が", "該当箇所: 回戦",
         "2番卓の結果を入力する", "ジャッジデスクを開く"),
    ],
)  # fmt: skip
def test_completing_a_round_links_each_table_with_no_result_and_the_desk(
    open_tables: dict[str, Any], language: str, words: str, place: str, link: str, desk: str
) -> None:
    client = _client(open_tables["organiser"], language)
    response = client.post(open_tables["url"], {"round": open_tables["round"]})
    assert response.status_code == 409
    page = response.content.decode()
    assert words in page
    assert place in page
    second = open_tables["second"]
    assert f'<a href="/events/matches/{second.pk}/">{link}</a>' in page
    assert f'href="/events/matches/{open_tables["first"].pk}/"' not in page  # its result is in
    assert f'href="/events/{open_tables["event"].pk}/judge/"' in page
    assert desk in page
    _no_raw_place(page)


@pytest.mark.parametrize(
    ("language", "words", "button", "desk"),
    [
        ("en", "registration for Draft Cup is not open", "Open registration for Draft Cup",
         "Open the check-in desk"),
        ("ja", "「Draft Cup」は参加受付を開始していないため", "「Draft Cup」の参加受付を開始する",
         "チェックイン受付を開く"),
    ],
)  # fmt: skip
def test_pairing_a_draft_event_offers_to_open_registration_and_the_check_in_desk(
    make_user: Any, make_event: Any, language: str, words: str, button: str, desk: str
) -> None:
    organiser = make_user("org")
    event = make_event(organiser=organiser, name="Draft Cup", status="draft")
    response = _client(organiser, language).post(f"/events/{event.pk}/manage/pair/")
    assert response.status_code == 409
    page = response.content.decode()
    assert words in page
    opening = re.search(
        rf'<form method="post" action="/events/{event.pk}/manage/open/"[^>]*>.*?</form>',
        page,
        re.S,
    )
    assert opening is not None
    assert button in opening.group(0)
    assert f'<a href="/events/{event.pk}/check-in/">{desk}</a>' in page
    _no_raw_place(page)
    # The button on the error page opens registration.
    opened = _client(organiser, language).post(f"/events/{event.pk}/manage/open/")
    assert opened.status_code == 302
    event.refresh_from_db()
    assert event.status == "registration_open"


@pytest.mark.parametrize(
    ("language", "words", "link"),
    [
        ("en", "check-in has not opened yet", "Your page for this event"),
        ("ja", "チェックインはまだ始まっていません", "この大会のあなたのページ"),
    ],
)
def test_a_check_in_refused_before_the_window_opens_links_the_players_page(
    make_user: Any, make_event: Any, language: str, words: str, link: str
) -> None:
    player = make_user("aoi")
    event = make_event(name="Early Cup")
    registration_create(event=event, user=player, display_name="Aoi")
    response = _client(player, language).post(f"/events/{event.pk}/check-in/me/")
    assert response.status_code == 409
    page = response.content.decode()
    assert words in page
    assert f'<a href="/events/{event.pk}/me/">{link}</a>' in page
    _no_raw_place(page)


def test_the_api_keeps_the_field_of_the_same_refusal(make_user: Any, make_event: Any) -> None:
    from rest_framework.test import APIClient

    organiser = make_user("org")
    event = make_event(organiser=organiser, name="Draft Cup", status="draft")
    api = APIClient()
    api.force_authenticate(organiser)
    answer = api.post(f"/api/v1/events/{event.pk}/rounds/", {}, format="json")
    assert answer.status_code == 409
    assert answer.json()["field"] == "event"
    assert "fixes" not in answer.json()


def test_a_place_with_no_words_is_not_shown_and_a_records_path_keeps_its_place() -> None:
    assert field_label("event") == "the event"
    assert field_label("b_3") is None
    assert field_label(None) is None
    assert field_label("record.turns.3") == "the game record (turns.3)"
