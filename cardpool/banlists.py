"""Ban and limited lists: a new list starts from the previous one of its format, and what
changed (added, removed, limit changed) is shown before it is saved, so that no limited entry
is dropped by accident (a change reaches every affected event's lists, so it must be meant).

The editor's text has one entry a line: the limit, then the card's pack number or name, e.g.
``0 1st_10`` (banned) or ``1 Paper Lantern Cat`` (limited to one copy). Blank lines and lines
starting with ``#`` are ignored.
"""

from __future__ import annotations

import datetime as dt
from collections.abc import Mapping
from dataclasses import dataclass, field

from django.contrib.auth.models import User
from django.db import transaction
from django.db.models import Q
from django.utils.translation import gettext as _

from cardpool.models import BanList, BanListEntry, Card, Format
from cardpool.signals import ban_list_saved
from core.audit import audit_log
from core.errors import ConflictError, InvalidInputError, NotFoundError
from core.numbers import whole_number_or_none

MAX_LIMIT = 3


def formats_with_lists(*, game: str) -> list[tuple[Format, list[BanList]]]:
    """The game's formats, each with its lists newest first (two queries)."""
    formats = list(Format.objects.filter(game__slug=game).order_by("name"))
    lists: dict[int, list[BanList]] = {f.pk: [] for f in formats}
    for ban_list in BanList.objects.filter(format__in=formats).order_by("-effective_from"):
        lists[ban_list.format_id].append(ban_list)
    return [(f, lists[f.pk]) for f in formats]


def format_get(*, game: str, slug: str) -> Format:
    fmt = Format.objects.filter(game__slug=game, slug=slug).first()
    if fmt is None:
        raise NotFoundError(_("no format %(slug)s in this game") % {"slug": slug}, field="format")
    return fmt


def latest_entries(*, fmt: Format) -> tuple[BanList | None, dict[str, tuple[Card, int]]]:
    """The format's newest list and its entries by card code."""
    latest = BanList.objects.filter(format=fmt).order_by("-effective_from").first()
    if latest is None:
        return None, {}
    entries = BanListEntry.objects.filter(ban_list=latest).select_related("card")
    return latest, {e.card.code: (e.card, e.limit) for e in entries.order_by("card__code")}


def entries_text(entries: Mapping[str, tuple[Card, int]]) -> str:
    """The editor's starting text: the previous list, one entry a line."""
    return "\n".join(f"{limit} {code}" for code, (_card, limit) in entries.items())


def parse_entries(*, fmt: Format, text: str) -> dict[str, tuple[Card, int]]:
    """The entries of the editor's text by card code; a bad line is a 400 naming the line."""
    wanted: list[tuple[int, int, str]] = []
    for number, raw in enumerate(text.splitlines(), start=1):
        line = raw.strip()
        if not line or line.startswith("#"):
            continue
        head, _sep, rest = line.partition(" ")
        limit = whole_number_or_none(head)
        if limit is None or not rest.strip():
            raise InvalidInputError(
                _("line %(line)s: write the limit, then the card (e.g. “0 1st_10”)")
                % {"line": number},
                field="entries",
            )
        if limit > MAX_LIMIT:
            raise InvalidInputError(
                _("line %(line)s: a limit is 0 (banned) to %(max)s")
                % {"line": number, "max": MAX_LIMIT},
                field="entries",
            )
        wanted.append((number, limit, rest.strip()))
    names = [name for _n, _l, name in wanted]
    cards = list(
        Card.objects.filter(game_id=fmt.game_id).filter(
            Q(code__in=names) | Q(name__in=names) | Q(name_en__in=names) | Q(name_ja__in=names)
        )
    )
    result: dict[str, tuple[Card, int]] = {}
    for number, limit, name in wanted:
        matches = [c for c in cards if c.code == name] or [
            c for c in cards if name in (c.name, c.name_en, c.name_ja)
        ]
        if not matches:
            raise InvalidInputError(
                _("line %(line)s: no card %(name)s") % {"line": number, "name": name},
                field="entries",
            )
        if len(matches) > 1:
            raise InvalidInputError(
                _("line %(line)s: %(name)s names several cards (%(codes)s); write its number")
                % {"line": number, "name": name, "codes": ", ".join(c.code for c in matches)},
                field="entries",
            )
        card = matches[0]
        if card.code in result:
            raise InvalidInputError(
                _("line %(line)s: %(code)s is listed twice") % {"line": number, "code": card.code},
                field="entries",
            )
        result[card.code] = (card, limit)
    return result


@dataclass
class BanListDiff:
    added: list[tuple[Card, int]] = field(default_factory=list)
    removed: list[tuple[Card, int]] = field(default_factory=list)
    changed: list[tuple[Card, int, int]] = field(default_factory=list)
    kept: int = 0

    @property
    def empty(self) -> bool:
        return not (self.added or self.removed or self.changed)


def ban_list_diff(
    previous: Mapping[str, tuple[Card, int]], new: Mapping[str, tuple[Card, int]]
) -> BanListDiff:
    """What the new list changes: cards added, removed, and limits changed (old, new)."""
    diff = BanListDiff()
    for code, (card, limit) in new.items():
        if code not in previous:
            diff.added.append((card, limit))
        elif previous[code][1] != limit:
            diff.changed.append((card, previous[code][1], limit))
        else:
            diff.kept += 1
    diff.removed = [(card, limit) for code, (card, limit) in previous.items() if code not in new]
    return diff


@transaction.atomic
def ban_list_create(
    *,
    fmt: Format,
    effective_from: dt.date,
    note: str,
    text: str,
    by: User,
    removals_confirmed: bool,
) -> BanList:
    """Store a new dated list from the editor's text. Removing entries of the previous list must
    be confirmed (``removals_confirmed``), so none is dropped by accident. Announces the change
    (``cardpool.signals.ban_list_saved``)."""
    previous_list, previous = latest_entries(fmt=fmt)
    entries = parse_entries(fmt=fmt, text=text)
    diff = ban_list_diff(previous, entries)
    if diff.removed and not removals_confirmed:
        raise ConflictError(
            _("confirm the removal of %(cards)s from the list")
            % {"cards": ", ".join(card.code for card, _limit in diff.removed)},
            field="confirm_removals",
        )
    if previous_list is not None and effective_from <= previous_list.effective_from:
        raise InvalidInputError(
            _("the new list must take effect after the current one (%(date)s)")
            % {"date": previous_list.effective_from.isoformat()},
            field="effective_from",
        )
    ban_list = BanList.objects.create(format=fmt, effective_from=effective_from, note=note)
    BanListEntry.objects.bulk_create(
        BanListEntry(ban_list=ban_list, card=card, limit=limit) for card, limit in entries.values()
    )
    audit_log(
        action="cardpool.ban_list.created",
        actor=by,
        obj=ban_list,
        data={
            "format": fmt.slug,
            "effective_from": effective_from.isoformat(),
            "added": {card.code: limit for card, limit in diff.added},
            "removed": {card.code: limit for card, limit in diff.removed},
            "changed": {card.code: [old, new] for card, old, new in diff.changed},
        },
    )
    ban_list_saved.send(sender=BanList, format_id=fmt.pk, effective_from=effective_from, by=by)
    return ban_list
