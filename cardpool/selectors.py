"""Reads of the card pool: search, one card, and snapshots for the pure legality checker."""

from __future__ import annotations

from dataclasses import dataclass

from django.db.models import QuerySet

from cardpool.legality.names import normalize_name
from cardpool.models import Card, CardRevision


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
