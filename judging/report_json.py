"""The stored replay reports (``Ruling.output``) and records (``Ruling.record``) as the ruling
page reads them: the engines' JSON (``to_json``) with each key the presenters use named and
typed. Every key is optional: the three games' reports share some keys and not others, and a
presenter reads what its game writes, with ``.get`` and a default where a key may be missing.

The view casts the stored JSON to these types once (``judging.views``); nothing checks them at
run time, as nothing did before.
"""

from __future__ import annotations

from typing import TypedDict

from judging.engine.core.jsontypes import JSON


class EventJson(TypedDict, total=False):
    """An event of the replay's log: its step, its text, the rules (and Q&A) it cites."""

    step: str
    kind: str
    text: str
    rules: list[str]
    qa: list[str]


class ClaimJson(TypedDict, total=False):
    """A player's claim and the engine's verdict on it."""

    at: str
    path: str
    party: str
    claimed: JSON
    actual: JSON
    status: str
    rules: list[str]
    depends_on: list[str]
    alternatives: dict[str, str]


class ResultJson(TypedDict, total=False):
    outcome: str
    winner: int | None
    turn: int
    reason: str
    rules: list[str]


class IllegalJson(TypedDict, total=False):
    """Where the record breaks a rule (``IllegalInput.to_json``, and its message's key)."""

    rule: str
    turn: int
    step: str
    path: str
    message: str
    key: str
    params: dict[str, str | int]


class ChoiceJson(TypedDict, total=False):
    """A choice a card's effect asked for (ZUTOMAYO CARD): the answers and the one used."""

    path: str
    kind: str
    options: list[str]
    chosen: list[str]
    count: int
    defaulted: bool


class SetupJson(TypedDict, total=False):
    events: list[EventJson]


class BattleJson(TypedDict, total=False):
    attack: list[int | None]
    winner: int | None
    damage: int


class ChronosJson(TypedDict, total=False):
    position: int
    time: str


class SlotJson(TypedDict, total=False):
    """An Azuki card on the board (garden or alley) and the damage on it."""

    card: str
    damage: int


class PlayerStateJson(TypedDict, total=False):
    """A player after a turn or round: ZUTOMAYO CARD's, ZTRIKE's and Azuki's keys."""

    hp: int
    total_power: int | None
    battle_zone: str | None
    zone_c: str | None
    hand: list[str] | int
    deck_count: int
    deck: int
    discard: list[str] | int
    victory_zone: list[str]
    leader_health: int
    ikz: int
    ikz_untapped: int
    garden: list[SlotJson | None]
    alley: list[SlotJson | None]


class StateJson(TypedDict, total=False):
    players: list[PlayerStateJson]


class TurnJson(TypedDict, total=False):
    """A turn (ZUTOMAYO CARD, Azuki) or a round (ZTRIKE) of the report."""

    turn: int
    round: int
    player: int
    players: list[PlayerStateJson]
    battle: BattleJson | None
    chronos: ChronosJson
    priority: int
    events: list[EventJson]
    state: StateJson
    decided_by: str
    winner: int | None
    victory_points: list[int]
    main_player: int


class ReportJson(TypedDict, total=False):
    """A replay report in one language, as ``Ruling.output[lang]`` keeps it."""

    format: str
    players: list[str]
    claims: list[ClaimJson]
    setup: SetupJson
    turns: list[TurnJson]
    rounds: list[TurnJson]
    result: ResultJson
    illegal_input: IllegalJson | None
    card_names: dict[str, str | list[str]]
    leaders: list[str]
    night_side: int
    profile: dict[str, JSON]
    profile_keys_used: list[str]
    ambiguities_consulted: list[str]
    notes: list[str]
    choices: list[ChoiceJson]


class RecordTurnJson(TypedDict, total=False):
    """A turn of a ZUTOMAYO CARD record: the cards each player set (zones ``A``, ``B``)."""

    set: list[dict[str, str]]


class RecordStartJson(TypedDict, total=False):
    turn: int


class RecordCardJson(TypedDict, total=False):
    """A card a record defines (ZTRIKE)."""

    id: str
    name: str


class RecordJson(TypedDict, total=False):
    """A game record, as ``Ruling.record`` keeps it: the keys the ruling page reads."""

    turns: list[RecordTurnJson]
    start: RecordStartJson
    cards: list[RecordCardJson]
