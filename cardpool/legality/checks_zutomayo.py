"""ZUTOMAYO CARD deck rules (Ground Rules 1.0.1, section 4.1; clause 2.3.10.1).

The English ground rules are an unofficial translation; the Japanese start guide agrees on
both points: 「お互いのプレイヤーは20枚のデッキを用意します」 and
「収録パックが同じ、かつナンバーが同じカードは各デッキに２枚までしか入れられません」.
"""

from __future__ import annotations

from datetime import date

from cardpool.legality.checks_common import (
    FORMAT_BANLIST_RULE,
    ResolvedDeck,
    check_ban_list,
    check_copy_limit,
    check_resolved,
    check_size,
)
from cardpool.legality.messages import issue
from cardpool.legality.types import (
    CardIndex,
    CardRef,
    Decklist,
    FormatRules,
    LegalityIssue,
    Severity,
    ZutomayoCard,
    ZutomayoCardType,
)

DECK_SIZE = 20
COPY_LIMIT = 2
RULE_DECK_SIZE = "4.1.1"
RULE_COPIES = "4.1.2"
#: Not a deck-building rule: advice from the set-up step (4.2.6, Q&A Q1), so only a warning.
RULE_CHARACTERS = "4.2.6"


def check_deck_size(deck: ResolvedDeck) -> tuple[LegalityIssue, ...]:
    """4.1.1: a deck is exactly 20 cards (Q&A Q14: no more, no fewer)."""
    return check_size(deck, code="zutomayo.deck_size", rule=RULE_DECK_SIZE, required=DECK_SIZE)


def _pack_and_number(key: str, cards: list[CardRef]) -> dict[str, object]:
    first = cards[0]
    if isinstance(first, ZutomayoCard):
        return {"pack": first.pack, "number": first.number}
    return {"pack": key, "number": ""}


def check_copies(deck: ResolvedDeck) -> tuple[LegalityIssue, ...]:
    """4.1.2 / 2.3.10.1: at most 2 cards with the same pack and number.

    Rarity and name do not matter (2.3.8: rarity has no meaning; 2.1.2: a shared name does not
    make two cards the same), so the key is (pack, number).
    """
    return check_copy_limit(
        deck, code="zutomayo.too_many_copies", rule=RULE_COPIES, limit=COPY_LIMIT,
        place=_pack_and_number,
    )  # fmt: skip


def check_character_share(deck: ResolvedDeck) -> tuple[LegalityIssue, ...]:
    """Warning only: fewer than half of the cards are characters.

    No rule forbids it, but the set-up step (4.2.6) puts a card face down to fight with, and
    Q&A Q1 shows what happens when the hand holds no usable character.
    """
    if deck.size == 0:
        return ()
    characters = sum(
        n
        for card, n in deck.cards
        if isinstance(card, ZutomayoCard) and card.type is ZutomayoCardType.CHARACTER
    )
    if characters * 2 >= deck.size:
        return ()
    return (
        issue(
            "zutomayo.few_characters",
            rule=RULE_CHARACTERS,
            severity=Severity.WARNING,
            count=characters,
            size=deck.size,
        ),
    )


def check_zutomayo(
    deck: Decklist,
    index: CardIndex,
    rules: FormatRules | None = None,
    *,
    on: date | None = None,
) -> tuple[LegalityIssue, ...]:
    """Every ZUTOMAYO CARD issue of ``deck``: errors first, then warnings."""
    return check_resolved(
        deck,
        index,
        check_deck_size,
        check_copies,
        lambda resolved: check_ban_list(resolved, rules, on, FORMAT_BANLIST_RULE),
        check_character_share,
    )
