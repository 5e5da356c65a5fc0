"""Card definitions and the card catalogue (built from dicts in the shape of cards.json)."""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field

from judging.engine.core.errors import RecordError
from judging.engine.core.jsontypes import JSON

CHARACTER = "character"
ENCHANT = "enchant"
AREA_ENCHANT = "area_enchant"
CARD_TYPES = (CHARACTER, ENCHANT, AREA_ENCHANT)
UNKNOWN_CARD = "?"
"""A card whose identity is not in the record (hidden information in a judge's snapshot)."""


@dataclass(frozen=True, slots=True)
class CardDef:
    """What the engine needs of a printed card; ``send_to_power`` None = no SEND TO POWER."""

    id: str
    pack: str
    number: int
    name: str
    name_ja: str
    type: str
    clock: int
    attack_night: int | None
    attack_day: int | None
    power_cost: int
    send_to_power: int | None
    has_effect: bool
    element: str = ""
    """``darkness``, ``flame``, ``electric``, ``wind`` or ``chaos`` ("" if the data has none)."""
    effect_sha256: str = ""
    """The sha256 (hex) of the card's ``effect_ja`` ("" without one): the effect encoding is used
    only for the text it was written from (``cardeffects``)."""
    song_ja: str = ""
    """The card's song (``song_ja``, "" if none): a "（song）" in its text is this song, and a card
    is of a song when its name carries "（song）" (Q47)."""

    @property
    def is_character(self) -> bool:
        return self.type == CHARACTER

    @property
    def power(self) -> int:
        """This card's contribution to total power while in a power charger (3.4, 9.1.1)."""
        return self.send_to_power or 0


def _int(card: Mapping[str, JSON], field: str, path: str, *, optional: bool = False) -> int | None:
    value = card.get(field)
    if value is None and optional:
        return None
    if not isinstance(value, int) or isinstance(value, bool) or value < 0:
        raise RecordError(f"{path}.{field}", "must be a whole number of 0 or more")
    return value


def _str(card: Mapping[str, JSON], field: str, path: str, default: str | None = None) -> str:
    value = card.get(field, default)
    if not isinstance(value, str) or not value:
        raise RecordError(f"{path}.{field}", "must be a non-empty string")
    return value


def card_from_dict(card: Mapping[str, JSON], path: str = "card") -> CardDef:
    """Read one card object in the cards.json shape; RecordError names the bad field."""
    card_id = _str(card, "id", path)
    card_type = _str(card, "type", path)
    if card_type not in CARD_TYPES:
        raise RecordError(f"{path}.type", f"must be one of {', '.join(CARD_TYPES)}")
    attack_night = _int(card, "attack_night", path, optional=card_type != CHARACTER)
    attack_day = _int(card, "attack_day", path, optional=card_type != CHARACTER)
    number = card.get("number", 0)
    if not isinstance(number, int) or isinstance(number, bool):
        raise RecordError(f"{path}.number", "must be a whole number")
    name = card.get("name_en") or card.get("name") or card_id
    name_ja = card.get("name_ja") or name
    has_effect = card.get("has_effect", False)
    element = card.get("element") or ""
    effect_ja = card.get("effect_ja")
    song_ja = card.get("song_ja") or ""
    sha = (
        hashlib.sha256(effect_ja.encode("utf-8")).hexdigest() if isinstance(effect_ja, str) else ""
    )
    return CardDef(
        id=card_id,
        pack=_str(card, "pack", path, default=card_id.split("_")[0]),
        number=number,
        name=name if isinstance(name, str) else card_id,
        name_ja=name_ja if isinstance(name_ja, str) else card_id,
        type=card_type,
        clock=_int(card, "clock", path) or 0,
        attack_night=attack_night,
        attack_day=attack_day,
        power_cost=_int(card, "power_cost", path) or 0,
        send_to_power=_int(card, "send_to_power", path, optional=True),
        has_effect=bool(has_effect),
        element=element if isinstance(element, str) else "",
        effect_sha256=sha if effect_ja else "",
        song_ja=song_ja if isinstance(song_ja, str) else "",
    )


@dataclass(frozen=True, slots=True)
class CardCatalogue:
    """The cards a replay may use, by id. Build it with ``from_dicts`` (cards.json shape)."""

    cards: tuple[CardDef, ...] = ()
    _by_id: Mapping[str, CardDef] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "_by_id", {card.id: card for card in self.cards})

    @classmethod
    def from_dicts(cls, cards: Iterable[Mapping[str, JSON]], path: str = "cards") -> CardCatalogue:
        """Build from card objects (e.g. rows of cards.json or the database); RecordError if bad."""
        return cls(tuple(card_from_dict(c, f"{path}[{i}]") for i, c in enumerate(cards)))

    def by_id(self) -> Mapping[str, CardDef]:
        return self._by_id

    def get(self, card_id: str) -> CardDef | None:
        return self.by_id().get(card_id)

    def __contains__(self, card_id: object) -> bool:
        return isinstance(card_id, str) and card_id in self.by_id()

    def merged(self, extra: CardCatalogue) -> CardCatalogue:
        """This catalogue with ``extra``'s cards added (extra wins on the same id)."""
        if not extra.cards:
            return self
        ids = {card.id for card in extra.cards}
        return CardCatalogue(tuple(c for c in self.cards if c.id not in ids) + extra.cards)
