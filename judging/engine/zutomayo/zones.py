"""A player's zones while a game is replayed (3.1.2): mutable inside the engine, frozen outside.

``PlayerZones`` is the working copy the pipeline and the effect primitives change; ``frozen()``
turns it into the ``PlayerState`` a report or a claim sees. Every change to it is explained by an
event (``apply.Game.emit``); this module only holds the cards.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any, SupportsIndex

from judging.engine.zutomayo.state import PlayerState

MAX_HP = 100
"""1.2.1, 3.7.1: HP starts at 100 and can't go above it, even through effects."""


class Zone(list[str]):
    """A list of card ids that caches its canonical text (for the state digest).

    Every mutating method the engine uses drops the cache, item and slice assignment included
    (a deck reorder, 4th_88). The engine never uses ``+=`` on a zone (list.__iadd__ would
    bypass ``extend``). A property
    test compares cached digests with digests computed from scratch.
    """

    __slots__ = ("_joined",)

    def __init__(self, items: Iterable[str] = ()) -> None:
        super().__init__(items)
        self._joined: str | None = None

    def joined(self) -> str:
        text = self._joined
        if text is None:
            text = self._joined = ",".join(self)
        return text

    def append(self, item: str) -> None:
        self._joined = None
        super().append(item)

    def pop(self, index: SupportsIndex = -1) -> str:
        self._joined = None
        return super().pop(index)

    def remove(self, item: str) -> None:
        self._joined = None
        super().remove(item)

    def insert(self, index: SupportsIndex, item: str) -> None:
        self._joined = None
        super().insert(index, item)

    def extend(self, items: Iterable[str]) -> None:
        self._joined = None
        super().extend(items)

    def reverse(self) -> None:
        self._joined = None
        super().reverse()

    def __setitem__(self, index: Any, value: Any) -> None:
        self._joined = None
        super().__setitem__(index, value)

    def __delitem__(self, index: SupportsIndex | slice) -> None:
        self._joined = None
        super().__delitem__(index)

    def clear(self) -> None:
        self._joined = None
        super().clear()

    def copy(self) -> Zone:
        """An independent copy, its cached text kept."""
        zone = Zone(self)
        zone._joined = self._joined
        return zone


class Pile(Zone):
    """A power charger or an abyss: a zone that also keeps every card put on it this game, for
    the conditions on what was placed there (…に置いたターン / …に置かれたとき).

    ``placed`` holds (card id, by the other player's effect) in the order they arrived;
    ``turn_start`` is its length when this turn began; ``foreign`` is set while the other
    player's effect resolves (``apply.Game``), so that a card put here then counts as put by
    them, not by this zone's owner. Reassigning the zone keeps them (``PlayerZones``)."""

    __slots__ = ("foreign", "placed", "turn_start")

    def __init__(self, items: Iterable[str] = ()) -> None:
        super().__init__(items)
        self.placed: list[tuple[str, bool]] = []
        self.turn_start = 0
        self.foreign = False

    def append(self, item: str) -> None:
        super().append(item)
        self.placed.append((item, self.foreign))

    def insert(self, index: SupportsIndex, item: str) -> None:
        super().insert(index, item)
        self.placed.append((item, self.foreign))

    def extend(self, items: Iterable[str]) -> None:
        items = list(items)
        super().extend(items)
        self.placed.extend((item, self.foreign) for item in items)

    def replaced(self, items: Iterable[str]) -> Pile:
        """The same pile with other contents (a reorder or removal), its history kept."""
        pile = Pile(items)
        pile.placed, pile.turn_start, pile.foreign = self.placed, self.turn_start, self.foreign
        return pile

    def copy(self) -> Pile:
        """An independent copy: its cards, history and cached text."""
        pile = Pile(self)
        pile._joined, pile.turn_start, pile.foreign = self._joined, self.turn_start, self.foreign
        pile.placed = list(self.placed)
        return pile

    def placed_this_turn(self, since: int = 0) -> list[tuple[str, bool]]:
        """The cards put here this turn (after the first ``since`` of them)."""
        return self.placed[max(self.turn_start, since) :]


class PlayerZones:
    """One player's cards and HP. Stacks (power charger, abyss) are bottom first, and so is the
    deck here: its top card is ``deck[-1]`` (``frozen()`` turns the deck top first).

    ``played_this_turn`` drives the clock sum (5.1.1.1, 5.2.4.1) and the end-of-turn draw (5.1.5.1,
    5.2.11.2); ``swapped_in`` is the character that entered the battle zone this turn (6.1.3.1);
    ``total_power`` is the SEND TO POWER total of the power charger (3.4, 9.1.1).

    What the card conditions ask of this turn and the last one is kept here as it happens
    (``start_turn`` begins a turn): ``previous_character``, the character in the battle zone when
    the turn began, i.e. the one used last turn (前のターンで使用したキャラクター, Q23);
    ``swapped_out``, the character ``swapped_in`` replaced this turn (…と入れ替えていた);
    ``largest_hp_loss``, the most HP lost at once this turn (…ダメージ以上を受けた); the piles'
    ``placed`` (``Pile``); ``zone_c_marks``, how many cards had been put on this player's power
    charger and on the opponent's abyss when the area enchant in set zone C came into play
    (or when the turn began, if it was there already): what happened after that is what its
    "…に置かれたとき" sees.
    """

    __slots__ = ("_abyss", "_deck", "_frozen", "_frozen_key", "_hand", "_hp", "_power_charger",
                 "battle_zone", "largest_hp_loss", "played_this_turn", "previous_character",
                 "swapped_in", "swapped_out", "total_power", "zone_a", "zone_b", "zone_c",
                 "zone_c_marks")  # fmt: skip

    def __init__(self) -> None:
        self._hp = MAX_HP
        self.largest_hp_loss = 0
        self.previous_character: str | None = None
        self.swapped_out: str | None = None
        self.zone_c_marks = (0, 0)
        self._deck = Zone()
        self._hand = Zone()
        self.battle_zone: str | None = None
        self.zone_a: str | None = None
        self.zone_b: str | None = None
        self.zone_c: str | None = None
        self._power_charger = Pile()
        self._abyss = Pile()
        self.played_this_turn: list[str] = []
        self.swapped_in: str | None = None
        self.total_power = 0
        self._frozen: PlayerState | None = None
        self._frozen_key: tuple[object, ...] = ()

    def copy(self) -> PlayerZones:
        """An independent copy (``Game.fork``): the zones and this turn's lists are copied, the
        frozen values shared."""
        other = PlayerZones.__new__(PlayerZones)
        for name in PlayerZones.__slots__:
            setattr(other, name, getattr(self, name))
        other._deck, other._hand = self._deck.copy(), self._hand.copy()
        other._power_charger, other._abyss = self._power_charger.copy(), self._abyss.copy()
        other.played_this_turn = list(self.played_this_turn)
        return other

    @property
    def hp(self) -> int:
        return self._hp

    @hp.setter
    def hp(self, value: int) -> None:
        """Every HP change passes here: a loss is damage taken (3.7, 5.4; by battle or effect)."""
        loss = self._hp - value
        if loss > self.largest_hp_loss:
            self.largest_hp_loss = loss
        self._hp = value

    def start_turn(self) -> None:
        """A new turn: this turn's facts start empty; the character in the battle zone now is the
        one used in the turn before (Q23)."""
        self.played_this_turn = []
        self.swapped_in = None
        self.swapped_out = None
        self.largest_hp_loss = 0
        self.previous_character = self.battle_zone
        self._power_charger.turn_start = len(self._power_charger.placed)
        self._abyss.turn_start = len(self._abyss.placed)

    @property
    def deck(self) -> Zone:
        return self._deck

    @deck.setter
    def deck(self, items: Iterable[str]) -> None:
        self._deck = Zone(items)

    @property
    def hand(self) -> Zone:
        return self._hand

    @hand.setter
    def hand(self, items: Iterable[str]) -> None:
        self._hand = Zone(items)

    @property
    def power_charger(self) -> Pile:
        return self._power_charger

    @power_charger.setter
    def power_charger(self, items: Iterable[str]) -> None:
        self._power_charger = self._power_charger.replaced(items)

    @property
    def abyss(self) -> Pile:
        return self._abyss

    @abyss.setter
    def abyss(self, items: Iterable[str]) -> None:
        self._abyss = self._abyss.replaced(items)

    def stack(self, zone: str) -> Zone:
        """The hand, deck, power charger or abyss, by its record name."""
        stacks = {"hand": self._hand, "deck": self._deck, "power_charger": self._power_charger,
                  "abyss": self._abyss}  # fmt: skip
        return stacks[zone]

    def single(self, zone: str) -> str | None:
        """The card in the battle zone or set zone C (``zone``: ``battle_zone`` or ``zone_c``)."""
        return self.battle_zone if zone == "battle_zone" else self.zone_c

    def set_single(self, zone: str, card_id: str | None) -> None:
        if zone == "battle_zone":
            self.battle_zone = card_id
        else:
            self.zone_c = card_id

    def state_key(self, *, fresh: bool = False) -> tuple[int | str | None, ...]:
        """This player's part of the state key (``state.StateKey``): HP, the single-card zones and
        the text of each stack (``fresh``: ignore the zones' cached texts)."""
        pc, ab, hand, deck = self._power_charger, self._abyss, self._hand, self._deck
        if fresh:
            return (self._hp, self.battle_zone, self.zone_a, self.zone_b, self.zone_c,
                    ",".join(pc), ",".join(ab), ",".join(hand), ",".join(deck))  # fmt: skip
        # Spelled out: this runs for every event that changes the state.
        return (
            self._hp, self.battle_zone, self.zone_a, self.zone_b, self.zone_c,
            pc._joined if pc._joined is not None else pc.joined(),
            ab._joined if ab._joined is not None else ab.joined(),
            hand._joined if hand._joined is not None else hand.joined(),
            deck._joined if deck._joined is not None else deck.joined(),
        )  # fmt: skip

    def frozen(self) -> PlayerState:
        """The frozen state, reused while nothing in it has changed (checkpoints ask often)."""
        key = (self._hp, self.battle_zone, self.zone_a, self.zone_b, self.zone_c,
               self.total_power, self._power_charger.joined(), self._abyss.joined(),
               self._hand.joined(), self._deck.joined())  # fmt: skip
        if self._frozen is not None and key == self._frozen_key:
            return self._frozen
        self._frozen, self._frozen_key = self._build_frozen(), key
        return self._frozen

    def _build_frozen(self) -> PlayerState:
        return PlayerState(
            hp=self._hp,
            battle_zone=self.battle_zone,
            zone_a=self.zone_a,
            zone_b=self.zone_b,
            zone_c=self.zone_c,
            power_charger=tuple(self._power_charger),
            abyss=tuple(self._abyss),
            hand=tuple(self._hand),
            deck=tuple(reversed(self._deck)),
            total_power=self.total_power,
        )
