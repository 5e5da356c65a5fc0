"""Registration services: capacity, window, waiting list, CSV import, check-in,
late entry, drop and undrop."""

from __future__ import annotations

import datetime as dt

import pytest

from core.errors import ConflictError, InvalidInputError, NotFoundError, PermissionDeniedError
from core.models import AuditEntry
from tests.tournaments.conftest import START, TournamentKit
from tournaments.models import Event, Match, Registration
from tournaments.services import (
    event_set_status,
    registration_check_in,
    registration_create,
    registration_drop,
    registration_undrop,
    registrations_import_csv,
    round_repair,
)

pytestmark = pytest.mark.django_db


def _self_register(kit: TournamentKit, event: Event, name: str, **kwargs: object) -> Registration:
    user = kit.user()
    return registration_create(event=event, user=user, display_name=name, by=user, **kwargs)  # type: ignore[arg-type]


# --- capacity, window, waiting list -------------------------------------------------------


def test_a_full_event_puts_players_on_the_waiting_list(kit: TournamentKit) -> None:
    event = kit.event(capacity=2)
    first = _self_register(kit, event, "Aoi")
    second = _self_register(kit, event, "Ren")
    third = _self_register(kit, event, "Mio")
    assert [first.status, second.status] == ["registered", "registered"]
    assert third.status == Registration.Status.WAITLISTED
    # The organiser may seat a player beyond capacity.
    extra = registration_create(event=event, user=None, display_name="Sora", by=kit.organiser)
    assert extra.status == Registration.Status.REGISTERED


def test_checked_in_players_count_against_capacity(kit: TournamentKit) -> None:
    event = kit.event(capacity=2)
    for name in ("Aoi", "Ren"):
        registration = _self_register(kit, event, name)
        registration_check_in(registration_id=registration.pk, by=kit.organiser)
    assert _self_register(kit, event, "Mio").status == Registration.Status.WAITLISTED


def test_registration_window_is_enforced_for_players(kit: TournamentKit) -> None:
    opens = START
    closes = START + dt.timedelta(days=1)
    event = kit.event(registration_opens_at=opens, registration_closes_at=closes)
    with pytest.raises(ConflictError, match="not opened yet"):
        _self_register(kit, event, "Early", now=opens - dt.timedelta(seconds=1))
    with pytest.raises(ConflictError, match="closed"):
        _self_register(kit, event, "Late", now=closes + dt.timedelta(seconds=1))
    inside = _self_register(kit, event, "OnTime", now=opens + dt.timedelta(hours=1))
    assert inside.status == Registration.Status.REGISTERED
    # Organisers add players outside the window.
    added = registration_create(event=event, user=None, display_name="Walk-in", by=kit.organiser)
    assert added.status == Registration.Status.REGISTERED
    assert Registration.objects.filter(event=event).count() == 2


def test_players_cannot_register_while_registration_is_not_open(kit: TournamentKit) -> None:
    event = kit.event(status=Event.Status.DRAFT)
    with pytest.raises(ConflictError, match="not open"):
        _self_register(kit, event, "Aoi")
    event_set_status(event_id=event.pk, by=kit.organiser, status="registration_open")
    _self_register(kit, event, "Aoi")
    event_set_status(event_id=event.pk, by=kit.organiser, status="registration_closed")
    with pytest.raises(ConflictError, match="not open"):
        _self_register(kit, event, "Ren")


def test_players_register_only_themselves_and_once(kit: TournamentKit) -> None:
    event = kit.event()
    someone, other = kit.user(), kit.user()
    with pytest.raises(PermissionDeniedError):
        registration_create(event=event, user=other, display_name="Other", by=someone)
    registration_create(event=event, user=someone, display_name="Me", by=someone, player_id="P1")
    with pytest.raises(ConflictError, match="already registered"):
        registration_create(event=event, user=someone, display_name="Me again", by=someone)
    with pytest.raises(ConflictError, match="P1"):
        registration_create(event=event, user=other, display_name="Other", by=other, player_id="P1")
    with pytest.raises(InvalidInputError):
        registration_create(event=event, user=other, display_name="   ", by=other)


def test_a_drop_before_round_one_promotes_the_first_waitlisted_player(kit: TournamentKit) -> None:
    event = kit.event(capacity=2)
    seated = [_self_register(kit, event, name) for name in ("Aoi", "Ren")]
    first_waiting = _self_register(kit, event, "Mio")
    second_waiting = _self_register(kit, event, "Sora")
    assert seated[0].user is not None
    registration_drop(registration_id=seated[0].pk, by=seated[0].user)
    first_waiting.refresh_from_db()
    second_waiting.refresh_from_db()
    assert first_waiting.status == Registration.Status.REGISTERED
    assert second_waiting.status == Registration.Status.WAITLISTED
    assert AuditEntry.objects.filter(
        action="tournaments.registration.promoted", object_id=str(first_waiting.pk)
    ).exists()


def test_a_waitlisted_player_leaving_promotes_nobody(kit: TournamentKit) -> None:
    event = kit.event(capacity=2)
    _self_register(kit, event, "Aoi")
    _self_register(kit, event, "Sora")
    waiting = _self_register(kit, event, "Ren")
    behind = _self_register(kit, event, "Mio")
    assert waiting.user is not None
    registration_drop(registration_id=waiting.pk, by=waiting.user)
    behind.refresh_from_db()
    assert behind.status == Registration.Status.WAITLISTED


def test_a_drop_after_round_one_promotes_nobody(kit: TournamentKit) -> None:
    event = kit.event(capacity=4)
    players = kit.players(event, 4)
    waiting = _self_register(kit, event, "Waiting")
    assert waiting.status == Registration.Status.WAITLISTED
    kit.pair(event)
    registration_drop(registration_id=players[0].pk, by=kit.organiser)
    waiting.refresh_from_db()
    assert waiting.status == Registration.Status.WAITLISTED


# --- CSV import ---------------------------------------------------------------------------


def test_csv_import_creates_every_player(kit: TournamentKit) -> None:
    event = kit.event()
    data = (
        "\ufeffName,Player_ID,Email\n"
        "Aoi Sato,ZT-001,aoi@example.org\n"
        "Ren Ito,ZT-002,\n"
        "Mio Kato,,mio@example.org\n"
    )
    created = registrations_import_csv(event_id=event.pk, by=kit.organiser, data=data.encode())
    assert [(r.display_name, r.player_id, r.email) for r in created] == [
        ("Aoi Sato", "ZT-001", "aoi@example.org"),
        ("Ren Ito", "ZT-002", ""),
        ("Mio Kato", "", "mio@example.org"),
    ]
    assert Registration.objects.filter(event=event).count() == 3
    assert {r.status for r in created} == {Registration.Status.REGISTERED}


def test_csv_import_names_every_bad_line_and_imports_nothing(kit: TournamentKit) -> None:
    event = kit.event()
    registration_create(
        event=event, user=None, display_name="Old", player_id="ZT-009", by=kit.organiser
    )
    data = (
        "name,player_id,email\n"
        "Aoi,ZT-001,aoi@example.org\n"  # line 2: fine
        ",ZT-002,\n"  # line 3: no name
        "Ren,ZT-001,\n"  # line 4: repeats line 2
        "Mio,ZT-003,not-an-address\n"  # line 5: bad e-mail
        "Sora,ZT-009,\n"  # line 6: already registered
    )
    with pytest.raises(InvalidInputError) as caught:
        registrations_import_csv(event_id=event.pk, by=kit.organiser, data=data)
    problems = caught.value.extra["problems"]
    assert isinstance(problems, list)
    assert [problem.split(":")[0] for problem in problems] == [
        "line 3",
        "line 4",
        "line 5",
        "line 6",
    ]
    assert "repeats line 2" in problems[1]
    assert "line 3" in caught.value.message
    assert Registration.objects.filter(event=event).count() == 1


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ("", "empty"),
        ("name,email\nAoi,a@example.org\n", "line 1: the header lacks column(s) player_id"),
        ("name,player_id,email\n", "no players"),
        (b"name,player_id,email\n\xff\xfe,1,\n", "not UTF-8"),
        (b"name,player_id,email\x00\n", "binary"),
    ],
)
def test_csv_import_refuses_unusable_files(
    kit: TournamentKit, data: str | bytes, message: str
) -> None:
    event = kit.event()
    with pytest.raises(InvalidInputError, match=message.replace("(", r"\(").replace(")", r"\)")):
        registrations_import_csv(event_id=event.pk, by=kit.organiser, data=data)
    assert not Registration.objects.filter(event=event).exists()


def test_only_organisers_import(kit: TournamentKit) -> None:
    event = kit.event()
    with pytest.raises(PermissionDeniedError):
        registrations_import_csv(
            event_id=event.pk, by=kit.judge, data="name,player_id,email\nA,,\n"
        )
    assert not Registration.objects.filter(event=event).exists()


@pytest.mark.parametrize(
    ("row", "problem"),
    [
        ("{long_name},ZT-1,", "line 3: name is longer than 100 characters"),
        ("Aoi,{long_id},", "line 3: player_id is longer than 40 characters"),
        ("Aoi,ZT-1,aoi@", "line 3: email 'aoi@' is not an e-mail address"),
        ("Aoi,ZT-1,a@b@c", "line 3: email 'a@b@c' is not an e-mail address"),
    ],
    ids=["name-over-100", "player-id-over-40", "email-no-domain", "email-two-at"],
)
def test_csv_import_checks_every_field_per_line(kit: TournamentKit, row: str, problem: str) -> None:
    """What the model would refuse is named by line, before anything is written."""
    event = kit.event()
    data = "name,player_id,email\nFine,ZT-0,\n" + row.format(long_name="N" * 101, long_id="X" * 41)
    with pytest.raises(InvalidInputError) as caught:
        registrations_import_csv(event_id=event.pk, by=kit.organiser, data=data)
    assert caught.value.extra["problems"] == [problem]
    assert not Registration.objects.filter(event=event).exists()


# --- check-in -----------------------------------------------------------------------------


def test_check_in(kit: TournamentKit) -> None:
    event = kit.event(capacity=2)
    registration = _self_register(kit, event, "Aoi")
    _self_register(kit, event, "Sora")
    waiting = _self_register(kit, event, "Ren")
    checked = registration_check_in(registration_id=registration.pk, by=kit.organiser)
    assert checked.status == Registration.Status.CHECKED_IN
    assert AuditEntry.objects.filter(
        action="tournaments.registration.checked_in",
        object_id=str(registration.pk),
        actor=kit.organiser,
    ).exists()
    with pytest.raises(ConflictError, match="checked in"):
        registration_check_in(registration_id=registration.pk, by=kit.organiser)
    with pytest.raises(ConflictError, match="waiting list"):
        registration_check_in(registration_id=waiting.pk, by=kit.organiser)


def test_only_organisers_check_players_in(kit: TournamentKit) -> None:
    event = kit.event()
    registration = _self_register(kit, event, "Aoi")
    other_organiser = kit.user("organiser")
    kit.event(name="Elsewhere")  # organising another event gives no rights here
    for intruder in (kit.judge, registration.user, other_organiser):
        assert intruder is not None
        with pytest.raises(PermissionDeniedError):
            registration_check_in(registration_id=registration.pk, by=intruder)
    registration.refresh_from_db()
    assert registration.status == Registration.Status.REGISTERED
    with pytest.raises(NotFoundError):
        registration_check_in(registration_id=registration.pk + 1000, by=kit.organiser)


def test_players_not_checked_in_are_not_paired(kit: TournamentKit) -> None:
    event = kit.event()
    present = kit.players(event, 4)
    absent = kit.register(event, "Absent", check_in=False)
    round_obj = kit.pair(event)
    seated = {m.player_a_id for m in kit.matches(round_obj, byes=True)} | {
        m.player_b_id for m in kit.matches(round_obj)
    }
    assert seated == {p.pk for p in present}
    assert absent.pk not in seated


# --- late entry ---------------------------------------------------------------------------


def test_late_entry_joins_with_a_loss_per_missed_round(kit: TournamentKit) -> None:
    event = kit.event(swiss_rounds=3)
    kit.players(event, 4)
    round_1 = kit.play(kit.pair(event, seed=1))
    late = kit.register(event, "Latecomer", check_in=False)
    assert late.status == Registration.Status.CHECKED_IN  # nothing else to do for them
    assert late.late_rounds_missed == 1
    round_2 = kit.pair(event, seed=2)
    in_round_2 = [
        m for m in kit.matches(round_2, byes=True) if late.pk in (m.player_a_id, m.player_b_id)
    ]
    assert len(in_round_2) == 1
    # The standings shown with round 2's pairings (after round 1) list the missed round.
    assert kit.row_of(kit.standings(round_2), late)["record"] == "0-1-0"
    kit.play(round_2, lambda match: (1, 0, 0) if match.player_a_id == late.pk else (0, 1, 0))
    row = kit.row_of(kit.standings(round_2), late)
    # Round 1 missed (a loss) and round 2 won, or the bye.
    assert row["record"] == "1-1-0"
    assert row["points"] == 3
    assert "missed round" in str(row["explanation"]["en"])
    assert late.pk not in {row["registration"] for row in kit.standings(round_1)}


def test_players_cannot_enter_late_by_themselves(kit: TournamentKit) -> None:
    event = kit.event()
    kit.players(event, 4)
    kit.pair(event)
    with pytest.raises(ConflictError, match="not open"):
        _self_register(kit, event, "Latecomer")


# --- drop and undrop ----------------------------------------------------------------------


def test_a_dropped_player_keeps_results_and_is_not_paired_again(kit: TournamentKit) -> None:
    event = kit.event(swiss_rounds=3)
    players = kit.players(event, 6)
    round_1 = kit.play(kit.pair(event, seed=3))
    leaver = players[0]
    assert leaver.user is not None
    dropped = registration_drop(registration_id=leaver.pk, by=leaver.user, reason="train")
    assert dropped.status == Registration.Status.DROPPED
    assert dropped.dropped_after_round == 1
    entry = AuditEntry.objects.get(
        action="tournaments.registration.dropped", object_id=str(leaver.pk)
    )
    assert (entry.actor, entry.reason) == (leaver.user, "train")
    round_2 = kit.pair(event, seed=4)
    assert not Match.objects.filter(round=round_2, player_a=leaver).exists()
    assert not Match.objects.filter(round=round_2, player_b=leaver).exists()
    before = kit.row_of(kit.standings(round_1), leaver)
    row = kit.row_of(kit.standings(round_2), leaver)
    assert row["dropped"] is True
    assert row["record"] == before["record"]
    with pytest.raises(ConflictError, match="already left"):
        registration_drop(registration_id=leaver.pk, by=kit.organiser)


def test_only_the_player_or_an_organiser_drops(kit: TournamentKit) -> None:
    event = kit.event()
    players = kit.players(event, 2)
    assert players[1].user is not None
    with pytest.raises(PermissionDeniedError):
        registration_drop(registration_id=players[0].pk, by=players[1].user)
    with pytest.raises(PermissionDeniedError):
        registration_drop(registration_id=players[0].pk, by=kit.judge)
    registration_drop(registration_id=players[0].pk, by=kit.organiser)


def test_undrop_counts_the_rounds_missed_and_pairs_again(kit: TournamentKit) -> None:
    event = kit.event(swiss_rounds=4)
    players = kit.players(event, 6)
    kit.play(kit.pair(event, seed=5))
    leaver = players[2]
    registration_drop(registration_id=leaver.pk, by=kit.organiser)
    round_2 = kit.play(kit.pair(event, seed=6))
    with pytest.raises(InvalidInputError):
        registration_undrop(registration_id=leaver.pk, by=kit.organiser, reason="  ")
    with pytest.raises(PermissionDeniedError):
        registration_undrop(registration_id=leaver.pk, by=kit.judge, reason="came back")
    back = registration_undrop(registration_id=leaver.pk, by=kit.organiser, reason="came back")
    assert back.status == Registration.Status.CHECKED_IN
    assert back.late_rounds_missed == 1
    assert back.dropped_after_round is None
    assert AuditEntry.objects.filter(
        action="tournaments.registration.undropped", reason="came back", actor=kit.organiser
    ).exists()
    round_3 = kit.pair(event, seed=7)
    seated = {m.player_a_id for m in kit.matches(round_3, byes=True)} | {
        m.player_b_id for m in kit.matches(round_3)
    }
    assert leaver.pk in seated
    kit.play(round_3)
    # Round 2 missed counts as a loss in the standings.
    assert kit.row_of(kit.standings(round_2), leaver)["dropped"] is True
    with pytest.raises(ConflictError, match="has not dropped"):
        registration_undrop(registration_id=leaver.pk, by=kit.organiser, reason="again")


@pytest.mark.parametrize(
    ("fields", "field"),
    [({"email": "aoi@"}, "email"), ({"player_id": "X" * 41}, "player_id")],
    ids=["email", "player_id"],
)
def test_registration_create_refuses_bad_fields_as_domain_errors(
    kit: TournamentKit, fields: dict[str, str], field: str
) -> None:
    event = kit.event()
    with pytest.raises(InvalidInputError) as caught:
        registration_create(event=event, user=None, display_name="Aoi", by=kit.organiser, **fields)  # type: ignore[arg-type]
    assert caught.value.field == field
    assert not Registration.objects.filter(event=event).exists()


def test_a_walk_in_seated_by_repairing_the_current_round_has_no_missed_round(
    kit: TournamentKit,
) -> None:
    event = kit.event(swiss_rounds=3)
    kit.players(event, 4)
    round_1 = kit.pair(event, seed=1)
    walk_in = kit.register(event, "Walk-in")
    round_repair(round_id=round_1.pk, by=kit.organiser, reason="walk-in before the start")
    assert walk_in.pk in {
        player
        for match in kit.matches(round_1, byes=True)
        for player in (match.player_a_id, match.player_b_id)
    }
    kit.play(round_1)
    row = kit.row_of(kit.standings(round_1), walk_in)
    wins, losses, draws = map(int, row["record"].split("-"))
    assert wins + losses + draws == 1, row["record"]


def test_a_player_checked_in_after_round_one_takes_a_loss_for_it(kit: TournamentKit) -> None:
    event = kit.event(swiss_rounds=3)
    kit.players(event, 4)
    late = kit.register(event, "Late check-in", check_in=False)
    kit.play(kit.pair(event, seed=1))
    registration_check_in(registration_id=late.pk, by=kit.organiser)
    round_2 = kit.play(kit.pair(event, seed=2))
    row = kit.row_of(kit.standings(round_2), late)
    wins, losses, draws = map(int, row["record"].split("-"))
    assert wins + losses + draws == 2, row["record"]
