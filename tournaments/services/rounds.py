"""Rounds: pairing through the pure engine, the round clock, completion and the top cut.

Pairing locks the event row, so two organisers pressing "pair" at once produce one round:
the second waits for the first and then finds the round already paired.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
import random
from collections.abc import Sequence

from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from core.audit import audit_log
from core.errors import ConflictError, InvalidInputError, NotFoundError
from tournaments.live.snapshots import reason_json, snapshot_refresh
from tournaments.models import Event, Match, Penalty, Registration, ResultReport, Round
from tournaments.notifications import players as notify
from tournaments.pairing import (
    InvalidPairingInputError,
    Pairing,
    PlayerRecord,
    RoundPairings,
    StandingRow,
    pair_round,
    player_records,
    recommended_structure,
    top_cut_bracket,
)
from tournaments.permissions import SCOREKEEPERS
from tournaments.selectors.decklists import UnlistedPlayer, players_without_legal_list
from tournaments.selectors.events import scoring_for
from tournaments.selectors.matches import confirmed_report
from tournaments.selectors.standings import (
    engine_id,
    engine_view,
    registration_pk,
    standings_compute,
)
from tournaments.services import fixes
from tournaments.services.checkin import registrations_drop_absent
from tournaments.services.locks import event_lock
from tournaments.services.registration import registration_drop

_SYSTEM_RANDOM = random.SystemRandom()
_ORGANISERS_ONLY = gettext_lazy("only the event's organisers run its rounds")
#: Pairing, the clock and closing rounds are scorekeepers' work (organisers too); the top cut is
#: the organisers' decision.
_SCOREKEEPERS_ONLY = gettext_lazy("only the event's scorekeepers and organisers run its rounds")


def _new_seed() -> int:
    return _SYSTEM_RANDOM.randrange(1, 2**31)


def _lock_round(round_id: int, by: User | None) -> Round:
    round_obj = Round.objects.select_related("event").filter(pk=round_id).first()
    if round_obj is None:
        raise NotFoundError(
            _("round %(round_id)s does not exist") % {"round_id": round_id}, field="round"
        )
    event_lock(round_obj.event_id, by, refusal=_SCOREKEEPERS_ONLY, roles=SCOREKEEPERS)
    return (
        Round.objects.select_for_update(of=("self",))
        .select_related("event", "event__game")
        .get(pk=round_id)
    )


def day_one_round_count(event: Event) -> int:
    """Day 1's Swiss rounds (all the Swiss rounds of a one-day event)."""
    if event.swiss_rounds:
        return event.swiss_rounds
    attendance = Registration.objects.filter(
        event=event, status__in=[Registration.Status.CHECKED_IN, Registration.Status.DROPPED]
    ).count()
    return recommended_structure(max(attendance, 2), event.structure_style).swiss_rounds


def swiss_round_count(event: Event) -> int:
    """Every Swiss round: day 1's, and day 2's when the event has a day 2."""
    return day_one_round_count(event) + (event.day_two_rounds if event.has_day_two else 0)


def engine_records(event: Event, number: int) -> tuple[PlayerRecord, ...]:
    """The engine's records of every player before round ``number``: anyone not checked in is
    out of the round, and the organiser's byes given in advance and fixed tables are on them.
    Refused (409, with what to do) when fewer than two players are still playing."""
    return engine_inputs(event, number)[0]


def engine_inputs(
    event: Event, number: int
) -> tuple[tuple[PlayerRecord, ...], Sequence[StandingRow]]:
    """``engine_records`` and the standings before round ``number`` they were made from (empty
    before round 1), from one reading of the event."""
    view = engine_view(event=event, through_round=number - 1)
    standings = (
        standings_compute(event=event, through_round=number - 1, view=view) if number > 1 else ()
    )
    records = player_records(
        view.entrants, view.results, scoring=scoring_for(event), standings=standings
    )
    checked_in = {
        engine_id(reg)
        for reg in view.registrations.values()
        if reg.status == Registration.Status.CHECKED_IN
    }
    records = tuple(
        record if record.id in checked_in or record.dropped
        else dataclasses.replace(record, dropped=True)
        for record in records
    )  # fmt: skip
    if len(checked_in) < 2:
        raise _too_few_players(event, number, checked_in)
    seating = {
        engine_id(reg): (reg.awarded_byes, reg.fixed_table)
        for reg in view.registrations.values()
        if reg.awarded_byes or reg.fixed_table
    }
    if seating:  # byes given in advance and fixed tables, set by the organiser
        records = tuple(
            dataclasses.replace(
                record, awarded_byes=seating[record.id][0], fixed_table=seating[record.id][1]
            )
            if record.id in seating
            else record
            for record in records
        )
    return records, standings


def _engine_pairings(
    event: Event, number: int, seed: int
) -> tuple[RoundPairings, Sequence[StandingRow]]:
    """The round's pairings, and the standings before it (for the round's snapshot)."""
    records, standings = engine_inputs(event, number)
    try:
        pairings = pair_round(records, round_number=number, seed=seed, config=scoring_for(event))
        return pairings, standings
    except InvalidPairingInputError as exc:  # a defect of ours, reported rather than a 500
        raise ConflictError(
            _("the pairing engine refused the input: %(exc)s") % {"exc": exc}
        ) from exc


def _too_few_players(event: Event, number: int, checked_in: set[str]) -> ConflictError:
    """Why a round cannot be paired with fewer than two players, and what to do instead."""
    if number > 1 and len(checked_in) == 1:
        (last,) = checked_in
        name = last.rsplit(" #", 1)[0]
        return ConflictError(
            _(
                "only %(name)s is still playing: everybody else has dropped, so there is nobody "
                "to pair; finish the event (or undo a drop)"
            )
            % {"name": name},
            field="event",
            code="one_player_left",
        )
    if number > 1:
        return ConflictError(
            _("nobody is still playing: finish the event (or undo a drop)"),
            field="event",
            code="no_player_left",
        )
    # Round 1: players check in at the desk; an event whose registration is not open has nobody
    # to check in, so its refusal offers to open registration first.
    links = [fixes.check_in_desk(event_id=event.pk)]
    if event.status in (Event.Status.DRAFT, Event.Status.REGISTRATION_CLOSED):
        links.insert(0, fixes.open_registration(event=event))
    message = (
        _(
            "registration for %(event)s is not open, so nobody can enter it: open registration, "
            "then check at least two players in before pairing"
        )
        % {"event": event.name}
        if event.status == Event.Status.DRAFT
        else _("check at least two players in before pairing")
    )
    return ConflictError(message, field="event", fixes=links)


def _seat_reason(pairing: Pairing) -> dict[str, object]:
    reason = reason_json(pairing.reason)
    if pairing.seat_reason is not None:
        reason["seat"] = reason_json(pairing.seat_reason)
    return reason


def _swiss_matches(pairings: RoundPairings) -> list[Match]:
    """The engine's tables (and the bye, last) as unsaved matches of no round yet."""
    matches = [
        Match(
            table=pairing.table,
            player_a_id=registration_pk(pairing.players[0]),
            player_b_id=registration_pk(pairing.players[1]),
            reason=_seat_reason(pairing),
        )
        for pairing in pairings.pairings
    ]
    table = max([pairing.table for pairing in pairings.pairings], default=0)
    byes = ([pairings.bye] if pairings.bye is not None else []) + list(pairings.awarded_byes)
    for bye in byes:  # after the last table (a fixed table may be beyond the count)
        table += 1
        matches.append(
            Match(
                table=table,
                player_a_id=registration_pk(bye.player),
                is_bye=True,
                reason=reason_json(bye.reason),
            )
        )
    return matches


def _swiss_summary(pairings: RoundPairings) -> dict[str, object]:
    summary = pairings.summary
    return {
        "pairs": summary.pairs,
        "pair_downs": summary.pair_downs,
        "rematches": [list(pair) for pair in summary.rematches],
        "byes": summary.byes,
        "repeat_byes": summary.repeat_byes,
        "reason": reason_json(summary.reason),
        "awarded_byes": len(pairings.awarded_byes),
    }


def _seat(round_obj: Round, matches: list[Match]) -> None:
    for match in matches:
        match.round = round_obj
    Match.objects.bulk_create(matches)


def _round_create(
    *,
    event: Event,
    by: User | None,
    number: int,
    stage: str = Round.Stage.SWISS,
    seed: int = 0,
    day: int = 1,
    summary: dict[str, object],
    matches: list[Match],
    action: str,
    data: dict[str, object],
    standings: Sequence[StandingRow] | None = None,
) -> Round:
    """The one way a round comes to be: the round (as long as its stage's rounds), its
    matches, its snapshot (standings included) and the audit entry ``action`` with ``data``.
    Top-cut rounds follow the bracket and have no seed. ``standings``: the standings before
    this round when the caller computed them already (its snapshot shows them)."""
    minutes = event.top_cut_round_minutes if stage == Round.Stage.TOP_CUT else event.round_minutes
    round_obj = Round.objects.create(
        event=event,
        number=number,
        stage=stage,
        seed=seed,
        minutes=minutes,
        summary=summary,
        day=day,
    )
    _seat(round_obj, matches)
    snapshot_refresh(round_obj=round_obj, standings=True, rows=standings)
    audit_log(action=action, actor=by, obj=round_obj, event_id=event.pk, data=data)
    notify.round_paired(round_obj)
    return round_obj


#: What pairing round 1 does with checked-in players whose list is missing or illegal, when the
#: event requires a legal list: drop them, pair them with a game loss in round 1, or pair them.
UNLISTED_CHOICES = ("drop", "game_loss", "pair")


def _unlisted_before_round_one(
    *, event: Event, by: User | None, unlisted: str | None
) -> list[UnlistedPlayer]:
    """The checked-in players without a legal list when the event requires one. Refused (409
    ``decklists_missing``, naming them) until the scorekeeper says what to do with them; "drop"
    drops them here, before the pairing."""
    if not event.decklist_required:
        return []
    players = players_without_legal_list(event_id=event.pk)
    if not players or (unlisted is not None and unlisted != "drop"):
        return players
    if unlisted is None:
        raise ConflictError(
            _("%(n)s checked-in player(s) have no legal decklist: %(names)s")
            % {"n": len(players), "names": ", ".join(player.name for player in players)},
            field="unlisted",
            code="decklists_missing",
            extra={"players": [player.as_json() for player in players]},
        )
    if by is None:
        raise InvalidInputError(_("a drop needs a person who drops"), field="unlisted")
    for player in players:
        registration_drop(
            registration_id=player.registration_id,
            by=by,
            reason=_("no legal decklist when round 1 was paired"),
        )
    return players


def _unlisted_game_losses(
    *, round_obj: Round, by: User | None, players: list[UnlistedPlayer]
) -> None:
    """A game loss in round 1 for each player paired without a legal list (their table's
    penalty, audited as any penalty is)."""
    tables = {
        player: match.table
        for match in round_obj.matches.all()
        for player in (match.player_a_id, match.player_b_id)
        if player is not None
    }
    for player in players:
        penalty = Penalty.objects.create(
            event_id=round_obj.event_id,
            registration_id=player.registration_id,
            round=round_obj,
            table=tables.get(player.registration_id),
            infraction=_("Decklist problem: no legal list when round 1 was paired"),
            penalty="game loss",
            judge=by,
        )
        audit_log(
            action="tournaments.penalty.recorded",
            actor=by,
            obj=penalty,
            event_id=round_obj.event_id,
            data={"infraction": penalty.infraction, "penalty": penalty.penalty,
                  "table": penalty.table, "status": penalty.status},
        )  # fmt: skip


@transaction.atomic
def round_pair(
    *, event_id: int, by: User | None, seed: int | None = None, unlisted: str | None = None
) -> Round:
    """Pair the event's next round: the next Swiss round, or the next round of the top cut.

    Refused while the previous round is not complete. Atomic: the whole round or nothing.
    Round 1 of an event that requires a legal list is refused (``decklists_missing``) while a
    checked-in player has none, unless ``unlisted`` says what to do with them (one of
    ``UNLISTED_CHOICES``); what was done is in the round's summary and its audit entry.
    """
    if unlisted is not None and unlisted not in UNLISTED_CHOICES:
        raise InvalidInputError(
            _("say drop, game_loss or pair for the players without a legal list"),
            field="unlisted",
        )
    event = event_lock(event_id, by, refusal=_SCOREKEEPERS_ONLY, roles=SCOREKEEPERS)
    if event.status == Event.Status.FINISHED:
        raise ConflictError(_("the event is finished"), field="event")
    last = Round.objects.filter(event=event).order_by("-number").first()
    if last is not None and last.status != Round.Status.COMPLETE:
        raise ConflictError(
            _("round %(number)s is not complete yet") % {"number": last.number},
            field="round",
            code="round_not_complete",
        )
    if last is not None and last.stage == Round.Stage.TOP_CUT:
        return _topcut_next(event=event, last=last, by=by)
    number = (last.number if last else 0) + 1
    planned = swiss_round_count(event)
    if number > planned:
        raise ConflictError(
            (
                _("all %(planned)s Swiss rounds are played: cut to the top %(top_cut)s or finish")
                % {"planned": planned, "top_cut": event.top_cut}
            )
            if event.top_cut
            else (
                _("all %(planned)s Swiss rounds are played: finish the event")
                % {"planned": planned}
            ),
            field="round",
            code="swiss_complete",
        )
    if number == 1 and event.swiss_rounds is None:
        event.swiss_rounds = day_one_round_count(event)
        event.save(update_fields=["swiss_rounds"])
    day = 2 if event.has_day_two and number > day_one_round_count(event) else 1
    if day == 2 and event.advanced_at is None:
        raise ConflictError(
            _(
                "day 1's %(value)s rounds are played: advance the players who meet the "
                "rule to day 2 first"
            )
            % {"value": day_one_round_count(event)},
            field="round",
            code="advance_first",
        )
    round_seed = seed if seed is not None else _new_seed()
    unlisted_players = (
        _unlisted_before_round_one(event=event, by=by, unlisted=unlisted) if number == 1 else []
    )
    dropped_absent = registrations_drop_absent(event=event, by=by) if number == 1 else []
    pairings, standings = _engine_pairings(event, number, round_seed)
    if event.status != Event.Status.RUNNING:
        event.status = Event.Status.RUNNING
        event.save(update_fields=["status"])
    summary = _swiss_summary(pairings)
    if dropped_absent:  # shown on the dashboard with the round, and in the audit entry
        summary["dropped_absent"] = dropped_absent
    if unlisted_players:  # the same: who had no legal list, and what was done
        summary["unlisted"] = {
            "how": unlisted,
            "players": [player.as_json() for player in unlisted_players],
        }
    round_obj = _round_create(
        event=event,
        by=by,
        number=number,
        seed=round_seed,
        day=day,
        summary=summary,
        matches=_swiss_matches(pairings),
        action="tournaments.round.paired",
        data={"number": number, "seed": round_seed, **summary},
        standings=standings if number > 1 else None,
    )
    if unlisted == "game_loss" and unlisted_players:
        _unlisted_game_losses(round_obj=round_obj, by=by, players=unlisted_players)
    return round_obj


def _seated(round_obj: Round) -> set[int]:
    rows = Match.objects.filter(round=round_obj).values_list("player_a_id", "player_b_id")
    return {pk for row in rows for pk in row if pk}


def lock_round_to_pair_again(*, round_id: int, by: User, reason: str, how: str) -> Round:
    """The round, locked, when it may be seated anew (again by the engine, or by hand): the
    latest round, Swiss, not started, no result in, and a reason given. ``how`` ends the
    messages: "again" or "by hand"."""
    round_obj = _lock_round(round_id, by)
    _require_not_started(round_obj)
    if round_obj.stage != Round.Stage.SWISS:
        raise ConflictError(
            _("top-cut rounds follow the bracket; they are not paired %(how)s") % {"how": how}
        )
    if not reason.strip():
        raise InvalidInputError(
            _("say why the round is paired %(how)s") % {"how": how}, field="reason"
        )
    last = Round.objects.filter(event=round_obj.event).order_by("-number").first()
    if last is not None and last.pk != round_obj.pk:
        raise ConflictError(_("only the latest round can be paired %(how)s") % {"how": how})
    return round_obj


def _require_not_started(round_obj: Round) -> None:
    if round_obj.status != Round.Status.PAIRED:
        raise ConflictError(
            _("round %(number)s has started; it cannot be re-paired") % {"number": round_obj.number}
        )
    if ResultReport.objects.filter(match__round=round_obj).exists():
        raise ConflictError(
            _("round %(number)s already has results") % {"number": round_obj.number}
        )


def round_seating_publish(
    round_obj: Round, *, by: User, action: str, reason: str, data: dict[str, object]
) -> Round:
    """A paired round seated again by hand: publish its pairings anew, audit who and why."""
    snapshot_refresh(round_obj=round_obj, standings=False)
    audit_log(
        action=f"tournaments.round.{action}",
        actor=by,
        obj=round_obj,
        event_id=round_obj.event_id,
        reason=reason,
        data=data,
    )
    notify.round_paired(round_obj)
    return round_obj


@transaction.atomic
def round_repair(*, round_id: int, by: User, reason: str, seed: int | None = None) -> Round:
    """Pair a round again (after a late check-in or a drop) before it starts."""
    round_obj = lock_round_to_pair_again(round_id=round_id, by=by, reason=reason, how=_("again"))
    old_seed = round_obj.seed
    seated_before = _seated(round_obj)
    round_obj.matches.all().delete()
    round_obj.seed = seed if seed is not None else _new_seed()
    pairings = _engine_pairings(round_obj.event, round_obj.number, round_obj.seed)[0]
    round_obj.summary = _swiss_summary(pairings)
    round_obj.save(update_fields=["seed", "summary"])
    _seat(round_obj, _swiss_matches(pairings))
    # Entered, checked in or undropped after this round was paired: it was counted as missed,
    # and now they play it.
    Registration.objects.filter(
        pk__in=_seated(round_obj) - seated_before, late_rounds_missed__gt=0
    ).update(late_rounds_missed=F("late_rounds_missed") - 1)
    return round_seating_publish(
        round_obj, by=by, action="repaired", reason=reason,
        data={"old_seed": old_seed, "seed": round_obj.seed},
    )  # fmt: skip


@transaction.atomic
def round_swap_players(
    *, round_id: int, registration_a: int, registration_b: int, by: User, reason: str
) -> Round:
    """Swap two players' seats by hand, before the round starts; audited with who and why."""
    round_obj = _lock_round(round_id, by)
    _require_not_started(round_obj)
    if not reason.strip():
        raise InvalidInputError(_("a manual change needs a reason"), field="reason")
    if registration_a == registration_b:
        raise InvalidInputError(_("choose two different players"), field="registration_b")
    matches = list(Match.objects.select_for_update().filter(round=round_obj))
    seats: dict[int, tuple[Match, str]] = {}
    for match in matches:
        seats[match.player_a_id] = (match, "player_a")
        if match.player_b_id is not None:
            seats[match.player_b_id] = (match, "player_b")
    for field, registration in (
        ("registration_a", registration_a),
        ("registration_b", registration_b),
    ):
        if registration not in seats:
            raise InvalidInputError(
                _("registration %(registration)s is not in this round")
                % {"registration": registration},
                field=field,
            )
    (match_a, side_a), (match_b, side_b) = seats[registration_a], seats[registration_b]
    if match_a.pk == match_b.pk:
        raise InvalidInputError(
            _("these two players already play each other"), field="registration_b"
        )
    setattr(match_a, f"{side_a}_id", registration_b)
    setattr(match_b, f"{side_b}_id", registration_a)
    for match in (match_a, match_b):
        match.reason = {
            "code": "manual_swap",
            "en": f"Changed by hand: {reason}",
            "ja": f"手動で変更：{reason}",
            "fields": {"by": by.get_username()},
        }
    # Two updates in a row would briefly seat one player twice: both rows change together.
    Match.objects.bulk_update([match_a, match_b], ["player_a", "player_b", "reason"])
    return round_seating_publish(
        round_obj, by=by, action="players_swapped", reason=reason,
        data={"a": registration_a, "b": registration_b, "tables": [match_a.table, match_b.table]},
    )  # fmt: skip


def _clock_audit(round_obj: Round, by: User, action: str, **data: object) -> None:
    audit_log(
        action=f"tournaments.round.{action}",
        actor=by,
        obj=round_obj,
        event_id=round_obj.event_id,
        data={key: str(value) for key, value in data.items()},
    )


@transaction.atomic
def round_start(*, round_id: int, by: User, now: dt.datetime | None = None) -> Round:
    round_obj = _lock_round(round_id, by)
    if round_obj.status != Round.Status.PAIRED:
        raise ConflictError(
            _("round %(number)s is %(status)s, not waiting to start")
            % {"number": round_obj.number, "status": round_obj.get_status_display().lower()}
        )
    moment = now or timezone.now()
    round_obj.status = Round.Status.IN_PROGRESS
    round_obj.started_at = moment
    round_obj.ends_at = moment + dt.timedelta(minutes=round_obj.minutes)
    round_obj.revision += 1
    round_obj.save(update_fields=["status", "started_at", "ends_at", "revision"])
    _clock_audit(round_obj, by, "started", ends_at=round_obj.ends_at)
    return round_obj


@transaction.atomic
def round_pause(*, round_id: int, by: User, now: dt.datetime | None = None) -> Round:
    round_obj = _lock_round(round_id, by)
    if round_obj.status != Round.Status.IN_PROGRESS or round_obj.ends_at is None:
        raise ConflictError(_("only a running clock can be paused"))
    moment = now or timezone.now()
    remaining = max(0, int((round_obj.ends_at - moment).total_seconds()))
    round_obj.status = Round.Status.PAUSED
    round_obj.paused_remaining_seconds = remaining
    round_obj.revision += 1
    round_obj.save(update_fields=["status", "paused_remaining_seconds", "revision"])
    _clock_audit(round_obj, by, "paused", remaining_seconds=remaining)
    return round_obj


@transaction.atomic
def round_resume(*, round_id: int, by: User, now: dt.datetime | None = None) -> Round:
    round_obj = _lock_round(round_id, by)
    if round_obj.status != Round.Status.PAUSED:
        raise ConflictError(_("only a paused clock can be resumed"))
    moment = now or timezone.now()
    round_obj.status = Round.Status.IN_PROGRESS
    round_obj.ends_at = moment + dt.timedelta(seconds=round_obj.paused_remaining_seconds or 0)
    round_obj.paused_remaining_seconds = None
    round_obj.revision += 1
    round_obj.save(update_fields=["status", "ends_at", "paused_remaining_seconds", "revision"])
    _clock_audit(round_obj, by, "resumed", ends_at=round_obj.ends_at)
    return round_obj


@transaction.atomic
def round_extend(*, round_id: int, by: User, minutes: int) -> Round:
    if not 1 <= minutes <= 60:
        raise InvalidInputError(_("extend by 1 to 60 minutes"), field="minutes")
    round_obj = _lock_round(round_id, by)
    if round_obj.status == Round.Status.IN_PROGRESS and round_obj.ends_at is not None:
        round_obj.ends_at += dt.timedelta(minutes=minutes)
    elif round_obj.status == Round.Status.PAUSED:
        round_obj.paused_remaining_seconds = (
            round_obj.paused_remaining_seconds or 0
        ) + minutes * 60
    elif round_obj.status == Round.Status.PAIRED:
        round_obj.minutes += minutes
    else:
        raise ConflictError(_("a complete round cannot be extended"))
    round_obj.revision += 1
    round_obj.save(update_fields=["ends_at", "paused_remaining_seconds", "minutes", "revision"])
    _clock_audit(round_obj, by, "extended", minutes=minutes)
    return round_obj


@transaction.atomic
def round_complete(*, round_id: int, by: User | None) -> Round:
    """Close a round once every match has a confirmed result; standings are published."""
    round_obj = _lock_round(round_id, by)
    if round_obj.status == Round.Status.COMPLETE:
        raise ConflictError(
            _("round %(number)s is already complete") % {"number": round_obj.number}
        )
    open_matches = [
        match
        for match in Match.objects.filter(round=round_obj, is_bye=False)
        .prefetch_related("reports")
        .order_by("table")
        if confirmed_report(match) is None
    ]
    if open_matches:
        missing = [match.table for match in open_matches]
        shown = ", ".join(map(str, missing[:20])) + (" …" if len(missing) > 20 else "")
        raise ConflictError(
            _("%(n_missing)s table(s) have no confirmed result: %(shown)s")
            % {"n_missing": len(missing), "shown": shown},
            field="round",
            code="results_missing",
            extra={"tables": missing},
            fixes=fixes.results_desk(event_id=round_obj.event_id, tables=open_matches),
        )
    round_obj.status = Round.Status.COMPLETE
    round_obj.save(update_fields=["status"])
    snapshot_refresh(round_obj=round_obj, standings=True)
    audit_log(
        action="tournaments.round.completed", actor=by, obj=round_obj, event_id=round_obj.event_id
    )
    return round_obj


@transaction.atomic
def topcut_start(*, event_id: int, by: User | None, size: int | None = None) -> Round:
    """Cut to the top N of the Swiss standings and pair the bracket's first round."""
    event = event_lock(event_id, by, refusal=_ORGANISERS_ONLY)
    cut = size or event.top_cut
    if not cut:
        raise ConflictError(_("this event has no top cut"), field="top_cut")
    last = Round.objects.filter(event=event).order_by("-number").first()
    if last is None or last.status != Round.Status.COMPLETE or last.stage != Round.Stage.SWISS:
        raise ConflictError(_("the top cut starts after the last Swiss round is complete"))
    if last.number < swiss_round_count(event):
        raise ConflictError(
            _("%(value)s Swiss round(s) remain before the cut")
            % {"value": swiss_round_count(event) - last.number}
        )
    standings = standings_compute(event=event)
    seeds = [row.player_id for row in standings if not row.dropped]
    try:
        bracket = top_cut_bracket(seeds, cut, best_of=event.top_cut_best_of)
    except InvalidPairingInputError as exc:
        raise ConflictError(
            _("cannot cut to top %(cut)s: %(exc)s") % {"cut": cut, "exc": exc}, field="top_cut"
        ) from exc
    if event.top_cut != cut:
        event.top_cut = cut
        event.save(update_fields=["top_cut"])
    notify.top_cut_made(event=event, registration_ids=[registration_pk(s) for s in seeds[:cut]])
    return _round_create(
        event=event,
        by=by,
        number=last.number + 1,
        stage=Round.Stage.TOP_CUT,
        summary={"bracket_size": cut, "bracket_round": 1, "bracket_rounds": bracket.rounds},
        matches=[
            Match(
                table=match.slot,
                bracket_slot=match.slot,
                player_a_id=registration_pk(match.players[0]),
                player_b_id=registration_pk(match.players[1]),
                reason=reason_json(match.reason),
            )
            for match in bracket.matches
        ],
        action="tournaments.top_cut.started",
        data={"size": cut, "seeds": [registration_pk(seed) for seed in seeds[:cut]]},
    )


def _winner_of(match: Match) -> int:
    report = confirmed_report(match)
    if report is None or report.wins_a == report.wins_b or report.double_loss:
        raise ConflictError(_("top-cut table %(table)s has no winner") % {"table": match.table})
    return match.player_a_id if report.wins_a > report.wins_b else int(match.player_b_id or 0)


def _topcut_next(*, event: Event, last: Round, by: User | None) -> Round:
    matches = list(
        Match.objects.filter(round=last).prefetch_related("reports").order_by("bracket_slot")
    )
    if len(matches) == 1:
        raise ConflictError(_("the final is played: finish the event"), field="round")
    winners = [_winner_of(match) for match in matches]
    bracket_round = int(last.summary.get("bracket_round", 1)) + 1
    return _round_create(
        event=event,
        by=by,
        number=last.number + 1,
        stage=Round.Stage.TOP_CUT,
        summary={**last.summary, "bracket_round": bracket_round},
        matches=[
            Match(
                table=slot + 1,
                bracket_slot=slot + 1,
                player_a_id=winners[2 * slot],
                player_b_id=winners[2 * slot + 1],
                reason={
                    "code": "bracket_advance",
                    "en": f"Winners of bracket matches {2 * slot + 1} and {2 * slot + 2}.",
                    "ja": f"ブラケット第{2 * slot + 1}試合と第{2 * slot + 2}試合の勝者。",
                    "fields": {},
                },
            )
            for slot in range(len(winners) // 2)
        ],
        action="tournaments.top_cut.advanced",
        data={"bracket_round": bracket_round},
    )
