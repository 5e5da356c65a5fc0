"""ZTRIKE deck rules, from the Official ZTRIKE Rules ("Things You Need To Play", "Game cards").

Rule keys are the stable citation keys the ZTRIKE engine cites too
(``judging.engine.ztrike.rules``), so a deck error and a ruling name a rule alike:
``ztr.deck.size`` ("The amount of cards you need is 36 cards."), ``ztr.deck.copies`` ("up to 2
copies of the same Card ID"), ``ztr.deck.banned`` ("Some cards are Banned or Limited-(X)") and
``ztr.colors`` ("The ZTRIKE card is unique and can only have 1 copy of this card in your deck.").
"""

from __future__ import annotations

from datetime import date

from cardpool.legality.checks_common import (
    ResolvedDeck,
    card_names,
    check_ban_list,
    check_copy_limit,
    check_resolved,
    check_size,
)
from cardpool.legality.messages import issue
from cardpool.legality.types import (
    CardIndex,
    Decklist,
    FormatRules,
    LegalityIssue,
    Severity,
    ZtrikeCard,
    ZtrikeColour,
)

DECK_SIZE = 36
COPY_LIMIT = 2
ZTRIKE_CARD_LIMIT = 1
#: TA-06: one copy per ZTRIKE Card ID (the default) or one ZTRIKE card in a deck in total.
ZTRIKE_READINGS = ("PER_ID", "IN_TOTAL")
RULE_SIZE = "ztr.deck.size"
RULE_COPIES = "ztr.deck.copies"
RULE_BANNED = "ztr.deck.banned"
RULE_ZTRIKE_CARD = "ztr.colors"


def check_deck_size(deck: ResolvedDeck) -> tuple[LegalityIssue, ...]:
    """ztr.deck.size: a constructed deck is exactly 36 cards (ambiguity TA-05 of
    ``judging.engine.ztrike.profile``)."""
    return check_size(deck, code="ztrike.deck_size", rule=RULE_SIZE, required=DECK_SIZE)


def check_copies(deck: ResolvedDeck) -> tuple[LegalityIssue, ...]:
    """ztr.deck.copies: at most 2 copies of the same Card ID."""
    return check_copy_limit(deck, code="ztrike.too_many_copies", rule=RULE_COPIES, limit=COPY_LIMIT)


def check_ztrike_cards(deck: ResolvedDeck, *, reading: str = "PER_ID") -> tuple[LegalityIssue, ...]:
    """ztr.colors, read as the ambiguity register settles it (TA-06,
    ``judging.engine.ztrike.profile``):
    "The ZTRIKE card is unique and can only have 1 copy of this card in your deck". Two copies
    of one ZTRIKE Card ID break the sentence: an error. Two different ZTRIKE Card IDs may or
    may not ("one ZTRIKE card in total" is the other reading): under ``reading="PER_ID"`` (the
    default) a warning that says so, under ``reading="IN_TOTAL"`` an error."""
    if reading not in ZTRIKE_READINGS:
        raise ValueError(f"TA-06 must be one of {', '.join(ZTRIKE_READINGS)}")
    found = [
        (card, n)
        for card, n in deck.cards
        if isinstance(card, ZtrikeCard) and card.colour is ZtrikeColour.ZTRIKE
    ]
    issues: list[LegalityIssue] = []
    for card, n in found:
        if n > ZTRIKE_CARD_LIMIT:
            issues.append(
                issue(
                    "ztrike.ztrike_card_copies",
                    rule=RULE_ZTRIKE_CARD,
                    cards=(card.id,),
                    count=n,
                    names=card_names([card]),
                    names_ja=card_names([card], "ja"),
                )
            )
    if len(found) > 1:
        total = reading == "IN_TOTAL"
        issues.append(
            issue(
                "ztrike.ztrike_card_total" if total else "ztrike.ztrike_card_count",
                rule=RULE_ZTRIKE_CARD,
                severity=Severity.ERROR if total else Severity.WARNING,
                cards=tuple(c.id for c, _n in found),
                count=len(found),
                names=card_names([c for c, _n in found]),
                names_ja=card_names([c for c, _n in found], "ja"),
            )
        )
    return tuple(issues)


def check_ztrike(
    deck: Decklist,
    index: CardIndex,
    rules: FormatRules | None = None,
    *,
    on: date | None = None,
    ztrike_reading: str = "PER_ID",
) -> tuple[LegalityIssue, ...]:
    """Every ZTRIKE issue of ``deck``; bans come from ``rules``' list in force on the day ``on``;
    ``ztrike_reading`` is the event's choice for TA-06 (``PER_ID`` or ``IN_TOTAL``)."""
    return check_resolved(
        deck,
        index,
        check_deck_size,
        check_copies,
        lambda resolved: check_ztrike_cards(resolved, reading=ztrike_reading),
        lambda resolved: check_ban_list(resolved, rules, on, RULE_BANNED),
    )
