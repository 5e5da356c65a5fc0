"""A disqualification needs two people, so no judge removes a player alone: a judge proposes it, the
player stays in (and is paired) until an organiser or head judge of the event other than the
proposer confirms it (then it takes effect) or withdraws it; every step is audited."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from rest_framework.test import APIClient

from core.errors import ConflictError, NotFoundError, PermissionDeniedError
from core.models import AuditEntry
from tests.tournaments.conftest import TournamentKit
from tournaments.models import Event, Match, Penalty, Registration
from tournaments.selectors.judge_desk import disqualifications_pending
from tournaments.services import (
    disqualification_confirm,
    disqualification_withdraw,
    event_finish,
    event_role_grant,
    penalty_record,
)

pytestmark = pytest.mark.django_db


@pytest.fixture
def table(kit: TournamentKit) -> Match:
    """Round 1 of a four-player event: its first table."""
    event = kit.event(swiss_rounds=3)
    kit.players(event, 4)
    return kit.matches(kit.pair(event))[0]


def _staff(kit: TournamentKit, match: Match, role: str) -> User:
    user = kit.user(role.replace("_", "-"))
    event_role_grant(event=match.round.event, user=user, role=role, granted_by=kit.organiser)
    return user


def _propose(kit: TournamentKit, match: Match, by: User | None = None) -> Penalty:
    return penalty_record(
        registration_id=match.player_a.pk, judge=by or kit.judge, infraction="Cheating",
        penalty="disqualification", round_id=match.round_id, table=match.table,
        note="marked cards",
    )  # fmt: skip


def _status(registration: Registration) -> str:
    return str(Registration.objects.get(pk=registration.pk).status)


def test_a_proposal_is_pending_the_player_stays_in_and_is_still_paired(
    kit: TournamentKit, table: Match
) -> None:
    proposal = _propose(kit, table)
    assert (proposal.status, proposal.judge, proposal.note) == (
        "pending",
        kit.judge,
        "marked cards",
    )
    assert _status(table.player_a) == Registration.Status.CHECKED_IN
    entry = AuditEntry.objects.get(
        action="tournaments.penalty.recorded", object_id=str(proposal.pk)
    )
    assert (entry.actor, entry.data["status"]) == (kit.judge, "pending")
    kit.play(table.round)
    round_2 = kit.pair(table.round.event, seed=2)
    cheat = table.player_a
    assert Match.objects.filter(round=round_2, player_a=cheat).exists() or (
        Match.objects.filter(round=round_2, player_b=cheat).exists()
    )
    assert [p.pk for p in disqualifications_pending(event_id=cheat.event_id, user=kit.judge)] == [
        proposal.pk
    ]


@pytest.mark.parametrize("role", ["organiser", "head_judge"])
def test_a_second_organiser_or_head_judge_confirms_and_it_takes_effect(
    kit: TournamentKit, table: Match, role: str
) -> None:
    proposal = _propose(kit, table)
    second = kit.organiser if role == "organiser" else _staff(kit, table, "head_judge")
    disqualification_confirm(penalty_id=proposal.pk, event_id=table.round.event_id, by=second)
    proposal.refresh_from_db()
    assert (proposal.status, proposal.decided_by) == ("in_effect", second)
    assert _status(table.player_a) == Registration.Status.DISQUALIFIED
    entry = AuditEntry.objects.get(action="tournaments.disqualification.confirmed")
    assert (entry.actor, entry.data["proposed_by"]) == (second, kit.judge.pk)
    # Once it takes effect, as a judge's disqualification always did: never paired again.
    kit.play(table.round)
    round_2 = kit.pair(table.round.event, seed=2)
    assert not Match.objects.filter(round=round_2, player_a=table.player_a).exists()
    assert not Match.objects.filter(round=round_2, player_b=table.player_a).exists()
    with pytest.raises(ConflictError, match="already decided"):
        disqualification_withdraw(penalty_id=proposal.pk, event_id=table.round.event_id, by=second)


def test_the_proposer_cannot_confirm_their_own(kit: TournamentKit, table: Match) -> None:
    head_judge = _staff(kit, table, "head_judge")
    proposal = _propose(kit, table, by=head_judge)
    for decide in (disqualification_confirm, disqualification_withdraw):
        with pytest.raises(PermissionDeniedError, match="not the judge who proposed it"):
            decide(penalty_id=proposal.pk, event_id=table.round.event_id, by=head_judge)
    assert _status(table.player_a) == Registration.Status.CHECKED_IN
    assert Penalty.objects.get(pk=proposal.pk).status == "pending"


@pytest.mark.parametrize("role", ["judge", "scorekeeper", "player", "stranger"])
def test_a_plain_judge_or_scorekeeper_cannot_confirm(
    kit: TournamentKit, table: Match, role: str
) -> None:
    proposal = _propose(kit, table)
    if role in ("judge", "scorekeeper"):
        user = _staff(kit, table, role)
    else:
        user = kit.user_b(table) if role == "player" else kit.user()
    for decide in (disqualification_confirm, disqualification_withdraw):
        with pytest.raises(PermissionDeniedError, match="organiser or head judge"):
            decide(penalty_id=proposal.pk, event_id=table.round.event_id, by=user)
    assert _status(table.player_a) == Registration.Status.CHECKED_IN


def test_withdrawing_keeps_the_player_in_and_the_proposal_on_record(
    kit: TournamentKit, table: Match
) -> None:
    proposal = _propose(kit, table)
    disqualification_withdraw(
        penalty_id=proposal.pk, event_id=table.round.event_id, by=kit.organiser, reason="misread"
    )
    proposal.refresh_from_db()
    assert (proposal.status, proposal.decided_by) == ("withdrawn", kit.organiser)
    assert _status(table.player_a) == Registration.Status.CHECKED_IN
    entry = AuditEntry.objects.get(action="tournaments.disqualification.withdrawn")
    assert (entry.actor, entry.reason) == (kit.organiser, "misread")
    with pytest.raises(ConflictError, match="already decided"):
        disqualification_confirm(
            penalty_id=proposal.pk, event_id=table.round.event_id, by=kit.organiser
        )
    # Withdrawn, a new proposal may be made.
    assert _propose(kit, table).status == "pending"


def test_one_proposal_at_a_time_and_only_of_this_event(kit: TournamentKit, table: Match) -> None:
    proposal = _propose(kit, table)
    with pytest.raises(ConflictError, match="waiting"):
        _propose(kit, table)
    warning = penalty_record(registration_id=table.player_a.pk, judge=kit.judge,
                             infraction="Slow play", penalty="warning")  # fmt: skip
    assert warning.status == "in_effect"
    other = kit.event(name="Other")
    for penalty_id, event_id in ((proposal.pk, other.pk), (warning.pk, table.round.event_id)):
        with pytest.raises(NotFoundError):
            disqualification_confirm(penalty_id=penalty_id, event_id=event_id, by=kit.organiser)


# --- the judge desk and the API, per role ---------------------------------------------------


def _client(user: User, cls: Any = Client) -> Any:
    client = cls()
    client.force_login(user)
    return client


def test_the_judge_desk_lists_pending_ones_with_actions_for_the_second_person_only(
    kit: TournamentKit, table: Match
) -> None:
    proposal = _propose(kit, table)
    event_id = table.round.event_id
    confirm = f'action="/events/{event_id}/judge/disqualifications/{proposal.pk}/confirm/"'
    withdraw = f'action="/events/{event_id}/judge/disqualifications/{proposal.pk}/withdraw/"'
    page = _client(kit.organiser).get(f"/events/{event_id}/judge/").content.decode()
    assert "Disqualifications waiting for a second person" in page
    assert confirm in page
    assert withdraw in page
    proposer = _client(kit.judge).get(f"/events/{event_id}/judge/").content.decode()
    assert "Disqualifications waiting for a second person" in proposer
    assert confirm not in proposer
    ja = _client(kit.organiser)
    ja.cookies["django_language"] = "ja"
    assert "2人目の確認待ちの失格" in ja.get(f"/events/{event_id}/judge/").content.decode()


@pytest.mark.parametrize(
    ("role", "status"),
    [("organiser", 302), ("head_judge", 302), ("proposer", 403), ("judge", 403),
     ("scorekeeper", 403)],
)  # fmt: skip
def test_the_confirm_page_per_role(
    kit: TournamentKit, table: Match, role: str, status: int
) -> None:
    proposal = _propose(kit, table)
    user = {"organiser": kit.organiser, "proposer": kit.judge}.get(role) or _staff(kit, table, role)
    url = f"/events/{table.round.event_id}/judge/disqualifications/{proposal.pk}/confirm/"
    assert _client(user).post(url, {"confirm": "yes"}).status_code == status
    expected = Registration.Status.DISQUALIFIED if status == 302 else "checked_in"
    assert _status(table.player_a) == expected


@pytest.mark.parametrize(
    ("role", "status"),
    [("organiser", 200), ("head_judge", 200), ("proposer", 403), ("judge", 403),
     ("scorekeeper", 403)],
)  # fmt: skip
def test_the_confirm_api_per_role(kit: TournamentKit, table: Match, role: str, status: int) -> None:
    # Here the proposer is a head judge: allowed to confirm others', never their own.
    user = (
        kit.organiser
        if role == "organiser"
        else _staff(kit, table, role.replace("proposer", "head_judge"))
    )
    proposal = _propose(kit, table, by=user if role == "proposer" else kit.judge)
    base = f"/api/v1/events/{table.round.event_id}/disqualifications/{proposal.pk}/"
    response = _client(user, APIClient).post(base + "confirm/", {}, format="json")
    assert response.status_code == status, response.content
    if status == 200:
        assert response.json()["status"] == "in_effect"
        assert response.json()["decided_by"] == user.username
        assert _status(table.player_a) == Registration.Status.DISQUALIFIED
    else:
        assert response["Content-Type"].startswith("application/json")
        assert _status(table.player_a) == "checked_in"


def test_the_withdraw_api(kit: TournamentKit, table: Match) -> None:
    proposal = _propose(kit, table)
    base = f"/api/v1/events/{table.round.event_id}/disqualifications/{proposal.pk}/"
    client = _client(kit.organiser, APIClient)
    response = client.post(base + "withdraw/", {"reason": "misread"}, format="json")
    assert (response.status_code, response.json()["status"]) == (200, "withdrawn")
    assert client.post(base + "confirm/", {}, format="json").status_code == 409


def test_the_judge_desk_names_each_penalty_in_the_page_language(
    kit: TournamentKit, table: Match
) -> None:
    """The desk's list of penalties shows the penalty's name, not its stored code: "警告" on a
    Japanese page, "Warning" on an English one (rule 6 of the guide: no English word on a
    Japanese page)."""
    penalty_record(
        registration_id=table.player_a.pk, judge=kit.judge, infraction="Slow play",
        penalty="warning", round_id=table.round_id, table=table.table, note="",
    )  # fmt: skip
    path = f"/events/{table.round.event_id}/judge/"
    english = _client(kit.organiser).get(path).content.decode()
    assert ": Warning — Slow play" in english
    ja = _client(kit.organiser)
    ja.cookies["django_language"] = "ja"
    japanese = ja.get(path).content.decode()
    assert ": 警告 — Slow play" in japanese
    assert ": warning —" not in japanese


def test_an_event_does_not_finish_while_a_disqualification_waits(
    kit: TournamentKit, table: Match
) -> None:
    """A pending disqualification is decided before the event ends: finishing is refused with
    the reason (in Japanese too), the organiser's dashboard lists it with its actions, and once
    it is withdrawn the event finishes."""
    proposal = _propose(kit, table)
    event_id = table.round.event_id
    kit.play(table.round)
    with pytest.raises(ConflictError, match="waiting for a second person") as refused:
        event_finish(event_id=event_id, by=kit.organiser)
    assert refused.value.field == "disqualification"
    dashboard = _client(kit.organiser).get(f"/events/{event_id}/manage/").content.decode()
    assert "Disqualifications waiting for a second person" in dashboard
    assert f"/judge/disqualifications/{proposal.pk}/confirm/" in dashboard
    ja = _client(kit.organiser)
    ja.cookies["django_language"] = "ja"
    page = ja.get(f"/events/{event_id}/manage/").content.decode()
    assert Event.objects.get(pk=event_id).status != Event.Status.FINISHED
    disqualification_withdraw(penalty_id=proposal.pk, event_id=event_id, by=kit.organiser)
    assert event_finish(event_id=event_id, by=kit.organiser).status == Event.Status.FINISHED
    assert "2人目の確認待ちの失格" in page
