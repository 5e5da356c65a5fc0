"""Championship structures (events of two days): day 1, advancement to day 2, day 2 with the
same records, byes given in advance, fixed seating, the end-of-round procedure in results,
the organiser's own pairing, and the edge cases of tiny and emptied fields."""

from __future__ import annotations

import pytest

from core.errors import ConflictError, InvalidInputError, PermissionDeniedError
from core.models import AuditEntry
from tests.tournaments.conftest import TournamentKit
from tournaments.models import Event, Match, Registration, ResultReport, Round
from tournaments.procedures.end_of_round import TIME_DRAW, TIME_HP, TIME_JUDGE, procedure_for
from tournaments.services import (
    event_advance_to_day_two,
    event_copy,
    event_update,
    registration_drop,
    registration_set_seating,
    result_enter_by_judge,
    result_report,
    round_pairing_override,
)

pytestmark = pytest.mark.django_db


def _top_seat_wins(match: Match) -> tuple[int, int, int]:
    return (1, 0, 0)


def _day_one(kit: TournamentKit, players: int = 8, **fields: object) -> Event:
    fields.setdefault("swiss_rounds", 3)
    fields.setdefault("advancement_kind", "points")
    fields.setdefault("advancement_value", 6)
    fields.setdefault("day_two_rounds", 2)
    event = kit.event(**fields)
    kit.players(event, players)
    for _ in range(int(str(fields["swiss_rounds"]))):
        kit.play(kit.pair(event), _top_seat_wins)
    event.refresh_from_db()
    return event


def _points(event: Event) -> dict[int, int]:
    last = Round.objects.filter(event=event).order_by("-number").first()
    assert last is not None
    return {row["registration"]: row["points"] for row in last.snapshot.standings}


# --- advancement ----------------------------------------------------------------------------


def test_day_two_is_refused_until_the_players_advance(kit: TournamentKit) -> None:
    event = _day_one(kit)
    with pytest.raises(ConflictError) as refused:
        kit.pair(event)
    assert refused.value.code == "advance_first"


def test_points_rule_advances_exactly_the_players_with_enough_points(kit: TournamentKit) -> None:
    event = _day_one(kit)
    points = _points(event)
    cut = event_advance_to_day_two(event_id=event.pk, by=kit.organiser)
    # 8 players, 3 rounds, winners always win: 1 at 9, 3 at 6, 3 at 3, 1 at 0 -> 4 with >= 6.
    expected = {pk for pk, p in points.items() if p >= 6}
    assert len(expected) == 4
    statuses = dict(Registration.objects.filter(event=event).values_list("pk", "status"))
    assert {pk for pk, s in statuses.items() if s == "checked_in"} == expected
    assert {pk for pk, s in statuses.items() if s == "not_advanced"} == set(points) - expected
    assert len(cut.advancing) == 4
    reg = Registration.objects.filter(event=event, status="not_advanced").first()
    assert reg is not None
    assert reg.advancement["code"] == "does_not_advance"
    assert "fewer than the 6 needed" in reg.advancement["en"]
    assert "2日目に進出できません" in reg.advancement["ja"]
    entry = AuditEntry.objects.get(action="tournaments.event.advanced_to_day_two")
    assert sorted(entry.data["advancing"]) == sorted(expected)


def test_advancing_twice_or_before_day_one_ends_is_refused(kit: TournamentKit) -> None:
    event = kit.event(swiss_rounds=2, advancement_kind="top", advancement_value=4, day_two_rounds=1)
    kit.players(event, 6)
    kit.play(kit.pair(event))
    with pytest.raises(ConflictError) as early:
        event_advance_to_day_two(event_id=event.pk, by=kit.organiser)
    assert early.value.code == "day_one_not_complete"
    kit.play(kit.pair(event))
    event_advance_to_day_two(event_id=event.pk, by=kit.organiser)
    with pytest.raises(ConflictError):
        event_advance_to_day_two(event_id=event.pk, by=kit.organiser)


def test_a_player_cannot_advance_the_event(kit: TournamentKit) -> None:
    event = _day_one(kit)
    stranger = kit.user("stranger")
    with pytest.raises(PermissionDeniedError):
        event_advance_to_day_two(event_id=event.pk, by=stranger)


def test_day_two_pairs_only_advanced_players_and_keeps_day_one_places(kit: TournamentKit) -> None:
    event = _day_one(kit)
    day_one_rows = list(
        Round.objects.get(event=event, number=3).snapshot.standings
    )  # final day-1 standings
    event_advance_to_day_two(event_id=event.pk, by=kit.organiser)
    day_two = kit.pair(event)
    assert day_two.day == 2
    assert day_two.number == 4
    advanced = set(
        Registration.objects.filter(event=event, status="checked_in").values_list("pk", flat=True)
    )
    seated = {
        pk
        for m in Match.objects.filter(round=day_two)
        for pk in (m.player_a_id, m.player_b_id)
        if pk
    }
    assert seated == advanced
    kit.play(day_two)
    rows = Round.objects.get(pk=day_two.pk).snapshot.standings
    # Day-2 players first; then the others in their day-1 order.
    top = [row["registration"] for row in rows[: len(advanced)]]
    assert set(top) == advanced
    not_advanced_day_one = [
        row["registration"] for row in day_one_rows if row["registration"] not in advanced
    ]
    assert [row["registration"] for row in rows[len(advanced) :]] == not_advanced_day_one
    # Same records: a day-2 player's points include day 1's.
    winner = rows[0]
    assert winner["points"] >= 9


def test_a_record_rule_must_fit_day_one(kit: TournamentKit) -> None:
    with pytest.raises(InvalidInputError) as bad:
        kit.event(swiss_rounds=3, advancement_kind="record", advancement_value=5, day_two_rounds=2)
    assert bad.value.field == "advancement_value"
    with pytest.raises(InvalidInputError) as no_rounds:
        kit.event(swiss_rounds=3, advancement_kind="points", advancement_value=5)
    assert no_rounds.value.field == "day_two_rounds"


def test_too_few_advancing_is_refused_with_what_to_do(kit: TournamentKit) -> None:
    event = _day_one(kit, advancement_value=9)  # only the 3-0 player has 9
    with pytest.raises(ConflictError) as refused:
        event_advance_to_day_two(event_id=event.pk, by=kit.organiser)
    assert refused.value.code == "too_few_advance"
    assert not Registration.objects.filter(event=event, status="not_advanced").exists()


# --- byes given in advance, fixed seating ---------------------------------------------------------


def test_awarded_byes_cover_rounds_one_to_n(kit: TournamentKit) -> None:
    event = kit.event(swiss_rounds=3)
    players = kit.players(event, 6)
    invited = players[0]
    registration_set_seating(
        event_id=event.pk, registration_id=invited.pk, by=kit.organiser, awarded_byes=2,
        fixed_table=None,
    )  # fmt: skip
    for number in (1, 2, 3):
        round_obj = kit.pair(event)
        mine = Match.objects.get(round=round_obj, player_a=invited) if number < 3 else None
        if number < 3:
            assert mine is not None
            assert mine.is_bye
            assert mine.reason["code"] == "bye_awarded"
            assert "in advance" in mine.reason["en"]
            assert "事前" in mine.reason["ja"]
        else:
            assert not Match.objects.filter(round=round_obj, is_bye=True, player_a=invited).exists()
        kit.play(round_obj)
    assert _points(event)[invited.pk] >= 6  # two byes, each a match win


def test_fixed_table_is_kept_every_round(kit: TournamentKit) -> None:
    event = kit.event(swiss_rounds=2)
    players = kit.players(event, 8)
    seated = players[5]
    registration_set_seating(
        event_id=event.pk, registration_id=seated.pk, by=kit.organiser, awarded_byes=0,
        fixed_table=4,
    )  # fmt: skip
    for _ in range(2):
        round_obj = kit.pair(event)
        match = Match.objects.get(
            round=round_obj, is_bye=False, player_a=seated
        ) if Match.objects.filter(round=round_obj, player_a=seated).exists() else Match.objects.get(
            round=round_obj, player_b=seated
        )  # fmt: skip
        assert match.table == 4
        kit.play(round_obj)


def test_seating_is_the_organisers_and_checked(kit: TournamentKit) -> None:
    event = kit.event()
    (player,) = kit.players(event, 1)
    with pytest.raises(PermissionDeniedError):
        registration_set_seating(
            event_id=event.pk, registration_id=player.pk, by=kit.judge, awarded_byes=1,
            fixed_table=None,
        )  # fmt: skip
    with pytest.raises(InvalidInputError):
        registration_set_seating(
            event_id=event.pk, registration_id=player.pk, by=kit.organiser, awarded_byes=9,
            fixed_table=None,
        )  # fmt: skip
    assert AuditEntry.objects.filter(action="tournaments.registration.seating_set").count() == 0


# --- end of round -------------------------------------------------------------------------------


def test_end_of_round_procedures_and_the_results_they_allow(kit: TournamentKit) -> None:
    event = kit.event(swiss_rounds=1)
    kit.players(event, 4)
    round_obj = kit.pair(event)
    first, second = kit.matches(round_obj)
    # Default: a draw at time; one drawn game is counted.
    assert "draw" in procedure_for(event).en
    result_report(
        match_id=first.pk, user=kit.user_a(first), wins_a=0, wins_b=0, time_outcome=TIME_DRAW
    )
    outcome = result_report(
        match_id=first.pk, user=kit.user_b(first), wins_a=0, wins_b=0, time_outcome=TIME_DRAW
    )
    assert outcome.status == "confirmed"
    stored = ResultReport.objects.get(match=first, status="confirmed")
    assert (stored.draws, stored.time_outcome) == (1, TIME_DRAW)
    with pytest.raises(InvalidInputError):  # not what this procedure allows
        result_report(
            match_id=second.pk, user=kit.user_a(second), wins_a=1, wins_b=0, time_outcome=TIME_HP
        )
    event_update(
        event_id=event.pk, by=kit.organiser,
        changes={"end_of_round": "extra_turns", "end_of_round_extra_turns": 2},
    )  # fmt: skip
    event.refresh_from_db()
    assert "2" in procedure_for(event).en
    assert "HP" in procedure_for(event).ja
    with pytest.raises(InvalidInputError):  # an HP win needs a winner
        result_report(
            match_id=second.pk, user=kit.user_a(second), wins_a=0, wins_b=0, time_outcome=TIME_HP
        )
    result_report(
        match_id=second.pk, user=kit.user_a(second), wins_a=1, wins_b=0, time_outcome=TIME_HP
    )
    event_update(event_id=event.pk, by=kit.organiser, changes={"end_of_round": "judge"})
    with pytest.raises(InvalidInputError):  # players do not decide a judge's game
        result_report(
            match_id=second.pk, user=kit.user_b(second), wins_a=0, wins_b=1,
            time_outcome=TIME_JUDGE,
        )  # fmt: skip
    result_enter_by_judge(
        match_id=second.pk, judge=kit.judge, wins_a=0, wins_b=1, time_outcome=TIME_JUDGE
    )
    assert ResultReport.objects.get(match=second, status="confirmed").time_outcome == TIME_JUDGE


def test_azuki_overtime_is_decided_by_tiebreakers_or_a_judge(kit: TournamentKit) -> None:
    event = kit.event(game_slug="azuki", swiss_rounds=1)
    procedure = procedure_for(event)
    assert procedure.outcomes == ("time_tiebreak", "time_judge")
    assert "Leader health" in procedure.en
    assert "延長" in procedure.ja


# --- the organiser's own pairing -----------------------------------------------------------------


def _tables(round_obj: Round) -> list[tuple[int, int]]:
    return [(m.player_a_id, m.player_b_id or 0) for m in kit_matches(round_obj)]


def kit_matches(round_obj: Round) -> list[Match]:
    return list(Match.objects.filter(round=round_obj, is_bye=False).order_by("table"))


def test_override_is_stored_and_audited_with_old_and_new_tables(kit: TournamentKit) -> None:
    event = kit.event(swiss_rounds=3)
    a, b, c, d = kit.players(event, 4)
    round_obj = kit.pair(event)
    round_pairing_override(
        round_id=round_obj.pk, by=kit.organiser, tables=[(a.pk, d.pk), (b.pk, c.pk)], bye=None,
        reason="family members apart", accept_flags=False,
    )  # fmt: skip
    pairs = [(m.table, m.player_a_id, m.player_b_id) for m in kit_matches(round_obj)]
    assert pairs == [(1, a.pk, d.pk), (2, b.pk, c.pk)]
    entry = AuditEntry.objects.get(action="tournaments.round.pairing_overridden")
    assert entry.data["new"] == [[1, a.pk, d.pk], [2, b.pk, c.pk]]
    assert len(entry.data["old"]) == 2
    assert entry.reason == "family members apart"


def test_override_refuses_a_player_left_out_or_seated_twice(kit: TournamentKit) -> None:
    event = kit.event(swiss_rounds=3)
    a, b, c, _d = kit.players(event, 4)
    round_obj = kit.pair(event)
    before = [(m.player_a_id, m.player_b_id) for m in kit_matches(round_obj)]
    with pytest.raises(InvalidInputError) as twice:
        round_pairing_override(
            round_id=round_obj.pk, by=kit.organiser, tables=[(a.pk, b.pk), (a.pk, c.pk)],
            bye=None, reason="x", accept_flags=True,
        )  # fmt: skip
    assert twice.value.code == "pairing_invalid"
    assert "Player 04" in str(twice.value)  # d is left out, named
    assert [(m.player_a_id, m.player_b_id) for m in kit_matches(round_obj)] == before
    assert not AuditEntry.objects.filter(action="tournaments.round.pairing_overridden").exists()


def test_override_flags_a_rematch_until_confirmed(kit: TournamentKit) -> None:
    event = kit.event(swiss_rounds=3)
    kit.players(event, 4)
    first = kit.pair(event)
    played = [(m.player_a_id, m.player_b_id or 0) for m in kit_matches(first)]
    kit.play(first)
    second = kit.pair(event)
    with pytest.raises(ConflictError) as flagged:
        round_pairing_override(
            round_id=second.pk, by=kit.organiser, tables=played, bye=None,
            reason="same again", accept_flags=False,
        )  # fmt: skip
    assert flagged.value.code == "pairing_flagged"
    assert "rematch" in str(flagged.value).lower()
    round_pairing_override(
        round_id=second.pk, by=kit.organiser, tables=played, bye=None, reason="same again",
        accept_flags=True,
    )  # fmt: skip
    second.refresh_from_db()
    assert len(second.summary["rematches"]) == 2


def test_override_after_the_round_started_is_refused(kit: TournamentKit) -> None:
    event = kit.event(swiss_rounds=3)
    a, b, c, d = kit.players(event, 4)
    round_obj = kit.pair(event)
    kit.play(round_obj, complete=False)
    with pytest.raises(ConflictError):
        round_pairing_override(
            round_id=round_obj.pk, by=kit.organiser, tables=[(a.pk, d.pk), (b.pk, c.pk)],
            bye=None, reason="x", accept_flags=True,
        )  # fmt: skip


# --- edge cases ---------------------------------------------------------------------------------


@pytest.mark.parametrize("size", [2, 3, 4])
def test_tiny_fields_pair_everyone_every_round(kit: TournamentKit, size: int) -> None:
    event = kit.event(swiss_rounds=3)
    players = kit.players(event, size)
    for _ in range(3):
        round_obj = kit.pair(event)
        seated = [
            pk
            for m in Match.objects.filter(round=round_obj)
            for pk in (m.player_a_id, m.player_b_id)
            if pk
        ]
        assert sorted(seated) == sorted(p.pk for p in players)
        assert Match.objects.filter(round=round_obj, is_bye=True).count() == size % 2
        kit.play(round_obj)


def test_odd_field_where_everyone_has_had_a_bye_gets_a_second_one_explained(
    kit: TournamentKit,
) -> None:
    event = kit.event(swiss_rounds=4)
    kit.players(event, 3)
    for _ in range(3):
        kit.play(kit.pair(event))
    fourth = kit.pair(event)
    assert fourth.summary["repeat_byes"] == 1
    bye = Match.objects.get(round=fourth, is_bye=True)
    assert bye.reason["en"]
    assert bye.reason["ja"]


def test_no_rematch_free_pairing_names_the_rematches(kit: TournamentKit) -> None:
    event = kit.event(swiss_rounds=4)
    kit.players(event, 4)
    for _ in range(3):  # 4 players meet everyone in 3 rounds
        kit.play(kit.pair(event))
    fourth = kit.pair(event)
    assert len(fourth.summary["rematches"]) == 2
    assert "rematch" in fourth.summary["reason"]["en"].lower()


def test_everybody_dropped_but_one_is_refused_with_what_to_do(kit: TournamentKit) -> None:
    event = kit.event(swiss_rounds=3)
    players = kit.players(event, 3)
    kit.play(kit.pair(event))
    for player in players[1:]:
        registration_drop(registration_id=player.pk, by=kit.organiser)
    with pytest.raises(ConflictError) as refused:
        kit.pair(event)
    assert refused.value.code == "one_player_left"
    assert "Player 01" in str(refused.value)
    assert "finish the event" in str(refused.value)


def test_a_copy_keeps_the_championship_structure(kit: TournamentKit) -> None:
    event = kit.event(
        swiss_rounds=4, advancement_kind="top", advancement_value=8, day_two_rounds=3,
        end_of_round="judge",
    )  # fmt: skip
    copy = event_copy(actor=kit.organiser, event_id=event.pk, name="Again", date=event.date)
    assert (copy.advancement_kind, copy.advancement_value, copy.day_two_rounds) == ("top", 8, 3)
    assert copy.end_of_round == "judge"
    assert copy.advanced_at is None
