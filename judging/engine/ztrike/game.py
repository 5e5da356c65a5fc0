"""The ZTRIKE round pipeline (design 3.1): Start Phase, Play Phase (Battle bonuses, colour
weakness, else power, tie, Win and Lose bonuses, cards to the Victory Zone and the discard pile,
20 Victory Points), End Phase. Every state change is an ``Event`` citing its rules by key."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from typing import NamedTuple

from judging.engine.core.errors import IllegalInputError
from judging.engine.core.jsontypes import JSON, Value
from judging.engine.ztrike.record import (
    HAND_SIZE,
    BonusEntry,
    Card,
    Effect,
    RoundRecord,
    ZtrikeRecord,
)
from judging.engine.ztrike.rules import BY_KEY, ZtrikeRule

#: Colour weakness is a cycle (rock-paper-scissors), not a chain: each colour beats one other.
BEATS: dict[str, str] = {"red": "green", "green": "blue", "blue": "red"}
VICTORY = 20

WEAKNESS_RULES: tuple[str, ...] = (
    "ztr.victor#s2",
    "ztr.victor#s4",
    "ztr.colors.weakness",
    "ztr.victor#s3",
)
POWER_RULES: tuple[str, ...] = ("ztr.victor#s5", "ztr.victor#s6")
TIE_RULES: tuple[str, ...] = ("ztr.victor#s5", "ztr.victor#s7")


class Event(NamedTuple):
    """One state change: its kind, the rules that decided it, who it concerns, before/after."""

    round: int
    kind: str
    rules: tuple[str, ...]
    player: int | None
    before: Value
    after: Value
    params: tuple[tuple[str, Value], ...] = ()
    profile_keys: tuple[str, ...] = ()


@dataclass(frozen=True, slots=True)
class RoundSnapshot:
    round: int
    main_player: int
    decided_by: str | None
    winner: int | None
    victory_points: tuple[int, int]
    hands: tuple[int, int]
    decks: tuple[int, int]
    discards: tuple[int, int]
    victory_zones: tuple[tuple[str, ...], tuple[str, ...]]
    events: tuple[Event, ...]

    def value(self, path: str) -> JSON:
        """The value a claim path names (``winner``, ``players[0].hand``…); KeyError if unknown."""
        simple: dict[str, JSON] = {
            "main_player": self.main_player,
            "decided_by": self.decided_by,
            "winner": self.winner,
            "victory_points": list(self.victory_points),
            "victory_points[0]": self.victory_points[0],
            "victory_points[1]": self.victory_points[1],
        }
        for p in (0, 1):
            simple[f"players[{p}].hand"] = self.hands[p]
            simple[f"players[{p}].deck"] = self.decks[p]
            simple[f"players[{p}].discard"] = self.discards[p]
            simple[f"players[{p}].victory_zone"] = list(self.victory_zones[p])
        return simple[path]


@dataclass(frozen=True, slots=True)
class Outcome:
    outcome: str  # win | unfinished | escalate
    winner: int | None
    rules: tuple[str, ...]
    reason: str


class _Player:
    __slots__ = ("deck", "discard", "hand", "vp_adjust", "vz")

    def __init__(self, deck: list[str]) -> None:
        self.deck = deck  # top card last (pop() draws)
        self.hand: list[str] = []
        self.discard: list[str] = []
        self.vz: list[str] = []
        self.vp_adjust = 0


class _StopError(Exception):
    def __init__(self, outcome: Outcome) -> None:
        super().__init__(outcome.reason)
        self.outcome = outcome


def _illegal(key: str, message: str, *, round_no: int, path: str) -> IllegalInputError:
    found: ZtrikeRule = BY_KEY[key]
    return IllegalInputError(found, message, turn=round_no, step="", path=path)


class Game:
    """One replay. ``run()`` plays every round of the record and returns the outcome."""

    def __init__(self, record: ZtrikeRecord) -> None:
        self.record = record
        self.cards = record.cards
        self.profile = record.profile
        self.events: list[Event] = []
        self.rounds: list[RoundSnapshot] = []
        self.consulted: set[str] = set()
        self.round = 0
        self.illegal: IllegalInputError | None = None
        self.round_start = 0
        start = record.start
        if start is None:
            self.players = [_Player(list(reversed(deck))) for deck in record.decks]
            self.main = record.main_player
            self.first_round = 1
        else:
            self.players = []
            for p, snap in enumerate(start.players):
                player = _Player(list(reversed(snap.deck)))
                player.hand = list(snap.hand)
                player.vz = list(snap.victory_zone)
                player.discard = list(snap.discard)
                self.players.append(player)
                held = Counter((*snap.hand, *snap.deck, *snap.victory_zone, *snap.discard))
                if held != Counter(record.decks[p]):
                    raise _illegal(
                        "ztr.deck.size",
                        f"the snapshot of player {p} does not hold the 36 cards of their deck",
                        round_no=start.round,
                        path=f"start.players[{p}]",
                    )
            self.main = start.main_player
            self.first_round = start.round

    # -- helpers -----------------------------------------------------------------------------
    def choice(self, key: str) -> str:
        self.consulted.add(key)
        return self.profile.get(key)

    def emit(
        self,
        kind: str,
        rules: tuple[str, ...],
        player: int | None,
        before: Value = None,
        after: Value = None,
        params: tuple[tuple[str, Value], ...] = (),
        profile_keys: tuple[str, ...] = (),
    ) -> None:
        self.events.append(
            Event(self.round, kind, rules, player, before, after, params, profile_keys)
        )

    def vp(self, p: int) -> int:
        player = self.players[p]
        if self.profile.get("TA-02") == "COUNT":
            base = len(player.vz)
        else:
            base = sum(self.cards[c].victory_points for c in player.vz)
        if any(self.cards[c].victory_points != 1 for c in player.vz):
            self.consulted.add("TA-02")
        return max(0, base + player.vp_adjust)

    def refresh(self, p: int, order: tuple[str, ...] | None, path: str) -> None:
        player = self.players[p]
        if player.deck or not player.discard:
            return
        if order is None:
            new = list(player.discard)  # first discarded on top (the record gave no order)
        else:
            if Counter(order) != Counter(player.discard):
                raise _illegal(
                    "ztr.mat.dz",
                    "the refreshed deck must be the cards of the discard pile",
                    round_no=self.round,
                    path=path,
                )
            new = list(order)
        player.deck = list(reversed(new))
        player.discard = []
        self.emit(
            "deck_refreshed",
            ("ztr.mat.dz",),
            p,
            0,
            len(new),
            (("ordered", order is not None),),
            ("TA-08",),
        )

    def draw(self, p: int, count: int, rules: tuple[str, ...], rnd: RoundRecord, idx: int) -> None:
        player = self.players[p]
        path = f"rounds[{idx}].refresh[{p}]"
        drawn = 0
        before = len(player.hand)
        for _ in range(count):
            if not player.deck:
                if not player.discard:
                    self.consulted.add("TA-07")
                    if self.profile.get("TA-07") == "ESCALATE":
                        self.emit("draw", rules, p, before, len(player.hand), (("count", drawn),))
                        self.emit("cannot_draw", ("ztr.mat.dz",), p, profile_keys=("TA-07",))
                        raise _StopError(Outcome("escalate", None, ("ztr.mat.dz",), "cannot_draw"))
                    break
                self.refresh(p, rnd.refresh[p], path)
            player.hand.append(player.deck.pop())
            drawn += 1
            if not player.deck and player.discard and self.choice("TA-08") == "IMMEDIATE":
                self.refresh(p, rnd.refresh[p], path)
        self.emit("draw", rules, p, before, len(player.hand), (("count", drawn),))

    # -- the rounds --------------------------------------------------------------------------
    def run(self) -> Outcome:
        outcome = Outcome("unfinished", None, (), "rounds_ended")
        try:
            for idx, rnd in enumerate(self.record.rounds):
                self.round = self.first_round + idx
                result = self.play_round(idx, rnd)
                if result is not None:
                    outcome = result
                    break
        except _StopError as stop:
            outcome = stop.outcome
        except IllegalInputError as exc:
            self.illegal = exc
            outcome = Outcome("unfinished", None, (exc.rule.key,), "illegal_input")
        return outcome

    def play_round(self, idx: int, rnd: RoundRecord) -> Outcome | None:  # noqa: C901 - the pipeline reads in the rules' order
        main, other = self.main, 1 - self.main
        order = (main, other)
        first = self.round == 1 and self.record.start is None
        start_rules = ("ztr.prep#step4", "ztr.round.start") if first else ("ztr.round.start",)
        for p in order:
            need = HAND_SIZE - len(self.players[p].hand)
            if need > 0:
                self.draw(p, need, start_rules, rnd, idx)
        # Play Phase: each player plays one card from the hand to the Play Zone.
        played = list(rnd.play)
        for p in (0, 1):
            hand = self.players[p].hand
            if played[p] not in hand:
                raise _illegal(
                    "ztr.play.round",
                    f"{played[p]} is not in player {p}'s hand",
                    round_no=self.round,
                    path=f"rounds[{idx}].play[{p}]",
                )
            hand.remove(played[p])
        self.emit(
            "play",
            ("ztr.round.play", "ztr.play.round", "ztr.mat.pz"),
            None,
            None,
            (played[0], played[1]),
            profile_keys=("TA-01",),
        )
        cards = self.cards
        colour = [cards[played[0]].colour, cards[played[1]].colour]
        power = [cards[played[0]].power, cards[played[1]].power]
        in_play: list[str | None] = [played[0], played[1]]
        entries: dict[tuple[int, int], BonusEntry] = {}
        for entry in rnd.bonuses:
            card = cards[played[entry.player]]
            if entry.index >= len(card.bonuses):
                raise _illegal(
                    "ztr.bonus.empty",
                    f"{card.name} has no bonus number {entry.index}",
                    round_no=self.round,
                    path=f"{entry.path}.index",
                )
            entries[(entry.player, entry.index)] = entry
        state = _RoundState(colour, power, in_play, idx)
        # 1. Battle bonuses, the Main Player's first.
        replaced = False
        for p in order:
            card = cards[played[p]]
            for b, bonus in enumerate(card.bonuses):
                if bonus.when != "battle":
                    continue
                found = entries.get((p, b))
                if found is not None and found.apply is False:
                    self.emit(
                        "bonus_not_applied",
                        ("ztr.bonus.battle",),
                        p,
                        None,
                        None,
                        (("card", card.id), ("index", b)),
                    )
                    continue
                replaced |= self.apply_bonus(
                    p, card, b, bonus.effects, found, state, ("ztr.victor#s1", "ztr.bonus.battle")
                )
        if replaced:
            self.consulted.add("TA-09")
            if self.profile.get("TA-09") == "ESCALATE":
                self.emit("replaced_card", ("ztr.victor#s1",), None, profile_keys=("TA-09",))
                raise _StopError(Outcome("escalate", None, ("ztr.victor#s1",), "replaced_card"))
        for p in (0, 1):
            kept = min(10, max(0, state.power[p]))
            if kept != state.power[p]:
                self.emit("power_kept_in_range", ("ztr.power",), p, state.power[p], kept)
                state.power[p] = kept
        # 2. Colour weakness (a cycle), else 3. power; equal power is a tie.
        c0, c1 = state.colour
        winner: int | None
        rules: tuple[str, ...]
        if BEATS.get(c0) == c1:
            winner, decided_by, rules = 0, "weakness", WEAKNESS_RULES
        elif BEATS.get(c1) == c0:
            winner, decided_by, rules = 1, "weakness", WEAKNESS_RULES
        elif state.power[0] != state.power[1]:
            winner = 0 if state.power[0] > state.power[1] else 1
            decided_by, rules = "power", POWER_RULES
        else:
            winner, decided_by, rules = None, "tie", TIE_RULES
        no_weakness = "ztr.colors" if "generic" in (c0, c1) or "ztrike" in (c0, c1) else ""
        if decided_by != "weakness" and no_weakness:
            rules = (*rules, no_weakness)
        self.emit(
            "round_decided",
            rules,
            winner,
            None,
            winner,
            (
                ("decided_by", decided_by),
                ("colours", (c0, c1)),
                ("powers", (state.power[0], state.power[1])),
            ),
        )
        # 4. Win and Lose bonuses, or none after a tie; then the cards leave the Play Zone.
        if winner is None:
            for entry in rnd.bonuses:
                bonus = cards[played[entry.player]].bonuses[entry.index]
                if bonus.when != "battle" and entry.apply:
                    raise _illegal(
                        "ztr.victor#s9",
                        "no Win or Lose bonus applies after a tie",
                        round_no=self.round,
                        path=entry.path,
                    )
            self.emit("no_win_lose_bonuses", ("ztr.victor#s9",), None)
            for p in (0, 1):
                card_id = state.in_play[p]
                if card_id is not None:
                    self.players[p].discard.append(card_id)
                    self.emit("card_to_discard", ("ztr.victor#s7", "ztr.mat.dp"), p, None, card_id)
        else:
            loser = 1 - winner
            wanted = [
                e
                for e in rnd.bonuses
                if cards[played[e.player]].bonuses[e.index].when != "battle" and e.apply
            ]
            for entry in wanted:
                when = cards[played[entry.player]].bonuses[entry.index].when
                if when == "win" and entry.player != winner:
                    raise _illegal(
                        "ztr.bonus.win",
                        "a Win bonus applies only to the winner",
                        round_no=self.round,
                        path=entry.path,
                    )
                if when == "lose" and entry.player != loser:
                    raise _illegal(
                        "ztr.bonus.lose",
                        "a Lose bonus applies only to the loser",
                        round_no=self.round,
                        path=entry.path,
                    )
            if len({e.player for e in wanted}) > 1:
                self.consulted.add("TA-03")
            lead = winner if self.profile.get("TA-03") == "WINNER_FIRST" else main
            wanted.sort(key=lambda e: (e.player != lead, e.index))
            for entry in wanted:
                card = cards[played[entry.player]]
                bonus = card.bonuses[entry.index]
                key = "ztr.bonus.win" if bonus.when == "win" else "ztr.bonus.lose"
                self.apply_bonus(
                    entry.player,
                    card,
                    entry.index,
                    bonus.effects,
                    entry,
                    state,
                    ("ztr.victor#s8", key),
                )
            won, lost = state.in_play[winner], state.in_play[loser]
            if won is not None:
                self.players[winner].vz.append(won)
                self.emit(
                    "card_to_victory_zone",
                    ("ztr.victor#s10", "ztr.mat.vz"),
                    winner,
                    None,
                    won,
                    profile_keys=("TA-10",),
                )
            if lost is not None:
                self.players[loser].discard.append(lost)
                self.emit("card_to_discard", ("ztr.mat.dp",), loser, None, lost)
        for p in (0, 1):
            if (
                not self.players[p].deck
                and self.players[p].discard
                and self.choice("TA-08") == "IMMEDIATE"
            ):
                self.refresh(p, rnd.refresh[p], f"rounds[{idx}].refresh[{p}]")
        # 5. Victory Points.
        vps = (self.vp(0), self.vp(1))
        self.emit("victory_points", ("ztr.mat.vz",), None, None, vps, profile_keys=("TA-02",))
        outcome: Outcome | None = None
        over = [p for p in (0, 1) if vps[p] >= VICTORY]
        if len(over) == 1:
            outcome = Outcome("win", over[0], ("ztr.play.victory",), "victory_points")
        elif len(over) == 2:
            self.consulted.add("TA-04")
            if self.profile.get("TA-04") == "MORE_VP" and vps[0] != vps[1]:
                outcome = Outcome(
                    "win", 0 if vps[0] > vps[1] else 1, ("ztr.play.victory",), "victory_points"
                )
            else:
                outcome = Outcome("escalate", None, ("ztr.play.victory",), "both_over_20")
        if outcome is not None:
            self.emit(
                "game_over",
                outcome.rules,
                outcome.winner,
                None,
                outcome.outcome,
                profile_keys=("TA-04",) if len(over) == 2 else (),
            )
        else:
            # End Phase: the Main Player counter passes to the other player.
            self.emit("main_player_passes", ("ztr.round.end", "ztr.prep#step3"), other, main, other)
            self.main = other
        self.snapshot(main, decided_by, winner, vps)
        return outcome

    def snapshot(
        self, main: int, decided_by: str, winner: int | None, vps: tuple[int, int]
    ) -> None:
        events = tuple(self.events[self.round_start :])
        self.round_start = len(self.events)
        a, b = self.players
        self.rounds.append(
            RoundSnapshot(
                self.round,
                main,
                decided_by,
                winner,
                vps,
                (len(a.hand), len(b.hand)),
                (len(a.deck), len(b.deck)),
                (len(a.discard), len(b.discard)),
                (tuple(a.vz), tuple(b.vz)),
                events,
            )
        )

    # -- bonuses -----------------------------------------------------------------------------
    def apply_bonus(
        self,
        p: int,
        card: Card,
        index: int,
        effects: tuple[Effect, ...],
        entry: BonusEntry | None,
        state: _RoundState,
        rules: tuple[str, ...],
    ) -> bool:
        """Apply one bonus's effects; True if it replaced a card in the Play Zone (TA-09)."""
        self.emit("bonus", rules, p, None, None, (("card", card.id), ("index", index)))
        path = entry.path if entry is not None else f"rounds[{state.idx}].bonuses"
        replaced = False
        for k, effect in enumerate(effects):
            q = p if effect.target == "self" else 1 - p
            op = effect.op
            where = f"{path}.choices"
            if op in ("power_plus", "power_minus", "set_power"):
                before = state.power[q]
                if op == "power_plus":
                    state.power[q] = before + effect.amount
                elif op == "power_minus":
                    state.power[q] = before - effect.amount
                else:
                    state.power[q] = effect.amount
                self.emit("power", (*rules, "ztr.power"), q, before, state.power[q])
            elif op == "set_colour":
                before_c = state.colour[q]
                state.colour[q] = effect.colour
                self.emit("colour", rules, q, before_c, effect.colour)
            elif op in ("vp_plus", "vp_minus"):
                player = self.players[q]
                before = player.vp_adjust
                player.vp_adjust += effect.amount if op == "vp_plus" else -effect.amount
                self.emit("vp_adjust", rules, q, before, player.vp_adjust)
            elif op == "draw":
                rnd = self.record.rounds[state.idx]
                self.draw(q, effect.amount, rules, rnd, state.idx)
            elif op == "discard_from_hand":
                chosen = entry.choice("discard") if entry is not None else None
                hand = self.players[q].hand
                if not isinstance(chosen, list) or len(chosen) != effect.amount:
                    raise _illegal(
                        "ztr.other.precedence",
                        f"the bonus discards {effect.amount} card(s) from the hand: "
                        "choices.discard must name them",
                        round_no=self.round,
                        path=f"{where}.discard",
                    )
                for j, cid in enumerate(chosen):
                    if not isinstance(cid, str) or cid not in hand:
                        raise _illegal(
                            "ztr.other.precedence",
                            f"{cid} is not in the hand",
                            round_no=self.round,
                            path=f"{where}.discard[{j}]",
                        )
                    hand.remove(cid)
                    self.players[q].discard.append(cid)
                    self.emit("card_to_discard", (*rules, "ztr.mat.dp"), q, "hand", cid)
            elif op == "move_card":
                replaced |= self.move_card(q, effect, entry, state, rules, f"{where}.card")
            _ = k
        return replaced

    def move_card(
        self,
        q: int,
        effect: Effect,
        entry: BonusEntry | None,
        state: _RoundState,
        rules: tuple[str, ...],
        where: str,
    ) -> bool:
        player = self.players[q]
        src, dst = effect.from_zone, effect.to_zone
        chosen = entry.choice("card") if entry is not None else None
        if src == "play":
            card_id = state.in_play[q]
            if card_id is None:
                raise _illegal(
                    "ztr.other.precedence",
                    "the Play Zone is empty",
                    round_no=self.round,
                    path=where,
                )
            state.in_play[q] = None
        elif src == "deck":
            if not player.deck:
                raise _illegal(
                    "ztr.other.precedence", "the deck is empty", round_no=self.round, path=where
                )
            card_id = player.deck.pop()
        else:
            zone = {"hand": player.hand, "discard": player.discard, "victory_zone": player.vz}[src]
            if not isinstance(chosen, str) or chosen not in zone:
                raise _illegal(
                    "ztr.other.precedence",
                    f"choices.card must name a card in the {src.replace('_', ' ')}",
                    round_no=self.round,
                    path=where,
                )
            zone.remove(chosen)
            card_id = chosen
        replaced = False
        if dst == "play":
            old = state.in_play[q]
            if old is not None:
                player.discard.append(old)
                self.emit("card_to_discard", (*rules, "ztr.mat.dp"), q, "play", old)
                replaced = True
            state.in_play[q] = card_id
            state.colour[q] = self.cards[card_id].colour
            state.power[q] = self.cards[card_id].power
        elif dst == "deck":
            player.deck.append(card_id)
        else:
            {"hand": player.hand, "discard": player.discard, "victory_zone": player.vz}[dst].append(
                card_id
            )
        self.emit("move_card", (*rules, "ztr.other.precedence"), q, src, dst, (("card", card_id),))
        if src == "deck" and not player.deck and self.profile.get("TA-08") == "IMMEDIATE":
            rnd = self.record.rounds[state.idx]
            self.refresh(q, rnd.refresh[q], f"rounds[{state.idx}].refresh[{q}]")
        return replaced

    def zone_counts(self) -> list[int]:
        """Cards each player holds in every zone (conservation: 36 each, with the Play Zone)."""
        return [len(p.deck) + len(p.hand) + len(p.discard) + len(p.vz) for p in self.players]


@dataclass(slots=True)
class _RoundState:
    colour: list[str]
    power: list[int]
    in_play: list[str | None]
    idx: int
