"""The game record (``zutomayo-game/3``; versions 1 and 2 are read too): JSON in, frozen
dataclasses out.

Each turn's ``choices`` are the answers to the choices a card effect asks for (inputs of
the record). Version 2 added ``choices.order`` = for each player, the card ids in the order that
player's own effects take effect (5.2.7.3, 6.3.3). Version 3 adds ``choices.picks`` = for each
player, card id → the answers to the choices that card's effect asked of that player that turn,
one per choice, in the order it asked them (``turns[i].choices.picks[p].<card id>[n]``). An answer
is a list of strings: the cards chosen (card ids, each a card of the options; copies of one card
are the same id), ``["yes"]``/``["no"]`` for a "may", or the card id whose name is named; ``null``
leaves that choice unanswered. A choice not answered takes the documented default policy
(``DEFAULT_ORDER``, ``DEFAULT_PICK``), and the replay lists it as defaulted; an answer that is not
a legal option, or the wrong number of them, or one that no choice asked for, is illegal input
naming its path (nothing is guessed). A version 1 record is a version 3 record without choices, a
version 2 record one without picks.

The JSON Schema in ``schema/game-record-3.schema.json`` (versions 1 and 2: ``game-record-1``,
``game-record-2``) documents the format; this module checks the same constraints in plain Python
(no jsonschema at run time) and names the failing field in every ``RecordError``. Rule violations
(a winner setting two cards, a card not in hand, an answer that is not a legal option) are *not*
checked here: the replay reports them as illegal input with the rule they break.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace

from judging.engine.core.errors import RecordError
from judging.engine.core.jsonread import check_depth, load_json, read_format, unwrap_record
from judging.engine.core.jsonread import read_list as _list
from judging.engine.core.jsonread import read_obj as _obj
from judging.engine.core.jsonread import read_str as _str
from judging.engine.core.jsontypes import JSON, Value
from judging.engine.core.plugin import package_text
from judging.engine.zutomayo.cards import CardCatalogue
from judging.engine.zutomayo.profile import Profile

FORMAT = "zutomayo-game/3"
FORMAT_V2 = "zutomayo-game/2"
FORMAT_V1 = "zutomayo-game/1"
FORMATS = (FORMAT, FORMAT_V2, FORMAT_V1)
"""The formats read; records are written in ``FORMAT``."""
DEFAULT_ORDER = "battle_zone, zone_a, zone_b, zone_c"
"""The default policy for an unanswered order (5.2.7.3, 6.3.3): the effects the record types, in
the record's order, then the engine's automatic effects by where the card is, in this order (the
first legal option in this documented order)."""
DEFAULT_PICK = (
    "a pick: the first options, as many as it asks (all if fewer); up to N: the first N; at least "
    "N: the first N; a may: yes; an order: the options' order; a name: the first option. The "
    "options are in a documented order: a hand in the order it holds the cards (the order they "
    "came into it), an abyss or power charger top first, a name the opponent's cards first "
    "(catalogue order, one per name), then every other card name of the catalogue"
)
"""The default policy for an unanswered pick (``choices.picks``): the first legal answer in the
documented order of the options (``effects.EffectContext.choose``)."""

# ASCII digits, and few of them: a turn number is read with int(), which refuses other digits
# (\d would let "T١" through) and more than 4300 of them.
_CLAIM_AT = re.compile(r"^T[0-9]{1,6}(?:/[0-9]{1,6}(?:\.[0-9]{1,6})*(?::(?:before|after))?)?$")
CLAIM_PATH = re.compile(
    r"^(?:players\[([01])\]\.(hp|battle_zone|zone_a|zone_b|zone_c|power_charger|abyss|hand|"
    r"deck_count|total_power)|chronos\.(position|time)|medal|priority|"
    r"battle\.(winner|damage|attack)(?:\[([01])\])?|result\.(outcome|winner))$"
)
"""The state paths a claim may name."""
CLAIM_OPS = ("==", "contains")
"""How a claim compares: the whole value, or one card in a zone (power charger, abyss, hand)."""

TIMINGS = ("start", "main", "end")
"""start = 5.2.3 (start of turn), main = 5.1.2 / 5.2.7, end = 5.2.10 (end of turn)."""
TARGETS = ("self", "opponent", "both")
DIRECTIONS = ("forward", "back")
"""move_medal: clockwise (forward, as time moves), or anticlockwise ("time goes back")."""
COUNTED = ("attack_plus", "attack_minus", "deal_damage", "heal", "reduce_damage", "move_medal",
           "draw", "mill")  # fmt: skip
"""Primitives whose ``amount`` is a count: 0 or a negative count is not done, and a negative count
is not the opposite action (1.3.2.2). Other amounts (set_attack's value, infinite_loop's accepted
count) are numbers chosen by a card or a player: whole numbers of 0 or more (1.3.5)."""
ZONES = (
    "hand",
    "deck",
    "deck_top",
    "deck_bottom",
    "abyss",
    "power_charger",
    "battle_zone",
    "zone_c",
)
PROHIBITABLE = (
    "draw", "heal", "deal_damage", "attack_plus", "attack_minus", "set_attack", "move_medal",
    "mill", "move_card", "reduce_damage", "second_card",
)  # fmt: skip
OPS: Mapping[str, tuple[str, ...]] = {
    # op: required fields besides player/timing (amount defaults to 0 where absent)
    "attack_plus": ("amount",),
    "attack_minus": ("amount",),
    "set_attack": ("amount",),
    "deal_damage": ("amount",),
    "heal": ("amount",),
    "reduce_damage": ("amount",),
    "move_medal": (),
    "draw": ("amount",),
    "mill": ("amount",),
    "move_card": ("card_target", "from_zone", "to_zone"),
    "allow_second_card": (),
    "forbid_second_card": (),
    "prohibit": ("action",),
    "otherwise_lose": ("condition_met",),
    "infinite_loop": ("stoppable",),
    "end_area_enchant": ("to_zone",),
}
AREA_ENCHANT_ENDS = ("abyss", "power_charger")
"""Where an area enchant's end condition may send it (6.1.3.3): the card names one of these."""


@dataclass(frozen=True, slots=True)
class SetChoice:
    """The cards a player set this turn: zone A, and zone B if two (turn 1: the face-down card)."""

    a: str
    b: str | None = None

    @property
    def cards(self) -> tuple[str, ...]:
        return (self.a,) if self.b is None else (self.a, self.b)


@dataclass(frozen=True, slots=True)
class EffectEntry:
    """One effect primitive entered by the judge for a card (or for no card: a manual ruling)."""

    player: int
    op: str
    timing: str = "main"
    card: str | None = None
    amount: int = 0
    target: str = "self"
    position: int | None = None
    direction: str = "forward"
    card_target: str | None = None
    from_zone: str | None = None
    to_zone: str | None = None
    action: str | None = None
    turns: int = 1
    condition_met: bool = True
    stoppable: bool = True


Answer = tuple[str, ...] | None
"""One answer of ``choices.picks`` (None: not answered)."""
PlayerPicks = tuple[tuple[str, tuple[Answer, ...]], ...]
"""One player's ``choices.picks``: (card id, its answers in the order asked), sorted by card id."""


@dataclass(frozen=True, slots=True)
class TurnRecord:
    sets: tuple[SetChoice, SetChoice]
    effects: tuple[EffectEntry, ...] = ()
    order: tuple[tuple[str, ...] | None, tuple[str, ...] | None] = (None, None)
    """``choices.order``: each player's card ids in the order their effects take effect (5.2.7.3,
    6.3.3); None = not answered (the default policy ``DEFAULT_ORDER`` is used)."""
    picks: tuple[PlayerPicks, PlayerPicks] = ((), ())
    """``choices.picks``: per player, (card id, its answers in the order asked), sorted by card id;
    an answer None = not answered (the default policy ``DEFAULT_PICK``)."""


@dataclass(frozen=True, slots=True)
class PlayerSnapshot:
    """A player's state entered by a judge mid-game. ``?`` is a card whose identity is unknown."""

    hp: int
    battle_zone: str | None
    zone_c: str | None
    power_charger: tuple[str, ...]
    abyss: tuple[str, ...]
    hand: tuple[str, ...]
    deck: tuple[str, ...]  # top first


@dataclass(frozen=True, slots=True)
class StartSnapshot:
    """A mid-game start: ``turn`` is the next turn to be played (2 or more)."""

    turn: int
    medal: int
    previous_winner: int | None  # None = the previous battle was a tie
    players: tuple[PlayerSnapshot, PlayerSnapshot]


@dataclass(frozen=True, slots=True)
class PlayerRecord:
    name: str
    deck: tuple[str, ...]  # top first


@dataclass(frozen=True, slots=True)
class Claim:
    party: str
    at: str
    path: str
    value: Value
    op: str = "=="
    """``==`` (the value is exactly this) or ``contains`` (a zone holds this card)."""


@dataclass(frozen=True, slots=True)
class GameRecord:
    profile: Profile
    cards: CardCatalogue
    night_side: int
    players: tuple[PlayerRecord, PlayerRecord]
    redraw: tuple[tuple[str, ...], tuple[str, ...]]
    deck_after_redraw: tuple[tuple[str, ...], tuple[str, ...]] | None
    turns: tuple[TurnRecord, ...]
    claims: tuple[Claim, ...]
    start: StartSnapshot | None = None

    def with_profile(self, profile: Profile) -> GameRecord:
        """The same record played under other ambiguity choices."""
        return replace(self, profile=profile)


def schema_text() -> str:
    """The JSON Schema of the record format (shipped in the package)."""
    return package_text("judging.engine.zutomayo", "schema/game-record-3.schema.json")


def schema() -> JSON:
    loaded: JSON = json.loads(schema_text())
    return loaded


# --- small readers -------------------------------------------------------------------------


def _int(value: JSON, path: str, lo: int | None = None, hi: int | None = None) -> int:
    if not isinstance(value, int) or isinstance(value, bool):
        raise RecordError(path, "must be a whole number")
    if (lo is not None and value < lo) or (hi is not None and value > hi):
        raise RecordError(path, f"must be between {lo} and {hi}")
    return value


def _ids(value: JSON, path: str) -> tuple[str, ...]:
    return tuple(_str(v, f"{path}[{i}]") for i, v in enumerate(_list(value, path)))


def _opt_id(value: JSON, path: str) -> str | None:
    return None if value is None else _str(value, path)


def _check_keys(obj: Mapping[str, JSON], allowed: Sequence[str], path: str) -> None:
    for key in obj:
        if key not in allowed:
            raise RecordError(f"{path}.{key}", "unknown field")


def _freeze(value: JSON) -> Value:
    if isinstance(value, list):
        return tuple(_freeze(v) for v in value)
    if isinstance(value, dict):
        return tuple((k, _freeze(v)) for k, v in sorted(value.items()))
    if isinstance(value, float):
        return int(value) if value.is_integer() else str(value)
    return value


def _pair(value: JSON, path: str) -> tuple[JSON, JSON]:
    items = _list(value, path)
    if len(items) != 2:
        raise RecordError(path, "must have exactly two entries, one per player")
    return items[0], items[1]


# --- the record ------------------------------------------------------------------------------

_TOP = ("format", "profile", "cards", "night_side", "players", "redraw", "deck_after_redraw",
        "turns", "claims", "start", "comment")  # fmt: skip


def parse_record(data: JSON, catalogue: CardCatalogue | None = None) -> GameRecord:
    """Check and read a record; card ids must be in ``catalogue`` or the record's own ``cards``."""
    check_depth(data, "record")
    top = _obj(data, "record")
    # The format first: a record of another game (or of none) is named as such, not by the
    # first of its fields this game does not know.
    version = read_format(top.get("format"), FORMATS, "ZUTOMAYO CARD")
    _check_keys(top, _TOP, "record")
    profile = Profile.from_json(top.get("profile"))
    own = CardCatalogue.from_dicts(
        [_obj(c, f"cards[{i}]") for i, c in enumerate(_list(top.get("cards", []), "cards"))]
    )
    cards = (catalogue or CardCatalogue()).merged(own)
    night_side = _int(top.get("night_side"), "night_side", 0, 1)
    start = None if top.get("start") is None else _start(top["start"], "start")
    players = tuple(
        _player(p, f"players[{i}]", need_deck=start is None)
        for i, p in enumerate(_pair(top.get("players"), "players"))
    )
    redraw: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())
    if top.get("redraw") is not None:
        r0, r1 = _pair(top["redraw"], "redraw")
        redraw = (_ids(r0, "redraw[0]"), _ids(r1, "redraw[1]"))
    after = None
    if top.get("deck_after_redraw") is not None:
        a0, a1 = _pair(top["deck_after_redraw"], "deck_after_redraw")
        after = (_ids(a0, "deck_after_redraw[0]"), _ids(a1, "deck_after_redraw[1]"))
    turns = tuple(
        _turn(t, f"turns[{i}]", FORMATS.index(version))
        for i, t in enumerate(_list(top.get("turns", []), "turns"))
    )
    claims = tuple(
        _claim(c, f"claims[{i}]") for i, c in enumerate(_list(top.get("claims", []), "claims"))
    )
    record = GameRecord(
        profile=profile,
        cards=cards,
        night_side=night_side,
        players=(players[0], players[1]),
        redraw=redraw,
        deck_after_redraw=after,
        turns=turns,
        claims=claims,
        start=start,
    )
    _check_card_ids(record)
    return record


def _player(value: JSON, path: str, *, need_deck: bool) -> PlayerRecord:
    obj = _obj(value, path)
    _check_keys(obj, ("name", "deck"), path)
    name = obj.get("name", path)
    deck: tuple[str, ...] = ()
    if need_deck or obj.get("deck") is not None:
        deck = _ids(obj.get("deck"), f"{path}.deck")
    return PlayerRecord(name=_str(name, f"{path}.name"), deck=deck)


def _turn(value: JSON, path: str, age: int = 0) -> TurnRecord:
    """One turn; ``age`` is the format's index in ``FORMATS`` (0: version 3, 1: version 2 without
    picks, 2: version 1 without choices)."""
    obj = _obj(value, path)
    keys = ("set", "effects", "comment", "choices") if age < 2 else ("set", "effects", "comment")
    _check_keys(obj, keys, path)
    s0, s1 = _pair(obj.get("set"), f"{path}.set")
    sets = (_set(s0, f"{path}.set[0]"), _set(s1, f"{path}.set[1]"))
    effects = tuple(
        _effect(e, f"{path}.effects[{i}]")
        for i, e in enumerate(_list(obj.get("effects", []), f"{path}.effects"))
    )
    order: tuple[tuple[str, ...] | None, tuple[str, ...] | None] = (None, None)
    picks: tuple[PlayerPicks, PlayerPicks] = ((), ())
    if obj.get("choices") is not None:
        choices = _obj(obj["choices"], f"{path}.choices")
        _check_keys(choices, ("order", "picks") if age == 0 else ("order",), f"{path}.choices")
        if choices.get("order") is not None:
            o0, o1 = _pair(choices["order"], f"{path}.choices.order")
            order = (
                None if o0 is None else _ids(o0, f"{path}.choices.order[0]"),
                None if o1 is None else _ids(o1, f"{path}.choices.order[1]"),
            )
        if choices.get("picks") is not None:
            k0, k1 = _pair(choices["picks"], f"{path}.choices.picks")
            picks = (
                _player_picks(k0, f"{path}.choices.picks[0]"),
                _player_picks(k1, f"{path}.choices.picks[1]"),
            )
    return TurnRecord(sets=sets, effects=effects, order=order, picks=picks)


def _player_picks(value: JSON, path: str) -> PlayerPicks:
    """``{card id: [answer | null, …]}`` (or null: nothing answered), each answer a list of
    non-empty strings."""
    if value is None:
        return ()
    found: list[tuple[str, tuple[Answer, ...]]] = []
    for card_id, answers in sorted(_obj(value, path).items()):
        where = f"{path}.{card_id}"
        read = tuple(
            None if a is None else _ids(a, f"{where}[{n}]")
            for n, a in enumerate(_list(answers, where))
        )
        found.append((_str(card_id, where), read))
    return tuple(found)


def _set(value: JSON, path: str) -> SetChoice:
    obj = _obj(value, path)
    _check_keys(obj, ("A", "B"), path)
    return SetChoice(a=_str(obj.get("A"), f"{path}.A"), b=_opt_id(obj.get("B"), f"{path}.B"))


_EFFECT_KEYS = ("player", "op", "timing", "card", "amount", "target", "position", "direction",
                "card_target", "from_zone", "to_zone", "action", "turns", "condition_met",
                "stoppable", "comment")  # fmt: skip


def _effect(value: JSON, path: str) -> EffectEntry:
    obj = _obj(value, path)
    _check_keys(obj, _EFFECT_KEYS, path)
    op = _str(obj.get("op"), f"{path}.op")
    if op not in OPS:
        raise RecordError(f"{path}.op", f"unknown effect primitive (known: {', '.join(OPS)})")
    for needed in OPS[op]:
        if needed not in obj:
            raise RecordError(f"{path}.{needed}", f"is required for {op}")
    if op == "move_medal" and ("amount" in obj) == ("position" in obj):
        raise RecordError(f"{path}.amount", "move_medal needs exactly one of amount or position")
    direction = obj.get("direction", "forward")
    if "direction" in obj and (op != "move_medal" or "amount" not in obj):
        raise RecordError(f"{path}.direction", "only a move_medal by an amount has a direction")
    if direction not in DIRECTIONS:
        raise RecordError(f"{path}.direction", f"must be one of {', '.join(DIRECTIONS)}")
    timing = obj.get("timing", "main")
    if timing not in TIMINGS:
        raise RecordError(f"{path}.timing", f"must be one of {', '.join(TIMINGS)}")
    target = obj.get("target", "self")
    if target not in TARGETS:
        raise RecordError(f"{path}.target", f"must be one of {', '.join(TARGETS)}")
    for zone_field in ("from_zone", "to_zone"):
        if zone_field in obj and obj[zone_field] not in ZONES:
            raise RecordError(f"{path}.{zone_field}", f"must be one of {', '.join(ZONES)}")
    if op == "end_area_enchant" and obj["to_zone"] not in AREA_ENCHANT_ENDS:
        raise RecordError(
            f"{path}.to_zone",
            f"must be where the card's end condition sends it: {' or '.join(AREA_ENCHANT_ENDS)}",
        )
    if "action" in obj and obj["action"] not in PROHIBITABLE:
        raise RecordError(f"{path}.action", f"must be one of {', '.join(PROHIBITABLE)}")
    for flag in ("condition_met", "stoppable"):
        if flag in obj and not isinstance(obj[flag], bool):
            raise RecordError(f"{path}.{flag}", "must be true or false")
    amount = obj.get("amount", 0)
    amount_lo = None if op in COUNTED else 0
    return EffectEntry(
        player=_int(obj.get("player"), f"{path}.player", 0, 1),
        op=op,
        timing=str(timing),
        card=_opt_id(obj.get("card"), f"{path}.card"),
        amount=_int(amount, f"{path}.amount", amount_lo, None),
        target=str(target),
        position=None
        if obj.get("position") is None
        else _int(obj["position"], f"{path}.position", 0, 17),
        direction=str(direction),
        card_target=_opt_id(obj.get("card_target"), f"{path}.card_target"),
        from_zone=_opt_id(obj.get("from_zone"), f"{path}.from_zone"),
        to_zone=_opt_id(obj.get("to_zone"), f"{path}.to_zone"),
        action=_opt_id(obj.get("action"), f"{path}.action"),
        turns=_int(obj.get("turns", 1), f"{path}.turns"),
        condition_met=bool(obj.get("condition_met", True)),
        stoppable=bool(obj.get("stoppable", True)),
    )


def _claim(value: JSON, path: str) -> Claim:
    obj = _obj(value, path)
    _check_keys(obj, ("party", "at", "path", "value", "op", "comment"), path)
    op = obj.get("op", "==")
    if op not in CLAIM_OPS:
        raise RecordError(f"{path}.op", 'must be "==" or "contains"')
    if "value" not in obj:
        raise RecordError(f"{path}.value", "is required")
    if not _CLAIM_AT.match(str(obj.get("at", ""))):
        raise RecordError(f"{path}.at", 'must look like "T3", "T3/5.2.9" or "T3/5.2.9:before"')
    if not CLAIM_PATH.match(str(obj.get("path", ""))):
        raise RecordError(f"{path}.path", 'must be a state path such as "players[1].hp"')
    return Claim(
        party=_str(obj.get("party"), f"{path}.party"),
        at=_str(obj.get("at"), f"{path}.at"),
        path=_str(obj.get("path"), f"{path}.path"),
        value=_freeze(obj["value"]),
        op=str(op),
    )


def _start(value: JSON, path: str) -> StartSnapshot:
    obj = _obj(value, path)
    _check_keys(obj, ("turn", "medal", "previous_winner", "players"), path)
    if "previous_winner" not in obj:
        raise RecordError(
            f"{path}.previous_winner",
            "is required: the previous battle's winner (0 or 1), or null if it was a battle draw "
            "(it decides the set counts, 5.2.1.1-5.2.1.3)",
        )
    winner = obj["previous_winner"]
    p0, p1 = _pair(obj.get("players"), f"{path}.players")
    return StartSnapshot(
        turn=_int(obj.get("turn"), f"{path}.turn", 2, None),
        medal=_int(obj.get("medal", 0), f"{path}.medal", 0, 17),
        previous_winner=None if winner is None else _int(winner, f"{path}.previous_winner", 0, 1),
        players=(_snap(p0, f"{path}.players[0]"), _snap(p1, f"{path}.players[1]")),
    )


def _snap(value: JSON, path: str) -> PlayerSnapshot:
    obj = _obj(value, path)
    keys = ("hp", "battle_zone", "zone_c", "power_charger", "abyss", "hand", "hand_unknown",
            "deck", "deck_unknown")  # fmt: skip
    _check_keys(obj, keys, path)
    hand = _ids(obj.get("hand", []), f"{path}.hand")
    hand += ("?",) * _int(obj.get("hand_unknown", 0), f"{path}.hand_unknown", 0, 20)
    deck = _ids(obj.get("deck", []), f"{path}.deck")
    deck += ("?",) * _int(obj.get("deck_unknown", 0), f"{path}.deck_unknown", 0, 20)
    return PlayerSnapshot(
        hp=_int(obj.get("hp", 100), f"{path}.hp"),  # the replay checks 3.7.1 and 5.4.1
        battle_zone=_opt_id(obj.get("battle_zone"), f"{path}.battle_zone"),
        zone_c=_opt_id(obj.get("zone_c"), f"{path}.zone_c"),
        power_charger=_ids(obj.get("power_charger", []), f"{path}.power_charger"),
        abyss=_ids(obj.get("abyss", []), f"{path}.abyss"),
        hand=hand,
        deck=deck,
    )


def _check_card_ids(record: GameRecord) -> None:
    known = record.cards

    def check(card_id: str | None, path: str, *, hidden_ok: bool = False) -> None:
        if card_id is None or (hidden_ok and card_id == "?"):
            return
        if card_id == "?":
            raise RecordError(path, "'?' (an unknown card) is only allowed in a snapshot's "
                              "hand, deck and abyss")  # fmt: skip
        if card_id not in known:
            raise RecordError(path, f"unknown card id {card_id!r} (give it in cards or --cards)")

    for i, player in enumerate(record.players):
        for j, card_id in enumerate(player.deck):
            check(card_id, f"players[{i}].deck[{j}]")
    if record.start is not None:
        for i, snap in enumerate(record.start.players):
            base = f"start.players[{i}]"
            check(snap.battle_zone, f"{base}.battle_zone")
            check(snap.zone_c, f"{base}.zone_c")
            for zone in ("power_charger", "abyss", "hand", "deck"):
                ids: tuple[str, ...] = getattr(snap, zone)
                for j, card_id in enumerate(ids):
                    check(card_id, f"{base}.{zone}[{j}]", hidden_ok=zone != "power_charger")
    for t, turn in enumerate(record.turns):
        for i, choice in enumerate(turn.sets):
            check(choice.a, f"turns[{t}].set[{i}].A")
            check(choice.b, f"turns[{t}].set[{i}].B")
        for e, effect in enumerate(turn.effects):
            check(effect.card, f"turns[{t}].effects[{e}].card")
            check(effect.card_target, f"turns[{t}].effects[{e}].card_target")
        _check_order(turn, t, check)


def load_record_text(text: str, catalogue: CardCatalogue | None = None) -> GameRecord:
    """Parse JSON text into a record; RecordError("record", ...) if it is not JSON."""
    data = load_json(text, "record")
    return parse_record(unwrap_record(data), catalogue)


def _check_order(turn: TurnRecord, t: int, check: Callable[[str, str], None]) -> None:
    """``choices.order``: known card ids, each once; ``choices.picks``: known card ids."""
    for p, order in enumerate(turn.order):
        for j, card_id in enumerate(order or ()):
            check(card_id, f"turns[{t}].choices.order[{p}][{j}]")
        if order is not None and len(set(order)) != len(order):
            raise RecordError(f"turns[{t}].choices.order[{p}]", "names a card twice")
    for p, player_picks in enumerate(turn.picks):  # ``choices.picks``: known card ids
        for card_id, _ in player_picks:
            check(card_id, f"turns[{t}].choices.picks[{p}].{card_id}")
