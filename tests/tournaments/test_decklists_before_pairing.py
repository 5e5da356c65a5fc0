"""Decklists before pairing: the player table shows each list's state, and round 1 of an event
that requires a legal list asks first about the checked-in players without one (drop them, a
game loss this round, or pair them anyway), in the pages and in the API."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone, translation
from rest_framework.test import APIClient

from core.errors import ConflictError
from core.models import AuditEntry
from tests.tournaments.test_decklists import LEGAL, demo_cards  # noqa: F401 (a fixture)
from tournaments.models import Decklist, Event, Penalty, Registration, Round
from tournaments.services import (
    decklist_submit,
    event_create,
    event_role_grant,
    event_update,
    registration_check_in,
    registration_create,
    round_pair,
)

pytestmark = pytest.mark.django_db

ILLEGAL_REASON = {"en": "DEMO_1 is banned", "ja": "DEMO_1は禁止カードです"}


@pytest.fixture
def world(demo_cards: Any, make_user: Any) -> dict[str, Any]:  # noqa: F811
    """Four players checked in: two with legal lists, Mika's list found illegal by a
    re-check, Sora with none."""
    organiser, keeper = make_user("org"), make_user("keeper")
    event = event_create(
        name="List Cup", game_slug="zutomayo", date=timezone.localdate(), created_by=organiser,
        status=Event.Status.REGISTRATION_OPEN,
    )  # fmt: skip
    event_role_grant(event=event, user=keeper, role="scorekeeper", granted_by=organiser)
    registrations = {}
    for name in ("Aoi", "Ren", "Mika", "Sora"):
        user = make_user(name.lower())
        registration = registration_create(event=event, user=user, display_name=name)
        if name != "Sora":
            decklist_submit(registration_id=registration.pk, submitted_by=user, data=LEGAL)
        registrations[name] = registration_check_in(registration_id=registration.pk, by=organiser)
    Decklist.objects.filter(registration=registrations["Mika"]).update(
        illegal_since=timezone.now(),
        recheck_report={
            "en": [{"message": ILLEGAL_REASON["en"]}],
            "ja": [{"message": ILLEGAL_REASON["ja"]}],
        },
    )
    return {"event": event, "organiser": organiser, "keeper": keeper, **registrations}


def test_a_legal_list_is_required_by_default() -> None:
    assert Event._meta.get_field("decklist_required").default is True


def test_round_one_is_refused_naming_the_players_without_a_legal_list(
    world: dict[str, Any],
) -> None:
    with pytest.raises(ConflictError) as refused:
        round_pair(event_id=world["event"].pk, by=world["keeper"])
    assert refused.value.code == "decklists_missing"
    players = refused.value.as_dict()["players"]
    assert isinstance(players, list)
    assert [(p["name"], p["decklist"], p["reason"]) for p in players] == [
        ("Mika", "illegal", ILLEGAL_REASON["en"]),
        ("Sora", "missing", ""),
    ]
    assert not Round.objects.filter(event=world["event"]).exists()  # nothing paired


def test_drop_them_drops_before_pairing(world: dict[str, Any]) -> None:
    round_obj = round_pair(event_id=world["event"].pk, by=world["keeper"], unlisted="drop")
    dropped = Registration.objects.filter(status=Registration.Status.DROPPED)
    assert {r.display_name for r in dropped} == {"Mika", "Sora"}
    seated = {m.player_a_id for m in round_obj.matches.all()} | {
        m.player_b_id for m in round_obj.matches.all()
    }
    assert seated == {world["Aoi"].pk, world["Ren"].pk}
    assert round_obj.summary["unlisted"]["how"] == "drop"
    assert AuditEntry.objects.filter(action="tournaments.registration.dropped").count() == 2


def test_a_game_loss_this_round_is_recorded_and_audited(world: dict[str, Any]) -> None:
    round_obj = round_pair(event_id=world["event"].pk, by=world["keeper"], unlisted="game_loss")
    penalties = Penalty.objects.filter(round=round_obj, penalty="game loss")
    assert {p.registration.display_name for p in penalties} == {"Mika", "Sora"}
    assert all(p.table is not None and p.judge == world["keeper"] for p in penalties)
    assert AuditEntry.objects.filter(action="tournaments.penalty.recorded").count() == 2
    assert round_obj.matches.count() == 2  # all four play


def test_pair_anyway_is_audited_with_their_names(world: dict[str, Any]) -> None:
    round_obj = round_pair(event_id=world["event"].pk, by=world["keeper"], unlisted="pair")
    entry = AuditEntry.objects.get(action="tournaments.round.paired")
    assert entry.data["unlisted"]["how"] == "pair"
    assert [p["name"] for p in entry.data["unlisted"]["players"]] == ["Mika", "Sora"]
    assert round_obj.matches.count() == 2


def test_the_setting_off_pairs_without_asking(world: dict[str, Any]) -> None:
    event_update(
        event_id=world["event"].pk, by=world["organiser"], changes={"decklist_required": False}
    )
    round_obj = round_pair(event_id=world["event"].pk, by=world["keeper"])
    assert "unlisted" not in round_obj.summary


def test_the_api_answers_409_until_the_request_says_what_to_do(world: dict[str, Any]) -> None:
    client = APIClient()
    client.force_authenticate(world["keeper"])
    url = f"/api/v1/events/{world['event'].pk}/rounds/"
    asked = client.post(url, {}, format="json")
    assert asked.status_code == 409
    assert asked.json()["code"] == "decklists_missing"
    assert [p["name"] for p in asked.json()["players"]] == ["Mika", "Sora"]
    assert client.post(url, {"unlisted": "maybe"}, format="json").status_code == 400
    assert client.post(url, {"unlisted": "game_loss"}, format="json").status_code == 201


@pytest.mark.parametrize("language", ["en", "ja"])
def test_the_dashboard_and_check_in_show_each_list_state(
    world: dict[str, Any], language: str
) -> None:
    client = Client(headers={"accept-language": language})
    client.force_login(world["keeper"])
    with translation.override(language):
        legal, illegal, missing = "List legal", "List illegal", "No list"
        if language == "ja":
            legal, illegal, missing = (
                translation.gettext("List legal"),
                translation.gettext("List illegal"),
                translation.gettext("No list"),
            )
            assert legal != "List legal"  # translated
    for name in ("event-manage", "check-in-desk"):
        page = client.get(reverse(f"tournaments:{name}", args=[world["event"].pk]))
        html = page.content.decode()
        assert html.count(legal) == 2, name
        assert illegal in html, name
        assert ILLEGAL_REASON[language] in html, name
        assert missing in html, name


@pytest.mark.parametrize("language", ["en", "ja"])
def test_the_pair_button_asks_first_naming_them(world: dict[str, Any], language: str) -> None:
    client = Client(headers={"accept-language": language})
    client.force_login(world["keeper"])
    url = reverse("tournaments:event-action", args=[world["event"].pk, "pair"])
    asked = client.post(url)
    assert asked.status_code == 409
    html = asked.content.decode()
    assert "Mika" in html
    assert "Sora" in html
    assert ILLEGAL_REASON[language] in html
    assert 'value="drop"' in html
    assert 'value="game_loss"' in html
    assert 'value="pair"' in html
    if language == "ja":
        assert "Pair them anyway" not in html
        assert "audit log" not in html
    assert not Round.objects.filter(event=world["event"]).exists()
    assert client.post(url, {"unlisted": "pair"}).status_code == 302
    assert Round.objects.filter(event=world["event"]).count() == 1
