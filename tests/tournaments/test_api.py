"""The tournaments REST API: one success and one refusal per endpoint, the permission matrix of
the key writes, idempotent result reports, ETags, exports, token auth and a whole event."""

from __future__ import annotations

import csv
import io
from collections.abc import Callable
from typing import Any

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from rest_framework.test import APIClient

from core.models import AuditEntry
from tests.clients import api
from tournaments.models import (
    Event,
    EventRole,
    Match,
    Penalty,
    Registration,
    ResultReport,
    Round,
    RoundSnapshot,
)
from tournaments.procedures.presets import PRESETS
from tournaments.services import (
    event_role_grant,
    registration_check_in,
    registration_create,
    registration_drop,
    result_enter_by_judge,
    result_report,
    round_complete,
    round_pair,
    round_start,
)

pytestmark = pytest.mark.django_db

API = "/api/v1"


def state() -> tuple[object, ...]:
    """Everything a refused request must leave alone."""
    return (
        Event.objects.count(),
        EventRole.objects.count(),
        list(Registration.objects.order_by("pk").values_list("pk", "status")),
        list(Round.objects.order_by("pk").values_list("pk", "status", "revision")),
        Match.objects.count(),
        list(ResultReport.objects.order_by("pk").values_list("pk", "status")),
        Penalty.objects.count(),
        RoundSnapshot.objects.count(),
        AuditEntry.objects.count(),
    )


def enter_all_results(round_obj: Round, judge: Any) -> None:
    for match in Match.objects.filter(round=round_obj, is_bye=False):
        result_enter_by_judge(match_id=match.pk, judge=judge, wins_a=1, wins_b=0)


@pytest.fixture
def world(make_user: Callable[..., Any], make_event: Callable[..., Any]) -> dict[str, Any]:
    """Event X (organiser, judge, four checked-in players, round 1 paired) and event Y with its
    own organiser and judge."""
    organiser, judge, organiser_other, judge_other = (
        make_user(name) for name in ("org", "judge", "org2", "judge2")
    )
    event = make_event(organiser=organiser, name="X Open")
    other = make_event(organiser=organiser_other, name="Y Open")
    event_role_grant(event=event, user=judge, role="judge", granted_by=organiser)
    event_role_grant(event=other, user=judge_other, role="judge", granted_by=organiser_other)
    players = [make_user(f"p{n}", email=f"p{n}@example.org") for n in range(1, 5)]
    registrations = []
    for n, player in enumerate(players, start=1):
        registration = registration_create(
            event=event, user=player, display_name=f"Player {n}", email=player.email
        )
        registration_check_in(registration_id=registration.pk, by=organiser)
        registrations.append(registration)
    round_obj = round_pair(event_id=event.pk, by=organiser, seed=7)
    table1, table2 = Match.objects.filter(round=round_obj).order_by("table")
    by_pk = {reg.pk: reg for reg in registrations}
    return {
        "event": event,
        "other": other,
        "organiser": organiser,
        "judge": judge,
        "organiser_other": organiser_other,
        "judge_other": judge_other,
        "round": round_obj,
        "match": table1,
        "match2": table2,
        "player_in": by_pk[table1.player_a_id].user,
        "opponent": by_pk[int(table1.player_b_id or 0)].user,
        "player_out": by_pk[table2.player_a_id].user,
        "reg_in": by_pk[table1.player_a_id],
        "reg_out": by_pk[table2.player_a_id],
        "url": f"{API}/events/{event.pk}",
    }


# --- events -------------------------------------------------------------------------------------


def test_event_list_shows_public_events_only(make_event: Any) -> None:
    make_event(name="Open one")
    make_event(name="Hidden draft", status="draft")
    response = api().get(f"{API}/events/")
    assert response.status_code == 200
    names = [row["name"] for row in response.json()]
    assert "Open one" in names
    assert "Hidden draft" not in names
    assert response.json()[0]["player_count"] == 0


def test_event_create_makes_the_creator_organiser(make_user: Any) -> None:
    user = make_user()
    response = api(user).post(
        f"{API}/events/",
        {"name": "Shibuya Cup", "game": "zutomayo", "date": "2026-12-24", "top_cut": 4},
        format="json",
    )
    assert response.status_code == 201, response.json()
    body = response.json()
    assert body["status"] == "draft"
    assert body["top_cut"] == 4
    assert EventRole.objects.filter(event_id=body["id"], user=user, role="organiser").exists()


@pytest.mark.parametrize(
    ("payload", "field"),
    [
        ({"game": "zutomayo", "date": "2026-12-24"}, "name"),
        ({"name": "X", "game": "chess", "date": "2026-12-24"}, "game"),
        ({"name": "X", "game": "zutomayo", "date": "soon"}, "date"),
        ({"name": "X", "game": "zutomayo", "date": "2026-12-24", "top_cut": 3}, "top_cut"),
        ({"name": "  ", "game": "zutomayo", "date": "2026-12-24"}, "name"),
    ],
)
def test_event_create_refuses_bad_input(
    make_user: Any, payload: dict[str, Any], field: str
) -> None:
    before = state()
    response = api(make_user()).post(f"{API}/events/", payload, format="json")
    assert response.status_code == 400
    assert response.json()["field"] == field
    assert state() == before


def test_event_create_needs_login() -> None:
    response = api().post(f"{API}/events/", {"name": "X"}, format="json")
    assert response.status_code in {401, 403}


def test_event_detail_public_and_draft_hidden(make_event: Any, make_user: Any) -> None:
    organiser = make_user()
    public = make_event(name="Public")
    draft = make_event(organiser=organiser, name="Draft", status="draft")
    assert api().get(f"{API}/events/{public.pk}/").json()["name"] == "Public"
    assert api().get(f"{API}/events/{draft.pk}/").status_code == 404
    assert api(organiser).get(f"{API}/events/{draft.pk}/").status_code == 200
    assert api().get(f"{API}/events/999999/").status_code == 404


def test_event_update(world: dict[str, Any]) -> None:
    response = api(world["organiser"]).patch(
        f"{world['url']}/", {"venue": "Shinjuku", "round_minutes": 40}, format="json"
    )
    assert response.status_code == 200, response.json()
    assert response.json()["venue"] == "Shinjuku"
    assert response.json()["round_minutes"] == 40


@pytest.mark.parametrize(
    ("payload", "status", "field"),
    [
        ({"round_minutes": 2}, 400, "round_minutes"),
        ({}, 400, "event"),
        ({"capacity": "many"}, 400, "capacity"),
        ({"best_of": 3}, 409, None),  # the event as a whole: rounds are paired
    ],
)
def test_event_update_refuses(
    world: dict[str, Any], payload: dict[str, Any], status: int, field: str | None
) -> None:
    before = state()
    response = api(world["organiser"]).patch(f"{world['url']}/", payload, format="json")
    assert response.status_code == status
    assert response.json()["field"] == field
    assert state() == before


def test_event_update_by_a_judge_is_forbidden(world: dict[str, Any]) -> None:
    response = api(world["judge"]).patch(f"{world['url']}/", {"venue": "x"}, format="json")
    assert response.status_code == 403


def test_event_status_open_and_close(make_event: Any, make_user: Any) -> None:
    organiser = make_user()
    event = make_event(organiser=organiser, status="draft")
    client = api(organiser)
    url = f"{API}/events/{event.pk}/status/"
    assert client.post(url, {"status": "registration_open"}).json()["status"] == "registration_open"
    response = client.post(url, {"status": "registration_closed"})
    assert response.status_code == 200
    assert response.json()["status"] == "registration_closed"


def test_event_status_refuses_bad_status(world: dict[str, Any]) -> None:
    client = api(world["organiser"])
    response = client.post(f"{world['url']}/status/", {"status": "finished"})
    assert response.status_code == 400
    assert (response.json()["code"], response.json()["field"]) == ("invalid_choice", "status")
    # running → registration_open is a state conflict, not bad input
    response = client.post(f"{world['url']}/status/", {"status": "registration_open"})
    assert response.status_code == 409


def test_event_finish(world: dict[str, Any]) -> None:
    client = api(world["organiser"])
    response = client.post(f"{world['url']}/finish/")
    assert response.status_code == 409
    assert response.json()["field"] == "round"
    enter_all_results(world["round"], world["judge"])
    round_complete(round_id=world["round"].pk, by=world["organiser"])
    response = client.post(f"{world['url']}/finish/")
    assert response.status_code == 200
    assert response.json()["status"] == "finished"


# --- registrations ------------------------------------------------------------------------------


def test_registration_list_hides_emails_from_the_public(world: dict[str, Any]) -> None:
    public = api(world["player_in"]).get(f"{world['url']}/registrations/")
    assert public.status_code == 200
    assert len(public.json()) == 4
    assert set(public.json()[0]) == {"id", "display_name", "status"}
    assert "@" not in public.content.decode()
    staff = api(world["judge"]).get(f"{world['url']}/registrations/")
    assert staff.json()[0]["email"].endswith("@example.org")


def test_registration_list_of_a_draft_is_not_found(make_event: Any) -> None:
    draft = make_event(status="draft")
    assert api().get(f"{API}/events/{draft.pk}/registrations/").status_code == 404


def test_register_myself(make_event: Any, make_user: Any) -> None:
    event = make_event()
    user = make_user("aoi", first_name="Aoi", last_name="Sato")
    response = api(user).post(f"{API}/events/{event.pk}/registrations/", {}, format="json")
    assert response.status_code == 201, response.json()
    assert response.json()["display_name"] == "Aoi Sato"
    assert Registration.objects.get(event=event, user=user).status == "registered"


def test_register_myself_refusals(make_event: Any, make_user: Any) -> None:
    event = make_event()
    user = make_user()
    client = api(user)
    url = f"{API}/events/{event.pk}/registrations/"
    before = state()
    response = client.post(url, {"display_name": "x" * 150}, format="json")
    assert response.status_code == 400
    assert response.json()["field"] == "display_name"
    assert state() == before
    assert client.post(url, {"display_name": "Me"}, format="json").status_code == 201
    again = client.post(url, {"display_name": "Me"}, format="json")
    assert again.status_code == 409
    assert again.json()["field"] == "user"


def test_organiser_adds_a_late_entry(world: dict[str, Any]) -> None:
    response = api(world["organiser"]).post(
        f"{world['url']}/registrations/add/",
        {"display_name": "Walk In", "player_id": "Z-1", "email": "walk@example.org"},
        format="json",
    )
    assert response.status_code == 201, response.json()
    body = response.json()
    assert body["status"] == "checked_in"
    assert body["late_rounds_missed"] == 1
    assert body["username"] is None


def test_organiser_add_refuses_bad_email(world: dict[str, Any]) -> None:
    before = state()
    response = api(world["organiser"]).post(
        f"{world['url']}/registrations/add/",
        {"display_name": "Walk In", "email": "not-an-address"},
        format="json",
    )
    assert response.status_code == 400
    assert response.json()["field"] == "email"
    assert state() == before
    denied = api(world["judge"]).post(
        f"{world['url']}/registrations/add/", {"display_name": "x"}, format="json"
    )
    assert denied.status_code == 403


def _import(client: Any, event: Any, data: bytes, capture: Any) -> tuple[Any, Any]:
    """Post a players' CSV, let its job run (on commit, as without a broker), then read where
    it stands: the 202 and the job's status."""
    upload = SimpleUploadedFile("players.csv", data, content_type="text/csv")
    with capture(execute=True):
        accepted = client.post(
            f"{API}/events/{event.pk}/registrations/import/", {"file": upload}, format="multipart"
        )
    assert accepted.status_code == 202, accepted.json()
    assert accepted["Location"] == accepted.json()["url"]
    return accepted, client.get(accepted["Location"])


def test_import_csv(
    make_event: Any, make_user: Any, django_capture_on_commit_callbacks: Any
) -> None:
    organiser = make_user()
    event = make_event(organiser=organiser)
    data = "name,player_id,email\nAoi,A1,aoi@example.org\n佐藤 蓮,A2,\n".encode()
    accepted, status = _import(api(organiser), event, data, django_capture_on_commit_callbacks)
    assert accepted.json()["status"] == "queued"
    assert accepted.json()["lines"] == 2
    assert status.status_code == 200
    assert (status.json()["status"], status.json()["created"]) == ("done", 2)
    names = Registration.objects.filter(event=event).values_list("display_name", flat=True)
    assert sorted(names) == ["Aoi", "佐藤 蓮"]


def test_import_csv_lists_every_bad_line_and_stores_nothing(
    make_event: Any, make_user: Any, django_capture_on_commit_callbacks: Any
) -> None:
    organiser = make_user()
    event = make_event(organiser=organiser)
    data = b"name,player_id,email\nAoi,A1,aoi@example.org\n,A2,\nRen,A1,bad address\n"
    registrations = list(Registration.objects.values_list("pk", flat=True))
    _accepted, status = _import(api(organiser), event, data, django_capture_on_commit_callbacks)
    body = status.json()
    assert body["status"] == "failed"
    assert any(problem.startswith("line 3:") for problem in body["problems"])
    assert any("line 4" in problem and "repeats line 2" in problem for problem in body["problems"])
    assert list(Registration.objects.values_list("pk", flat=True)) == registrations
    missing = api(organiser).post(
        f"{API}/events/{event.pk}/registrations/import/", {}, format="multipart"
    )
    assert missing.status_code == 400
    assert (missing.json()["code"], missing.json()["field"]) == ("required", "file")


@pytest.mark.parametrize(
    "line", ["Aoi,A1,aoi@", "Aoi,A1,a@b@c", "Aoi," + "9" * 41 + ",", "x" * 101 + ",A1,"]
)
def test_import_csv_fields_the_model_refuses_are_named_by_the_job(
    make_event: Any, make_user: Any, line: str, django_capture_on_commit_callbacks: Any
) -> None:
    organiser = make_user()
    event = make_event(organiser=organiser)
    data = f"name,player_id,email\nRen,R1,\n{line}\n".encode()
    _accepted, status = _import(api(organiser), event, data, django_capture_on_commit_callbacks)
    assert status.json()["status"] == "failed"
    assert status.json()["problems"][0].startswith("line 3: ")
    assert not Registration.objects.filter(event=event).exists()


def test_check_in(make_event: Any, make_user: Any) -> None:
    organiser = make_user()
    event = make_event(organiser=organiser)
    registration = registration_create(event=event, user=None, display_name="Aoi", by=organiser)
    url = f"{API}/events/{event.pk}/registrations/{registration.pk}/check-in/"
    response = api(organiser).post(url)
    assert response.status_code == 200
    assert response.json()["status"] == "checked_in"
    assert api(organiser).post(url).status_code == 409
    assert api(make_user()).post(url).status_code == 403


def test_check_in_of_another_events_registration_is_not_found(world: dict[str, Any]) -> None:
    foreign = registration_create(
        event=world["other"], user=None, display_name="Elsewhere", by=world["organiser_other"]
    )
    before = state()
    response = api(world["organiser"]).post(f"{world['url']}/registrations/{foreign.pk}/check-in/")
    assert response.status_code == 404
    assert state() == before


def test_drop_myself(world: dict[str, Any]) -> None:
    url = f"{world['url']}/registrations/{world['reg_in'].pk}/drop/"
    response = api(world["player_in"]).post(url, {"reason": "train"}, format="json")
    assert response.status_code == 200
    assert response.json()["status"] == "dropped"
    assert api(world["player_in"]).post(url).status_code == 409


def test_drop_refuses_a_reason_too_long(world: dict[str, Any]) -> None:
    before = state()
    url = f"{world['url']}/registrations/{world['reg_in'].pk}/drop/"
    response = api(world["player_in"]).post(url, {"reason": "x" * 2000}, format="json")
    assert response.status_code == 400
    assert (response.json()["code"], response.json()["field"]) == ("max_length", "reason")
    assert state() == before


def test_undrop(world: dict[str, Any]) -> None:
    registration_drop(registration_id=world["reg_in"].pk, by=world["player_in"])
    url = f"{world['url']}/registrations/{world['reg_in'].pk}/undrop/"
    before = state()
    blank = api(world["organiser"]).post(url, {"reason": " "}, format="json")
    assert blank.status_code == 400
    assert blank.json()["field"] == "reason"
    assert state() == before
    response = api(world["organiser"]).post(url, {"reason": "dropped by mistake"}, format="json")
    assert response.status_code == 200
    assert response.json()["status"] == "checked_in"


# --- rounds -------------------------------------------------------------------------------------


def test_pair_next_round(world: dict[str, Any]) -> None:
    enter_all_results(world["round"], world["judge"])
    round_complete(round_id=world["round"].pk, by=world["organiser"])
    response = api(world["organiser"]).post(f"{world['url']}/rounds/", {"seed": 5}, format="json")
    assert response.status_code == 201, response.json()
    body = response.json()
    assert body["number"] == 2
    assert body["seed"] == 5
    assert len(body["matches"]) == 2
    assert body["summary"]["pairs"] == 2
    assert body["matches"][0]["player_a"]["name"].startswith("Player")


def test_pair_refuses_while_the_round_is_open_and_bad_seed(world: dict[str, Any]) -> None:
    client = api(world["organiser"])
    before = state()
    response = client.post(f"{world['url']}/rounds/", {}, format="json")
    assert response.status_code == 409
    assert response.json()["code"] == "round_not_complete"
    bad = client.post(f"{world['url']}/rounds/", {"seed": "abc"}, format="json")
    assert bad.status_code == 400
    assert bad.json()["field"] == "seed"
    assert state() == before


def test_round_list(world: dict[str, Any]) -> None:
    response = api().get(f"{world['url']}/rounds/")
    assert response.status_code == 200
    assert [row["number"] for row in response.json()] == [1]
    assert api().get(f"{API}/events/999999/rounds/").status_code == 404


def test_round_detail_with_etag(world: dict[str, Any]) -> None:
    url = f"{world['url']}/rounds/1/"
    response = api().get(url)
    assert response.status_code == 200
    body = response.json()
    assert len(body["pairings"]) == 2
    assert body["pairings"][0]["table"] == 1
    etag = response["ETag"]
    assert api().get(url, HTTP_IF_NONE_MATCH=etag).status_code == 304
    round_start(round_id=world["round"].pk, by=world["organiser"])
    changed = api().get(url, HTTP_IF_NONE_MATCH=etag)
    assert changed.status_code == 200
    assert changed.json()["status"] == "in_progress"
    assert api().get(f"{world['url']}/rounds/9/").status_code == 404


def test_repair_round(world: dict[str, Any]) -> None:
    url = f"{world['url']}/rounds/1/repair/"
    before = state()
    blank = api(world["organiser"]).post(url, {"reason": ""}, format="json")
    assert blank.status_code == 400
    assert blank.json()["field"] == "reason"
    assert state() == before
    response = api(world["organiser"]).post(
        url, {"reason": "late check-in", "seed": 99}, format="json"
    )
    assert response.status_code == 200, response.json()
    assert response.json()["seed"] == 99


def test_swap_players(world: dict[str, Any]) -> None:
    url = f"{world['url']}/rounds/1/swap/"
    a, b = world["reg_in"].pk, world["reg_out"].pk
    before = state()
    same = api(world["organiser"]).post(
        url, {"registration_a": a, "registration_b": a, "reason": "x"}, format="json"
    )
    assert same.status_code == 400
    assert same.json()["field"] == "registration_b"
    assert state() == before
    response = api(world["organiser"]).post(
        url, {"registration_a": a, "registration_b": b, "reason": "family"}, format="json"
    )
    assert response.status_code == 200, response.json()
    table1 = response.json()["matches"][0]
    assert table1["player_a"]["registration"] == b
    assert table1["reason"]["code"] == "manual_swap"


def test_round_clock(world: dict[str, Any]) -> None:
    client = api(world["organiser"])
    url = f"{world['url']}/rounds/1"
    paused_early = client.post(f"{url}/pause/")
    assert paused_early.status_code == 409
    assert client.post(f"{url}/start/").json()["status"] == "in_progress"
    assert client.post(f"{url}/pause/").json()["status"] == "paused"
    assert client.post(f"{url}/resume/").json()["status"] == "in_progress"
    assert client.post(f"{url}/start/").status_code == 409
    extended = client.post(f"{url}/extend/", {"minutes": 5}, format="json")
    assert extended.status_code == 200
    bad = client.post(f"{url}/extend/", {"minutes": 0}, format="json")
    assert bad.status_code == 400
    assert bad.json()["field"] == "minutes"
    assert client.post(f"{url}/resume/").status_code == 409
    assert api(world["player_in"]).post(f"{url}/pause/").status_code == 403
    assert api(world["judge"]).post(f"{url}/pause/").status_code == 403


def test_complete_lists_missing_tables_then_completes(world: dict[str, Any]) -> None:
    url = f"{world['url']}/rounds/1/complete/"
    before = state()
    response = api(world["organiser"]).post(url)
    assert response.status_code == 409
    assert response.json()["tables"] == [1, 2]
    assert state() == before
    enter_all_results(world["round"], world["judge"])
    done = api(world["organiser"]).post(url)
    assert done.status_code == 200
    assert done.json()["status"] == "complete"


def test_top_cut(make_event: Any, make_user: Any) -> None:
    organiser = make_user()
    event = make_event(organiser=organiser, top_cut=2, swiss_rounds=1)
    client = api(organiser)
    url = f"{API}/events/{event.pk}/top-cut/"
    assert client.post(url, {"size": "two"}, format="json").status_code == 400
    for n in range(4):
        registration = registration_create(
            event=event, user=None, display_name=f"P{n}", by=organiser
        )
        registration_check_in(registration_id=registration.pk, by=organiser)
    round_obj = round_pair(event_id=event.pk, by=organiser, seed=3)
    early = client.post(url, {}, format="json")
    assert early.status_code == 409
    enter_all_results(round_obj, organiser)
    round_complete(round_id=round_obj.pk, by=organiser)
    response = client.post(url, {}, format="json")
    assert response.status_code == 201, response.json()
    assert response.json()["stage"] == "top_cut"
    assert len(response.json()["matches"]) == 1


def test_standings_with_tiebreaks_and_etag(world: dict[str, Any]) -> None:
    enter_all_results(world["round"], world["judge"])
    round_complete(round_id=world["round"].pk, by=world["organiser"])
    url = f"{world['url']}/standings/"
    response = api().get(url)
    assert response.status_code == 200
    body = response.json()
    assert body["round"] == 1
    assert len(body["standings"]) == 4
    first = body["standings"][0]
    assert first["points"] == 3
    assert first["tiebreaks"]
    assert all(t["explanation"]["en"] for t in first["tiebreaks"])
    assert api().get(url, HTTP_IF_NONE_MATCH=response["ETag"]).status_code == 304


def test_standings_before_round_one_and_of_a_draft(make_event: Any) -> None:
    event = make_event()
    response = api().get(f"{API}/events/{event.pk}/standings/")
    assert response.status_code == 200
    assert response.json()["standings"] == []
    draft = make_event(status="draft")
    assert api().get(f"{API}/events/{draft.pk}/standings/").status_code == 404


@pytest.mark.parametrize("kind", ["players", "pairings", "results", "standings"])
def test_export_json_and_csv(world: dict[str, Any], kind: str) -> None:
    enter_all_results(world["round"], world["judge"])
    round_complete(round_id=world["round"].pk, by=world["organiser"])
    client = api(world["organiser"])
    as_json = client.get(f"{world['url']}/export/{kind}/")
    assert as_json.status_code == 200
    rows = as_json.json()
    assert len(rows) == (2 if kind in ("pairings", "results") else 4)
    as_csv = client.get(f"{world['url']}/export/{kind}/?format=csv")
    assert as_csv.status_code == 200
    assert as_csv["Content-Type"].startswith("text/csv")
    assert f"{kind}.csv" in as_csv["Content-Disposition"]
    parsed = list(csv.DictReader(io.StringIO(as_csv.content.decode())))
    assert len(parsed) == len(rows)
    assert list(parsed[0]) == list(rows[0])
    if kind == "standings":
        assert any(column.startswith("tiebreak_") for column in parsed[0])
    if kind == "players":
        assert "@example.org" in as_csv.content.decode()


def test_export_refuses_unknown_kind_and_neutralises_formulas(world: dict[str, Any]) -> None:
    client = api(world["organiser"])
    response = client.get(f"{world['url']}/export/everything/")
    assert response.status_code == 400
    assert response.json()["field"] == "kind"
    registration_create(
        event=world["event"], user=None, display_name="=HYPERLINK(1)", by=world["organiser"]
    )
    as_csv = client.get(f"{world['url']}/export/players/", HTTP_ACCEPT="text/csv")
    assert as_csv["Content-Type"].startswith("text/csv")
    assert "'=HYPERLINK(1)" in as_csv.content.decode()


# --- players ------------------------------------------------------------------------------------


def test_my_match(world: dict[str, Any]) -> None:
    response = api(world["player_in"]).get(f"{world['url']}/rounds/1/my-match/")
    assert response.status_code == 200
    body = response.json()
    assert body["table"] == 1
    assert body["side"] == "a"
    assert body["opponent"]["registration"] == world["match"].player_b_id
    assert body["state"] == "missing"
    opponent = api(world["opponent"]).get(f"{world['url']}/rounds/1/my-match/").json()
    assert opponent["side"] == "b"
    assert opponent["opponent"]["registration"] == world["reg_in"].pk


def test_my_match_refusals(world: dict[str, Any]) -> None:
    # The route is for players of the event: a judge who does not play is refused outright.
    assert api(world["judge"]).get(f"{world['url']}/rounds/1/my-match/").status_code == 403
    assert api(world["player_in"]).get(f"{world['url']}/rounds/2/my-match/").status_code == 404
    assert api().get(f"{world['url']}/rounds/1/my-match/").status_code in {401, 403}


def test_report_and_idempotent_retry(world: dict[str, Any]) -> None:
    url = f"{world['url']}/matches/{world['match'].pk}/report/"
    client = api(world["player_in"])
    first = client.post(url, {"wins_a": 1, "wins_b": 0}, format="json", HTTP_IDEMPOTENCY_KEY="k1")
    assert first.status_code == 201, first.json()
    assert first.json()["status"] == "pending"
    rows = ResultReport.objects.count()
    again = client.post(url, {"wins_a": 1, "wins_b": 0}, format="json", HTTP_IDEMPOTENCY_KEY="k1")
    assert again.status_code == first.status_code
    assert again.json() == first.json()
    assert again["Idempotent-Replayed"] == "true"
    assert ResultReport.objects.count() == rows
    # after the opponent confirms, the retry still gets the first answer
    result_report(match_id=world["match"].pk, user=world["opponent"], wins_a=1, wins_b=0)
    late = client.post(url, {"wins_a": 1, "wins_b": 0}, format="json", HTTP_IDEMPOTENCY_KEY="k1")
    assert late.status_code == 201
    assert late.json() == first.json()


def test_a_reused_key_with_another_score_is_refused_and_stores_nothing(
    world: dict[str, Any],
) -> None:
    """A reused key: never the first answer for a different request."""
    url = f"{world['url']}/matches/{world['match'].pk}/report/"
    client = api(world["player_in"])
    first = client.post(url, {"wins_a": 1, "wins_b": 0}, format="json", HTTP_IDEMPOTENCY_KEY="k1")
    assert first.status_code == 201
    rows, audits = ResultReport.objects.count(), AuditEntry.objects.count()
    other = client.post(url, {"wins_a": 0, "wins_b": 1}, format="json", HTTP_IDEMPOTENCY_KEY="k1")
    assert other.status_code == 422, other.json()
    assert other.json()["code"] == "idempotency_key_reused"
    assert other.json()["field"] == "idempotency_key"
    assert (ResultReport.objects.count(), AuditEntry.objects.count()) == (rows, audits)
    # a judge's entry: the same key with another score is refused as well
    base = f"{world['url']}/matches/{world['match2'].pk}/"
    judge = api(world["judge"])
    entered = judge.post(
        base + "judge-result/", {"wins_a": 1, "wins_b": 0}, format="json", HTTP_IDEMPOTENCY_KEY="j"
    )
    assert entered.status_code == 201, entered.json()
    changed = judge.post(
        base + "judge-result/", {"wins_a": 0, "wins_b": 1, "reason": "x"}, format="json",
        HTTP_IDEMPOTENCY_KEY="j",
    )  # fmt: skip
    assert changed.status_code == 422


@pytest.mark.parametrize(
    ("payload", "field"),
    [
        ({"wins_a": 2, "wins_b": 0}, "wins_a"),
        ({"wins_a": -1, "wins_b": 0}, "wins_a"),
        ({"wins_a": 0, "wins_b": 0}, "wins_a"),
        ({"wins_a": 1, "wins_b": 0, "intentional_draw": True}, "intentional_draw"),
        ({"wins_a": "one"}, "wins_a"),
    ],
)
def test_report_refuses_bad_scores(
    world: dict[str, Any], payload: dict[str, Any], field: str
) -> None:
    before = state()
    response = api(world["player_in"]).post(
        f"{world['url']}/matches/{world['match'].pk}/report/", payload, format="json"
    )
    assert response.status_code == 400
    assert response.json()["field"] == field
    assert state() == before


def test_report_refuses_a_too_long_key_and_a_match_of_another_event(world: dict[str, Any]) -> None:
    client = api(world["player_in"])
    url = f"{world['url']}/matches/{world['match'].pk}/report/"
    long_key = client.post(url, {"wins_a": 1}, format="json", HTTP_IDEMPOTENCY_KEY="k" * 81)
    assert long_key.status_code == 400
    assert long_key.json()["field"] == "idempotency_key"
    other_url = f"{API}/events/{world['other'].pk}/matches/{world['match'].pk}/report/"
    assert client.post(other_url, {"wins_a": 1}, format="json").status_code == 404


def test_report_concede(world: dict[str, Any]) -> None:
    response = api(world["player_in"]).post(
        f"{world['url']}/matches/{world['match'].pk}/report/", {"concede": True}, format="json"
    )
    assert response.status_code == 201
    assert (response.json()["wins_a"], response.json()["wins_b"]) == (0, 1)


def test_confirm(world: dict[str, Any]) -> None:
    url = f"{world['url']}/matches/{world['match'].pk}/confirm/"
    before = state()
    nothing = api(world["opponent"]).post(url)
    assert nothing.status_code == 409
    assert state() == before
    result_report(match_id=world["match"].pk, user=world["player_in"], wins_a=0, wins_b=1)
    response = api(world["opponent"]).post(url, HTTP_IDEMPOTENCY_KEY="c1")
    assert response.status_code == 201, response.json()
    assert response.json()["status"] == "confirmed"
    again = api(world["opponent"]).post(url, HTTP_IDEMPOTENCY_KEY="c1")
    assert again.status_code == 201
    assert again.json() == response.json()


# --- judges -------------------------------------------------------------------------------------


def test_queue_lists_open_tables_by_table(world: dict[str, Any]) -> None:
    match, match2 = world["match"], world["match2"]
    result_report(match_id=match.pk, user=world["player_in"], wins_a=1, wins_b=0)
    result_report(match_id=match.pk, user=world["opponent"], wins_a=0, wins_b=1)
    response = api(world["judge"]).get(f"{world['url']}/rounds/1/queue/")
    assert response.status_code == 200
    rows = response.json()
    assert [(row["table"], row["state"]) for row in rows] == [(1, "disputed"), (2, "missing")]
    assert len(rows[0]["reports"]) == 2
    result_enter_by_judge(match_id=match2.pk, judge=world["judge"], wins_a=1, wins_b=0)
    assert len(api(world["judge"]).get(f"{world['url']}/rounds/1/queue/").json()) == 1


def test_queue_refusals(world: dict[str, Any]) -> None:
    assert api(world["judge"]).get(f"{world['url']}/rounds/5/queue/").status_code == 404
    assert api(world["player_in"]).get(f"{world['url']}/rounds/1/queue/").status_code == 403


def test_progress_counter(world: dict[str, Any]) -> None:
    result_enter_by_judge(match_id=world["match"].pk, judge=world["judge"], wins_a=1, wins_b=0)
    response = api(world["judge"]).get(f"{world['url']}/rounds/1/progress/")
    assert response.status_code == 200
    assert response.json()["text"] == "reported 1 / 2"
    assert response.json()["missing"] == 1
    assert api(world["judge"]).get(f"{world['url']}/rounds/3/progress/").status_code == 404


def test_judge_enters_and_overrides(world: dict[str, Any]) -> None:
    url = f"{world['url']}/matches/{world['match'].pk}/judge-result/"
    client = api(world["judge"])
    response = client.post(url, {"wins_a": 1, "wins_b": 0}, format="json")
    assert response.status_code == 201, response.json()
    assert response.json()["status"] == "confirmed"
    before = state()
    no_reason = client.post(url, {"wins_a": 0, "wins_b": 1}, format="json")
    assert no_reason.status_code == 400
    assert no_reason.json()["field"] == "reason"
    assert state() == before
    override = client.post(
        url, {"wins_a": 0, "wins_b": 1, "reason": "slip was wrong"}, format="json"
    )
    assert override.status_code == 201
    assert override.json()["version"] == 2


@pytest.mark.parametrize("game", sorted(PRESETS))
def test_judge_double_loss_is_taken_and_the_round_completes_under_every_preset(
    game: str, make_user: Callable[..., Any], make_event: Callable[..., Any]
) -> None:
    """Every event's scoring allows a double loss, whatever its game's preset (a judge may give
    both players a loss, e.g. both late): the judge's double loss is stored, the round still
    completes, and both players of that table score a loss (0 points) while the other table's
    winner scores a win (3)."""
    organiser, judge = make_user("org"), make_user("judge")
    event = make_event(organiser=organiser, game_slug=game)
    event_role_grant(event=event, user=judge, role="judge", granted_by=organiser)
    for n in range(1, 5):
        registration = registration_create(
            event=event, user=make_user(f"p{n}"), display_name=f"Player {n}"
        )
        registration_check_in(registration_id=registration.pk, by=organiser)
    round_obj = round_pair(event_id=event.pk, by=organiser, seed=7)
    late, played = Match.objects.filter(round=round_obj).order_by("table")
    assert late.player_b is not None
    assert played.player_b is not None
    result_enter_by_judge(match_id=played.pk, judge=judge, wins_a=1, wins_b=0)
    url = f"{API}/events/{event.pk}"

    response = api(judge).post(
        f"{url}/matches/{late.pk}/judge-result/",
        {"double_loss": True, "reason": "both late"},
        format="json",
    )

    assert response.status_code == 201, response.json()
    assert response.json()["status"] == "confirmed"
    assert ResultReport.objects.get(match=late, status="confirmed").double_loss
    assert api(organiser).post(f"{url}/rounds/1/complete/").status_code == 200
    rows = api().get(f"{url}/standings/").json()["standings"]
    points = {row["name"]: row["points"] for row in rows}
    assert points[late.player_a.display_name] == 0
    assert points[late.player_b.display_name] == 0
    assert points[played.player_a.display_name] == 3
    assert points[played.player_b.display_name] == 0


def test_judge_double_loss_with_score_is_refused(world: dict[str, Any]) -> None:
    response = api(world["judge"]).post(
        f"{world['url']}/matches/{world['match'].pk}/judge-result/",
        {"wins_a": 1, "double_loss": True},
        format="json",
    )
    assert response.status_code == 400
    assert response.json()["field"] == "double_loss"


def test_penalties_record_and_list(world: dict[str, Any]) -> None:
    url = f"{world['url']}/penalties/"
    response = api(world["judge"]).post(
        url,
        {
            "registration": world["reg_in"].pk,
            "infraction": "Slow play",
            "penalty": "warning",
            "round": 1,
            "table": 1,
        },
        format="json",
    )
    assert response.status_code == 201, response.json()
    assert response.json()["round"] == 1
    listed = api(world["organiser"]).get(url)
    assert listed.status_code == 200
    assert [row["infraction"] for row in listed.json()] == ["Slow play"]
    assert listed.json()[0]["judge"] == "judge"
    assert api(world["player_in"]).get(url).status_code == 403


@pytest.mark.parametrize(
    ("payload", "field"),
    [
        ({"penalty": "caution"}, "penalty"),
        ({"infraction": "  "}, "infraction"),
        ({"round": 4}, "round"),
        ({"registration": "abc"}, "registration"),
    ],
)
def test_penalty_refusals(world: dict[str, Any], payload: dict[str, Any], field: str) -> None:
    body = {"registration": world["reg_in"].pk, "infraction": "Slow play", "penalty": "warning"}
    before = state()
    response = api(world["judge"]).post(
        f"{world['url']}/penalties/", {**body, **payload}, format="json"
    )
    assert response.status_code == 400
    assert response.json()["field"] == field
    assert state() == before


def test_match_time_extension(world: dict[str, Any]) -> None:
    url = f"{world['url']}/matches/{world['match'].pk}/extend/"
    before = state()
    bad = api(world["judge"]).post(url, {"minutes": 31, "reason": "deck check"}, format="json")
    assert bad.status_code == 400
    assert bad.json()["field"] == "minutes"
    assert state() == before
    response = api(world["judge"]).post(url, {"minutes": 5, "reason": "deck check"}, format="json")
    assert response.status_code == 200
    assert response.json()["extra_minutes"] == 5


# --- robustness and authentication -------------------------------------------------------------


def test_malformed_json_is_a_400(world: dict[str, Any]) -> None:
    response = api(world["player_in"]).post(
        f"{world['url']}/matches/{world['match'].pk}/report/",
        "{not json",
        content_type="application/json",
    )
    assert response.status_code == 400


def test_token_authentication(world: dict[str, Any]) -> None:
    token = api().post(
        f"{API}/auth/token/", {"username": "judge", "password": "pw-for-tests-1"}, format="json"
    )
    assert token.status_code == 200
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {token.json()['token']}")
    response = client.get(f"{world['url']}/rounds/1/progress/")
    assert response.status_code == 200


def test_schema_documents_the_event_endpoints() -> None:
    response = api().get("/api/schema/", HTTP_ACCEPT="application/json")
    assert response.status_code == 200
    paths = response.json()["paths"]
    assert "/api/v1/events/{event_id}/matches/{match_id}/report/" in paths
    assert "/api/v1/events/{event_id}/export/{kind}/" in paths


# --- end to end ---------------------------------------------------------------------------------


def test_a_whole_event_through_the_api(make_user: Any) -> None:
    organiser = make_user("boss")
    org = api(organiser)
    created = org.post(
        f"{API}/events/",
        {
            "name": "API Cup",
            "game": "zutomayo",
            "date": "2026-12-27",
            "status": "registration_open",
        },
        format="json",
    )
    assert created.status_code == 201, created.json()
    url = f"{API}/events/{created.json()['id']}"
    players = [make_user(f"e2e{n}") for n in range(6)]
    for n, player in enumerate(players):
        response = api(player).post(
            f"{url}/registrations/", {"display_name": f"Runner {n}"}, format="json"
        )
        assert response.status_code == 201
        check_in = org.post(f"{url}/registrations/{response.json()['id']}/check-in/")
        assert check_in.status_code == 200
    # A legal list is required by default: nobody has one, so round 1 asks first, naming them
    asked = org.post(f"{url}/rounds/", {}, format="json")
    assert asked.status_code == 409
    assert asked.json()["code"] == "decklists_missing"
    assert [p["name"] for p in asked.json()["players"]] == [f"Runner {n}" for n in range(6)]
    assert {p["decklist"] for p in asked.json()["players"]} == {"missing"}
    paired = org.post(f"{url}/rounds/", {"unlisted": "pair"}, format="json")
    assert paired.status_code == 201, paired.json()
    assert len(paired.json()["matches"]) == 3
    assert org.post(f"{url}/rounds/1/start/").status_code == 200
    for player in players:
        mine = api(player).get(f"{url}/rounds/1/my-match/").json()
        if mine["side"] == "a":
            report = api(player).post(
                f"{url}/matches/{mine['match']}/report/", {"wins_a": 1, "wins_b": 0}, format="json"
            )
            assert report.status_code == 201
            assert report.json()["status"] == "pending"
    progress = org.get(f"{url}/rounds/1/progress/").json()
    assert progress["text"] == "reported 0 / 3"
    assert progress["pending"] == 3
    for player in players:
        mine = api(player).get(f"{url}/rounds/1/my-match/").json()
        if mine["side"] == "b":
            confirm = api(player).post(f"{url}/matches/{mine['match']}/confirm/")
            assert confirm.status_code == 201
            assert confirm.json()["status"] == "confirmed"
    assert org.get(f"{url}/rounds/1/progress/").json()["text"] == "reported 3 / 3"
    completed = org.post(f"{url}/rounds/1/complete/")
    assert completed.status_code == 200, completed.json()
    standings = api().get(f"{url}/standings/").json()
    assert standings["round"] == 1
    assert standings["round_status"] == "complete"
    rows = standings["standings"]
    assert sorted(row["name"] for row in rows) == sorted(f"Runner {n}" for n in range(6))
    assert [row["points"] for row in rows] == [3, 3, 3, 0, 0, 0]
    for row in rows:
        assert row["tiebreaks"]
        for tiebreak in row["tiebreaks"]:
            assert tiebreak["value"]
            assert tiebreak["explanation"]["en"]


# --- the permission matrix ----------------------------------------------------------------------

ROLES = (
    "anonymous",
    "player_in",
    "player_out",
    "judge",
    "judge_other",
    "organiser",
    "organiser_other",
)


def _prepare_pair(world: dict[str, Any]) -> None:
    enter_all_results(world["round"], world["judge"])
    round_complete(round_id=world["round"].pk, by=world["organiser"])


def _no_prep(world: dict[str, Any]) -> None:
    return None


#: endpoint → (prepare, method, path under the event, body, roles allowed)
ENDPOINTS: dict[
    str, tuple[Callable[[dict[str, Any]], None], str, str, dict[str, Any], set[str]]
] = {
    "pair round": (_prepare_pair, "post", "rounds/", {"seed": 11}, {"organiser"}),
    "report result": (
        _no_prep,
        "post",
        "matches/{match}/report/",
        {"wins_a": 1, "wins_b": 0},
        {"player_in"},
    ),
    "judge result": (
        _no_prep,
        "post",
        "matches/{match}/judge-result/",
        {"wins_a": 1, "wins_b": 0},
        {"judge", "organiser"},
    ),
    "record penalty": (
        _no_prep,
        "post",
        "penalties/",
        {"registration": "{reg_in}", "infraction": "Slow play", "penalty": "warning"},
        {"judge", "organiser"},
    ),
    "drop player": (
        _no_prep,
        "post",
        "registrations/{reg_in}/drop/",
        {"reason": "ill"},
        {"player_in", "organiser"},
    ),
    "export": (_no_prep, "get", "export/results/", {}, {"organiser"}),
}


@pytest.mark.parametrize("role", ROLES)
@pytest.mark.parametrize("endpoint", list(ENDPOINTS))
def test_permission_matrix(world: dict[str, Any], endpoint: str, role: str) -> None:
    prepare, method, path, body, allowed = ENDPOINTS[endpoint]
    prepare(world)
    ids = {"match": world["match"].pk, "reg_in": world["reg_in"].pk}
    url = f"{world['url']}/{path.format(**ids)}"
    data = {key: int(value.format(**ids)) if isinstance(value, str) and "{" in value else value
            for key, value in body.items()}  # fmt: skip
    client = api(None if role == "anonymous" else world[role])
    before = state()
    response = getattr(client, method)(url, data, format="json")
    if role in allowed:
        assert response.status_code in {200, 201}, (role, response.content)
        if method == "post":
            assert state() != before
        return
    expected = {401, 403} if role == "anonymous" else {403, 404}
    assert response.status_code in expected, (role, response.status_code, response.content)
    assert state() == before
