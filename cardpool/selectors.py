"""Reads of the card pool: search, one card, snapshots for the pure legality checker, and a
decklist's legality report (the stateless check and the event-side decklist services use it)."""

from __future__ import annotations

import datetime as dt
from dataclasses import dataclass

from django.db.models import Count, Max, Q, QuerySet
from django.utils.translation import gettext as _

from cardpool.legality.loaders import load_card_index
from cardpool.legality.parser import (
    DecklistFormat,
    card_id_candidate,
    decklist_text,
    json_lone_surrogate_line,
)
from cardpool.legality.report import LegalityReport, check_decklist_text
from cardpool.legality.types import BanEntry, CardIndex, FormatRules
from cardpool.legality.types import BanList as PureBanList
from cardpool.legality.types import Game as LegalityGame
from cardpool.models import (
    BanList,
    BanListEntry,
    Card,
    CardRevision,
    Format,
    Game,
    element_label,
)
from cardpool.search import search_key
from core.errors import InvalidInputError

DECKLIST_FORMATS: tuple[DecklistFormat, ...] = ("auto", "text", "csv", "json")


#: Orders the search offers: pack and number (the default), name, cost, clock.
CARD_SORTS = ("pack", "name", "cost", "clock")


@dataclass(frozen=True)
class CardFilters:
    game: str = "zutomayo"
    q: str = ""
    text: str = ""
    pack: str = ""
    card_type: str = ""
    element: str = ""
    clock: int | None = None
    power_cost: int | None = None
    sort: str = "pack"
    language: str = "en"


def _sorted(cards: QuerySet[Card], *, sort: str, language: str) -> QuerySet[Card]:
    pack_order = ("card_set__code", "number", "code")
    if sort == "name":
        return cards.order_by("name_ja" if language == "ja" else "name", *pack_order)
    if sort == "cost":
        return cards.order_by("power_cost", "ikz_cost", "power", *pack_order)
    if sort == "clock":
        return cards.order_by("clock", *pack_order)
    return cards.order_by(*pack_order)


def card_search(*, filters: CardFilters) -> QuerySet[Card]:
    """Cards of one game matching every given filter, sorted as asked (pack and number by
    default).

    ``q`` that spells a card id in the game's syntax (``1st-10``, ``1ST_10``, ``１ｓｔ－１０``)
    finds exactly that card (never 1st_100); any other ``q`` matches English or Japanese names
    and the code, and ``text`` the effect texts, both by ``cardpool.search.search_key`` (width,
    case, brackets, marks and katakana/hiragana folded). ``element`` is exact: one of the
    card's elements (an Azuki card may have two).
    """
    cards = Card.objects.filter(game__slug=filters.game).select_related("card_set", "game")
    query = filters.q.strip()
    if query:
        code = card_id_candidate(query, filters.game)
        if code is not None:
            cards = cards.filter(code__iexact=code)
        else:
            cards = cards.filter(search_text__contains=search_key(query))
    if filters.text.strip():
        cards = cards.filter(effect_search_text__contains=search_key(filters.text))
    if filters.pack:
        cards = cards.filter(card_set__code__iexact=filters.pack)
    if filters.card_type:
        cards = cards.filter(card_type=filters.card_type)
    if filters.element:
        element = filters.element.strip().lower()
        cards = cards.filter(
            Q(element__iexact=element)
            | Q(element__istartswith=f"{element}|")
            | Q(element__iendswith=f"|{element}")
            | Q(element__icontains=f"|{element}|")
        )
    if filters.clock is not None:
        cards = cards.filter(clock=filters.clock)
    if filters.power_cost is not None:
        cards = cards.filter(power_cost=filters.power_cost)
    return _sorted(cards, sort=filters.sort, language=filters.language)


def card_get(*, game: str, code: str) -> Card | None:
    """The card with this code, whatever the case of the address (``/cards/zutomayo/1ST_10/``)."""
    return (
        Card.objects.select_related("card_set", "game")
        .filter(game__slug=game, code__iexact=code)
        .order_by("code")
        .first()
    )


def card_revisions(*, card: Card) -> QuerySet[CardRevision]:
    return CardRevision.objects.filter(card=card).order_by("-created_at", "-id")


def card_facets(*, game: str) -> dict[str, list[tuple[str, str]]]:
    """The values the search form offers for one game, each with its label in the active
    language (three queries)."""
    cards = Card.objects.filter(game__slug=game)
    packs = sorted(set(cards.values_list("card_set__code", flat=True)))
    elements = sorted(
        {element for row in cards.values_list("elements", flat=True) for element in row or []}
    )
    type_labels = dict(Card.CardType.choices)
    types = sorted(set(cards.values_list("card_type", flat=True)))
    return {
        "packs": [(pack, pack) for pack in packs],
        "elements": [(element, element_label(element)) for element in elements],
        "types": [(value, str(type_labels.get(value, value))) for value in types],
    }


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
            # the engine runs an encoded effect only for the text it was encoded from
            "effect_ja": card.effect_ja or None,
            # a "（song）" in an effect text is the card's own song (Q47)
            "song_ja": (card.extra or {}).get("song_ja"),
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
        "bonuses": list((card.extra or {}).get("bonuses") or []),
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
    """A format's dated ban/limited lists as frozen ``FormatRules`` (two queries), or None when
    no format is asked for. An unknown format, or one of another game, is a 400 (never ignored:
    a list checked without its ban list would be reported legal)."""
    if format_id is None:
        return None
    fmt = Format.objects.select_related("game").filter(pk=format_id).first()
    if fmt is None:
        raise InvalidInputError(
            _("format %(format_id)s does not exist") % {"format_id": format_id},
            field="format_id",
            code="unknown_format",
        )
    if fmt.game.slug != game:
        raise InvalidInputError(
            _("format %(name)r is a format of %(game)s, not of %(other_game)s")
            % {
                "name": fmt.name,
                "game": fmt.game.get_slug_display(),
                "other_game": dict(Game.Slug.choices).get(game, game),
            },
            field="format_id",
            code="format_of_another_game",
        )
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
        _("format %(value)r is not one of %(names)s")
        % {"value": value, "names": ", ".join(DECKLIST_FORMATS)},
        field="fmt",
    )


def decklist_refuse_unencodable(*, data: str | bytes, fmt: DecklistFormat) -> None:
    """A 400 naming the line when JSON text escapes half of a surrogate pair (``\\ud800``):
    the report would echo a character no response can encode."""
    if fmt not in ("auto", "json"):
        return
    line = json_lone_surrogate_line(decklist_text(data))
    if line is not None:
        raise InvalidInputError(
            _("line %(line)s: invalid character (half of a UTF-16 surrogate pair)")
            % {"line": line},
            field="decklist",
        )


def decklist_report(
    *, game: str, format_id: int | None, on: dt.date | None, data: str | bytes, fmt: str
) -> LegalityReport:
    """The legality report of a decklist against the game's cards and the format's ban lists."""
    source_format = decklist_format(fmt)
    decklist_refuse_unencodable(data=data, fmt=source_format)
    index = card_index_for_game(game=game)
    rules = format_rules_get(format_id=format_id, game=game)
    return check_decklist_text(data, index, rules, on=on, fmt=source_format)
