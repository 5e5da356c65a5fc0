"""Effect primitives a judge enters for a card whose effect does not run by itself, and the state
they leave behind.

Card text is not read: a card whose effect the record does not describe has no effect, and the
replay says so (``EFFECT_NOT_DESCRIBED``). The timing and the power cost were already checked by the
pipeline (``apply.Game``) before a primitive runs.

``EffectState`` is everything effects change besides the zones, HP and the medal: this turn's attack
and damage modifiers, and the prohibitions and set-count changes that last into later turns. This
module owns it: primitives replace it, the pipeline only reads it (and starts each turn with
``new_turn``). ``EffectContext`` is what a primitive may see and do of the game; the pipeline's
``Game`` provides it, so this module does not import the pipeline.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field, replace
from typing import NoReturn, Protocol

from judging.engine.core.events import Event
from judging.engine.core.jsontypes import Value
from judging.engine.zutomayo import rules as R  # noqa: N812 - R.R_5_2_1 reads as a citation
from judging.engine.zutomayo.cardeffects.vocab import CardEffect
from judging.engine.zutomayo.cards import UNKNOWN_CARD, CardDef
from judging.engine.zutomayo.chronos import CHRONOS_MARKS, DAY, NIGHT, advance
from judging.engine.zutomayo.record import COUNTED, EffectEntry
from judging.engine.zutomayo.state import BattleResult
from judging.engine.zutomayo.zones import MAX_HP, PlayerZones

PRIMITIVE_RULES: dict[str, tuple[str, ...]] = {
    "attack_plus": ("7.1", "1.3.1"),
    "attack_minus": ("7.1", "1.3.1"),
    "set_attack": ("7.1", "1.3.1"),
    "deal_damage": ("7.1.1", "1.3.1", "5.4.1"),
    "heal": ("3.7.1", "1.3.1"),
    "reduce_damage": ("5.1.4.3", "1.3.1"),
    "move_medal": ("3.8.2", "1.3.1", "1.3.2.1"),
    "draw": ("8.2.1", "1.3.1"),
    "mill": ("8.2.2", "1.3.1"),
    "move_card": ("1.3.1", "1.3.2", "3.4.2", "3.6.2"),
    "allow_second_card": ("1.3.1",),
    "forbid_second_card": ("1.3.3",),
    "prohibit": ("1.3.3",),
    "otherwise_lose": ("8.2.3",),
    "infinite_loop": ("10.1.1.1", "10.1.1.2", "10.1.1.3"),
    "end_area_enchant": ("6.1.3.3", "6.1.3.4"),
}
"""The rules each primitive cites (for the coverage report)."""

ALLOW = "allow"
"""A set-count change: the player may set 2 cards (1.3.1: card text beats 5.2.1.1/5.2.1.3)."""
FORBID = "forbid"
"""A set-count change: the player may set only 1 card (1.3.3: a prohibition beats an
instruction)."""


@dataclass(frozen=True, slots=True)
class Prohibition:
    """``player`` may not do ``action`` (a primitive's name, or ``second_card``) up to and including
    ``last_turn`` (1.3.3)."""

    player: int
    action: str
    last_turn: int


AttackChange = tuple[str, int]
"""One change to a character's attack this turn: (``attack_plus``, ``attack_minus`` or
``set_attack``, the amount), in the order the effects resolved."""


def changed_attack(attack: int, change: AttackChange) -> int:
    """The attack after one change. Attack never goes below 0, at any step (7.1, Q54): 30 - 40 is
    0, and a later +80 makes 80. "Set attack to N" replaces the attack at that moment (1.3.1)."""
    op, amount = change
    if op == "attack_plus":
        return attack + amount
    if op == "attack_minus":
        return max(0, attack - amount)
    return max(0, amount)


def attack_after(printed: int, changes: Sequence[AttackChange]) -> int:
    """``printed`` with ``changes`` applied one by one, in resolution order (6.3.1, 6.3.3, 7.1)."""
    attack = printed
    for change in changes:
        attack = changed_attack(attack, change)
    return attack


PowerBonus = tuple[str, bool, str, tuple[str, ...], int]
"""One ★+N per card counted, this turn (Q24): (the card, the opponent's zone?, the zone's record
name, the elements counted (none: every card), N). The cards are counted at each power-cost check
(9.1.3), so a card that reaches the zone later in the turn counts from then on."""


@dataclass(frozen=True, slots=True)
class EffectState:
    """What effects have changed beyond the zones, HP and the medal; one value per player pair.

    The attack changes, damage reductions and power bonuses last for the turn (``new_turn`` clears
    them); prohibitions and set-count changes last into later turns. Once any effect has changed
    it (``in_digest``), the state digest covers it, so that two states that differ only here get
    different digests.
    """

    attack_changes: tuple[tuple[AttackChange, ...], tuple[AttackChange, ...]] = ((), ())
    """Each player's attack changes this turn, in the order they resolved (6.3.1, 6.3.3, 7.1).
    They apply to the printed attack of the time of the battle (5.1.3.1) one by one."""
    damage_reductions: tuple[int, int] = (0, 0)
    """Battle damage reduced this turn (5.1.4.3: the loser still loses)."""
    power_bonuses: tuple[tuple[PowerBonus, ...], tuple[PowerBonus, ...]] = ((), ())
    """Each player's ★+N per card counted this turn (act.power_plus_per; Q24, Q72)."""
    prohibitions: tuple[Prohibition, ...] = ()
    set_counts: tuple[tuple[int, int, str], ...] = ()
    """(player, turn, ALLOW or FORBID), sorted: how many cards a player may set that turn."""
    attack_swaps: tuple[bool, bool] = (False, False)
    """This turn, whose printed (base) attack is the other time's (基礎攻撃力を昼夜逆転, 1.3.1)."""
    always_day: tuple[bool, bool] = (False, False)
    """This turn, whose printed attack is the DAY one whatever the time (常に昼の攻撃力, 5.2.8)."""
    unreducible: tuple[bool, bool] = (False, False)
    """This turn, whose damage dealt is not reduced (与えるダメージは軽減されない, 1.3.1)."""
    reduced: tuple[int, int] = (0, 0)
    """How much damage each player's reductions took away this turn (このターンに軽減した数値)."""
    clocks_negated: bool = False
    """This turn, every card's clock counts 0 when time moves forward (時計を無効, 5.2.4)."""
    char_clocks_negated: tuple[bool, bool] = (False, False)
    """This turn, the clocks of each player's character cards count 0 (Q63, 5.2.4)."""
    all_clocks: int | None = None
    """This turn, every card's clock counts as this (すべてのカードの時計をNにする, Q31)."""
    midnight_width: int = 0
    """This turn, the marks this close to midnight count as midnight too (真夜中の前後Nマス)."""
    cost_changes: tuple[tuple[int, str, int], ...] = ()
    """This turn, (player, card, ★ taken off its power cost) (パワーコストを★N減らす, Q36)."""
    elements: tuple[tuple[int, str, str], ...] = ()
    """(player, card, element): the element a character has while it stays in its player's
    battle zone (属性をバトルフィールドにいる間Xにする); dropped when it leaves."""
    negated: tuple[int, ...] = ()
    """Players whose enchants' effects are negated for the rest of this turn
    (act.negate_opp_enchants; Q51: enchants only; Q52: effects already resolved stay);
    ``new_turn`` clears it."""
    area_bans: tuple[tuple[int, str], ...] = ()
    """(player, card): ``player`` may not set an area enchant while the other player's ``card`` is
    in set zone C (act.prohibit_opp_area_enchant, 1.3.3; Q28: one set is put away at 5.2.6)."""
    hand_bonus: tuple[int, int] = (0, 0)
    """Each player's hand size change until the game ends (act.hand_size_change)."""
    keeps: tuple[int, ...] = ()
    """Players who keep their battle character at this turn's 5.2.5: the character set with the
    card is not swapped in (act.optional_keep, 変えなくてもよい). ``new_turn`` clears it."""
    in_digest: bool = False
    dump: str = field(init=False, repr=False, compare=False)
    """The canonical text the state digest covers ("" until an effect changes this state)."""

    def __post_init__(self) -> None:
        text = ""
        if self.in_digest:
            prohibitions = [(p.player, p.action, p.last_turn) for p in self.prohibitions]
            set_counts = [((p, turn), mode) for p, turn, mode in self.set_counts]
            changes = [[list(change) for change in player] for player in self.attack_changes]
            text = f"{changes}{list(self.damage_reductions)}{prohibitions}{set_counts}"
            if self.power_bonuses != ((), ()):
                text += f"{[list(b) for b in self.power_bonuses]}"
            battle = self._battle_dump()
            if battle:
                text += battle
            if self.negated or self.area_bans or self.hand_bonus != (0, 0) or self.keeps:
                text += f"{list(self.negated)}{list(self.area_bans)}{list(self.hand_bonus)}"
                text += f"{list(self.keeps)}"
        object.__setattr__(self, "dump", text)

    def _battle_dump(self) -> str:
        """The changes of ``run_battle`` (empty when there are none, so that digests of states
        without them stay as they were)."""
        if self._battle_turn_default() and not self.elements and self.reduced == (0, 0):
            return ""
        return (
            f";{self.attack_swaps}{self.always_day}{self.unreducible}{self.reduced}"
            f"{self.clocks_negated}{self.char_clocks_negated}{self.all_clocks}"
            f"{self.midnight_width}{list(self.cost_changes)}{list(self.elements)}"
        )

    def _battle_turn_default(self) -> bool:
        return (
            self.attack_swaps == _NO_FLAGS
            and self.always_day == _NO_FLAGS
            and self.unreducible == _NO_FLAGS
            and not self.clocks_negated
            and self.char_clocks_negated == _NO_FLAGS
            and self.all_clocks is None
            and self.midnight_width == 0
            and not self.cost_changes
        )

    def new_turn(self) -> EffectState:
        """This turn's changes end with it (7.1, 5.1.4.3); prohibitions, set counts and an
        element set while a character stays in the battle zone stay."""
        if (
            self.attack_changes == ((), ())
            and self.damage_reductions == (0, 0)
            and self.power_bonuses == ((), ())
            and self.reduced == (0, 0)
            and self._battle_turn_default()
            and not self.negated
            and not self.keeps
        ):
            return self
        return replace(
            self, attack_changes=((), ()), damage_reductions=(0, 0), power_bonuses=((), ()),
            reduced=(0, 0), attack_swaps=_NO_FLAGS, always_day=_NO_FLAGS, unreducible=_NO_FLAGS,
            clocks_negated=False, char_clocks_negated=_NO_FLAGS, all_clocks=None,
            midnight_width=0, cost_changes=(), negated=(), keeps=(),
        )  # fmt: skip

    def attack_time(self, p: int, time: str) -> str:
        """Whose printed attack ``p``'s character has at ``time``: DAY's if its attack is always
        DAY's (5.2.8), the other time's if its base attack is swapped (昼夜逆転), else the
        time's."""
        night = time == NIGHT and not self.always_day[p]
        if self.attack_swaps[p]:
            night = not night
        return NIGHT if night else DAY

    def printed_for(self, p: int, card: CardDef, time: str) -> int:
        """The printed attack ``p``'s character has now (``attack_time``)."""
        night = self.attack_time(p, time) == NIGHT
        return (card.attack_night if night else card.attack_day) or 0

    def power_cost(self, p: int, card_id: str, printed: int) -> int:
        """The power cost of ``p``'s ``card_id`` this turn: the printed one less the ★ effects
        took off it, never below 0 (Q36)."""
        if not self.cost_changes:
            return printed
        off = sum(n for q, c, n in self.cost_changes if q == p and c == card_id)
        return max(0, printed - off)

    def clock_of(self, p: int, card: CardDef) -> int:
        """The clock ``p``'s ``card`` counts when time moves forward (5.2.4): 0 if negated (a
        negation beats an instruction, 1.3.3), else N if every clock is N (Q31), else printed."""
        if self.clocks_negated or (card.is_character and self.char_clocks_negated[p]):
            return 0
        if self.all_clocks is not None:
            return self.all_clocks
        return card.clock

    def is_midnight(self, medal: int) -> bool:
        """3.8.1: the medal on the full moon, or within ``midnight_width`` marks of it."""
        return min(medal, CHRONOS_MARKS - medal) <= self.midnight_width

    def element(self, p: int, card_id: str, printed: str) -> str:
        """The element of ``p``'s character ``card_id`` (an effect may have set it)."""
        for q, c, element in self.elements:
            if q == p and c == card_id:
                return element
        return printed

    def without_element(self, p: int, card_id: str) -> EffectState:
        """``p``'s ``card_id`` left the battle zone: an element set while it stayed ends."""
        kept = tuple(e for e in self.elements if e[:2] != (p, card_id))
        return self if kept == self.elements else replace(self, elements=kept, in_digest=True)

    def with_flag(self, name: str, player: int, value: bool = True) -> EffectState:
        """One of the per-player this-turn flags (``attack_swaps``, ``always_day``,
        ``unreducible``, ``char_clocks_negated``) set for ``player``."""
        pair: tuple[bool, bool] = getattr(self, name)
        new = (value, pair[1]) if player == 0 else (pair[0], value)
        return replace(self, **{name: new}, in_digest=True)  # type: ignore[arg-type]

    def with_reduced(self, player: int, amount: int) -> EffectState:
        if amount <= 0:
            return self
        return replace(self, reduced=_put(self.reduced, player, self.reduced[player] + amount),
                       in_digest=True)  # fmt: skip

    def is_prohibited(self, player: int, action: str, turn: int) -> bool:
        """1.3.3: a prohibition on ``action`` for ``player`` is in force on ``turn``."""
        return any(
            p.player == player and p.action == action and p.last_turn >= turn
            for p in self.prohibitions
        )

    def set_count_change(self, player: int, turn: int) -> str | None:
        """ALLOW, FORBID or None: what set-count primitives said about ``player`` on ``turn``."""
        for p, t, mode in self.set_counts:
            if p == player and t == turn:
                return mode
        return None

    def set_count(self, player: int, turn: int) -> str | None:
        """The set-count change in force: a prohibition of a second card beats an instruction to
        allow one (1.3.3)."""
        if self.is_prohibited(player, "second_card", turn):
            return FORBID
        return self.set_count_change(player, turn)

    def with_attack_change(self, player: int, change: AttackChange) -> EffectState:
        """``change`` appended to ``player``'s attack changes: it applies after those before it."""
        mine = (*self.attack_changes[player], change)
        pair = (mine, self.attack_changes[1]) if player == 0 else (self.attack_changes[0], mine)
        return replace(self, attack_changes=pair, in_digest=True)

    def with_damage_reduction(self, player: int, amount: int) -> EffectState:
        reductions = _put(self.damage_reductions, player, self.damage_reductions[player] + amount)
        return replace(self, damage_reductions=reductions, in_digest=True)

    def with_power_bonus(self, player: int, bonus: PowerBonus) -> EffectState:
        mine = (*self.power_bonuses[player], bonus)
        pair = (mine, self.power_bonuses[1]) if player == 0 else (self.power_bonuses[0], mine)
        return replace(self, power_bonuses=pair, in_digest=True)

    def with_prohibition(self, prohibition: Prohibition) -> EffectState:
        return replace(self, prohibitions=(*self.prohibitions, prohibition), in_digest=True)

    def enchants_negated(self, player: int) -> bool:
        """``player``'s enchants' effects are negated this turn (Q51)."""
        return player in self.negated

    def with_negated(self, player: int) -> EffectState:
        return replace(self, negated=tuple(sorted({*self.negated, player})), in_digest=True)

    def area_ban(self, player: int, opponent_zone_c: str | None) -> str | None:
        """The card that forbids ``player`` to set an area enchant now: one of the other player's
        bans that is in force while that card is in their set zone C (1.3.3, Q28); else None."""
        if opponent_zone_c is None:
            return None
        for banned, card in self.area_bans:
            if banned == player and card == opponent_zone_c:
                return card
        return None

    def with_area_ban(self, player: int, card: str) -> EffectState:
        if (player, card) in self.area_bans:
            return self
        return replace(self, area_bans=tuple(sorted({*self.area_bans, (player, card)})),
                       in_digest=True)  # fmt: skip

    def with_keep(self, player: int) -> EffectState:
        return replace(self, keeps=tuple(sorted({*self.keeps, player})), in_digest=True)

    def with_hand_bonus(self, player: int, amount: int) -> EffectState:
        bonus = _put(self.hand_bonus, player, self.hand_bonus[player] + amount)
        return replace(self, hand_bonus=bonus, in_digest=True)

    def with_set_count(self, player: int, turn: int, mode: str) -> EffectState:
        rest = [entry for entry in self.set_counts if entry[:2] != (player, turn)]
        set_counts = tuple(sorted((*rest, (player, turn, mode))))
        return replace(self, set_counts=set_counts, in_digest=True)


_NO_FLAGS = (False, False)


def _put(pair: tuple[int, int], player: int, value: int) -> tuple[int, int]:
    return (value, pair[1]) if player == 0 else (pair[0], value)


class EffectContext(Protocol):
    """What an effect primitive may see and do of the game being replayed (``apply.Game``)."""

    medal: int
    effects: EffectState
    events: list[Event]
    battle: BattleResult | None
    """This turn's battle, once fought (5.1.4, 5.2.9)."""
    turn_start_medal: int
    """The medal's mark when this turn began."""

    @property
    def turn(self) -> int: ...

    def turn_events(self) -> Sequence[Event]:
        """This turn's events so far, oldest first (for "…したターン" / "…したとき")."""
        ...

    def choose(
        self, p: int, card_id: str, kind: str, options: Sequence[str], count: int
    ) -> tuple[str, ...]:
        """A choice ``card_id``'s effect asks of player ``p`` (an input of the record): ``kind`` is
        ``pick`` (exactly ``count`` of ``options``, or all of them if fewer, 1.3.2), ``up_to`` (0
        to ``count``, 1.3.5.2), ``at_least`` (``count`` or more, all if fewer), ``order`` (every
        option once, in an order), ``may`` (``options`` are ("yes", "no")) or ``name`` (one card
        id of the catalogue, whose full name is named: 2.1.2, Q50; ``options`` one id per name,
        ``name_options``). The answer in the record (``choices.picks``), checked (an answer that
        is not legal is illegal input naming its path), else the documented default
        (``record.DEFAULT_PICK``: the first legal answer, i.e. the first ``count`` options in the
        order given; an order: the options' order; a may: yes). Every choice is listed on the
        replay, defaulted or not; give ``options`` in a documented, deterministic order."""
        ...

    def name_options(self, opponent: int) -> tuple[str, ...]:
        """The options of a ``name`` choice, in their documented order (``apply.Game``)."""
        ...

    @property
    def players(self) -> tuple[PlayerZones, PlayerZones]: ...

    def card(self, card_id: str) -> CardDef: ...

    def emit(
        self,
        kind: str,
        refs: Sequence[R.RuleRef],
        player: int | None = None,
        before: Value = None,
        after: Value = None,
        keys: tuple[str, ...] = (),
        **params: Value,
    ) -> Event: ...

    def end(
        self,
        outcome: str,
        winner: int | None,
        reason: str,
        refs: Sequence[R.RuleRef],
        keys: tuple[str, ...] = (),
    ) -> NoReturn: ...

    def check_hp(self, refs: Sequence[R.RuleRef] = ()) -> None: ...

    def put_away(
        self, p: int, card_id: str, from_zone: str, refs: Sequence[R.RuleRef], to_zone: str = ""
    ) -> None: ...

    def time_change(self, before: int) -> tuple[str, str, tuple[str, ...]]: ...

    def time_now(self) -> tuple[str, tuple[str, ...]]: ...

    def time_of_day(self, mark: int) -> str: ...

    def time_shift(self) -> tuple[bool, bool]:
        """(DAY → NIGHT, NIGHT → DAY): whether the time of day changed that way this turn so far
        (on the way through a move too, Q18; kept when it changed back, Q17)."""
        ...

    def printed_attack(self, p: int) -> tuple[int | None, tuple[str, ...]]: ...

    def prohibited_effect_draw_loses(self) -> bool: ...

    def short_mill_loses(self) -> bool: ...

    def encoded(self, card_id: str) -> CardEffect | None:
        """The card's encoded effect for the text it has (run by itself or not), else None."""
        ...

    def use_effect_of(self, p: int, card_id: str, source: str, timing: str) -> bool | None:
        """``source``'s effect resolved as ``card_id``'s at this pipeline step (the copies:
        …このカードの効果として使う); True if a clause was done, None if the engine does not run
        ``source``'s effect."""
        ...


def available_power(game: EffectContext, p: int) -> int:
    """The power ``p``'s power costs are checked against (9.1.3): the total SEND TO POWER of the
    power charger (9.1.1) plus this turn's ★+N per card counted, counted now (Q24)."""
    player = game.players[p]
    bonuses = game.effects.power_bonuses[p]
    if not bonuses:
        return player.total_power
    total = player.total_power
    for _card, opponent, zone, elements, per in bonuses:
        cards = game.players[1 - p if opponent else p].stack(zone)
        if elements:
            n = sum(1 for c in cards if c != UNKNOWN_CARD and game.card(c).element in elements)
        else:
            n = len(cards)
        total += n * per
    return total


def targets(e: EffectEntry) -> tuple[int, ...]:
    """The players an effect entry applies to: its player, the opponent, or both (player first)."""
    if e.target == "self":
        return (e.player,)
    if e.target == "opponent":
        return (1 - e.player,)
    return (e.player, 1 - e.player)


def _not_done(
    game: EffectContext,
    e: EffectEntry,
    target: int,
    why: R.RuleRef,
    reason: str,
    keys: tuple[str, ...] = (),
) -> None:
    game.emit("EFFECT_NOT_DONE", (why,), target, None, None, keys, card=e.card, op=e.op,
              reason=reason)  # fmt: skip


def _count_not_done(game: EffectContext, e: EffectEntry, target: int, count: int) -> bool:
    """1.3.2.2: an action asked to be done 0 or a negative number of times isn't done; a negative
    number doesn't mean doing the opposite. True (and the ruling emitted) if so."""
    if count > 0:
        return False
    _not_done(game, e, target, R.R_1_3_2_2, "zero_times" if count == 0 else "negative_times")
    return True


def apply_primitive(game: EffectContext, e: EffectEntry) -> None:  # noqa: C901 - one branch per primitive
    op = e.op
    if op in ("attack_plus", "attack_minus", "set_attack", "deal_damage", "heal",
              "reduce_damage", "draw", "mill", "move_card"):  # fmt: skip
        for t in targets(e):
            if game.effects.is_prohibited(t, op, game.turn):
                if op == "draw" and game.prohibited_effect_draw_loses():
                    game.end("win", 1 - t, "effect_draw_failed", (R.R_8_2_1, R.R_1_3_3),
                             ("ZA-09",))  # fmt: skip
                _not_done(game, e, t, R.R_1_3_3, "prohibited")
                continue
            if op in COUNTED and _count_not_done(game, e, t, e.amount):
                continue
            _apply_to(game, e, t)
        if op == "deal_damage":
            game.check_hp()
        return
    if op == "move_medal":
        if game.effects.is_prohibited(e.player, "move_medal", game.turn):
            _not_done(game, e, e.player, R.R_1_3_3, "prohibited")
            return
        _move_medal(game, e)
    elif op in ("allow_second_card", "forbid_second_card"):
        turn = game.turn + 1
        for t in targets(e):
            mode = ALLOW if op == "allow_second_card" else FORBID
            if game.effects.set_count_change(t, turn) == FORBID:
                mode = FORBID  # 1.3.3: a prohibition beats an instruction
            game.effects = game.effects.with_set_count(t, turn, mode)
            rule = R.R_1_3_1 if mode == ALLOW else R.R_1_3_3
            game.emit("SET_COUNT_CHANGED", (rule, R.R_5_2_1), t, None, mode, turn=turn)
    elif op == "prohibit":
        action = e.action or ""
        if _count_not_done(game, e, e.player, e.turns):
            return
        for t in targets(e):
            last = game.turn + e.turns - 1
            game.effects = game.effects.with_prohibition(Prohibition(t, action, last))
            game.emit("PROHIBITION_ADDED", (R.R_1_3_3,), t, None, action, until_turn=last)
    elif op == "otherwise_lose":
        if not e.condition_met:
            loser = targets(e)[0]
            game.end("win", 1 - loser, "otherwise_lose", (R.R_8_2_3,))
    elif op == "infinite_loop":
        if not e.stoppable:
            game.end("draw", None, "infinite_loop", (R.R_10_1_1_3,))
        game.emit("LOOP_RESOLVED", (R.R_10_1_1_1, R.R_10_1_1_2), e.player, None, e.amount,
                  count=e.amount)  # fmt: skip
    elif op == "end_area_enchant":
        player = game.players[e.player]
        if e.card is None or player.zone_c != e.card:
            _not_done(game, e, e.player, R.R_1_3_2, "not_in_zone_c")
            return
        player.zone_c = None  # to where its end condition says (6.1.3.3; Q35, Q71)
        game.put_away(e.player, e.card, "zone_c", (R.R_6_1_3_3,), e.to_zone or "")


def _apply_to(game: EffectContext, e: EffectEntry, t: int) -> None:
    op = e.op
    player = game.players[t]
    if op in ("attack_plus", "attack_minus", "set_attack"):
        printed, keys = game.printed_attack(t)
        if printed is None:  # no character to change the attack of (1.3.2, Q43)
            _not_done(game, e, t, R.R_1_3_2, "no_character")
            return
        changes = game.effects.attack_changes[t]
        before = attack_after(printed, changes)
        after = changed_attack(before, (op, e.amount))
        game.effects = game.effects.with_attack_change(t, (op, e.amount))
        kind = "ATTACK_SET" if op == "set_attack" else "ATTACK_MODIFIED"
        if op == "attack_minus" and e.amount > before:  # stops at 0 (Q54)
            game.emit(kind, (R.R_7_1, R.R_1_3_1), t, before, after, keys, card=e.card, op=op,
                      amount=e.amount, qa="Q54")  # fmt: skip
        else:
            game.emit(kind, (R.R_7_1, R.R_1_3_1), t, before, after, keys, card=e.card, op=op,
                      amount=e.amount)  # fmt: skip
    elif op == "deal_damage":
        _deal_damage(game, e, t)
    elif op == "heal":
        before = player.hp
        if before >= MAX_HP:
            game.emit("EFFECT_NOT_DONE", (R.R_1_3_2_1,), t, None, None, card=e.card, op=e.op,
                      reason="already_full", qa="Q59")  # fmt: skip
            return
        player.hp = min(MAX_HP, before + e.amount)
        game.emit("HEALED", (R.R_1_3_1, R.R_3_7_1), t, before, player.hp, amount=e.amount)
    elif op == "reduce_damage":
        before = game.effects.damage_reductions[t]
        game.effects = game.effects.with_damage_reduction(t, e.amount)
        game.emit("DAMAGE_REDUCTION_ADDED", (R.R_1_3_1, R.R_5_1_4_3), t, before,
                  game.effects.damage_reductions[t])  # fmt: skip
    elif op == "draw":
        have = len(player.deck)
        n = min(e.amount, have)
        drawn = [player.deck.pop() for _ in range(n)]
        player.hand.extend(drawn)
        game.emit("DRAW", (R.R_1_3_1, R.R_1_3_2), t, have, len(player.deck), requested=e.amount,
                  drawn=n)  # fmt: skip
        if n < e.amount:
            game.end("win", 1 - t, "effect_draw_failed", (R.R_8_2_1,))
    elif op == "mill":
        have = len(player.deck)
        n = min(e.amount, have)
        for _ in range(n):
            player.abyss.append(player.deck.pop())
        game.emit("CARDS_MILLED", (R.R_1_3_1, R.R_3_6_1), t, have, len(player.deck),
                  requested=e.amount, moved=n)  # fmt: skip
        if n < e.amount:  # 8.2.2 and Q70 disagree: ZA-19
            if game.short_mill_loses():
                game.end("win", 1 - t, "effect_mill_failed", (R.R_8_2_2,), ("ZA-19",))
            game.emit("EFFECT_NOT_DONE", (R.R_1_3_2,), t, None, None, ("ZA-19",), card=e.card,
                      op=e.op, reason="deck_short", qa="Q70")  # fmt: skip
    elif op == "move_card":
        _move_card(game, e, t)


def _deal_damage(game: EffectContext, e: EffectEntry, t: int) -> None:
    """Damage from an effect (7.1.1: not attack)."""
    player = game.players[t]
    # 自分がダメージを受けたとき…軽減する: a reduction covers effect damage too (受ける), unless
    # the dealer's damage is not reduced (1.3.1); each damage is reduced by the reductions in
    # force, and what they took away counts for このターンに軽減した数値
    reduction = 0 if game.effects.unreducible[e.player] else game.effects.damage_reductions[t]
    reduction = min(reduction, e.amount)
    damage = e.amount - reduction
    before = player.hp
    player.hp = max(0, before - damage)
    if reduction:
        game.effects = game.effects.with_reduced(t, reduction)
        game.emit("DAMAGE_APPLIED", (R.R_7_1_1, R.R_1_3_1), t, before, player.hp,
                  amount=damage, reduction=reduction)  # fmt: skip
    else:
        game.emit("DAMAGE_APPLIED", (R.R_7_1_1, R.R_1_3_1), t, before, player.hp,
                  amount=e.amount, reduction=0)  # fmt: skip


_SINGLE_ZONES = ("battle_zone", "zone_c")


def _move_card(game: EffectContext, e: EffectEntry, t: int) -> None:
    player = game.players[t]
    card_id = e.card_target or ""
    source = e.from_zone or ""
    dest = e.to_zone or ""
    found = False
    if source in _SINGLE_ZONES:
        if player.single(source) == card_id:
            player.set_single(source, None)
            found = True
    elif source in ("deck_top", "deck_bottom"):
        index = -1 if source == "deck_top" else 0
        if player.deck and player.deck[index] == card_id:
            player.deck.pop(index)
            found = True
    else:
        stack = player.stack(source)
        if card_id in stack:
            stack.reverse()  # take the topmost copy
            stack.remove(card_id)
            stack.reverse()
            found = True
    if not found:
        _not_done(game, e, t, R.R_1_3_2, f"{card_id} is not in {source}")
        return
    if source == "power_charger" and card_id != UNKNOWN_CARD:
        player.total_power -= game.card(card_id).power
    rules = [R.R_1_3_1]
    if source == "power_charger":
        rules.append(R.R_9_1_1)  # the total power is what is left in the power charger
    if dest in _SINGLE_ZONES:
        occupant = player.single(dest)
        if occupant is not None:
            game.put_away(t, occupant, dest, (R.R_1_3_1,))
        player.set_single(dest, card_id)
    elif dest == "deck_top" or dest == "deck":
        player.deck.append(card_id)
    elif dest == "deck_bottom":
        player.deck.insert(0, card_id)
    else:
        player.stack(dest).append(card_id)
        rules += _destination_rules(game, card_id, source, dest)
        if dest == "power_charger" and card_id != UNKNOWN_CARD:
            player.total_power += game.card(card_id).power
    game.emit("CARD_MOVED", rules, t, source, dest, card=card_id, from_zone=source, to_zone=dest)


def _destination_rules(
    game: EffectContext, card_id: str, source: str, dest: str
) -> tuple[R.RuleRef, ...]:
    """The clauses that decide a card's arrival in the power charger or the abyss by an effect.

    3.4 and 3.6 are about cards *leaving the battle zone or set zone*: cited only for those. An
    effect may put a card without SEND TO POWER in the power charger (3.4.2) and one with it in
    the abyss (3.6.2); either way it goes on top of the stack (3.4.1, 3.6.1), and in the power
    charger its SEND TO POWER counts (9.1.1)."""
    has_stp = card_id != UNKNOWN_CARD and game.card(card_id).send_to_power is not None
    leaving = source in _SINGLE_ZONES
    if dest == "power_charger":
        why = ((R.R_3_4,) if leaving else ()) if has_stp else (R.R_3_4_2,)
        return (*why, R.R_3_4_1, R.R_9_1_1) if has_stp else (*why, R.R_3_4_1)
    if dest == "abyss":
        why = (R.R_3_6_2,) if has_stp else ((R.R_3_6,) if leaving else ())
        return (*why, R.R_3_6_1)
    return ()


def _move_medal(game: EffectContext, e: EffectEntry) -> None:
    before = game.medal
    if e.position is not None:
        after = e.position
    else:
        if _count_not_done(game, e, e.player, e.amount):
            return
        after = advance(before, e.amount if e.direction == "forward" else -e.amount)
    if after == before:
        _not_done(game, e, e.player, R.R_1_3_2_1, "already_there")
        return
    game.medal = after
    time_before, time_after, keys = game.time_change(before)
    game.emit("MEDAL_MOVED", (R.R_1_3_1, R.R_3_8_2, R.R_3_8_4), None, before, after, keys,
              time_before=time_before, time_after=time_after, direction=e.direction)  # fmt: skip
