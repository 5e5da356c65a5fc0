"""Championship structures: advancing to day 2, byes given in advance and fixed seating, and
the organiser's own pairing of a round (a manual override, validated and audited).

The decisions are the pure package's (``advance_to_day_two``, ``validate_pairing``); these
services store them.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone
from django.utils.translation import get_language, gettext_lazy
from django.utils.translation import gettext as _

from core.audit import audit_log
from core.errors import ConflictError, InvalidInputError, NotFoundError
from tournaments.live.snapshots import reason_json, snapshot_refresh
from tournaments.models import Event, Match, Registration, Round
from tournaments.pairing import (
    AdvancementRule,
    DayTwoCut,
    InvalidPairingInputError,
    PairingProblem,
    advance_to_day_two,
    validate_pairing,
)
from tournaments.permissions import SCOREKEEPERS
from tournaments.selectors.events import scoring_for
from tournaments.selectors.standings import (
    engine_id,
    readable,
    registration_pk,
    standings_compute,
)
from tournaments.services.locks import event_lock
from tournaments.services.rounds import (
    engine_records,
    lock_round_to_pair_again,
    round_seating_publish,
)

_SCOREKEEPERS_ONLY = gettext_lazy("only the event's scorekeepers and organisers run its rounds")
_ORGANISERS_ONLY = gettext_lazy("only the event's organisers set byes and seating")


def _language() -> str:
    """``ja`` or ``en``: which of an engine reason's two texts the person reads."""
    return "ja" if (get_language() or "").startswith("ja") else "en"


def advancement_rule(event: Event) -> AdvancementRule:
    """The event's rule as the pure package takes it (refused when it is not a usable rule)."""
    if not event.has_day_two or event.advancement_value is None:
        raise ConflictError(_("this event has no day 2"), field="advancement_kind")
    try:
        return AdvancementRule(event.advancement_kind, event.advancement_value)  # type: ignore[arg-type]
    except InvalidPairingInputError as exc:
        raise InvalidInputError(exc.message, field="advancement_value") from exc


def day_two_cut(event: Event) -> DayTwoCut:
    """Who would advance now, and why (read only: the confirmation page shows it)."""
    rounds = event.swiss_rounds or 0
    try:
        return advance_to_day_two(
            standings_compute(event=event, through_round=rounds),
            advancement_rule(event),
            rounds=rounds,
            config=scoring_for(event),
        )
    except InvalidPairingInputError as exc:
        raise InvalidInputError(exc.message, field="advancement_value") from exc


@transaction.atomic
def event_advance_to_day_two(*, event_id: int, by: User | None) -> DayTwoCut:
    """Decide day 2's players once day 1's last round is complete. Those who do not advance
    stop playing (status "did not advance") and keep their day-1 place; everyone's decision
    and its reason are stored on their registration. Audited with the rule and both lists."""
    event = event_lock(event_id, by, refusal=_SCOREKEEPERS_ONLY, roles=SCOREKEEPERS)
    if not event.has_day_two:
        raise ConflictError(_("this event has no day 2"), field="event")
    if event.advanced_at is not None:
        raise ConflictError(_("day 2's players are already decided"), field="event")
    last = Round.objects.filter(event=event).order_by("-number").first()
    rounds = event.swiss_rounds or 0
    if (
        last is None
        or last.stage != Round.Stage.SWISS
        or last.number < rounds
        or last.status != Round.Status.COMPLETE
    ):
        raise ConflictError(
            _("day 2's players are decided when day 1's last round (%(rounds)s) is complete")
            % {"rounds": rounds},
            field="event",
            code="day_one_not_complete",
        )
    cut = day_two_cut(event)
    if len(cut.advancing) < 2:
        raise ConflictError(
            _(
                "only %(n_advancing)s player(s) meet the rule (%(rule)s): day 2 needs "
                "two; change the rule on the event's settings, or finish the event"
            )
            % {
                "n_advancing": len(cut.advancing),
                "rule": cut.rule.ja if _language() == "ja" else cut.rule.en,
            },
            field="advancement_value",
            code="too_few_advance",
        )
    registrations = {reg.pk: reg for reg in Registration.objects.filter(event=event)}
    changed: list[Registration] = []
    for decision in cut.decisions:
        reg = registrations[registration_pk(decision.player_id)]
        reg.day_one_rank = decision.day_one_rank
        reg.advancement = reason_json(decision.reason)
        if not decision.advances and reg.status == Registration.Status.CHECKED_IN:
            reg.status = Registration.Status.NOT_ADVANCED
        changed.append(reg)
    Registration.objects.bulk_update(changed, ["day_one_rank", "advancement", "status"])
    event.advanced_at = timezone.now()
    event.save(update_fields=["advanced_at"])
    snapshot_refresh(round_obj=last, standings=True)
    advancing = [registration_pk(pid) for pid in cut.advancing]
    audit_log(
        action="tournaments.event.advanced_to_day_two",
        actor=by,
        obj=event,
        event_id=event.pk,
        data={
            "rule": reason_json(cut.rule),
            "advancing": advancing,
            "not_advancing": [
                registration_pk(d.player_id) for d in cut.decisions if not d.advances
            ],
        },
    )
    return cut


@transaction.atomic
def registration_set_seating(
    *,
    event_id: int,
    registration_id: int,
    by: User,
    awarded_byes: int,
    fixed_table: int | None,
) -> Registration:
    """Set a player's byes given in advance (they sit out rounds 1 to N with a match win each)
    and their fixed table (None: any table). Byes can no longer change once round 1 is paired
    for rounds already paired."""
    event = event_lock(event_id, by, refusal=_ORGANISERS_ONLY)
    registration = Registration.objects.filter(event=event, pk=registration_id).first()
    if registration is None:
        raise NotFoundError(_("this player is not in the event"), field="registration")
    if not 0 <= awarded_byes <= 5:
        raise InvalidInputError(_("give 0 to 5 byes in advance"), field="awarded_byes")
    if fixed_table is not None and not 1 <= fixed_table <= 10000:
        raise InvalidInputError(_("a table number is from 1 to 10000"), field="fixed_table")
    paired = Round.objects.filter(event=event).count()
    if awarded_byes != registration.awarded_byes and paired and awarded_byes < paired:
        raise ConflictError(
            _("%(paired)s round(s) are paired: byes in advance can only be given for later rounds")
            % {"paired": paired},
            field="awarded_byes",
        )
    before = {"awarded_byes": registration.awarded_byes, "fixed_table": registration.fixed_table}
    registration.awarded_byes = awarded_byes
    registration.fixed_table = fixed_table
    registration.save(update_fields=["awarded_byes", "fixed_table"])
    audit_log(
        action="tournaments.registration.seating_set",
        actor=by,
        obj=registration,
        event_id=event.pk,
        data={
            "before": before,
            "after": {"awarded_byes": awarded_byes, "fixed_table": fixed_table},
        },
    )
    return registration


# --- the organiser's own pairing ------------------------------------------------------------------

Tables = Sequence[tuple[int, int]]


def _names(event: Event) -> dict[int, str]:
    return {reg.pk: engine_id(reg) for reg in Registration.objects.filter(event=event)}


def pairing_problems(*, round_obj: Round, tables: Tables, bye: int | None) -> list[PairingProblem]:
    """What ``validate_pairing`` says of seating ``tables`` (pairs of registrations, table 1
    first) and ``bye`` in ``round_obj``; players with a bye given in advance keep it."""
    event = round_obj.event
    names = _names(event)
    records = engine_records(event, round_obj.number)
    awarded = {
        m.player_a_id
        for m in Match.objects.filter(round=round_obj, is_bye=True)
        if m.reason.get("code") == "bye_awarded"
    }
    records = tuple(
        r if registration_pk(r.id) not in awarded else replace(r, dropped=True) for r in records
    )
    try:
        return list(
            validate_pairing(
                records,
                [(names.get(a, f"? #{a}"), names.get(b, f"? #{b}")) for a, b in tables],
                names.get(bye, f"? #{bye}") if bye is not None else None,
                config=scoring_for(event),
            )
        )
    except InvalidPairingInputError as exc:
        raise ConflictError(
            _("the pairing engine refused the input: %(exc)s") % {"exc": exc}
        ) from exc


@transaction.atomic
def round_pairing_override(
    *,
    round_id: int,
    by: User,
    tables: Tables,
    bye: int | None,
    reason: str,
    accept_flags: bool,
) -> Round:
    """The organiser's own pairing of a round that has not started: it supersedes the round's
    tables (byes given in advance stay). Structural problems (a player left out or seated
    twice, an unknown or dropped player, a missing or needless bye) are refused; rematches and
    byes are flagged and stored only when ``accept_flags`` says the organiser confirmed them.
    Audited with the old and the new tables."""
    round_obj = lock_round_to_pair_again(round_id=round_id, by=by, reason=reason, how=_("by hand"))
    problems = pairing_problems(round_obj=round_obj, tables=tables, bye=bye)
    blocking = [p for p in problems if p.blocking]
    if blocking:
        raise InvalidInputError(
            "; ".join(readable(reason_json(p.reason))[_language()] for p in blocking),
            field="tables",
            code="pairing_invalid",
            extra={"problems": [readable(reason_json(p.reason)) for p in blocking]},
        )
    flags = [p for p in problems if not p.blocking]
    if flags and not accept_flags:
        raise ConflictError(
            _("confirm the flagged problems first: %(problems)s")
            % {"problems": "; ".join(readable(reason_json(p.reason))[_language()] for p in flags)},
            field="tables",
            code="pairing_flagged",
            extra={"problems": [readable(reason_json(p.reason)) for p in flags]},
        )
    matches = list(Match.objects.filter(round=round_obj).order_by("table"))
    old = [[m.table, m.player_a_id, m.player_b_id] for m in matches]
    kept = [
        Match(round=round_obj, table=0, player_a_id=m.player_a_id, is_bye=True, reason=m.reason)
        for m in matches
        if m.is_bye and m.reason.get("code") == "bye_awarded"
    ]
    Match.objects.filter(round=round_obj).delete()
    manual = {
        "code": "manual_pairing",
        "en": f"Paired by hand by the organiser: {reason}",
        "ja": f"主催者が手動で組み合わせ：{reason}",
        "fields": {"by": by.get_username()},
    }
    new = [
        Match(round=round_obj, table=n, player_a_id=a, player_b_id=b, reason=manual)
        for n, (a, b) in enumerate(tables, start=1)
    ]
    if bye is not None:
        new.append(Match(round=round_obj, player_a_id=bye, is_bye=True, reason=manual))
    new.extend(kept)  # byes given in advance stay, after the new tables
    for number, match in enumerate(new, start=1):
        match.table = number
    Match.objects.bulk_create(new)
    round_obj.summary = {
        **round_obj.summary,
        "manual": True,
        "rematches": [list(p.players) for p in flags if p.code == "rematch"],
        "flags": [readable(reason_json(p.reason)) for p in flags],
    }
    round_obj.save(update_fields=["summary"])
    return round_seating_publish(
        round_obj,
        by=by,
        action="pairing_overridden",
        reason=reason,
        data={
            "old": old,
            "new": [[m.table, m.player_a_id, m.player_b_id] for m in new],
            "flags": [p.code for p in flags],
        },
    )
