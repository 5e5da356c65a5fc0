"""The turn pipeline: setup (4.2), turn 1 (5.1), later turns (5.2), battle and game end (5.4, 8.2).

``Game`` is the engine's working object. It is mutable *inside* the engine for speed (one game is a
few hundred events); everything it hands out is frozen: ``Event``, ``GameState``, ``TurnSnapshot``,
``Outcome``. Every state change goes through ``emit``, which records the rules that decided it,
the before/after values and a digest of the whole state after the change.
"""

from __future__ import annotations

import copy
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from typing import NoReturn

from judging.engine.core.errors import IllegalInputError
from judging.engine.core.events import Event, Outcome, StateKey
from judging.engine.core.jsontypes import JSON, Value
from judging.engine.zutomayo import rules as R  # noqa: N812 - R.R_5_2_1 reads as a citation
from judging.engine.zutomayo.cardeffects.execute import (
    BATTLE,
    CLOCK,
    IMMEDIATE,
    LATE,
    MAIN,
    SWAP,
    TIMINGS,
    condition_holds,
    effect_executable,
    op_of,
    run_action,
    target_of,
)
from judging.engine.zutomayo.cardeffects.run_area import ENDING_OP
from judging.engine.zutomayo.cardeffects.run_base import Resolution
from judging.engine.zutomayo.cardeffects.status import automated_effect, encoding
from judging.engine.zutomayo.cardeffects.vocab import Act, Action, CardEffect, Clause
from judging.engine.zutomayo.cards import (
    AREA_ENCHANT,
    CHARACTER,
    ENCHANT,
    UNKNOWN_CARD,
    CardCatalogue,
    CardDef,
)
from judging.engine.zutomayo.chronos import LAYOUT_DEPENDENT_MARKS, NIGHT, advance, time_of_day
from judging.engine.zutomayo.effects import (
    ALLOW,
    FORBID,
    EffectState,
    apply_primitive,
    attack_after,
    available_power,
)
from judging.engine.zutomayo.messages import illegal_message
from judging.engine.zutomayo.profile import Consultation, Profile
from judging.engine.zutomayo.record import (
    EffectEntry,
    GameRecord,
    PlayerPicks,
    PlayerSnapshot,
    SetChoice,
    StartSnapshot,
    TurnRecord,
)
from judging.engine.zutomayo.rules import RuleRef
from judging.engine.zutomayo.state import BattleResult, GameState, PlayerState, state_digest
from judging.engine.zutomayo.zones import MAX_HP, PlayerZones

DECK_SIZE = 20
HAND_SIZE = 5


@dataclass(frozen=True, slots=True)
class TurnSnapshot:
    """A turn as the report shows it: state after the end-of-turn draws (or at the game's end)."""

    turn: int
    medal: int
    time: str
    priority: int
    battle: BattleResult | None
    players: tuple[PlayerState, PlayerState]
    events: tuple[Event, ...]


# Simultaneous announcements at setup (redraw counts, first cards): the priority player, i.e. the
# night side at midnight, goes first (1.3.4, 10.2.3 (Priority player); ambiguity ZA-16).
_ORDER = (R.R_1_3_4, R.R_10_2_3_PRIORITY)


# Events that record a ruling but change nothing themselves: while nothing else has changed since
# the previous event (``Game._key``), they carry its digest (a property test checks this
# against digests computed afresh).
_NO_CHANGE = frozenset({
    "REVEALED", "ATTACK_DETERMINED", "TURN_ENDED", "PRIORITY_DETERMINED", "PRIORITY_KEPT",
    "EFFECT_RESOLVED", "EFFECT_FAILED", "EFFECT_NOT_DONE", "EFFECT_NOT_DESCRIBED", "GAME_ENDED",
    "LOOP_RESOLVED", "SET_ALLOWANCE", "ZONE_COUNTED", "CARDS_REVEALED", "EFFECT_COPIED",
    "SONG_CARDS_REVEALED",
})  # fmt: skip


# The clause of each effect step that resolves effects, cited when a power cost is not met: only
# 5.1.2 and 5.2.7 say so themselves (5.1.2.2, 5.2.7.2); at 5.2.3 and 5.2.10 9.1.3 decides alone.
_POWER_COST_STEP: dict[str, tuple[RuleRef, ...]] = {
    "5.1.2": (R.R_5_1_2_2,),
    "5.2.3": (R.R_5_2_3_1,),
    "5.2.4": (R.R_5_2_4_1,),
    "5.2.5": (R.R_5_2_5_1,),
    "5.2.7": (R.R_5_2_7_2,),
    "5.2.8": (R.R_5_2_8,),
    "5.2.10": (R.R_5_2_10_1,),
}


@dataclass(frozen=True, slots=True)
class _Automated:
    """A card's effect the engine runs by itself, with what the pipeline asks of it often: the
    steps that resolve its clauses (``execute.TIMINGS``) and its ending clauses checked after each
    change (``time.immediately``)."""

    effect: CardEffect
    steps: frozenset[str]
    immediate: tuple[Clause, ...]


_RARE_STEPS = frozenset({CLOCK, SWAP, LATE, BATTLE})
"""Steps few cards use: ``Game._auto_units`` looks at them only once such a card has been seen."""


def _automated_info(effect: CardEffect | None) -> _Automated | None:
    if effect is None:
        return None
    steps = frozenset(TIMINGS[c.timing] for c in effect.clauses)
    immediate = tuple(c for c in effect.clauses if TIMINGS[c.timing] == IMMEDIATE)
    return _Automated(effect, steps, immediate)


class _GameOver(Exception):  # noqa: N818 - control flow inside the engine, never escapes it
    """Unwinds the pipeline the moment the game ends (8.1.2: nothing further happens)."""


def _keys(refs: Iterable[RuleRef]) -> tuple[str, ...]:
    return tuple([ref.key for ref in refs])


@dataclass(frozen=True, slots=True)
class ChoicePoint:
    """A choice an effect asked for (an input of the record, so a replay is reproducible): where it
    goes in the record (``path``), the legal options in the documented default order, what was used,
    and whether it was defaulted."""

    turn: int
    step: str
    path: str
    kind: str
    options: tuple[str, ...]
    chosen: tuple[str, ...]
    defaulted: bool
    turn_index: int = 0
    """The record's ``turns[…]`` index."""
    player: int = 0
    card: str = ""
    """For a pick (``choices.picks``): the card whose effect asked it."""
    index: int = 0
    """For a pick: which of that card's choices this turn it is (0 first)."""
    count: int = 0
    """For a pick: how many cards it asks for (the ``count`` of ``Game.choose``)."""

    def to_json(self) -> dict[str, JSON]:
        return {"turn": self.turn, "step": self.step, "path": self.path, "kind": self.kind,
                "options": list(self.options), "chosen": list(self.chosen),
                "defaulted": self.defaulted, "count": self.count}  # fmt: skip


_ZONE_ORDER = ("battle_zone", "zone_a", "zone_b", "zone_c")
"""Where a card with an automatic effect can be, in the default order of its effect (DEFAULT_ORDER
in ``record``)."""


def _answer(picks: PlayerPicks, card_id: str, n: int) -> tuple[str, ...] | None:
    """The ``n``-th answer ``picks`` give for ``card_id``'s effect (None: not answered)."""
    for cid, answers in picks:
        if cid == card_id:
            return answers[n] if n < len(answers) else None
    return None


class Game:
    """One game being replayed: ``setup`` or ``start_from``, then ``play_turn`` per turn.

    It provides ``effects.EffectContext``: what an effect primitive may see and do of the game.
    With ``auto_effects`` (the default), a card whose effect is encoded and executed
    (``cardeffects``) takes effect by itself when the record does not type it; a typed primitive on
    such a card is a judge's override (the typed entry drives the state, and the automatic result
    is shown beside it, ``EFFECT_AUTOMATIC_RESULT``).
    """

    def __init__(self, cards: CardCatalogue, profile: Profile, *, capture: bool = False,
                 auto_effects: bool = True,
                 encoding: Mapping[str, CardEffect] | None = None,
                 capture_turns: frozenset[int] | None = None,
                 digests: bool = True) -> None:  # fmt: skip
        self.cards = cards.by_id()
        self.profile = profile
        self.capture = capture
        self.capture_turns = capture_turns
        """With ``capture``: the turns whose checkpoints are kept (None: every turn). A claim's
        re-run under another answer needs only the turns its claims name."""
        self.digests = digests
        """Whether each event carries the state digest (a re-run that only answers claims does
        not show its events: its events carry an empty digest)."""
        self.mat_layout = profile.get("ZA-01")
        """ZA-01: the Chronos layout (``chronos.NIGHT_MARKS``) that decides NIGHT and DAY."""
        self.players = (PlayerZones(), PlayerZones())
        self.turn = 0
        self.first_turn = 1
        """The record's first turn (``turns[0]``): 1, or a judge's snapshot's next turn."""
        self.step = "4.1"
        self._medal = 0
        self.day_to_night = False
        """This turn the time of day went from DAY to NIGHT at least once (昼から夜に変わると;
        Q17: even if an effect moved it back; Q18, Q19: also on the way through)."""
        self.night_to_day = False
        """This turn the time of day went from NIGHT to DAY at least once (夜から昼に変わると)."""
        self.shift_on_layout = False
        """A mark whose time of day depends on the mat layout (ZA-01) was passed this turn."""
        self.turn_start_medal = 0
        """The medal's mark when this turn began."""
        self.night_side = 0
        self.last_battle_winner: int | None = None
        """The previous battle's winner (None: a battle draw), for the set counts (5.2.1.x)."""
        self.has_battled = False
        """Whether a battle has been fought yet (before turn 2 there is no previous battle)."""
        self.battle: BattleResult | None = None
        self.attacks: tuple[int, int] | None = None
        """This turn's attacks, once decided (5.1.3, 5.2.8)."""
        self.events: list[Event] = []
        self.consultations: list[Consultation] = []
        """Every reading of an ambiguity choice that mattered, with where it happened."""
        self.result: Outcome | None = None
        self.illegal: IllegalInputError | None = None
        self.snapshots: list[TurnSnapshot] = []
        self.setup_events: tuple[Event, ...] = ()
        self.checkpoints: list[GameState] = []
        self.checkpoint_events: list[int] = []
        self._turn_start = 0
        self.first_card_not_character = [False, False]
        """4.2.7.1: the player's turn-1 card was not a character (no effect, attack 0 on turn 1)."""
        self.effects = EffectState()
        self.undescribed: set[str] = set()
        self.auto_effects = auto_effects
        self.order: tuple[tuple[str, ...] | None, tuple[str, ...] | None] = (None, None)
        """This turn's ``choices.order`` (5.2.7.3, 6.3.3)."""
        self.choices: list[ChoicePoint] = []
        """Every choice an effect asked for, in the order asked."""
        self.extra_encoding: Mapping[str, CardEffect] = encoding or {}
        """Encoded effects of cards outside the pool's encoding (invented cards of a test, a pack
        the caller has encoded): used like the pool's, for the text they were written from."""
        self._automated: dict[str, _Automated | None] = {}
        self._typed: frozenset[tuple[int, str]] = frozenset()
        """This turn's typed entries by (player, card): a judge's override of the card's automatic
        effect, at every step of the turn (a typed entry always wins over the automation)."""
        self._resolutions: dict[tuple[int, str], Resolution] = {}
        """This turn's last resolution of each card's effect (what it revealed, named, counted),
        seen by its ending when that is checked (3rd_97, 3rd_103)."""
        self._ending_blocked: set[tuple[int, str]] = set()
        """Area enchants whose ending was met this turn with the power cost not met (6.1.3.4)."""
        self._checking = False
        self._rare_steps = False
        """Whether a card with a clause at a step of ``_RARE_STEPS`` has been looked up: every
        card in play is looked up at 5.2.3, before the first of them (5.2.4)."""
        self.picks: tuple[PlayerPicks, PlayerPicks] = ((), ())
        """This turn's ``choices.picks`` (the record's answers)."""
        self._asked: dict[tuple[int, str], int] = {}
        """How many choices each (player, card)'s effect has asked this turn."""
        self._name_options: tuple[str, ...] | None = None
        """One card id per card name of the catalogue, in catalogue order (for ``name``)."""
        self.forks: list[Game] = []
        """With ``run_record(forks=True)``: a fork of this game before each turn of the record,
        ``forks[i]`` before ``turns[i]`` (``continue_record``)."""
        self.cache_dumps = True
        self._key: StateKey | None = None
        """The state key after the last event, while nothing has changed since (else None)."""

    def fork(self) -> Game:
        """An independent copy of this game as it is now, between two turns, to play on under
        another answer (``continue_record``). Every mutable part is copied (zones, lists, sets,
        the caches of this run); the frozen values (cards, events, states, effect state) are
        shared. A property test plays forks on beside full re-runs and compares them."""
        other = copy.copy(self)
        other.players = (self.players[0].copy(), self.players[1].copy())
        other.events = list(self.events)
        other.consultations = list(self.consultations)
        other.snapshots = list(self.snapshots)
        other.checkpoints = list(self.checkpoints)
        other.checkpoint_events = list(self.checkpoint_events)
        other.first_card_not_character = list(self.first_card_not_character)
        other.undescribed = set(self.undescribed)
        other.choices = list(self.choices)
        other._automated = dict(self._automated)
        other._resolutions = dict(self._resolutions)
        other._ending_blocked = set(self._ending_blocked)
        other._asked = dict(self._asked)
        other.forks = []
        return other

    # --- recording -------------------------------------------------------------------------

    def state_key(self, *, fresh: bool = False) -> StateKey:
        """The parts of the canonical state dump (``state.StateKey``; zones cache their text,
        ``fresh`` rebuilds it)."""
        return (self.turn, self._medal, self.night_side, self.last_battle_winner,
                self.has_battled, *self.players[0].state_key(fresh=fresh),
                *self.players[1].state_key(fresh=fresh), self.effects.dump)  # fmt: skip

    def digest(self) -> str:
        return state_digest(self.state_key(fresh=not self.cache_dumps))

    def emit(
        self,
        kind: str,
        refs: Sequence[RuleRef],
        player: int | None = None,
        before: Value = None,
        after: Value = None,
        keys: tuple[str, ...] = (),
        **params: Value,
    ) -> Event:
        """Record one state change (or ruling) with the rules that decided it: the only way an
        event is made. ``keys`` are the ambiguities its outcome depended on."""
        key = self._key
        if not self.digests:
            key = ()
        elif key is None or kind not in _NO_CHANGE or not self.cache_dumps:
            key = self.state_key(fresh=not self.cache_dumps)
        event = Event(  # positional: this is the engine's hottest line
            len(self.events) + 1,
            self.turn,
            self.step,
            kind,
            tuple([ref.key for ref in refs]),
            player,
            before,
            after,
            tuple(params.items()),
            key,
            keys,
        )
        self.events.append(event)
        self._key = key
        return event

    def _checkpoint(self) -> None:
        if self.capture and (self.capture_turns is None or self.turn in self.capture_turns):
            self.checkpoints.append(self.state())
            self.checkpoint_events.append(len(self.events))

    def _enter(self, step: str) -> None:
        self._check_endings()  # after the step's last change (Q12)
        self._checkpoint()
        self.step = step

    def state(self) -> GameState:
        """The frozen state now (a claim about its time depends on ZA-01 at marks 5-8, 14-17)."""
        time = self.time_of_day(self.medal)
        if self.medal in LAYOUT_DEPENDENT_MARKS:
            self._consult("ZA-01", decides_event=False)
        key = self._key if self.cache_dumps else None
        return GameState(
            turn=self.turn,
            step=self.step,
            medal=self.medal,
            time=time,
            priority=self.night_side if time == NIGHT else 1 - self.night_side,
            night_side=self.night_side,
            battle=self.battle,
            players=(self.players[0].frozen(), self.players[1].frozen()),
            digest=self.digest() if key is None else state_digest(key),
            attack=self.attacks,
            result=self.result,
        )

    def illegal_input(
        self, rule: RuleRef, key: str, path: str = "", **params: str | int
    ) -> IllegalInputError:
        """The error for illegal input: ``key`` names its text in ``ILLEGAL_TEMPLATES`` (English
        and Japanese), ``params`` fill it; the English text is the exception's message."""
        given = tuple(params.items())
        message = illegal_message(key, given) or key
        return IllegalInputError(
            rule, message, turn=self.turn, step=self.step, path=path, key=key, params=given
        )

    # --- ambiguity choices (where the rules text allows two readings) -------------------------
    # Each is read where the rules text leaves the point open, and only there: reading one records
    # the consultation (key, turn, step, and the event it decides), so that claims can be re-run
    # under the alternatives and a test can check that each key is read at the step that needs it.

    def _consult(self, key: str, *, decides_event: bool = True) -> str:
        seq = len(self.events) + 1 if decides_event else None
        self.consultations.append(Consultation(key, self.turn, self.step, seq))
        return self.profile.get(key)

    @property
    def consulted(self) -> frozenset[str]:
        """The ambiguities this run has consulted so far."""
        return frozenset(c.key for c in self.consultations)

    def both_hp_zero_is_draw(self) -> bool:
        """ZA-04, both players' HP reach 0 at once: a game draw (DRAW), or escalate (ESCALATE)."""
        return self._consult("ZA-04") == "DRAW"

    def short_end_draw_draws_first(self) -> bool:
        """ZA-08, an end-of-turn draw with too few cards: draw what is left, then lose
        (DRAW_THEN_LOSE), or lose without drawing (LOSE_WITHOUT_DRAWING)."""
        return self._consult("ZA-08") == "DRAW_THEN_LOSE"

    def prohibited_effect_draw_loses(self) -> bool:
        """ZA-09, a draw an effect requires is prohibited: a loss by 8.2.1 (LOSS), or not done by
        1.3.3 (NO_LOSS)."""
        return self._consult("ZA-09") == "LOSS"

    def short_mill_loses(self) -> bool:
        """ZA-19, an effect can't place all the cards it names from a deck in the abyss: the
        deck's owner loses at once (LOSS, 8.2.2), or the rest is not done and the game goes on
        (NO_LOSS, Q70 of 2026-03-11)."""
        return self._consult("ZA-19") == "LOSS"

    def empty_hand_at_set_loses(self) -> bool:
        """ZA-14, a player who must set a card has none in hand: they lose (LOSE), or escalate
        (ESCALATE)."""
        return self._consult("ZA-14") == "LOSE"

    # --- the medal and the changes of the time of day ---------------------------------------

    @property
    def medal(self) -> int:
        """The medal's mark on the Chronos (3.8.2)."""
        return self._medal

    @medal.setter
    def medal(self, mark: int) -> None:
        """Every move of the medal passes here: a change of the time of day is kept for this turn
        (an effect that sets the clock changes it at once, from the time before to the time
        after, 3.8.4)."""
        before = self._medal
        self._medal = mark
        if mark != before:
            self._note_marks((before, mark))

    def _note_marks(self, marks: Sequence[int]) -> None:
        """The medal passed ``marks`` in this order: note each change of the time of day."""
        time = self.time_of_day(marks[0])
        for mark in marks:
            if mark in LAYOUT_DEPENDENT_MARKS:
                self.shift_on_layout = True
            now = self.time_of_day(mark)
            if now != time:
                if now == NIGHT:
                    self.day_to_night = True
                else:
                    self.night_to_day = True
                time = now

    def time_shift(self) -> tuple[bool, bool]:
        """(DAY → NIGHT, NIGHT → DAY): whether the time of day changed that way this turn so far.
        ZA-01 is consulted if a mark the mat layouts disagree about was passed."""
        if self.shift_on_layout:
            self._consult("ZA-01")
        return self.day_to_night, self.night_to_day

    # --- derived values --------------------------------------------------------------------

    def card(self, card_id: str) -> CardDef:
        return self.cards[card_id]

    def time_of_day(self, mark: int) -> str:
        """3.8.4 with the mat layout of ZA-01 (not recorded as a consultation: see ``time_now``)."""
        return time_of_day(mark, self.mat_layout)

    def time_now(self) -> tuple[str, tuple[str, ...]]:
        """The time of day now, for the event about to be emitted, and the ambiguities it depends
        on: ZA-01 (consulted) when the medal is on a mark the mat layouts disagree about."""
        if self.medal in LAYOUT_DEPENDENT_MARKS:
            self._consult("ZA-01")
            return self.time_of_day(self.medal), ("ZA-01",)
        return self.time_of_day(self.medal), ()

    def time_change(self, before: int) -> tuple[str, str, tuple[str, ...]]:
        """The time of day on mark ``before`` and now, for the event that moved the medal, and the
        ambiguities they depend on: ZA-01 (consulted) if either mark is layout-dependent."""
        time_before = self.time_of_day(before)
        time_after, keys = self.time_now()
        if before in LAYOUT_DEPENDENT_MARKS and not keys:
            self._consult("ZA-01")
            keys = ("ZA-01",)
        return time_before, time_after, keys

    def printed_attack(self, p: int) -> tuple[int | None, tuple[str, ...]]:
        """The attack printed on ``p``'s character for the time of day now (2.3.4, 3.8.4), and the
        ambiguities that depends on; None if the battle zone holds no character."""
        card_id = self.players[p].battle_zone
        if card_id is None:
            return None, ()
        card = self.card(card_id)
        time, keys = self.time_now()
        return self.effects.printed_for(p, card, time), keys

    def priority(self) -> int:
        """10.2.1 (Priority player): the player whose side the medal is on, right now (10.2.4)."""
        return self.night_side if self.time_of_day(self.medal) == NIGHT else 1 - self.night_side

    def put_away(
        self, p: int, card_id: str, from_zone: str, refs: Sequence[RuleRef], to_zone: str = ""
    ) -> None:
        """A card leaves the battle zone or a set zone: to the power charger or the abyss.

        By the rules it goes by its SEND TO POWER (3.4, 3.6). An effect may name the destination
        instead (``to_zone``, 1.3.1): then a card without SEND TO POWER can go to the power
        charger (3.4.2) and a card with it to the abyss (3.6.2). Its SEND TO POWER counts only
        in the power charger (3.4, 9.1.1; Q46, Q71).
        """
        player = self.players[p]
        if self.effects.elements and from_zone == "battle_zone":
            self.effects = self.effects.without_element(p, card_id)  # バトルフィールドにいる間
        has_stp = card_id != UNKNOWN_CARD and self.card(card_id).send_to_power is not None
        named = (R.R_1_3_1,) if to_zone else ()
        zone = to_zone or ("power_charger" if has_stp else "abyss")
        if zone == "power_charger":
            why = (R.R_3_4, R.R_2_3_7) if has_stp else (R.R_3_4_2,)
            before = player.total_power
            player.power_charger.append(card_id)
            if card_id != UNKNOWN_CARD:
                player.total_power += self.card(card_id).power
            refs = (*refs, *named, *why, R.R_3_4_1, R.R_9_1_1)
            if has_stp:
                self.emit("CARD_MOVED", refs, p, before, player.total_power, card=card_id,
                          from_zone=from_zone, to_zone=zone)  # fmt: skip
            else:  # there, but adding no power (Q46)
                self.emit("CARD_MOVED", refs, p, before, player.total_power, card=card_id,
                          from_zone=from_zone, to_zone=zone, qa="Q46")  # fmt: skip
        else:
            player.abyss.append(card_id)
            refs = (*refs, *named, R.R_3_6_2 if has_stp else R.R_3_6, R.R_3_6_1)
            if has_stp:  # its SEND TO POWER gives no power there (Q71)
                self.emit("CARD_MOVED", refs, p, None, None, card=card_id, from_zone=from_zone,
                          to_zone=zone, qa="Q71")  # fmt: skip
            else:
                self.emit("CARD_MOVED", refs, p, None, None, card=card_id, from_zone=from_zone,
                          to_zone=zone)  # fmt: skip

    def allowed_set_counts(
        self, p: int, turn: int | None = None
    ) -> tuple[frozenset[int], tuple[RuleRef, ...]]:
        """5.2.1.1-5.2.1.5 from the previous battle, then card text (1.3.1, 1.3.3).

        ``turn`` is the turn being set (default: the current one); the generator asks ahead.
        """
        turn = self.turn if turn is None else turn
        allowed: frozenset[int]
        refs: tuple[RuleRef, ...]
        if not self.has_battled:
            allowed, refs = frozenset({1}), (R.R_5_2_1,)
        elif self.last_battle_winner is None:
            allowed, refs = frozenset({1}), (R.R_5_2_1, R.R_5_2_1_3)
        elif self.last_battle_winner == p:
            allowed, refs = frozenset({1}), (R.R_5_2_1, R.R_5_2_1_1)
        else:
            allowed, refs = frozenset({1, 2}), (R.R_5_2_1, R.R_5_2_1_2, R.R_5_2_1_4)
        change = self.effects.set_count(p, turn)
        if change == ALLOW:
            allowed, refs = frozenset({1, 2}), (*refs, R.R_1_3_1)
        elif change == FORBID:
            allowed, refs = frozenset({1}), (*refs, R.R_1_3_3)
        return allowed, (*refs, R.R_5_2_1_5)

    # --- game end --------------------------------------------------------------------------

    def end(self, outcome: str, winner: int | None, reason: str, refs: Sequence[RuleRef],
            keys: tuple[str, ...] = ()) -> NoReturn:  # fmt: skip
        """End the game now: nothing further happens (8.1.2)."""
        self.result = Outcome(outcome, winner, _keys(refs), reason, self.turn)
        self.emit("GAME_ENDED", refs, winner, None, outcome, keys, reason=reason)
        raise _GameOver

    def check_hp(self, refs: Sequence[RuleRef] = ()) -> None:
        """Rule processing (8.1.2): HP 0 ends the game at once (1.2.3, 5.4.1, 5.4.2)."""
        zero = [p for p in (0, 1) if self.players[p].hp <= 0]
        if not zero:
            return
        base = (*refs, R.R_1_2_3, R.R_5_4_1, R.R_5_4_2, R.R_8_1_2)
        if len(zero) == 2:
            if self.both_hp_zero_is_draw():
                self.end("draw", None, "both_hp_zero", base, ("ZA-04",))
            self.end("escalate", None, "both_hp_zero", base, ("ZA-04",))
        self.end("win", 1 - zero[0], "hp_zero", base)

    # --- setup (4.1, 4.2) ------------------------------------------------------------------

    def setup(self, record: GameRecord) -> None:
        """4.1.1-4.2.5: deck checks, sides, medal and HP, opening hands, redraws."""
        self.step = "4.1"
        for p, player_record in enumerate(record.players):
            self._check_deck(p, player_record.deck)
        self.step = "4.2.1"
        self.night_side = record.night_side
        self.emit("SIDES_ASSIGNED", (R.R_4_2_1, R.R_3_8_3), record.night_side, None,
                  record.night_side, day_side=1 - record.night_side)  # fmt: skip
        self._enter("4.2.2")
        self.medal = 0
        for player in self.players:
            player.hp = MAX_HP
        self.emit("MEDAL_PLACED", (R.R_4_2_2, R.R_3_8_1, R.R_3_8_2), None, None, 0)
        self.emit("HP_SET", (R.R_4_2_2, R.R_1_2_1), None, None, MAX_HP)
        self._enter("4.2.4")
        for p in (0, 1):
            player = self.players[p]
            drawn = [player.deck.pop() for _ in range(HAND_SIZE)]
            player.hand = drawn
            self.emit("HAND_DRAWN", (R.R_4_2_3, R.R_4_2_4), p, DECK_SIZE, len(player.deck),
                      cards=tuple(drawn))  # fmt: skip
        self._enter("4.2.5")
        for p in (self.night_side, 1 - self.night_side):  # ZA-16: night side announces first
            after = None if record.deck_after_redraw is None else record.deck_after_redraw[p]
            self._redraw(p, record.redraw[p], after)
        self._checkpoint()
        self.setup_events = tuple(self.events)

    def _check_deck(self, p: int, deck: Sequence[str]) -> None:
        self._check_deck_list(p, deck)
        self.players[p].deck = list(reversed(deck))
        self.emit("DECK_CHECKED", (R.R_4_1_1, R.R_4_1_2, R.R_2_3_10_1), p, None, len(deck))

    def _check_deck_list(self, p: int, deck: Sequence[str]) -> None:
        """4.1.1, 4.1.2: exactly 20 cards, at most 2 with the same pack and number."""
        path = f"players[{p}].deck"
        if len(deck) != DECK_SIZE:
            raise self.illegal_input(
                R.R_4_1_1, "DECK_SIZE", path, p=p, count=len(deck), size=DECK_SIZE
            )
        seen: dict[tuple[str, int], int] = {}
        for card_id in deck:
            card = self.card(card_id)
            key = (card.pack, card.number)
            seen[key] = seen.get(key, 0) + 1
            if seen[key] > 2:
                raise self.illegal_input(
                    R.R_4_1_2, "DECK_SAME_CARD", path, p=p, pack=card.pack, number=card.number
                )

    def _redraw(self, p: int, returned: Sequence[str], after: Sequence[str] | None) -> None:
        player = self.players[p]
        if not returned and after is None:
            self.emit("REDRAWN", (R.R_4_2_5, R.R_4_2_5_1, R.R_1_3_5, *_ORDER), p, 0, 0, cards=())
            return
        hand = list(player.hand)
        for card_id in returned:
            if card_id not in hand:
                raise self.illegal_input(
                    R.R_4_2_5_1, "REDRAW_NOT_IN_HAND", f"redraw[{p}]", p=p, card=card_id,
                )  # fmt: skip
            hand.remove(card_id)
        count = len(returned)
        drawn = [player.deck.pop() for _ in range(count)]  # 4.2.5.3: draw first ...
        player.hand = hand + drawn
        if after is None:  # ... then the set-aside cards go back: to the bottom, in the given order
            player.deck = list(reversed(returned)) + player.deck
        else:
            expected = sorted(player.deck + list(returned))
            if sorted(after) != expected:
                raise self.illegal_input(R.R_4_2_5_3, "REDRAW_DECK", f"deck_after_redraw[{p}]", p=p)
            player.deck = list(reversed(after))
        self.emit("REDRAWN", (R.R_4_2_5, R.R_4_2_5_1, R.R_4_2_5_2, R.R_4_2_5_3, *_ORDER), p, count,
                  count, cards=tuple(returned), drawn=tuple(drawn))  # fmt: skip

    def start_from(
        self, snap: StartSnapshot, night_side: int, deck_lists: Sequence[Sequence[str]] = ((), ())
    ) -> None:
        """A judge-entered mid-game state: the next turn to play is ``snap.turn``.

        The snapshot is checked first for what the rules forbid (``_check_snapshot``);
        ``deck_lists`` are the players' deck lists if the record gives them (any order).
        """
        self.night_side = night_side
        self.turn = snap.turn - 1
        self.first_turn = snap.turn
        self.step = "start"
        for p, ps in enumerate(snap.players):
            if deck_lists[p]:
                self._check_deck_list(p, deck_lists[p])
            self._check_snapshot(p, ps, deck_lists[p])
        self.medal = snap.medal
        self.has_battled = True
        self.last_battle_winner = snap.previous_winner
        for p, ps in enumerate(snap.players):
            player = self.players[p]
            player.hp = ps.hp
            player.battle_zone = ps.battle_zone
            player.zone_c = ps.zone_c
            player.power_charger = list(ps.power_charger)
            player.total_power = sum(
                self.card(c).power for c in ps.power_charger if c != UNKNOWN_CARD
            )
            player.abyss = list(ps.abyss)
            player.hand = list(ps.hand)
            player.deck = list(reversed(ps.deck))
        self.emit(
            "SNAPSHOT_LOADED", (R.R_4_1_1, R.R_4_1_2, R.R_3_2, R.R_3_3, R.R_3_7_1), None, None,
            snap.turn, medal=snap.medal,
        )  # fmt: skip
        self._checkpoint()
        self.setup_events = tuple(self.events)

    def _check_snapshot(self, p: int, ps: PlayerSnapshot, deck_list: Sequence[str]) -> None:
        """What the rules forbid in a player's part of a snapshot: HP above 100 (3.7.1) or at 0
        (5.4.1: the game would be over), anything but a character in the battle zone (3.2) or
        anything but an area enchant in set zone C (3.3), other than 20 cards (4.1.1), more than
        2 cards with the same pack and number (4.1.2), and, when the record gives the deck list,
        a card in more places than the list has copies of it (4.1.1)."""
        base = f"start.players[{p}]"
        if ps.hp > MAX_HP:
            raise self.illegal_input(
                R.R_3_7_1, "HP_ABOVE_MAX", f"{base}.hp", p=p, hp=ps.hp, max=MAX_HP
            )
        if ps.hp <= 0:
            raise self.illegal_input(
                R.R_5_4_1, "HP_ZERO", f"{base}.hp", p=p, hp=ps.hp,
            )  # fmt: skip
        if ps.battle_zone is not None and not self.card(ps.battle_zone).is_character:
            raise self.illegal_input(
                R.R_3_2, "NOT_CHARACTER", f"{base}.battle_zone", p=p, card=ps.battle_zone,
            )  # fmt: skip
        if ps.zone_c is not None and self.card(ps.zone_c).type != AREA_ENCHANT:
            raise self.illegal_input(
                R.R_3_3, "NOT_AREA_ENCHANT", f"{base}.zone_c", p=p, card=ps.zone_c,
            )  # fmt: skip
        places = [("battle_zone", ps.battle_zone), ("zone_c", ps.zone_c)]
        for zone in ("power_charger", "abyss", "hand", "deck"):
            ids: tuple[str, ...] = getattr(ps, zone)
            places += [(f"{zone}[{i}]", card_id) for i, card_id in enumerate(ids)]
        count = sum(1 for _, card_id in places if card_id is not None)
        if count != DECK_SIZE:
            raise self.illegal_input(
                R.R_4_1_1, "SNAPSHOT_COUNT", base, p=p, count=count, size=DECK_SIZE
            )
        listed = Counter(deck_list)
        same_card: Counter[tuple[str, int]] = Counter()
        same_id: Counter[str] = Counter()
        for where, card_id in places:
            if card_id is None or card_id == UNKNOWN_CARD:
                continue
            card = self.card(card_id)
            same_card[card.pack, card.number] += 1
            same_id[card_id] += 1
            if same_card[card.pack, card.number] > 2:
                raise self.illegal_input(
                    R.R_4_1_2, "SNAPSHOT_SAME_CARD", f"{base}.{where}", p=p, pack=card.pack,
                    number=card.number,
                )  # fmt: skip
            if deck_list and same_id[card_id] > listed[card_id]:
                raise self.illegal_input(
                    R.R_4_1_1, "SNAPSHOT_MORE_THAN_LISTED", f"{base}.{where}", p=p,
                    listed=listed[card_id], card=card_id,
                )  # fmt: skip

    # --- turns ----------------------------------------------------------------------------

    def play_turn(self, turn: TurnRecord) -> None:
        """Play the next turn. Sets ``result`` if the game ends; raises IllegalInputError."""
        if self.result is not None:
            raise self.illegal_input(
                R.R_5_4_1, "TURN_AFTER_END", f"turns[{self.turn + 1 - self.first_turn}]",
                end=self.result.turn,
            )  # fmt: skip
        self.turn += 1
        self._key = None  # the turn number and this turn's effect state change without an event
        self._turn_start = len(self.events)
        self.battle = None
        self.attacks = None
        self.effects = self.effects.new_turn()
        self.order = turn.order
        self.day_to_night = self.night_to_day = self.shift_on_layout = False
        self.turn_start_medal = self._medal
        self._typed = frozenset((e.player, e.card) for e in turn.effects if e.card is not None)
        if self._resolutions:
            self._resolutions = {}
        if self._ending_blocked:
            self._ending_blocked = set()
        self.picks = turn.picks
        self._asked = {}
        for player in self.players:
            player.start_turn()
        for p in (0, 1):
            self.players[p].zone_c_marks = (
                self.players[p].power_charger.turn_start,
                self.players[1 - p].abyss.turn_start,
            )
        try:
            if self.turn == 1:
                self._turn_one(turn)
            else:
                self._later_turn(turn)
        except _GameOver:
            pass
        else:
            self._check_unasked()
        self._checkpoint()
        self.snapshot_turn()

    def snapshot_turn(self) -> None:
        """The turn so far, as the report shows it (after its end, or up to illegal input)."""
        time = self.time_of_day(self.medal)
        self.snapshots.append(
            TurnSnapshot(
                turn=self.turn,
                medal=self.medal,
                time=time,
                priority=self.night_side if time == NIGHT else 1 - self.night_side,
                battle=self.battle,
                players=(self.players[0].frozen(), self.players[1].frozen()),
                events=tuple(self.events[self._turn_start :]),
            )
        )

    def _take_from_hand(self, p: int, card_id: str, rule: RuleRef, path: str) -> None:
        hand = self.players[p].hand
        if card_id in hand:
            hand.remove(card_id)
        elif UNKNOWN_CARD in hand:  # a hidden card of a judge's snapshot is revealed
            hand.remove(UNKNOWN_CARD)
        else:
            raise self.illegal_input(rule, "NOT_IN_HAND", path, p=p, card=card_id)

    def _turn_one(self, turn: TurnRecord) -> None:
        self.step = "4.2.6"
        for i, entry in enumerate(turn.effects):
            if entry.timing != "main":
                raise self.illegal_input(
                    R.R_5_1_2_1, "TURN_ONE_TIMING", f"turns[0].effects[{i}].timing"
                )
        for p in (self.night_side, 1 - self.night_side):
            choice = turn.sets[p]
            if choice.b is not None:
                raise self.illegal_input(
                    R.R_4_2_6, "TURN_ONE_TWO_CARDS", f"turns[0].set[{p}].B", p=p,
                )  # fmt: skip
            self._take_from_hand(p, choice.a, R.R_4_2_6, f"turns[0].set[{p}].A")
            player = self.players[p]
            player.battle_zone = choice.a
            player.played_this_turn = [choice.a]
            self.emit("FIRST_CARD_PLACED", (R.R_4_2_6, *_ORDER), p, None, "face_down")
        self._enter("4.2.7")
        self.emit("REVEALED", (R.R_4_2_7,), None, None, None,
                  p0=turn.sets[0].a, p1=turn.sets[1].a)  # fmt: skip
        for p in (0, 1):
            player = self.players[p]
            card_id = player.battle_zone
            if card_id is not None and not self.card(card_id).is_character:
                player.battle_zone = None
                self.first_card_not_character[p] = True
                self.put_away(p, card_id, "battle_zone", (R.R_4_2_7_1, R.R_2_2))
        self._enter("5.1.1")
        extra = (R.R_5_1_1_2,) if any(self.first_card_not_character) else ()
        self._advance_time((R.R_5_1_1_1, *extra))
        self._enter("5.1.2")
        self._effects(turn.effects, "main", (R.R_5_1_2_1,))
        self._enter("5.1.3")
        attacks = self._attacks(())
        self._enter("5.1.4")
        self._battle(attacks, ())
        self._enter("5.1.5")
        self._end_draws((R.R_5_1_5_1,))
        self.emit("TURN_ENDED", (R.R_5_1_5_2,), None, None, None)

    def _later_turn(self, turn: TurnRecord) -> None:
        self.step = "5.2.1"
        for p in (0, 1):
            self._set_cards(p, turn.sets[p])
        self._enter("5.2.2")
        self.emit("REVEALED", (R.R_5_2_2_1,), None, None, None,
                  p0=turn.sets[0].cards, p1=turn.sets[1].cards)  # fmt: skip
        self._enter("5.2.3")
        self._effects(turn.effects, "start", (R.R_5_2_3_1, R.R_5_2_3_2))
        self._enter("5.2.4")
        self._effects(turn.effects, CLOCK, (R.R_5_2_4_1,))
        self._advance_time((R.R_5_2_4_1,))
        self._enter("5.2.5")
        self._effects(turn.effects, SWAP, (R.R_5_2_5_1,))
        for p in (0, 1):
            self._swap(p, CHARACTER)
        self._enter("5.2.6")
        for p in (0, 1):
            self._swap(p, AREA_ENCHANT)
        self._enter("5.2.7")
        self._effects(turn.effects, "main", (R.R_5_2_7_1, R.R_5_2_7_3))
        self._enter("5.2.8")
        self._effects(turn.effects, BATTLE, (R.R_5_2_8,))
        attacks = self._attacks((R.R_5_2_8,))
        self._enter("5.2.9")
        self._battle(attacks, (R.R_5_2_9,))
        self._enter("5.2.10")
        self._effects(turn.effects, "end", (R.R_5_2_10_1, R.R_5_2_10_2))
        self._enter("5.2.11")
        for p in (0, 1):
            player = self.players[p]
            for zone in ("zone_a", "zone_b"):
                card_id: str | None = getattr(player, zone)
                if card_id is not None:
                    setattr(player, zone, None)
                    self.put_away(p, card_id, zone, (R.R_5_2_11_1,))
        self._check_endings()
        self._end_draws((R.R_5_2_11_2,))
        self._check_endings()
        self.emit("TURN_ENDED", (R.R_5_3,), None, None, None)

    def _set_cards(self, p: int, choice: SetChoice) -> None:
        allowed, refs = self.allowed_set_counts(p)
        self.emit("SET_ALLOWANCE", refs, p, None, tuple(sorted(allowed)))
        player = self.players[p]
        path = f"turns[{self.turn - self.first_turn}].set[{p}]"
        if not player.hand:
            if self.empty_hand_at_set_loses():
                self.end("win", 1 - p, "cannot_set", (R.R_5_2_1_5,), ("ZA-14",))
            self.end("escalate", None, "cannot_set", (R.R_5_2_1_5,), ("ZA-14",))
        count = len(choice.cards)
        if count not in allowed:
            rule = refs[-2] if refs[-2] != R.R_5_2_1_5 else R.R_5_2_1
            raise self.illegal_input(
                rule,
                "SET_COUNT",
                f"{path}.B",
                p=p,
                count=count,
                allowed=" ".join(map(str, sorted(allowed))),
            )
        self._take_from_hand(p, choice.a, R.R_5_2_1, f"{path}.A")
        if choice.b is not None:
            self._take_from_hand(p, choice.b, R.R_5_2_1, f"{path}.B")
        player.zone_a, player.zone_b = choice.a, choice.b
        player.played_this_turn = list(choice.cards)
        self.emit("CARDS_SET", (R.R_5_2_1, *refs[1:-1]), p, len(player.hand) + count,
                  len(player.hand), count=count)  # fmt: skip

    def _advance_time(self, refs: tuple[RuleRef, ...]) -> None:
        contributions: list[Value] = []
        total = 0
        changed = False
        for p in (0, 1):
            for card_id in self.players[p].played_this_turn:
                card = self.card(card_id)
                clock = self.effects.clock_of(p, card)  # 時計を無効 / 時計をNにする (run_battle)
                if clock != card.clock:
                    changed = True
                total += clock
                contributions.append((p, card_id, clock))
        before = self.medal
        # the medal passes every mark on its way (Q18: NIGHT → DAY → NIGHT in one move)
        self._note_marks([advance(before, step) for step in range(total + 1)])
        self.medal = advance(before, total)
        time_before, time_after, keys = self.time_change(before)
        if changed:
            refs = (*refs, R.R_1_3_1)
        self.emit(
            "TIME_ADVANCED", (*refs, R.R_3_8_2, R.R_3_8_4), None, before, self.medal, keys,
            delta=total, contributions=tuple(contributions), time_before=time_before,
            time_after=time_after,
        )  # fmt: skip

    def _swap(self, p: int, kind: str) -> None:
        player = self.players[p]
        slots = [(z, c) for z, c in (("zone_a", player.zone_a), ("zone_b", player.zone_b))
                 if c is not None and self.card(c).type == kind]  # fmt: skip
        if not slots:
            return
        zone, card_id = slots[0]
        enter: tuple[RuleRef, ...]
        leave: tuple[RuleRef, ...]
        if kind == CHARACTER:
            enter = (R.R_5_2_5_1, *((R.R_5_2_5_3,) if len(slots) > 1 else ()), R.R_5_2_5_4)
            old, leave = player.battle_zone, (R.R_5_2_5_2, R.R_5_2_5_5)
        else:
            enter = (R.R_5_2_6_1, *((R.R_5_2_6_3,) if len(slots) > 1 else ()))
            old, leave = player.zone_c, (R.R_5_2_6_2,)
        if kind == CHARACTER and p in self.effects.keeps:  # 変えなくてもよい (1.3.1)
            self.emit("CHARACTER_KEPT", (R.R_1_3_1, R.R_5_2_5_1), p, None, player.battle_zone,
                      card=card_id)  # fmt: skip
            return
        banned = None if kind == CHARACTER else self.effects.area_ban(p, self.players[1 - p].zone_c)
        if banned is not None:  # 1.3.3: it is put away after the clock counted it (Q28)
            setattr(player, zone, None)
            self.emit("EFFECT_NOT_DONE", (R.R_1_3_3,), p, None, None, card=banned,
                      op="set_area_enchant", reason="prohibited", qa="Q28")  # fmt: skip
            self.put_away(p, card_id, zone, (R.R_1_3_3, R.R_5_2_6_1))
            return
        if old is not None:
            self.put_away(p, old, "battle_zone" if kind == CHARACTER else "zone_c", leave)
        setattr(player, zone, None)
        if kind == CHARACTER:
            player.battle_zone = card_id
            player.swapped_in = card_id
            player.swapped_out = old
            to_zone = "battle_zone"
        else:
            player.zone_c = card_id
            player.zone_c_marks = (len(player.power_charger.placed),
                                   len(self.players[1 - p].abyss.placed))  # fmt: skip
            to_zone = "zone_c"
        self.emit("CARD_MOVED", enter, p, old, card_id, card=card_id, from_zone=zone,
                  to_zone=to_zone)  # fmt: skip

    # --- battle ----------------------------------------------------------------------------

    def _attacks(self, via: tuple[RuleRef, ...]) -> tuple[int, int]:
        time, keys = self.time_now()
        finals = [0, 0]
        for p in (0, 1):
            player = self.players[p]
            power = available_power(self, p)  # 9.1.1, and ★+N per card counted (Q24)
            card_id = player.battle_zone
            if card_id is None:  # turn 1: 4.2.7.2; later turns Q43 (settles ZA-03): 0
                if self.turn == 1:
                    self.emit("ATTACK_DETERMINED", (*via, R.R_4_2_7_2), p, 0, 0, keys, card=None,
                              time=time, power=power, cost=0)  # fmt: skip
                else:
                    self.emit("ATTACK_DETERMINED", (*via, R.R_5_1_3_1, R.R_7_1), p, 0, 0, keys,
                              card=None, time=time, power=power, cost=0,
                              qa="Q43")  # fmt: skip
                continue
            card = self.card(card_id)
            printed = self.effects.printed_for(p, card, time)  # 昼夜逆転 / 常に昼 (run_battle)
            refs: list[RuleRef] = [*via, R.R_5_1_3_1, R.R_3_8_4, R.R_2_3_4]
            shown = time
            if self.effects.attack_swaps[p] or self.effects.always_day[p]:
                refs.append(R.R_1_3_1)
                shown = self.effects.attack_time(p, time)  # the time whose attack is printed
            cost = self.effects.power_cost(p, card_id, card.power_cost)  # Q36
            changes = self.effects.attack_changes[p]
            attack = attack_after(printed, changes)  # one by one, never below 0 (7.1, Q54)
            if changes:
                refs.append(R.R_7_1)
                if any(op == "set_attack" for op, _ in changes):
                    refs.append(R.R_1_3_1)
            if power < cost:
                attack = 0
                refs += [R.R_5_1_3_2, R.R_2_3_6, R.R_7_1_2, R.R_9_1_3]
            else:
                refs.append(R.R_9_1_3)
            finals[p] = attack
            if cost != card.power_cost:
                self.emit("ATTACK_DETERMINED", (*refs, R.R_1_3_1), p, printed, attack, keys,
                          card=card_id, time=shown, power=power, cost=cost,
                          changes=changes, qa="Q36")  # fmt: skip
            elif changes and power < cost:
                # Q40: the character cannot attack, so the attack effects do not count either
                self.emit("ATTACK_DETERMINED", refs, p, printed, attack, keys, card=card_id,
                          time=shown, power=power, cost=card.power_cost,
                          changes=changes, qa="Q40")  # fmt: skip
            else:
                self.emit("ATTACK_DETERMINED", refs, p, printed, attack, keys, card=card_id,
                          time=shown, power=power, cost=card.power_cost,
                          changes=changes)  # fmt: skip
        self.attacks = (finals[0], finals[1])
        return self.attacks

    def _battle(self, attacks: tuple[int, int], via: tuple[RuleRef, ...]) -> None:
        a0, a1 = attacks
        self.has_battled = True
        if a0 == a1:
            self.last_battle_winner = None
            self.battle = BattleResult(attacks, None, 0)
            self.emit("BATTLE_RESOLVED", (*via, R.R_5_1_4_1, R.R_5_1_4_4), None, None, None,
                      attack=attacks)  # fmt: skip
            return
        loser = 0 if a0 < a1 else 1
        difference = abs(a0 - a1)
        reduction = min(self.effects.damage_reductions[loser], difference)
        unreducible = reduction > 0 and self.effects.unreducible[1 - loser]
        if unreducible:  # このキャラクターが与えるダメージは軽減されない (1.3.1)
            reduction = 0
        self.effects = self.effects.with_reduced(loser, reduction)
        damage = difference - reduction
        self.last_battle_winner = 1 - loser
        extra = (R.R_5_1_4_3,) if reduction else (R.R_1_3_1,) if unreducible else ()
        if reduction and damage == 0:  # Q37: reduced to 0, the battle is still lost
            self.emit("BATTLE_RESOLVED", (*via, R.R_5_1_4_1, *extra), 1 - loser, None,
                      1 - loser, attack=attacks, difference=difference, qa="Q37")  # fmt: skip
        else:
            self.emit("BATTLE_RESOLVED", (*via, R.R_5_1_4_1, *extra), 1 - loser, None,
                      1 - loser, attack=attacks, difference=difference)  # fmt: skip
        player = self.players[loser]
        before = player.hp
        player.hp = max(0, before - damage)
        self.battle = BattleResult(attacks, 1 - loser, damage)
        self.emit("DAMAGE_APPLIED", (*via, R.R_5_1_4_2, *extra, R.R_1_2_2), loser, before,
                  player.hp, amount=damage, reduction=reduction)  # fmt: skip
        self.check_hp(via)

    # --- end of turn ------------------------------------------------------------------------

    def _end_draws(self, refs: tuple[RuleRef, ...]) -> None:
        short: list[int] = []
        for p in (0, 1):
            player = self.players[p]
            need = len(player.played_this_turn)
            have = len(player.deck)
            if have < need:
                short.append(p)
                if not self.short_end_draw_draws_first():
                    continue
            n = min(need, have)
            drawn = [player.deck.pop() for _ in range(n)]
            player.hand.extend(drawn)
            self.emit("DRAW", refs, p, have, len(player.deck), requested=need, drawn=n)
        if len(short) == 2:
            self.end("draw", None, "both_decked_out", (*refs, R.R_5_4_3, R.R_5_4_3_1))
        if short:
            self.end("win", 1 - short[0], "deck_out",
                      (*refs, R.R_1_2_4, R.R_5_4_3))  # fmt: skip

    # --- effects ----------------------------------------------------------------------------

    def _effects(self, entries: Sequence[EffectEntry], timing: str,
                 refs: tuple[RuleRef, ...]) -> None:  # fmt: skip
        chosen = [(i, e) for i, e in enumerate(entries) if e.timing == timing]
        auto = self._auto_units(timing, entries) if self.auto_effects else []
        late: list[tuple[int, str, CardEffect]] = []
        if timing == MAIN:
            self._note_undescribed(entries)
            late = self._auto_units(LATE, entries) if self.auto_effects else []
        if not chosen and not auto and not late:
            return
        if self.turn == 1 and timing != "main":
            raise self.illegal_input(R.R_5_1_2_1, "TURN_ONE_NO_TIMING_STEP")
        first = self.priority()
        time, keys = self.time_now()
        self.emit("PRIORITY_DETERMINED", (*refs, R.R_10_2_1_PRIORITY, R.R_10_2_4_PRIORITY,
                                          R.R_10_2_2_PRIORITY, R.R_6_3_1, R.R_6_3_3), first,
                  None, first, keys,
                  time=time, medal=self.medal)  # fmt: skip
        if not auto and not late and self.order == (None, None):  # typed entries only, in order
            ordered = [c for c in chosen if c[1].player == first] + [
                c for c in chosen if c[1].player != first
            ]
            time_before = time
            shown: set[tuple[int, str]] = set()
            for index, entry in ordered:
                if self.auto_effects and entry.card and (entry.player, entry.card) not in shown:
                    shown.add((entry.player, entry.card))
                    self._show_automatic(entry.player, entry.card, timing)
                self._resolve(entry, index, timing)
                if entry.player == first and self.time_of_day(self.medal) != time_before:
                    time_before = self.time_of_day(self.medal)
                    self.emit("PRIORITY_KEPT", (R.R_6_3_2,), first, None, first)
            return
        units: list[tuple[int, int, EffectEntry | None, str, CardEffect | None]] = []
        for p in (first, 1 - first):
            mine: list[tuple[int, int, EffectEntry | None, str, CardEffect | None]] = [
                (p, i, e, e.card or "", None) for i, e in chosen if e.player == p
            ]
            mine += [(p, -1, None, cid, eff) for q, cid, eff in auto if q == p]
            units += self._ordered(p, timing, mine, bool(auto))
        time_before = time
        overridden: set[tuple[int, str]] = set()
        for p, at, typed, card_id, effect in units:
            if typed is None:
                if effect is not None:
                    self._resolve_auto(p, card_id, effect, timing)
            else:
                if typed.card is not None and (p, typed.card) not in overridden:
                    overridden.add((p, typed.card))
                    self._show_automatic(p, typed.card, timing)
                self._resolve(typed, at, timing)
            if p == first and self.time_of_day(self.medal) != time_before:
                time_before = self.time_of_day(self.medal)
                self.emit("PRIORITY_KEPT", (R.R_6_3_2,), first, None, first)
        self._resolve_late(first, late)

    def _resolve_late(self, first: int, late: Sequence[tuple[int, str, CardEffect]]) -> None:
        """※相手のエンチャント発動のち有効: after every other effect of the step, the opponent's
        enchants included (1.3.1: the card's text), the priority player's first (6.3.1)."""
        for p in (first, 1 - first):
            for q, card_id, effect in late:
                if q == p:
                    self._resolve_auto(p, card_id, effect, LATE)

    def _ordered(
        self,
        p: int,
        timing: str,
        mine: list[tuple[int, int, EffectEntry | None, str, CardEffect | None]],
        has_auto: bool,
    ) -> list[tuple[int, int, EffectEntry | None, str, CardEffect | None]]:
        """``p``'s effects in the order ``p`` chose (5.2.7.3, 6.3.3): ``choices.order[p]``, or the
        documented default (typed entries in record order, then automatic effects by zone)."""
        wanted = self.order[p]
        default = tuple(dict.fromkeys(u[3] for u in mine if u[3]))
        if wanted is not None:
            rank = {cid: n for n, cid in reversed(list(enumerate(wanted)))}
            mine = sorted(mine, key=lambda u: rank.get(u[3], len(wanted)))
        if has_auto and len(default) >= 2:
            self.choices.append(ChoicePoint(
                turn=self.turn, step=self.step,
                path=f"turns[{self.turn - self.first_turn}].choices.order[{p}]", kind="order",
                options=default, chosen=tuple(dict.fromkeys(u[3] for u in mine if u[3])),
                defaulted=wanted is None, turn_index=self.turn - self.first_turn, player=p,
            ))  # fmt: skip
        return mine

    def automated(self, card_id: str) -> _Automated | None:
        """The encoded effect this card runs by itself, if it is automated for the text it has
        (the pool's encoding, or ``extra_encoding``); None = the judge enters its outcome."""
        if card_id in self._automated:
            return self._automated[card_id]
        card = self.card(card_id)
        effect: CardEffect | None = None
        if card.has_effect:
            extra = self.extra_encoding.get(card_id)
            if extra is None:
                effect = automated_effect(card_id, card.effect_sha256)
            elif extra.text_sha256 == card.effect_sha256 and effect_executable(extra):
                effect = extra
        info = _automated_info(effect)
        self._automated[card_id] = info
        if info is not None and info.steps & _RARE_STEPS:
            self._rare_steps = True
        return info

    def _auto_units(
        self, timing: str, entries: Sequence[EffectEntry]
    ) -> list[tuple[int, str, CardEffect]]:
        """The cards whose encoded effect takes effect now by itself: in play, taking effect at
        this step (6.1.3.1-6.1.3.3), automated for the text they have, and not typed by the record
        (a typed entry is the judge's override). An area enchant in set zone C takes effect again
        at each step its clauses name, every turn (6.1.3.3)."""
        if not self.auto_effects or (timing in _RARE_STEPS and not self._rare_steps):
            return []
        typed = self._typed
        found: list[tuple[int, str, CardEffect]] = []
        for p in (0, 1):
            player = self.players[p]
            for zone in ("battle_zone",) if self.turn == 1 else _ZONE_ORDER:
                card_id: str | None = getattr(player, zone)
                if card_id is None or card_id == UNKNOWN_CARD or (p, card_id) in typed:
                    continue
                info = self.automated(card_id)
                if info is None or timing not in info.steps:
                    continue
                if zone == "battle_zone" and self.turn > 1 and player.swapped_in != card_id:
                    continue  # 6.1.3.1: a character takes effect when it is swapped in
                if self._eligible(p, card_id, timing)[0]:
                    found.append((p, card_id, info.effect))
        return found

    def _negated(self, p: int, card_id: str, op: str) -> bool:
        """``p``'s enchant does not take effect: its effects are negated this turn by the
        opponent's effect that resolved before it (act.negate_opp_enchants; Q51: enchants only)."""
        if not self.effects.enchants_negated(p) or self.card(card_id).type != ENCHANT:
            return False
        self.emit("EFFECT_FAILED", (R.R_1_3_1,), p, None, None, card=card_id, op=op,
                  reason="negated", qa="Q51")  # fmt: skip
        return True

    def _check_endings(self) -> None:
        """An area enchant's ending "すぐに" (or with no timing written, 6.1.3.5) is carried out the
        moment its condition holds (6.1.3.3, Q12; Q10: before its effect if need be): checked
        after each change the pipeline makes (each step, each action), the priority player's
        first (6.3.1), again after each ending (one ending may meet another's condition). Not
        while its power cost is not met: it stays in set zone C (6.1.3.4, Q9). Only the two cards
        in set zone C are looked at, and only if their effect has such an ending."""
        if self._checking or not self.auto_effects:
            return
        armed: list[tuple[int, str, tuple[Clause, ...]]] = []
        for p in (0, 1):
            card_id = self.players[p].zone_c
            if card_id is None or card_id == UNKNOWN_CARD or (p, card_id) in self._typed:
                continue
            info = self.automated(card_id)
            if info is not None and info.immediate:
                armed.append((p, card_id, info.immediate))
        if not armed:
            return
        self._checking = True
        try:
            if len(armed) == 2 and armed[0][0] != self.priority():
                armed.reverse()
            fired = [self._check_ending(p, card_id, clauses) for p, card_id, clauses in armed]
        finally:
            self._checking = False
        if len(armed) == 2 and fired[0] and not fired[1]:
            self._check_endings()  # the first ending may have met the other card's condition

    def _check_ending(self, p: int, card_id: str, clauses: tuple[Clause, ...]) -> bool:
        """Carry out ``p``'s ending if its condition holds now; True if the card left."""
        if self.players[p].zone_c != card_id:
            return False
        resolution = self._resolutions.get((p, card_id)) or Resolution(
            player=p, card_id=card_id, timing=IMMEDIATE
        )
        card = self.card(card_id)
        for clause in clauses:
            cond = clause.condition
            if not condition_holds(self, p, cond, resolution):
                continue
            action = clause.actions[0]
            if self.players[p].total_power < card.power_cost:
                if (p, card_id) not in self._ending_blocked:
                    self._ending_blocked.add((p, card_id))
                    self.emit("EFFECT_FAILED", (R.R_6_1_3_4, R.R_9_1_3), p, None, None,
                              card=card_id, op=ENDING_OP, reason="power_cost",
                              power=self.players[p].total_power, cost=card.power_cost,
                              condition=cond.code.value, auto=True, qa="Q9")  # fmt: skip
                return False
            self.emit("EFFECT_RESOLVED", (R.R_6_1_3_3, R.R_9_1_3, R.R_1_3_1), p, None, None,
                      card=card_id, op=ENDING_OP, amount=0, target="self",
                      code=action.code.value, condition=cond.code.value,
                      timing=clause.timing.value, auto=True, qa="Q12")  # fmt: skip
            resolution.duration = clause.duration.value
            return run_action(self, action, resolution)
        return False

    def _power_cost_failed(
        self, p: int, card_id: str, op: str, auto: bool = False, charger_only: bool = False
    ) -> bool:
        """9.1.3 for ``card_id``'s effect now; ``charger_only``: a card whose own effect is a
        ★+N per card counted meets its cost from the power charger alone (Q72)."""
        card = self.card(card_id)
        power = self.players[p].total_power if charger_only else available_power(self, p)
        if power >= card.power_cost:
            return False
        # 9.1.3 at the moment the effect comes to be resolved, in the step that resolves it
        extra = {CHARACTER: (R.R_2_3_6,), AREA_ENCHANT: (R.R_6_1_3_4,)}.get(card.type, ())
        rules = (*_POWER_COST_STEP[self.step], R.R_9_1_3, R.R_9_1_4, *extra)
        if auto and charger_only:
            self.emit("EFFECT_FAILED", rules, p, None, None, card=card_id, op=op,
                      reason="power_cost", power=power, cost=card.power_cost, auto=True,
                      qa="Q72")  # fmt: skip
        elif auto:
            self.emit("EFFECT_FAILED", rules, p, None, None, card=card_id, op=op,
                      reason="power_cost", power=power, cost=card.power_cost,
                      auto=True)  # fmt: skip
        else:
            self.emit("EFFECT_FAILED", rules, p, None, None, card=card_id, op=op,
                      reason="power_cost", power=power, cost=card.power_cost)  # fmt: skip
        return True

    def _resolve_auto(self, p: int, card_id: str, effect: CardEffect, timing: str) -> None:
        """The card's encoded effect, by itself: power cost (9.1.3), then each clause in printed
        order, its condition checked now (6.2.1.1) and each action applied at its own moment; an
        ending "すぐに" is checked after each action (Q12). An area enchant that has left set zone
        C (its ending, Q10) takes effect no more."""
        ok, refs = self._eligible(p, card_id, timing)
        clauses = [c for c in effect.clauses if TIMINGS[c.timing] == timing]
        first_op = op_of(clauses[0].actions[0])
        if not ok:  # it left the zone it took effect from earlier in this step
            self.emit("EFFECT_FAILED", refs, p, None, None, card=card_id, op=first_op,
                      reason="not_taking_effect", auto=True)  # fmt: skip
            return
        if self._negated(p, card_id, first_op):
            return
        charger_only = any(a.code == Act.POWER_PLUS_PER for c in clauses for a in c.actions)
        if self._power_cost_failed(p, card_id, first_op, auto=True, charger_only=charger_only):
            return
        card = self.card(card_id)
        area = card.type == AREA_ENCHANT
        resolution = Resolution(player=p, card_id=card_id, timing=timing)
        self._resolutions[(p, card_id)] = resolution
        for index, clause in enumerate(clauses):
            if area and self.players[p].zone_c != card_id:
                break  # its ending was carried out: its effect ends (6.1.3.3)
            resolution.clause_index = index
            resolution.duration = clause.duration.value
            cond = clause.condition
            resolution.qa = ""
            holds = condition_holds(self, p, cond, resolution)
            qa = resolution.qa  # the Q&A answer that decided the condition, if one did
            if not holds:
                resolution.previous_done = False
                extra = (R.R_6_2_1_3,) if card.is_character else ()
                event = self.emit("EFFECT_FAILED", (R.R_6_2_1_1, *extra), p, None, None,
                                  card=card_id, op=op_of(clause.actions[0]), reason="condition",
                                  condition=cond.code.value, requires=cond.key(),
                                  auto=True)  # fmt: skip
                if qa:
                    self.events[-1] = replace(event, params=(*event.params, ("qa", qa)))
                continue
            done = True
            resolution.last_done = True
            for a_index, action in enumerate(clause.actions):
                resolution.action_index = a_index
                op, target = op_of(action), target_of(action)
                rules = (*refs, R.R_9_1_3, R.R_9_1_2, R.R_1_3_1)
                if action.code == Act.REDUCE_DAMAGE and self.players[p].battle_zone is None:
                    # Q62: a reduction concerns the player's own HP, with or without a character
                    self.emit("EFFECT_RESOLVED", rules, p, None, None, card=card_id, op=op,
                              amount=action.amount, target=target, code=action.code.value,
                              condition=cond.code.value, timing=clause.timing.value, auto=True,
                              qa="Q62")  # fmt: skip
                elif timing == LATE:
                    # ※相手のエンチャント発動のち有効: the card's text orders it last (1.3.1)
                    self.emit("EFFECT_RESOLVED", (*rules, R.R_6_3_3), p, None, None,
                              card=card_id, op=op, amount=action.amount, target=target,
                              code=action.code.value, condition=cond.code.value,
                              timing=clause.timing.value, auto=True)  # fmt: skip
                else:
                    event = self.emit("EFFECT_RESOLVED", rules, p, None, None, card=card_id,
                                      op=op, amount=action.amount, target=target,
                                      code=action.code.value, condition=cond.code.value,
                                      timing=clause.timing.value, auto=True)  # fmt: skip
                    if qa:
                        self.events[-1] = replace(event, params=(*event.params, ("qa", qa)))
                did = self._by(p, action, resolution)
                resolution.last_done = did
                done = did and done
                self._check_endings()
                if area and self.players[p].zone_c != card_id:
                    break
            resolution.previous_done = done

    def encoded(self, card_id: str) -> CardEffect | None:
        """``effects.EffectContext.encoded``."""
        card = self.card(card_id)
        effect = encoding().get(card_id) if card.has_effect else None
        return effect if effect is not None and effect.text_sha256 == card.effect_sha256 else None

    def use_effect_of(self, p: int, card_id: str, source: str, timing: str) -> bool | None:
        """``effects.EffectContext.use_effect_of``: as ``_resolve_auto`` without the power cost of
        ``source`` (Q48: only ``card_id``'s cost, already met), each condition checked now for
        ``p`` (Q66: the copied card's own condition must hold)."""
        card = self.card(source)
        effect = automated_effect(source, card.effect_sha256) if card.has_effect else None
        if effect is None:
            return None
        sub = Resolution(player=p, card_id=card_id, timing=timing)
        done = False
        for index, clause in enumerate(effect.clauses):
            if TIMINGS[clause.timing] != timing:
                continue
            sub.clause_index, sub.last_done = index, True
            if not condition_holds(self, p, clause.condition, sub):
                sub.previous_done = False
                self.emit("EFFECT_FAILED", (R.R_6_2_1_1,), p, None, None, card=card_id,
                          op=op_of(clause.actions[0]), reason="condition",
                          condition=clause.condition.code.value,
                          requires=clause.condition.key(), copied=source, auto=True,
                          qa="Q66")  # fmt: skip
                continue
            clause_done = True
            for a_index, action in enumerate(clause.actions):
                sub.action_index = a_index
                self.emit("EFFECT_RESOLVED", (R.R_1_3_1,), p, None, None, card=card_id,
                          op=op_of(action), amount=action.amount, target=target_of(action),
                          code=action.code.value, copied=source, auto=True)  # fmt: skip
                sub.last_done = run_action(self, action, sub)
                clause_done = sub.last_done and clause_done
            sub.previous_done = clause_done
            done = done or clause_done
        return done

    def turn_events(self) -> Sequence[Event]:
        return self.events[self._turn_start :]

    def choose(
        self, p: int, card_id: str, kind: str, options: Sequence[str], count: int
    ) -> tuple[str, ...]:
        """``effects.EffectContext.choose``. The n-th choice of ``card_id``'s effect for ``p`` this
        turn has the record path ``turns[i].choices.picks[p].<card_id>[n]``: the record's answer
        there is checked (``_check_answer``) and used, else the default (``record.DEFAULT_PICK``:
        the first legal answer in the options' order)."""
        turn_index = self.turn - self.first_turn
        n = self._asked.get((p, card_id), 0)
        self._asked[(p, card_id)] = n + 1
        path = f"turns[{turn_index}].choices.picks[{p}].{card_id}[{n}]"
        answer = _answer(self.picks[p], card_id, n)
        if answer is None:
            if kind == "may":
                chosen = tuple(options[:1])
            elif kind == "order":
                chosen = tuple(options)
            else:
                chosen = tuple(options[: max(count, 0)])
        else:
            self._check_answer(p, card_id, kind, options, count, answer, path)
            chosen = answer
        self.choices.append(ChoicePoint(
            turn=self.turn, step=self.step, path=path, kind=kind, options=tuple(options),
            chosen=chosen, defaulted=answer is None, turn_index=turn_index, player=p,
            card=card_id, index=n, count=count,
        ))  # fmt: skip
        return chosen

    def name_options(self, opponent: int) -> tuple[str, ...]:
        """The options of a name choice (``act.name_card``, Q50: a full name, brackets and all):
        one card id per card name (``name_ja``), the opponent's cards first (those of their zones,
        in catalogue order), then every other name of the catalogue in its order."""
        if self._name_options is None:
            seen: set[str] = set()
            first: list[str] = []
            for cid, card in self.cards.items():
                if cid != UNKNOWN_CARD and card.name_ja not in seen:
                    seen.add(card.name_ja)
                    first.append(cid)
            self._name_options = tuple(first)
        q = self.players[opponent]
        theirs = {q.battle_zone, q.zone_a, q.zone_b, q.zone_c, *q.hand, *q.deck,
                  *q.abyss, *q.power_charger}  # fmt: skip
        names = {self.cards[c].name_ja for c in theirs if c is not None and c in self.cards}
        front = [c for c in self._name_options if self.cards[c].name_ja in names]
        return (*front, *(c for c in self._name_options if self.cards[c].name_ja not in names))

    def _check_answer(
        self,
        p: int,
        card_id: str,
        kind: str,
        options: Sequence[str],
        count: int,
        answer: tuple[str, ...],
        path: str,
    ) -> None:
        """Illegal input unless ``answer`` is a legal answer: cards of the options (each copy at
        most as often as it is there), as many as the kind asks (a pick: ``count``, or all of
        the options if fewer, 1.3.2; up to: 0 to ``count``, 1.3.5 (1.3.5.2 for the hand, hidden
        information: today's only up-to choices are of a hand); at least: ``count`` or more, all
        if fewer; an order: each option once; a may: yes or no; a name: one card id of the
        catalogue, 2.1.2 and Q50)."""
        given = ",".join(answer)
        shown = ",".join(options[:12]) + (",…" if len(options) > 12 else "")
        if kind == "name":
            if len(answer) != 1 or answer[0] not in self.cards or answer[0] == UNKNOWN_CARD:
                raise self.illegal_input(R.R_2_1_2, "CHOICE_NOT_A_CARD_NAME", path, p=p,
                                         card=card_id, answer=given)  # fmt: skip
            return
        if kind == "may":
            if len(answer) != 1 or answer[0] not in options:
                raise self.illegal_input(R.R_1_3_1, "CHOICE_NOT_AN_OPTION", path, p=p,
                                         card=card_id, answer=given, options=shown)  # fmt: skip
            return
        left = Counter(options)
        left.subtract(answer)
        if any(v < 0 for v in left.values()):
            raise self.illegal_input(R.R_1_3_1, "CHOICE_NOT_AN_OPTION", path, p=p, card=card_id,
                                     answer=given, options=shown)  # fmt: skip
        have = len(options)
        if kind == "pick":
            lo = hi = min(count, have)
            rule = R.R_1_3_2
        elif kind == "up_to":
            lo, hi, rule = 0, min(count, have), R.R_1_3_5  # 0 to N (1.3.5.2: hidden info)
        elif kind == "at_least":
            lo, hi, rule = min(count, have), have, R.R_1_3_2
        else:  # an order: every option, once
            lo = hi = have
            rule = R.R_1_3_1
        if not lo <= len(answer) <= hi:
            wanted = str(lo) if lo == hi else f"{lo}-{hi}"
            raise self.illegal_input(rule, "CHOICE_WRONG_COUNT", path, p=p, card=card_id,
                                     answer=given, count=len(answer), wanted=wanted)  # fmt: skip

    def _check_unasked(self) -> None:
        """Illegal input if ``choices.picks`` answers a choice no effect asked for this turn (the
        record and the replay disagree about the game: nothing is guessed)."""
        turn_index = self.turn - self.first_turn
        for p in (0, 1):
            for card_id, answers in self.picks[p]:
                asked = self._asked.get((p, card_id), 0)
                for n in range(asked, len(answers)):
                    if answers[n] is not None:
                        path = f"turns[{turn_index}].choices.picks[{p}].{card_id}[{n}]"
                        raise self.illegal_input(R.R_1_3_1, "CHOICE_NOT_ASKED", path, p=p,
                                                 card=card_id, asked=asked)  # fmt: skip

    def _show_automatic(self, p: int, card_id: str, timing: str) -> None:
        """Req 5: a typed entry on a card the engine runs by itself overrides it; what the engine
        would have done now is shown beside it (nothing is applied)."""
        if not self.auto_effects:
            return
        card = self.card(card_id)
        info = self.automated(card_id)
        if info is None:
            return
        effect = info.effect
        parts: list[Value] = []
        if available_power(self, p) < card.power_cost:
            parts.append(("power_cost",))
        else:
            for clause in effect.clauses:
                if TIMINGS[clause.timing] != timing:
                    continue
                resolution = Resolution(player=p, card_id=card_id, timing=timing)
                if not condition_holds(self, p, clause.condition, resolution):
                    parts.append(("condition", clause.condition.code.value))
                    continue
                parts += [(op_of(a), a.amount) for a in clause.actions]
        automatic: Value = tuple(parts)
        self.emit("EFFECT_AUTOMATIC_RESULT", (R.R_1_3_1, R.R_6_1_2), p, None, None,
                  card=card_id, automatic=automatic, override=True)  # fmt: skip

    def _eligible(self, p: int, card_id: str, timing: str) -> tuple[bool, tuple[RuleRef, ...]]:
        """Which cards' effects take effect now (6.1.3.1-6.1.3.3, 4.2.7.2, 5.2.6.3)."""
        player = self.players[p]
        card = self.card(card_id)
        if self.turn == 1:
            if (
                self.first_card_not_character[p]
                and player.played_this_turn
                and player.played_this_turn[0] == card_id
            ):
                return False, (R.R_4_2_7_2,)
            if card.is_character and player.battle_zone == card_id:
                return True, (R.R_5_1_2_1,)
            return False, (R.R_6_1_3_1,)
        set_now = card_id in (player.zone_a, player.zone_b)
        if card.type == ENCHANT:
            return (True, (R.R_6_1_3_2,)) if set_now else (False, (R.R_6_1_3_2,))
        if card.type == AREA_ENCHANT:
            if player.zone_c == card_id:
                return True, (R.R_6_1_3_3,)
            if player.zone_b == card_id:
                return False, (R.R_5_2_6_3, R.R_3_3)  # Q11: the second area enchant
            return False, (R.R_6_1_3_3,)
        if timing != "start" and player.swapped_in == card_id == player.battle_zone:
            return True, (R.R_6_1_3_1,)
        # Not swapped in this turn, still in zone B (Q13), or a start-of-turn effect of a character
        # that is swapped in only at 5.2.5 (ZA-15).
        return False, (R.R_6_1_3_1,)

    def _note_undescribed(self, chosen: Sequence[EffectEntry]) -> None:
        described = {(e.player, e.card) for e in chosen}
        for p in (0, 1):
            player = self.players[p]
            candidates = [player.swapped_in, player.zone_c]
            candidates += [c for c in (player.zone_a, player.zone_b)
                           if c is not None and self.card(c).type == ENCHANT]  # fmt: skip
            if self.turn == 1:
                candidates = [player.battle_zone]
            for card_id in candidates:
                if card_id is None or card_id == UNKNOWN_CARD or (p, card_id) in described:
                    continue
                card = self.card(card_id)
                if self.auto_effects and self.automated(card_id) is not None:
                    continue  # the engine runs it by itself (cardeffects)
                if card.has_effect:
                    # The card has an effect written on it (6.1.2) and this step resolves effects
                    # (5.1.2.1, 5.2.7.1); no rule voids it: the record does not say what it does.
                    self.undescribed.add(card_id)
                    step_rule = R.R_5_1_2_1 if self.turn == 1 else R.R_5_2_7_1
                    self.emit("EFFECT_NOT_DESCRIBED", (step_rule, R.R_6_1_2), p, None, None,
                              card=card_id)  # fmt: skip

    def _check_effect_card(self, e: EffectEntry, card_id: str, index: int) -> None:
        """Illegal input if the record enters an effect that cannot be: for a card with no effect
        written on it (6.1.2), or for a card that is not on the field or in the set zone when its
        timing comes (6.1.3.1-6.1.3.3). The first card of 4.2.7.1 is ruled on by 4.2.7.2."""
        p = e.player
        card = self.card(card_id)
        path = f"turns[{self.turn - self.first_turn}].effects[{index}].card"
        if not card.has_effect:
            raise self.illegal_input(
                R.R_6_1_2, "EFFECT_NONE_WRITTEN", path, p=p, card=card_id, op=e.op,
            )  # fmt: skip
        player = self.players[p]
        first = self.turn == 1 and self.first_card_not_character[p]
        if first and player.played_this_turn[:1] == [card_id]:
            return
        if card_id not in (player.battle_zone, player.zone_a, player.zone_b, player.zone_c):
            rule = {CHARACTER: R.R_6_1_3_1, ENCHANT: R.R_6_1_3_2}.get(card.type, R.R_6_1_3_3)
            raise self.illegal_input(
                rule, "EFFECT_NOT_IN_PLAY", path, p=p, card=card_id, step=self.step, op=e.op,
            )  # fmt: skip

    def _resolve(self, e: EffectEntry, index: int, timing: str) -> None:
        p = e.player
        check: tuple[RuleRef, ...] = (R.R_1_3_1,)
        if e.card is not None:
            self._check_effect_card(e, e.card, index)
            ok, refs = self._eligible(p, e.card, timing)
            if not ok:
                self.emit("EFFECT_FAILED", refs, p, None, None, card=e.card, op=e.op,
                          reason="not_taking_effect")  # fmt: skip
                return
            if self._negated(p, e.card, e.op) or self._power_cost_failed(p, e.card, e.op):
                return
            check = (*refs, R.R_9_1_3, R.R_9_1_2)
        if not e.condition_met and e.op != "otherwise_lose":
            extra = (R.R_6_2_1_3,) if e.card and self.card(e.card).is_character else ()
            self.emit("EFFECT_FAILED", (R.R_6_2_1_1, *extra), p, None, None, card=e.card,
                      op=e.op, reason="condition")  # fmt: skip
            return
        amount: Value = e.amount if e.position is None else f"→{e.position}"
        self.emit("EFFECT_RESOLVED", check, p, None, None, card=e.card, op=e.op,
                  amount=amount, target=e.target)  # fmt: skip
        other = self.players[1 - p]
        other.power_charger.foreign = other.abyss.foreign = True
        try:
            apply_primitive(self, e)
        finally:
            other.power_charger.foreign = other.abyss.foreign = False
        self._check_endings()

    def _by(self, p: int, action: Action, resolution: Resolution) -> bool:
        """``p``'s effect runs ``action``: a card it puts on the opponent's power charger or abyss
        is put there by ``p``, not by their owner (``zones.Pile``)."""
        other = self.players[1 - p]
        other.power_charger.foreign = other.abyss.foreign = True
        try:
            return run_action(self, action, resolution)
        finally:
            other.power_charger.foreign = other.abyss.foreign = False


def run_record(
    record: GameRecord,
    *,
    profile: Profile | None = None,
    capture: bool = False,
    auto_effects: bool = True,
    encoding: Mapping[str, CardEffect] | None = None,
    capture_turns: frozenset[int] | None = None,
    digests: bool = True,
    forks: bool = False,
) -> Game:
    """Play a record through the engine; illegal input is kept on ``game.illegal``, never raised.

    After illegal input the turn in progress is snapshotted up to that point, for the report.
    ``encoding``: encoded effects of cards outside the pool's encoding (``Game.extra_encoding``).
    ``capture_turns`` and ``digests``: as ``Game``'s (a re-run that only answers claims).
    ``forks``: keep a fork of the game before each turn of the record (``Game.forks``).
    """
    if profile is not None and profile != record.profile:
        record = record.with_profile(profile)
    game = Game(record.cards, record.profile, capture=capture, auto_effects=auto_effects,
                encoding=encoding, capture_turns=capture_turns, digests=digests)  # fmt: skip
    return _play(game, record, None, forks)


def continue_record(
    game: Game,
    record: GameRecord,
    turn_index: int,
    *,
    capture_turns: frozenset[int] | None = None,
    digests: bool = True,
) -> Game:
    """Play ``record`` on from its turn ``turns[turn_index]``, in ``game``: a fork taken before
    that turn (``Game.forks``) of a record whose setup and earlier turns are the same as
    ``record``'s (a re-run under another answer to a choice of that turn: the engine is
    deterministic, so the turns before it play out the same). As ``run_record`` from there."""
    game.capture_turns, game.digests = capture_turns, digests
    return _play(game, record, turn_index, False)


def _play(game: Game, record: GameRecord, turn_index: int | None, forks: bool) -> Game:
    """Set up (``turn_index`` None) and play the record's turns from ``turn_index`` on."""
    try:
        if turn_index is None:
            if record.start is not None:
                deck_lists = (record.players[0].deck, record.players[1].deck)
                game.start_from(record.start, record.night_side, deck_lists)
            else:
                game.setup(record)
        for turn in record.turns[turn_index or 0 :]:
            if forks:
                game.forks.append(game.fork())
            game.play_turn(turn)
    except IllegalInputError as exc:
        game.illegal = exc
        game._key = None  # the input may have broken a rule halfway through a change
        game.checkpoints.append(game.state())
        game.checkpoint_events.append(len(game.events))
        started = game.turn >= game.first_turn  # a turn of the record was being played
        if started and (not game.snapshots or game.snapshots[-1].turn != game.turn):
            game.snapshot_turn()
    return game
