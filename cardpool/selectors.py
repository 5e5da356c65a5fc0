"""Reads of the card pool: search, one card, snapshots for the pure legality checker, and a
decklist's legality report (the stateless check and the event-side decklist services use it)."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from django.db.models import Count, Max, QuerySet

from cardpool.legality.loaders import load_card_index
from cardpool.legality.names import normalize_name
from cardpool.legality.parser import DecklistFormat
from cardpool.legality.report import LegalityReport, check_decklist_text
from cardpool.legality.types import BanEntry, CardIndex, FormatRules
from cardpool.legality.types import BanList as PureBanList
from cardpool.legality.types import Game as LegalityGame
from cardpool.models import BanList, BanListEntry, Card, CardRevision, Format
from core.errors import InvalidInputError

DECKLIST_FORMATS: tuple[DecklistFormat, ...] = ("auto", "text", "csv", "json")


@dataclass(frozen=True)
class CardFilters:
    game: str = "zutomayo"
    q: str = ""
    pack: str = ""
    card_type: str = ""
    element: str = ""
    clock: int | None = None
    power_cost: int | None = None


def card_search(*, filters: CardFilters) -> QuerySet[Card]:
    """Cards of one game matching every given filter, in pack and number order.

    The name filter matches English or Japanese names and the card code, ignoring
    full-width/half-width, case and bracket style.
    """
    cards = Card.objects.filter(game__slug=filters.game).select_related("card_set", "game")
    if filters.q.strip():
        cards = cards.filter(search_text__contains=normalize_name(filters.q))
    if filters.pack:
        cards = cards.filter(card_set__code__iexact=filters.pack)
    if filters.card_type:
        cards = cards.filter(card_type=filters.card_type)
    if filters.element:
        cards = cards.filter(element__icontains=filters.element.lower())
    if filters.clock is not None:
        cards = cards.filter(clock=filters.clock)
    if filters.power_cost is not None:
        cards = cards.filter(power_cost=filters.power_cost)
    return cards.order_by("card_set__code", "number", "code")


def card_get(*, game: str, code: str) -> Card | None:
    return (
        Card.objects.select_related("card_set", "game").filter(game__slug=game, code=code).first()
    )


def card_revisions(*, card: Card) -> QuerySet[CardRevision]:
    return CardRevision.objects.filter(card=card).order_by("-created_at", "-id")


def card_facets(*, game: str) -> dict[str, list[str]]:
    """The values the search form offers for one game (three queries)."""
    cards = Card.objects.filter(game__slug=game)
    packs = sorted(set(cards.values_list("card_set__code", flat=True)))
    elements = sorted(
        {element for row in cards.values_list("elements", flat=True) for element in row or []}
    )
    types = sorted(set(cards.values_list("card_type", flat=True)))
    return {"packs": packs, "elements": elements, "types": types}


# --- snapshots for the pure legality checker -------------------------------------------------

_INDEX_CACHE: dict[str, tuple[tuple[object, ...], CardIndex]] = {}


def _card_row(card: Card) -> dict[str, object]:
    """A card as a dict in the shape of the shared ``cards.json`` files (what loaders read)."""
    slug = card.game.slug
    if slug == "zutomayo":
        return {
            "id": card.code,
            "pack": card.card_set.code,
            "number": card.number,
            "name": card.name,
            "name_en": card.name_en or None,
            "name_ja": card.name_ja or card.name,
            "type": card.card_type,
            "element": card.element,
            "clock": card.clock,
            "attack_night": card.attack_night,
            "attack_day": card.attack_day,
            "power_cost": card.power_cost,
            "send_to_power": card.send_to_power,
            "rarity": card.rarity,
            "has_effect": card.has_effect,
        }
    if slug == "azuki":
        return {
            "id": card.code,
            "set": card.card_set.code,
            "name": card.name,
            "card_type": card.card_type,
            "element": list(card.elements),
            "ikz_cost": card.ikz_cost,
            "attack": card.attack,
            "health": card.health,
            "gate_points": card.gate_points,
            "keywords": list(card.keywords),
            "variants": list(card.variants),
        }
    return {
        "id": card.code,
        "name": card.name,
        "colour": card.colour,
        "power": card.power,
        "bonus": card.bonus or None,
        "victory_points": card.victory_points,
    }


def card_rows_for_game(*, game: str) -> list[dict[str, object]]:
    """Every card of the game as a dict in the shape of the shared ``cards.json`` (one query)."""
    cards = Card.objects.filter(game__slug=game).select_related("game", "card_set").order_by("id")
    return [_card_row(card) for card in cards]


def card_index_for_game(*, game: str) -> CardIndex:
    """The game's card pool as a frozen ``CardIndex``, rebuilt only when the pool changed.

    One query when the cached index is current (count and last change of the game's cards),
    two when it must be rebuilt.
    """
    stamp_row = Card.objects.filter(game__slug=game).aggregate(
        count=Count("id"), changed=Max("updated_at")
    )
    stamp = (stamp_row["count"], stamp_row["changed"])
    cached = _INDEX_CACHE.get(game)
    if cached is not None and cached[0] == stamp:
        return cached[1]
    index = load_card_index(game, card_rows_for_game(game=game))
    _INDEX_CACHE[game] = (stamp, index)
    return index


def format_rules_get(*, format_id: int | None, game: str) -> FormatRules | None:
    """A format's dated ban/limited lists as frozen ``FormatRules`` (two queries), or None."""
    if format_id is None:
        return None
    fmt = Format.objects.filter(pk=format_id).first()
    if fmt is None:
        return None
    entries = (
        BanListEntry.objects.filter(ban_list__format=fmt)
        .select_related("card", "ban_list")
        .order_by("ban_list__effective_from", "card__code")
    )
    lists: dict[int, tuple[BanList, list[BanEntry]]] = {}
    for ban_list in fmt.ban_lists.all():
        lists[ban_list.pk] = (ban_list, [])
    for entry in entries:
        lists[entry.ban_list_id][1].append(BanEntry(card=entry.card.code, limit=entry.limit))
    return FormatRules(
        game=LegalityGame(game),
        name=fmt.name,
        ban_lists=tuple(
            PureBanList(effective=row.effective_from, entries=tuple(items), name=row.note)
            for row, items in lists.values()
        ),
    )


# --- checking a decklist -----------------------------------------------------------------------


def decklist_format(value: str) -> DecklistFormat:
    """``value`` as one of the decklist formats the parser reads; anything else is a 400."""
    for fmt in DECKLIST_FORMATS:
        if fmt == value:
            return fmt
    raise InvalidInputError(
        f"format {value!r} is not one of {', '.join(DECKLIST_FORMATS)}", field="fmt"
    )


def decklist_report(
    *, game: str, format_id: int | None, on: dt.date | None, data: str | bytes, fmt: str
) -> LegalityReport:
    """The legality report of a decklist against the game's cards and the format's ban lists."""
    source_format = decklist_format(fmt)
    index = card_index_for_game(game=game)
    rules = format_rules_get(format_id=format_id, game=game)
    return check_decklist_text(data, index, rules, on=on, fmt=source_format)
