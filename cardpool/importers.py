"""Reading card records (JSON or CSV) into validated field values, before anything is stored.

JSON: a list of objects in the shape of the shared ``data/<game>/cards.json`` files
(or ``{"cards": [...]}``). CSV: a header row naming the same keys; list values (``elements``,
``keywords``, ``subtypes``) are separated by ``|``; an empty cell is "absent".

Required keys per game:

- ``zutomayo``: id, pack, number, name_ja (or name), type, element, clock, power_cost, rarity;
  characters also attack_night and attack_day. ``send_to_power`` absent or empty means *no*
  SEND TO POWER, which is not the same as 0.
- ``azuki``: id, set, name, card_type, element (``fire|water``, ``lightning/water``,
  ``fire, water`` or a list for two elements; ``normal`` is Neutral, as the pure loader reads it).
- ``ztrike``: id (or card_id), name, colour (or color), power (0-10), victory_points (or vp),
  bonuses (structured, for the judge assist: a JSON list, or a JSON cell in CSV);
  optional set, bonus (none|battle|win|lose), bonus_text.

Ids follow each game's convention, checked here: ZUTOMAYO ``<pack>_<number>`` agreeing with
the record's pack and number (``1st_10``; a second printing may add a suffix, ``1st_5_SE``,
and then shares its pack and number with the first); Azuki a set code, a dash and three digits
with an optional art suffix (``STT01-001``, ``STT01-001A``), beginning with the record's set;
ZTRIKE letters, digits, dashes and underscores. Two records for one ZUTOMAYO pack and number
are refused unless the second id is the first's with a suffix, in the file and against the
cards already stored (``cardpool.services.card_import``).

Every problem names the record (its position and id) and the field.
"""

from __future__ import annotations

import csv
import io
import json
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from core.numbers import whole_number_or_none

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
_ZUTOMAYO_ID = re.compile(r"^(?P<pack>[0-9A-Za-z]+)_(?P<number>\d+)(?P<suffix>_[0-9A-Za-z]+)?$")
_AZUKI_ID = re.compile(r"^(?P<set>[A-Z]{2,5}\d{0,3})-\d{3}[A-Z]{0,3}$")
_ZTRIKE_ID = re.compile(r"^[0-9A-Za-z][0-9A-Za-z_-]*$")
_ELEMENT_SEPARATORS = re.compile(r"\s*(?:\||/|,|&|\+)\s*")


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

    def __init__(self, raw: Mapping[str, object], where: str, problems: list[str]) -> None:
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
            number = whole_number_or_none(value, negative=True)
            if number is None:
                self._fail(key, f"expected a whole number, got {self.raw.get(key)!r}")
                return None
            value = number
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

    def json_list(self, key: str) -> list[object]:
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
    pack = rec.text("pack", required=True, max_length=30)
    number = rec.integer("number", required=True, low=1, high=9999)
    code = rec.text("id", max_length=40) or (f"{pack}_{number}" if pack and number else "")
    if not code:
        rec._fail("id", "is required")
    shape = _ZUTOMAYO_ID.match(code)
    if code and shape is None:
        rec._fail("id", f"{code!r} is not <pack>_<number> (e.g. 1st_10)")
    elif (
        shape is not None
        and pack
        and number is not None
        and (shape["pack"] != pack or int(shape["number"]) != number)
    ):
        rec._fail("id", f"{code!r} does not agree with pack {pack!r} and number {number}")
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
        "number": number,
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
    shape = _AZUKI_ID.match(code)
    set_code = rec.text("set", max_length=30) or (shape["set"] if shape else "")
    if not set_code:
        rec._fail("set", "is required")
    if code and shape is None:
        rec._fail("id", f"{code!r} is not a set code, a dash and three digits (e.g. STT01-001)")
    elif shape is not None and set_code and shape["set"] != set_code:
        rec._fail("id", f"{code!r} does not begin with its set {set_code!r}")
    raw_elements = _elements(rec) if rec.present("element") else []
    if not raw_elements:
        rec._fail("element", "is required")
    elements = list(
        dict.fromkeys("neutral" if e.lower() == "normal" else e.lower() for e in raw_elements)
    )
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


def _elements(rec: _Record) -> list[str]:
    """An Azuki element field as the pure loader reads it: a list, or one string with ``|``,
    ``/``, ``,``, ``&`` or ``+`` between two elements."""
    value = rec.raw.get("element")
    if isinstance(value, str):
        return [part for part in _ELEMENT_SEPARATORS.split(value.strip()) if part]
    return rec.string_list("element")


def _alias(rec: _Record, key: str, *others: str) -> None:
    """Read ``key`` from its first present alias (the names the pure loader accepts)."""
    if rec.present(key):
        return
    for other in others:
        if rec.present(other):
            rec.raw = {**rec.raw, key: rec.raw[other]}
            return


def _ztrike(rec: _Record) -> CardValues:
    _alias(rec, "id", "card_id")
    _alias(rec, "colour", "color")
    _alias(rec, "victory_points", "vp")
    code = rec.text("id", required=True, max_length=40)
    if code and not _ZTRIKE_ID.match(code):
        rec._fail("id", f"{code!r} is not a Card ID (letters, digits, dashes and underscores)")
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
        "extra": {"bonuses": _ztrike_bonuses(rec)},
    }
    return CardValues(
        code=code,
        set_code=rec.text("set") or "ZTRIKE",
        set_name=rec.text("set_name"),
        values=values,
    )


ZTRIKE_WHEN = ("battle", "win", "lose")


def _ztrike_bonuses(rec: _Record) -> list[object]:
    """The structured bonuses the ZTRIKE judge assist replays: a list of ``{"when", "effects"}``
    (a JSON list, or in CSV a cell holding JSON); empty or absent is the Empty bonus. The effect
    primitives are checked by the engine when a game is replayed."""
    raw = rec.raw.get("bonuses")
    if raw in (None, ""):
        return []
    if isinstance(raw, str):
        try:
            raw = json.loads(raw)
        except json.JSONDecodeError as exc:
            rec._fail("bonuses", f"is not JSON ({exc.msg}, column {exc.colno})")
            return []
    if not isinstance(raw, list):
        rec._fail("bonuses", "must be a list of {when, effects}")
        return []
    for i, bonus in enumerate(raw):
        if not isinstance(bonus, dict) or bonus.get("when") not in ZTRIKE_WHEN:
            rec._fail(f"bonuses[{i}].when", "must be battle, win or lose")
        elif not isinstance(bonus.get("effects"), list) or not all(
            isinstance(e, dict) and isinstance(e.get("op"), str) for e in bonus["effects"]
        ):
            rec._fail(f"bonuses[{i}].effects", "must be a list of effects, each with an op")
    return raw


READERS: dict[str, Callable[[_Record], CardValues]] = {
    "zutomayo": _zutomayo,
    "azuki": _azuki,
    "ztrike": _ztrike,
}


def records_from_text(text: str, *, filename: str) -> list[Mapping[str, object]]:
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


def copy_key(game: str, card: CardValues) -> tuple[str, int] | None:
    """A ZUTOMAYO card's pack and number (rule 4.1.2's copy key); None for other games."""
    number = card.values.get("number")
    if game != "zutomayo" or not isinstance(number, int):
        return None
    return (card.set_code, number)


def is_reprint(code: str, *, of: str) -> bool:
    """``code`` names a second printing of ``of``: the same id with a suffix (``1st_5_SE``)."""
    return code.startswith(f"{of}_")


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
    printed: dict[tuple[str, int], tuple[int, str]] = {}
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
        key = copy_key(game, card)
        if key is not None:
            first = printed.get(key)
            if first is not None and not is_reprint(card.code, of=first[1]):
                problems.append(
                    f"{where}, field 'id': pack {key[0]} number {key[1]} is already record "
                    f"{first[0]} (id {first[1]!r}); a second printing's id is the first's with "
                    "a suffix (e.g. 1st_5_SE)"
                )
            printed.setdefault(key, (index, card.code))
        cards.append(card)
    if problems:
        raise CardRecordError(problems)
    return cards
