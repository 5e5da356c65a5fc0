"""The ``azuki-game/1`` record: players (name, leader, Gate, deck top first), who goes first, an
optional judge's snapshot, mulligans, turns as ordered actions, optional claims.

The JSON Schema is ``schema/azuki-game-1.schema.json``; this module checks the same shape in
plain Python and names the failing field (``RecordError``, exit 2). What breaks a rule (a target
the FAQ forbids, the Gate twice) is found while replaying, as illegal input (exit 1).

Card ids resolve against the card table given by the caller (the pool's ``cards.json`` shape);
a record's own ``cards`` section adds or overrides cards.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field

from judging.engine.azuki.profile import AMBIGUITIES
from judging.engine.core.claims import CheckpointClaim
from judging.engine.core.errors import RecordError
from judging.engine.core.jsonread import check_depth, load_json, read_format, unwrap_record
from judging.engine.core.jsonread import read_list as _list
from judging.engine.core.jsonread import read_obj as _obj
from judging.engine.core.jsonread import read_str as _str
from judging.engine.core.jsontypes import JSON
from judging.engine.core.plugin import package_text
from judging.engine.core.profile import Choices

FORMAT = "azuki-game/1"
HAND_SIZE = 7
ROW_SLOTS = 5
MAX_IKZ = 10
DEFAULT_HEALTH = 20
CARD_TYPES = ("leader", "gate", "entity", "weapon", "spell", "ikz")
#: The keywords the engine plays (azk.kw.*, azk.resp.*, azk.zones.gate-cooldown).
KEYWORDS = ("Charge", "Defender", "Taunt", "Infiltrate", "Bloodlust", "Godmode", "Carapace")
STATUSES = ("shocked", "frozen", "rooted")
ACTIONS = ("play", "equip", "gate", "attack", "effect")
#: Each effect primitive and the fields it needs (besides ``op``).
PRIMITIVES: Mapping[str, tuple[str, ...]] = {
    "damage": ("target", "amount"),
    "destroy": ("target",),
    "sacrifice": ("target",),
    "heal": ("target", "amount"),
    "attack_plus": ("target", "amount"),
    "health_plus": ("target", "amount"),
    "keyword": ("target", "keyword"),
    "status": ("target", "status"),
    "tap": ("target",),
    "untap": ("target",),
    "displace": ("target",),
    "return_to_hand": ("target",),
    "draw": ("player", "amount"),
    "mill": ("player", "amount"),
    "discard": ("player", "card"),
    "seal_ikz": ("player", "amount"),
    "ikz_plus": ("player", "amount"),
    "summon": ("player", "card", "row"),
}
#: The primitives whose amount may be negative (a stat or IKZ going down).
_SIGNED = ("attack_plus", "health_plus", "ikz_plus")
_REF = re.compile(r"^(?:p([01])\.)?(leader|garden\.[0-4]|alley\.[0-4])$")


@dataclass(frozen=True, slots=True)
class Card:
    id: str
    name: str
    card_type: str
    ikz_cost: int
    attack: int
    health: int | None
    keywords: tuple[tuple[str, int], ...] = ()
    labels: tuple[str, ...] = ()  # every keyword tag as printed ("Response", "Main", …)

    def keyword(self, name: str) -> int:
        return sum(n for k, n in self.keywords if k == name)


@dataclass(frozen=True, slots=True)
class Ref:
    """A place on the field: a leader or a Garden/Alley slot, of a player (None: from context)."""

    player: int | None
    row: str  # leader | garden | alley
    slot: int = 0

    def text(self) -> str:
        where = "leader" if self.row == "leader" else f"{self.row}.{self.slot}"
        return where if self.player is None else f"p{self.player}.{where}"


@dataclass(frozen=True, slots=True)
class Payment:
    ikz: int = 0
    token: bool = False


@dataclass(frozen=True, slots=True)
class Effect:
    op: str
    path: str
    target: Ref | None = None
    player: int = 0
    amount: int = 0
    keyword: str = ""
    status: str = ""
    on: bool = True
    card: str = ""
    row: str = ""
    slot: int | None = None
    replace: int | None = None
    from_zone: str = "hand"


@dataclass(frozen=True, slots=True)
class Response:
    path: str
    player: int | None
    card: str
    source: Ref | None
    pay: Payment
    effects: tuple[Effect, ...]


@dataclass(frozen=True, slots=True)
class Action:
    do: str
    path: str
    card: str = ""
    row: str = ""
    slot: int | None = None
    replace: int | None = None
    to: Ref | None = None
    source: Ref | None = None
    pay: Payment = Payment()
    effects: tuple[Effect, ...] = ()
    attacker: Ref | None = None
    target: Ref | None = None
    when_attacking: tuple[Effect, ...] = ()
    responses: tuple[Response, ...] = ()
    defender: int | None = None
    when_attacked: tuple[Effect, ...] = ()
    after_attacking: tuple[Effect, ...] = ()


@dataclass(frozen=True, slots=True)
class Turn:
    path: str
    player: int | None
    start_effects: tuple[Effect, ...]
    actions: tuple[Action, ...]
    end_effects: tuple[Effect, ...]


@dataclass(frozen=True, slots=True)
class Mulligan:
    path: str
    player: int
    cards: tuple[str, ...] | None
    deck_after: tuple[str, ...] | None


@dataclass(frozen=True, slots=True)
class PlayerRecord:
    name: str
    leader: str
    gate: str
    deck: tuple[str, ...]


@dataclass(frozen=True, slots=True)
class SnapEntity:
    card: str
    tapped: bool = False
    cooldown: bool = False
    damage: int = 0
    statuses: tuple[str, ...] = ()
    weapons: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class SnapPlayer:
    health: int | None
    hand: tuple[str, ...]
    deck: tuple[str, ...]
    discard: tuple[str, ...]
    garden: tuple[SnapEntity | None, ...]
    alley: tuple[SnapEntity | None, ...]
    ikz: int
    ikz_tapped: int
    ikz_sealed: int
    token: bool
    gate_tapped: bool
    leader_tapped: bool


@dataclass(frozen=True, slots=True)
class Snapshot:
    turn: int
    players: tuple[SnapPlayer, SnapPlayer]


@dataclass(frozen=True, slots=True)
class AzukiRecord:
    players: tuple[PlayerRecord, PlayerRecord]
    first: int
    cards: Mapping[str, Card]
    turns: tuple[Turn, ...]
    mulligans: tuple[Mulligan, ...] = ()
    snapshot: Snapshot | None = None
    claims: tuple[CheckpointClaim, ...] = ()
    profile: Choices = field(default_factory=lambda: Choices(AMBIGUITIES))

    @property
    def names(self) -> tuple[str, str]:
        return (self.players[0].name, self.players[1].name)


def schema_text() -> str:
    """The record's JSON Schema (``schema/azuki-game-1.schema.json``)."""
    return package_text("judging.engine.azuki", "schema/azuki-game-1.schema.json")


# -- shape helpers -------------------------------------------------------------------------------
def _int(data: JSON, path: str, low: int = 0, high: int = 999) -> int:
    if isinstance(data, bool) or not isinstance(data, int):
        raise RecordError(path, "must be a whole number")
    if not low <= data <= high:
        raise RecordError(path, f"must be between {low} and {high}")
    return data


def _bool(data: JSON, path: str) -> bool:
    if not isinstance(data, bool):
        raise RecordError(path, "must be true or false")
    return data


def _opt_int(d: Mapping[str, JSON], name: str, path: str, low: int, high: int) -> int | None:
    value = d.get(name)
    return None if value is None else _int(value, f"{path}.{name}", low, high)


def parse_ref(data: JSON, path: str) -> Ref:
    text = _str(data, path)
    m = _REF.match(text)
    if m is None:
        raise RecordError(path, 'must be "leader", "garden.N" or "alley.N" (N 0-4), maybe "p0."')
    player = None if m.group(1) is None else int(m.group(1))
    where = m.group(2)
    if where == "leader":
        return Ref(player, "leader")
    row, slot = where.split(".")
    return Ref(player, row, int(slot))


def _card_id(data: JSON, path: str, cards: Mapping[str, Card]) -> str:
    cid = _str(data, path)
    if cid not in cards:
        raise RecordError(path, f"unknown card id {cid!r}")
    return cid


def _ids(data: JSON, path: str, cards: Mapping[str, Card]) -> tuple[str, ...]:
    return tuple(_card_id(c, f"{path}[{i}]", cards) for i, c in enumerate(_list(data, path)))


# -- cards -----------------------------------------------------------------------------------------
_KW = re.compile(r"^([A-Za-z]+)(?:\s+(\d+))?$")


def card_from_dict(data: JSON, path: str) -> Card:
    """A card in the pool's ``cards.json`` shape (extra fields are ignored)."""
    d = _obj(data, path)
    cid = _str(d.get("id"), f"{path}.id")
    card_type = d.get("card_type")
    if card_type not in CARD_TYPES:
        raise RecordError(f"{path}.card_type", f"must be one of {', '.join(CARD_TYPES)}")
    name = d.get("name", cid)
    keywords: list[tuple[str, int]] = []
    labels: list[str] = []
    for i, raw in enumerate(_list(d.get("keywords", []), f"{path}.keywords")):
        tag = _str(raw, f"{path}.keywords[{i}]")
        labels.append(tag)
        m = _KW.match(tag)
        if m is not None and m.group(1) in KEYWORDS:
            keywords.append((m.group(1), int(m.group(2) or 1)))

    def num(name: str) -> int | None:
        value = d.get(name)
        return None if value is None else _int(value, f"{path}.{name}", 0, 99)

    return Card(
        cid,
        name if isinstance(name, str) else cid,
        str(card_type),
        num("ikz_cost") or 0,
        num("attack") or 0,
        num("health"),
        tuple(keywords),
        tuple(labels),
    )


def cards_from_list(data: JSON, path: str = "cards") -> dict[str, Card]:
    out: dict[str, Card] = {}
    for i, item in enumerate(_list(data, path)):
        card = card_from_dict(item, f"{path}[{i}]")
        out[card.id] = card
    return out


# -- effects and actions ---------------------------------------------------------------------------
_EFFECT_FIELDS = ("op", "target", "player", "amount", "keyword", "status", "on", "card", "row",
                  "slot", "replace", "from", "note")  # fmt: skip


def _effects(data: JSON, path: str, cards: Mapping[str, Card]) -> tuple[Effect, ...]:
    if data is None:
        return ()
    return tuple(_effect(e, f"{path}[{i}]", cards) for i, e in enumerate(_list(data, path)))


def _effect(data: JSON, path: str, cards: Mapping[str, Card]) -> Effect:
    d = _obj(data, path, _EFFECT_FIELDS)
    op = d.get("op")
    if not isinstance(op, str) or op not in PRIMITIVES:
        raise RecordError(f"{path}.op", f"must be one of {', '.join(PRIMITIVES)}")
    for need in PRIMITIVES[op]:
        if need not in d:
            raise RecordError(f"{path}.{need}", f"is required by {op}")
    target = parse_ref(d["target"], f"{path}.target") if "target" in d else None
    if target is not None and target.player is None:
        raise RecordError(f"{path}.target", 'an effect names the player: "p0.…" or "p1.…"')
    keyword = d.get("keyword", "")
    if "keyword" in d and keyword not in KEYWORDS:
        raise RecordError(f"{path}.keyword", f"must be one of {', '.join(KEYWORDS)}")
    status = d.get("status", "")
    if "status" in d and status not in STATUSES:
        raise RecordError(f"{path}.status", f"must be one of {', '.join(STATUSES)}")
    row = d.get("row", "")
    if "row" in d and row not in ("garden", "alley"):
        raise RecordError(f"{path}.row", 'must be "garden" or "alley"')
    src = d.get("from", "hand")
    if src not in ("hand", "deck", "discard"):
        raise RecordError(f"{path}.from", 'must be "hand", "deck" or "discard"')
    amount = d.get("amount", 1 if op == "keyword" else 0)
    low = -99 if op in _SIGNED else 0
    return Effect(
        op,
        path,
        target,
        _int(d["player"], f"{path}.player", 0, 1) if "player" in d else 0,
        _int(amount, f"{path}.amount", low, 99),
        str(keyword),
        str(status),
        _bool(d["on"], f"{path}.on") if "on" in d else True,
        _card_id(d["card"], f"{path}.card", cards) if "card" in d else "",
        str(row),
        _opt_int(d, "slot", path, 0, ROW_SLOTS - 1),
        _opt_int(d, "replace", path, 0, ROW_SLOTS - 1),
        str(src),
    )


def _pay(d: Mapping[str, JSON], path: str) -> Payment:
    return Payment(
        _int(d["pay"], f"{path}.pay", 0, MAX_IKZ) if "pay" in d else 0,
        _bool(d["token"], f"{path}.token") if "token" in d else False,
    )


_RESPONSE_FIELDS = ("player", "card", "source", "pay", "token", "effects", "note")


def _response(data: JSON, path: str, cards: Mapping[str, Card]) -> Response:
    d = _obj(data, path, _RESPONSE_FIELDS)
    return Response(
        path,
        _int(d["player"], f"{path}.player", 0, 1) if "player" in d else None,
        _card_id(d["card"], f"{path}.card", cards) if "card" in d else "",
        parse_ref(d["source"], f"{path}.source") if "source" in d else None,
        _pay(d, path),
        _effects(d.get("effects"), f"{path}.effects", cards),
    )


_ACTION_FIELDS: Mapping[str, tuple[str, ...]] = {
    "play": ("card", "row", "slot", "replace", "pay", "token", "effects"),
    "equip": ("card", "to", "pay", "token", "effects"),
    "gate": ("from", "slot", "replace", "effects"),
    "attack": (
        "attacker",
        "target",
        "when_attacking",
        "responses",
        "defender",
        "when_attacked",
        "after_attacking",
    ),
    "effect": ("source", "pay", "token", "effects"),
}
_REQUIRED: Mapping[str, tuple[str, ...]] = {
    "play": ("card",), "equip": ("card", "to"), "gate": ("from",),
    "attack": ("attacker", "target"), "effect": (),
}  # fmt: skip


def _action(data: JSON, path: str, cards: Mapping[str, Card]) -> Action:
    d = _obj(data, path)
    do = d.get("do")
    if not isinstance(do, str) or do not in ACTIONS:
        raise RecordError(f"{path}.do", f"must be one of {', '.join(ACTIONS)}")
    _obj(data, path, ("do", "note", *_ACTION_FIELDS[do]))
    for need in _REQUIRED[do]:
        if need not in d:
            raise RecordError(f"{path}.{need}", f"is required by {do}")
    row = d.get("row", "")
    if "row" in d and row not in ("garden", "alley"):
        raise RecordError(f"{path}.row", 'must be "garden" or "alley"')
    responses = d.get("responses")
    return Action(
        do,
        path,
        card=_card_id(d["card"], f"{path}.card", cards) if "card" in d else "",
        row=str(row),
        slot=_opt_int(d, "slot", path, 0, ROW_SLOTS - 1),
        replace=_opt_int(d, "replace", path, 0, ROW_SLOTS - 1),
        to=parse_ref(d["to"], f"{path}.to") if "to" in d else None,
        source=parse_ref(d["source"], f"{path}.source")
        if "source" in d
        else parse_ref(d["from"], f"{path}.from")
        if "from" in d
        else None,
        pay=_pay(d, path),
        effects=_effects(d.get("effects"), f"{path}.effects", cards),
        attacker=parse_ref(d["attacker"], f"{path}.attacker") if "attacker" in d else None,
        target=parse_ref(d["target"], f"{path}.target") if "target" in d else None,
        when_attacking=_effects(d.get("when_attacking"), f"{path}.when_attacking", cards),
        responses=()
        if responses is None
        else tuple(
            _response(r, f"{path}.responses[{i}]", cards)
            for i, r in enumerate(_list(responses, f"{path}.responses"))
        ),
        defender=_opt_int(d, "defender", path, 0, ROW_SLOTS - 1),
        when_attacked=_effects(d.get("when_attacked"), f"{path}.when_attacked", cards),
        after_attacking=_effects(d.get("after_attacking"), f"{path}.after_attacking", cards),
    )


def _turn(data: JSON, path: str, cards: Mapping[str, Card]) -> Turn:
    d = _obj(data, path, ("player", "start_effects", "actions", "end_effects", "note"))
    return Turn(
        path,
        _int(d["player"], f"{path}.player", 0, 1) if "player" in d else None,
        _effects(d.get("start_effects"), f"{path}.start_effects", cards),
        tuple(
            _action(a, f"{path}.actions[{i}]", cards)
            for i, a in enumerate(_list(d.get("actions", []), f"{path}.actions"))
        ),
        _effects(d.get("end_effects"), f"{path}.end_effects", cards),
    )


def _mulligan(data: JSON, path: str, cards: Mapping[str, Card]) -> Mulligan:
    d = _obj(data, path, ("player", "cards", "deck_after", "note"))
    return Mulligan(
        path,
        _int(d.get("player"), f"{path}.player", 0, 1),
        _ids(d["cards"], f"{path}.cards", cards) if "cards" in d else None,
        _ids(d["deck_after"], f"{path}.deck_after", cards) if "deck_after" in d else None,
    )


_SNAP_ENTITY = ("card", "tapped", "cooldown", "damage", "statuses", "weapons")
_SNAP_PLAYER = ("health", "hand", "deck", "discard", "garden", "alley", "ikz", "ikz_tapped",
                "ikz_sealed", "token", "gate_tapped", "leader_tapped")  # fmt: skip


def _snap_row(data: JSON, path: str, cards: Mapping[str, Card]) -> tuple[SnapEntity | None, ...]:
    items = _list(data, path)
    if len(items) > ROW_SLOTS:
        raise RecordError(path, f"a row holds up to {ROW_SLOTS} entities")
    out: list[SnapEntity | None] = []
    for i, item in enumerate(items):
        p = f"{path}[{i}]"
        if item is None:
            out.append(None)
            continue
        if isinstance(item, str):
            item = {"card": item}
        e = _obj(item, p, _SNAP_ENTITY)
        statuses = tuple(_str(s, f"{p}.statuses") for s in _list(e.get("statuses", []), p))
        bad = [s for s in statuses if s not in STATUSES]
        if bad:
            raise RecordError(f"{p}.statuses", f"must be among {', '.join(STATUSES)}")
        out.append(
            SnapEntity(
                _card_id(e.get("card"), f"{p}.card", cards),
                _bool(e.get("tapped", False), f"{p}.tapped"),
                _bool(e.get("cooldown", False), f"{p}.cooldown"),
                _int(e.get("damage", 0), f"{p}.damage"),
                statuses,
                _ids(e.get("weapons", []), f"{p}.weapons", cards),
            )
        )
    return tuple(out) + (None,) * (ROW_SLOTS - len(out))


def _snapshot(data: JSON, cards: Mapping[str, Card]) -> Snapshot:
    d = _obj(data, "snapshot", ("turn", "players"))
    players = _list(d.get("players"), "snapshot.players")
    if len(players) != 2:
        raise RecordError("snapshot.players", "must list two players")
    snaps: list[SnapPlayer] = []
    for i, raw in enumerate(players):
        p = f"snapshot.players[{i}]"
        s = _obj(raw, p, _SNAP_PLAYER)
        ikz = _int(s.get("ikz", 0), f"{p}.ikz", 0, MAX_IKZ)
        tapped = _int(s.get("ikz_tapped", 0), f"{p}.ikz_tapped", 0, ikz)
        snaps.append(
            SnapPlayer(
                _opt_int(s, "health", p, 0, 999),
                _ids(s.get("hand", []), f"{p}.hand", cards),
                _ids(s.get("deck", []), f"{p}.deck", cards),
                _ids(s.get("discard", []), f"{p}.discard", cards),
                _snap_row(s.get("garden", []), f"{p}.garden", cards),
                _snap_row(s.get("alley", []), f"{p}.alley", cards),
                ikz,
                tapped,
                _int(s.get("ikz_sealed", 0), f"{p}.ikz_sealed", 0, tapped),
                _bool(s.get("token", False), f"{p}.token"),
                _bool(s.get("gate_tapped", False), f"{p}.gate_tapped"),
                _bool(s.get("leader_tapped", False), f"{p}.leader_tapped"),
            )
        )
    return Snapshot(_int(d.get("turn"), "snapshot.turn", 1, 999), (snaps[0], snaps[1]))


def _claim(data: JSON, path: str) -> CheckpointClaim:
    d = _obj(data, path, ("party", "at", "path", "value"))
    return CheckpointClaim(
        _str(d.get("party", "?"), f"{path}.party"),
        _int(d.get("at"), f"{path}.at", 1, 999),
        _str(d.get("path"), f"{path}.path"),
        d.get("value"),
    )


_TOP = ("format", "cards", "players", "first", "profile", "snapshot", "mulligans", "turns",
        "claims", "note", "event", "round")  # fmt: skip


def parse_record(data: JSON, cards: Mapping[str, Card] | None = None) -> AzukiRecord:
    """The record, checked field by field; ``cards`` is the card table (the pool)."""
    check_depth(data, "record")
    d = _obj(data, "record")
    # The format first: a record of another game (or of none) is named as such, not by the
    # first of its fields this game does not know.
    read_format(d.get("format"), (FORMAT,), "Azuki TCG")
    _obj(d, "record", _TOP)
    table: dict[str, Card] = dict(cards or {})
    if "cards" in d:
        table.update(cards_from_list(d["cards"], "cards"))
    players_raw = _list(d.get("players"), "players")
    if len(players_raw) != 2:
        raise RecordError("players", "must list two players")
    players: list[PlayerRecord] = []
    for i, raw in enumerate(players_raw):
        p = f"players[{i}]"
        pd = _obj(raw, p, ("name", "leader", "gate", "deck"))
        leader = _card_id(pd.get("leader"), f"{p}.leader", table)
        if table[leader].card_type != "leader":
            raise RecordError(f"{p}.leader", f"{leader} is not a leader card")
        gate = _card_id(pd.get("gate"), f"{p}.gate", table)
        if table[gate].card_type != "gate":
            raise RecordError(f"{p}.gate", f"{gate} is not a Gate card")
        players.append(
            PlayerRecord(
                _str(pd.get("name", f"Player {i + 1}"), f"{p}.name"),
                leader,
                gate,
                _ids(pd.get("deck", []), f"{p}.deck", table),
            )
        )
    snapshot = _snapshot(d["snapshot"], table) if d.get("snapshot") is not None else None
    return AzukiRecord(
        (players[0], players[1]),
        _int(d.get("first"), "first", 0, 1),
        table,
        tuple(
            _turn(t, f"turns[{i}]", table) for i, t in enumerate(_list(d.get("turns", []), "turns"))
        ),
        tuple(
            _mulligan(m, f"mulligans[{i}]", table)
            for i, m in enumerate(_list(d.get("mulligans", []), "mulligans"))
        ),
        snapshot,
        tuple(
            _claim(c, f"claims[{i}]") for i, c in enumerate(_list(d.get("claims", []), "claims"))
        ),
        Choices.from_json(AMBIGUITIES, d.get("profile")),
    )


def load_record_text(text: str, cards: Mapping[str, Card] | None = None) -> AzukiRecord:
    return parse_record(unwrap_record(load_json(text, "record")), cards)
