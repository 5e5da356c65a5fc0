"""Selectors that return staff data take the user and check, whatever route calls them: a
judge or organiser of another event, or a player, is refused."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
from django.contrib.auth.models import User

from core.errors import PermissionDeniedError
from judging.selectors import judge_case_get_for_judge, judge_case_list
from judging.services import judge_case_open
from tests.tournaments.conftest import TournamentKit
from tournaments.models import Event, Match, PrintJob, Round
from tournaments.selectors.decklists import decklist_rechecks_recent
from tournaments.selectors.events import event_dashboard
from tournaments.selectors.exports import event_export
from tournaments.selectors.judge_desk import (
    event_penalties,
    judge_queue,
    penalties_recent,
    round_progress,
    round_queue,
)
from tournaments.selectors.printing import print_job_get, print_job_pdf
from tournaments.selectors.registrations import event_registrations
from tournaments.services import (
    event_create,
    event_role_grant,
    penalty_record,
    print_job_request,
    result_confirm,
)

pytestmark = pytest.mark.django_db


@dataclass
class Staffed:
    event: Event
    round: Round
    match: Match
    job: PrintJob
    case_id: int
    people: dict[str, User]


@pytest.fixture
def staffed(kit: TournamentKit) -> Staffed:
    event = kit.event()
    registrations = kit.players(event, 4)
    round_obj = kit.pair(event)
    match = kit.matches(round_obj)[0]
    other_organiser, other_judge = kit.user("other-organiser"), kit.user("other-judge")
    other = event_create(
        name="Other Open", game_slug="zutomayo", date=dt.date(2026, 12, 21),
        created_by=other_organiser, status=Event.Status.REGISTRATION_OPEN,
    )  # fmt: skip
    event_role_grant(event=other, user=other_judge, role="judge", granted_by=other_organiser)
    penalty_record(
        registration_id=registrations[0].pk, judge=kit.judge, infraction="slow play",
        penalty="warning", round_id=round_obj.pk, table=1, note="",
    )  # fmt: skip
    job = print_job_request(
        event_id=event.pk, kind=PrintJob.Kind.MATCH_SLIPS, by=kit.organiser,
        base_url="http://testserver/",
    )  # fmt: skip
    case = judge_case_open(event_id=event.pk, by=kit.judge, title="Lost card")
    return Staffed(
        event=event,
        round=round_obj,
        match=match,
        job=job,
        case_id=case.pk,
        people={
            "judge": kit.judge,
            "organiser": kit.organiser,
            "judge of another event": other_judge,
            "organiser of another event": other_organiser,
            "player": kit.user_a(match),
        },
    )


Read = Callable[[Staffed, User], Any]

#: Each staff read, and whether it is for the event's judges (and organisers) or organisers only.
READS: dict[str, tuple[Read, str]] = {
    "round_queue": (lambda s, u: round_queue(round_obj=s.round, user=u), "judge"),
    "round_progress": (
        lambda s, u: round_progress(round_obj=s.round, user=u),
        "judge",
    ),
    "event_penalties": (
        lambda s, u: list(event_penalties(event_id=s.event.pk, user=u)),
        "judge",
    ),
    "event_registrations": (
        lambda s, u: list(event_registrations(event_id=s.event.pk, user=u)),
        "judge",
    ),
    "judge_queue": (lambda s, u: judge_queue(event=s.event, user=u), "judge"),
    "penalties_recent": (
        lambda s, u: penalties_recent(event=s.event, user=u),
        "judge",
    ),
    "judge_case_list": (lambda s, u: list(judge_case_list(event_id=s.event.pk, user=u)), "judge"),
    "judge_case_get_for_judge": (
        lambda s, u: judge_case_get_for_judge(case_id=s.case_id, user=u),
        "judge",
    ),
    "event_export": (
        lambda s, u: event_export(event_id=s.event.pk, kind="players", user=u),
        "organiser",
    ),
    "event_dashboard": (
        lambda s, u: event_dashboard(event=s.event, user=u),
        "organiser",
    ),
    "print_job_get": (
        lambda s, u: print_job_get(event=s.event, job_id=s.job.pk, user=u),
        "organiser",
    ),
    "print_job_pdf": (lambda s, u: print_job_pdf(job=s.job, user=u), "organiser"),
    "decklist_rechecks_recent": (
        lambda s, u: list(decklist_rechecks_recent(event_id=s.event.pk, user=u)),
        "organiser",
    ),
}
ALLOWED = {"judge": {"judge", "organiser"}, "organiser": {"organiser"}}


PEOPLE = ("judge", "organiser", "judge of another event", "organiser of another event", "player")


@pytest.mark.parametrize("read", list(READS))
def test_staff_reads_check_the_user(staffed: Staffed, read: str) -> None:
    """Each person in turn on one staffed event (reads change nothing; building the event is
    what costs): those the read is for get it, every other is refused."""
    run, audience = READS[read]
    for person in PEOPLE:
        user = staffed.people[person]
        if person in ALLOWED[audience]:
            run(staffed, user)
        else:
            with pytest.raises(PermissionDeniedError):
                run(staffed, user)


def test_confirming_someone_elses_match_is_refused_before_anything_is_told(
    staffed: Staffed,
) -> None:
    """Not "there is no report to confirm" (409), which would tell a stranger about the match."""
    for person in ("judge of another event", "judge"):
        with pytest.raises(PermissionDeniedError):
            result_confirm(match_id=staffed.match.pk, user=staffed.people[person])
