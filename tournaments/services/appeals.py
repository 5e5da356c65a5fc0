"""Appeals: a player of a match appeals a judge's decision on it; the head judge decides.

A *decision* is a judge's result entry (``ResultReport`` from a judge, confirmed). A player of
the match may appeal it once, saying why. The event's head judge (or an organiser) then
upholds the decision, or supersedes it with a new result: a new version, as every change of a
result is (``result_enter_by_judge``); the decision itself is never edited.
"""

from __future__ import annotations

from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext as _

from core.audit import audit_log
from core.errors import ConflictError, InvalidInputError, NotFoundError, PermissionDeniedError
from tournaments.models import Event, ResultAppeal, ResultReport
from tournaments.permissions import is_event_head_judge
from tournaments.services.locks import match_lock
from tournaments.services.results import result_enter_by_judge

MAX_REASON = 2000
UPHOLD = "uphold"
SUPERSEDE = "supersede"
OUTCOMES = (UPHOLD, SUPERSEDE)


def _reason(text: str, field: str, what: str) -> str:
    text = text.strip()
    if not text:
        raise InvalidInputError(what, field=field)
    if len(text) > MAX_REASON:
        raise InvalidInputError(
            _("%(field)s is longer than %(limit)s characters")
            % {"field": field, "limit": MAX_REASON},
            field=field,
        )
    return text


@transaction.atomic
def appeal_file(*, match_id: int, user: User, reason: str) -> ResultAppeal:
    """A player of the match appeals the judge's decision on it (the confirmed result a judge
    entered). One appeal per decision."""
    match = match_lock(match_id)
    players = {match.player_a.user_id, match.player_b.user_id if match.player_b else None}
    if user.pk not in players - {None}:
        raise PermissionDeniedError(_("only the players of a match appeal its decision"))
    if match.round.event.status == Event.Status.FINISHED:
        raise ConflictError(_("the event is finished; its results are final"), field="match")
    decision = ResultReport.objects.filter(
        match=match, status=ResultReport.Status.CONFIRMED, source=ResultReport.Source.JUDGE
    ).first()
    if decision is None:
        raise ConflictError(
            _("there is no judge's decision on this match to appeal"),
            field="match",
            code="no_decision",
        )
    if ResultAppeal.objects.filter(decision=decision).exists():
        raise ConflictError(
            _("this decision is already appealed"), field="match", code="already_appealed"
        )
    appeal = ResultAppeal.objects.create(
        decision=decision,
        appellant=user,
        reason=_reason(reason, "reason", _("say why you appeal the decision")),
    )
    audit_log(
        action="tournaments.appeal.filed",
        actor=user,
        obj=appeal,
        event_id=match.round.event_id,
        reason=appeal.reason,
        data={"match": match.pk, "table": match.table, "decision": decision.version},
    )
    return appeal


@transaction.atomic
def appeal_decide(
    *,
    appeal_id: int,
    by: User,
    event_id: int | None = None,
    outcome: str,
    note: str,
    wins_a: int = 0,
    wins_b: int = 0,
    draws: int = 0,
    double_loss: bool = False,
) -> ResultAppeal:
    """The head judge (or an organiser) upholds the decision, or supersedes it with the score
    given (a new result version, confirmed at once). ``event_id``: the event the caller
    names, when it names one (another event's appeal is then not found)."""
    appeal = (
        ResultAppeal.objects.select_for_update(of=("self",))
        .select_related("decision", "decision__match", "decision__match__round")
        .filter(pk=appeal_id)
        .first()
    )
    match = appeal.decision.match if appeal is not None else None
    if appeal is None or match is None or event_id not in (None, match.round.event_id):
        raise NotFoundError(_("this event has no such appeal"), field="appeal")
    event_id = match.round.event_id
    if not is_event_head_judge(user=by, event_id=event_id):
        raise PermissionDeniedError(
            _("only the event's head judge or an organiser decides appeals")
        )
    if outcome not in OUTCOMES:
        raise InvalidInputError(
            _("outcome must be one of: %(names)s") % {"names": ", ".join(OUTCOMES)}, field="outcome"
        )
    if appeal.status != ResultAppeal.Status.OPEN:
        raise ConflictError(_("this appeal is already decided"), field="appeal")
    note = _reason(note, "note", _("say why you decide so"))
    if outcome == SUPERSEDE:
        outcome_of = result_enter_by_judge(
            match_id=match.pk, judge=by, wins_a=wins_a, wins_b=wins_b, draws=draws,
            double_loss=double_loss, reason=f"appeal: {note}",
        )  # fmt: skip
        appeal.result = ResultReport.objects.get(match=match, version=outcome_of.version)
        appeal.status = ResultAppeal.Status.SUPERSEDED
    else:
        appeal.status = ResultAppeal.Status.UPHELD
    appeal.decided_by = by
    appeal.decided_at = timezone.now()
    appeal.note = note
    appeal.save(update_fields=["status", "decided_by", "decided_at", "note", "result"])
    audit_log(
        action=f"tournaments.appeal.{appeal.status}",
        actor=by,
        obj=appeal,
        event_id=event_id,
        reason=note,
        data={"match": match.pk, "table": match.table, "outcome": outcome},
    )
    return appeal
