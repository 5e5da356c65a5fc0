"""Event decklists: a player submits (or the organiser enters) a new version until the deadline;
an organiser re-checks every current list of the event after a ban-list change.

The re-check runs as a Celery task defined here, beside the service it wraps (as pretix does):
the service that enqueues it and the task that runs it then import nothing of each other, and
``tournaments.tasks`` lists it for Celery's autodiscovery. The task's name and the audit actions
keep the ``cardpool.`` prefix they had before the decklists moved here, so queued messages and
the audit history still match.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable
from typing import Any

from celery import shared_task
from django.conf import settings
from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import F
from django.utils import timezone
from django.utils.translation import get_language, gettext

from cardpool.legality.parser import decklist_text, detect_format
from cardpool.legality.report import LegalityReport, ReportDict, check_decklist_text
from cardpool.legality.types import LegalityIssue
from cardpool.selectors import card_index_for_game, decklist_report, format_rules_get
from core.audit import audit_log
from core.errors import ConflictError, InvalidInputError, NotFoundError, PermissionDeniedError
from core.jobs import claim, publish_on_commit, sweep_rows, sweeper
from tournaments.models import Decklist, DecklistRecheck, DecklistVersion, Registration
from tournaments.notifications import players as notify
from tournaments.permissions import is_event_organiser


@transaction.atomic
def decklist_submit(
    *,
    registration_id: int,
    submitted_by: User,
    data: str | bytes,
    fmt: str = "auto",
    now: dt.datetime | None = None,
) -> DecklistVersion:
    """Store a new version of a player's decklist, if it is legal and the deadline has not passed.

    The player submits or replaces their list until the event's decklist deadline; the event's
    organisers may enter it for them. The registration row is locked so that two submissions
    at once get consecutive versions.
    """
    registration = (
        Registration.objects.select_for_update()
        .select_related("event", "event__game")
        .filter(pk=registration_id)
        .first()
    )
    if registration is None:
        raise NotFoundError(
            gettext("registration %(registration_id)s does not exist")
            % {"registration_id": registration_id},
            field="registration",
        )
    event = registration.event
    is_owner = registration.user_id is not None and registration.user_id == submitted_by.pk
    if not is_owner and not is_event_organiser(user=submitted_by, event_id=event.pk):
        raise PermissionDeniedError(
            gettext("you can submit only your own decklist"), field="registration"
        )
    if registration.status in {"dropped", "disqualified"}:
        raise ConflictError(
            gettext("this registration is %(status)s; its decklist cannot change")
            % {"status": registration.get_status_display().lower()},
            field="registration",
        )
    existing = Decklist.objects.filter(registration=registration).first()
    unlocked = existing is not None and existing.unlocked_at is not None  # let them fix it
    if event.status == "finished" or (event.rounds.exists() and not unlocked):
        raise ConflictError(
            gettext("the event has started; the list is locked"),
            code="decklist_locked",
            field="decklist",
        )
    moment = now or timezone.now()
    if event.decklist_deadline is not None and moment > event.decklist_deadline and not unlocked:
        raise ConflictError(
            gettext("the decklist deadline (%(deadline)s) has passed; the list is locked")
            % {"deadline": format(timezone.localtime(event.decklist_deadline), "%Y-%m-%d %H:%M")},
            code="decklist_locked",
            field="decklist",
        )
    report = decklist_report(
        game=event.game.slug, format_id=event.format_id, on=event.date, data=data, fmt=fmt
    )
    if not report.legal:
        raise InvalidInputError(
            gettext("the decklist is not legal: %(problems)s")
            % {"problems": "; ".join(_issue_text(issue) for issue in report.errors[:5])},
            field="decklist",
            code="illegal_decklist",
            extra={"report": report.as_dict("en"), "report_ja": report.as_dict("ja")},
        )
    text = decklist_text(data)  # a Shift-JIS or UTF-16 file is stored as text
    decklist, _ = Decklist.objects.get_or_create(registration=registration)
    decklist.current_version += 1
    # A new legal version ends an unlock and a re-check's verdict (the list is legal again).
    decklist.unlocked_at, decklist.illegal_since, decklist.recheck_report = None, None, {}
    decklist.save(
        update_fields=[
            "current_version",
            "unlocked_at",
            "illegal_since",
            "recheck_report",
            "updated_at",
        ]
    )
    english = report.as_dict("en")
    version = DecklistVersion.objects.create(
        decklist=decklist,
        version=decklist.current_version,
        submitted_by=submitted_by,
        source_format=fmt if fmt != "auto" else detect_format(text),
        source_text=text,
        cards=english["cards"],
        report={"en": english, "ja": report.as_dict("ja")},
        legal=report.legal,
    )
    audit_log(
        action="cardpool.decklist.submitted",
        actor=submitted_by,
        obj=version,
        event_id=event.pk,
        data={"registration": registration.pk, "version": version.version},
    )
    return version


def _issue_text(issue: LegalityIssue) -> str:
    """The legality issue's sentence in the language in use (the engine's own table)."""
    return issue.message_ja if (get_language() or "").startswith("ja") else issue.message_en


def _messages(report_dict: ReportDict) -> str:
    return " ".join(str(issue["message"]) for issue in report_dict["errors"][:5])


@transaction.atomic
def _recheck_verdict(
    *, recheck: DecklistRecheck, version: DecklistVersion, report: LegalityReport
) -> None:
    """Store one list's new verdict: a list that is no longer legal is marked so (never left
    ``legal=true``), its player told why; a list legal again (a ban lifted) is cleared."""
    decklist = Decklist.objects.select_for_update().get(pk=version.decklist_id)
    if decklist.current_version != version.version:
        return  # the player submitted a new version meanwhile: it was checked then
    if report.legal:
        if decklist.illegal_since is not None:
            decklist.illegal_since = None
            decklist.recheck_report = {}
            decklist.save(update_fields=["illegal_since", "recheck_report", "updated_at"])
            version.legal = True
            version.save(update_fields=["legal"])
        return
    english, japanese = report.as_dict("en"), report.as_dict("ja")
    newly = decklist.illegal_since is None
    decklist.illegal_since = decklist.illegal_since or timezone.now()
    decklist.recheck_report = {"en": english["errors"], "ja": japanese["errors"]}
    decklist.save(update_fields=["illegal_since", "recheck_report", "updated_at"])
    if version.legal:
        version.legal = False
        version.save(update_fields=["legal"])
    audit_log(
        action="tournaments.decklist.became_illegal",
        actor=None,
        obj=decklist,
        event_id=recheck.event_id,
        data={"registration": decklist.registration_id, "recheck": recheck.pk},
    )
    if newly:
        registration = Registration.objects.get(pk=decklist.registration_id)
        notify.decklist_became_illegal(
            registration=registration,
            event=recheck.event,
            errors={"en": _messages(english), "ja": _messages(japanese)},
            recheck_id=recheck.pk,
        )


def decklist_recheck_run(
    *, recheck_id: int, progress: Callable[[int, int], None] | None = None
) -> DecklistRecheck:
    """Re-check every current list of the event, saving progress as it goes."""
    queued, running = DecklistRecheck.Status.QUEUED, DecklistRecheck.Status.RUNNING
    if not claim(DecklistRecheck, recheck_id, queued=queued, running=running):
        return DecklistRecheck.objects.get(pk=recheck_id)  # taken by another delivery, or done
    recheck = DecklistRecheck.objects.select_related("event", "event__game").get(pk=recheck_id)
    event = recheck.event
    versions = list(
        DecklistVersion.objects.filter(
            decklist__registration__event=event, version=F("decklist__current_version")
        ).select_related("decklist")
    )
    recheck.total = len(versions)
    recheck.save(update_fields=["total"])
    index = card_index_for_game(game=event.game.slug)
    rules = format_rules_get(format_id=event.format_id, game=event.game.slug)
    illegal: list[dict[str, object]] = []
    for done, version in enumerate(versions, start=1):
        report = check_decklist_text(version.source_text, index, rules, on=event.date)
        _recheck_verdict(recheck=recheck, version=version, report=report)
        if not report.legal:
            illegal.append(
                {
                    "registration": version.decklist.registration_id,
                    "version": version.version,
                    "errors": report.as_dict("en")["errors"],
                }
            )
        if done % 25 == 0 or done == len(versions):
            recheck.done = done
            recheck.illegal = illegal
            recheck.save(update_fields=["done", "illegal"])
            if progress is not None:
                progress(done, len(versions))
    recheck.status = DecklistRecheck.Status.DONE
    recheck.save(update_fields=["status"])
    audit_log(
        action="cardpool.decklist_recheck.finished",
        actor=None,
        obj=recheck,
        event_id=event.pk,
        data={"total": recheck.total, "illegal": len(illegal)},
    )
    return recheck


@shared_task(bind=True, name="cardpool.decklist_recheck_run", acks_late=True)
def decklist_recheck_run_task(self: Any, recheck_id: int) -> dict[str, int]:
    """Re-check an event's decklists; progress goes to the task state and to the recheck row."""

    def progress(done: int, total: int) -> None:
        if not self.request.called_directly and not self.request.is_eager:
            self.update_state(state="PROGRESS", meta={"done": done, "total": total})

    recheck = decklist_recheck_run(recheck_id=recheck_id, progress=progress)
    return {"total": recheck.total, "illegal": len(recheck.illegal)}


@transaction.atomic
def decklist_recheck_start(*, event_id: int, requested_by: User | None) -> DecklistRecheck:
    """Queue a re-check of every current list of the event (after a ban-list change)."""
    recheck = DecklistRecheck.objects.create(event_id=event_id, requested_by=requested_by)
    audit_log(
        action="cardpool.decklist_recheck.started",
        actor=requested_by,
        obj=recheck,
        event_id=event_id,
    )
    publish_on_commit(decklist_recheck_run_task, recheck.pk)
    return recheck


@transaction.atomic
def decklist_unlock(*, registration_id: int, by: User, event_id: int | None = None) -> Decklist:
    """Let a player whose list a re-check found illegal submit a new one after the deadline
    (or after the event started): once, until their next submission."""
    decklist = (
        Decklist.objects.select_for_update()
        .select_related("registration")
        .filter(registration_id=registration_id)
        .first()
    )
    if decklist is None or event_id not in (None, decklist.registration.event_id):
        raise NotFoundError(gettext("this player has no decklist"), field="registration")
    event_id = decklist.registration.event_id
    if not is_event_organiser(user=by, event_id=event_id):
        raise PermissionDeniedError(
            gettext("only the event's organisers unlock a list"), field="event"
        )
    if decklist.illegal_since is None:
        raise ConflictError(
            gettext("the list is legal; only a list a re-check found illegal is unlocked"),
            field="registration",
        )
    if decklist.unlocked_at is not None:
        raise ConflictError(gettext("the list is already unlocked"), field="registration")
    decklist.unlocked_at = timezone.now()
    decklist.unlocked_by = by
    decklist.save(update_fields=["unlocked_at", "unlocked_by", "updated_at"])
    audit_log(
        action="tournaments.decklist.unlocked",
        actor=by,
        obj=decklist,
        event_id=event_id,
        data={"registration": registration_id},
    )
    return decklist


@sweeper("decklist_rechecks")
def decklist_rechecks_sweep() -> int:
    """Re-checks still queued after a minute go to the broker again (core.jobs); a re-check
    whose worker died runs again from the start (each verdict is stored once per version)."""
    return sweep_rows(
        DecklistRecheck, decklist_recheck_run_task, queued=DecklistRecheck.Status.QUEUED,
        running=DecklistRecheck.Status.RUNNING, failed=DecklistRecheck.Status.FAILED,
        stale_after=settings.JOB_STALE_SECONDS,
    )  # fmt: skip
