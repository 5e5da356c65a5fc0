"""Defects a review found, each pinned by a test that failed before its fix."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client
from rest_framework.test import APIClient

from core.errors import ConflictError, InvalidInputError, PermissionDeniedError
from tournaments import services
from tournaments.models import DecklistVersion, Event, Match, Registration, ResultReport, Round

pytestmark = pytest.mark.django_db


@pytest.fixture
def four(make_user: Any, make_event: Any) -> dict[str, Any]:
    organiser = make_user("org")
    event = make_event(organiser=organiser, swiss_rounds=2)
    players = []
    for index in range(4):
        user = make_user(f"p{index}")
        registration = services.registration_create(
            event=event, user=user, display_name=f"P{index}", by=organiser
        )
        services.registration_check_in(registration_id=registration.pk, by=organiser)
        players.append(user)
    return {"event": event, "organiser": organiser, "players": players}


def _match_of(round_obj: Round, registration: Registration) -> Match:
    match = Match.objects.filter(round=round_obj, player_a=registration).first()
    return match or Match.objects.get(round=round_obj, player_b=registration)


def _play_round(round_obj: Round, judge: Any) -> None:
    services.round_start(round_id=round_obj.pk, by=judge)
    for match in Match.objects.filter(round=round_obj, is_bye=False):
        services.result_enter_by_judge(match_id=match.pk, judge=judge, wins_a=1, wins_b=0)
    services.round_complete(round_id=round_obj.pk, by=judge)


def test_a_phone_polling_round_one_sees_round_two(four: dict[str, Any]) -> None:
    event, organiser = four["event"], four["organiser"]
    first = services.round_pair(event_id=event.pk, by=organiser, seed=7)
    client = Client()
    etag = client.get(f"/events/{event.pk}/pairings/")["ETag"]
    _play_round(first, organiser)
    services.round_pair(event_id=event.pk, by=organiser, seed=8)
    poll = client.get(f"/events/{event.pk}/pairings/", HTTP_IF_NONE_MATCH=etag)
    assert poll.status_code == 200
    assert poll.context["round"].number == 2


def test_an_idempotency_key_reused_on_another_match_is_refused(four: dict[str, Any]) -> None:
    event, organiser = four["event"], four["organiser"]
    first = services.round_pair(event_id=event.pk, by=organiser, seed=7)
    player = four["players"][0]
    registration = Registration.objects.get(event=event, user=player)
    mine = _match_of(first, registration)
    services.result_report(match_id=mine.pk, user=player, wins_a=1, wins_b=0,
                           idempotency_key="phone-abc")  # fmt: skip
    other = Match.objects.filter(round=first).exclude(pk=mine.pk).first()
    assert other is not None
    # a match the player is not in: refused as such before the key is looked at (403
    # from every match write, whatever the key: the key tells an outsider nothing)
    with pytest.raises(PermissionDeniedError, match="only your own match"):
        services.result_report(match_id=other.pk, user=player, wins_a=1, wins_b=0,
                               idempotency_key="phone-abc")  # fmt: skip
    # the player's own match of the next round, with the key of round 1: refused, nothing kept
    _play_round(first, organiser)
    second = services.round_pair(event_id=event.pk, by=organiser, seed=8)
    theirs = _match_of(second, registration)
    with pytest.raises(InvalidInputError, match="another match"):
        services.result_report(match_id=theirs.pk, user=player, wins_a=1, wins_b=0,
                               idempotency_key="phone-abc")  # fmt: skip
    assert not ResultReport.objects.filter(match=theirs).exists()
    assert not ResultReport.objects.filter(match=other, reported_by=player).exists()


def test_a_judge_who_plays_cannot_enter_their_own_result(four: dict[str, Any]) -> None:
    event, organiser = four["event"], four["organiser"]
    player = four["players"][1]
    services.event_role_grant(event=event, user=player, role="judge", granted_by=organiser)
    first = services.round_pair(event_id=event.pk, by=organiser, seed=7)
    registration = Registration.objects.get(event=event, user=player)
    match = _match_of(first, registration)
    with pytest.raises(PermissionDeniedError, match="you play in this match"):
        services.result_enter_by_judge(match_id=match.pk, judge=player, wins_a=1, wins_b=0)
    assert not ResultReport.objects.filter(match=match).exists()


def test_results_are_final_once_the_event_is_finished(four: dict[str, Any]) -> None:
    event, organiser = four["event"], four["organiser"]
    for seed in (7, 8):
        _play_round(services.round_pair(event_id=event.pk, by=organiser, seed=seed), organiser)
    services.event_finish(event_id=event.pk, by=organiser)
    match = Match.objects.filter(round__event=event, round__number=2).first()
    assert match is not None
    with pytest.raises(ConflictError, match="finished"):
        services.result_enter_by_judge(match_id=match.pk, judge=organiser, wins_a=0, wins_b=1,
                                       reason="late change")  # fmt: skip


def test_decklists_lock_when_round_one_is_paired(four: dict[str, Any]) -> None:
    from cardpool.services import card_import
    from tests.cardpool.conftest import demo_records
    from tournaments.services import decklist_submit

    card_import(game_slug="zutomayo", records=demo_records(), source="demo", is_demo=True)
    event, organiser, player = four["event"], four["organiser"], four["players"][0]
    registration = Registration.objects.get(event=event, user=player)
    deck = "\n".join(f"2 DEMO_{n}" for n in range(1, 11))
    decklist_submit(registration_id=registration.pk, submitted_by=player, data=deck)
    services.round_pair(event_id=event.pk, by=organiser, seed=7)
    with pytest.raises(ConflictError, match="started"):
        decklist_submit(registration_id=registration.pk, submitted_by=player,
                        data=deck.replace("DEMO_10", "DEMO_11"))  # fmt: skip
    assert DecklistVersion.objects.count() == 1


def test_bad_inputs_are_4xx_not_500(four: dict[str, Any], make_user: Any) -> None:
    event, organiser = four["event"], four["organiser"]
    services.round_pair(event_id=event.pk, by=organiser, seed=7)
    web = Client()
    web.force_login(organiser)
    assert (
        web.post(f"/events/{event.pk}/print/pairings_by_name/", {"round": "abc"}).status_code == 400
    )
    assert web.get("/cards/decklists/999999/").status_code == 404
    edit = web.get(f"/events/{event.pk}/edit/").context["form"].initial
    data = {k: v for k, v in edit.items() if v is not None}
    edited = web.post(
        f"/events/{event.pk}/edit/", {**data, "decklist_deadline": "0001-01-01T00:00"}
    )
    assert edited.status_code == 400
    assert Event.objects.get(pk=event.pk).decklist_deadline is None


def test_a_csv_field_over_the_csv_limit_is_a_400(four: dict[str, Any]) -> None:
    with pytest.raises(InvalidInputError, match="line"):
        services.registrations_import_csv(
            event_id=four["event"].pk, by=four["organiser"],
            data="name,player_id,email\n" + "a" * 140_000 + ",x,\n",
        )  # fmt: skip


def test_the_card_api_caps_the_page_size() -> None:
    from cardpool.services import card_import
    from tests.cardpool.conftest import demo_records

    card_import(game_slug="zutomayo", records=demo_records(), source="demo", is_demo=True)
    response = APIClient().get("/api/v1/cards/", {"limit": "100000000000000000000"})
    assert response.status_code == 200
    assert len(response.json()["results"]) == 24
    assert len(APIClient().get("/api/v1/cards/", {"limit": "3"}).json()["results"]) == 3


def test_the_token_endpoint_shares_the_login_limit(make_user: Any) -> None:
    make_user("aoi", password="right-password-1")
    client = APIClient()
    for _ in range(5):
        assert (
            client.post("/api/v1/auth/token/", {"username": "aoi", "password": "x"}).status_code
            == 400
        )
    locked = client.post("/api/v1/auth/token/", {"username": "aoi", "password": "right-password-1"})
    assert locked.status_code == 429
    assert "token" not in locked.json()
