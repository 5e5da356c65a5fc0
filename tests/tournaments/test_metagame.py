"""Published decklists and the metagame on a small hand-made event (worked out by hand).

Four players, three Swiss rounds: with four players and no rematches everyone meets everyone
once. Two darkness decks beat everything else (the first-seated wins between them), the
electric deck beats the mixed one."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse

from cardpool.models import Card
from cardpool.services import card_import
from tests.cardpool.conftest import demo_records
from tests.tournaments.conftest import Score, TournamentKit
from tournaments.models import Event, Match
from tournaments.selectors.metagame import event_metagame, main_element
from tournaments.services import decklist_submit, event_finish, event_update

NON_CHARACTERS = "\n".join(f"2 DEMO_{n}" for n in (15, 16, 19, 20, 23))  # 8 enchants, 2 areas
DARK = "2 DEMO_1\n2 DEMO_2\n2 DEMO_9\n2 DEMO_3\n2 DEMO_4\n" + NON_CHARACTERS  # 6 dark, 4 elec
ELECTRIC = "2 DEMO_3\n2 DEMO_4\n2 DEMO_10\n2 DEMO_1\n2 DEMO_2\n" + NON_CHARACTERS  # 6 elec
MIXED = "2 DEMO_1\n2 DEMO_2\n2 DEMO_3\n2 DEMO_4\n2 DEMO_5\n" + NON_CHARACTERS  # 4 dark = 4 elec


def scorer(match: Match) -> Score:
    a, b = match.player_a.display_name, match.player_b.display_name if match.player_b else ""
    if a.startswith("Dark") or b.startswith("Dark"):
        return (1, 0, 0) if a.startswith("Dark") else (0, 1, 0)
    return (1, 0, 0) if a == "Electric" else (0, 1, 0)


@pytest.fixture
def event(kit: TournamentKit) -> Event:
    card_import(game_slug="zutomayo", records=demo_records(), source="demo", is_demo=True)
    event = kit.event(swiss_rounds=3)
    for name, deck in (("Dark A", DARK), ("Dark B", DARK), ("Electric", ELECTRIC),
                       ("Mixed", MIXED)):  # fmt: skip
        registration = kit.register(event, name)
        assert registration.user is not None
        decklist_submit(registration_id=registration.pk, submitted_by=registration.user,
                        data=deck)  # fmt: skip
    for seed in (1, 2, 3):
        kit.play(kit.pair(event, seed=seed), scorer)
    event_finish(event_id=event.pk, by=kit.organiser)
    event_update(event_id=event.pk, by=kit.organiser, changes={"decklists_published": True})
    event.refresh_from_db()
    return event


def test_main_element_counts_characters_and_ties_are_mixed(event: Event) -> None:
    cards = {c.code: c for c in Card.objects.filter(code__in=["DEMO_1", "DEMO_3", "DEMO_15"])}
    assert main_element([(cards["DEMO_1"], 2), (cards["DEMO_3"], 1), (cards["DEMO_15"], 9)]) == (
        "darkness"  # the nine enchants do not count
    )
    assert main_element([(cards["DEMO_1"], 2), (cards["DEMO_3"], 2)]) == "mixed"
    assert main_element([(cards["DEMO_15"], 2)]) == "none"


def test_metagame_shares_and_win_rates(
    event: Event, kit: TournamentKit, django_assert_num_queries: Any
) -> None:
    with django_assert_num_queries(10):  # no top cut: its empty queries prefetch nothing
        metagame = event_metagame(event=event, user=kit.organiser)
    assert metagame.decks == 4
    assert [(s.key, s.count, s.percent) for s in metagame.elements] == [
        ("darkness", 2, 50),
        ("electric", 1, 25),
        ("mixed", 1, 25),
    ]
    # 80 cards: 40 characters, 32 enchants, 8 area enchants.
    assert [(s.key, s.count, s.percent) for s in metagame.card_types] == [
        ("character", 40, 50),
        ("enchant", 32, 40),
        ("area_enchant", 8, 10),
    ]
    # Darkness: 6 matches, 5 wins (4 against the others, 1 of the two against each other).
    assert [(p.key, p.matches, p.win_rate) for p in metagame.performance] == [
        ("darkness", 6, 83),
        ("electric", 3, 33),
        ("mixed", 3, 0),
    ]
    assert metagame.top_cut_size == 0


def test_pages_show_the_lists_and_the_charts(event: Event, client: Client) -> None:
    page = client.get(reverse("tournaments:event-decklists", args=[event.pk]))
    assert page.status_code == 200
    html = page.content.decode()
    assert "Paper Lantern Cat" in html
    assert "Dark A" in html
    assert "DEMO_1<" not in html
    metagame = client.get(reverse("tournaments:event-metagame", args=[event.pk]))
    text = metagame.content.decode()
    assert metagame.status_code == 200
    assert "<svg" in text
    assert 'width="50"' in text
    assert "style=" not in text
    assert "<script>" not in text
    standings = client.get(reverse("tournaments:standings", args=[event.pk])).content.decode()
    assert reverse("tournaments:event-decklists", args=[event.pk]) in standings


def test_unpublished_lists_are_for_organisers_only(
    event: Event, client: Client, kit: TournamentKit
) -> None:
    event_update(event_id=event.pk, by=kit.organiser, changes={"decklists_published": False})
    url = reverse("tournaments:event-decklists", args=[event.pk])
    assert client.get(url).status_code in (302, 403, 404)
    client.force_login(kit.judge)
    assert client.get(url).status_code in (403, 404)
    client.force_login(kit.organiser)
    assert client.get(url).status_code == 200
