"""The event pages, driven as each role would: organiser, players, judge, the public."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from core.models import AuditEntry
from tournaments.models import Event, Match, PrintJob, Registration, ResultReport, Round
from tournaments.services import event_role_grant

pytestmark = pytest.mark.django_db


def _client(user: Any = None) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def test_home_lists_published_events_only(client: Client, make_event: Any) -> None:
    make_event(name="Visible Cup", status="registration_open")
    make_event(name="Secret Draft Cup", status="draft")
    response = client.get("/")
    assert response.status_code == 200
    assert b"Visible Cup" in response.content
    assert b"Secret Draft Cup" not in response.content


def test_home_query_count_is_fixed(
    client: Client, make_event: Any, django_assert_max_num_queries: Any
) -> None:
    for index in range(5):
        make_event(name=f"Cup {index}", status="registration_open")
    with django_assert_max_num_queries(3):
        client.get("/")


@pytest.fixture
def world(make_user: Any, make_event: Any) -> dict[str, Any]:
    organiser, judge, stranger = make_user("org"), make_user("judge"), make_user("stranger")
    players = [make_user(f"p{i}", first_name=f"Player{i}") for i in range(1, 7)]
    event = make_event(organiser=organiser, name="Page Cup", swiss_rounds=2, top_cut=2)
    event_role_grant(event=event, user=judge, role="judge", granted_by=organiser)
    for player in players:
        assert _client(player).post(f"/events/{event.pk}/register/").status_code == 302
    return {"event": event, "organiser": organiser, "judge": judge, "players": players,
            "stranger": stranger}  # fmt: skip


def _act(world: dict[str, Any], action: str, **data: Any) -> Any:
    return _client(world["organiser"]).post(f"/events/{world['event'].pk}/manage/{action}/", data)


def _pair_round_one(world: dict[str, Any]) -> Round:
    for registration in Registration.objects.filter(event=world["event"]):
        assert _act(world, "check_in", registration=registration.pk).status_code == 302
    assert _act(world, "pair").status_code == 302
    return Round.objects.get(event=world["event"], number=1)


def test_organiser_creates_an_event_from_the_page(make_user: Any) -> None:
    client = _client(make_user("creator"))
    bad = client.post("/events/new/", {"name": "", "game": "zutomayo", "date": "2026-12-24"})
    assert bad.status_code == 400
    response = client.post(
        "/events/new/",
        {"name": "Xmas Cup", "game": "zutomayo", "date": "2026-12-24", "top_cut": 8},
    )
    event = Event.objects.get(name="Xmas Cup")
    assert response.status_code == 302
    assert response["Location"] == f"/events/{event.pk}/manage/"
    assert client.get(response["Location"]).status_code == 200


def test_manage_page_is_for_this_events_organiser_only(world: dict[str, Any], make_user: Any,
                                                        make_event: Any) -> None:  # fmt: skip
    url = f"/events/{world['event'].pk}/manage/"
    assert _client(world["organiser"]).get(url).status_code == 200
    assert _client(world["judge"]).get(url).status_code == 403
    other_organiser = make_user("other-org")
    make_event(organiser=other_organiser, name="Other")
    assert _client(other_organiser).get(url).status_code == 403
    assert _client().get(url).status_code == 302  # to the login page
    denied = _client(world["players"][0]).post(f"/events/{world['event'].pk}/manage/pair/")
    assert denied.status_code == 403
    assert not Round.objects.exists()


def test_pairing_errors_are_4xx_and_change_nothing(world: dict[str, Any]) -> None:
    response = _act(world, "pair")  # nobody checked in
    assert response.status_code == 409
    assert b"check at least two players in" in response.content
    assert not Round.objects.exists()
    assert _act(world, "check_in", registration="abc").status_code == 400


def test_public_pairings_by_name_and_table_with_conditional_get(world: dict[str, Any]) -> None:
    _pair_round_one(world)
    client = _client()
    by_name = client.get(f"/events/{world['event'].pk}/pairings/")
    assert by_name.status_code == 200
    names = [row["player"]["name"] for row in by_name.context["rows"]]
    assert names == sorted(names, key=str.casefold)
    assert len(names) == 6
    etag = by_name["ETag"]
    assert client.get(f"/events/{world['event'].pk}/pairings/",
                      HTTP_IF_NONE_MATCH=etag).status_code == 304  # fmt: skip
    by_table = client.get(f"/events/{world['event'].pk}/pairings/?by=table")
    assert [row["table"] for row in by_table.context["rows"]] == [1, 2, 3]


def test_player_finds_table_reports_and_opponent_confirms(world: dict[str, Any]) -> None:
    round_obj = _pair_round_one(world)
    match = Match.objects.filter(round=round_obj).select_related("player_a", "player_b").first()
    assert match is not None
    assert match.player_b is not None
    player_a = next(p for p in world["players"] if p.pk == match.player_a.user_id)
    player_b = next(p for p in world["players"] if p.pk == match.player_b.user_id)
    mine = _client(player_a).get(f"/events/{world['event'].pk}/me/")
    assert mine.context["match"] == match
    assert mine.context["opponent"] == match.player_b
    url = f"/events/matches/{match.pk}/"
    assert _client(world["stranger"]).get(url).status_code == 403
    bad = _client(player_a).post(url, {"outcome": "won", "my_wins": 3, "their_wins": 0})
    assert bad.status_code == 400
    won = {"outcome": "won", "my_wins": 1, "their_wins": 0, "draws": 0}
    assert _client(player_a).post(url, won).status_code == 302
    page_b = _client(player_b).get(url)
    assert page_b.context["pending_from_opponent"] is not None
    assert _client(player_b).post(url, {"action": "confirm"}).status_code == 302
    assert ResultReport.objects.get(match=match, status="confirmed").wins_a == 1


def test_a_judge_enters_a_result_on_the_match_page(world: dict[str, Any]) -> None:
    match = Match.objects.filter(round=_pair_round_one(world)).first()
    assert match is not None
    url = f"/events/matches/{match.pk}/"
    score = {"wins_a": 0, "wins_b": 1, "draws": 0, "intentional_draw": ""}
    response = _client(world["judge"]).post(url, {**score, "reason": "slips"})
    assert response.status_code == 302
    report = ResultReport.objects.get(match=match, status="confirmed")
    assert (report.source, report.wins_a, report.wins_b, report.draws) == ("judge", 0, 1, 0)
    assert (report.reason, report.reported_by) == ("slips", world["judge"])


def test_judge_desk_fast_entry_and_counter(world: dict[str, Any]) -> None:
    round_obj = _pair_round_one(world)
    judge = _client(world["judge"])
    desk = judge.get(f"/events/{world['event'].pk}/judge/")
    assert (desk.context["reported"], desk.context["total"]) == (0, 3)
    response = judge.post(f"/events/{world['event'].pk}/judge/enter/", {"table": 1, "score": "10"})
    assert response.status_code == 302
    assert judge.get(f"/events/{world['event'].pk}/judge/").context["reported"] == 1
    bad_key = judge.post(f"/events/{world['event'].pk}/judge/enter/", {"table": 2, "score": "30"})
    assert bad_key.status_code == 400
    bad_table = judge.post(
        f"/events/{world['event'].pk}/judge/enter/", {"table": 99, "score": "10"}
    )
    assert bad_table.status_code == 400
    assert ResultReport.objects.filter(match__round=round_obj).count() == 1
    stranger = _client(world["stranger"]).post(
        f"/events/{world['event'].pk}/judge/enter/", {"table": 2, "score": "10"}
    )
    assert stranger.status_code == 403
    assert ResultReport.objects.filter(match__round=round_obj).count() == 1


def test_round_to_standings_top_cut_and_print(
    world: dict[str, Any], django_capture_on_commit_callbacks: Any
) -> None:
    event = world["event"]
    judge = _client(world["judge"])
    for number in (1, 2):
        round_obj = (
            _pair_round_one(world) if number == 1 else Round.objects.get(event=event, number=2)
        )
        assert _act(world, "start", round=round_obj.pk).status_code == 302
        incomplete = _act(world, "complete", round=round_obj.pk)
        assert incomplete.status_code == 409
        for table in (1, 2, 3):
            judge.post(f"/events/{event.pk}/judge/enter/", {"table": table, "score": "10"})
        assert _act(world, "complete", round=round_obj.pk).status_code == 302
        if number == 1:
            assert _act(world, "pair").status_code == 302
    standings = _client().get(f"/events/{event.pk}/standings/")
    assert standings.status_code == 200
    rows = standings.context["rows"]
    assert [row["rank"] for row in rows] == [1, 2, 3, 4, 5, 6]
    assert rows[0]["points"] == 6
    assert "match points" in rows[0]["explanation"]["en"]
    assert _act(world, "topcut", confirm="yes").status_code == 302
    bracket = _client().get(f"/events/{event.pk}/bracket/")
    assert len(bracket.context["rounds"]) == 1
    etag = bracket["ETag"]
    assert _client().get(f"/events/{event.pk}/bracket/", HTTP_IF_NONE_MATCH=etag).status_code == 304
    cut = Round.objects.get(event=event, stage="top_cut")
    _act(world, "start", round=cut.pk)
    judge.post(f"/events/{event.pk}/judge/enter/", {"table": 1, "score": "21"})
    after = _client().get(f"/events/{event.pk}/bracket/", HTTP_IF_NONE_MATCH=etag)
    assert after.status_code == 200
    final = after.context["rounds"][0].pairings[0]
    assert (final["winner"], final["score"]) == ("a", "2–1")
    with django_capture_on_commit_callbacks(execute=True):
        response = _client(world["organiser"]).post(f"/events/{event.pk}/print/match_slips/")
    assert response.status_code == 302
    job = PrintJob.objects.get()
    assert job.status == "done"
    pdf = _client(world["organiser"]).get(response["Location"] + "?download=1")
    assert pdf["Content-Type"] == "application/pdf"
    assert pdf.content.startswith(b"%PDF-")
    assert _client(world["judge"]).get(response["Location"]).status_code == 403


def test_clock_json_and_page(world: dict[str, Any]) -> None:
    round_obj = _pair_round_one(world)
    _act(world, "start", round=round_obj.pk)
    state = _client().get(f"/events/{world['event'].pk}/clock/", HTTP_ACCEPT="application/json")
    assert state.json()["status"] == "in_progress"
    assert state.json()["ends_at"] is not None
    assert b"clock-data" in _client().get(f"/events/{world['event'].pk}/clock/").content


def test_draft_events_are_hidden_from_the_public(make_event: Any, make_user: Any) -> None:
    organiser = make_user("o")
    event = make_event(organiser=organiser, status="draft")
    assert _client().get(f"/events/{event.pk}/").status_code == 404
    assert _client(organiser).get(f"/events/{event.pk}/").status_code == 200


def test_decklist_page_submits_and_shows_errors(world: dict[str, Any]) -> None:
    from cardpool.services import card_import
    from tests.cardpool.conftest import demo_records

    card_import(game_slug="zutomayo", records=demo_records(), source="demo", is_demo=True)
    player = world["players"][0]
    registration = Registration.objects.get(event=world["event"], user=player)
    url = f"/cards/decklists/{registration.pk}/"
    bad = _client(player).post(url, {"decklist": "3 DEMO_1"})
    assert bad.status_code == 400
    assert b"too_many_copies" in bad.content
    good = "\n".join(f"2 DEMO_{n}" for n in range(1, 11))
    assert _client(player).post(url, {"decklist": good}).status_code == 302
    assert _client(player).get(url).context["current"].version == 1
    assert _client(world["players"][1]).get(url).status_code == 403


def test_organiser_edits_the_event(world: dict[str, Any]) -> None:
    url = f"/events/{world['event'].pk}/edit/"
    client = _client(world["organiser"])
    page = client.get(url)
    assert page.status_code == 200
    data = {key: value for key, value in page.context["form"].initial.items() if value is not None}
    data.update(name="Renamed Cup", round_minutes=40, date="2026-12-20")
    assert client.post(url, data).status_code == 302
    world["event"].refresh_from_db()
    assert (world["event"].name, world["event"].round_minutes) == ("Renamed Cup", 40)
    bad = client.post(url, {**data, "round_minutes": 1})
    assert bad.status_code == 400
    assert _client(world["judge"]).get(url).status_code == 403


def test_judge_deck_check_page_shows_the_differences(world: dict[str, Any]) -> None:
    from cardpool.services import card_import
    from tests.cardpool.conftest import demo_records
    from tournaments.services import decklist_submit

    card_import(game_slug="zutomayo", records=demo_records(), source="demo", is_demo=True)
    player = world["players"][0]
    registration = Registration.objects.get(event=world["event"], user=player)
    registered = "\n".join(f"2 DEMO_{n}" for n in range(1, 11))
    decklist_submit(registration_id=registration.pk, submitted_by=player, data=registered)
    presented = registered.replace("2 DEMO_10", "1 DEMO_10\n1 DEMO_11")
    url = f"/cards/decklists/{registration.pk}/"
    page = _client(world["judge"]).post(url, {"presented": presented})
    assert page.status_code == 200
    differences = page.context["deck_check"]["differences"]
    assert [(d["card"], d["registered"], d["presented"]) for d in differences] == [
        ("DEMO_10", 2, 1),
        ("DEMO_11", 0, 1),
    ]
    assert _client(world["players"][1]).post(url, {"presented": presented}).status_code == 403


def test_every_dashboard_action_reaches_its_service_with_the_forms_values(
    world: dict[str, Any],
) -> None:
    event = world["event"]
    assert _act(world, "close").status_code == 302
    assert _act(world, "open").status_code == 302
    round_obj = _pair_round_one(world)
    table1, table2 = Match.objects.filter(round=round_obj).order_by("table")[:2]
    swap = {"player_a": table1.player_a.display_name, "player_b": table2.player_a.display_name}
    steps: list[tuple[str, dict[str, Any]]] = [
        ("swap", {"round": round_obj.pk, **swap, "reason": "family"}),
        ("repair", {"round": round_obj.pk, "reason": "late arrival", "confirm": "yes"}),
        ("start", {"round": round_obj.pk}),
        ("pause", {"round": round_obj.pk}),
        ("resume", {"round": round_obj.pk}),
        ("extend", {"round": round_obj.pk, "minutes": 5}),
        ("drop", {"registration": table1.player_a_id, "confirm": "yes"}),
        ("undrop", {"registration": table1.player_a_id, "reason": "came back"}),
        ("publish_lists", {"confirm": "yes"}),  # the event runs: it asks first
    ]
    for action, data in steps:
        assert _act(world, action, **data).status_code == 302, action
    entries = AuditEntry.objects.filter(event_id=event.pk).order_by("pk")
    done = [(e.action.removeprefix("tournaments."), e.reason, e.data) for e in entries]
    assert done[8:10] == [
        ("event.status_changed", "", {"from": "registration_open", "to": "registration_closed"}),
        ("event.status_changed", "", {"from": "registration_closed", "to": "registration_open"}),
    ]
    assert [(action, reason) for action, reason, _data in done[-10:]] == [
        ("round.paired", ""),
        ("round.players_swapped", "family"),
        ("round.repaired", "late arrival"),
        ("round.started", ""),
        ("round.paused", ""),
        ("round.resumed", ""),
        ("round.extended", ""),
        ("registration.dropped", ""),
        ("registration.undropped", "came back"),
        ("event.updated", ""),
    ]
    assert done[-9][2]["a"] == table1.player_a_id
    assert done[-9][2]["b"] == table2.player_a_id
    assert done[-4][2] == {"minutes": "5"}
    event.refresh_from_db()
    assert event.decklists_published


@pytest.mark.parametrize("action", ["bogus", "publish", "swap_players", "undrop_all"])
def test_unknown_dashboard_action_is_a_404_and_changes_nothing(
    world: dict[str, Any], action: str
) -> None:
    """The dashboard dispatches through its action table: a name not in it is a 404, never a
    fall-through to another action (publishing lists, a swap, an undrop)."""
    before = Event.objects.filter(pk=world["event"].pk).values().get()
    response = _act(world, action, round=1, registration=1, registration_a=1, registration_b=2)
    assert response.status_code == 404
    assert Event.objects.filter(pk=world["event"].pk).values().get() == before


def test_a_service_refusal_on_a_page_is_the_error_page_with_its_status(
    world: dict[str, Any],
) -> None:
    """A DomainError from a service rises to the middleware: the error page with the 4xx status
    that names what is wrong, and nothing changed."""
    _pair_round_one(world)
    response = _act(world, "complete", round=999_999)
    assert response.status_code == 400
    assert b"that round is not part of this event" in response.content
    assert b"Nothing was changed." in response.content
