"""Checks every game shares: resolving ids against the card index, copy limits, ban lists."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import date
from functools import lru_cache

from cardpool.legality.messages import issue
from cardpool.legality.names import normalize_name
from cardpool.legality.types import (
    BanList,
    CardIndex,
    CardRef,
    Decklist,
    FormatRules,
    Game,
    LegalityIssue,
)

#: The rule key of a format's own ban / limited list (ZUTOMAYO has no clause for it).
FORMAT_BANLIST_RULE = "format.banlist"
#: The rule key of problems that are about the card pool, not a game rule.
CARD_POOL_RULE = "card-pool"


@dataclass(frozen=True, slots=True)
class ResolvedDeck:
    """A decklist with its ids looked up: ``cards`` are (card, copies), ``unknown`` (id, copies)."""

    game: Game
    cards: tuple[tuple[CardRef, int], ...]
    unknown: tuple[tuple[str, int], ...]
    size: int


def resolve(deck: Decklist, index: CardIndex) -> ResolvedDeck:
    """Look up every id of ``deck`` in ``index`` (exact id first, then case/width-blind)."""
    if deck.game is not index.game:
        raise ValueError(f"a {deck.game} decklist cannot be checked against a {index.game} index")
    cards: list[tuple[CardRef, int]] = []
    unknown: list[tuple[str, int]] = []
    size = 0
    get = index.get
    for card_id, count in deck.counts().items():
        size += count
        card = get(card_id) or index.find_id(card_id)
        if card is None:
            unknown.append((card_id, count))
        else:
            cards.append((card, count))
    return ResolvedDeck(deck.game, tuple(cards), tuple(unknown), size)


#: One of a game's checks on a resolved deck.
ResolvedCheck = Callable[[ResolvedDeck], tuple[LegalityIssue, ...]]


def check_resolved(
    deck: Decklist, index: CardIndex, *checks: ResolvedCheck
) -> tuple[LegalityIssue, ...]:
    """``deck`` resolved against ``index``: its unknown ids first, then each of a game's
    ``checks`` in order (so every game reports in the same shape)."""
    resolved = resolve(deck, index)
    issues = check_unknown_cards(resolved)
    for check in checks:
        issues += check(resolved)
    return issues


def check_unknown_cards(deck: ResolvedDeck) -> tuple[LegalityIssue, ...]:
    """Every id that is not in the card pool is an ``unknown_card`` error."""
    return tuple(
        issue("unknown_card_id", rule=CARD_POOL_RULE, cards=(card_id,), card=card_id)
        for card_id, _count in deck.unknown
    )


def copies_by_key(
    deck: ResolvedDeck, counted: Callable[[CardRef], bool] | None = None
) -> dict[str, tuple[int, list[CardRef]]]:
    """Copies per copy key (pack+number, card number or Card ID), with the cards sharing it."""
    groups: dict[str, tuple[int, list[CardRef]]] = {}
    for card, count in deck.cards:
        if counted is not None and not counted(card):
            continue
        key = card.copy_key
        previous = groups.get(key)
        if previous is None:
            groups[key] = (count, [card])
        else:
            previous[1].append(card)
            groups[key] = (previous[0] + count, previous[1])
    return groups


def card_names(cards: list[CardRef] | tuple[CardRef, ...], language: str = "en") -> str:
    """The cards' names for a message: English (the first name), or Japanese (the last: a
    ZUTOMAYO card's Japanese name; games with one name give it in both)."""
    return ", ".join(dict.fromkeys(_display_name(c, language) for c in cards))


def _display_name(card: CardRef, language: str) -> str:
    return card.names[-1] if language == "ja" else card.names[0]


def check_ban_list(
    deck: ResolvedDeck, rules: FormatRules | None, on: date | None, rule: str
) -> tuple[LegalityIssue, ...]:
    """Cards over their limit on the list in force on ``on`` are ``banned`` / ``limited`` errors.

    An entry matches a card by id, by copy key (pack+number, card number) or by name, all
    compared like names, so an entry for a card number also covers its alternate arts.
    """
    if rules is None or not rules.ban_lists:
        return ()
    ban_list = rules.ban_list_on(on)
    if ban_list is None or not ban_list.entries:
        return ()
    return _apply_ban_list(deck, ban_list, rules.name, rule)


def _apply_ban_list(
    deck: ResolvedDeck, ban_list: BanList, format_name: str, rule: str
) -> tuple[LegalityIssue, ...]:
    issues: list[LegalityIssue] = []
    list_name = ban_list.name or format_name
    effective = ban_list.effective.isoformat()
    for entry in ban_list.entries:
        key = _entry_key(entry.card)
        matched = [(card, n) for card, n in deck.cards if key in _ban_keys(card)]
        count = sum(n for _card, n in matched)
        if count <= entry.limit:
            continue
        cards = tuple(dict.fromkeys(card.id for card, _n in matched))
        names = card_names([card for card, _n in matched])
        names_ja = card_names([card for card, _n in matched], "ja")
        if entry.limit == 0:
            issues.append(
                issue(
                    "banned",
                    rule=rule,
                    cards=cards,
                    names=names,
                    names_ja=names_ja,
                    list_name=list_name,
                    effective=effective,
                )
            )
        else:
            issues.append(
                issue(
                    "limited",
                    rule=rule,
                    cards=cards,
                    names=names,
                    names_ja=names_ja,
                    count=count,
                    limit=entry.limit,
                    list_name=list_name,
                    effective=effective,
                )
            )
    return tuple(issues)


@lru_cache(maxsize=4096)
def _entry_key(text: str) -> str:
    return normalize_name(text)


@lru_cache(maxsize=4096)
def _ban_keys(card: CardRef) -> frozenset[str]:
    """The keys a ban entry may use for ``card`` (cards are frozen, so this is cached)."""
    return frozenset(normalize_name(key) for key in (card.id, card.copy_key, *card.names))


def check_size(
    deck: ResolvedDeck, *, code: str, rule: str, required: int
) -> tuple[LegalityIssue, ...]:
    """A deck of exactly ``required`` cards, or the game's ``code`` error citing ``rule``."""
    if deck.size == required:
        return ()
    return (issue(code, rule=rule, count=deck.size, required=required),)


def check_copy_limit(
    deck: ResolvedDeck,
    *,
    code: str,
    rule: str,
    limit: int,
    counted: Callable[[CardRef], bool] | None = None,
    place: Callable[[str, list[CardRef]], dict[str, object]] | None = None,
) -> tuple[LegalityIssue, ...]:
    """Every copy key (``copies_by_key``) held more than ``limit`` times is the game's ``code``
    error citing ``rule``. ``place`` names the key in the message (default: ``number``, the key
    itself); ``counted`` leaves out cards the limit does not apply to."""
    issues: list[LegalityIssue] = []
    for key, (count, cards) in copies_by_key(deck, counted).items():
        if count <= limit:
            continue
        where = place(key, cards) if place is not None else {"number": key}
        issues.append(
            issue(
                code,
                rule=rule,
                cards=tuple(c.id for c in cards),
                count=count,
                **where,
                names=card_names(cards),
                names_ja=card_names(cards, "ja"),
                limit=limit,
            )
        )
    return tuple(issues)
