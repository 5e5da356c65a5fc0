"""ZTRIKE round entry by card name (no JSON typed at the table): the judge names the snapshot's
cards and the cards played (English or Japanese names from the event's ZTRIKE pool), ticks the
Win/Lose bonuses applied, and the replay's ruling appears on the case page; the record is
downloadable.

Expected values worked out by hand from the rules text ("red defeats green, green defeats blue,
and blue defeats red"; "Power check does not need to be done if a victor is determined by color
weakness"; the winner's card goes to the Victory Zone, its Victory Points count) and the demo cards
(cardpool/demo/ztrike-demo-cards.json)."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from cardpool.models import Card
from judging.models import Ruling
from tests.judging.test_ztrike_pages import _client, _open, people, ztrike_cards, ztrike_rules

pytestmark = pytest.mark.django_db
__all__ = ["people", "ztrike_cards", "ztrike_rules"]


def _form(**extra: str) -> dict[str, str]:
    data = {
        "zr-round": "4", "zr-main_player": "0", "zr-p0_name": "Aki", "zr-p1_name": "Ben",
        # Aki: Cinder Imp (Red 3, 1 VP) and Tide Wisp (Blue 5) in hand; Ember Fox (2 VP) in VZ.
        "zr-p0_hand0": "Cinder Imp", "zr-p0_hand1": "Tide Wisp · ZD-B5", "zr-p0_vz0": "Ember Fox",
        # Ben: Old Oak (Green 7) and Bloom Sprite (Green 3, Win bonus +2 VP) in hand.
        "zr-p1_hand0": "Old Oak", "zr-p1_hand1": "Bloom Sprite",
        "zr-r0_p0": "Cinder Imp", "zr-r0_p1": "Old Oak",
        "zr-r1_p0": "Tide Wisp", "zr-r1_p1": "Bloom Sprite · ZD-GW", "zr-r1_p1_win": "on",
    }  # fmt: skip
    data.update(extra)
    return data


def test_the_case_page_links_to_the_round_entry(people: dict[str, Any], ztrike_cards: None) -> None:
    case = _open(people)
    client = _client(people["judge"])
    page = client.get(f"/judging/cases/{case.pk}/").content.decode()
    assert f"/judging/cases/{case.pk}/turn/" in page
    assert "Enter the disputed round by card names" in page
    form = client.get(f"/judging/cases/{case.pk}/turn/")
    assert form.status_code == 200
    body = form.content.decode()
    assert "Victory Zone, card 1" in body
    assert "Ember Fox · ZD-R5" in body
    assert "Bloom Sprite: +2 Victory Points (you)" in body  # the bonus texts, for the script


def test_entering_two_rounds_by_name_gives_the_ruling(
    people: dict[str, Any], ztrike_cards: None, ztrike_rules: None
) -> None:
    case = _open(people)
    client = _client(people["judge"])
    response = client.post(f"/judging/cases/{case.pk}/turn/", _form())
    body = response.content.decode()
    assert response.status_code == 302, body[body.find("errorlist") - 300 :][:800]
    ruling = Ruling.objects.get(case=case)
    record = ruling.record
    assert record["format"] == "ztrike-game/1"
    assert record["rounds"][0] == {"play": ["ZD-R3", "ZD-G7"]}
    assert record["rounds"][1]["bonuses"] == [{"player": 1, "index": 0, "apply": True}]
    assert len(record["players"][0]["deck"]) == 36
    body = client.get(f"/judging/cases/{case.pk}/").content.decode()
    # Round 4: Red 3 against Green 7: red defeats green, whatever the power; Aki: 2 + 1 = 3 VP.
    assert (
        "Round 4: Aki wins the round by colour weakness (Red against Green, power 3 to 7)" in body
    )
    # Round 5: Green 3 against Blue 5: green defeats blue; Ben: 1 VP + the Win bonus's 2 = 3.
    assert "Round 5: Ben wins the round by colour weakness" in body
    assert "3 to 3 Victory Points" in body
    download = client.get(f"/judging/cases/{case.pk}/record/")
    assert download.status_code == 200
    assert b'"ZD-GW"' in download.content


def test_japanese_names_are_accepted(
    people: dict[str, Any], ztrike_cards: None, ztrike_rules: None
) -> None:
    case = _open(people)
    client = _client(people["judge"])
    # The demo set has no Japanese names: give Cinder Imp one (invented for this test).
    Card.objects.filter(game__slug="ztrike", code="ZD-R3").update(name_ja="燃えかすの小鬼")
    client.cookies["django_language"] = "ja"
    page = client.get(f"/judging/cases/{case.pk}/turn/", HTTP_ACCEPT_LANGUAGE="ja").content.decode()
    assert "争点のラウンドを入力する" in page
    assert "燃えかすの小鬼 · ZD-R3" in page  # the autocomplete offers the Japanese name
    assert "勝利ボーナス — Bloom Sprite：" not in page
    assert "Victory Zone, card" not in page
    form = _form(**{"zr-p0_hand0": "燃えかすの小鬼", "zr-r0_p0": "燃えかすの小鬼 · ZD-R3"})
    response = client.post(f"/judging/cases/{case.pk}/turn/", form, HTTP_ACCEPT_LANGUAGE="ja")
    assert response.status_code == 302
    assert Ruling.objects.get(case=case).record["rounds"][0]["play"] == ["ZD-R3", "ZD-G7"]
    body = client.get(f"/judging/cases/{case.pk}/", HTTP_ACCEPT_LANGUAGE="ja").content.decode()
    assert "4ラウンド目：色の弱点でAkiの勝ち（赤対緑、パワー3対7）。" in body


@pytest.mark.parametrize(
    ("field", "value", "words"),
    [
        ("zr-r0_p0", "Nothing Such", "No card called Nothing Such"),
        ("zr-r0_p0", "Cinder Imp, Ember Fox", "name only one card"),  # three cards played
        ("zr-p0_vz1", "Kiwi Dragon", "No card called Kiwi Dragon"),
        ("zr-r0_p1_win", "on", "this card has no such bonus"),
        ("zr-r1_p1", "", "give both players"),
    ],
)
def test_bad_input_is_a_400_naming_the_field_and_nothing_is_stored(
    people: dict[str, Any], ztrike_cards: None, field: str, value: str, words: str
) -> None:
    case = _open(people)
    client = _client(people["judge"])
    response = client.post(f"/judging/cases/{case.pk}/turn/", _form(**{field: value}))
    assert response.status_code == 400
    body = response.content.decode()
    assert words in body
    assert f'name="{field}"' in body
    assert not Ruling.objects.filter(case=case).exists()


def test_a_zutomayo_card_is_not_in_a_ztrike_pool(
    people: dict[str, Any], ztrike_cards: None
) -> None:
    case = _open(people)
    response = _client(people["judge"]).post(
        f"/judging/cases/{case.pk}/turn/", _form(**{"zr-r0_p0": "ZD-XX"})
    )
    assert response.status_code == 400
    assert not Ruling.objects.exists()


@pytest.mark.parametrize("role", ["organiser", "player", "anonymous"])
def test_who_may_enter_a_ztrike_round(
    people: dict[str, Any], ztrike_cards: None, role: str
) -> None:
    case = _open(people)
    client = Client() if role == "anonymous" else _client(people[role])
    get = client.get(f"/judging/cases/{case.pk}/turn/")
    post = client.post(f"/judging/cases/{case.pk}/turn/", _form())
    expected = {"organiser": 200, "player": 403, "anonymous": 302}[role]
    assert get.status_code == expected
    assert post.status_code == (302 if role == "organiser" else expected)
    assert Ruling.objects.filter(case=case).exists() == (role == "organiser")
