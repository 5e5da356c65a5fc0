"""What each kind of audit entry means, in plain words (English and Japanese), and the kinds the
event's audit page filters by.

Actions are dotted, ``<app>.<entity>.<past-tense verb>`` (``core.models.AuditEntry``). An
action this table does not name yet still reads in plain words: the words of its entity
(``tournaments.registration.*`` → "Registration changed"), so no page shows a raw action name.
"""

from __future__ import annotations

from dataclasses import dataclass

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

Label = str | Promise


@dataclass(frozen=True)
class AuditKind:
    """One choice of the audit page's filter: the action prefixes it covers."""

    key: str
    label: Label
    prefixes: tuple[str, ...]


KINDS: tuple[AuditKind, ...] = (
    AuditKind("event", _("The event's settings"), ("tournaments.event.",)),
    AuditKind(
        "staff",
        _("Staff"),
        ("tournaments.event_role.", "tournaments.staff_invitation.", "tournaments.staff."),
    ),
    AuditKind(
        "players",
        _("Players and check-in"),
        ("tournaments.registration.", "tournaments.check_in."),
    ),
    AuditKind("rounds", _("Rounds and the clock"), ("tournaments.round.", "tournaments.top_cut.")),
    AuditKind("results", _("Results"), ("tournaments.result.",)),
    AuditKind(
        "judging",
        _("Judging and penalties"),
        ("tournaments.penalty.", "tournaments.match.", "judging.", "tournaments.judge_call."),
    ),
    AuditKind("decklists", _("Decklists"), ("cardpool.decklist", "tournaments.decklist")),
    AuditKind(
        "messages",
        _("Announcements and notifications"),
        ("tournaments.announcement.", "core.notification."),
    ),
    AuditKind("printing", _("Printing"), ("tournaments.print_job.",)),
)
KINDS_BY_KEY = {kind.key: kind for kind in KINDS}

LABELS: dict[str, Label] = {
    "tournaments.event.created": _("Event created"),
    "tournaments.event.copied": _("Event created as a copy of an earlier one"),
    "tournaments.event.updated": _("Event settings changed"),
    "tournaments.event.status_changed": _("Registration opened or closed"),
    "tournaments.event.finished": _("Event finished"),
    "tournaments.event.cancelled": _("Event cancelled"),
    "tournaments.event_role.granted": _("Staff member appointed"),
    "tournaments.event_role.revoked": _("Staff member removed"),
    "tournaments.registration.created": _("Player registered"),
    "tournaments.registration.checked_in": _("Player checked in"),
    "tournaments.registration.dropped": _("Player dropped"),
    "tournaments.registration.undropped": _("Drop undone"),
    "tournaments.registration.promoted": _("Player moved off the waiting list"),
    "tournaments.registration.claimed": _("Registration claimed by its player"),
    "tournaments.round.paired": _("Round paired"),
    "tournaments.round.repaired": _("Round paired again"),
    "tournaments.round.players_swapped": _("Players swapped between tables"),
    "tournaments.round.started": _("Round clock started"),
    "tournaments.round.paused": _("Round clock paused"),
    "tournaments.round.resumed": _("Round clock resumed"),
    "tournaments.round.extended": _("Round extended"),
    "tournaments.round.completed": _("Round completed"),
    "tournaments.top_cut.started": _("Top cut paired"),
    "tournaments.top_cut.advanced": _("Top cut advanced"),
    "tournaments.result.reported": _("Result reported by a player"),
    "tournaments.result.confirmed": _("Result confirmed"),
    "tournaments.result.entered": _("Result entered by a judge"),
    "tournaments.result.overridden": _("Result corrected by a judge"),
    "tournaments.result.disputed": _("Result disputed"),
    "tournaments.penalty.recorded": _("Penalty recorded"),
    "tournaments.disqualification.confirmed": _("Disqualification confirmed"),
    "tournaments.disqualification.withdrawn": _("Disqualification withdrawn"),
    "tournaments.match.time_extended": _("Time extension given"),
    "tournaments.print_job.requested": _("Printing requested"),
    "cardpool.decklist.submitted": _("Decklist submitted"),
    "cardpool.decklist_recheck.started": _("Decklists re-check started"),
    "cardpool.decklist_recheck.finished": _("Decklists re-check finished"),
    "judging.case.opened": _("Judge case opened"),
    "judging.case.filed": _("Judge case decided"),
    "judging.ruling.computed": _("Ruling worked out"),
}

#: The words for an action this table does not name, by the kind it belongs to.
FALLBACKS: dict[str, Label] = {
    "event": _("Event changed"),
    "staff": _("Staff changed"),
    "players": _("Registration changed"),
    "rounds": _("Round changed"),
    "results": _("Result changed"),
    "judging": _("Judging record changed"),
    "decklists": _("Decklist changed"),
    "messages": _("Message sent"),
    "printing": _("Printing"),
}
OTHER: Label = _("Other change")


def kind_of(action: str) -> AuditKind | None:
    for kind in KINDS:
        if action.startswith(kind.prefixes):
            return kind
    return None


def action_label(action: str) -> str:
    """What ``action`` means, in the current language."""
    label = LABELS.get(action)
    if label is None:
        kind = kind_of(action)
        label = FALLBACKS.get(kind.key, OTHER) if kind is not None else OTHER
    return str(label)
