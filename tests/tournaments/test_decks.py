"""Reading, sharing, saving and building decks.

Expected values come from the demo card file (names, stats) and the rules (20 cards, at most 2
per pack and number: ZUTOMAYO CARD 4.1.1, 4.1.2), never from the program's own output.
"""

from __future__ import annotations

import csv
import io
import json
from html import unescape
from typing import Any
from urllib.parse import quote

import pytest
from django.test import Client
from django.urls import reverse

from cardpool.selectors import decklist_report
from cardpool.services import card_import
from core.errors import InvalidInputError, NotFoundError
from tests.cardpool.conftest import demo_records
from tournaments.models import DecklistVersion, SavedDeck
from tournaments.printing.deck_sheet import DeckSheet, SheetGroup, SheetLine, deck_sheet_pdf
from tournaments.selectors.deck_view import deck_view, saved_decks_of
from tournaments.services import decklist_submit, event_role_grant, registration_create
from tournaments.services.saved_decks import (
    saved_deck_create,
    saved_deck_delete,
    saved_deck_update,
)

pytestmark = pytest.mark.django_db

#: DEMO_1..DEMO_10, two of each: 20 cards (rule 4.1.1), two per pack and number (4.1.2).
LEGAL = "\n".join(f"2 DEMO_{n}" for n in range(1, 11))
CARDS = {c["id"]: c for c in demo_records()}


@pytest.fixture
def demo_cards(db: None) -> None:
    card_import(game_slug="zutomayo", records=demo_records(), source="demo", is_demo=True)


@pytest.fixture
def world(demo_cards: Any, make_user: Any, make_event: Any) -> dict[str, Any]:
    organiser, judge, aoi, ren, stranger = (
        make_user(n) for n in ("org", "judge", "aoi", "ren", "stranger")
    )
    event = make_event(organiser=organiser, name="Deck Open")
    event_role_grant(event=event, user=judge, role="judge", granted_by=organiser)
    aoi_reg = registration_create(event=event, user=aoi, display_name="Aoi Player")
    ren_reg = registration_create(event=event, user=ren, display_name="Ren Player")
    decklist_submit(registration_id=aoi_reg.pk, submitted_by=aoi, data=LEGAL)
    return {
        "event": event,
        "organiser": organiser,
        "judge": judge,
        "aoi": aoi,
        "ren": ren,
        "stranger": stranger,
        "aoi_reg": aoi_reg,
        "ren_reg": ren_reg,
    }


def _client(user: Any = None, language: str = "en") -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    client.cookies["django_language"] = language
    return client


def _page(world: dict[str, Any], language: str = "en", query: str = "") -> str:
    url = reverse("tournaments:decklist-submit", args=[world["aoi_reg"].pk]) + query
    response = _client(world["aoi"], language).get(url)
    assert response.status_code == 200
    return response.content.decode()


# --- req 8: the decklist page ------------------------------------------------------------------


def test_the_page_shows_names_by_type_with_counts_and_stats(world: dict[str, Any]) -> None:
    html = _page(world)
    types = {CARDS[f"DEMO_{n}"]["type"] for n in range(1, 11)}
    assert CARDS["DEMO_1"]["name_en"] in html
    assert "Characters" in html
    assert ("Enchants" in html) == ("enchant" in types)
    # DEMO_1's stats from the card file: clock 1, attack 90/30, power cost 2, SEND TO POWER 1.
    assert "<dt>Attack (night/day)</dt><dd>90/30</dd>" in html
    assert "<dt>SEND TO POWER</dt><dd>1</dd>" in html
    assert "<strong>20</strong>" in html


def test_a_japanese_page_shows_japanese_names_and_headings(world: dict[str, Any]) -> None:
    html = _page(world, "ja")
    assert CARDS["DEMO_1"]["name_ja"] in html
    assert CARDS["DEMO_1"]["name_en"] not in html
    assert "キャラクター" in html


def test_edit_starts_from_the_current_list_and_reads_back(world: dict[str, Any]) -> None:
    html = _page(world, "ja")
    assert f"2 {CARDS['DEMO_1']['name_ja']}" in html  # the box holds names, not ids
    start = html.index('name="decklist"')
    text = unescape(html[html.index(">", start) + 1 : html.index("</textarea>", start)])
    report = decklist_report(game="zutomayo", format_id=None, on=None, data=text, fmt="auto")
    assert report.legal
    assert report.decklist.counts() == {f"DEMO_{n}": 2 for n in range(1, 11)}


def test_a_rejected_list_is_shown_with_its_lines_marked(world: dict[str, Any]) -> None:
    url = reverse("tournaments:decklist-submit", args=[world["aoi_reg"].pk])
    pasted = "2 DEMO_1\nnonsense line\n3 DEMO_2\n"
    response = _client(world["aoi"]).post(url, {"decklist": pasted})
    assert response.status_code == 400
    html = response.content.decode()
    marked = html.index('class="deck-line deck-line-error" value="2"')
    assert "nonsense line" in html[marked : marked + 400]
    # the copy limit names no line: it is listed above the lines, with its rule
    assert "4.1.2" in html
    assert DecklistVersion.objects.filter(decklist__registration=world["aoi_reg"]).count() == 1


# --- req 8: exports and the sheet --------------------------------------------------------------


def _get(world: dict[str, Any], name: str, user: str = "aoi", language: str = "en") -> Any:
    url = reverse(f"tournaments:{name}", args=[world["aoi_reg"].pk])
    return _client(world[user], language).get(url)


def test_text_export_has_names_and_reads_back(world: dict[str, Any]) -> None:
    response = _get(world, "decklist-export-text", language="ja")
    assert response["Content-Type"] == "text/plain; charset=utf-8"
    assert response["Content-Disposition"] == 'attachment; filename="decklist-{}-v1.txt"'.format(
        world["aoi_reg"].pk
    )
    text = response.content.decode("utf-8")
    assert f"2 {CARDS['DEMO_3']['name_ja']}" in text
    report = decklist_report(game="zutomayo", format_id=None, on=None, data=text, fmt="auto")
    assert report.decklist.counts() == {f"DEMO_{n}": 2 for n in range(1, 11)}


def test_csv_export_has_a_bom_for_excel_and_reads_back(world: dict[str, Any]) -> None:
    response = _get(world, "decklist-export-csv", language="ja")
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    assert response["Content-Disposition"].endswith('.csv"')
    assert response.content.startswith(b"\xef\xbb\xbf")
    rows = list(csv.reader(io.StringIO(response.content.decode("utf-8-sig"))))
    assert rows[0] == ["count", "id", "name", "group"]
    assert ["2", "DEMO_1", CARDS["DEMO_1"]["name_ja"], "キャラクター"] in rows
    report = decklist_report(
        game="zutomayo", format_id=None, on=None, data=response.content, fmt="csv"
    )
    assert report.decklist.counts() == {f"DEMO_{n}": 2 for n in range(1, 11)}


def test_json_export(world: dict[str, Any]) -> None:
    response = _get(world, "decklist-export-json")
    assert response["Content-Type"] == "application/json; charset=utf-8"
    document = json.loads(response.content)
    assert document["player"] == "Aoi Player"
    assert document["version"] == 1
    assert {
        "id": "DEMO_1",
        "count": 2,
        "name": CARDS["DEMO_1"]["name_en"],
        "group": "character",
    } in document["cards"]
    assert document["deck_code"].startswith("zm1.")


def test_pdf_sheet_embeds_a_japanese_font(world: dict[str, Any]) -> None:
    response = _get(world, "decklist-sheet", user="judge")
    assert response["Content-Type"] == "application/pdf"
    assert response.content.startswith(b"%PDF")
    # IPAGothic embedded as a TrueType subset (fonts-ipafont-gothic), else the CID fallback.
    assert b"IPAGothic" in response.content or b"HeiseiKakuGo-W5" in response.content


def test_the_sheet_names_the_player() -> None:
    sheet = DeckSheet(
        player="Aoi Player",
        event="Deck Open",
        date="2026-12-20",
        game="ZUTOMAYO CARD",
        version=1,
        groups=(SheetGroup("Characters", 2, (SheetLine(2, "紙灯籠ねこ", "DEMO_1"),)),),
        size=2,
    )
    pdf = deck_sheet_pdf(sheet, compress=False)
    # The document's title holds the player's name (in the info dictionary, uncompressed).
    assert b"Aoi Player" in pdf


@pytest.mark.parametrize("name", ["decklist-export-text", "decklist-export-csv", "decklist-sheet"])
def test_exports_are_for_those_who_may_read_the_list(world: dict[str, Any], name: str) -> None:
    assert _get(world, name, user="judge").status_code == 200
    assert _get(world, name, user="organiser").status_code == 200
    assert _get(world, name, user="ren").status_code == 403
    assert _get(world, name, user="stranger").status_code == 403
    anonymous = Client().get(reverse(f"tournaments:{name}", args=[world["aoi_reg"].pk]))
    assert anonymous.status_code == 302


def test_an_export_of_a_list_not_yet_submitted_is_not_found(world: dict[str, Any]) -> None:
    url = reverse("tournaments:decklist-export-text", args=[world["ren_reg"].pk])
    assert _client(world["ren"]).get(url).status_code == 404


# --- req 8: deck codes and share links ---------------------------------------------------------


def test_the_share_link_shows_the_list_to_anyone(world: dict[str, Any]) -> None:
    document = json.loads(_get(world, "decklist-export-json").content)
    response = Client().get(reverse("tournaments:deck-shared", args=[document["deck_code"]]))
    assert response.status_code == 200
    html = response.content.decode()
    assert CARDS["DEMO_10"]["name_en"] in html
    assert "<strong>20</strong>" in html


@pytest.mark.parametrize("code", ["nonsense", "zm1.AAAA", "zm1.AAAAAAEB", "az1.AAAAAAEB", "zm1.!!"])
def test_a_bad_share_link_is_a_400_that_says_why(demo_cards: Any, code: str) -> None:
    response = Client().get(reverse("tournaments:deck-shared", args=[code]))
    assert response.status_code == 400
    assert "deck code" in response.content.decode()


# --- req 8: saved decks ------------------------------------------------------------------------


def test_a_draft_may_be_illegal_and_belongs_to_its_owner(world: dict[str, Any]) -> None:
    deck = saved_deck_create(user=world["aoi"], game="zutomayo", name="Draft", text="3 DEMO_1\n")
    assert SavedDeck.objects.get(pk=deck.pk).text == "3 DEMO_1\n"
    with pytest.raises(NotFoundError):
        saved_deck_update(user=world["ren"], deck_id=deck.pk, name="Mine", text="1 DEMO_1")
    with pytest.raises(NotFoundError):
        saved_deck_delete(user=world["ren"], deck_id=deck.pk)
    with pytest.raises(InvalidInputError):
        saved_deck_update(user=world["aoi"], deck_id=deck.pk, name="  ", text="1 DEMO_1")
    with pytest.raises(InvalidInputError):
        saved_deck_create(user=world["aoi"], game="chess", name="X", text="1 DEMO_1")
    updated = saved_deck_update(user=world["aoi"], deck_id=deck.pk, name="Better", text=LEGAL)
    assert (updated.name, updated.text) == ("Better", LEGAL)
    saved_deck_delete(user=world["aoi"], deck_id=deck.pk)
    assert not SavedDeck.objects.filter(pk=deck.pk).exists()


def test_my_decks_lists_only_my_own(world: dict[str, Any]) -> None:
    saved_deck_create(user=world["aoi"], game="zutomayo", name="Aoi's deck", text=LEGAL)
    saved_deck_create(user=world["ren"], game="zutomayo", name="Ren's deck", text=LEGAL)
    html = _client(world["aoi"]).get(reverse("tournaments:my-decks")).content.decode()
    assert "Aoi&#x27;s deck" in html
    assert "Ren&#x27;s deck" not in html


def test_the_edit_page_saves_an_illegal_draft_and_marks_its_lines(world: dict[str, Any]) -> None:
    url = reverse("tournaments:saved-deck-edit")
    client = _client(world["aoi"])
    response = client.post(url, {"name": "Draft", "game": "zutomayo", "text": "2 DEMO_1\nzzz\n"})
    assert response.status_code == 302
    deck = SavedDeck.objects.get(user=world["aoi"])
    html = client.get(f"{url}?deck={deck.pk}").content.decode()
    assert 'class="deck-line deck-line-error" value="2"' in html
    assert "not legal yet" in html
    other = _client(world["ren"]).get(f"{url}?deck={deck.pk}")
    assert other.status_code == 404


def test_delete_asks_first_then_deletes(world: dict[str, Any]) -> None:
    deck = saved_deck_create(user=world["aoi"], game="zutomayo", name="Old", text=LEGAL)
    url = f"{reverse('tournaments:saved-deck-delete')}?deck={deck.pk}"
    client = _client(world["aoi"])
    assert "Delete your deck" in client.get(url).content.decode()
    assert SavedDeck.objects.filter(pk=deck.pk).exists()
    assert _client(world["ren"]).post(url, {"deck": deck.pk}).status_code == 404
    assert client.post(url, {"deck": deck.pk}).status_code == 302
    assert not SavedDeck.objects.filter(pk=deck.pk).exists()


def test_use_this_deck_fills_the_event_form_and_submitting_still_needs_legal(
    world: dict[str, Any],
) -> None:
    illegal = saved_deck_create(user=world["aoi"], game="zutomayo", name="Fun", text="3 DEMO_1\n")
    html = _page(world, query=f"?saved={illegal.pk}")
    assert "?saved=" in html
    assert "3 DEMO_1\n</textarea>" in html
    url = reverse("tournaments:decklist-submit", args=[world["aoi_reg"].pk])
    response = _client(world["aoi"]).post(url, {"decklist": illegal.text})
    assert response.status_code == 400
    assert DecklistVersion.objects.filter(decklist__registration=world["aoi_reg"]).count() == 1


# --- req 9: the builder ------------------------------------------------------------------------


def _check(text: str, **params: str) -> dict[str, Any]:
    query = "&".join(f"{k}={quote(v)}" for k, v in {"text": text, **params}.items())
    response = Client().get(f"{reverse('tournaments:deck-check', args=['zutomayo'])}?{query}")
    assert response.status_code == 200
    assert response["Content-Type"] == "application/json"
    body: dict[str, Any] = response.json()
    return body


def test_the_check_endpoint_counts_and_gives_the_checkers_verdict(demo_cards: Any) -> None:
    nineteen = "\n".join(f"2 DEMO_{n}" for n in range(1, 10)) + "\n1 DEMO_10\n"
    body = _check(nineteen)
    assert body["size"] == 19
    assert body["report"]["legal"] is False
    assert [e["rule"] for e in body["report"]["errors"]] == ["4.1.1"]
    body = _check(nineteen, add="DEMO_10")
    assert body["size"] == 20
    assert body["report"]["legal"] is True
    assert "2 DEMO_10" in body["text"]
    body = _check(body["text"], add="DEMO_10")
    assert {e["rule"] for e in body["report"]["errors"]} == {"4.1.1", "4.1.2"}
    body = _check(body["text"], remove="DEMO_10", add="")
    assert body["report"]["legal"] is True
    assert 'class="chart-bar"' in body["html"]


def test_the_check_endpoint_refuses_an_unknown_card(demo_cards: Any) -> None:
    url = reverse("tournaments:deck-check", args=["zutomayo"])
    assert Client().get(f"{url}?add=NOPE_1").status_code == 400


def test_the_builder_page_searches_and_saves(world: dict[str, Any]) -> None:
    url = reverse("tournaments:deck-builder", args=["zutomayo"])
    anonymous = Client().get(f"{url}?q=DEMO_3&text={quote(LEGAL)}")
    assert anonymous.status_code == 200
    html = anonymous.content.decode()
    assert CARDS["DEMO_3"]["name_en"] in html
    assert 'class="chart-bar"' in html
    assert "<script>" not in html
    assert Client().post(url, {"text": LEGAL}).status_code == 302  # to the log-in page
    assert not SavedDeck.objects.exists()
    response = _client(world["aoi"], "ja").post(url, {"text": LEGAL, "name": "Built"})
    assert response.status_code == 302
    deck = SavedDeck.objects.get(user=world["aoi"])
    assert deck.name == "Built"
    assert CARDS["DEMO_1"]["name_ja"] in deck.text  # saved with names
    report = decklist_report(game="zutomayo", format_id=None, on=None, data=deck.text, fmt="auto")
    assert report.decklist.counts() == {f"DEMO_{n}": 2 for n in range(1, 11)}


def test_the_builder_offers_the_players_open_events(world: dict[str, Any]) -> None:
    url = reverse("tournaments:deck-builder", args=["zutomayo"])
    html = _client(world["ren"]).get(f"{url}?text={quote(LEGAL)}").content.decode()
    submit = reverse("tournaments:decklist-submit", args=[world["ren_reg"].pk])
    assert f'action="{submit}"' in html
    assert "Deck Open" in html


def test_the_deck_view_reads_the_index_in_one_query(
    world: dict[str, Any], django_assert_num_queries: Any
) -> None:
    deck_view(game="zutomayo", counts={"DEMO_1": 2}, language="en")  # warm the index
    with django_assert_num_queries(1):
        view = deck_view(game="zutomayo", counts={"DEMO_1": 2}, language="en")
    assert view.size == 2


def test_an_empty_builder_is_not_called_legal(demo_cards: Any) -> None:
    body = _check("")
    assert body["size"] == 0
    assert "Legal." not in body["html"]
    assert "Add cards from the list." in body["html"]


def test_saved_decks_are_read_in_one_query(
    world: dict[str, Any], django_assert_num_queries: Any
) -> None:
    for name in ("One", "Two", "Three"):
        saved_deck_create(user=world["aoi"], game="zutomayo", name=name, text=LEGAL)
    with django_assert_num_queries(1):
        names = [(d.name, d.game.slug) for d in saved_decks_of(user_id=world["aoi"].pk)]
    assert sorted(names) == [("One", "zutomayo"), ("Three", "zutomayo"), ("Two", "zutomayo")]


def test_a_bad_share_link_says_why_in_japanese_on_a_japanese_page(demo_cards: Any) -> None:
    response = _client(language="ja").get(reverse("tournaments:deck-shared", args=["zm9.AAAA"]))
    assert response.status_code == 400
    assert "デッキコードのバージョン" in response.content.decode()
