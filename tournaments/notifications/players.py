"""What events tell their players: the kinds of notification and the calls the services make.

Loaded at start-up by ``core``'s ``AppConfig.ready`` (``autodiscover_modules("notifications")``),
which registers the kinds and the due reminders. Each service calls one helper here after its
write; the helper names the recipients and calls ``core``'s ``notification_send``, which
enqueues on commit (a rolled-back write tells nobody). Players without an account have no
recipient and get nothing.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Mapping
from typing import Any

from django.urls import reverse
from django.utils.translation import gettext_lazy as _

from core.notifications import register_due, register_kind
from core.notifications.services import Outgoing, notification_send, notification_send_many
from tournaments.models import (
    Announcement,
    Event,
    Match,
    Penalty,
    Registration,
    ResultReport,
    Round,
)

REGISTRATION_CONFIRMED = "registration_confirmed"
WAITLIST_PROMOTED = "waitlist_promoted"
ROUND_PAIRED = "round_paired"
ROUND_BYE = "round_bye"
RESULT_REPORTED = "result_reported"
RESULT_DISPUTED = "result_disputed"
JUDGE_DECISION = "judge_decision"
PENALTY_RECORDED = "penalty_recorded"
TOP_CUT = "top_cut"
EVENT_CHANGED = "event_changed"
EVENT_CANCELLED = "event_cancelled"
ANNOUNCEMENT = "announcement"
DECKLIST_MISSING = "decklist_missing"
DECKLIST_ILLEGAL = "decklist_illegal"  # a re-check found the player's current list illegal

register_kind(
    REGISTRATION_CONFIRMED,
    label=_("Registration confirmed"),
    title=_("Registration confirmed: %(event)s"),
    body=_("You are registered for %(event)s on %(date)s."),
)
register_kind(
    WAITLIST_PROMOTED,
    label=_("Moved off the waiting list"),
    title=_("A place opened up: %(event)s"),
    body=_("You moved off the waiting list: you are now registered for %(event)s on %(date)s."),
)
register_kind(
    ROUND_PAIRED,
    label=_("Round paired (your table and opponent)"),
    title=_("Round %(round)s: table %(table)s"),
    body=_("%(event)s, round %(round)s: you play %(opponent)s at table %(table)s."),
)
register_kind(
    ROUND_BYE,
    label=_("Round paired: you have a bye"),
    title=_("Round %(round)s: you have a bye"),
    body=_("%(event)s, round %(round)s: you have a bye this round."),
)
register_kind(
    RESULT_REPORTED,
    label=_("Your opponent reported a result (confirm it)"),
    title=_("Confirm your result: round %(round)s"),
    body=_(
        "%(event)s, round %(round)s, table %(table)s: %(opponent)s reported %(score)s "
        "(your wins first). Confirm it, or report what you saw."
    ),
)
register_kind(
    RESULT_DISPUTED,
    label=_("Result disputed"),
    title=_("Result disputed: table %(table)s"),
    body=_(
        "%(event)s, round %(round)s, table %(table)s: the two reports differ. "
        "A judge will settle the result."
    ),
)
register_kind(
    JUDGE_DECISION,
    label=_("A judge's decision on your match"),
    title=_("A judge decided your match: round %(round)s"),
    body=_(
        "%(event)s, round %(round)s, table %(table)s: a judge entered the result %(score)s "
        "(your wins first)."
    ),
)
register_kind(
    PENALTY_RECORDED,
    label=_("A judge's penalty for you"),
    title=_("A judge recorded a penalty: %(event)s"),
    body=_("%(event)s: %(penalty)s for %(infraction)s."),
)
register_kind(
    TOP_CUT,
    label=_("You made the top cut"),
    title=_("You made the top %(cut)s!"),
    body=_("%(event)s: you made the top %(cut)s. Stay at the venue for the next round."),
)
register_kind(
    EVENT_CHANGED,
    label=_("The event changed (date, time or venue)"),
    title=_("%(event)s changed"),
    body=_("The organiser changed %(event)s. Now: %(when)s, %(venue)s."),
)
register_kind(
    EVENT_CANCELLED,
    label=_("The event was cancelled"),
    title=_("%(event)s is cancelled"),
    body=_("The organiser cancelled %(event)s (%(date)s)."),
)
register_kind(
    ANNOUNCEMENT,
    label=_("Announcements from the organiser"),
    title=_("Announcement: %(event)s"),
    body=_("%(text)s"),
)
register_kind(
    DECKLIST_MISSING,
    label=_("Decklist missing before the deadline"),
    title=_("Submit your decklist: %(event)s"),
    body=_(
        "The decklist deadline of %(event)s is %(deadline)s, and you have not submitted one yet."
    ),
)

register_kind(
    DECKLIST_ILLEGAL,
    label=_("Your decklist became illegal (a ban-list change)"),
    title=_("Your decklist is no longer legal: %(event)s"),
    body=_(
        "After a ban-list change your decklist for %(event)s is no longer legal: %(errors)s "
        "Fix it on your decklist page (ask the organiser to unlock it if the deadline has passed)."
    ),
)

#: Event fields whose change players are told about.
WATCHED_FIELDS = ("date", "start_time", "time_zone", "venue")
PENALTY_NAMES = {
    "warning": {"en": "a warning", "ja": "警告"},
    "game loss": {"en": "a game loss", "ja": "ゲームの敗北"},
    "match loss": {"en": "a match loss", "ja": "マッチの敗北"},
    "disqualification": {"en": "a disqualification", "ja": "失格"},
}
DOUBLE_LOSS = {"en": "a double loss", "ja": "両者敗北"}
NO_VENUE = {"en": "venue to be announced", "ja": "会場未定"}


def _event_url(event_id: int) -> str:
    return reverse("tournaments:event-detail", args=[event_id])


def _when(event: Event) -> str:
    return f"{event.starts_at:%Y-%m-%d %H:%M} ({event.time_zone})"


def _send_to_registration(
    registration: Registration | None,
    *,
    kind: str,
    object_key: str,
    params: Mapping[str, Any],
    url: str,
    event_id: int,
) -> None:
    if registration is None or registration.user_id is None:
        return
    notification_send(
        recipient_id=registration.user_id,
        kind=kind,
        object_key=object_key,
        params=params,
        url=url,
        event_id=event_id,
    )


# --- registration ---------------------------------------------------------------------------


def registration_entered(registration: Registration) -> None:
    """After ``registration_create``: confirmed, unless the player is on the waiting list."""
    if registration.status == Registration.Status.WAITLISTED:
        return
    event = registration.event
    _send_to_registration(
        registration,
        kind=REGISTRATION_CONFIRMED,
        object_key=f"registration{registration.pk}",
        params={"event": event.name, "date": event.date.isoformat()},
        url=_event_url(event.pk),
        event_id=event.pk,
    )


def waitlist_promoted(registration: Registration) -> None:
    """After a waiting player got the place someone dropped."""
    event = Event.objects.only("name", "date").get(pk=registration.event_id)
    _send_to_registration(
        registration,
        kind=WAITLIST_PROMOTED,
        object_key=f"registration{registration.pk}",
        params={"event": event.name, "date": event.date.isoformat()},
        url=_event_url(event.pk),
        event_id=event.pk,
    )


# --- rounds ---------------------------------------------------------------------------------


def round_paired(round_obj: Round) -> None:
    """After a round is paired (or seated again): each player's table and opponent, or bye.
    A seat that did not change is not told twice (same table, same opponent: same key). One
    batch for the whole round (``notification_send_many``)."""
    event = round_obj.event
    matches = Match.objects.filter(round=round_obj).select_related("player_a", "player_b")
    url = reverse("tournaments:my-match", args=[event.pk])
    outgoing: list[Outgoing] = []
    for match in matches:
        sides = [(match.player_a, match.player_b), (match.player_b, match.player_a)]
        for player, opponent in sides:
            if player is None or player.user_id is None:
                continue
            base = {"event": event.name, "round": round_obj.number, "table": match.table}
            if opponent is None:
                kind, params = ROUND_BYE, base
            else:
                kind, params = ROUND_PAIRED, {**base, "opponent": opponent.display_name}
            key = f"round{round_obj.pk}:table{match.table}:vs{getattr(opponent, 'pk', 0)}"
            outgoing.append(Outgoing(player.user_id, kind, key, params, url, event.pk))
    notification_send_many(outgoing)


def top_cut_made(*, event: Event, registration_ids: Iterable[int]) -> None:
    """After the cut: each player who made it."""
    ids = list(registration_ids)
    for registration in Registration.objects.filter(pk__in=ids, user__isnull=False):
        _send_to_registration(
            registration,
            kind=TOP_CUT,
            object_key=f"event{event.pk}",
            params={"event": event.name, "cut": len(ids)},
            url=_event_url(event.pk),
            event_id=event.pk,
        )


# --- results and judges ---------------------------------------------------------------------


def _score_for(report: ResultReport, side: str) -> str | dict[str, str]:
    if report.double_loss:
        return DOUBLE_LOSS
    mine, theirs = (report.wins_a, report.wins_b) if side == "a" else (report.wins_b, report.wins_a)
    return f"{mine}-{theirs}" + (f"-{report.draws}" if report.draws else "")


def result_stored(match: Match, report: ResultReport) -> None:
    """After a result report is stored: a player's pending report asks the opponent to confirm
    it; a disputed one tells both players; a judge's entry tells both players. A report's
    notification is keyed by its match and version (``match12:v3``): one per version and
    player, however often its delivery is retried."""
    round_obj = match.round
    event = round_obj.event
    players = {"a": match.player_a, "b": match.player_b}
    base = {"event": event.name, "round": round_obj.number, "table": match.table}
    url = reverse("tournaments:match-report", args=[match.pk])
    if report.source == ResultReport.Source.JUDGE:
        kind, sides = JUDGE_DECISION, ["a", "b"]
    elif report.status == ResultReport.Status.DISPUTED:
        kind, sides = RESULT_DISPUTED, ["a", "b"]
    elif report.status == ResultReport.Status.PENDING:
        reporter = "a" if match.player_a.user_id == report.reported_by_id else "b"
        kind, sides = RESULT_REPORTED, ["b" if reporter == "a" else "a"]
    else:
        return
    outgoing: list[Outgoing] = []
    for side in sides:
        player, opponent = players[side], players["b" if side == "a" else "a"]
        if player is None or player.user_id is None:
            continue
        params = {
            **base,
            "score": _score_for(report, side),
            "opponent": opponent.display_name if opponent else "",
        }
        key = f"match{match.pk}:v{report.version}"
        outgoing.append(Outgoing(player.user_id, kind, key, params, url, event.pk))
    notification_send_many(outgoing)


def penalty_recorded(*, registration: Registration, penalty: Penalty) -> None:
    """After a judge records a penalty: the penalised player."""
    event = registration.event
    _send_to_registration(
        registration,
        kind=PENALTY_RECORDED,
        object_key=f"penalty{penalty.pk}",
        params={
            "event": event.name,
            "penalty": PENALTY_NAMES.get(penalty.penalty, {"en": penalty.penalty}),
            "infraction": penalty.infraction,
        },
        url=reverse("tournaments:my-match", args=[event.pk]),
        event_id=event.pk,
    )


# --- the event ------------------------------------------------------------------------------


def _players(event: Event) -> Iterable[Registration]:
    """Everyone entered who has an account (the waiting list too)."""
    return Registration.objects.filter(event=event, user__isnull=False).exclude(
        status__in=[Registration.Status.DROPPED, Registration.Status.DISQUALIFIED]
    )


def event_updated(event: Event, before: Mapping[str, str]) -> None:
    """After ``event_update``: tell the players when the date, time or venue changed."""
    if not any(
        name in before and before[name] != str(getattr(event, name)) for name in WATCHED_FIELDS
    ):
        return
    when = _when(event)
    key = f"event{event.pk}:{when}:{event.venue}"
    for registration in _players(event):
        _send_to_registration(
            registration,
            kind=EVENT_CHANGED,
            object_key=key,
            params={"event": event.name, "when": when, "venue": event.venue or NO_VENUE},
            url=_event_url(event.pk),
            event_id=event.pk,
        )


def event_status_changed(event: Event) -> None:
    """After a change of status: tell the players when the event is cancelled."""
    if event.status != Event.Status.CANCELLED:
        return
    for registration in _players(event):
        _send_to_registration(
            registration,
            kind=EVENT_CANCELLED,
            object_key=f"event{event.pk}",
            params={"event": event.name, "date": event.date.isoformat()},
            url=_event_url(event.pk),
            event_id=event.pk,
        )


def announcement_made(announcement: Announcement) -> None:
    """After ``announcement_create``: every player of the event."""
    event = announcement.event
    for registration in _players(event):
        _send_to_registration(
            registration,
            kind=ANNOUNCEMENT,
            object_key=f"announcement{announcement.pk}",
            params={"event": event.name, "text": announcement.text},
            url=_event_url(event.pk),
            event_id=event.pk,
        )


# --- reminders by the clock -----------------------------------------------------------------

REMINDER_BEFORE = dt.timedelta(hours=24)


def decklists_missing(now: dt.datetime) -> int:
    """Players with an account and no decklist, whose event's deadline falls within the next
    24 hours. One reminder per registration and deadline (a moved deadline reminds again)."""
    registrations = (
        Registration.objects.filter(
            user__isnull=False,
            status__in=[Registration.Status.REGISTERED, Registration.Status.CHECKED_IN],
            event__decklist_deadline__gt=now,
            event__decklist_deadline__lte=now + REMINDER_BEFORE,
            event__status__in=[
                Event.Status.REGISTRATION_OPEN,
                Event.Status.REGISTRATION_CLOSED,
                Event.Status.RUNNING,
            ],
        )
        .exclude(decklist__current_version__gt=0)
        .select_related("event")
    )
    count = 0
    for registration in registrations:
        event = registration.event
        deadline = event.decklist_deadline
        if deadline is None:  # pragma: no cover - filtered above
            continue
        local = deadline.astimezone(event.zone)
        _send_to_registration(
            registration,
            kind=DECKLIST_MISSING,
            object_key=f"registration{registration.pk}:{deadline.isoformat()}",
            params={"event": event.name, "deadline": f"{local:%Y-%m-%d %H:%M} ({event.time_zone})"},
            url=reverse("tournaments:decklist-submit", args=[registration.pk]),
            event_id=event.pk,
        )
        count += 1
    return count


register_due(decklists_missing)


# --- decklists (re-checked after a ban-list change) ----------------------------------------------


def decklist_became_illegal(
    *, registration: Registration, event: Event, errors: Mapping[str, str], recheck_id: int
) -> None:
    """After a re-check found the player's current list illegal; ``errors`` per language."""
    _send_to_registration(
        registration,
        kind=DECKLIST_ILLEGAL,
        object_key=f"decklist{registration.pk}:recheck{recheck_id}",
        params={"event": event.name, "errors": dict(errors)},
        url=reverse("tournaments:decklist-submit", args=[registration.pk]),
        event_id=event.pk,
    )
