"""Staff appointments: appoint by username or email, invitations by
email for people without an account, removing staff (never the last organiser), and what each
role may do: a scorekeeper runs the rounds but not the settings or the staff; a head judge is a
judge who decides appeals."""

from __future__ import annotations

from typing import Any

import pytest
from django.apps import apps
from django.core import mail
from django.urls import reverse

from core.errors import ConflictError, InvalidInputError, NotFoundError, PermissionDeniedError
from core.models import AuditEntry
from tests.tournaments.conftest import TournamentKit
from tournaments.models import (
    Event,
    EventRole,
    Registration,
    ResultAppeal,
    ResultReport,
    StaffInvitation,
)
from tournaments.selectors.staff import appeals_open, event_invitations_pending, event_staff
from tournaments.services import (
    event_finish,
    event_set_status,
    event_update,
    penalty_record,
    registration_check_in,
    registration_create,
    registration_drop,
    registration_undrop,
    registrations_import_csv,
    result_enter_by_judge,
    result_report,
    round_complete,
    round_pair,
    round_start,
    topcut_start,
)
from tournaments.services.appeals import appeal_decide, appeal_file
from tournaments.services.staff import (
    ALLAUTH_ADDRESS,
    staff_appoint,
    staff_invitation_accept,
    staff_invitation_revoke,
    staff_revoke,
)

pytestmark = pytest.mark.django_db

SITE = "https://events.example.org/"


@pytest.fixture(autouse=True)
def _mail_to_outbox(settings: Any) -> None:
    """Django 6.1 wants a configured mailer (``MAILERS``); the accounts settings
    choose it by environment; here, the test outbox."""
    settings.MAILERS = {"default": {"BACKEND": "django.core.mail.backends.locmem.EmailBackend"}}


def roles_of(event: Event, user: Any) -> set[str]:
    return set(EventRole.objects.filter(event=event, user=user).values_list("role", flat=True))


def appoint(kit: TournamentKit, event: Event, who: str, role: str) -> Any:
    return staff_appoint(actor=kit.organiser, event_id=event.pk, who=who, role=role, base_url=SITE)


# --- appointing --------------------------------------------------------------------------------


def test_appoint_by_username_any_case(kit: TournamentKit) -> None:
    event = kit.event()
    person = kit.user("Aoi")
    appointed = appoint(kit, event, person.username.upper(), "scorekeeper")
    assert isinstance(appointed, EventRole)
    assert roles_of(event, person) == {"scorekeeper"}
    entry = AuditEntry.objects.get(action="tournaments.staff.appointed")
    assert entry.actor == kit.organiser
    assert entry.data == {"user": person.pk, "role": "scorekeeper"}


def test_appoint_by_the_email_of_an_existing_account(kit: TournamentKit) -> None:
    event = kit.event()
    person = kit.user("hina")
    person.email = "Hina@Example.org"
    person.save()
    appointed = appoint(kit, event, "hina@example.ORG", "head_judge")
    assert isinstance(appointed, EventRole)
    assert appointed.user == person
    assert roles_of(event, person) == {"head_judge"}
    assert mail.outbox == []


def test_one_person_may_hold_several_roles_but_not_one_twice(kit: TournamentKit) -> None:
    event = kit.event()
    person = kit.user("ren")
    appoint(kit, event, person.username, "judge")
    appoint(kit, event, person.username, "scorekeeper")
    with pytest.raises(ConflictError, match="already judge of this event"):
        appoint(kit, event, person.username, "judge")
    assert roles_of(event, person) == {"judge", "scorekeeper"}


def test_an_unknown_username_says_so_and_suggests_an_email(kit: TournamentKit) -> None:
    event = kit.event()
    with pytest.raises(InvalidInputError, match=r"nobody has the username “nobody-here”.*email"):
        appoint(kit, event, "nobody-here", "judge")
    assert not AuditEntry.objects.filter(action__startswith="tournaments.staff").exists()


def test_an_unknown_role_and_an_empty_name_are_refused(kit: TournamentKit) -> None:
    event = kit.event()
    with pytest.raises(InvalidInputError, match="unknown role 'boss'"):
        appoint(kit, event, kit.judge.username, "boss")
    with pytest.raises(InvalidInputError, match="enter a username or an email"):
        appoint(kit, event, "  ", "judge")


def test_only_organisers_appoint(kit: TournamentKit) -> None:
    event = kit.event()
    scorekeeper = kit.user("sk")
    appoint(kit, event, scorekeeper.username, "scorekeeper")
    for outsider in (kit.judge, scorekeeper, kit.user("stranger")):
        with pytest.raises(PermissionDeniedError):
            staff_appoint(
                actor=outsider, event_id=event.pk, who=kit.user().username, role="judge",
                base_url=SITE,
            )  # fmt: skip
    assert EventRole.objects.filter(event=event).count() == 3  # organiser, judge, scorekeeper


# --- invitations -------------------------------------------------------------------------------


def test_an_unknown_email_gets_an_invitation_mailed_after_commit(
    kit: TournamentKit, django_capture_on_commit_callbacks: Any
) -> None:
    event = kit.event(name="Spring Open")
    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        invitation = appoint(kit, event, "New.Judge@example.org", "judge")
        assert mail.outbox == []  # nothing is sent inside the transaction
    assert len(callbacks) == 1
    assert invitation.email == "New.Judge@example.org"
    assert len(invitation.token) >= 40
    assert EventRole.objects.filter(event=event, role="judge").count() == 1  # the kit's judge
    [sent] = mail.outbox
    assert sent.to == ["New.Judge@example.org"]
    link = SITE.rstrip("/") + reverse("tournaments:staff-invitation", args=[invitation.token])
    assert link in sent.body
    assert "Spring Open" in sent.subject
    assert "審判" in sent.body or "ジャッジ" in sent.body  # the Japanese half
    assert AuditEntry.objects.filter(action="tournaments.staff.invited").count() == 1


def test_the_same_invitation_twice_is_refused(kit: TournamentKit) -> None:
    event = kit.event()
    appoint(kit, event, "twice@example.org", "judge")
    with pytest.raises(ConflictError, match="already invited"):
        appoint(kit, event, "TWICE@example.org", "judge")


def test_an_invitation_works_once_and_gives_the_role_to_whoever_accepts(
    kit: TournamentKit,
) -> None:
    event = kit.event()
    invitation = appoint(kit, event, "sora@example.org", "scorekeeper")
    sora = kit.user("sora")
    appointed = staff_invitation_accept(user=sora, token=invitation.token)
    assert appointed.user == sora
    assert roles_of(event, sora) == {"scorekeeper"}
    invitation.refresh_from_db()
    assert invitation.accepted_by == sora
    assert invitation.accepted_at is not None
    with pytest.raises(ConflictError, match="already accepted"):
        staff_invitation_accept(user=kit.user("someone"), token=invitation.token)
    assert EventRole.objects.filter(event=event, role="scorekeeper").count() == 1
    assert event_invitations_pending(event_id=event.pk, user=kit.organiser).count() == 0


def test_a_withdrawn_invitation_is_refused(kit: TournamentKit) -> None:
    event = kit.event()
    invitation = appoint(kit, event, "late@example.org", "judge")
    staff_invitation_revoke(actor=kit.organiser, event_id=event.pk, invitation_id=invitation.pk)
    person = kit.user("late")
    with pytest.raises(ConflictError, match="withdrew"):
        staff_invitation_accept(user=person, token=invitation.token)
    assert roles_of(event, person) == set()
    with pytest.raises(ConflictError, match="already withdrawn"):
        staff_invitation_revoke(actor=kit.organiser, event_id=event.pk, invitation_id=invitation.pk)


def test_a_withdrawn_invitation_is_not_mailed(
    kit: TournamentKit, django_capture_on_commit_callbacks: Any
) -> None:
    event = kit.event()
    with django_capture_on_commit_callbacks(execute=False) as callbacks:
        invitation = appoint(kit, event, "gone@example.org", "judge")
    staff_invitation_revoke(actor=kit.organiser, event_id=event.pk, invitation_id=invitation.pk)
    for callback in callbacks:
        callback()
    assert mail.outbox == []


def test_an_unknown_token_is_not_found(kit: TournamentKit) -> None:
    with pytest.raises(NotFoundError, match="not valid"):
        staff_invitation_accept(user=kit.user(), token="no-such-token")


def test_only_organisers_withdraw_invitations(kit: TournamentKit) -> None:
    event = kit.event()
    invitation = appoint(kit, event, "x@example.org", "judge")
    with pytest.raises(PermissionDeniedError):
        staff_invitation_revoke(actor=kit.judge, event_id=event.pk, invitation_id=invitation.pk)
    other = kit.event(name="Other")
    with pytest.raises(NotFoundError):
        staff_invitation_revoke(actor=kit.organiser, event_id=other.pk, invitation_id=invitation.pk)


# --- removing ----------------------------------------------------------------------------------


def test_revoke_a_role_is_audited(kit: TournamentKit) -> None:
    event = kit.event()
    staff_revoke(actor=kit.organiser, event_id=event.pk, user_id=kit.judge.pk, role="judge")
    assert roles_of(event, kit.judge) == set()
    entry = AuditEntry.objects.get(action="tournaments.staff.revoked")
    assert entry.data == {"user": kit.judge.pk, "role": "judge"}
    with pytest.raises(NotFoundError, match="not judge"):
        staff_revoke(actor=kit.organiser, event_id=event.pk, user_id=kit.judge.pk, role="judge")


def test_the_last_organiser_cannot_be_removed(kit: TournamentKit) -> None:
    event = kit.event()
    with pytest.raises(ConflictError, match="at least one organiser"):
        staff_revoke(
            actor=kit.organiser, event_id=event.pk, user_id=kit.organiser.pk, role="organiser"
        )
    assert roles_of(event, kit.organiser) == {"organiser"}
    second = kit.user("second")
    appoint(kit, event, second.username, "organiser")
    staff_revoke(actor=second, event_id=event.pk, user_id=kit.organiser.pk, role="organiser")
    assert roles_of(event, kit.organiser) == set()
    with pytest.raises(ConflictError, match="at least one organiser"):
        staff_revoke(actor=second, event_id=event.pk, user_id=second.pk, role="organiser")


def test_staff_list_in_role_order_for_organisers_only(
    kit: TournamentKit, django_assert_num_queries: Any
) -> None:
    event = kit.event()
    appoint(kit, event, kit.user("zed").username, "scorekeeper")
    appoint(kit, event, kit.user("amy").username, "head_judge")
    with django_assert_num_queries(2):  # the organiser check, the roles with their accounts
        staff = event_staff(event_id=event.pk, user=kit.organiser)
    assert [r.role for r in staff] == ["organiser", "head_judge", "judge", "scorekeeper"]
    with pytest.raises(PermissionDeniedError):
        event_staff(event_id=event.pk, user=kit.judge)


# --- what a scorekeeper may do -----------------------------------------------------------------


@pytest.fixture
def scorekept(kit: TournamentKit) -> tuple[Event, Any, list[Registration]]:
    event = kit.event()
    scorekeeper = kit.user("scorekeeper")
    appoint(kit, event, scorekeeper.username, "scorekeeper")
    players = [
        registration_create(event=event, user=kit.user(), display_name=f"P{n}", by=scorekeeper)
        for n in range(4)
    ]
    return event, scorekeeper, players


def test_a_scorekeeper_checks_in_pairs_enters_results_drops_and_completes(
    kit: TournamentKit, scorekept: tuple[Event, Any, list[Registration]]
) -> None:
    event, scorekeeper, players = scorekept
    for registration in players:
        registration_check_in(registration_id=registration.pk, by=scorekeeper)
    round_obj = round_pair(event_id=event.pk, by=scorekeeper, seed=3)
    round_start(round_id=round_obj.pk, by=scorekeeper)
    for match in round_obj.matches.all():
        outcome = result_enter_by_judge(match_id=match.pk, judge=scorekeeper, wins_a=1, wins_b=0)
        assert outcome.status == "confirmed"
    late = registration_create(event=event, user=None, display_name="Late", by=scorekeeper)
    assert late.late_rounds_missed == 1 or late.status == Registration.Status.REGISTERED
    registration_drop(registration_id=players[0].pk, by=scorekeeper)
    registration_undrop(registration_id=players[0].pk, by=scorekeeper, reason="came back")
    round_complete(round_id=round_obj.pk, by=scorekeeper)
    assert round_obj.matches.filter(reports__status="confirmed").count() == 2


def test_a_scorekeeper_changes_neither_settings_nor_staff(
    kit: TournamentKit, scorekept: tuple[Event, Any, list[Registration]]
) -> None:
    event, scorekeeper, _players = scorekept
    with pytest.raises(PermissionDeniedError):
        event_update(event_id=event.pk, by=scorekeeper, changes={"name": "Mine"})
    with pytest.raises(PermissionDeniedError):
        event_set_status(event_id=event.pk, by=scorekeeper, status="registration_closed")
    with pytest.raises(PermissionDeniedError):
        event_finish(event_id=event.pk, by=scorekeeper)
    with pytest.raises(PermissionDeniedError):
        topcut_start(event_id=event.pk, by=scorekeeper, size=2)
    with pytest.raises(PermissionDeniedError):
        registrations_import_csv(event_id=event.pk, by=scorekeeper, data="name\nX\n")
    with pytest.raises(PermissionDeniedError):
        staff_appoint(
            actor=scorekeeper, event_id=event.pk, who=kit.user().username, role="judge",
            base_url=SITE,
        )  # fmt: skip
    with pytest.raises(PermissionDeniedError):
        staff_revoke(actor=scorekeeper, event_id=event.pk, user_id=kit.judge.pk, role="judge")
    event.refresh_from_db()
    assert (event.name, event.status) == ("Service Open", "registration_open")


def test_a_judge_does_not_pair_rounds(
    kit: TournamentKit, scorekept: tuple[Event, Any, list[Registration]]
) -> None:
    event, _scorekeeper, players = scorekept
    with pytest.raises(PermissionDeniedError):
        registration_check_in(registration_id=players[0].pk, by=kit.judge)
    with pytest.raises(PermissionDeniedError):
        round_pair(event_id=event.pk, by=kit.judge)


# --- appeals: the head judge decides -----------------------------------------------------------


@pytest.fixture
def decided(kit: TournamentKit) -> dict[str, Any]:
    """A round 1 whose table 1 has a judge's decision (player A wins), a head judge."""
    event = kit.event()
    head = kit.user("head")
    appoint(kit, event, head.username, "head_judge")
    kit.players(event, 4)
    round_obj = kit.pair(event)
    match = round_obj.matches.get(table=1)
    result_enter_by_judge(match_id=match.pk, judge=kit.judge, wins_a=1, wins_b=0, reason="")
    return {"event": event, "head": head, "match": match, "round": round_obj}


def test_a_player_appeals_once_and_the_head_judge_upholds(
    kit: TournamentKit, decided: dict[str, Any]
) -> None:
    match = decided["match"]
    loser = match.player_b.user
    appeal = appeal_file(match_id=match.pk, user=loser, reason="my opponent drew an extra card")
    with pytest.raises(ConflictError, match="already appealed"):
        appeal_file(match_id=match.pk, user=match.player_a.user, reason="me too")
    assert [a.pk for a in appeals_open(event_id=decided["event"].pk, user=decided["head"])] == [
        appeal.pk
    ]
    decided_appeal = appeal_decide(
        appeal_id=appeal.pk, by=decided["head"], outcome="uphold", note="the judge saw it"
    )
    assert decided_appeal.status == ResultAppeal.Status.UPHELD
    confirmed = ResultReport.objects.get(match=match, status="confirmed")
    assert (confirmed.wins_a, confirmed.wins_b, confirmed.source) == (1, 0, "judge")
    with pytest.raises(ConflictError, match="already decided"):
        appeal_decide(appeal_id=appeal.pk, by=decided["head"], outcome="uphold", note="again")
    assert AuditEntry.objects.filter(action="tournaments.appeal.upheld").count() == 1


def test_the_head_judge_supersedes_the_decision_with_a_new_version(
    kit: TournamentKit, decided: dict[str, Any]
) -> None:
    match = decided["match"]
    appeal = appeal_file(match_id=match.pk, user=match.player_b.user, reason="wrong winner")
    before = ResultReport.objects.get(match=match, status="confirmed")
    decided_appeal = appeal_decide(
        appeal_id=appeal.pk, by=decided["head"], outcome="supersede", note="B won",
        wins_a=0, wins_b=1,
    )  # fmt: skip
    assert decided_appeal.status == ResultAppeal.Status.SUPERSEDED
    before.refresh_from_db()
    assert (before.status, before.wins_a, before.wins_b) == ("superseded", 1, 0)  # not edited
    now = ResultReport.objects.get(match=match, status="confirmed")
    assert (now.wins_a, now.wins_b, now.version) == (0, 1, before.version + 1)
    assert decided_appeal.result == now
    assert "B won" in now.reason


def test_a_judge_does_not_decide_appeals(kit: TournamentKit, decided: dict[str, Any]) -> None:
    match = decided["match"]
    appeal = appeal_file(match_id=match.pk, user=match.player_b.user, reason="wrong")
    with pytest.raises(PermissionDeniedError, match="head judge"):
        appeal_decide(appeal_id=appeal.pk, by=kit.judge, outcome="uphold", note="fine")
    assert appeals_open(event_id=decided["event"].pk, user=kit.judge) == []
    appeal.refresh_from_db()
    assert appeal.status == ResultAppeal.Status.OPEN
    # An organiser may decide (organisers hold every level).
    appeal_decide(appeal_id=appeal.pk, by=kit.organiser, outcome="uphold", note="fine")


def test_a_head_judge_does_what_a_judge_does(kit: TournamentKit, decided: dict[str, Any]) -> None:
    match = decided["round"].matches.get(table=2)
    outcome = result_enter_by_judge(match_id=match.pk, judge=decided["head"], wins_a=0, wins_b=1)
    assert outcome.status == "confirmed"


def test_only_players_appeal_and_only_judges_decisions(
    kit: TournamentKit, decided: dict[str, Any]
) -> None:
    match = decided["match"]
    with pytest.raises(PermissionDeniedError):
        appeal_file(match_id=match.pk, user=kit.user("outsider"), reason="no")
    with pytest.raises(InvalidInputError, match="say why"):
        appeal_file(match_id=match.pk, user=match.player_b.user, reason="  ")
    other = decided["round"].matches.get(table=2)
    result_report(match_id=other.pk, user=other.player_a.user, wins_a=1, wins_b=0)
    result_report(match_id=other.pk, user=other.player_b.user, wins_a=1, wins_b=0)
    with pytest.raises(ConflictError, match="no judge's decision"):
        appeal_file(match_id=other.pk, user=other.player_b.user, reason="players agreed")
    assert not ResultAppeal.objects.exists()


def test_a_scorekeeper_is_not_a_judge(
    kit: TournamentKit, scorekept: tuple[Event, Any, list[Registration]]
) -> None:
    _event, scorekeeper, players = scorekept
    with pytest.raises(PermissionDeniedError):
        penalty_record(
            registration_id=players[0].pk, judge=scorekeeper, infraction="slow play",
            penalty="warning",
        )  # fmt: skip
    penalty_record(
        registration_id=players[0].pk, judge=kit.judge, infraction="slow play", penalty="warning"
    )


def test_open_appeals_read_in_fixed_queries(
    kit: TournamentKit, decided: dict[str, Any], django_assert_num_queries: Any
) -> None:
    match = decided["match"]
    appeal_file(match_id=match.pk, user=match.player_b.user, reason="one")
    other = decided["round"].matches.get(table=2)
    result_enter_by_judge(match_id=other.pk, judge=kit.judge, wins_a=0, wins_b=1)
    appeal_file(match_id=other.pk, user=other.player_a.user, reason="two")
    with django_assert_num_queries(2):  # the head judge check, the appeals with their matches
        appeals = appeals_open(event_id=decided["event"].pk, user=decided["head"])
        names = [(a.reason, a.decision.match.player_a.display_name) for a in appeals]
    assert [reason for reason, _name in names] == ["one", "two"]


def test_usernames_differing_only_in_case_need_the_exact_name(kit: TournamentKit) -> None:
    event = kit.event()
    upper = kit.user("Kaito")
    lower = kit.user("kaito")
    lower.username = upper.username.lower()
    lower.save()
    appoint(kit, event, upper.username, "judge")
    assert roles_of(event, upper) == {"judge"}
    with pytest.raises(InvalidInputError, match="type it exactly"):
        appoint(kit, event, upper.username.upper(), "scorekeeper")


def test_an_email_two_accounts_share_asks_for_the_username(kit: TournamentKit) -> None:
    event = kit.event()
    for name in ("twin", "twin"):
        person = kit.user(name)
        person.email = "twins@example.org"
        person.save()
    with pytest.raises(InvalidInputError, match="appoint the person by username"):
        appoint(kit, event, "twins@example.org", "judge")
    assert not StaffInvitation.objects.exists()


@pytest.mark.skipif(
    not apps.is_installed("allauth.account"), reason="django-allauth's email addresses"
)
def test_a_verified_allauth_address_finds_its_account(kit: TournamentKit) -> None:
    event = kit.event()
    person = kit.user("second-address")
    addresses = apps.get_model(ALLAUTH_ADDRESS)
    addresses.objects.create(user=person, email="Other@Example.org", verified=True, primary=False)
    appointed = appoint(kit, event, "other@example.org", "scorekeeper")
    assert isinstance(appointed, EventRole)
    assert appointed.user == person
