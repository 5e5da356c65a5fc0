"""Build a ``CardIndex`` from rows shaped like ``cards.json`` (the card data of each game).

The Django side feeds database rows converted to dicts; tests and benchmarks feed the JSON
files. Each loader checks every field it reads and raises ``CardDataError`` naming the row
(its position and id) and the field; it never guesses a missing value.

Shapes accepted (extra keys are ignored):

* ZUTOMAYO: ``id`` (optional: built as ``<pack>_<number>``), ``pack``, ``number`` (int),
  ``name_ja`` (or ``name``), ``name_en`` (null when unknown), ``type``
  (character | enchant | area_enchant), ``element``, ``clock``, ``attack_night``, ``attack_day``
  (null for non-characters), ``power_cost``, ``send_to_power`` (null = none, not 0), ``rarity``.
* Azuki: ``id``, ``set`` (optional: the id's prefix), ``name``, ``card_type`` (leader | gate |
  entity | weapon | spell | ikz | ikz_token), ``element`` (a string such as ``"water"`` or
  ``"lightning/water"``, or a list; ``"normal"`` means Neutral), ``ikz_cost``, ``attack``,
  ``health``, ``gate_points`` (int or null), ``keywords`` (list of strings), ``variants`` (list
  of ``{"rarity": ...}`` or strings), ``number`` (optional card number; defaults to ``id``).
  The IKZ token is ``card_type: "ikz_token"``, or ``"ikz"`` with ``"is_token": true``, or an
  ``ikz`` card whose name or variant image file says "token" or "extra" (the shared data names
  it "Extra IKZ Card", image ``…IKZ-Token…``).
* ZTRIKE: ``id`` (or ``card_id``), ``name``, ``colour`` (or ``color``: red | blue | green |
  generic | ztrike), ``power`` (0–10), ``bonus`` (string or null), ``victory_points`` (or ``vp``).
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Iterable, Mapping

from cardpool.legality.types import (
    AZUKI_NEUTRAL,
    AzukiCard,
    AzukiCardType,
    CardDataError,
    CardIndex,
    CardRef,
    Game,
    ZtrikeCard,
    ZtrikeColour,
    ZutomayoCard,
    ZutomayoCardType,
)

_MISSING = object()
_ELEMENT_SEPARATORS = re.compile(r"\s*(?:/|,|&|\+|\band\b)\s*")


class _Row:
    """Typed reads from one row; every failure names the row and the field."""

    def __init__(self, row: object, position: int) -> None:
        if not isinstance(row, Mapping):
            raise CardDataError(f"card {position}: expected an object, got {type(row).__name__}")
        self.row: Mapping[object, object] = row
        ident = row.get("id", row.get("card_id"))
        self.where = f"card {position}" + (f" ({ident})" if isinstance(ident, str) else "")

    def fail(self, field: str, problem: str) -> CardDataError:
        return CardDataError(f"{self.where}, field {field!r}: {problem}")

    def raw(self, field: str, default: object = _MISSING) -> object:
        value = self.row.get(field, default)
        if value is _MISSING:
            raise self.fail(field, "missing")
        return value

    def peek(self, field: str) -> object:
        return self.row.get(field, _MISSING)

    def text(self, field: str, default: object = _MISSING) -> str:
        value = self.raw(field, default)
        if not isinstance(value, str) or not value.strip():
            raise self.fail(field, f"expected a non-empty string, got {value!r}")
        return value.strip()

    def optional_text(self, field: str) -> str | None:
        value = self.raw(field, None)
        if value is None or (isinstance(value, str) and not value.strip()):
            return None
        if not isinstance(value, str):
            raise self.fail(field, f"expected a string or null, got {value!r}")
        return value.strip()

    def integer(self, field: str, default: object = _MISSING) -> int:
        value = self.raw(field, default)
        if isinstance(value, bool) or not isinstance(value, int):
            raise self.fail(field, f"expected an integer, got {value!r}")
        return value

    def optional_integer(self, field: str) -> int | None:
        value = self.raw(field, None)
        if value is None:
            return None
        return self.integer(field)

    def strings(self, field: str) -> tuple[str, ...]:
        value = self.raw(field, [])
        if value is None:
            return ()
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise self.fail(field, f"expected a list of strings, got {value!r}")
        return tuple(v for v in value if isinstance(v, str))


def zutomayo_card(row: object, position: int = 0) -> ZutomayoCard:
    """One ZUTOMAYO card from a dict (see the module docstring for the shape)."""
    r = _Row(row, position)
    pack = r.text("pack")
    number = r.integer("number")
    if number < 1:
        raise r.fail("number", f"must be 1 or more, got {number}")
    type_text = r.text("type")
    try:
        card_type = ZutomayoCardType(type_text)
    except ValueError:
        raise r.fail("type", f"unknown card type {type_text!r}") from None
    return ZutomayoCard(
        id=r.text("id", f"{pack}_{number}"),
        pack=pack,
        number=number,
        name_en=r.optional_text("name_en"),
        name_ja=r.text("name_ja", r.peek("name")),
        type=card_type,
        element=r.text("element"),
        clock=r.integer("clock"),
        attack_night=r.optional_integer("attack_night"),
        attack_day=r.optional_integer("attack_day"),
        power_cost=r.integer("power_cost"),
        send_to_power=r.optional_integer("send_to_power"),
        rarity=r.text("rarity"),
    )


def _azuki_elements(r: _Row) -> tuple[str, ...]:
    value = r.raw("element", r.peek("elements"))
    if isinstance(value, str):
        parts = _ELEMENT_SEPARATORS.split(value.strip().lower())
    elif isinstance(value, list) and all(isinstance(v, str) for v in value):
        parts = [v.strip().lower() for v in value if isinstance(v, str)]
    else:
        raise r.fail("element", f"expected a string or a list of strings, got {value!r}")
    elements = tuple(dict.fromkeys(AZUKI_NEUTRAL if p == "normal" else p for p in parts if p))
    if not elements:
        raise r.fail("element", "empty")
    return elements


def _azuki_variants(r: _Row) -> tuple[str, ...]:
    value = r.raw("variants", [])
    if value is None:
        return ()
    if not isinstance(value, list):
        raise r.fail("variants", f"expected a list, got {value!r}")
    labels: list[str] = []
    for item in value:
        if isinstance(item, str):
            labels.append(item)
        elif isinstance(item, Mapping) and isinstance(item.get("rarity"), str):
            labels.append(str(item["rarity"]))
        else:
            raise r.fail("variants", f"expected strings or objects with 'rarity', got {item!r}")
    return tuple(labels)


def _is_ikz_token(r: _Row, name: str) -> bool:
    flag = r.raw("is_token", None)
    if isinstance(flag, bool):
        return flag
    words = [name.lower()]
    variants = r.raw("variants", [])
    if isinstance(variants, list):
        words += [str(v.get("image_file", "")).lower() for v in variants if isinstance(v, Mapping)]
    return any("token" in w or "extra" in w for w in words)


def azuki_card(row: object, position: int = 0) -> AzukiCard:
    """One Azuki card from a dict (see the module docstring for the shape)."""
    r = _Row(row, position)
    card_id = r.text("id")
    name = r.text("name")
    type_text = r.text("card_type").lower()
    try:
        card_type = AzukiCardType(type_text)
    except ValueError:
        raise r.fail("card_type", f"unknown card type {type_text!r}") from None
    if card_type is AzukiCardType.IKZ and _is_ikz_token(r, name):
        card_type = AzukiCardType.IKZ_TOKEN
    return AzukiCard(
        id=card_id,
        set=r.text("set", card_id.rsplit("-", 1)[0]),
        name=name,
        card_type=card_type,
        elements=_azuki_elements(r),
        ikz_cost=r.optional_integer("ikz_cost"),
        attack=r.optional_integer("attack"),
        health=r.optional_integer("health"),
        gate_points=r.optional_integer("gate_points"),
        keywords=r.strings("keywords"),
        variants=_azuki_variants(r),
        number=r.text("number", card_id),
    )


def ztrike_card(row: object, position: int = 0) -> ZtrikeCard:
    """One ZTRIKE card from a dict (see the module docstring for the shape)."""
    r = _Row(row, position)
    colour_text = r.text("colour", r.peek("color")).lower()
    try:
        colour = ZtrikeColour(colour_text)
    except ValueError:
        raise r.fail("colour", f"unknown colour {colour_text!r}") from None
    power = r.integer("power")
    if not 0 <= power <= 10:
        raise r.fail("power", f"must be 0 to 10, got {power}")
    return ZtrikeCard(
        id=r.text("id", r.peek("card_id")),
        name=r.text("name"),
        colour=colour,
        power=power,
        bonus=r.optional_text("bonus"),
        victory_points=r.integer("victory_points", r.peek("vp")),
    )


_LOADERS: dict[Game, Callable[[object, int], CardRef]] = {
    Game.ZUTOMAYO: zutomayo_card,
    Game.AZUKI: azuki_card,
    Game.ZTRIKE: ztrike_card,
}


def load_card_index(game: Game | str, rows: Iterable[object]) -> CardIndex:
    """A ``CardIndex`` of ``game`` from dicts in the shape of ``cards.json``."""
    game = Game(game)
    load = _LOADERS[game]
    cards: list[CardRef] = [load(row, position) for position, row in enumerate(rows)]
    return CardIndex(game, tuple(cards))


def card_index_from_json(game: Game | str, text: str | bytes) -> CardIndex:
    """A ``CardIndex`` from the text of a ``cards.json`` file (a JSON list of objects)."""
    try:
        rows = json.loads(text)
    except (json.JSONDecodeError, UnicodeDecodeError) as error:
        raise CardDataError(f"card data is not valid JSON: {error}") from None
    if not isinstance(rows, list):
        raise CardDataError(f"card data must be a JSON list, got {type(rows).__name__}")
    return load_card_index(game, rows)
