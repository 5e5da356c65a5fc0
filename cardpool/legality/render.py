"""A decklist as people read it: cards grouped the way each game sorts a deck, with names.

Groups
------
ZUTOMAYO CARD
    ``character``, ``enchant``, ``area_enchant`` (the card types).
Azuki TCG
    ``leader``, ``gate``, ``main`` (entities, weapons and spells: the 50-card main deck),
    ``ikz`` (IKZ cards and the IKZ token).
ZTRIKE
    the card's colour: ``red``, ``blue``, ``green``, ``generic``, ``ztrike``.

``render_named`` writes the list as text that ``parse_text`` reads back to the same cards:
each group under a comment heading (``# Characters (12)``, which the parser skips), each card
as ``count name``; a card whose name, as written, would not read back as that one card (a name
shared by several cards, a name with a comment mark in it) is written by its id, with its name
after it as a comment (``2 1st_7  # name``) so that people still read the name.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from cardpool.legality.parser import parse_text
from cardpool.legality.types import (
    AZUKI_MAIN_TYPES,
    AzukiCard,
    AzukiCardType,
    CardIndex,
    CardRef,
    Decklist,
    Game,
    ZutomayoCard,
)

__all__ = ["GROUPS", "GroupedDeck", "card_group", "card_name", "group_deck", "render_named"]

#: The groups of each game, in the order a decklist lists them.
GROUPS: dict[Game, tuple[str, ...]] = {
    Game.ZUTOMAYO: ("character", "enchant", "area_enchant"),
    Game.AZUKI: ("leader", "gate", "main", "ikz"),
    Game.ZTRIKE: ("red", "blue", "green", "generic", "ztrike"),
}


def card_group(card: CardRef) -> str:
    """The group ``card`` is listed under (see the module docstring)."""
    if isinstance(card, ZutomayoCard):
        return str(card.type)
    if isinstance(card, AzukiCard):
        if card.card_type in AZUKI_MAIN_TYPES:
            return "main"
        if card.card_type in (AzukiCardType.IKZ, AzukiCardType.IKZ_TOKEN):
            return "ikz"
        return str(card.card_type)
    return str(card.colour)


def card_name(card: CardRef, language: str) -> str:
    """The card's name in ``language`` (ZUTOMAYO cards have both; a missing one falls back)."""
    if isinstance(card, ZutomayoCard):
        return card.name_ja if language == "ja" else card.name
    return card.name


@dataclass(frozen=True, slots=True)
class GroupedDeck:
    """``groups``: (group, ((card, count), ...)) in the game's order, empty groups left out;
    ``unknown``: (id, count) of ids the index does not have (a card removed from the pool)."""

    groups: tuple[tuple[str, tuple[tuple[CardRef, int], ...]], ...]
    unknown: tuple[tuple[str, int], ...]


def group_deck(counts: dict[str, int], index: CardIndex) -> GroupedDeck:
    """The cards of ``counts`` (id -> copies, in list order) by group, each group in list order."""
    by_group: dict[str, list[tuple[CardRef, int]]] = {}
    unknown: list[tuple[str, int]] = []
    for card_id, count in counts.items():
        card = index.get(card_id)
        if card is None:
            unknown.append((card_id, count))
            continue
        by_group.setdefault(card_group(card), []).append((card, count))
    order = GROUPS[index.game]
    keys = sorted(by_group, key=lambda g: order.index(g) if g in order else len(order))
    return GroupedDeck(
        groups=tuple((key, tuple(by_group[key])) for key in keys), unknown=tuple(unknown)
    )


def _reads_back(line: str, card: CardRef, index: CardIndex) -> bool:
    parsed = parse_text(line, index)
    return not parsed.issues and [e.card_id for e in parsed.decklist.entries] == [card.id]


def render_named(
    deck: Decklist,
    index: CardIndex,
    language: str,
    heading: Callable[[str, int], str] | None = None,
) -> str:
    """``deck`` as text with names in ``language``, grouped, that reads back to the same cards.

    ``heading(group, copies)`` gives each group's heading (without the ``#``); None writes none.
    """
    grouped = group_deck(deck.counts(), index)
    lines: list[str] = []
    for group, rows in grouped.groups:
        if heading is not None:
            lines.append(f"# {heading(group, sum(n for _c, n in rows))}")
        for card, count in rows:
            name = card_name(card, language)
            named = f"{count} {name}"
            lines.append(
                named if _reads_back(named, card, index) else f"{count} {card.id}  # {name}"
            )
    lines.extend(f"{count} {card_id}" for card_id, count in grouped.unknown)
    return "\n".join(lines) + "\n"
