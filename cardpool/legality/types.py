"""Frozen value types of the legality package: cards, card index, decklists, formats, issues."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from datetime import date
from enum import StrEnum
from types import MappingProxyType
from typing import Any

from cardpool.legality.names import normalize_name


class Game(StrEnum):
    """The three games. The value is the stable slug used in data files and URLs."""

    ZUTOMAYO = "zutomayo"
    AZUKI = "azuki"
    ZTRIKE = "ztrike"


class Severity(StrEnum):
    ERROR = "error"
    WARNING = "warning"


class ZutomayoCardType(StrEnum):
    CHARACTER = "character"
    ENCHANT = "enchant"
    AREA_ENCHANT = "area_enchant"


class AzukiCardType(StrEnum):
    LEADER = "leader"
    GATE = "gate"
    ENTITY = "entity"
    WEAPON = "weapon"
    SPELL = "spell"
    IKZ = "ikz"
    IKZ_TOKEN = "ikz_token"  # noqa: S105 - a card type, not a password


#: Azuki card types that make up the 50-card main deck.
AZUKI_MAIN_TYPES = frozenset({AzukiCardType.ENTITY, AzukiCardType.WEAPON, AzukiCardType.SPELL})

#: The Azuki element that any leader allows ("normal" in the starter-deck data means the same).
AZUKI_NEUTRAL = "neutral"


class ZtrikeColour(StrEnum):
    RED = "red"
    BLUE = "blue"
    GREEN = "green"
    GENERIC = "generic"
    ZTRIKE = "ztrike"


@dataclass(frozen=True, slots=True)
class ZutomayoCard:
    """One ZUTOMAYO CARD card. ``send_to_power`` is None when the card has no SEND TO POWER.

    That is not the same as 0: a card without it goes to the abyss instead of the power charger.
    """

    id: str
    pack: str
    number: int
    name_en: str | None
    name_ja: str
    type: ZutomayoCardType
    element: str
    clock: int
    attack_night: int | None
    attack_day: int | None
    power_cost: int
    send_to_power: int | None
    rarity: str

    @property
    def name(self) -> str:
        return self.name_en or self.name_ja

    @property
    def names(self) -> tuple[str, ...]:
        return (self.name_ja,) if self.name_en is None else (self.name_en, self.name_ja)

    @property
    def copy_key(self) -> str:
        """Rules 2.3.10.1 / 4.1.2: the copy limit counts cards with the same pack and number."""
        return f"{self.pack}_{self.number}"


@dataclass(frozen=True, slots=True)
class AzukiCard:
    """One Azuki TCG card (one card number; alternate arts are listed in ``variants``).

    ``elements`` is lower case; Neutral is ``"neutral"``. A dual-element card has two.
    ``number`` is the card number the 4-copy limit counts (the id without an alternate-art suffix).
    """

    id: str
    set: str
    name: str
    card_type: AzukiCardType
    elements: tuple[str, ...]
    ikz_cost: int | None
    attack: int | None
    health: int | None
    gate_points: int | None
    keywords: tuple[str, ...]
    variants: tuple[str, ...]
    number: str = ""

    def __post_init__(self) -> None:
        if not self.number:
            object.__setattr__(self, "number", self.id)

    @property
    def names(self) -> tuple[str, ...]:
        return (self.name,)

    @property
    def copy_key(self) -> str:
        return self.number


@dataclass(frozen=True, slots=True)
class ZtrikeCard:
    """One ZTRIKE card. ``id`` is the opaque Card ID printed on the card."""

    id: str
    name: str
    colour: ZtrikeColour
    power: int
    bonus: str | None
    victory_points: int

    @property
    def names(self) -> tuple[str, ...]:
        return (self.name,)

    @property
    def copy_key(self) -> str:
        return self.id


#: Any card of any game.
CardRef = ZutomayoCard | AzukiCard | ZtrikeCard


class CardDataError(ValueError):
    """Card data that cannot be indexed: names the row and the field."""


@dataclass(frozen=True)
class CardIndex:
    """A snapshot of one game's card pool, looked up by id and by normalised name.

    Ids are matched case-insensitively after NFKC. Several cards may share a name
    (ZUTOMAYO rule 2.1.2), so a name maps to a tuple of cards.
    """

    game: Game
    cards: tuple[CardRef, ...]
    aliases: Mapping[str, str] = field(default_factory=dict, compare=False, repr=False)
    _by_id: Mapping[str, CardRef] = field(init=False, compare=False, repr=False)
    _by_key: Mapping[str, CardRef] = field(init=False, compare=False, repr=False)
    _by_name: Mapping[str, tuple[CardRef, ...]] = field(init=False, compare=False, repr=False)
    memo: dict[str, Any] = field(init=False, compare=False, repr=False, hash=False)
    """Caches the parser keeps per index (resolved card texts, a name index for suggestions)."""

    def __post_init__(self) -> None:
        by_id: dict[str, CardRef] = {}
        by_key: dict[str, CardRef] = {}
        by_name: dict[str, list[CardRef]] = {}
        for position, card in enumerate(self.cards):
            if card.id in by_id:
                raise CardDataError(f"card {position}: duplicate id {card.id!r}")
            by_id[card.id] = card
            by_key[id_key(card.id)] = card
            for name in dict.fromkeys(normalize_name(n) for n in card.names):
                by_name.setdefault(name, []).append(card)
        for alias, target in self.aliases.items():
            if target not in by_id:
                raise CardDataError(f"alias {alias!r}: unknown card id {target!r}")
            by_key.setdefault(id_key(alias), by_id[target])
        object.__setattr__(self, "_by_id", MappingProxyType(by_id))
        object.__setattr__(self, "_by_key", MappingProxyType(by_key))
        object.__setattr__(
            self, "_by_name", MappingProxyType({k: tuple(v) for k, v in by_name.items()})
        )
        object.__setattr__(self, "memo", {})

    def __len__(self) -> int:
        return len(self.cards)

    def get(self, card_id: str) -> CardRef | None:
        """The card with exactly this id (as stored), or None. The fast path for checks."""
        return self._by_id.get(card_id)

    def find_id(self, text: str) -> CardRef | None:
        """The card whose id (or alias) matches ``text`` ignoring case and width, or None."""
        return self._by_key.get(id_key(text))

    def find_name(self, text: str) -> tuple[CardRef, ...]:
        """Every card whose (English or Japanese) name matches ``text`` after normalisation."""
        return self._by_name.get(normalize_name(text), ())

    @property
    def normalized_names(self) -> tuple[str, ...]:
        return tuple(self._by_name)


def id_key(text: str) -> str:
    """The comparison key of a card id: NFKC, case-folded, no surrounding space."""
    return normalize_name(text).replace(" ", "")


@dataclass(frozen=True, slots=True)
class DeckEntry:
    """``count`` copies of the card ``card_id``. ``section`` and ``line`` come from the parser."""

    card_id: str
    count: int
    section: str | None = None
    line: int | None = field(default=None, compare=False)


@dataclass(frozen=True, slots=True)
class Decklist:
    game: Game
    entries: tuple[DeckEntry, ...]

    def counts(self) -> dict[str, int]:
        """Copies per card id, in order of first appearance (entries of one id are added up)."""
        totals: dict[str, int] = {}
        for entry in self.entries:
            totals[entry.card_id] = totals.get(entry.card_id, 0) + entry.count
        return totals

    @property
    def size(self) -> int:
        return sum(entry.count for entry in self.entries)


@dataclass(frozen=True, slots=True)
class BanEntry:
    """``card`` (an id, a card number or a card name) may appear at most ``limit`` times.

    ``limit == 0`` means banned; ``limit == N`` is "Limited-(N)".
    """

    card: str
    limit: int

    def __post_init__(self) -> None:
        if self.limit < 0:
            raise ValueError(f"ban entry {self.card!r}: limit must be 0 or more, not {self.limit}")


@dataclass(frozen=True, slots=True)
class BanList:
    """A ban / limited list that takes effect on ``effective``."""

    effective: date
    entries: tuple[BanEntry, ...]
    name: str = ""


@dataclass(frozen=True, slots=True)
class FormatRules:
    """A format of one game: its dated ban / limited lists."""

    game: Game
    name: str
    ban_lists: tuple[BanList, ...] = ()
    constructed: bool = True

    def ban_list_on(self, day: date | None) -> BanList | None:
        """The list in force on ``day``: the latest list dated on or before it.

        ``day=None`` means "the newest list"; pass the event date for an event.
        """
        candidates = [b for b in self.ban_lists if day is None or b.effective <= day]
        return max(candidates, key=lambda b: b.effective, default=None)


@dataclass(frozen=True, slots=True)
class LegalityIssue:
    """One problem with a decklist.

    ``code`` is stable (see ``IssueCode``); ``rule`` is the rule it comes from: a clause number
    such as ``"4.1.2"`` (ZUTOMAYO), a citation key such as ``"azk.deck.copies"`` or
    ``"ztr.deck.size"`` (the keys the rules engines cite too), ``"format.banlist"`` for a
    format's list, or ``"input"`` for a decklist that cannot be read. ``cards`` holds the card ids
    involved (or the text as typed, when it names no card). ``line`` and ``field`` say where
    in the input the problem is, when it comes from the parser. ``suggestions`` are what the
    player may have meant (card names with ids), ``suggestions_ja`` the same with Japanese names.
    """

    code: str
    rule: str
    message_en: str
    message_ja: str
    cards: tuple[str, ...] = ()
    severity: Severity = Severity.ERROR
    line: int | None = None
    field: str | None = None
    suggestions: tuple[str, ...] = ()
    suggestions_ja: tuple[str, ...] = ()

    def message(self, language: str) -> str:
        if language == "ja":
            return self.message_ja
        if language == "en":
            return self.message_en
        raise ValueError(f"language must be 'en' or 'ja', not {language!r}")

    def suggestions_in(self, language: str) -> tuple[str, ...]:
        """The suggestions in ``language`` (the English ones when none were given in Japanese)."""
        return self.suggestions_ja if language == "ja" and self.suggestions_ja else self.suggestions


@dataclass(frozen=True, slots=True)
class ParsedDecklist:
    """What the parser read (``decklist``) and everything wrong with the input (``issues``)."""

    decklist: Decklist
    issues: tuple[LegalityIssue, ...]

    @property
    def ok(self) -> bool:
        return not any(i.severity is Severity.ERROR for i in self.issues)
