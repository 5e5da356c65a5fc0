"""The ``ztrike-game/1`` record: cards, decks, the Main Player, optional snapshot, rounds, claims.

The JSON Schema is ``schema/ztrike-game-1.schema.json``; this module checks the same shape in
plain Python and names the failing field (``RecordError``). What breaks a rule (a card not in
hand, a bonus that cannot apply) is checked while replaying, as illegal input.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass

from judging.engine.core.claims import CheckpointClaim
from judging.engine.core.errors import RecordError
from judging.engine.core.jsonread import check_depth, load_json, read_format, unwrap_record
from judging.engine.core.jsonread import read_list as _list
from judging.engine.core.jsonread import read_obj as _obj
from judging.engine.core.jsonread import read_str as _str
from judging.engine.core.jsontypes import JSON
from judging.engine.core.plugin import package_text
from judging.engine.core.profile import Choices
from judging.engine.ztrike.profile import AMBIGUITIES

FORMAT = "ztrike-game/1"
DECK_SIZE = 36
HAND_SIZE = 5
COLOURS = ("red", "green", "blue", "generic", "ztrike")
WHENS = ("battle", "win", "lose")
ZONES = ("hand", "deck", "discard", "victory_zone", "play")
TARGETS = ("self", "opponent")
#: Each primitive and the parameters it takes (besides ``target``).
PRIMITIVES: Mapping[str, tuple[str, ...]] = {
    "set_colour": ("colour",),
    "power_plus": ("amount",),
    "power_minus": ("amount",),
    "set_power": ("value",),
    "draw": ("amount",),
    "discard_from_hand": ("amount",),
    "move_card": ("from_zone", "to_zone"),
    "vp_plus": ("amount",),
    "vp_minus": ("amount",),
}


@dataclass(frozen=True, slots=True)
class Effect:
    op: str
    target: str = "self"
    amount: int = 0
    colour: str = ""
    from_zone: str = ""
    to_zone: str = ""


@dataclass(frozen=True, slots=True)
class Bonus:
    when: str
    effects: tuple[Effect, ...]


@dataclass(frozen=True, slots=True)
class Card:
    id: str
    name: str
    colour: str
    power: int
    victory_points: int
    bonuses: tuple[Bonus, ...] = ()


@dataclass(frozen=True, slots=True)
class BonusEntry:
    player: int
    index: int
    apply: bool | None  # None: not said (Battle bonuses apply, Win and Lose bonuses do not)
    choices: tuple[tuple[str, JSON], ...]
    path: str

    def choice(self, name: str) -> JSON:
        for key, value in self.choices:
            if key == name:
                return value
        return None


@dataclass(frozen=True, slots=True)
class RoundRecord:
    play: tuple[str, str]
    bonuses: tuple[BonusEntry, ...]
    refresh: tuple[tuple[str, ...] | None, tuple[str, ...] | None]


@dataclass(frozen=True, slots=True)
class PlayerStart:
    hand: tuple[str, ...]
    deck: tuple[str, ...]
    victory_zone: tuple[str, ...]
    discard: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class Start:
    round: int
    main_player: int
    players: tuple[PlayerStart, PlayerStart]


@dataclass(frozen=True, slots=True)
class ZtrikeRecord:
    cards: Mapping[str, Card]
    names: tuple[str, str]
    decks: tuple[tuple[str, ...], tuple[str, ...]]
    main_player: int
    start: Start | None
    rounds: tuple[RoundRecord, ...]
    claims: tuple[CheckpointClaim, ...]
    profile: Choices


def schema_text() -> str:
    return package_text("judging.engine.ztrike", "schema/ztrike-game-1.schema.json")


def _int(data: JSON, path: str, low: int, high: int) -> int:
    if isinstance(data, bool) or not isinstance(data, int) or not low <= data <= high:
        raise RecordError(path, f"must be a whole number from {low} to {high}")
    return data


def _effect(data: JSON, path: str) -> Effect:
    item = _obj(data, path)
    op = item.get("op")
    if not isinstance(op, str) or op not in PRIMITIVES:  # a list or object is no key of it
        raise RecordError(f"{path}.op", f"must be one of {', '.join(PRIMITIVES)}")
    target = item.get("target", "self")
    if target not in TARGETS:
        raise RecordError(f"{path}.target", "must be self or opponent")
    target = str(target)
    allowed = {"op", "target", *PRIMITIVES[op]}
    for key in item:
        if key not in allowed:
            raise RecordError(f"{path}.{key}", f"is not a parameter of {op}")
    amount = colour = from_zone = to_zone = None
    if "amount" in PRIMITIVES[op]:
        amount = _int(item.get("amount"), f"{path}.amount", 0, 99)
    if "value" in PRIMITIVES[op]:
        amount = _int(item.get("value"), f"{path}.value", 0, 10)
    if op == "set_colour":
        colour = item.get("colour")
        if colour not in COLOURS:
            raise RecordError(f"{path}.colour", f"must be one of {', '.join(COLOURS)}")
    if op == "move_card":
        from_zone, to_zone = item.get("from_zone"), item.get("to_zone")
        for name, zone in (("from_zone", from_zone), ("to_zone", to_zone)):
            if zone not in ZONES:
                raise RecordError(f"{path}.{name}", f"must be one of {', '.join(ZONES)}")
    return Effect(
        op, target, amount or 0, str(colour or ""), str(from_zone or ""), str(to_zone or "")
    )


def card_from_dict(data: JSON, path: str) -> Card:
    item = _obj(data, path)
    colour = item.get("colour")
    if colour not in COLOURS:
        raise RecordError(f"{path}.colour", f"must be one of {', '.join(COLOURS)}")
    bonuses: list[Bonus] = []
    for j, raw in enumerate(_list(item.get("bonuses", []), f"{path}.bonuses")):
        bpath = f"{path}.bonuses[{j}]"
        bonus = _obj(raw, bpath)
        when = bonus.get("when")
        if when not in WHENS:
            raise RecordError(f"{bpath}.when", "must be battle, win or lose")
        effects = _list(bonus.get("effects"), f"{bpath}.effects")
        bonuses.append(
            Bonus(
                str(when), tuple(_effect(e, f"{bpath}.effects[{k}]") for k, e in enumerate(effects))
            )
        )
    return Card(
        id=_str(item.get("id"), f"{path}.id"),
        name=_str(item.get("name"), f"{path}.name"),
        colour=str(colour),
        power=_int(item.get("power"), f"{path}.power", 0, 10),
        victory_points=_int(item.get("victory_points"), f"{path}.victory_points", 0, 99),
        bonuses=tuple(bonuses),
    )


def cards_from_list(data: JSON, path: str = "cards") -> dict[str, Card]:
    cards: dict[str, Card] = {}
    for i, raw in enumerate(_list(data, path)):
        card = card_from_dict(raw, f"{path}[{i}]")
        if card.id in cards:
            raise RecordError(f"{path}[{i}].id", f"card {card.id} is listed twice")
        cards[card.id] = card
    return cards


def _ids(data: JSON, path: str, cards: Mapping[str, Card]) -> tuple[str, ...]:
    if type(data) is list and all(type(raw) is str and raw in cards for raw in data):
        return tuple(data)  # type: ignore[arg-type]  # every item was just checked to be a str
    out: list[str] = []
    for i, raw in enumerate(_list(data, path)):
        if not isinstance(raw, str) or raw not in cards:
            raise RecordError(f"{path}[{i}]", f"unknown card id {raw!r}")
        out.append(raw)
    return tuple(out)


_ROUND_AT = re.compile(r"^R[0-9]{1,6}$")
NO_REFRESH: tuple[None, None] = (None, None)


def _round(data: JSON, path: str, cards: Mapping[str, Card]) -> RoundRecord:
    if type(data) is dict and len(data) == 1:
        # The common round: only the two cards played (the full check below names any fault).
        play = data.get("play")
        if (
            type(play) is list
            and len(play) == 2
            and type(first := play[0]) is str
            and type(second := play[1]) is str
            and first in cards
            and second in cards
        ):
            return RoundRecord((first, second), (), NO_REFRESH)
    item = _obj(data, path)
    play = _list(item.get("play"), f"{path}.play")
    if len(play) != 2:
        raise RecordError(f"{path}.play", "must list exactly 2 card ids, player 0's then 1's")
    ids = _ids(play, f"{path}.play", cards)
    entries: list[BonusEntry] = []
    for j, raw in enumerate(_list(item.get("bonuses", []), f"{path}.bonuses")):
        bpath = f"{path}.bonuses[{j}]"
        entry = _obj(raw, bpath)
        apply = entry.get("apply")
        if apply is not None and not isinstance(apply, bool):
            raise RecordError(f"{bpath}.apply", "must be true or false")
        choices = _obj(entry.get("choices", {}), f"{bpath}.choices")
        entries.append(
            BonusEntry(
                _int(entry.get("player"), f"{bpath}.player", 0, 1),
                _int(entry.get("index"), f"{bpath}.index", 0, 99),
                apply,
                tuple(sorted(choices.items())),
                bpath,
            )
        )
    refresh_raw = item.get("refresh", [None, None])
    refresh = _list(refresh_raw, f"{path}.refresh")
    if len(refresh) != 2:
        raise RecordError(f"{path}.refresh", "must have one entry per player (null or card ids)")
    orders = tuple(
        None if r is None else _ids(r, f"{path}.refresh[{p}]", cards) for p, r in enumerate(refresh)
    )
    return RoundRecord((ids[0], ids[1]), tuple(entries), (orders[0], orders[1]))


def _start(data: JSON, cards: Mapping[str, Card]) -> Start:
    item = _obj(data, "start")
    players = _list(item.get("players"), "start.players")
    if len(players) != 2:
        raise RecordError("start.players", "must have 2 players")
    parsed: list[PlayerStart] = []
    for p, raw in enumerate(players):
        zone = _obj(raw, f"start.players[{p}]")
        parsed.append(
            PlayerStart(
                *(
                    _ids(zone.get(name, []), f"start.players[{p}].{name}", cards)
                    for name in ("hand", "deck", "victory_zone", "discard")
                )
            )
        )
    return Start(
        _int(item.get("round"), "start.round", 1, 9999),
        _int(item.get("main_player"), "start.main_player", 0, 1),
        (parsed[0], parsed[1]),
    )


def _claim(data: JSON, path: str) -> CheckpointClaim:
    item = _obj(data, path)
    at = _str(item.get("at"), f"{path}.at")
    claim_path = item.get("path")
    if "/" in at and claim_path is None:
        at, claim_path = at.split("/", 1)
    # ASCII digits, and few of them: int() refuses other digits (isdigit accepts "①") and more
    # than 4300 of them.
    if not _ROUND_AT.match(at):
        raise RecordError(f"{path}.at", "must name a round: R<n> or R<n>/<key>")
    if "value" not in item:
        raise RecordError(f"{path}.value", "is required")
    return CheckpointClaim(
        str(item.get("party", "")), int(at[1:]), _str(claim_path, f"{path}.path"), item["value"]
    )


def parse_record(data: JSON, cards: Mapping[str, Card] | None = None) -> ZtrikeRecord:
    check_depth(data, "record")
    record = _obj(data, "record")
    read_format(record.get("format"), (FORMAT,), "ZTRIKE")
    profile = Choices.from_json(AMBIGUITIES, record.get("profile"))
    catalogue = dict(cards or {})
    if "cards" in record:
        catalogue.update(cards_from_list(record["cards"]))
    players = _list(record.get("players"), "players")
    if len(players) != 2:
        raise RecordError("players", "must have exactly 2 players")
    names: list[str] = []
    decks: list[tuple[str, ...]] = []
    exact = profile.get("TA-05") == "EXACT"
    for p, raw in enumerate(players):
        player = _obj(raw, f"players[{p}]")
        names.append(_str(player.get("name"), f"players[{p}].name"))
        deck = _ids(player.get("deck"), f"players[{p}].deck", catalogue)
        if len(deck) != DECK_SIZE and (exact or len(deck) < DECK_SIZE):
            raise RecordError(
                f"players[{p}].deck", f"must list {DECK_SIZE} card ids (it has {len(deck)})"
            )
        decks.append(deck)
    return ZtrikeRecord(
        cards=catalogue,
        names=(names[0], names[1]),
        decks=(decks[0], decks[1]),
        main_player=_int(record.get("main_player"), "main_player", 0, 1),
        start=_start(record["start"], catalogue) if record.get("start") is not None else None,
        rounds=tuple(
            _round(r, f"rounds[{i}]", catalogue)
            for i, r in enumerate(_list(record.get("rounds", []), "rounds"))
        ),
        claims=tuple(
            _claim(c, f"claims[{i}]")
            for i, c in enumerate(_list(record.get("claims", []), "claims"))
        ),
        profile=profile,
    )


def load_record_text(text: str, cards: Mapping[str, Card] | None = None) -> ZtrikeRecord:
    return parse_record(unwrap_record(load_json(text, "record")), cards)
