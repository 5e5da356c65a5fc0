"""Judges' records: penalties and time extensions per table."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.db import transaction
from django.utils.translation import gettext as _

from core.audit import audit_log
from core.errors import ConflictError, InvalidInputError, NotFoundError, PermissionDeniedError
from tournaments.models import Match, Penalty, Registration, Round
from tournaments.notifications import players as notify
from tournaments.permissions import is_event_head_judge, is_event_staff
from tournaments.services.locks import registration_lock

PENALTIES = ("warning", "game loss", "match loss", "disqualification")


@transaction.atomic
def penalty_record(
    *,
    registration_id: int,
    judge: User,
    infraction: str,
    penalty: str,
    round_id: int | None = None,
    table: int | None = None,
    note: str = "",
) -> Penalty:
    registration = registration_lock(registration_id)
    if not is_event_staff(user=judge, event_id=registration.event_id):
        raise PermissionDeniedError(_("only the event's judges record penalties"))
    if registration.event.status == "finished":
        raise ConflictError(_("the event is finished"), field="registration")
    if not infraction.strip():
        raise InvalidInputError(_("name the infraction"), field="infraction")
    if table is not None and not 1 <= table <= 10_000:
        raise InvalidInputError(_("table must be 1 to 10000"), field="table")
    if penalty not in PENALTIES:
        raise InvalidInputError(
            _("penalty must be one of: %(names)s") % {"names": ", ".join(PENALTIES)},
            field="penalty",
        )
    round_obj = None
    if round_id is not None:
        round_obj = Round.objects.filter(pk=round_id, event_id=registration.event_id).first()
        if round_obj is None:
            raise InvalidInputError(_("that round is not part of this event"), field="round")
    disqualifying = penalty == "disqualification"
    if disqualifying and (
        registration.status == Registration.Status.DISQUALIFIED
        or registration.penalties.filter(status=Penalty.Status.PENDING).exists()
    ):
        raise ConflictError(
            _("this player is already disqualified or has a disqualification waiting"),
            field="player",
        )
    record = Penalty.objects.create(
        event_id=registration.event_id,
        registration=registration,
        round=round_obj,
        table=table,
        infraction=infraction.strip(),
        penalty=penalty,
        note=note,
        judge=judge,
        # Two people disqualify: the player stays in (and is paired) until a second confirms.
        status=Penalty.Status.PENDING if disqualifying else Penalty.Status.IN_EFFECT,
    )
    audit_log(
        action="tournaments.penalty.recorded",
        actor=judge,
        obj=record,
        event_id=registration.event_id,
        reason=note,
        data={"infraction": infraction, "penalty": penalty, "table": table,
              "status": record.status},
    )  # fmt: skip
    if not disqualifying:
        notify.penalty_recorded(registration=registration, penalty=record)
    return record


def _pending_disqualification(*, penalty_id: int, event_id: int, by: User) -> Penalty:
    """The pending disqualification, locked, if ``by`` may decide it: an organiser or head
    judge of its event who is not the judge who proposed it."""
    record = (
        Penalty.objects.select_for_update()
        .filter(pk=penalty_id, event_id=event_id, penalty="disqualification")
        .first()
    )
    if record is None:
        raise NotFoundError(
            _("disqualification %(penalty_id)s does not exist") % {"penalty_id": penalty_id},
            field="penalty",
        )
    if not is_event_head_judge(user=by, event_id=event_id):
        raise PermissionDeniedError(
            _("only an organiser or head judge of the event confirms a disqualification")
        )
    if record.judge_id == by.pk:
        raise PermissionDeniedError(
            _("a second person confirms a disqualification: not the judge who proposed it")
        )
    if record.status != Penalty.Status.PENDING:
        raise ConflictError(_("this disqualification is already decided"), field="penalty")
    return record


@transaction.atomic
def disqualification_confirm(*, penalty_id: int, event_id: int, by: User) -> Penalty:
    """The second person's yes: the player is disqualified (never paired again)."""
    record = _pending_disqualification(penalty_id=penalty_id, event_id=event_id, by=by)
    registration = registration_lock(record.registration_id)
    if registration.event.status == "finished":
        raise ConflictError(_("the event is finished"), field="penalty")
    record.status = Penalty.Status.IN_EFFECT
    record.decided_by = by
    record.save(update_fields=["status", "decided_by"])
    registration.status = Registration.Status.DISQUALIFIED
    registration.save(update_fields=["status"])
    audit_log(
        action="tournaments.disqualification.confirmed",
        actor=by,
        obj=record,
        event_id=event_id,
        reason=record.note,
        data={"registration": registration.pk, "proposed_by": record.judge_id},
    )
    notify.penalty_recorded(registration=registration, penalty=record)
    return record


@transaction.atomic
def disqualification_withdraw(
    *, penalty_id: int, event_id: int, by: User, reason: str = ""
) -> Penalty:
    """The second person's no: the player stays in; the proposal stays on record."""
    record = _pending_disqualification(penalty_id=penalty_id, event_id=event_id, by=by)
    record.status = Penalty.Status.WITHDRAWN
    record.decided_by = by
    record.save(update_fields=["status", "decided_by"])
    audit_log(
        action="tournaments.disqualification.withdrawn",
        actor=by,
        obj=record,
        event_id=event_id,
        reason=reason,
        data={"registration": record.registration_id, "proposed_by": record.judge_id},
    )
    return record


@transaction.atomic
def match_extend_time(*, match_id: int, judge: User, minutes: int, reason: str) -> Match:
    if not 1 <= minutes <= 30:
        raise InvalidInputError(_("a table extension is 1 to 30 minutes"), field="minutes")
    match = Match.objects.select_for_update().select_related("round").filter(pk=match_id).first()
    if match is None:
        raise NotFoundError(
            _("match %(match_id)s does not exist") % {"match_id": match_id}, field="match"
        )
    if not is_event_staff(user=judge, event_id=match.round.event_id):
        raise PermissionDeniedError(_("only the event's judges give time extensions"))
    if not reason.strip():
        raise InvalidInputError(_("say why the table gets extra time"), field="reason")
    if match.round.status == Round.Status.COMPLETE:
        raise ConflictError(_("the round is complete"), field="match")
    match.extra_minutes += minutes
    match.save(update_fields=["extra_minutes"])
    audit_log(
        action="tournaments.match.time_extended",
        actor=judge,
        obj=match,
        event_id=match.round.event_id,
        reason=reason,
        data={"minutes": minutes, "total": match.extra_minutes, "table": match.table},
    )
    return match
