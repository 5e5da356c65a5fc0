"""Championship pages and API per role: the day-2 confirmation, the
standings after day 2, byes in advance and fixed tables, the clock at time, the result form's
time outcomes, pairing a round by hand (refused, flagged, stored) and its API."""

from __future__ import annotations

import datetime as dt
from typing import Any

import pytest
from django.conf import settings
from django.test import Client
from django.utils import timezone

from core.models import AuditEntry
from tests.clients import api
from tests.tournaments.conftest import TournamentKit
from tournaments.models import Event, EventRole, Match, Registration, Round
from tournaments.selectors.exports import event_export
from tournaments.services import event_role_grant, round_start
from tournaments.services.printing import _header, _standing_name

pytestmark = pytest.mark.django_db


def _client(user: Any, language: str = "en") -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    client.cookies[settings.LANGUAGE_COOKIE_NAME] = language
    return client


def _day_one_done(kit: TournamentKit) -> Event:
    event = kit.event(
        name="Champ Cup", swiss_rounds=3, advancement_kind="points", advancement_value=6,
        day_two_rounds=1,
    )  # fmt: skip
    kit.players(event, 8)
    for _ in range(3):
        kit.play(kit.pair(event))
    return event


# --- advancing to day 2 ----------------------------------------------------------------------


def test_dashboard_offers_advance_then_the_page_confirms_with_reasons(kit: TournamentKit) -> None:
    event = _day_one_done(kit)
    client = _client(kit.organiser)
    dashboard = client.get(f"/events/{event.pk}/manage/").content.decode()
    assert f"/events/{event.pk}/manage/day-two/" in dashboard
    page = client.get(f"/events/{event.pk}/manage/day-two/")
    assert page.status_code == 200
    text = page.content.decode()
    assert "6 match points or more" in text
    assert "fewer than the 6 needed" in text
    assert "Advances" in text
    refused = client.post(f"/events/{event.pk}/manage/day-two/", {})
    assert refused.status_code == 400
    assert not Registration.objects.filter(event=event, status="not_advanced").exists()
    done = client.post(f"/events/{event.pk}/manage/day-two/", {"confirm": "yes"})
    assert done.status_code == 302
    assert Registration.objects.filter(event=event, status="not_advanced").count() == 4


def test_advance_page_in_japanese(kit: TournamentKit) -> None:
    event = _day_one_done(kit)
    text = _client(kit.organiser, "ja").get(f"/events/{event.pk}/manage/day-two/").content.decode()
    assert "2日目進出を確定しますか" in text
    assert "勝ち点6以上" in text
    assert "Advance to day 2" not in text


def test_advance_is_refused_to_players_and_judges(kit: TournamentKit) -> None:
    event = _day_one_done(kit)
    player = Registration.objects.filter(event=event).first()
    assert player is not None
    assert player.user is not None
    for user in (player.user, kit.judge):
        response = _client(user).post(f"/events/{event.pk}/manage/day-two/", {"confirm": "yes"})
        assert response.status_code in (403, 404)
    assert not Registration.objects.filter(event=event, status="not_advanced").exists()


def test_scorekeeper_may_advance(kit: TournamentKit) -> None:
    event = _day_one_done(kit)
    keeper = kit.user("keeper")
    event_role_grant(
        event=event, user=keeper, role=EventRole.Role.SCOREKEEPER, granted_by=kit.organiser
    )
    response = _client(keeper).post(f"/events/{event.pk}/manage/day-two/", {"confirm": "yes"})
    assert response.status_code == 302


def test_day_two_standings_and_pairings_say_day_two(kit: TournamentKit) -> None:
    event = _day_one_done(kit)
    _client(kit.organiser).post(f"/events/{event.pk}/manage/day-two/", {"confirm": "yes"})
    day_two = kit.pair(event)
    kit.play(day_two)
    pairings = _client(None).get(f"/events/{event.pk}/rounds/4/pairings/").content.decode()
    assert "Day 2 · Round 4" in pairings
    standings = _client(None).get(f"/events/{event.pk}/standings/").content.decode()
    assert "Day 2" in standings
    assert "did not advance" in standings
    ja = _client(None, "ja").get(f"/events/{event.pk}/standings/").content.decode()
    assert "2日目進出なし" in ja


def test_day_two_api_answers_every_decision(kit: TournamentKit) -> None:
    event = _day_one_done(kit)
    response = api(kit.organiser).post(f"/api/v1/events/{event.pk}/day-two/", {}, format="json")
    assert response.status_code == 200, response.content
    body = response.json()
    assert len(body["decisions"]) == 8
    assert len(body["advancing"]) == 4
    assert all(d["reason"]["ja"] for d in body["decisions"])
    again = api(kit.organiser).post(f"/api/v1/events/{event.pk}/day-two/", {}, format="json")
    assert again.status_code == 409


# --- byes in advance and fixed tables ------------------------------------------------------------


def test_organiser_sets_byes_and_table_on_the_player_list(kit: TournamentKit) -> None:
    event = kit.event(swiss_rounds=3)
    players = kit.players(event, 5)
    client = _client(kit.organiser)
    page = client.get(f"/events/{event.pk}/manage/seating/")
    assert page.status_code == 200
    assert "Player 03" in page.content.decode()
    response = client.post(
        f"/events/{event.pk}/manage/seating/",
        {"registration": players[2].pk, "awarded_byes": "1", "fixed_table": "7"},
    )
    assert response.status_code == 302
    players[2].refresh_from_db()
    assert (players[2].awarded_byes, players[2].fixed_table) == (1, 7)
    bad = client.post(
        f"/events/{event.pk}/manage/seating/",
        {"registration": players[2].pk, "awarded_byes": "lots"},
    )
    assert bad.status_code == 400
    round_obj = kit.pair(event)
    text = _client(None).get(f"/events/{event.pk}/rounds/1/pairings/").content.decode()
    assert "in advance" in text  # the awarded bye's reason under the pairings
    assert f"Player 03 #{players[2].pk}" not in text
    assert Match.objects.filter(round=round_obj, is_bye=True, player_a=players[2]).exists()


def test_seating_page_is_the_organisers(kit: TournamentKit) -> None:
    event = kit.event()
    response = _client(kit.judge).get(f"/events/{event.pk}/manage/seating/")
    assert response.status_code in (403, 404)


# --- the clock and the result form ---------------------------------------------------------------


def test_clock_at_time_shows_the_procedure_in_both_languages(kit: TournamentKit) -> None:
    event = kit.event(swiss_rounds=1, end_of_round="extra_turns", end_of_round_extra_turns=3)
    kit.players(event, 4)
    round_obj = kit.pair(event)
    round_start(
        round_id=round_obj.pk, by=kit.organiser, now=timezone.now() - dt.timedelta(minutes=60)
    )
    en = _client(None).get(f"/events/{event.pk}/clock/").content.decode()
    assert "Time is called" in en
    assert "3 extra turn(s)" in en
    assert 'class="panel end-of-round at-time"' in en
    ja = _client(None, "ja").get(f"/events/{event.pk}/clock/").content.decode()
    assert "追加ターン" in ja
    assert "タイム" in ja


def test_clock_before_time_keeps_the_banner_hidden(kit: TournamentKit) -> None:
    event = kit.event(swiss_rounds=1)
    kit.players(event, 4)
    round_start(round_id=kit.pair(event).pk, by=kit.organiser)
    text = _client(None).get(f"/events/{event.pk}/clock/").content.decode()
    assert "<h2 data-at-time hidden>" in text
    assert "is a draw" in text


def test_result_form_offers_what_the_procedure_allows(kit: TournamentKit) -> None:
    event = kit.event(swiss_rounds=1, end_of_round="extra_turns")
    kit.players(event, 2)
    match = kit.matches(kit.pair(event))[0]
    player_page = _client(kit.user_a(match)).get(f"/events/matches/{match.pk}/").content.decode()
    assert 'value="time_hp"' in player_page
    assert 'value="time_draw"' not in player_page
    response = _client(kit.user_a(match)).post(
        f"/events/matches/{match.pk}/",
        {
            "outcome": "won",
            "my_wins": "1",
            "their_wins": "0",
            "draws": "0",
            "time_outcome": "time_hp",
        },
    )
    assert response.status_code == 302
    refused = _client(kit.user_b(match)).post(
        f"/events/matches/{match.pk}/",
        {
            "outcome": "draw",
            "my_wins": "0",
            "their_wins": "0",
            "draws": "1",
            "time_outcome": "time_draw",
        },
    )
    assert refused.status_code == 400


def test_judge_entry_offers_the_judges_decision(kit: TournamentKit) -> None:
    event = kit.event(swiss_rounds=1, end_of_round="judge")
    kit.players(event, 2)
    match = kit.matches(kit.pair(event))[0]
    judge_page = _client(kit.judge).get(f"/events/matches/{match.pk}/").content.decode()
    assert 'value="time_judge"' in judge_page
    player_page = _client(kit.user_a(match)).get(f"/events/matches/{match.pk}/").content.decode()
    assert 'value="time_judge"' not in player_page
    assert "call a judge" in player_page


# --- pairing a round by hand ---------------------------------------------------------------------


def _form(tables: list[tuple[int, int]], **extra: str) -> dict[str, str]:
    data = {"reason": "keep family apart", **extra}
    for number, (a, b) in enumerate(tables, start=1):
        data[f"a_{number}"] = str(a)
        data[f"b_{number}"] = str(b)
    return data


def test_override_page_shows_names_in_select_boxes_and_stores(kit: TournamentKit) -> None:
    event = kit.event(swiss_rounds=3)
    a, b, c, d = kit.players(event, 4)
    round_obj = kit.pair(event)
    client = _client(kit.organiser)
    page = client.get(f"/events/{event.pk}/manage/pair-by-hand/")
    assert page.status_code == 200
    text = page.content.decode()
    assert "<select" in text
    assert ">Player 01</option>" in text
    response = client.post(
        f"/events/{event.pk}/manage/pair-by-hand/", _form([(a.pk, c.pk), (b.pk, d.pk)])
    )
    assert response.status_code == 302
    pairs = [(m.player_a_id, m.player_b_id) for m in kit.matches(round_obj)]
    assert pairs == [(a.pk, c.pk), (b.pk, d.pk)]
    assert AuditEntry.objects.filter(action="tournaments.round.pairing_overridden").count() == 1


def test_override_with_a_player_left_out_is_refused_with_the_name(kit: TournamentKit) -> None:
    event = kit.event(swiss_rounds=3)
    a, b, c, _d = kit.players(event, 4)
    kit.pair(event)
    response = _client(kit.organiser).post(
        f"/events/{event.pk}/manage/pair-by-hand/", _form([(a.pk, b.pk), (c.pk, a.pk)])
    )
    assert response.status_code == 400
    assert "Player 04" in response.content.decode()
    assert f"#{_d.pk}" not in response.content.decode()  # named, with no internal id
    assert not AuditEntry.objects.filter(action="tournaments.round.pairing_overridden").exists()


def test_override_rematch_is_flagged_then_confirmed(kit: TournamentKit) -> None:
    event = kit.event(swiss_rounds=3)
    kit.players(event, 4)
    first = kit.pair(event)
    played = [(m.player_a_id, m.player_b_id or 0) for m in kit.matches(first)]
    kit.play(first)
    kit.pair(event)
    client = _client(kit.organiser, "ja")
    flagged = client.post(f"/events/{event.pk}/manage/pair-by-hand/", _form(played))
    assert flagged.status_code == 400
    text = flagged.content.decode()
    assert "再戦" in text
    assert " #" not in text.split("<ul>")[1].split("</ul>")[0]  # names only, in Japanese too
    assert 'name="confirm" value="yes"' in text
    stored = client.post(f"/events/{event.pk}/manage/pair-by-hand/", _form(played, confirm="yes"))
    assert stored.status_code == 302


def test_override_page_is_refused_to_judges_and_players(kit: TournamentKit) -> None:
    event = kit.event(swiss_rounds=3)
    players = kit.players(event, 4)
    kit.pair(event)
    for user in (kit.judge, players[0].user):
        response = _client(user).get(f"/events/{event.pk}/manage/pair-by-hand/")
        assert response.status_code in (403, 404)


def test_override_without_a_waiting_round_says_so(kit: TournamentKit) -> None:
    event = kit.event(swiss_rounds=3)
    kit.players(event, 4)
    response = _client(kit.organiser).get(f"/events/{event.pk}/manage/pair-by-hand/")
    assert response.status_code == 409
    assert "pair the next round first" in response.content.decode()


def test_override_api_parity(kit: TournamentKit) -> None:
    event = kit.event(swiss_rounds=3)
    a, b, c, d = kit.players(event, 4)
    kit.pair(event)
    url = f"/api/v1/events/{event.pk}/rounds/1/override/"
    bad = api(kit.organiser).post(
        url, {"tables": [[a.pk, b.pk], [a.pk, c.pk]], "reason": "x"}, format="json"
    )
    assert bad.status_code == 400
    assert bad.json()["code"] == "pairing_invalid"
    assert bad.json()["problems"][0]["ja"]
    good = api(kit.organiser).post(
        url, {"tables": [[a.pk, d.pk], [b.pk, c.pk]], "reason": "x"}, format="json"
    )
    assert good.status_code == 200, good.content
    assert Round.objects.get(event=event, number=1).summary["manual"] is True
    judge = api(kit.judge).post(
        url, {"tables": [[a.pk, d.pk], [b.pk, c.pk]], "reason": "x"}, format="json"
    )
    assert judge.status_code in (403, 404)


def test_everybody_dropped_but_one_on_the_dashboard(kit: TournamentKit) -> None:
    event = kit.event(swiss_rounds=3)
    players = kit.players(event, 3)
    kit.play(kit.pair(event))
    for player in players[1:]:
        Registration.objects.filter(pk=player.pk).update(status="dropped")
    response = _client(kit.organiser).post(f"/events/{event.pk}/manage/pair/")
    assert response.status_code == 409
    assert "finish the event" in response.content.decode()


def test_event_page_shows_the_structure_and_the_end_of_round(kit: TournamentKit) -> None:
    event = kit.event(
        swiss_rounds=5, advancement_kind="record", advancement_value=2, day_two_rounds=3
    )
    text = _client(None).get(f"/events/{event.pk}/").content.decode()
    assert "X-2 or better after 5 rounds" in text
    assert "3 Swiss rounds on day 2" in text
    assert "is a draw" in text
    ja = _client(None, "ja").get(f"/events/{event.pk}/").content.decode()
    assert "X-2以上" in ja
    assert "2日目に同じ戦績のまま3回戦" in ja


def test_exports_and_printouts_say_day_one_and_day_two(kit: TournamentKit) -> None:
    event = _day_one_done(kit)
    _client(kit.organiser).post(f"/events/{event.pk}/manage/day-two/", {"confirm": "yes"})
    day_two = kit.pair(event)
    pairings = event_export(event_id=event.pk, kind="pairings", user=kit.organiser)
    assert {row["day"] for row in pairings if row["round"] in (1, 2, 3)} == {1}
    assert {row["day"] for row in pairings if row["round"] == 4} == {2}
    players = event_export(event_id=event.pk, kind="players", user=kit.organiser)
    out = [row for row in players if row["advancement"] == "does_not_advance"]
    assert len(out) == 4
    assert all(row["day_one_rank"] and row["advancement_ja"] for row in out)
    event.refresh_from_db()
    assert _header(event, day_two).stage_label.startswith("Day 2 / 2日目")
    row = {"name": "Aoi", "not_advanced": True, "day_one_rank": 6}
    assert _standing_name(row) == "Aoi (day 1: 6, not advanced / 1日目6位・2日目進出なし)"
