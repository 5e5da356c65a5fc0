"""Registrations: entering, the waiting list, check-in, late entry, drops, CSV import."""

from __future__ import annotations

import csv
import datetime as dt
import io
import zlib
from collections.abc import Callable

from django.contrib.auth.models import User
from django.core.exceptions import ValidationError
from django.core.validators import validate_email
from django.db import IntegrityError, transaction
from django.utils import timezone
from django.utils.translation import gettext

from core.audit import audit_log
from core.errors import (
    ConflictError,
    InvalidInputError,
    NotFoundError,
    PermissionDeniedError,
    utf8_text,
    validate_model,
)
from core.names import display_name_clean, display_name_problem
from tournaments.models import Event, Registration, Round
from tournaments.notifications import players as notify
from tournaments.permissions import is_event_organiser, is_event_scorekeeper
from tournaments.services import fixes
from tournaments.services.claims import claim_code_issue
from tournaments.services.locks import registration_lock

ACTIVE = (Registration.Status.REGISTERED, Registration.Status.CHECKED_IN)
MAX_IMPORT_BYTES = 1024 * 1024
#: The most players one CSV import may list (a larger file is a 400 naming this limit).
MAX_IMPORT_LINES = 20_000
#: How often (in players entered) an import tells its progress.
PROGRESS_EVERY = 100


def _seed_for(event_id: int, display_name: str, player_id: str) -> int:
    """A stable per-player number that breaks ties nothing else splits (not a rank)."""
    return zlib.crc32(f"{event_id}:{player_id}:{display_name}".encode()) & 0x7FFFFFFF


def _rounds_paired(event: Event) -> int:
    return Round.objects.filter(event=event, stage=Round.Stage.SWISS).count()


def _check_self_registration(
    *, event: Event, user: User | None, by: User | None, now: dt.datetime | None
) -> None:
    """A player registering themselves: only themselves, and only while registration is open."""
    if by is not None and user is not None and by.pk != user.pk:
        raise PermissionDeniedError(gettext("you can register only yourself"), field="user")
    moment = now or timezone.now()
    if event.status != Event.Status.REGISTRATION_OPEN:
        raise ConflictError(gettext("registration for this event is not open"), field="event")
    if event.registration_opens_at and moment < event.registration_opens_at:
        raise ConflictError(gettext("registration has not opened yet"), field="event")
    if event.registration_closes_at and moment > event.registration_closes_at:
        raise ConflictError(gettext("registration has closed"), field="event")


@transaction.atomic
def registration_create(
    *,
    event: Event,
    user: User | None,
    display_name: str,
    player_id: str = "",
    email: str = "",
    by: User | None = None,
    now: dt.datetime | None = None,
) -> Registration:
    """Enter a player. Players register themselves while registration is open; organisers may
    add anyone at any time before the event finishes (after round 1: a late entry, with a loss
    for each round missed). A full event puts players on the waiting list."""
    event = Event.objects.select_for_update().get(pk=event.pk)
    by_organiser = by is not None and is_event_scorekeeper(user=by, event_id=event.pk)
    display_name = display_name_clean(display_name)
    if event.status == Event.Status.FINISHED:
        raise ConflictError(gettext("the event is finished"), field="event")
    if not by_organiser:
        _check_self_registration(event=event, user=user, by=by, now=now)
    earlier = (
        Registration.objects.select_for_update().filter(event=event, user_id=user.pk).first()
        if user is not None
        else None
    )
    if earlier is not None and earlier.status != Registration.Status.DROPPED:
        raise ConflictError(gettext("already registered for this event"), field="user")
    player_id = player_id.strip()
    if player_id and Registration.objects.filter(event=event, player_id=player_id).exists():
        raise ConflictError(
            gettext("player id %(player_id)r is already registered") % {"player_id": player_id},
            field="player_id",
        )
    taken = Registration.objects.filter(event=event, status__in=ACTIVE).count()
    full = event.capacity is not None and taken >= event.capacity
    missed = _rounds_paired(event)
    status = Registration.Status.REGISTERED
    if missed:
        status = Registration.Status.CHECKED_IN
    if full and not by_organiser:
        status = Registration.Status.WAITLISTED
    if earlier is not None:
        return _registration_reenter(earlier, status=status, by=by or user)
    registration = Registration(
        event=event,
        user=user,
        display_name=display_name,
        player_id=player_id,
        email=email.strip(),
        status=status,
        late_rounds_missed=missed,
        seed=_seed_for(event.pk, display_name, player_id),
        checked_in_at=timezone.now() if status == Registration.Status.CHECKED_IN else None,
    )
    validate_model(registration, validate_unique=False, validate_constraints=False)
    try:
        with transaction.atomic():
            registration.save()
    except IntegrityError as exc:
        raise ConflictError(gettext("already registered for this event"), field="user") from exc
    if user is None:  # entered at the desk or imported: the player claims it with a code
        claim_code_issue(registration)
    audit_log(
        action="tournaments.registration.created",
        actor=by or user,
        obj=registration,
        event_id=event.pk,
        data={"status": status, "late_rounds_missed": missed},
    )
    notify.registration_entered(registration)
    return registration


def _registration_reenter(
    registration: Registration, *, status: str, by: User | None
) -> Registration:
    """A player who dropped registers again: their one registration comes back (one row per
    person and event), counting the rounds paired since the drop as losses, as a late entry's."""
    missed_since_drop = _rounds_paired(registration.event) - (registration.dropped_after_round or 0)
    registration.status = status
    registration.late_rounds_missed += missed_since_drop
    registration.dropped_after_round = None
    registration.save(update_fields=["status", "late_rounds_missed", "dropped_after_round"])
    audit_log(
        action="tournaments.registration.reentered",
        actor=by,
        obj=registration,
        event_id=registration.event_id,
        data={"status": status, "rounds_missed": missed_since_drop},
    )
    return registration


@transaction.atomic
def registration_check_in(*, registration_id: int, by: User) -> Registration:
    """The organiser or a scorekeeper checks a player in at the desk."""
    registration = registration_lock(registration_id)
    if not can_check_in_players(user=by, event_id=registration.event_id):
        raise PermissionDeniedError(
            gettext("only the event's organisers and scorekeepers check players in")
        )
    if registration.event.status == Event.Status.FINISHED:
        raise ConflictError(gettext("the event is finished"), field="event")
    if registration.status != Registration.Status.REGISTERED:
        raise ConflictError(
            gettext("%(display_name)s is %(status)s, not registered")
            % {
                "display_name": registration.display_name,
                "status": registration.get_status_display().lower(),
            },
            field="registration",
            fixes=[fixes.check_in_desk(event_id=registration.event_id)],
        )
    return check_in_record(registration, by=by, via="desk")


def can_check_in_players(*, user: User, event_id: int) -> bool:
    """Organisers and scorekeepers check players in (and open and close the check-in)."""
    return is_event_scorekeeper(user=user, event_id=event_id)


def check_in_record(
    registration: Registration, *, by: User | None, via: str, now: dt.datetime | None = None
) -> Registration:
    """Mark a (locked, registered) player checked in, now, and audit how: ``desk`` (by staff,
    one by one), ``bulk``, ``self`` (on their phone) or ``qr`` (the venue's code). A check-in
    after round 1 is paired counts the rounds missed (a loss each)."""
    registration.status = Registration.Status.CHECKED_IN
    registration.late_rounds_missed = _rounds_paired(registration.event)
    registration.checked_in_at = now or timezone.now()
    registration.save(update_fields=["status", "late_rounds_missed", "checked_in_at"])
    audit_log(
        action="tournaments.registration.checked_in",
        actor=by,
        obj=registration,
        event_id=registration.event_id,
        data={"via": via},
    )
    return registration


@transaction.atomic
def registration_drop(*, registration_id: int, by: User, reason: str = "") -> Registration:
    """Drop a player: never paired again; their results so far stay in the standings.

    Before round 1, a dropped place goes to the first player on the waiting list.
    """
    registration = registration_lock(registration_id)
    is_self = registration.user_id is not None and registration.user_id == by.pk
    if not is_self and not is_event_scorekeeper(user=by, event_id=registration.event_id):
        raise PermissionDeniedError(gettext("you can drop only yourself"), field="registration")
    if registration.status in (Registration.Status.DROPPED, Registration.Status.DISQUALIFIED):
        raise ConflictError(
            gettext("%(display_name)s has already left the event")
            % {"display_name": registration.display_name}
        )
    if registration.event.status == Event.Status.FINISHED:
        raise ConflictError(gettext("the event is finished"), field="event")
    rounds = _rounds_paired(registration.event)
    previous = registration.status
    registration.status = Registration.Status.DROPPED
    registration.dropped_after_round = rounds
    registration.save(update_fields=["status", "dropped_after_round"])
    audit_log(
        action="tournaments.registration.dropped",
        actor=by,
        obj=registration,
        event_id=registration.event_id,
        reason=reason,
        data={"after_round": rounds},
    )
    if rounds == 0 and previous in ACTIVE:
        waiting = (
            Registration.objects.select_for_update()
            .filter(event_id=registration.event_id, status=Registration.Status.WAITLISTED)
            .order_by("created_at", "id")
            .first()
        )
        if waiting is not None:
            waiting.status = Registration.Status.REGISTERED
            waiting.save(update_fields=["status"])
            audit_log(
                action="tournaments.registration.promoted",
                actor=None,
                obj=waiting,
                event_id=registration.event_id,
            )
            notify.waitlist_promoted(waiting)
    return registration


@transaction.atomic
def registration_undrop(*, registration_id: int, by: User, reason: str) -> Registration:
    """Undo a drop (organisers, until the event finishes): the player is checked in and paired
    from the next round on; the rounds paired while they were out count as losses, as a late
    entry's missed rounds do."""
    registration = registration_lock(registration_id)
    if not is_event_scorekeeper(user=by, event_id=registration.event_id):
        raise PermissionDeniedError(
            gettext("only the event's scorekeepers and organisers undo a drop")
        )
    if registration.status != Registration.Status.DROPPED:
        raise ConflictError(
            gettext("%(display_name)s has not dropped")
            % {"display_name": registration.display_name}
        )
    if registration.event.status in (Event.Status.FINISHED, Event.Status.CANCELLED):
        raise ConflictError(
            gettext("the event is %(status)s: a drop can be undone only until it finishes")
            % {"status": registration.event.get_status_display().lower()},
            field="event",
        )
    if not reason.strip():
        raise InvalidInputError(gettext("say why the drop is undone"), field="reason")
    missed_since_drop = _rounds_paired(registration.event) - (registration.dropped_after_round or 0)
    registration.status = Registration.Status.CHECKED_IN
    registration.late_rounds_missed += missed_since_drop
    registration.dropped_after_round = None
    registration.save(update_fields=["status", "late_rounds_missed", "dropped_after_round"])
    audit_log(
        action="tournaments.registration.undropped",
        actor=by,
        obj=registration,
        event_id=registration.event_id,
        reason=reason,
        data={"rounds_missed": missed_since_drop},
    )
    return registration


def _csv_rows(text: str) -> list[tuple[int, dict[str, str]]]:
    reader = csv.DictReader(io.StringIO(text.lstrip("\ufeff")))
    try:
        header = [(name or "").strip().lower() for name in reader.fieldnames or []]
    except csv.Error as exc:
        raise InvalidInputError(gettext("line 1: %(exc)s") % {"exc": exc}, field="file") from exc
    missing = [column for column in ("name", "player_id", "email") if column not in header]
    if missing:
        raise InvalidInputError(
            gettext("line 1: the header lacks column(s) %(names)s (expected name,player_id,email)")
            % {"names": ", ".join(missing)},
            field="file",
        )
    reader.fieldnames = header
    try:
        return [
            (line, {key: (value or "").strip() for key, value in row.items() if key})
            for line, row in enumerate(reader, start=2)
        ]
    except csv.Error as exc:
        raise InvalidInputError(
            gettext("line %(line_num)s: %(exc)s") % {"line_num": reader.line_num, "exc": exc},
            field="file",
        ) from exc


def _import_problems(event: Event, rows: list[tuple[int, dict[str, str]]]) -> list[str]:
    problems: list[str] = []
    seen_ids: dict[str, int] = {}
    existing = set(
        Registration.objects.filter(event=event)
        .exclude(player_id="")
        .values_list("player_id", flat=True)
    )
    for line, row in rows:
        if not row.get("name"):
            problems.append(gettext("line %(line)s: name is empty") % {"line": line})
        elif len(row["name"]) > 100:
            problems.append(
                gettext("line %(line)s: name is longer than 100 characters") % {"line": line}
            )
        elif problem := display_name_problem(row["name"].strip()):
            problems.append(
                gettext("line %(line)s: %(problem)s") % {"line": line, "problem": problem}
            )
        player_id = row.get("player_id", "")
        if len(player_id) > 40:
            problems.append(
                gettext("line %(line)s: player_id is longer than 40 characters") % {"line": line}
            )
        if player_id:
            if player_id in seen_ids:
                problems.append(
                    gettext("line %(line)s: player_id %(player_id)r repeats line %(first)s")
                    % {"line": line, "player_id": player_id, "first": seen_ids[player_id]}
                )
            elif player_id in existing:
                problems.append(
                    gettext("line %(line)s: player_id %(player_id)r is already registered")
                    % {"line": line, "player_id": player_id}
                )
            seen_ids[player_id] = line
        email = row.get("email", "")
        if email:
            try:
                validate_email(email)
            except ValidationError:
                problems.append(
                    gettext("line %(line)s: email %(email)r is not an e-mail address")
                    % {"line": line, "email": email}
                )
    if not rows:
        problems.append(gettext("the file has a header but no players"))
    return problems


def import_event_get(*, event_id: int, by: User) -> Event:
    """The event to import players into, for its organisers (404, 403 for anyone else)."""
    event = Event.objects.filter(pk=event_id).first()
    if event is None:
        raise NotFoundError(
            gettext("event %(event_id)s does not exist") % {"event_id": event_id}, field="event"
        )
    if not is_event_organiser(user=by, event_id=event_id):
        raise PermissionDeniedError(gettext("only the event's organisers can import players"))
    return event


def import_file_read(data: str | bytes) -> tuple[str, int]:
    """The text of a players' CSV and how many players it lists, checked as far as is cheap
    (a size, its encoding, its header, at most ``MAX_IMPORT_LINES`` players): what the request
    that brings the file refuses at once, before any job is queued."""
    if isinstance(data, bytes):
        if b"\x00" in data and len(data) <= MAX_IMPORT_BYTES:
            raise InvalidInputError(gettext("the file is binary, not CSV text"), field="file")
        data = utf8_text(data, max_bytes=MAX_IMPORT_BYTES, what=gettext("the file"), field="file")
    if not data.strip():
        raise InvalidInputError(gettext("the file is empty"), field="file")
    rows = _csv_rows(data)
    if len(rows) > MAX_IMPORT_LINES:
        raise InvalidInputError(
            gettext(
                "the file lists %(count)s players; at most %(limit)s can be imported at once "
                "(split it into several files)"
            )
            % {"count": len(rows), "limit": MAX_IMPORT_LINES},
            field="file",
            code="too_many_lines",
        )
    return data, len(rows)


@transaction.atomic
def registrations_import_csv(
    *,
    event_id: int,
    by: User,
    data: str | bytes,
    progress: Callable[[int], None] | None = None,
) -> list[Registration]:
    """Import players from CSV (``name,player_id,email``): every line or none.

    Errors name each bad line; nothing is imported while any line is bad. ``progress`` is told
    how many players are entered so far, every ``PROGRESS_EVERY`` (the import job shows it).
    Pages and the API do not call this in the request: they queue a ``PlayerImport``
    (``tournaments.services.imports``), whose job does.
    """
    event = import_event_get(event_id=event_id, by=by)
    data, _count = import_file_read(data)
    rows = _csv_rows(data)
    problems = _import_problems(event, rows)
    if problems:
        raise InvalidInputError(
            "; ".join(problems[:20]), field="file", extra={"problems": problems}
        )
    created = []
    for number, (_line, row) in enumerate(rows, start=1):
        created.append(
            registration_create(
                event=event,
                user=None,
                display_name=row["name"],
                player_id=row.get("player_id", ""),
                email=row.get("email", ""),
                by=by,
            )
        )
        if progress is not None and number % PROGRESS_EVERY == 0:
            progress(number)
    return created
