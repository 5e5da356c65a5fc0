"""Reading card records (JSON or CSV) into validated field values, before anything is stored.

JSON: a list of objects in the shape of the shared ``data/<game>/cards.json`` files
(or ``{"cards": [...]}``). CSV: a header row naming the same keys; list values (``elements``,
``keywords``, ``subtypes``) are separated by ``|``; an empty cell is "absent".

Required keys per game:

- ``zutomayo``: id, pack, number, name_ja (or name), type, element, clock, power_cost, rarity;
  characters also attack_night and attack_day. ``send_to_power`` absent or empty means *no*
  SEND TO POWER, which is not the same as 0.
- ``azuki``: id, set, name, card_type, element (``fire|water`` for two elements).
- ``ztrike``: id, name, colour, power (0-10), victory_points; optional set, bonus
  (none|battle|win|lose), bonus_text.

Every problem names the record (its position and id) and the field.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

ZUTOMAYO_TYPES = ("character", "enchant", "area_enchant")
ZUTOMAYO_ELEMENTS = ("darkness", "flame", "electric", "wind", "chaos")
AZUKI_TYPES = ("leader", "gate", "entity", "weapon", "spell", "ikz")
AZUKI_ELEMENTS = (
    "fire",
    "water",
    "earth",
    "lightning",
    "wind",
    "neutral",
    "normal",
    "light",
    "dark",
)
ZTRIKE_COLOURS = ("red", "blue", "green", "generic", "ztrike")
ZTRIKE_BONUSES = ("none", "battle", "win", "lose")
MAX_RECORDS = 20_000


class CardRecordError(ValueError):
    """One or more records are unusable; ``problems`` lists each, naming record and field."""

    def __init__(self, problems: Sequence[str]) -> None:
        self.problems = tuple(problems)
        shown = "; ".join(self.problems[:10])
        more = f" (and {len(self.problems) - 10} more)" if len(self.problems) > 10 else ""
        super().__init__(f"{len(self.problems)} problem(s): {shown}{more}")


@dataclass(frozen=True)
class CardValues:
    """One validated card: its set, and the model field values to store."""

    code: str
    set_code: str
    set_name: str
    values: Mapping[str, Any] = field(default_factory=dict)


class _Record:
    """Reads typed fields from one raw record, collecting problems instead of raising."""

    def __init__(self, raw: Mapping[str, Any], where: str, problems: list[str]) -> None:
        self.raw = raw
        self.where = where
        self.problems = problems

    def _fail(self, key: str, message: str) -> None:
        self.problems.append(f"{self.where}, field '{key}': {message}")

    def present(self, key: str) -> bool:
        value = self.raw.get(key)
        return value is not None and value != ""

    def text(self, key: str, *, required: bool = False, max_length: int = 200) -> str:
        value = self.raw.get(key)
        if value is None or value == "":
            if required:
                self._fail(key, "is required")
            return ""
        if not isinstance(value, str):
            self._fail(key, f"expected text, got {type(value).__name__}")
            return ""
        value = value.strip()
        if len(value) > max_length:
            self._fail(key, f"longer than {max_length} characters")
        if required and not value:
            self._fail(key, "is required")
        return value

    def integer(
        self, key: str, *, required: bool = False, low: int = 0, high: int = 10_000
    ) -> int | None:
        value = self.raw.get(key)
        if value is None or value == "":
            if required:
                self._fail(key, "is required")
            return None
        if isinstance(value, str):
            try:
                value = int(value.strip())
            except ValueError:
                self._fail(key, f"expected a whole number, got {self.raw.get(key)!r}")
                return None
        if isinstance(value, bool) or not isinstance(value, int):
            self._fail(key, f"expected a whole number, got {value!r}")
            return None
        if not low <= value <= high:
            self._fail(key, f"{value} is outside {low}..{high}")
            return None
        return value

    def choice(self, key: str, choices: Sequence[str], *, required: bool = True) -> str:
        value = self.text(key, required=required).lower()
        if value and value not in choices:
            self._fail(key, f"{value!r} is not one of {', '.join(choices)}")
            return ""
        return value

    def boolean(self, key: str, *, default: bool = False) -> bool:
        value = self.raw.get(key)
        if value is None or value == "":
            return default
        if isinstance(value, bool):
            return value
        if isinstance(value, str) and value.strip().lower() in {"true", "1", "yes"}:
            return True
        if isinstance(value, str) and value.strip().lower() in {"false", "0", "no"}:
            return False
        self._fail(key, f"expected true or false, got {value!r}")
        return default

    def string_list(self, key: str) -> list[str]:
        value = self.raw.get(key)
        if value is None or value == "":
            return []
        if isinstance(value, str):
            return [part.strip() for part in value.split("|") if part.strip()]
        if isinstance(value, list) and all(isinstance(item, str) for item in value):
            return [item.strip() for item in value]
        self._fail(key, "expected a list of text")
        return []

    def json_list(self, key: str) -> list[Any]:
        value = self.raw.get(key)
        if value is None or value == "":
            return []
        if isinstance(value, str):
            try:
                value = json.loads(value)
            except json.JSONDecodeError:
                self._fail(key, "expected a JSON list")
                return []
        if not isinstance(value, list):
            self._fail(key, "expected a list")
            return []
        return value


def _zutomayo(rec: _Record) -> CardValues:
    code = rec.text("id", required=True, max_length=40)
    pack = rec.text("pack", required=True, max_length=30)
    card_type = rec.choice("type", ZUTOMAYO_TYPES)
    is_character = card_type == "character"
    name_ja = rec.text("name_ja")
    name_en = rec.text("name_en")
    name = rec.text("name") or name_en or name_ja
    if not name:
        rec._fail("name", "a card needs a name (name, name_en or name_ja)")
    attack_night = rec.integer("attack_night", required=is_character, high=999)
    attack_day = rec.integer("attack_day", required=is_character, high=999)
    if not is_character and (attack_night is not None or attack_day is not None):
        rec._fail("attack_night", f"a {card_type or 'non-character'} card has no attack")
    values = {
        "number": rec.integer("number", required=True, low=1, high=9999),
        "number_printed": rec.text("number_printed", max_length=20),
        "name": name,
        "name_en": name_en,
        "name_ja": name_ja,
        "card_type": card_type,
        "element": rec.choice("element", ZUTOMAYO_ELEMENTS),
        "clock": rec.integer("clock", required=True, high=17),
        "attack_night": attack_night,
        "attack_day": attack_day,
        "power_cost": rec.integer("power_cost", required=True, high=99),
        "send_to_power": rec.integer("send_to_power", high=99),
        "rarity": rec.text("rarity", required=True, max_length=10),
        "has_effect": rec.boolean("has_effect", default=bool(rec.raw.get("effect_ja"))),
        "effect_en": rec.text("effect", max_length=4000),
        "effect_ja": rec.text("effect_ja", max_length=4000),
        "errata": rec.json_list("errata"),
        "extra": {
            key: rec.raw[key]
            for key in ("song_ja", "illustrator", "text_sources", "notes")
            if rec.raw.get(key) not in (None, "", [])
        },
    }
    values["elements"] = [values["element"]] if values["element"] else []
    return CardValues(code=code, set_code=pack, set_name=rec.text("pack_name"), values=values)


def _azuki(rec: _Record) -> CardValues:
    code = rec.text("id", required=True, max_length=40)
    set_code = rec.text("set", required=True, max_length=30)
    raw_elements = rec.string_list("element") if rec.present("element") else []
    if not raw_elements:
        rec._fail("element", "is required")
    elements = [element.lower() for element in raw_elements]
    for element in elements:
        if element not in AZUKI_ELEMENTS:
            rec._fail("element", f"{element!r} is not one of {', '.join(AZUKI_ELEMENTS)}")
    values = {
        "name": rec.text("name", required=True),
        "name_en": rec.text("name"),
        "card_type": rec.choice("card_type", AZUKI_TYPES),
        "elements": elements,
        "element": "|".join(elements),
        "ikz_cost": rec.integer("ikz_cost", high=99),
        "attack": rec.integer("attack", low=-99, high=999),
        "health": rec.integer("health", low=-99, high=999),
        "gate_points": rec.integer("gate_points", low=-99, high=99),
        "rarity": rec.text("rarity", max_length=10),
        "subtypes": rec.string_list("subtypes"),
        "keywords": rec.string_list("keywords"),
        "variants": rec.json_list("variants"),
        "effect_en": rec.text("effect", max_length=4000),
        "has_effect": bool(rec.raw.get("effect")),
        "extra": {
            key: rec.raw[key]
            for key in ("starter_deck_copies", "source", "notes")
            if rec.raw.get(key) not in (None, "", [])
        },
    }
    return CardValues(code=code, set_code=set_code, set_name=rec.text("set_name"), values=values)


def _ztrike(rec: _Record) -> CardValues:
    code = rec.text("id", required=True, max_length=40)
    colour = rec.choice("colour", ZTRIKE_COLOURS)
    values = {
        "name": rec.text("name", required=True),
        "name_en": rec.text("name"),
        "card_type": "ztrike_card",
        "colour": colour,
        "element": colour,
        "elements": [colour] if colour else [],
        "power": rec.integer("power", required=True, high=10),
        "bonus": rec.choice("bonus", ZTRIKE_BONUSES, required=False) or "none",
        "bonus_text": rec.text("bonus_text", max_length=2000),
        "victory_points": rec.integer("victory_points", required=True, low=-99, high=99),
        "rarity": rec.text("rarity", max_length=10),
    }
    return CardValues(
        code=code,
        set_code=rec.text("set") or "ZTRIKE",
        set_name=rec.text("set_name"),
        values=values,
    )


READERS: dict[str, Callable[[_Record], CardValues]] = {
    "zutomayo": _zutomayo,
    "azuki": _azuki,
    "ztrike": _ztrike,
}


def records_from_text(text: str, *, filename: str) -> list[Mapping[str, Any]]:
    """Raw records from a JSON or CSV file's text (chosen by the file name's ending)."""
    if "\x00" in text:
        raise CardRecordError([f"{filename}: binary data, not a JSON or CSV text file"])
    if filename.lower().endswith(".csv"):
        reader = csv.DictReader(io.StringIO(text))
        if not reader.fieldnames:
            raise CardRecordError([f"{filename}: the CSV file has no header row"])
        return [dict(row) for row in reader]
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise CardRecordError(
            [f"{filename}: not valid JSON (line {exc.lineno}, column {exc.colno}: {exc.msg})"]
        ) from exc
    if isinstance(data, dict) and isinstance(data.get("cards"), list):
        data = data["cards"]
    if not isinstance(data, list):
        raise CardRecordError([f"{filename}: expected a list of card objects"])
    return data


def validate_records(game: str, records: Sequence[object]) -> list[CardValues]:
    """Validate every record; raise CardRecordError listing every problem, or return them all."""
    if game not in READERS:
        raise CardRecordError([f"game {game!r} is not one of {', '.join(READERS)}"])
    if not records:
        raise CardRecordError(["the file holds no card records"])
    if len(records) > MAX_RECORDS:
        raise CardRecordError([f"{len(records)} records is more than {MAX_RECORDS}"])
    problems: list[str] = []
    cards: list[CardValues] = []
    seen: dict[str, int] = {}
    for index, raw in enumerate(records, start=1):
        if not isinstance(raw, Mapping):
            problems.append(f"record {index}: expected an object, got {type(raw).__name__}")
            continue
        label = raw.get("id")
        where = f"record {index} (id {label!r})" if label else f"record {index}"
        rec = _Record(raw, where, problems)
        card = READERS[game](rec)
        if card.code in seen:
            problems.append(f"{where}, field 'id': duplicate of record {seen[card.code]}")
        seen[card.code] = index
        cards.append(card)
    if problems:
        raise CardRecordError(problems)
    return cards
