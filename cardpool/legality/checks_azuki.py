"""Azuki TCG deck rules, from the official rules FAQ, section "Deck building".

Rule keys are the stable citation keys the Azuki TCG engine cites too
(``judging.engine.azuki.rules``), so a deck error and a ruling name a rule alike:

* ``azk.deck.legal`` — "One leader, one Gate and exactly 50 entities, spells and weapons, plus
  10 IKZ and an IKZ token. The Gate and the 50 must match your leader's element or be Neutral.
  A leader with two elements can use a Gate of either."
* ``azk.deck.copies`` — "Up to four of each card number. Alternate art counts toward the same
  four. Two cards with the same name but different numbers are different cards."
* ``azk.deck.dual`` — a dual-element leader allows cards of either printed element plus Neutral.
* ``azk.deck.banned`` — "Rushfire Gate is banned in constructed play."
"""

from __future__ import annotations

from datetime import date
from functools import cache

from cardpool.legality.checks_common import (
    ResolvedDeck,
    check_ban_list,
    check_copy_limit,
    check_resolved,
)
from cardpool.legality.messages import issue
from cardpool.legality.types import (
    AZUKI_MAIN_TYPES,
    AZUKI_NEUTRAL,
    AzukiCard,
    AzukiCardType,
    BanEntry,
    BanList,
    CardIndex,
    CardRef,
    Decklist,
    FormatRules,
    Game,
    LegalityIssue,
)

MAIN_DECK_SIZE = 50
IKZ_CARDS = 10
IKZ_TOKENS = 1
COPY_LIMIT = 4
RULE_LEGAL = "azk.deck.legal"
RULE_COPIES = "azk.deck.copies"
RULE_DUAL = "azk.deck.dual"
RULE_BANNED = "azk.deck.banned"


@cache
def azuki_constructed_rules() -> FormatRules:
    """The constructed format as the FAQ states it: Rushfire Gate banned, no other list.

    The FAQ gives no date, so the list is in force from ``date.min``. Rushfire Gate is matched
    by name, since its card number is not in our card data.
    """
    return FormatRules(
        game=Game.AZUKI,
        name="Azuki TCG constructed (rules FAQ)",
        ban_lists=(
            BanList(
                effective=date.min,
                entries=(BanEntry("Rushfire Gate", 0),),
                name="Azuki TCG rules FAQ",
            ),
        ),
    )


def _of_type(deck: ResolvedDeck, *types: AzukiCardType) -> list[tuple[AzukiCard, int]]:
    return [
        (card, n)
        for card, n in deck.cards
        if isinstance(card, AzukiCard) and card.card_type in types
    ]


def check_leader_count(deck: ResolvedDeck) -> tuple[LegalityIssue, ...]:
    """azk.deck.legal: exactly one leader."""
    leaders = _of_type(deck, AzukiCardType.LEADER)
    count = sum(n for _c, n in leaders)
    if count == 1:
        return ()
    return (
        issue(
            "azuki.leader_count",
            rule=RULE_LEGAL,
            cards=tuple(c.id for c, _n in leaders),
            count=count,
        ),
    )


def check_gate_count(deck: ResolvedDeck) -> tuple[LegalityIssue, ...]:
    """azk.deck.legal: exactly one Gate."""
    gates = _of_type(deck, AzukiCardType.GATE)
    count = sum(n for _c, n in gates)
    if count == 1:
        return ()
    return (
        issue(
            "azuki.gate_count", rule=RULE_LEGAL, cards=tuple(c.id for c, _n in gates), count=count
        ),
    )


def check_main_deck_size(deck: ResolvedDeck) -> tuple[LegalityIssue, ...]:
    """azk.deck.legal: exactly 50 entities, spells and weapons."""
    count = sum(n for _c, n in _of_type(deck, *AZUKI_MAIN_TYPES))
    if count == MAIN_DECK_SIZE:
        return ()
    return (issue("azuki.main_deck_size", rule=RULE_LEGAL, count=count, required=MAIN_DECK_SIZE),)


def check_ikz_count(deck: ResolvedDeck) -> tuple[LegalityIssue, ...]:
    """azk.deck.legal: 10 IKZ cards and one IKZ token."""
    issues: list[LegalityIssue] = []
    for card_type, required, key in (
        (AzukiCardType.IKZ, IKZ_CARDS, "azuki.ikz_count"),
        (AzukiCardType.IKZ_TOKEN, IKZ_TOKENS, "azuki.ikz_token_count"),
    ):
        found = _of_type(deck, card_type)
        count = sum(n for _c, n in found)
        if count != required:
            issues.append(
                issue(
                    key,
                    rule=RULE_LEGAL,
                    cards=tuple(c.id for c, _n in found),
                    count=count,
                    required=required,
                )
            )
    return tuple(issues)


def allowed_elements(deck: ResolvedDeck) -> frozenset[str] | None:
    """The elements the deck's one leader allows (its own plus Neutral); None without one leader."""
    leaders = _of_type(deck, AzukiCardType.LEADER)
    if len(leaders) != 1 or leaders[0][1] != 1:
        return None
    return frozenset(leaders[0][0].elements) | {AZUKI_NEUTRAL}


def check_elements(deck: ResolvedDeck) -> tuple[LegalityIssue, ...]:
    """azk.deck.legal / azk.deck.dual: Gate and main cards match the leader's element(s) or Neutral.

    A card with two printed elements must have both allowed (our reading; the FAQ only speaks
    of dual-element leaders). Skipped when the deck has no single leader: that is already a
    ``leader_count`` error, and there is no element to compare with.
    """
    allowed = allowed_elements(deck)
    if allowed is None:
        return ()
    leader = _of_type(deck, AzukiCardType.LEADER)[0][0]
    rule = RULE_DUAL if len(set(leader.elements) - {AZUKI_NEUTRAL}) > 1 else RULE_LEGAL
    issues: list[LegalityIssue] = []
    for card, _n in _of_type(deck, AzukiCardType.GATE, *AZUKI_MAIN_TYPES):
        if set(card.elements) <= allowed:
            continue
        issues.append(
            issue(
                "azuki.element_mismatch",
                rule=rule,
                cards=(card.id, leader.id),
                name=card.name,
                card=card.id,
                card_elements="/".join(card.elements) or "-",
                allowed=", ".join(sorted(allowed)),
            )
        )
    return tuple(issues)


def _counts_toward_limit(card: CardRef) -> bool:
    return isinstance(card, AzukiCard) and card.card_type in AZUKI_MAIN_TYPES


def check_copies(deck: ResolvedDeck) -> tuple[LegalityIssue, ...]:
    """azk.deck.copies: at most 4 per card number; alternate arts share their number's four.

    Leader and Gate are limited to one by ``azk.deck.legal``; IKZ cards are exempt (10 needed).
    """
    return check_copy_limit(
        deck, code="azuki.too_many_copies", rule=RULE_COPIES, limit=COPY_LIMIT,
        counted=_counts_toward_limit,
    )  # fmt: skip


def check_banned(
    deck: ResolvedDeck, rules: FormatRules | None, on: date | None
) -> tuple[LegalityIssue, ...]:
    """azk.deck.banned: the format's list in force ``on``, plus, in constructed play, the FAQ's
    own ban (Rushfire Gate), so a format list that forgets it cannot lift it."""
    issues = check_ban_list(deck, rules, on, RULE_BANNED)
    if rules is None or rules.constructed:
        seen = {(i.code, i.cards) for i in issues}
        faq = check_ban_list(deck, azuki_constructed_rules(), None, RULE_BANNED)
        issues += tuple(i for i in faq if (i.code, i.cards) not in seen)
    return issues


def check_azuki(
    deck: Decklist,
    index: CardIndex,
    rules: FormatRules | None = None,
    *,
    on: date | None = None,
) -> tuple[LegalityIssue, ...]:
    """Every Azuki TCG issue of ``deck``, bans from ``rules`` (on ``on``) and the FAQ."""
    return check_resolved(
        deck,
        index,
        check_leader_count,
        check_gate_count,
        check_main_deck_size,
        check_ikz_count,
        check_elements,
        check_copies,
        lambda resolved: check_banned(resolved, rules, on),
    )
