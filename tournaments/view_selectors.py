"""Reads behind the event pages (each a fixed, small number of queries)."""

from __future__ import annotations

from typing import Any

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser, User
from django.db.models import Q
from django.http import Http404
from django.utils.translation import gettext as _

from core.errors import InvalidInputError, NotFoundError, PermissionDeniedError
from tournaments.models import Event, Match, Penalty, PrintJob, Registration, Round, RoundSnapshot
from tournaments.permissions import is_event_staff, require_event_organiser, require_event_staff
from tournaments.selectors import confirmed_report, match_state, round_matches

AnyUser = AbstractBaseUser | AnonymousUser


def event_public_get(*, event_id: int, user: AnyUser) -> Event:
    """An event anyone may see; a draft only its staff. Raises Http404 otherwise."""
    event = Event.objects.select_related("game", "format").filter(pk=event_id).first()
    if event is None:
        raise Http404("no such event")
    if event.status == Event.Status.DRAFT and not is_event_staff(user=user, event_id=event.pk):
        raise Http404("no such event")
    return event


def latest_round(*, event: Event) -> Round | None:
    return Round.objects.filter(event=event).order_by("-number").first()


def round_snapshot(
    *, event: Event, number: int | None, swiss_only: bool = False
) -> tuple[Round | None, RoundSnapshot | None]:
    rounds = Round.objects.filter(event=event)
    if swiss_only:
        rounds = rounds.filter(stage=Round.Stage.SWISS)
    round_obj = (
        rounds.filter(number=number).first()
        if number is not None
        else rounds.order_by("-number").first()
    )
    if round_obj is None:
        return None, None
    return round_obj, RoundSnapshot.objects.filter(round=round_obj).first()


def my_current_match(*, event: Event, user: User) -> dict[str, object]:
    """The player's registration, current round and match (with opponent), if any."""
    registration = Registration.objects.filter(event=event, user=user).first()
    round_obj = latest_round(event=event)
    match = None
    if registration is not None and round_obj is not None:
        match = (
            Match.objects.filter(round=round_obj)
            .filter(Q(player_a=registration) | Q(player_b=registration))
            .select_related("player_a", "player_b")
            .first()
        )
    opponent = None
    if match is not None and registration is not None:
        opponent = match.player_b if match.player_a_id == registration.pk else match.player_a
    return {"registration": registration, "round": round_obj, "match": match, "opponent": opponent}


def match_for_viewer(*, match_id: int, user: User) -> dict[str, Any]:
    """A match as its players and the event's staff see it; anyone else is refused."""
    match = (
        Match.objects.select_related("round", "round__event", "player_a", "player_b")
        .prefetch_related("reports")
        .filter(pk=match_id)
        .first()
    )
    if match is None:
        raise NotFoundError(f"match {match_id} does not exist", field="match")
    side = (
        "a" if match.player_a.user_id == user.pk
        else "b" if match.player_b is not None and match.player_b.user_id == user.pk
        else ""
    )  # fmt: skip
    staff = is_event_staff(user=user, event_id=match.round.event_id)
    if not side and not staff:
        raise PermissionDeniedError("this is not your match")
    reports = sorted(match.reports.all(), key=lambda report: report.version)
    pending_from_opponent = next(
        (
            r
            for r in reversed(reports)
            if r.status == "pending" and r.source == "player" and r.reported_by_id != user.pk
        ),
        None,
    )
    return {
        "match": match,
        "event": match.round.event,
        "round": match.round,
        "side": side,
        "is_staff": staff,
        "state": match_state(match),
        "reports": reports,
        "pending_from_opponent": pending_from_opponent,
        "best_of": match.round.event.top_cut_best_of
        if match.round.stage == Round.Stage.TOP_CUT
        else match.round.event.best_of,
    }


def judge_queue(*, event: Event, user: AnyUser) -> dict[str, object]:
    """The current round's disputed and missing results, sorted by table, and the counter
    (for the event's judges and organisers)."""
    require_event_staff(user=user, event_id=event.pk)
    round_obj = latest_round(event=event)
    if round_obj is None:
        return {"round": None, "queue": [], "reported": 0, "total": 0}
    rows: list[dict[str, Any]] = []
    reported = total = 0
    for match in round_matches(round_obj=round_obj):
        state = match_state(match)
        if state == "bye":
            continue
        total += 1
        if state == "confirmed":
            reported += 1
            continue
        rows.append(
            {
                "match": match,
                "table": match.table,
                "state": state,
                "reports": list(match.reports.all()),
            }
        )
    rows.sort(key=lambda row: (row["state"] != "disputed", row["table"]))
    return {"round": round_obj, "queue": rows, "reported": reported, "total": total}


def round_id_in_event(*, event: Event, round_id: int) -> int:
    """The id of a round of this event; another event's round is a 400 naming the field."""
    if not Round.objects.filter(pk=round_id, event=event).exists():
        raise InvalidInputError(_("that round is not part of this event"), field="round")
    return round_id


def registration_id_in_event(*, event: Event, registration_id: int) -> int:
    """The id of a registration of this event; another event's is a 400 naming the field."""
    if not Registration.objects.filter(pk=registration_id, event=event).exists():
        raise InvalidInputError(
            _("that player is not registered for this event"), field="registration"
        )
    return registration_id


def event_page(*, event: Event, user: AnyUser) -> dict[str, Any]:
    """What the event page shows besides the event: the viewer's registration, the latest round
    and how many players are in (the waiting list not counted)."""
    registration = None
    if user.is_authenticated:
        registration = Registration.objects.filter(event=event, user_id=user.pk).first()
    return {
        "registration": registration,
        "round": latest_round(event=event),
        "player_count": event.registrations.exclude(status=Registration.Status.WAITLISTED).count(),
    }


def latest_top_cut_round(*, event: Event) -> Round | None:
    return event.rounds.filter(stage=Round.Stage.TOP_CUT).order_by("-number").first()


def bracket_rounds(*, event: Event) -> list[dict[str, Any]]:
    """The top cut's rounds in order, each pairing with its winner (``a``/``b``) and score."""
    scores = {}
    matches = Match.objects.filter(round__event=event, round__stage=Round.Stage.TOP_CUT)
    for match in matches.prefetch_related("reports"):
        report = confirmed_report(match)
        if report is not None:
            scores[match.pk] = report
    rounds = []
    for round_obj in event.rounds.filter(stage=Round.Stage.TOP_CUT).select_related("snapshot"):
        snapshot = getattr(round_obj, "snapshot", None)
        pairings = []
        for pairing in snapshot.pairings if snapshot else []:
            report = scores.get(pairing["match"])
            winner = None
            if report is not None and report.wins_a != report.wins_b:
                winner = "a" if report.wins_a > report.wins_b else "b"
            score = f"{report.wins_a}–{report.wins_b}" if report is not None else ""
            pairings.append({**pairing, "winner": winner, "score": score})
        rounds.append({"round": round_obj, "pairings": pairings})
    return rounds


def registration_of_user(*, event_id: int, user: User) -> Registration:
    """The person's own registration for the event; 404 when they have none."""
    registration = Registration.objects.filter(event_id=event_id, user=user).first()
    if registration is None:
        raise Http404("not registered")
    return registration


def match_at_table(*, round_obj: Round | None, table: int) -> Match:
    """The match at a table of the round; a table the round does not have is a 400."""
    if round_obj is None:
        raise InvalidInputError(_("no round is paired"), field="table")
    match = Match.objects.filter(round=round_obj, table=table).first()
    if match is None:
        raise InvalidInputError(
            _("round %(round)s has no table %(table)s")
            % {"round": round_obj.number, "table": table},
            field="table",
        )
    return match


def penalties_recent(*, event: Event, user: AnyUser, limit: int = 50) -> list[Penalty]:
    """The event's latest penalties (for its judges and organisers)."""
    require_event_staff(user=user, event_id=event.pk)
    return list(event.penalties.select_related("registration")[:limit])


def event_dashboard(*, event: Event, user: AnyUser) -> dict[str, Any]:
    """The organiser's dashboard: registrations (with e-mails) by status and name, rounds
    newest first (for the event's organisers)."""
    require_event_organiser(user=user, event_id=event.pk)
    rounds = list(event.rounds.order_by("-number"))
    return {
        "registrations": event.registrations.order_by("status", "display_name"),
        "rounds": rounds,
        "round": rounds[0] if rounds else None,
    }


def print_job_get(*, event: Event, job_id: int, user: AnyUser) -> PrintJob:
    """A print job of the event, without its PDF bytes; 404 for another event's job (for the
    event's organisers)."""
    require_event_organiser(user=user, event_id=event.pk)
    job = PrintJob.objects.filter(pk=job_id, event=event).defer("pdf").first()
    if job is None:
        raise Http404("no such print job")
    return job


def print_job_pdf(*, job: PrintJob, user: AnyUser) -> bytes:
    require_event_organiser(user=user, event_id=job.event_id)
    pdf = PrintJob.objects.values_list("pdf", flat=True).get(pk=job.pk)
    return bytes(pdf or b"")
