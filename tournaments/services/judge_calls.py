"""Judge calls: a player taps "Call a judge" on their phone; a judge takes the call, then marks
it done. A player has at most one open call at a time."""

from __future__ import annotations

from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.translation import gettext as _

from core.audit import audit_log
from core.errors import ConflictError, InvalidInputError, NotFoundError, PermissionDeniedError
from tournaments.models import JUDGE_CALL_NOTE_MAX, Event, JudgeCall, Match, Registration, Round
from tournaments.permissions import HEAD_JUDGE, JUDGE, ORGANISER, event_roles_of

MAX_NOTE = JUDGE_CALL_NOTE_MAX
JUDGE_ROLES = frozenset({ORGANISER, HEAD_JUDGE, JUDGE})


def is_event_judge(*, user: User, event_id: int) -> bool:
    """Judges, head judges and organisers answer calls."""
    return bool(event_roles_of(user=user, event_id=event_id) & JUDGE_ROLES)


def current_table(*, registration: Registration) -> tuple[Round | None, int | None]:
    """The player's table in the event's latest round (None for a bye or no match)."""
    round_obj = Round.objects.filter(event_id=registration.event_id).order_by("-number").first()
    if round_obj is None:
        return None, None
    match = (
        Match.objects.filter(round=round_obj, is_bye=False)
        .filter(Q(player_a=registration) | Q(player_b=registration))
        .first()
    )
    return round_obj, (match.table if match is not None else None)


@transaction.atomic
def judge_call_create(
    *, event_id: int, user: User, note: str = "", table: int | None = None
) -> JudgeCall:
    """A player calls a judge to their table (the table of their current match, unless they
    say another one)."""
    registration = (
        Registration.objects.select_for_update(of=("self",))
        .select_related("event")
        .filter(event_id=event_id, user_id=user.pk)
        .first()
    )
    if registration is None:
        raise NotFoundError(_("you are not registered for this event"), field="registration")
    if registration.event.status in (Event.Status.FINISHED, Event.Status.CANCELLED):
        raise ConflictError(_("the event is over"), field="event")
    note = note.strip()
    if len(note) > MAX_NOTE:
        raise InvalidInputError(
            _("a note has at most %(n)d characters") % {"n": MAX_NOTE}, field="note"
        )
    if table is not None and table < 1:
        raise InvalidInputError(_("a table number is 1 or more"), field="table")
    open_call = JudgeCall.objects.filter(registration=registration, resolved_at__isnull=True)
    if open_call.exists():
        raise ConflictError(
            _("you have already called a judge; they are on their way"), field="registration"
        )
    round_obj, match_table = current_table(registration=registration)
    call = JudgeCall.objects.create(
        event_id=event_id,
        registration=registration,
        round=round_obj,
        table=table if table is not None else match_table,
        note=note,
    )
    audit_log(
        action="tournaments.judge_call.created",
        actor=user,
        obj=call,
        event_id=event_id,
        data={"table": call.table},
    )
    return call


def _lock_call(call_id: int, by: User, *, event_id: int | None) -> JudgeCall:
    call = (
        JudgeCall.objects.select_for_update(of=("self",))
        .select_related("taken_by", "registration")
        .filter(pk=call_id)
        .first()
    )
    if call is None or (event_id is not None and call.event_id != event_id):
        raise NotFoundError(_("there is no such judge call"), field="call")
    if not is_event_judge(user=by, event_id=call.event_id):
        raise PermissionDeniedError(_("only the event's judges answer calls"), field="call")
    if call.resolved_at is not None:
        raise ConflictError(_("this call is already done"), field="call")
    return call


def _holder(call: JudgeCall) -> str:
    taker = call.taken_by
    if taker is None:
        return "?"
    return taker.get_full_name() or taker.get_username()


@transaction.atomic
def judge_call_take(*, call_id: int, by: User, event_id: int | None = None) -> JudgeCall:
    """A judge takes the call (on the way to the table). Taking one's own call again is no
    error; a call another judge holds is refused, naming them."""
    call = _lock_call(call_id, by, event_id=event_id)
    if call.taken_by_id is not None:
        if call.taken_by_id == by.pk:
            return call
        raise ConflictError(
            _("%(judge)s has already taken this call") % {"judge": _holder(call)}, field="call"
        )
    call.taken_by = by
    call.taken_at = timezone.now()
    call.save(update_fields=["taken_by", "taken_at"])
    audit_log(action="tournaments.judge_call.taken", actor=by, obj=call, event_id=call.event_id)
    return call


@transaction.atomic
def judge_call_resolve(*, call_id: int, by: User, event_id: int | None = None) -> JudgeCall:
    """The call is done. A call nobody took is taken and done at once by ``by``."""
    call = _lock_call(call_id, by, event_id=event_id)
    now = timezone.now()
    if call.taken_by_id is None:
        call.taken_by = by
        call.taken_at = now
    call.resolved_at = now
    call.save(update_fields=["taken_by", "taken_at", "resolved_at"])
    audit_log(action="tournaments.judge_call.resolved", actor=by, obj=call, event_id=call.event_id)
    return call
