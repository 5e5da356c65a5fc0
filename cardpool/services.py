"""Writes to the card pool. Every write goes through one of these functions."""

from __future__ import annotations

import datetime as dt
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import F
from django.utils import timezone

from cardpool.importers import CardRecordError, CardValues, validate_records
from cardpool.legality.parser import detect_format
from cardpool.legality.report import LegalityReport, check_decklist_text
from cardpool.models import (
    Card,
    CardImport,
    CardRevision,
    CardSet,
    Decklist,
    DecklistRecheck,
    DecklistVersion,
    Game,
)
from cardpool.search import search_text_for
from core.audit import audit_log
from core.errors import ConflictError, InvalidInputError, NotFoundError, PermissionDeniedError

GAME_NAMES = dict(Game.Slug.choices)
DECKLIST_FORMATS = ("auto", "text", "csv", "json")


@dataclass(frozen=True)
class ImportSummary:
    game: str
    source: str
    created: int
    updated: int
    unchanged: int
    sets_created: int

    def as_dict(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "source": self.source,
            "created": self.created,
            "updated": self.updated,
            "unchanged": self.unchanged,
            "sets_created": self.sets_created,
        }


def game_ensure(*, slug: str) -> Game:
    """The game row for ``slug``, created on first use."""
    if slug not in GAME_NAMES:
        raise InvalidInputError(
            f"unknown game {slug!r}; use one of {', '.join(GAME_NAMES)}", field="game"
        )
    game, _ = Game.objects.get_or_create(slug=slug, defaults={"name": GAME_NAMES[slug]})
    return game


@transaction.atomic
def card_import(
    *,
    game_slug: str,
    records: Sequence[object],
    source: str,
    actor: User | None = None,
    is_demo: bool = False,
) -> ImportSummary:
    """Import or update cards, all or nothing.

    Importing the same records twice changes nothing; a changed card is updated and its old
    values are kept in a ``CardRevision``.
    """
    try:
        cards: list[CardValues] = validate_records(game_slug, records)
    except CardRecordError as exc:
        raise InvalidInputError(
            str(exc), field="records", code="invalid_card_records", extra={"problems": exc.problems}
        ) from exc
    game = game_ensure(slug=game_slug)
    sets = {card_set.code: card_set for card_set in CardSet.objects.filter(game=game)}
    sets_created = 0
    for card in cards:
        if card.set_code not in sets:
            sets[card.set_code] = CardSet.objects.create(
                game=game, code=card.set_code, name=card.set_name, is_demo=is_demo
            )
            sets_created += 1
    existing = {card.code: card for card in Card.objects.filter(game=game)}
    created = updated = unchanged = 0
    new_cards: list[Card] = []
    for card in cards:
        values = dict(card.values)
        values["card_set_id"] = sets[card.set_code].pk
        values["search_text"] = search_text_for(
            code=card.code,
            names=(values.get("name", ""), values.get("name_en", ""), values.get("name_ja", "")),
        )
        row = existing.get(card.code)
        if row is None:
            new_cards.append(Card(game=game, code=card.code, **values))
            created += 1
            continue
        old = {key: getattr(row, key) for key in values}
        changed = {key: value for key, value in values.items() if old[key] != value}
        if not changed:
            unchanged += 1
            continue
        CardRevision.objects.create(
            card=row,
            source=source,
            old_values={key: old[key] for key in changed},
            new_values=changed,
        )
        for key, value in changed.items():
            setattr(row, key, value)
        row.save(update_fields=[*changed, "updated_at"])
        updated += 1
    Card.objects.bulk_create(new_cards, batch_size=500)
    summary = ImportSummary(
        game=game_slug,
        source=source,
        created=created,
        updated=updated,
        unchanged=unchanged,
        sets_created=sets_created,
    )
    record = CardImport.objects.create(
        game=game, created_by=actor, source=source, summary=summary.as_dict()
    )
    audit_log(action="cardpool.cards.imported", actor=actor, obj=record, data=summary.as_dict())
    return summary


# --- decklists -------------------------------------------------------------------------------


def _decklist_report(
    *, game: str, format_id: int | None, on: dt.date | None, data: str | bytes, fmt: str
) -> LegalityReport:
    from cardpool.selectors import card_index_for_game, format_rules_get

    if fmt not in DECKLIST_FORMATS:
        raise InvalidInputError(
            f"format {fmt!r} is not one of {', '.join(DECKLIST_FORMATS)}", field="fmt"
        )
    index = card_index_for_game(game=game)
    rules = format_rules_get(format_id=format_id, game=game)
    return check_decklist_text(data, index, rules, on=on, fmt=fmt)  # type: ignore[arg-type]  # checked against DECKLIST_FORMATS above


def decklist_check(
    *,
    game: str,
    data: str | bytes,
    fmt: str = "auto",
    format_id: int | None = None,
    on: dt.date | None = None,
) -> LegalityReport:
    """Check a decklist without storing anything (the stateless endpoint and ``check_deck``)."""
    game_ensure(slug=game)
    day = on or timezone.localdate()
    return _decklist_report(game=game, format_id=format_id, on=day, data=data, fmt=fmt)


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
    from tournaments.models import Registration
    from tournaments.permissions import is_event_organiser

    registration = (
        Registration.objects.select_for_update()
        .select_related("event", "event__game")
        .filter(pk=registration_id)
        .first()
    )
    if registration is None:
        raise NotFoundError(f"registration {registration_id} does not exist", field="registration")
    event = registration.event
    is_owner = registration.user_id is not None and registration.user_id == submitted_by.pk
    if not is_owner and not is_event_organiser(user=submitted_by, event_id=event.pk):
        raise PermissionDeniedError("you can submit only your own decklist", field="registration")
    if registration.status in {"dropped", "disqualified"}:
        raise ConflictError(
            f"this registration is {registration.status}; its decklist cannot change",
            field="registration",
        )
    if event.status == "finished" or event.rounds.exists():
        raise ConflictError(
            "the event has started; the list is locked", code="decklist_locked", field="decklist"
        )
    moment = now or timezone.now()
    if event.decklist_deadline is not None and moment > event.decklist_deadline:
        raise ConflictError(
            "the decklist deadline "
            f"({timezone.localtime(event.decklist_deadline):%Y-%m-%d %H:%M}) has passed; "
            "the list is locked",
            code="decklist_locked",
            field="decklist",
        )
    report = _decklist_report(
        game=event.game.slug, format_id=event.format_id, on=event.date, data=data, fmt=fmt
    )
    if not report.legal:
        raise InvalidInputError(
            "the decklist is not legal: "
            + "; ".join(issue.message_en for issue in report.errors[:5]),
            field="decklist",
            code="illegal_decklist",
            extra={"report": report.as_dict("en"), "report_ja": report.as_dict("ja")},
        )
    text = data.decode("utf-8") if isinstance(data, bytes) else data
    decklist, _ = Decklist.objects.get_or_create(registration=registration)
    decklist.current_version += 1
    decklist.save(update_fields=["current_version", "updated_at"])
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


@transaction.atomic
def decklist_recheck_start(*, event_id: int, requested_by: User | None) -> DecklistRecheck:
    """Queue a re-check of every current list of the event (after a ban-list change)."""
    from cardpool.tasks import decklist_recheck_run_task

    recheck = DecklistRecheck.objects.create(event_id=event_id, requested_by=requested_by)
    audit_log(
        action="cardpool.decklist_recheck.started",
        actor=requested_by,
        obj=recheck,
        event_id=event_id,
    )
    transaction.on_commit(lambda: decklist_recheck_run_task.delay(recheck.pk))
    return recheck


def decklist_recheck_run(
    *, recheck_id: int, progress: Callable[[int, int], None] | None = None
) -> DecklistRecheck:
    """Re-check every current list of the event, saving progress as it goes."""
    from cardpool.selectors import card_index_for_game, format_rules_get

    recheck = DecklistRecheck.objects.select_related("event", "event__game").get(pk=recheck_id)
    event = recheck.event
    versions = list(
        DecklistVersion.objects.filter(
            decklist__registration__event=event, version=F("decklist__current_version")
        ).select_related("decklist")
    )
    recheck.status = DecklistRecheck.Status.RUNNING
    recheck.total = len(versions)
    recheck.save(update_fields=["status", "total"])
    index = card_index_for_game(game=event.game.slug)
    rules = format_rules_get(format_id=event.format_id, game=event.game.slug)
    illegal: list[dict[str, object]] = []
    for done, version in enumerate(versions, start=1):
        report = check_decklist_text(version.source_text, index, rules, on=event.date)
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
