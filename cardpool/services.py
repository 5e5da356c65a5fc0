"""Writes to the card pool. Every write goes through one of these functions."""

from __future__ import annotations

import datetime as dt
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from django.contrib.auth.models import User
from django.db import transaction
from django.utils import timezone
from django.utils.translation import gettext

from cardpool.importers import (
    CardRecordError,
    CardValues,
    copy_key,
    is_reprint,
    validate_records,
)
from cardpool.legality.report import LegalityReport
from cardpool.models import Card, CardImport, CardRevision, CardSet, Game
from cardpool.search import effect_search_text_for, search_text_for
from cardpool.selectors import decklist_report
from core.audit import audit_log
from core.errors import InvalidInputError

GAME_NAMES = dict(Game.Slug.choices)
#: Kept for search, derived from the card's own fields: not part of a revision's history.
DERIVED_FIELDS = frozenset({"search_text", "effect_search_text"})


@dataclass(frozen=True)
class ImportSummary:
    game: str
    source: str
    created: int
    updated: int
    unchanged: int
    sets_created: int
    missing: tuple[str, ...] = ()
    """Codes of stored cards the file does not hold: kept (decklists name them), and listed."""

    def as_dict(self) -> dict[str, object]:
        return {
            "game": self.game,
            "source": self.source,
            "created": self.created,
            "updated": self.updated,
            "unchanged": self.unchanged,
            "sets_created": self.sets_created,
            "missing": list(self.missing),
        }


def game_ensure(*, slug: str) -> Game:
    """The game row for ``slug``, created on first use."""
    if slug not in GAME_NAMES:
        raise InvalidInputError(
            gettext("unknown game %(slug)r; use one of %(names)s")
            % {"slug": slug, "names": ", ".join(GAME_NAMES)},
            field="game",
        )
    game, _ = Game.objects.get_or_create(slug=slug, defaults={"name": GAME_NAMES[slug]})
    return game


def _refuse_second_printings(
    game_slug: str,
    cards: Sequence[CardValues],
    stored: Iterable[Card],
    sets: Mapping[str, CardSet],
) -> None:
    """A record for a pack and number that a stored card of another id already has is refused
    (unless one is the other's second printing, ``1st_5_SE`` of ``1st_5``)."""
    set_codes = {card_set.pk: code for code, card_set in sets.items()}
    holders: dict[tuple[str, int], list[str]] = {}
    for card in stored:
        if card.number is not None:
            holders.setdefault((set_codes.get(card.card_set_id, ""), card.number), []).append(
                card.code
            )
    problems = []
    for position, record in enumerate(cards, start=1):
        key = copy_key(game_slug, record)
        if key is None:
            continue
        others = [
            code
            for code in holders.get(key, ())
            if code != record.code
            and not is_reprint(record.code, of=code)
            and not is_reprint(code, of=record.code)
        ]
        if others:
            problems.append(
                f"record {position} (id {record.code!r}), field 'id': pack {key[0]} number "
                f"{key[1]} is already the stored card {others[0]!r}"
            )
    if problems:
        raise InvalidInputError(
            gettext("%(n_problems)s problem(s): %(names)s")
            % {"n_problems": len(problems), "names": "; ".join(problems[:10])},
            field="records",
            code="invalid_card_records",
            extra={"problems": problems},
        )


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
    _refuse_second_printings(game_slug, cards, existing.values(), sets)
    created = updated = unchanged = 0
    new_cards: list[Card] = []
    for card in cards:
        values = dict(card.values)
        values["card_set_id"] = sets[card.set_code].pk
        values["search_text"] = search_text_for(
            code=card.code,
            names=(values.get("name", ""), values.get("name_en", ""), values.get("name_ja", "")),
        )
        values["effect_search_text"] = effect_search_text_for(
            effects=(values.get("effect_en", ""), values.get("effect_ja", ""))
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
        shown = {key: value for key, value in changed.items() if key not in DERIVED_FIELDS}
        CardRevision.objects.create(
            card=row,
            source=source,
            old_values={key: old[key] for key in shown},
            new_values=shown,
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
        missing=tuple(sorted(set(existing) - {card.code for card in cards})),
    )
    record = CardImport.objects.create(
        game=game, created_by=actor, source=source, summary=summary.as_dict()
    )
    audit_log(action="cardpool.cards.imported", actor=actor, obj=record, data=summary.as_dict())
    return summary


# --- checking a decklist ----------------------------------------------------------------------


def decklist_check(
    *,
    game: str,
    data: str | bytes,
    fmt: str = "auto",
    format_id: int | None = None,
    on: dt.date | None = None,
) -> LegalityReport:
    """Check a decklist without storing anything (the stateless endpoint and ``check_deck``).

    Event decklists (submitted, versioned, locked) are ``tournaments.services.decklist_submit``.
    """
    game_ensure(slug=game)
    day = on or timezone.localdate()
    return decklist_report(game=game, format_id=format_id, on=day, data=data, fmt=fmt)
