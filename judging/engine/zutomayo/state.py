"""Frozen values the engine hands out: states and battle results; events and the game's result are
the core's ``Event`` and ``Outcome``, rendered here."""

from __future__ import annotations

import hashlib
from collections.abc import Mapping
from dataclasses import dataclass
from functools import lru_cache

from judging.engine.core.events import Event, Outcome, StateKey
from judging.engine.core.jsontypes import JSON, Value, value_to_json
from judging.engine.zutomayo.messages import render

NIGHT = "night"
DAY = "day"


@dataclass(frozen=True, slots=True)
class PlayerState:
    """One player's zones. Stacks (power charger, abyss) are bottom first; the deck is top first."""

    hp: int
    battle_zone: str | None
    zone_a: str | None
    zone_b: str | None
    zone_c: str | None
    power_charger: tuple[str, ...]
    abyss: tuple[str, ...]
    hand: tuple[str, ...]
    deck: tuple[str, ...]
    total_power: int

    @property
    def deck_count(self) -> int:
        return len(self.deck)

    @property
    def card_count(self) -> int:
        """Cards this player owns on the table (4.1.1: always 20 in a game from the start)."""
        zones = (self.battle_zone, self.zone_a, self.zone_b, self.zone_c)
        return (
            sum(1 for z in zones if z is not None)
            + len(self.power_charger)
            + len(self.abyss)
            + len(self.hand)
            + len(self.deck)
        )

    def to_json(self) -> dict[str, JSON]:
        return {
            "hp": self.hp,
            "battle_zone": self.battle_zone,
            "zone_c": self.zone_c,
            "power_charger": list(self.power_charger),
            "abyss": list(self.abyss),
            "hand": list(self.hand),
            "deck_count": len(self.deck),
            "total_power": self.total_power,
        }


@dataclass(frozen=True, slots=True)
class BattleResult:
    """A turn's battle: final attacks, the winner (None = a battle draw, 5.1.4.4) and the damage."""

    attack: tuple[int, int]
    winner: int | None
    damage: int

    def to_json(self) -> dict[str, JSON]:
        return {"attack": list(self.attack), "winner": self.winner, "damage": self.damage}


@dataclass(frozen=True, slots=True)
class GameState:
    """The whole state at a checkpoint (after a step)."""

    turn: int
    step: str
    medal: int
    time: str
    priority: int
    night_side: int
    battle: BattleResult | None
    players: tuple[PlayerState, PlayerState]
    digest: str
    attack: tuple[int, int] | None = None
    """This turn's attacks once decided (5.1.3, or 5.2.8 via 5.1.3), before the battle uses them."""
    result: GameResult | None = None
    """How the game ended, once it has (None while it goes on)."""


GameResult = Outcome
"""How the game ended (the core ``Outcome``; its ``turn`` is the turn it ended in)."""

DIGEST_CHARS = 24
"""Hex digits of SHA-256 kept in a state digest."""

_PLAYER_TEXT = "/".join(["%s"] * 9)
STATE_TEXT = f"%s;%s;%s;%s;%s;{_PLAYER_TEXT};{_PLAYER_TEXT};%s"
"""The canonical state dump (``STATE_TEXT % state_key``): fields by ``;``, a player's by ``/``,
cards by ``,``. An event's ``state_key`` (``Game.state_key``) holds its parts in order: the turn,
the medal, the night side, the last battle's winner, whether a battle was fought, each player's
HP, battle zone, set zones A-C and the text of the power charger, abyss, hand and deck, then the
effect state's dump; ``()`` is no digest (a re-run that only answers claims)."""


@lru_cache(maxsize=4096)
def state_digest(key: StateKey) -> str:
    """The digest of a state: SHA-256 of its canonical dump, ``DIGEST_CHARS`` hex digits (the
    events of one state share one key, so the cache works it out once for all of them)."""
    if not key:
        return ""
    return hashlib.sha256((STATE_TEXT % key).encode()).hexdigest()[:DIGEST_CHARS]


def event_digest(event: Event) -> str:
    """The digest of the whole state after the event (``state_digest`` of its ``state_key``)."""
    return state_digest(event.state_key)


def event_text(event: Event, lang: str = "en", names: Mapping[str, str] | None = None) -> str:
    """The event in English or Japanese; ``names`` maps card ids to names (ids shown if absent)."""
    return render(event.kind, event.player, event.before, event.after, event.params, lang, names)


def event_json(
    event: Event, lang: str = "en", names: Mapping[str, str] | None = None
) -> dict[str, JSON]:
    """The event as the report's JSON gives it."""
    return {
        "seq": event.seq,
        "step": event.step,
        "kind": event.kind,
        "rules": list(event.rules),
        "player": event.player,
        "before": value_to_json(event.before),
        "after": value_to_json(event.after),
        "digest": event_digest(event),
        "profile_keys": list(event.profile_keys),
        "qa": _qa(event.params),
        "text": event_text(event, lang, names),
    }


def _qa(params: tuple[tuple[str, Value], ...]) -> list[JSON]:
    """The official Q&A answer an event names, if any, as a list (the JSON field ``qa``)."""
    for key, value in params:
        if key == "qa":
            return [str(value)]
    return []
