"""At the venue: check-in, claim codes and judge calls as each role uses them, on the pages and
in the API."""

from __future__ import annotations

import html
import re
from typing import Any

import pytest
from django.test import Client
from rest_framework.test import APIClient

from tournaments.models import EventRole, JudgeCall, Registration
from tournaments.services import (
    event_role_grant,
    registration_check_in,
    registration_create,
    round_pair,
)
from tournaments.services.checkin import event_check_in_open

pytestmark = pytest.mark.django_db


def _client(user: Any = None) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def _api(user: Any = None) -> APIClient:
    client = APIClient()
    if user is not None:
        client.force_authenticate(user)
    return client


@pytest.fixture
def world(make_user: Any, make_event: Any) -> dict[str, Any]:
    organiser, judge, keeper = make_user("org"), make_user("judge"), make_user("keeper")
    stranger = make_user("stranger")
    players = [make_user(f"p{i}", first_name=f"Player{i}") for i in range(1, 5)]
    event = make_event(organiser=organiser, name="Desk Cup")
    event_role_grant(event=event, user=judge, role="judge", granted_by=organiser)
    event_role_grant(
        event=event, user=keeper, role=EventRole.Role.SCOREKEEPER, granted_by=organiser
    )
    regs = [
        registration_create(event=event, user=p, display_name=f"Player{i}", by=p)
        for i, p in enumerate(players, start=1)
    ]
    walk_in = registration_create(
        event=event, user=None, display_name="Walk-in Hanako", by=organiser
    )
    return {"event": event, "organiser": organiser, "judge": judge, "keeper": keeper,
            "stranger": stranger, "players": players, "regs": regs, "walk_in": walk_in}  # fmt: skip


# --- check-in -------------------------------------------------------------------------------


def test_the_desk_is_for_organisers_and_scorekeepers(world: dict[str, Any]) -> None:
    url = f"/events/{world['event'].pk}/check-in/"
    for who in ("organiser", "keeper"):
        response = _client(world[who]).get(url)
        assert response.status_code == 200
        assert b"Walk-in Hanako" in response.content
    for who in ("judge", "stranger"):
        assert _client(world[who]).get(url).status_code == 403
    assert _client(world["players"][0]).get(url).status_code == 403
    assert _client().get(url).status_code == 302  # to the log-in page


def test_scorekeeper_opens_check_in_and_the_player_checks_in_on_their_page(
    world: dict[str, Any],
) -> None:
    event, player = world["event"], world["players"][0]
    me = f"/events/{event.pk}/me/"
    assert "has not opened yet" in _client(player).get(me).content.decode()
    opened = _client(world["keeper"]).post(f"/events/{event.pk}/check-in/open/")
    assert opened.status_code == 302
    page = _client(player).get(me).content.decode()
    assert f'action="/events/{event.pk}/check-in/me/"' in page
    response = _client(player).post(f"/events/{event.pk}/check-in/me/")
    assert response.status_code == 302
    assert response["Location"] == me
    registration = Registration.objects.get(event=event, user=player)
    assert registration.status == Registration.Status.CHECKED_IN
    assert "You are checked in." in _client(player).get(me).content.decode()
    # closed: refused with the reason, nothing changes
    _client(world["organiser"]).post(f"/events/{event.pk}/check-in/close/")
    late = _client(world["players"][1]).post(f"/events/{event.pk}/check-in/me/")
    assert late.status_code == 409
    assert "check-in closed at" in late.content.decode()


def test_the_qr_page_and_scanning_it(world: dict[str, Any]) -> None:
    event = world["event"]
    qr_url = f"/events/{event.pk}/check-in/qr/"
    assert "Open check-in first" in _client(world["organiser"]).get(qr_url).content.decode()
    event_check_in_open(event_id=event.pk, by=world["organiser"])
    event.refresh_from_db()
    page = _client(world["organiser"]).get(qr_url).content.decode()
    assert "<svg" in page
    assert not re.search(r"<script(?![^>]*\bsrc=)", page)  # static scripts only
    assert f"/events/{event.pk}/check-in/scan/?code={event.check_in_token}" in page
    scan = f"/events/{event.pk}/check-in/scan/?code={event.check_in_token}"
    first = _client(world["players"][0]).get(scan)
    assert first.status_code == 200
    assert "You are checked in." in first.content.decode()
    again = _client(world["players"][0]).get(scan)
    assert "You were already checked in." in again.content.decode()
    stranger = _client(world["stranger"]).get(scan)
    assert stranger.status_code == 404
    assert "you are not registered for Desk Cup" in stranger.content.decode()
    wrong = _client(world["players"][1]).get(f"/events/{event.pk}/check-in/scan/?code=nope")
    assert wrong.status_code == 400
    assert _client().get(scan).status_code == 302  # log in first, then back here
    assert _client(world["players"][1]).get(qr_url).status_code == 403


def test_bulk_check_in_by_filter_asks_first(world: dict[str, Any]) -> None:
    event, organiser = world["event"], world["organiser"]
    registration_check_in(registration_id=world["regs"][0].pk, by=organiser)
    page = _client(organiser).get(f"/events/{event.pk}/check-in/?select=account").content.decode()
    ticked = set(re.findall(r'value="(\d+)" checked', page))
    assert ticked == {str(r.pk) for r in world["regs"][1:]}  # accounts, not yet in
    chosen = sorted(ticked)
    confirm = _client(organiser).post(
        f"/events/{event.pk}/check-in/bulk/", {"registrations": chosen}
    )
    assert confirm.status_code == 200
    assert "Check in 3 players?" in confirm.content.decode()
    assert Registration.objects.filter(event=event, status="checked_in").count() == 1
    done = _client(organiser).post(
        f"/events/{event.pk}/check-in/bulk/", {"registrations": chosen, "confirm": "yes"}
    )
    assert done.status_code == 302
    statuses = dict(Registration.objects.filter(event=event).values_list("pk", "status"))
    assert statuses[world["walk_in"].pk] == "registered"
    assert sum(status == "checked_in" for status in statuses.values()) == 4
    nothing = _client(organiser).post(f"/events/{event.pk}/check-in/bulk/", {})
    assert nothing.status_code == 400
    refused = _client(world["judge"]).post(
        f"/events/{event.pk}/check-in/bulk/",
        {"registrations": [world["walk_in"].pk], "confirm": "yes"},
    )
    assert refused.status_code == 403


def test_drop_absent_setting_is_for_organisers(world: dict[str, Any]) -> None:
    event = world["event"]
    url = f"/events/{event.pk}/check-in/settings/"
    assert _client(world["keeper"]).post(url, {"drop_absent": "on"}).status_code == 403
    assert _client(world["organiser"]).post(url, {"drop_absent": "on"}).status_code == 302
    event.refresh_from_db()
    assert event.drop_absent_at_round_one is True
    _client(world["organiser"]).post(url, {})
    event.refresh_from_db()
    assert event.drop_absent_at_round_one is False


# --- claim codes ----------------------------------------------------------------------------


def test_receipts_carry_the_code_and_the_slips_do_not(world: dict[str, Any]) -> None:
    event, code = world["event"], world["walk_in"].claim_code
    assert code
    every = _client(world["organiser"]).get(f"/events/{event.pk}/receipts/").content.decode()
    assert code in every
    one = _client(world["keeper"]).get(f"/events/{event.pk}/receipts/{world['walk_in'].pk}/")
    assert code in one.content.decode()
    own = world["regs"][0]
    assert _client(world["players"][0]).get(f"/events/{event.pk}/receipts/").status_code == 403
    mine = _client(world["players"][0]).get(f"/events/{event.pk}/receipts/{own.pk}/")
    assert mine.status_code == 403
    # the player's page and the public pages never show it
    for path in ("", "pairings/", "standings/"):
        assert (
            code
            not in _client(world["players"][0]).get(f"/events/{event.pk}/{path}").content.decode()
        )
    dashboard = _client(world["organiser"]).get(f"/events/{event.pk}/manage/").content.decode()
    assert "not claimed" in dashboard
    assert code not in dashboard


def test_claim_page(world: dict[str, Any], make_user: Any) -> None:
    event, code = world["event"], world["walk_in"].claim_code
    newcomer = make_user("hanako")
    assert _client().get("/claim/").status_code == 302
    bad = _client(newcomer).post("/claim/", {"code": "nope"})
    assert bad.status_code == 400
    assert "8 letters and digits" in bad.content.decode()
    response = _client(newcomer).post("/claim/", {"code": code.lower().replace("-", " ")})
    assert response.status_code == 302
    assert response["Location"] == f"/events/{event.pk}/me/"
    assert Registration.objects.get(pk=world["walk_in"].pk).user_id == newcomer.pk
    dashboard = _client(world["organiser"]).get(f"/events/{event.pk}/manage/").content.decode()
    assert ">claimed<" in dashboard
    twice = _client(make_user("someone")).post("/claim/", {"code": code})
    assert twice.status_code == 409
    assert "already been used" in twice.content.decode()
    already = _client(world["players"][0]).post("/claim/", {"code": code})
    assert already.status_code == 409


# --- judge calls ----------------------------------------------------------------------------


def _running(world: dict[str, Any]) -> None:
    for registration in world["regs"]:
        registration_check_in(registration_id=registration.pk, by=world["organiser"])
    round_pair(event_id=world["event"].pk, by=world["organiser"], seed=5)


def test_a_player_calls_a_judge_and_the_judge_takes_it(world: dict[str, Any]) -> None:
    _running(world)
    event, player = world["event"], world["players"][0]
    me = f"/events/{event.pk}/me/"
    assert "Call a judge" in _client(player).get(me).content.decode()
    response = _client(player).post(f"/events/{event.pk}/judge-call/", {"note": "rules question"})
    assert response.status_code == 302
    call = JudgeCall.objects.get(event=event)
    assert call.table is not None
    assert "You called a judge" in _client(player).get(me).content.decode()
    twice = _client(player).post(f"/events/{event.pk}/judge-call/", {"note": ""})
    assert twice.status_code == 409

    desk = _client(world["judge"]).get(f"/events/{event.pk}/judge/").content.decode()
    assert "Player1" in desk
    assert "rules question" in desk
    assert f"Table {call.table}" in desk
    partial = _client(world["judge"]).get(f"/events/{event.pk}/judge/calls/")
    assert partial.status_code == 200
    assert b"<html" not in partial.content
    assert b"rules question" in partial.content
    take = _client(world["judge"]).post(f"/events/{event.pk}/judge/calls/take/", {"call": call.pk})
    assert take.status_code == 302
    other = _client(world["organiser"]).post(
        f"/events/{event.pk}/judge/calls/take/", {"call": call.pk}
    )
    assert other.status_code == 409
    assert "judge has already taken this call" in other.content.decode()
    assert (
        _client(player).post(f"/events/{event.pk}/judge/calls/done/", {"call": call.pk}).status_code
        == 403
    )
    done = _client(world["judge"]).post(f"/events/{event.pk}/judge/calls/done/", {"call": call.pk})
    assert done.status_code == 302
    assert JudgeCall.objects.get(pk=call.pk).resolved_at is not None
    assert (
        "No player is calling a judge."
        in _client(world["judge"]).get(f"/events/{event.pk}/judge/").content.decode()
    )


def test_strangers_cannot_call_a_judge(world: dict[str, Any]) -> None:
    event = world["event"]
    assert _client(world["stranger"]).post(f"/events/{event.pk}/judge-call/").status_code == 403
    assert JudgeCall.objects.count() == 0


def test_judge_calls_partial_query_count(
    world: dict[str, Any], django_assert_num_queries: Any
) -> None:
    _running(world)
    for player in world["players"]:
        _client(player).post(f"/events/{world['event'].pk}/judge-call/")
    client = _client(world["judge"])
    # session, user; the guard (event, roles, registration); the event, roles for the view and
    # the selector; the calls with their players and judges in one query, however many
    with django_assert_num_queries(9):
        response = client.get(f"/events/{world['event'].pk}/judge/calls/")
    assert response.content.decode().count('name="call"') >= 4


def test_the_calls_refresh_on_the_desk_and_cost_nothing_when_unchanged(
    world: dict[str, Any],
) -> None:
    # Req 8 "shows the call at once": the desk's calls region polls its own address with its
    # ETag; unchanged it answers 304, and a new call changes the tag and the list.
    _running(world)
    event, judge = world["event"], world["judge"]
    desk = _client(judge).get(f"/events/{event.pk}/judge/").content.decode()
    assert f'hx-get="/events/{event.pk}/judge/calls/"' in desk
    client = _client(judge)
    first = client.get(f"/events/{event.pk}/judge/calls/", HTTP_HX_REQUEST="true")
    etag = first["ETag"]
    assert f'data-live-etag="{html.escape(etag)}"' in desk
    again = client.get(
        f"/events/{event.pk}/judge/calls/", HTTP_HX_REQUEST="true", HTTP_IF_NONE_MATCH=etag
    )
    assert again.status_code == 304
    _client(world["players"][0]).post(f"/events/{event.pk}/judge-call/", {"note": "help"})
    changed = client.get(
        f"/events/{event.pk}/judge/calls/", HTTP_HX_REQUEST="true", HTTP_IF_NONE_MATCH=etag
    )
    assert changed.status_code == 200
    assert changed["ETag"] != etag
    assert b"help" in changed.content


def test_a_scorekeepers_desk_has_no_calls_panel(world: dict[str, Any]) -> None:
    _running(world)
    desk = _client(world["keeper"]).get(f"/events/{world['event'].pk}/judge/")
    assert desk.status_code == 200
    assert "Judge calls" not in desk.content.decode()


# --- the API ----------------------------------------------------------------------------------


def test_api_check_in_window_self_and_bulk(world: dict[str, Any]) -> None:
    event = world["event"]
    base = f"/api/v1/events/{event.pk}/check-in/"
    refused = _api(world["judge"]).post(base + "window/", {"open": True}, format="json")
    assert refused.status_code == 403
    assert set(refused.json()) >= {"code", "detail", "field"}
    opened = _api(world["keeper"]).post(base + "window/", {"open": True}, format="json")
    assert opened.status_code == 200
    assert opened.json()["open"] is True
    token = opened.json()["check_in_url_code"]
    assert token
    wrong = _api(world["players"][0]).post(base, {"code": "nope"}, format="json")
    assert wrong.status_code == 400
    assert wrong.json()["field"] == "token"
    mine = _api(world["players"][0]).post(base, {"code": token}, format="json")
    assert mine.status_code == 200
    assert mine.json()["already"] is False
    assert mine.json()["registration"]["status"] == "checked_in"
    stranger = _api(world["stranger"]).post(base, {}, format="json")
    assert stranger.status_code == 403
    bulk = _api(world["organiser"]).post(base + "bulk/", {"filter": "registered"}, format="json")
    assert bulk.status_code == 200
    assert sorted(r["display_name"] for r in bulk.json()) == [
        "Player2", "Player3", "Player4", "Walk-in Hanako"
    ]  # fmt: skip
    both = _api(world["organiser"]).post(
        base + "bulk/", {"filter": "registered", "registrations": [1]}, format="json"
    )
    assert both.status_code == 400
    closed = _api(world["organiser"]).post(base + "window/", {"open": False}, format="json")
    assert closed.json()["open"] is False


def test_api_claim(world: dict[str, Any], make_user: Any) -> None:
    newcomer = make_user("hanako")
    code = world["walk_in"].claim_code
    response = _api(newcomer).post("/api/v1/claim/", {"code": code}, format="json")
    assert response.status_code == 200
    assert response.json()["event"] == world["event"].pk
    again = _api(make_user("late")).post("/api/v1/claim/", {"code": code}, format="json")
    assert again.status_code == 409
    assert again.json()["code"] == "conflict"
    assert _api().post("/api/v1/claim/", {"code": code}, format="json").status_code in (401, 403)


def test_claim_codes_are_limited_like_log_ins(
    world: dict[str, Any], make_user: Any, login_waits: list[float]
) -> None:
    """5 wrong codes are answered at once, the next try waits (429 with Retry-After) on the
    API and the page alike; another person at the same address is not held up, and their
    right code goes through."""
    guesser = make_user("guesser")
    for number in range(5):
        code = f"AAAA-AAA{number + 2}"
        wrong = _api(guesser).post("/api/v1/claim/", {"code": code}, format="json")
        assert wrong.status_code == 404
    refused = _api(guesser).post("/api/v1/claim/", {"code": "AAAA-AAA9"}, format="json")
    assert refused.status_code == 429
    assert refused["Retry-After"] == "1"
    assert refused.json()["field"] == "code"
    page = _client(guesser).post("/claim/", {"code": "AAAA-AAA8"})
    assert page.status_code == 429
    assert "Too many wrong claim codes" in page.content.decode()
    code = world["walk_in"].claim_code
    assert _api(make_user("owner")).post("/api/v1/claim/", {"code": code},
                                         format="json").status_code == 200  # fmt: skip
    assert login_waits == []


def test_api_judge_calls(world: dict[str, Any]) -> None:
    _running(world)
    event = world["event"]
    url = f"/api/v1/events/{event.pk}/judge-calls/"
    made = _api(world["players"][0]).post(url, {"note": "help"}, format="json")
    assert made.status_code == 201
    call_id = made.json()["id"]
    assert made.json()["player"] == "Player1"
    assert _api(world["players"][0]).get(url).status_code == 403
    listed = _api(world["judge"]).get(url).json()
    assert [c["id"] for c in listed] == [call_id]
    taken = _api(world["judge"]).post(url + "take/", {"call": call_id}, format="json")
    assert taken.json()["taken_by"] == "judge"
    clash = _api(world["organiser"]).post(url + "take/", {"call": call_id}, format="json")
    assert clash.status_code == 409
    done = _api(world["organiser"]).post(url + "done/", {"call": call_id}, format="json")
    assert done.status_code == 200
    assert done.json()["resolved_at"]
    assert _api(world["judge"]).get(url).json() == []
