"""At the venue: claim codes, check-in and judge calls, through the services."""

from __future__ import annotations

import datetime as dt
import re
from typing import Any

import pytest
from django.core import mail
from django.utils import timezone

from cardpool.services import card_import
from core.errors import ConflictError, InvalidInputError, NotFoundError, PermissionDeniedError
from core.models import AuditEntry
from tests.cardpool.conftest import demo_records
from tournaments.models import Event, EventRole, Registration
from tournaments.selectors.checkin import bulk_filter_ids
from tournaments.services import (
    decklist_submit,
    event_role_grant,
    registration_check_in,
    registration_create,
    registrations_import_csv,
)
from tournaments.services.checkin import (
    event_check_in_close,
    event_check_in_open,
    event_drop_absent_set,
    registration_check_in_self,
    registrations_check_in_bulk,
)
from tournaments.services.claims import (
    CLAIM_ALPHABET,
    claim_code_normalise,
    registration_claim,
)
from tournaments.services.judge_calls import (
    judge_call_create,
    judge_call_resolve,
    judge_call_take,
)

from .conftest import TournamentKit

CODE = re.compile(r"^[2-9A-HJ-NP-Z]{4}-[2-9A-HJ-NP-Z]{4}$")
LEGAL_DECK = "\n".join(f"2 DEMO_{n}" for n in range(1, 11))


def _desk(kit: TournamentKit, event: Event, name: str, email: str = "") -> Registration:
    return registration_create(
        event=event, user=None, display_name=name, email=email, by=kit.organiser
    )


def _self(kit: TournamentKit, event: Event, name: str) -> Registration:
    user = kit.user()
    return registration_create(event=event, user=user, display_name=name, by=user)


# --- requirement 3: claim codes ----------------------------------------------------------------


def test_desk_and_imported_players_get_distinct_well_formed_codes(kit: TournamentKit) -> None:
    event = kit.event()
    desk = _desk(kit, event, "Aoi")
    imported = registrations_import_csv(
        event_id=event.pk, by=kit.organiser,
        data="name,player_id,email\nSora,,\nRen,,\nMio,,\n",
    )  # fmt: skip
    codes = [code for code in (desk.claim_code, *(r.claim_code for r in imported)) if code]
    assert len(codes) == 4
    assert all(CODE.match(code) for code in codes), codes
    assert len(set(codes)) == 4
    assert not set("01OI") & set("".join(codes).replace("-", ""))
    assert set(CLAIM_ALPHABET) & {"0", "O", "1", "I"} == set()


def test_players_with_an_account_get_no_code(kit: TournamentKit) -> None:
    assert _self(kit, kit.event(), "Aoi").claim_code is None


def test_the_code_is_mailed_when_an_address_is_known(
    kit: TournamentKit, django_capture_on_commit_callbacks: Any, settings: Any
) -> None:
    settings.SITE_URL = "https://to.example.org"
    # Mail to django.core.mail.outbox (Django 6.1's MAILERS, as the notification tests do)
    settings.MAILERS = {"default": {"BACKEND": "django.core.mail.backends.locmem.EmailBackend"}}
    event = kit.event(name="Mail Open")
    with django_capture_on_commit_callbacks(execute=True):
        registration = _desk(kit, event, "Aoi", email="aoi@example.com")
        _desk(kit, event, "No mail")
        _self(kit, event, "Has an account")
    assert len(mail.outbox) == 1
    message = mail.outbox[0]
    assert message.to == ["aoi@example.com"]
    assert registration.claim_code is not None
    assert registration.claim_code in message.body
    assert "Mail Open" in message.subject
    assert "https://to.example.org/claim/" in message.body


def test_a_code_is_typed_in_any_case_with_or_without_the_dash() -> None:
    assert claim_code_normalise(" k7qf3mxd ") == "K7QF-3MXD"
    assert claim_code_normalise("K7QF-3MXD") == "K7QF-3MXD"
    for bad in ("", "K7QF-3MX", "K7QF-3MXDD", "K0QF-3MXD", "K7QF-IMXD"):
        with pytest.raises(InvalidInputError):
            claim_code_normalise(bad)


def test_claim_links_the_account_once(kit: TournamentKit) -> None:
    event = kit.event()
    registration = _desk(kit, event, "Aoi")
    assert registration.claim_code is not None
    person = kit.user()
    claimed = registration_claim(user=person, code=registration.claim_code.lower().replace("-", ""))
    assert claimed.pk == registration.pk
    assert claimed.user_id == person.pk
    assert claimed.claimed_at is not None
    assert AuditEntry.objects.filter(
        action="tournaments.registration.claimed", object_id=str(registration.pk), actor=person
    ).exists()
    with pytest.raises(ConflictError, match="already been used"):
        registration_claim(user=kit.user(), code=registration.claim_code)
    with pytest.raises(ConflictError, match="already been used"):
        registration_claim(user=person, code=registration.claim_code)


def test_claim_refused_for_someone_already_in_the_event(kit: TournamentKit) -> None:
    event = kit.event(name="Busy Open")
    mine = _self(kit, event, "Aoi")
    desk = _desk(kit, event, "Aoi at the desk")
    assert mine.user is not None
    assert desk.claim_code is not None
    with pytest.raises(ConflictError, match="already have a registration in Busy Open"):
        registration_claim(user=mine.user, code=desk.claim_code)
    desk.refresh_from_db()
    assert desk.user_id is None
    assert desk.claimed_at is None


def test_an_unknown_code_is_not_found(kit: TournamentKit) -> None:
    kit.event()
    with pytest.raises(NotFoundError, match="ZZZZ-ZZZZ"):
        registration_claim(user=kit.user(), code="zzzz-zzzz")


# --- requirement 6: check-in ------------------------------------------------------------------


def test_self_check_in_only_while_the_window_is_open(kit: TournamentKit) -> None:
    event = kit.event()
    registration = _self(kit, event, "Aoi")
    assert registration.user is not None
    with pytest.raises(ConflictError, match="not opened yet"):
        registration_check_in_self(event_id=event.pk, user=registration.user)
    event = event_check_in_open(event_id=event.pk, by=kit.organiser)
    assert event.check_in_token
    assert len(event.check_in_token) >= 24
    outcome = registration_check_in_self(event_id=event.pk, user=registration.user)
    assert not outcome.already
    registration.refresh_from_db()
    assert registration.status == Registration.Status.CHECKED_IN
    assert registration.checked_in_at is not None
    assert AuditEntry.objects.filter(
        action="tournaments.registration.checked_in", object_id=str(registration.pk),
        data__via="self",
    ).exists()  # fmt: skip
    again = registration_check_in_self(event_id=event.pk, user=registration.user)
    assert again.already

    late = _self(kit, event, "Sora")
    assert late.user is not None
    event_check_in_close(event_id=event.pk, by=kit.organiser)
    with pytest.raises(ConflictError, match="check-in closed") as closed:
        registration_check_in_self(event_id=event.pk, user=late.user)
    assert closed.value.code == "check_in_closed"
    late.refresh_from_db()
    assert late.status == Registration.Status.REGISTERED
    assert late.checked_in_at is None


def test_window_refuses_opening_twice_and_closing_when_closed(kit: TournamentKit) -> None:
    event = kit.event()
    with pytest.raises(ConflictError, match="not open"):
        event_check_in_close(event_id=event.pk, by=kit.organiser)
    first = event_check_in_open(event_id=event.pk, by=kit.organiser)
    with pytest.raises(ConflictError, match="already open"):
        event_check_in_open(event_id=event.pk, by=kit.organiser)
    event_check_in_close(event_id=event.pk, by=kit.organiser)
    reopened = event_check_in_open(event_id=event.pk, by=kit.organiser)
    assert reopened.check_in_token == first.check_in_token  # a printed code still works


def test_only_organisers_and_scorekeepers_run_the_check_in(kit: TournamentKit) -> None:
    event = kit.event()
    keeper = kit.user("keeper")
    event_role_grant(
        event=event, user=keeper, role=EventRole.Role.SCOREKEEPER, granted_by=kit.organiser
    )
    event_check_in_open(event_id=event.pk, by=keeper)
    waiting = _self(kit, event, "Aoi")
    registration_check_in(registration_id=waiting.pk, by=keeper)
    player = _self(kit, event, "Sora")
    for intruder in (kit.judge, player.user):
        assert intruder is not None
        with pytest.raises(PermissionDeniedError):
            event_check_in_close(event_id=event.pk, by=intruder)
        with pytest.raises(PermissionDeniedError):
            registrations_check_in_bulk(
                event_id=event.pk, by=intruder, registration_ids=[player.pk]
            )
    with pytest.raises(PermissionDeniedError):  # an event setting: organisers only
        event_drop_absent_set(event_id=event.pk, by=keeper, enabled=True)


def test_qr_token_must_be_the_events(kit: TournamentKit) -> None:
    event = kit.event()
    other = kit.event(name="Other Open")
    registration = _self(kit, event, "Aoi")
    assert registration.user is not None
    event = event_check_in_open(event_id=event.pk, by=kit.organiser)
    other = event_check_in_open(event_id=other.pk, by=kit.organiser)
    for wrong in ("", "nope", other.check_in_token):
        with pytest.raises(InvalidInputError, match="not Service Open's"):
            registration_check_in_self(event_id=event.pk, user=registration.user, token=wrong)
    registration_check_in_self(
        event_id=event.pk, user=registration.user, token=event.check_in_token
    )
    assert (
        AuditEntry.objects.filter(
            action="tournaments.registration.checked_in", data__via="qr"
        ).count()
        == 1
    )


def test_qr_says_when_the_person_is_not_registered(kit: TournamentKit) -> None:
    event = event_check_in_open(event_id=kit.event().pk, by=kit.organiser)
    with pytest.raises(NotFoundError, match="not registered for Service Open") as refused:
        registration_check_in_self(event_id=event.pk, user=kit.user(), token=event.check_in_token)
    assert refused.value.code == "not_registered"


def test_bulk_check_in_of_the_chosen_registered_players(kit: TournamentKit) -> None:
    event = kit.event(capacity=3)
    a, b = _self(kit, event, "Aoi"), _self(kit, event, "Sora")
    c = _self(kit, event, "Ren")
    waiting = _self(kit, event, "Mio")
    assert waiting.status == Registration.Status.WAITLISTED
    registration_check_in(registration_id=c.pk, by=kit.organiser)
    done = registrations_check_in_bulk(
        event_id=event.pk, by=kit.organiser, registration_ids=[a.pk, b.pk, c.pk, waiting.pk]
    )
    assert [r.display_name for r in done] == ["Aoi", "Sora"]
    statuses = dict(Registration.objects.filter(event=event).values_list("display_name", "status"))
    assert statuses == {
        "Aoi": "checked_in",
        "Sora": "checked_in",
        "Ren": "checked_in",
        "Mio": "waitlisted",
    }
    assert (
        AuditEntry.objects.filter(
            action="tournaments.registration.checked_in", data__via="bulk"
        ).count()
        == 2
    )


def test_bulk_check_in_refuses_another_events_player_and_changes_nothing(
    kit: TournamentKit,
) -> None:
    event = kit.event()
    mine = _self(kit, event, "Aoi")
    stranger = _self(kit, kit.event(name="Elsewhere"), "Sora")
    with pytest.raises(InvalidInputError, match="not registered for this event"):
        registrations_check_in_bulk(
            event_id=event.pk, by=kit.organiser, registration_ids=[mine.pk, stranger.pk]
        )
    mine.refresh_from_db()
    assert mine.status == Registration.Status.REGISTERED
    with pytest.raises(InvalidInputError, match="at least one"):
        registrations_check_in_bulk(event_id=event.pk, by=kit.organiser, registration_ids=[])


def test_bulk_filter_by_decklist(kit: TournamentKit) -> None:
    card_import(game_slug="zutomayo", records=demo_records(), source="demo", is_demo=True)
    event = kit.event()
    with_list, without = _self(kit, event, "Aoi"), _self(kit, event, "Sora")
    assert with_list.user is not None
    decklist_submit(registration_id=with_list.pk, submitted_by=with_list.user, data=LEGAL_DECK)
    assert bulk_filter_ids(event=event, user=kit.organiser, select="decklist") == [with_list.pk]
    assert sorted(bulk_filter_ids(event=event, user=kit.organiser, select="registered")) == sorted(
        [with_list.pk, without.pk]
    )


def test_absent_players_dropped_at_round_one_only_when_set(kit: TournamentKit) -> None:
    event = kit.event()
    kit.players(event, 4)
    absent = kit.register(event, "Absent", check_in=False)
    event_drop_absent_set(event_id=event.pk, by=kit.organiser, enabled=True)
    round_one = kit.pair(event)
    absent.refresh_from_db()
    assert absent.status == Registration.Status.DROPPED
    assert absent.dropped_after_round == 0
    assert round_one.summary["dropped_absent"] == ["Absent"]
    entry = AuditEntry.objects.get(
        action="tournaments.registration.dropped", object_id=str(absent.pk)
    )
    assert entry.data["automatic"] is True
    assert "check in" in entry.reason
    # round 1 only: the next round drops nobody
    kit.play(round_one)
    round_two = kit.pair(event)
    assert "dropped_absent" not in round_two.summary
    assert AuditEntry.objects.filter(data__automatic=True).count() == 1


def test_absent_players_stay_registered_when_not_set(kit: TournamentKit) -> None:
    event = kit.event()
    kit.players(event, 4)
    absent = kit.register(event, "Absent", check_in=False)
    round_one = kit.pair(event)
    absent.refresh_from_db()
    assert absent.status == Registration.Status.REGISTERED
    assert "dropped_absent" not in round_one.summary


# --- requirement 8: judge calls -----------------------------------------------------------------


def test_judge_call_lifecycle(kit: TournamentKit) -> None:
    event = kit.event()
    players = kit.players(event, 4)
    round_one = kit.pair(event)
    match = kit.matches(round_one)[0]
    caller = kit.user_a(match)
    call = judge_call_create(event_id=event.pk, user=caller, note="  opponent drew 2  ")
    assert call.table == match.table
    assert call.round_id == round_one.pk
    assert call.note == "opponent drew 2"
    assert call.registration_id == match.player_a_id
    other_judge = kit.user("judge")
    event_role_grant(event=event, user=other_judge, role="judge", granted_by=kit.organiser)
    taken = judge_call_take(call_id=call.pk, by=kit.judge)
    assert taken.taken_by_id == kit.judge.pk
    assert taken.taken_at is not None
    assert judge_call_take(call_id=call.pk, by=kit.judge).taken_by_id == kit.judge.pk
    with pytest.raises(ConflictError, match=f"{kit.judge.username} has already taken this call"):
        judge_call_take(call_id=call.pk, by=other_judge)
    done = judge_call_resolve(call_id=call.pk, by=kit.judge)
    assert done.resolved_at is not None
    with pytest.raises(ConflictError, match="already done"):
        judge_call_resolve(call_id=call.pk, by=kit.judge)
    actions = list(
        AuditEntry.objects.filter(object_id=str(call.pk), action__contains="judge_call")
        .order_by("pk").values_list("action", flat=True)
    )  # fmt: skip
    assert actions == [
        "tournaments.judge_call.created",
        "tournaments.judge_call.taken",
        "tournaments.judge_call.resolved",
    ]
    assert players  # the event has its players


def test_one_open_call_per_player(kit: TournamentKit) -> None:
    event = kit.event()
    registration = kit.register(event, "Aoi")
    assert registration.user is not None
    call = judge_call_create(event_id=event.pk, user=registration.user)
    assert call.table is None  # no round yet
    with pytest.raises(ConflictError, match="already called a judge"):
        judge_call_create(event_id=event.pk, user=registration.user)
    judge_call_resolve(call_id=call.pk, by=kit.organiser)  # nobody took it: taken and done
    call.refresh_from_db()
    assert call.taken_by_id == kit.organiser.pk
    assert judge_call_create(event_id=event.pk, user=registration.user).pk != call.pk


def test_judge_calls_refused_to_strangers_and_players(kit: TournamentKit) -> None:
    event = kit.event()
    registration = kit.register(event, "Aoi")
    assert registration.user is not None
    with pytest.raises(NotFoundError):
        judge_call_create(event_id=event.pk, user=kit.user())
    with pytest.raises(InvalidInputError):
        judge_call_create(event_id=event.pk, user=registration.user, note="x" * 201)
    call = judge_call_create(event_id=event.pk, user=registration.user)
    with pytest.raises(PermissionDeniedError):
        judge_call_take(call_id=call.pk, by=registration.user)
    elsewhere = kit.event(name="Elsewhere")
    with pytest.raises(NotFoundError):
        judge_call_take(call_id=call.pk, by=kit.judge, event_id=elsewhere.pk)
    assert timezone.now() - call.created_at < dt.timedelta(minutes=1)


def test_every_check_in_records_its_time(kit: TournamentKit) -> None:
    event = kit.event()
    players = kit.players(event, 4)  # checked in at the desk
    assert all(registration.checked_in_at is not None for registration in players)
    kit.pair(event)
    late = _desk(kit, event, "Late entry")  # after round 1: checked in as it is made
    assert late.status == Registration.Status.CHECKED_IN
    assert late.checked_in_at is not None
